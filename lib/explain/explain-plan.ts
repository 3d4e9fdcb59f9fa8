// A plan and a stack's construct map, explained resource by resource in the
// constructs' terms, sorted by construct path, then address.
import { escapeForLine } from '../core/server-text';
import { causesOf, actionsOf, CauseContext, driftActionsOf, replaceCause, TriggerRename } from './actions';
import { PlanMode } from './plan-mode';
import { ABSENT, ChangeSide, display, sensitiveMask } from '../core/change-side';
import { ConstructMap, formerConstructName, instanceKeyOf, withoutInstanceKey } from './construct-map';
import { ExplainedActionInvocation, ExplainedActionResource, ExplainedDeferredChange, ExplainedOutput, ExplainedResource } from './explained';
import { ExplainedFieldChange } from '../core/field-change';
import { explainOutputs } from './report';
import { byCodeUnit } from '../core/field-diff';
import { PlanActionInvocation, PlanChange, PlanJson, PlanResourceChange, PlanStateResource } from './plan-json';
import { DeclaredResource } from '../construct-descriptor';
import { declaredResourceOf, OTHER_KIND } from './resource-kind';

/** The explained changes and drift of a plan, what it defers and the actions it runs. */
export interface ExplainedPlan {
  readonly changes: ExplainedResource[];
  readonly drift: ExplainedResource[];
  readonly outputs: ExplainedOutput[];
  readonly deferred: ExplainedDeferredChange[];
  readonly actionInvocations: ExplainedActionInvocation[];
  /** Kinds folded into another of their construct when it changes (a name trigger into its profile): trigger kind → the kind it replaces. */
  readonly folds: ReadonlyMap<string, string>;
}

/**
 * Explains every managed resource of the plan (data sources are reads, not changes).
 *
 * @param mode the plan's mode, when known: a refresh-only plan lists no unchanged instance, so they come from its prior state
 */
export function explainPlan(plan: PlanJson, map: ConstructMap, mode?: PlanMode): ExplainedPlan {
  // Managed resources, and the data sources Terraform reads during apply (it shows them: "will be read during apply").
  const planned = plan.resourceChanges.filter((c) => c.mode === 'managed' || (c.mode === 'data' && c.change.actions.join() === 'read'));
  // A refresh-only plan lists a moved resource among the drift, unchanged: it is a move, not drift.
  const plannedAddresses = new Set(planned.map((c) => c.address));
  const isDrift = (c: PlanResourceChange) => !isNoOp(c);
  const movedOnly = plan.resourceDrift.filter((c) => c.mode === 'managed' && !isDrift(c) && c.previousAddress !== undefined && !plannedAddresses.has(c.address));
  for (const c of movedOnly) plannedAddresses.add(c.address);
  const unlisted = mode === PlanMode.REFRESH_ONLY ? plan.priorState.filter((r) => !plannedAddresses.has(r.address)).map(unchangedInstance) : [];
  const changes = [...planned, ...movedOnly, ...unlisted].map((c) => prepare(c, map));
  // The drift of each current object, for the causes of its change (a deletion outside Terraform, then a create).
  const driftOf = new Map(plan.resourceDrift.filter((c) => c.mode === 'managed' && isDrift(c) && c.deposed === undefined).map((c) => [c.address, c]));
  const context = (c: PlanResourceChange): CauseContext => ({ ...(driftOf.has(c.address) ? { drift: driftOf.get(c.address) } : {}), ...(mode === undefined ? {} : { mode }) });
  const deferred = plan.deferredChanges.filter((d) => d.resourceChange.mode === 'managed').map((d) => ({ reason: d.reason, prepared: prepare(d.resourceChange, map) }));
  const renames = triggerRenames([...changes, ...deferred.map((d) => d.prepared)]);
  const drift = plan.resourceDrift.filter((c) => c.mode === 'managed' && isDrift(c)).map((c) => prepare(c, map));
  const explained = sorted(changes.map((p) => explainChange(p, renames, context(p.change))));
  const explainedDeferred = deferred.map((d) => {
    const resource = explainChange(d.prepared, renames, context(d.prepared.change));
    return { reason: escapeForLine(d.reason), resource: { ...resource, causes: [deferralCause(d.reason), ...resource.causes] } };
  });
  const byResource = new Map(explainedDeferred.map((d) => [d.resource, d]));
  const order = sorted(explainedDeferred.map((d) => d.resource));
  return {
    changes: explained,
    drift: sorted(drift.map(explainDrift)),
    outputs: explainOutputs(plan.outputChanges),
    deferred: order.map((r) => byResource.get(r)!),
    actionInvocations: plan.actionInvocations.map((a) => explainAction(a, map, byAddress([...explained, ...order]))),
    folds: map.triggerKinds(),
  };
}

/**
 * Why Terraform defers a change, in words: jsonplan's DeferredReason* and
 * providers.DeferredReason's comments (hashicorp/terraform
 * internal/command/jsonplan/plan.go, internal/providers/provider.go, v1.16.0-rc2).
 */
const DEFERRAL_REASONS: { readonly [reason: string]: string } = {
  instance_count_unknown: 'its count or for_each is not known yet',
  resource_config_unknown: 'its configuration is not known yet',
  provider_config_unknown: "its provider's configuration is not known yet",
  absent_prereq: 'a resource it needs does not exist yet',
  deferred_prereq: 'a resource it needs is deferred too',
  unknown: 'Terraform gives no reason',
};

function deferralCause(reason: string): string {
  const said = Object.prototype.hasOwnProperty.call(DEFERRAL_REASONS, reason) ? DEFERRAL_REASONS[reason] : undefined;
  return `deferred to a later plan: ${said ?? 'for a reason this version of explain does not know'} (${escapeForLine(reason)})`;
}

/** Terraform's action trigger events (configs.ActionTriggerEvent, v1.16.0-rc2), in words. */
const EVENTS: { readonly [event: string]: string } = {
  BeforeCreate: 'before create',
  AfterCreate: 'after create',
  BeforeUpdate: 'before update',
  AfterUpdate: 'after update',
  BeforeDestroy: 'before destroy',
  AfterDestroy: 'after destroy',
};

// The explained resources by address (a deposed object's entry after the current one's: the first is kept).
function byAddress(resources: readonly ExplainedResource[]): ReadonlyMap<string, ExplainedResource> {
  const out = new Map<string, ExplainedResource>();
  for (const r of resources) if (!out.has(r.address)) out.set(r.address, r);
  return out;
}

function explainAction(action: PlanActionInvocation, map: ConstructMap, resources: ReadonlyMap<string, ExplainedResource>): ExplainedActionInvocation {
  const address = action.lifecycle?.triggeringResourceAddress ?? action.invoke?.callingResourceAddress;
  const event = action.lifecycle?.event;
  const when = event === undefined ? 'invoked with -invoke' : Object.prototype.hasOwnProperty.call(EVENTS, event) ? EVENTS[event] : escapeForLine(event);
  return {
    address: escapeForLine(action.address, false),
    type: escapeForLine(action.type),
    trigger: action.lifecycle !== undefined ? 'lifecycle' : 'invoke',
    ...(event === undefined ? {} : { event: escapeForLine(event) }),
    when,
    ...(address === undefined ? {} : { resource: actionResource(address, map, resources) }),
    ...(action.lifecycle?.onFailure === undefined ? {} : { onFailure: escapeForLine(action.lifecycle.onFailure) }),
    ...(action.deferredReason === undefined ? {} : { deferredReason: escapeForLine(action.deferredReason) }),
  };
}

// The resource as the plan's changes explain it; one the plan leaves unchanged and unlisted, from the stack alone.
function actionResource(address: string, map: ConstructMap, resources: ReadonlyMap<string, ExplainedResource>): ExplainedActionResource {
  const shown = escapeForLine(address, false);
  const explained = resources.get(shown);
  if (explained !== undefined) return { address: shown, ...(explained.constructPath === undefined ? {} : { constructPath: explained.constructPath }), kind: explained.kind };
  const origin = map.originOf(address);
  const declared = origin === undefined ? undefined : declaredResourceOf(map.descriptors, typeOf(address), address, origin, ABSENT, ABSENT, false);
  return declared === undefined ? { address: shown, kind: OTHER_KIND } : { address: shown, constructPath: escapeForLine(origin!.constructPath), kind: declared.kind };
}

// `module.m.aws_x.name["k"]` → `aws_x`.
function typeOf(address: string): string {
  const parts = withoutInstanceKey(address).split('.');
  return parts.length >= 2 ? parts[parts.length - 2] : '';
}

interface Prepared {
  readonly change: PlanResourceChange;
  readonly constructPath?: string;
  readonly constructClass?: string;
  readonly source?: string;
  readonly kind: string;
  /** What the resource is to its construct; undefined for another's. */
  readonly declared?: DeclaredResource;
  readonly before: ChangeSide;
  readonly after: ChangeSide;
}

function prepare(change: PlanResourceChange, map: ConstructMap): Prepared {
  const { before, after } = sidesOf(change.change);
  const origin = map.originOf(change.address);
  const actions = change.change.actions;
  // A resource the stack declares but no construct of this library made is another's, whatever its type and name.
  const leaving = map.isDeclaredByOthers(change.address) ? false : actions.includes('delete') && !actions.includes('create') ? true : actions.length === 1 && actions[0] === 'forget';
  const declared = declaredResourceOf(map.descriptors, change.type, change.address, origin, before, after, leaving);
  // Only these constructs' resources have a construct path (not a node-list-shaped construct's ConfigMap manifest).
  const ours = declared !== undefined;
  return {
    change,
    constructPath: ours ? origin?.constructPath : undefined,
    constructClass: ours ? origin?.constructClass : undefined,
    source: ours ? origin?.source : undefined,
    kind: declared?.kind ?? OTHER_KIND,
    declared,
    before,
    after,
  };
}

function sidesOf(c: PlanChange): { before: ChangeSide; after: ChangeSide } {
  return {
    // The masks are read against their values, failing closed: a mask of an unexpected shape conceals the value.
    before: c.before === null ? ABSENT : { value: c.before, unknown: false, sensitive: sensitiveMask(c.before, c.beforeSensitive) },
    after: c.after === null && c.afterUnknown !== true ? ABSENT : { value: c.after, unknown: c.afterUnknown, sensitive: sensitiveMask(c.after, c.afterSensitive) },
  };
}

// Construct path + the kind a trigger replaces + instance key → the replaced trigger's old and new value.
function triggerRenames(prepared: readonly Prepared[]): Map<string, TriggerRename> {
  const out = new Map<string, TriggerRename>();
  for (const p of prepared) {
    const carried = p.declared?.triggers;
    if (carried === undefined || p.constructPath === undefined) continue;
    const actions = p.change.change.actions.join();
    if (actions !== 'delete,create' && actions !== 'create,delete') continue;
    out.set(`${p.constructPath}\u0000${carried.kind}\u0000${instanceKeyOf(p.change.address)}`, {
      before: display(carried.value(p.change.type, p.before)),
      after: display(carried.value(p.change.type, p.after)),
      triggerCause: replaceCause(p.change, carried.prop, undefined),
    });
  }
  return out;
}

// An instance of a refresh-only plan's prior state that the plan leaves as it is: a no-op, as a normal plan lists it.
function unchangedInstance(r: PlanStateResource): PlanResourceChange {
  return {
    address: r.address,
    type: r.type,
    mode: 'managed',
    change: { actions: ['no-op'], before: r.values, after: r.values, afterUnknown: false, beforeSensitive: r.sensitiveValues, afterSensitive: r.sensitiveValues, replacePaths: [], importingId: undefined },
  };
}

function explainChange(p: Prepared, renames: ReadonlyMap<string, TriggerRename>, context: CauseContext): ExplainedResource {
  const rename = p.constructPath !== undefined ? renames.get(`${p.constructPath}\u0000${p.kind}\u0000${instanceKeyOf(p.change.address)}`) : undefined;
  const actions = actionsOf(p.change);
  // A delete or a removal from state changes no field of the construct: the whole resource goes.
  // No-op: Terraform found nothing to change (an import's state already matches), so no field changes.
  const noFields = actions.includes('delete') || actions.includes('remove from state') || isNoOp(p.change);
  const fields = noFields ? [] : fieldChanges(p);
  return resource(p, actions, causesOf(p.change, p.declared?.triggers?.prop, rename, context), fields);
}

function isNoOp(change: PlanResourceChange): boolean {
  return change.change.actions.length === 1 && change.change.actions[0] === 'no-op';
}

function explainDrift(p: Prepared): ExplainedResource {
  const actions = driftActionsOf(p.change);
  return resource(p, actions, ['changed outside Terraform'], actions[0] === 'deleted outside Terraform' ? [] : fieldChanges(p));
}

function resource(p: Prepared, actions: string[], causes: string[], fields: ExplainedFieldChange[]): ExplainedResource {
  const node = p.declared?.itemName?.(p.change.type, p.before, p.after);
  const moved = p.change.previousAddress !== undefined && p.change.previousAddress !== p.change.address;
  return {
    // Terraform's addresses quote their keys with its own escapes: only what would break the line is escaped.
    address: escapeForLine(p.change.address, false),
    ...(p.constructPath === undefined ? {} : { constructPath: escapeForLine(p.constructPath) }),
    ...(p.constructClass === undefined ? {} : { constructClass: escapeForLine(p.constructClass) }),
    ...(p.source === undefined ? {} : { source: escapeForLine(p.source) }),
    kind: p.kind,
    ...(node === undefined ? {} : { node: escapeForLine(node) }),
    actions,
    causes,
    terraformActions: [...p.change.change.actions],
    ...(moved ? { previousAddress: escapeForLine(p.change.previousAddress!, false) } : {}),
    ...(p.change.deposed === undefined ? {} : { deposed: escapeForLine(p.change.deposed) }),
    fields: fields.map(escapedKey),
  };
}

// Keys come from the plan: one line each, whatever they hold.
function escapedKey(change: ExplainedFieldChange): ExplainedFieldChange {
  return change.key === undefined ? { ...change, field: escapeForLine(change.field) } : { ...change, field: escapeForLine(change.field), key: escapeForLine(change.key) };
}

function fieldChanges(p: Prepared): ExplainedFieldChange[] {
  // Resources these constructs did not make are listed with Terraform's action only.
  return p.declared?.fieldChanges(p.change.type, p.before, p.after) ?? [];
}

function sorted(resources: ExplainedResource[]): ExplainedResource[] {
  // Construct resources first, by construct path then address; then the others by address.
  return resources.sort((a, b) => {
    const ours = (r: ExplainedResource) => (r.kind === OTHER_KIND ? 1 : 0);
    // Resources no longer in the configuration come after, grouped by the construct their name tells; the others have no construct.
    const path = (r: ExplainedResource) => (r.kind === OTHER_KIND ? '' : r.constructPath ?? `\uffff${formerConstructName(r.address)}`);
    return ours(a) - ours(b) || byCodeUnit(path(a), path(b)) || byCodeUnit(a.address, b.address);
  });
}
