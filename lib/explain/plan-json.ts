// The part of Terraform's plan JSON (`terraform show -json <plan>`, format 1.x)
// that `explain` reads, checked as it is read: a plan of another shape gives
// one ValidationError naming each JSON path that is wrong, never a TypeError.
import { isPlainObject } from '../core/plain-object';
import { Problems } from '../core/problems';
import { ValidationError } from '../core/validation-error';
import { MAX_PLAN_NESTING, tooDeepAt } from '../core/nesting';

/** What the error of an unreadable plan names as its construct path. */
export const PLAN_ERROR_PATH = 'plan';

/** Terraform's actions, as `change.actions` spells them. */
export type TerraformAction = 'no-op' | 'create' | 'read' | 'update' | 'delete' | 'forget';

/**
 * The only action lists Terraform writes: hashicorp/terraform
 * internal/command/jsonplan/plan.go, `type Change`, the comment on `Actions`
 * ("Valid actions values are: ..."). Any other list (`["update","delete"]`,
 * `["forget","create"]`) is refused rather than explained: a gate could miss it.
 */
export const TERRAFORM_ACTION_LISTS: readonly (readonly TerraformAction[])[] = [
  ['no-op'],
  ['create'],
  ['read'],
  ['update'],
  ['delete', 'create'],
  ['create', 'delete'],
  ['delete'],
  ['forget'],
  ['create', 'forget'],
];
const ACTION_LISTS = new Set(TERRAFORM_ACTION_LISTS.map((list) => JSON.stringify(list)));

/** One `change` object: before and after, with their masks of unknown and sensitive values. */
export interface PlanChange {
  readonly actions: readonly TerraformAction[];
  readonly before: unknown;
  readonly after: unknown;
  /** Mirrors `after`: `true` where a value is known only after apply. */
  readonly afterUnknown: unknown;
  /** Mirror `before` / `after`: `true` where a value is sensitive. */
  readonly beforeSensitive: unknown;
  readonly afterSensitive: unknown;
  /** Attribute paths (names and indexes) that force the replacement. */
  readonly replacePaths: readonly (readonly (string | number)[])[];
  /** Set when an import block brings the resource into state: its id ('' when given by identity or unknown). */
  readonly importingId?: string;
  /** The import id is known only at apply (jsonplan `Importing.Unknown`). */
  readonly importingUnknown?: boolean;
  /** The import's identity, when the import block gives one instead of an id (Terraform 1.12+). */
  readonly importingIdentity?: unknown;
  /** The resource's identity before and after (Terraform 1.12+ `before_identity` / `after_identity`): read, not reported. */
  readonly beforeIdentity?: { readonly [key: string]: unknown };
  readonly afterIdentity?: { readonly [key: string]: unknown };
}

/** One entry of `resource_changes` or `resource_drift`. */
export interface PlanResourceChange {
  readonly address: string;
  /** `managed` or `data`. */
  readonly mode: string;
  readonly type: string;
  /** Set when a moved block gives the resource a new address. */
  readonly previousAddress?: string;
  /** Set when the change is to a deposed object of the instance (one create_before_destroy left), not its current one. */
  readonly deposed?: string;
  readonly actionReason?: string;
  readonly change: PlanChange;
}

/** One entry of `output_changes`: the root module's output `name` and its change. */
export interface PlanOutputChange {
  readonly name: string;
  readonly change: PlanChange;
}

/**
 * One entry of `deferred_changes` (Terraform 1.9+; jsonplan `DeferredResourceChange`
 * in internal/command/jsonplan/resource.go, v1.16.0-rc2): a change Terraform
 * leaves to a later plan, and why.
 */
export interface PlanDeferredChange {
  /** jsonplan's DeferredReason*: unknown, instance_count_unknown, resource_config_unknown, provider_config_unknown, deferred_prereq, absent_prereq (or a newer one). */
  readonly reason: string;
  readonly resourceChange: PlanResourceChange;
}

/**
 * One entry of `action_invocations` or `deferred_action_invocations` (Terraform
 * 1.14+ `action` blocks; jsonplan `ActionInvocation` in
 * internal/command/jsonplan/action_invocations.go, v1.16.0-rc2). Its config
 * values are read as values, never shown: they may be sensitive.
 */
export interface PlanActionInvocation {
  /** The action's absolute address: `action.<type>.<name>`, with module and instance key. */
  readonly address: string;
  readonly type: string;
  readonly name?: string;
  readonly providerName?: string;
  /** Set for an action triggered by a resource's lifecycle (`action_trigger` block). */
  readonly lifecycle?: {
    readonly triggeringResourceAddress: string;
    /** BeforeCreate, AfterCreate, BeforeUpdate, AfterUpdate, BeforeDestroy, AfterDestroy (configs.ActionTriggerEvent). */
    readonly event: string;
    readonly actionTriggerBlockIndex: number;
    readonly actionsListIndex: number;
    /** ActionOnFailureHalt, …Taint, …Continue (Terraform 1.16+). */
    readonly onFailure?: string;
  };
  /** Set for an action invoked with `terraform plan -invoke`: the resource filling its caller object, if any (1.16+). */
  readonly invoke?: { readonly callingResourceAddress?: string };
  /** Set for an entry of `deferred_action_invocations`: why it waits for a later plan. */
  readonly deferredReason?: string;
}

/** The plan, as read. */
export interface PlanJson {
  readonly resourceChanges: readonly PlanResourceChange[];
  readonly resourceDrift: readonly PlanResourceChange[];
  /** The root module's outputs (jsonplan `OutputChanges`: a map of name to change), in name order. */
  readonly outputChanges: readonly PlanOutputChange[];
  readonly deferredChanges: readonly PlanDeferredChange[];
  /** `action_invocations`, then `deferred_action_invocations`. */
  readonly actionInvocations: readonly PlanActionInvocation[];
  /** Top-level keys of the plan that explain does not know (a Terraform newer than it), in the plan's order. */
  readonly unknownKeys: readonly string[];
  /** The Terraform version that made the plan (`terraform_version`), when given. */
  readonly terraformVersion?: string;
  /** False for a plan Terraform says is not complete (`complete`, 1.8+: a `-target` plan, deferred changes); undefined when not written. */
  readonly complete?: boolean;
  /** True when planning failed (`errored`, Terraform 1.6+): Terraform shows what it planned before the error. */
  readonly errored: boolean;
  /** The managed resource instances of the state the plan starts from (`prior_state`), in its order. */
  readonly priorState: readonly PlanStateResource[];
}

/** A managed resource instance of the plan's prior state (jsonstate `Resource`). */
export interface PlanStateResource {
  readonly address: string;
  readonly type: string;
  /** Its attributes as the state holds them. */
  readonly values: unknown;
  /** Which of them are sensitive (jsonstate `sensitive_values`). */
  readonly sensitiveValues: unknown;
}

/**
 * Every top-level key of the plan's JSON: hashicorp/terraform
 * internal/command/jsonplan/plan.go, `type plan struct`, v1.16.0-rc2 (the same
 * since v1.14.0). A key not among them is named in a warning, not dropped
 * silently: it may hold changes this version of explain cannot report.
 */
export const PLAN_KEYS: readonly string[] = [
  'format_version',
  'terraform_version',
  'variables',
  'planned_values',
  'resource_drift',
  'resource_changes',
  'deferred_changes',
  'deferred_action_invocations',
  'output_changes',
  'action_invocations',
  'prior_state',
  'configuration',
  'relevant_attributes',
  'checks',
  'timestamp',
  'applyable',
  'complete',
  'errored',
];
const KNOWN_KEYS = new Set(PLAN_KEYS);

/**
 * Reads a plan from its JSON text (or the parsed value).
 *
 * @throws ValidationError naming every JSON path of the wrong shape
 */
export function readPlanJson(input: string | unknown): PlanJson {
  let root: unknown = input;
  if (typeof input === 'string') {
    try {
      root = JSON.parse(input);
    } catch (e) {
      const at = /position (\d+)/.exec((e as Error).message);
      throw new ValidationError(PLAN_ERROR_PATH, [
        { path: PLAN_ERROR_PATH, received: `text of ${input.length} characters that is not JSON${at ? ` (at position ${at[1]})` : ''}`, allowed: 'the output of `terraform show -json PLANFILE`' },
      ]);
    }
  }
  const problems = new Problems();
  if (!isPlainObject(root)) {
    problems.add(PLAN_ERROR_PATH, root, 'an object: the output of `terraform show -json PLANFILE`');
    problems.throwIfAnyAt(PLAN_ERROR_PATH);
  }
  const deep = tooDeepAt(root);
  if (deep !== undefined) {
    // Refused before any walk: the explanation's walks recurse (a RangeError, no path, at a few thousand levels).
    const at = [PLAN_ERROR_PATH, ...deep.path.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
    problems.addConcealed(at, deep.value, `values nested at most ${MAX_PLAN_NESTING} levels deep`);
    problems.throwIfAnyAt(PLAN_ERROR_PATH);
  }
  const plan = root as { [key: string]: unknown };
  checkPlanKeys(plan, problems);
  const read: PlanJson = {
    resourceChanges: readChanges(plan.resource_changes, `${PLAN_ERROR_PATH}/resource_changes`, problems),
    resourceDrift: readChanges(plan.resource_drift, `${PLAN_ERROR_PATH}/resource_drift`, problems),
    outputChanges: readOutputChanges(plan.output_changes, `${PLAN_ERROR_PATH}/output_changes`, problems),
    deferredChanges: readDeferredChanges(plan.deferred_changes, `${PLAN_ERROR_PATH}/deferred_changes`, problems),
    actionInvocations: [
      ...readList(plan.action_invocations, `${PLAN_ERROR_PATH}/action_invocations`, problems, 'a list of action invocations', (v, at) => readActionInvocation(v, at, problems)),
      ...readList(plan.deferred_action_invocations, `${PLAN_ERROR_PATH}/deferred_action_invocations`, problems, 'a list of deferred action invocations', (v, at) => readDeferredAction(v, at, problems)),
    ],
    unknownKeys: Object.keys(plan).filter((k) => !KNOWN_KEYS.has(k)),
    ...(typeof plan.terraform_version === 'string' ? { terraformVersion: plan.terraform_version } : {}),
    ...(typeof plan.complete === 'boolean' ? { complete: plan.complete } : {}),
    errored: plan.errored === true,
    priorState: readPriorState(plan.prior_state, `${PLAN_ERROR_PATH}/prior_state`, problems),
  };
  problems.throwIfAnyAt(PLAN_ERROR_PATH);
  return read;
}

/**
 * The keys Terraform writes in every plan's JSON, whatever the plan holds.
 * hashicorp/terraform internal/command/jsonplan/plan.go, `type plan struct`
 * and `func Marshal` (read at tags v1.11.4 and v1.16.0-rc2, the newest 1.16
 * tag the index holds; the struct is the same since v1.14.0): `newPlan()` sets
 * format_version ("1.2" since Terraform 1.3); Marshal sets terraform_version
 * (`version.String()`), planned_values (a struct, which `omitempty` never
 * omits) and configuration (`jsonconfig.Marshal`, never empty). The keys
 * holding lists and maps (resource_changes, resource_drift, output_changes,
 * prior_state, …) are `omitempty`: absent when empty.
 */
export const ALWAYS_WRITTEN_KEYS = ['format_version', 'terraform_version', 'planned_values', 'configuration'] as const;

/**
 * Keys without `omitempty` in the same struct, so written by every plan of the
 * Terraform versions that have them: errored since v1.6.0, applyable and
 * complete since v1.8.0 (plan.go at those tags).
 */
const WRITTEN_SINCE: readonly { readonly key: string; readonly minor: number }[] = [
  { key: 'applyable', minor: 8 },
  { key: 'complete', minor: 8 },
  { key: 'errored', minor: 6 },
];

/**
 * The keys of `terraform show -json` of a state (hashicorp/terraform
 * internal/command/jsonstate/state.go, `type state struct`, v1.11.4:
 * format_version "1.0", terraform_version, values, checks) and of a state file
 * itself (terraform.tfstate: version, serial, lineage, resources, …).
 */
const STATE_KEYS = new Set(['format_version', 'terraform_version', 'values', 'checks']);

// Refuses what is not a plan's JSON: a state, `{"hello":"world"}`, a plan of another format.
function checkPlanKeys(plan: { [key: string]: unknown }, problems: Problems): void {
  const version = plan.format_version;
  if (version !== undefined && typeof version !== 'string') {
    problems.add(`${PLAN_ERROR_PATH}/format_version`, version, 'a string such as "1.2"');
  } else if (typeof version === 'string' && !/^1\.\d+$/.test(version)) {
    problems.add(`${PLAN_ERROR_PATH}/format_version`, version, 'a plan JSON format 1.x (Terraform 1.x; format 2.0 or later is not read)');
  }
  const terraformVersion = plan.terraform_version;
  if (terraformVersion !== undefined && typeof terraformVersion !== 'string') problems.add(`${PLAN_ERROR_PATH}/terraform_version`, terraformVersion, 'a string such as "1.11.4"');
  for (const key of ['planned_values', 'configuration']) {
    if (plan[key] !== undefined && !isPlainObject(plan[key])) problems.addConcealed(`${PLAN_ERROR_PATH}/${key}`, plan[key], 'an object');
  }
  const minor = typeof terraformVersion === 'string' ? /^1\.(\d+)\./.exec(terraformVersion)?.[1] : undefined;
  const since = WRITTEN_SINCE.filter((w) => minor !== undefined && Number(minor) >= w.minor);
  for (const { key } of WRITTEN_SINCE) {
    if (plan[key] !== undefined && typeof plan[key] !== 'boolean') problems.add(`${PLAN_ERROR_PATH}/${key}`, plan[key], 'true or false');
  }
  const missing = [...ALWAYS_WRITTEN_KEYS, ...since.map((w) => w.key)].filter((key) => plan[key] === undefined);
  if (missing.length === 0) return;
  const state = looksLikeState(plan);
  problems.addReceived(
    PLAN_ERROR_PATH,
    `an object without ${listed(missing)}${state === undefined ? '' : `: this looks like a state, not a plan (${state})`}`,
    `the output of \`terraform show -json PLANFILE\`: every plan has format_version, terraform_version, planned_values and configuration (and applyable, complete and errored since Terraform 1.8)`,
  );
}

// Why the object reads as a state, or undefined.
function looksLikeState(plan: { [key: string]: unknown }): string | undefined {
  const keys = Object.keys(plan);
  if (plan.lineage !== undefined && plan.serial !== undefined) return 'a state file such as terraform.tfstate: it has "lineage" and "serial"';
  if (plan.values !== undefined) return '`terraform show -json` of a state: it has "values" where a plan has planned_values';
  if (keys.length > 0 && plan.format_version !== undefined && keys.every((k) => STATE_KEYS.has(k))) return '`terraform show -json` of an empty state';
  return undefined;
}

function listed(keys: readonly string[]): string {
  return keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}`;
}

/** Each entry of a list (absent or null: none), or one problem when it is not a list. */
function readList<T>(value: unknown, path: string, problems: Problems, allowed: string, read: (entry: unknown, at: string) => T | undefined): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.addConcealed(path, value, allowed);
    return [];
  }
  const out: T[] = [];
  for (let i = 0; i < value.length; i++) {
    const entry = read(value[i], `${path}/${i}`);
    if (entry !== undefined) out.push(entry);
  }
  return out;
}

// jsonplan DeferredResourceChange: {"reason": "...", "resource_change": {…a ResourceChange…}}.
function readDeferredChanges(value: unknown, path: string, problems: Problems): PlanDeferredChange[] {
  return readList(value, path, problems, 'a list of deferred changes', (entry, at) => {
    if (!isPlainObject(entry)) {
      problems.addConcealed(at, entry, 'an object with reason and resource_change');
      return undefined;
    }
    const reason = requireString(entry.reason, `${at}/reason`, problems, 'the reason Terraform defers the change, such as "provider_config_unknown"');
    const resourceChange = readChange(entry.resource_change, `${at}/resource_change`, problems);
    return reason === undefined || resourceChange === undefined ? undefined : { reason, resourceChange };
  });
}

// jsonplan DeferredActionInvocation: {"reason": "...", "action_invocation": {…an ActionInvocation…}}.
function readDeferredAction(value: unknown, path: string, problems: Problems): PlanActionInvocation | undefined {
  if (!isPlainObject(value)) {
    problems.addConcealed(path, value, 'an object with reason and action_invocation');
    return undefined;
  }
  const reason = requireString(value.reason, `${path}/reason`, problems, 'the reason Terraform defers the action, such as "deferred_prereq"');
  const action = readActionInvocation(value.action_invocation, `${path}/action_invocation`, problems);
  return reason === undefined || action === undefined ? undefined : { ...action, deferredReason: reason };
}

// jsonplan ActionInvocation: address, type, name, config_values / config_sensitive / config_unknown, provider_name,
// and one of lifecycle_action_trigger and invoke_action_trigger (MarshalActionInvocation sets one, or fails).
function readActionInvocation(value: unknown, path: string, problems: Problems): PlanActionInvocation | undefined {
  if (!isPlainObject(value)) {
    problems.addConcealed(path, value, 'an object with address, type and lifecycle_action_trigger or invoke_action_trigger');
    return undefined;
  }
  const address = requireString(value.address, `${path}/address`, problems, 'an action address such as "action.aws_lambda_invoke.notify"');
  const type = requireString(value.type, `${path}/type`, problems, 'an action type such as "aws_lambda_invoke"');
  const name = optionalString(value.name, `${path}/name`, problems);
  const providerName = optionalString(value.provider_name, `${path}/provider_name`, problems);
  const hasLifecycle = value.lifecycle_action_trigger !== undefined && value.lifecycle_action_trigger !== null;
  const hasInvoke = value.invoke_action_trigger !== undefined && value.invoke_action_trigger !== null;
  if (hasLifecycle === hasInvoke) {
    problems.addReceived(path, hasLifecycle ? 'both lifecycle_action_trigger and invoke_action_trigger' : 'neither lifecycle_action_trigger nor invoke_action_trigger', 'an action invocation with one of them, as Terraform writes it');
    return undefined;
  }
  let lifecycle: PlanActionInvocation['lifecycle'];
  let invoke: PlanActionInvocation['invoke'];
  if (hasLifecycle) {
    const at = `${path}/lifecycle_action_trigger`;
    const trigger = value.lifecycle_action_trigger;
    if (!isPlainObject(trigger)) {
      problems.addConcealed(at, trigger, 'an object with triggering_resource_address and action_trigger_event');
      return undefined;
    }
    const triggering = requireString(trigger.triggering_resource_address, `${at}/triggering_resource_address`, problems, 'a resource address such as "aws_x.name"');
    const event = requireString(trigger.action_trigger_event, `${at}/action_trigger_event`, problems, 'an event such as "AfterUpdate"');
    const blockIndex = requireIndex(trigger.action_trigger_block_index, `${at}/action_trigger_block_index`, problems);
    const listIndex = requireIndex(trigger.actions_list_index, `${at}/actions_list_index`, problems);
    const onFailure = optionalString(trigger.on_failure, `${at}/on_failure`, problems);
    if (triggering === undefined || event === undefined || blockIndex === undefined || listIndex === undefined) return undefined;
    lifecycle = { triggeringResourceAddress: triggering, event, actionTriggerBlockIndex: blockIndex, actionsListIndex: listIndex, ...(onFailure === undefined || onFailure === '' ? {} : { onFailure }) };
  } else {
    const trigger = value.invoke_action_trigger;
    if (!isPlainObject(trigger)) {
      problems.addConcealed(`${path}/invoke_action_trigger`, trigger, 'an object (with calling_resource_address, or empty)');
      return undefined;
    }
    const calling = optionalString(trigger.calling_resource_address, `${path}/invoke_action_trigger/calling_resource_address`, problems);
    invoke = calling === undefined || calling === '' ? {} : { callingResourceAddress: calling };
  }
  if (address === undefined || type === undefined) return undefined;
  return {
    address,
    type,
    ...(name === undefined ? {} : { name }),
    ...(providerName === undefined ? {} : { providerName }),
    ...(lifecycle === undefined ? {} : { lifecycle }),
    ...(invoke === undefined ? {} : { invoke }),
  };
}

/**
 * The managed resource instances of `prior_state` (jsonstate `state`: values.root_module, its
 * resources and child_modules, hashicorp/terraform internal/command/jsonstate/state.go, v1.11.4).
 * Data sources are left out: a plan reads them again.
 */
function readPriorState(value: unknown, path: string, problems: Problems): PlanStateResource[] {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) {
    problems.addConcealed(path, value, 'a state: an object with values');
    return [];
  }
  const out: PlanStateResource[] = [];
  const walk = (module: unknown, at: string): void => {
    if (module === undefined || module === null) return;
    if (!isPlainObject(module)) {
      problems.addConcealed(at, module, 'a module: an object with resources and child_modules');
      return;
    }
    for (const r of readList(module.resources, `${at}/resources`, problems, 'a list of resources', (entry, where) => {
      if (!isPlainObject(entry)) {
        problems.addConcealed(where, entry, 'an object with address, mode, type and values');
        return undefined;
      }
      const address = requireString(entry.address, `${where}/address`, problems, 'a resource address such as "aws_x.name"');
      const type = requireString(entry.type, `${where}/type`, problems, 'a resource type such as "aws_x"');
      if (address === undefined || type === undefined || entry.mode === 'data') return undefined;
      return { address, type, values: entry.values ?? null, sensitiveValues: entry.sensitive_values ?? false };
    })) {
      out.push(r);
    }
    readList(module.child_modules, `${at}/child_modules`, problems, 'a list of modules', (child, where) => walk(child, where));
  };
  const values = (value as { [key: string]: unknown }).values;
  if (values !== undefined && values !== null && !isPlainObject(values)) problems.addConcealed(`${path}/values`, values, 'an object with root_module');
  else if (isPlainObject(values)) walk(values.root_module, `${path}/values/root_module`);
  return out;
}

// Go's int, not omitempty: 0 is written.
function requireIndex(value: unknown, path: string, problems: Problems): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  problems.add(path, value, 'an index: a whole number, 0 or more');
  return undefined;
}

function readChanges(value: unknown, path: string, problems: Problems): PlanResourceChange[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.add(path, value, 'a list of resource changes');
    return [];
  }
  const out: PlanResourceChange[] = [];
  for (let i = 0; i < value.length; i++) {
    const read = readChange(value[i], `${path}/${i}`, problems);
    if (read !== undefined) out.push(read);
  }
  return out;
}

function readOutputChanges(value: unknown, path: string, problems: Problems): PlanOutputChange[] {
  if (value === undefined || value === null) return [];
  if (!isPlainObject(value)) {
    problems.add(path, value, 'an object of output names to changes');
    return [];
  }
  const out: PlanOutputChange[] = [];
  for (const name of Object.keys(value as object).sort()) {
    const key = name.replace(/~/g, '~0').replace(/\//g, '~1');
    const change = readChangeBody((value as { [name: string]: unknown })[name], `${path}/${key}`, problems);
    if (change !== undefined) out.push({ name, change });
  }
  return out;
}

function readChange(value: unknown, path: string, problems: Problems): PlanResourceChange | undefined {
  if (!isPlainObject(value)) {
    problems.add(path, value, 'an object with address, type and change');
    return undefined;
  }
  const entry = value as { [key: string]: unknown };
  const address = requireString(entry.address, `${path}/address`, problems, 'a resource address such as "aws_x.name"');
  const type = requireString(entry.type, `${path}/type`, problems, 'a resource type such as "aws_x"');
  const mode = entry.mode === undefined ? 'managed' : requireString(entry.mode, `${path}/mode`, problems, '"managed" or "data"');
  const previousAddress = optionalString(entry.previous_address, `${path}/previous_address`, problems);
  const actionReason = optionalString(entry.action_reason, `${path}/action_reason`, problems);
  const deposed = optionalString(entry.deposed, `${path}/deposed`, problems);
  const change = readChangeBody(entry.change, `${path}/change`, problems);
  if (address === undefined || type === undefined || mode === undefined || change === undefined) return undefined;
  return { address, type, mode, previousAddress, actionReason, change, ...(deposed === undefined || deposed === '' ? {} : { deposed }) };
}

function readChangeBody(value: unknown, path: string, problems: Problems): PlanChange | undefined {
  if (!isPlainObject(value)) {
    problems.add(path, value, 'an object with actions, before and after');
    return undefined;
  }
  const change = value as { [key: string]: unknown };
  const actions = change.actions;
  let ok = true;
  if (!Array.isArray(actions) || !ACTION_LISTS.has(JSON.stringify(actions))) {
    problems.add(`${path}/actions`, actions, `one of Terraform's action lists: ${TERRAFORM_ACTION_LISTS.map((list) => JSON.stringify(list)).join(', ')}`);
    ok = false;
  }
  const replacePaths = change.replace_paths;
  if (replacePaths !== undefined && (!Array.isArray(replacePaths) || replacePaths.some((p) => !Array.isArray(p) || p.some((s) => typeof s !== 'string' && typeof s !== 'number')))) {
    problems.add(`${path}/replace_paths`, replacePaths, 'a list of attribute paths (lists of names and indexes)');
    ok = false;
  }
  // jsonplan `Importing`: id, unknown (the id is known only at apply), identity (instead of an id).
  let importingId: string | undefined;
  let importingUnknown = false;
  let importingIdentity: unknown;
  if (change.importing !== undefined && change.importing !== null) {
    const importing = change.importing as { [key: string]: unknown };
    if (!isPlainObject(importing) || (importing.id !== undefined && typeof importing.id !== 'string') || (importing.unknown !== undefined && typeof importing.unknown !== 'boolean')) {
      problems.add(`${path}/importing`, change.importing, 'an object with the import id (id, unknown, identity)');
      ok = false;
    } else {
      importingId = (importing.id as string | undefined) ?? '';
      importingUnknown = importing.unknown === true;
      importingIdentity = importing.identity ?? undefined;
    }
  }
  // Resource identities (Terraform 1.12+: jsonplan Change.BeforeIdentity / AfterIdentity): objects, read and not shown.
  for (const key of ['before_identity', 'after_identity']) {
    if (change[key] !== undefined && change[key] !== null && !isPlainObject(change[key])) {
      problems.addConcealed(`${path}/${key}`, change[key], 'an object: the resource identity');
      ok = false;
    }
  }
  if (!ok) return undefined;
  return {
    actions: actions as TerraformAction[],
    before: change.before ?? null,
    after: change.after ?? null,
    afterUnknown: change.after_unknown ?? false,
    // Absent is "nothing sensitive"; anything else, null included, is read against its value (change-side.ts sensitiveMask).
    beforeSensitive: change.before_sensitive === undefined ? false : change.before_sensitive,
    afterSensitive: change.after_sensitive === undefined ? false : change.after_sensitive,
    replacePaths: (replacePaths as (string | number)[][] | undefined) ?? [],
    importingId,
    ...(importingUnknown ? { importingUnknown } : {}),
    ...(importingIdentity === undefined || importingIdentity === null ? {} : { importingIdentity }),
    ...(isPlainObject(change.before_identity) ? { beforeIdentity: change.before_identity } : {}),
    ...(isPlainObject(change.after_identity) ? { afterIdentity: change.after_identity } : {}),
  };
}

function requireString(value: unknown, path: string, problems: Problems, allowed: string): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  problems.add(path, value, allowed);
  return undefined;
}

function optionalString(value: unknown, path: string, problems: Problems): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  problems.add(path, value, 'a string, or nothing');
  return undefined;
}
