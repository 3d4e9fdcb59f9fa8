// What happens to a resource, in words, and why: Terraform's actions and
// reasons, its import, move and removal markers, read back into the actions a
// reviewer asks about (create, update, replace, delete, import, move, remove
// from state, no-op) and one sentence per cause.
import { describeValue } from '../core/received-value';
import { KNOWN_AFTER_APPLY } from '../core/change-side';
import { escapeForLine } from '../core/server-text';
import { propName } from '../core/field-diff';
import { PlanResourceChange } from './plan-json';
import { PlanMode } from './plan-mode';

/** What else the plan says about a resource: its drift, and the plan's mode. */
export interface CauseContext {
  /** The resource's entry in `resource_drift`, when the refresh found it changed or deleted outside Terraform. */
  readonly drift?: PlanResourceChange;
  /** The plan's mode, when known. */
  readonly mode?: PlanMode;
}

/** The actions of a resource change, in the order they happen. */
export function actionsOf(change: PlanResourceChange): string[] {
  const out: string[] = [];
  if (change.change.importingId !== undefined) out.push('import');
  if (change.previousAddress !== undefined && change.previousAddress !== change.address) out.push('move');
  const main = mainAction(change.change.actions);
  if (main !== 'no-op' || out.length === 0) out.push(main);
  return out;
}

/**
 * A replacement whose old object is forgotten, not destroyed (`["create","forget"]`:
 * the resource has `lifecycle { destroy = false }`). Terraform calls it a
 * replace; the --fail-on replace gate matches it, the delete gate does not.
 */
export const REPLACE_WITHOUT_DESTROY = 'replace without destroy';

// The plan reader admits only Terraform's action lists (plan-json.ts TERRAFORM_ACTION_LISTS).
function mainAction(actions: readonly string[]): string {
  switch (actions.join(',')) {
    case 'delete,create':
    case 'create,delete':
      return 'replace';
    case 'create,forget':
      return REPLACE_WITHOUT_DESTROY;
    case 'forget':
      return 'remove from state';
    default:
      return actions[0];
  }
}

/** A profile's name trigger replaced in the same plan: its name before and after, as shown, and why it is replaced. */
export interface TriggerRename {
  readonly before: string;
  readonly after: string;
  /** The trigger's own cause of replacement (a rename, `-replace`, taint, …). */
  readonly triggerCause: string;
}

/**
 * The causes of a change, one sentence each.
 *
 * @param rename for a profile replaced by its trigger: the trigger's old and new name
 */
export function causesOf(change: PlanResourceChange, carriedProp: string | undefined, rename: TriggerRename | undefined, context: CauseContext = {}): string[] {
  const out: string[] = [];
  const c = change.change;
  const drift = change.deposed === undefined ? context.drift : undefined;
  const deletedOutside = drift !== undefined && drift.change.after === null;
  if (c.importingId !== undefined) out.push(`import block (${importTarget(c)})`);
  // Terraform's words: "(moved from X)". A moved block, or Terraform's own move when count or for_each is added or removed.
  if (change.previousAddress !== undefined && change.previousAddress !== change.address) out.push(`moved from ${escapeForLine(change.previousAddress, false)}`);
  const main = mainAction(c.actions);
  switch (main) {
    case 'remove from state':
      out.push(
        change.deposed !== undefined
          ? `deposed object ${escapeForLine(change.deposed)} forgotten, not destroyed (left over from a partially-failed replacement; destroy = false)`
          : 'removed block with destroy = false (the resource is kept; Terraform forgets it)',
      );
      break;
    case 'replace':
      if (drift !== undefined && !deletedOutside) out.push(CHANGED_OUTSIDE);
      out.push(replaceCause(change, carriedProp, rename));
      // Terraform's own warning for an import the replacement undoes.
      if (c.importingId !== undefined) out.push('the replacement destroys the imported object');
      break;
    case REPLACE_WITHOUT_DESTROY:
      // Terraform's own words for plans.CreateThenForget.
      out.push(`${replaceCause(change, carriedProp, rename)}; the existing object will not be destroyed (destroy = false is set in the configuration): Terraform forgets it`);
      break;
    case 'delete':
      out.push(
        change.deposed !== undefined
          ? `deposed object ${escapeForLine(change.deposed)} destroyed (an old object create_before_destroy left behind, not the current one)`
          : (change.actionReason ?? '') === '' && context.mode === PlanMode.DESTROY
            ? 'destroy plan: every object is destroyed (terraform destroy, or plan -destroy)'
            : reasonText(DELETE_REASONS, change.actionReason) ?? 'deleted by the plan',
      );
      break;
    case 'create':
      // Terraform shows the drift ("has been deleted") and then the create: the object is made again, not added.
      out.push(deletedOutside ? 'deleted outside Terraform, created again' : 'new in the configuration');
      break;
    case 'update':
      if (c.importingId !== undefined) out.push('the configuration differs from what is imported');
      else if (drift !== undefined && !deletedOutside && putsBack(change, drift)) out.push('changed outside Terraform, updated back to the configuration');
      else if (drift !== undefined && !deletedOutside) out.push(CHANGED_OUTSIDE, 'the configuration differs from the state');
      else out.push('the configuration differs from the state');
      break;
    case 'no-op':
      if (out.length === 0) out.push('no change');
      break;
    default:
      // read: a data source's or a deferred resource's read.
      out.push(
        `Terraform plans ${escapeForLine(c.actions.join(' and '))}${change.deposed === undefined ? '' : ` for deposed object ${escapeForLine(change.deposed)}`}${
          reasonText(READ_REASONS, change.actionReason) === undefined ? '' : ` (${reasonText(READ_REASONS, change.actionReason)})`
        }`,
      );
  }
  return out;
}

const CHANGED_OUTSIDE = 'changed outside Terraform';

// A reason's words, own keys only (a reason is plan text: `constructor` is not one).
function reasonText(table: { readonly [reason: string]: string }, reason: string | undefined): string | undefined {
  return reason !== undefined && Object.prototype.hasOwnProperty.call(table, reason) ? table[reason] : undefined;
}

/** Terraform's words for a read's reason (jsonformat/plan.go resourceChangeComment, v1.11.4). */
const READ_REASONS: { readonly [reason: string]: string } = {
  read_because_config_unknown: 'its configuration refers to values not yet known',
  read_because_dependency_pending: 'it depends on a resource or a module with changes pending',
  read_because_check_nested: 'a check block reads it again',
};

// The update sets back what the refresh found changed: its after is the drift's before, wherever the after is known.
function putsBack(change: PlanResourceChange, drift: PlanResourceChange): boolean {
  return sameWhereKnown(drift.change.before, change.change.after, change.change.afterUnknown);
}

function sameWhereKnown(before: unknown, after: unknown, unknown: unknown): boolean {
  if (unknown === true) return true;
  if (Array.isArray(before) && Array.isArray(after)) {
    return before.length === after.length && before.every((b, i) => sameWhereKnown(b, after[i], Array.isArray(unknown) ? unknown[i] : false));
  }
  if (before !== null && after !== null && typeof before === 'object' && typeof after === 'object' && !Array.isArray(before) && !Array.isArray(after)) {
    const b = before as { [key: string]: unknown };
    const a = after as { [key: string]: unknown };
    const u = unknown !== null && typeof unknown === 'object' ? (unknown as { [key: string]: unknown }) : {};
    const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
    return [...keys].every((k) => sameWhereKnown(b[k] ?? null, a[k] ?? null, Object.prototype.hasOwnProperty.call(u, k) ? u[k] : false));
  }
  return before === after;
}

const DELETE_REASONS: { readonly [reason: string]: string } = {
  delete_because_no_resource_config: 'no longer in the configuration',
  delete_because_wrong_repetition: 'its instance no longer matches the for_each or count',
  delete_because_count_index: 'its index is no longer within count',
  delete_because_each_key: 'its key is no longer in for_each',
  delete_because_no_module: 'its module is no longer in the configuration',
  delete_because_no_move_target: 'the target of its moved block is not in the configuration',
};

// What the import block names: its id, "(known after apply)" when Terraform does not know it yet, or the identity.
function importTarget(c: PlanResourceChange['change']): string {
  if (c.importingUnknown === true) return `id ${KNOWN_AFTER_APPLY}`;
  if (c.importingIdentity !== undefined && (c.importingId ?? '') === '') return `identity ${describeValue(c.importingIdentity)}`;
  return `id ${describeValue(c.importingId)}`;
}

/** Why Terraform replaces the resource, in one sentence. */
export function replaceCause(change: PlanResourceChange, carriedProp: string | undefined, rename: TriggerRename | undefined): string {
  switch (change.actionReason) {
    case 'replace_by_triggers':
      // A rename only when the name differs: the trigger may be replaced for another reason (-replace, taint).
      if (rename !== undefined && rename.before !== rename.after) return `renamed through the replace trigger: ${rename.before} → ${rename.after}`;
      if (rename !== undefined) return `replace_triggered_by: its name trigger is replaced (${rename.triggerCause}); the name is unchanged`;
      return 'replace_triggered_by: a resource it names is replaced or changed';
    case 'replace_because_cannot_update':
      return `${forcingProps(change, carriedProp).join(', ') || 'an attribute'} cannot change in place (forces replacement)`;
    case 'replace_because_tainted':
      return 'tainted in state (a failed create, or terraform taint)';
    case 'replace_by_request':
      return 'replacement requested (-replace)';
    default:
      return 'Terraform plans a replacement';
  }
}

// replace_paths as prop names: a trigger's attribute is the prop it carries (a profile's name); a manifest's path is the manifest's.
function forcingProps(change: PlanResourceChange, carriedProp: string | undefined): string[] {
  const names = change.change.replacePaths.map((path) => {
    if (carriedProp !== undefined) return carriedProp;
    if (path[0] === 'manifest' && path.length > 1) return path.slice(1).join('.');
    return propName(String(path[0]));
  });
  return [...new Set(names.map((n) => escapeForLine(n)))];
}

/** The drift actions of a resource changed outside Terraform. */
export function driftActionsOf(change: PlanResourceChange): string[] {
  return [change.change.after === null ? 'deleted outside Terraform' : 'changed outside Terraform'];
}
