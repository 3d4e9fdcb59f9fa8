/**
 * Terraform's verdict on every position of the public API (issue 24): the
 * jsii assembly lists every entry point and every property and parameter it
 * takes; each position gets values from position-values.ts (the hostile
 * alphabet, token kinds, Literal.text, JavaScript shapes). Each case is either
 * refused with a ValidationError at its path (or below it), or accepted; the
 * accepted cases of a batch are synthesized together, as JSON and as HCL, and
 * the real `terraform validate` and `plan -refresh=false` must accept them:
 * the aws provider against the Redshift emulator, the echo providers (serving
 * the real providers' schemas) for Datadog, Kubernetes, http and null.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Construct } from 'constructs';
import { DataResource, TerraformIterator, TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AwsProvider,
  CurrentOrgSource,
  DatadogProvider,
  Errors,
  KubernetesNames,
  KubernetesProvider,
  Literal,
  NodeConfigStatusMachine,
  PlanExplanation,
  Guardrails,
  GuardrailLevel,
  Principal,
  RestrictionPolicy,
  RestrictionPolicyRelations,
  RestrictionPolicyResourceId,
  ValidationError,
} from '../../lib';
import { EchoProviders, startEchoProviders } from './echo-provider';
import { DATADOG, HTTP, KUBERNETES, NULL } from './echo-provider/schemas';
import { alternativeMinimal, argumentsFor, callEntry, entryPoint, EntryPoint, entryPointsOf, minimalArguments, minimalValue, propertiesOf, readAssembly, serviceEntries, short, structsOf, Usage, usagesOf } from './jsii-positions';
import { catalogConstruct, catalogExports } from './construct-catalog';
import { placeValue, PositionType, PositionValue, StackTokens, TOKEN_KINDS, tokensOf, valuesFor } from './position-values';
import { ReattachedProvider, startReattachedAwsProvider } from './provider-reattach';
import { RedshiftEmulator } from './redshift-emulator';
import { stackFile } from './synth';
import { awsPluginDir, workdir } from './terraform';
import { terraformAsync } from './terraform-async';

/** One place a value goes: a property of a struct an entry point takes, or a parameter of its own. */
export interface Position {
  readonly entry: string;
  readonly param: string;
  /** Where the struct sits, when the position is in one (a property, or the struct as a whole). */
  readonly usage?: Usage;
  /** The property, when the position is one. */
  readonly prop?: string;
  readonly type: PositionType;
  /** `AuthenticationProfile.<init>(props) > authenticationProfileName`. */
  readonly label: string;
  /** The members' values, when the position's type is an enum of the assembly. */
  readonly enumValues?: readonly string[];
  /** The jsii type reference of the position, as the assembly writes it. */
  readonly typeRef?: any;
}

/** How the judge calls an entry point and what judges it. */
interface Entry {
  /** `terraform`: validate and plan; `validate`: validate only (import targets Terraform must generate); `call`: returns or refuses, writes nothing. */
  readonly judged: 'terraform' | 'validate' | 'call';
  /** Properties judged by validate only: settings that make the provider call the network when it is configured (no cloud here). */
  readonly validateOnly?: readonly string[];
  /** Valid values of the parameters that are not structs. */
  readonly defaults?: { [param: string]: unknown };
  readonly build: (args: { [param: string]: any }, scope: Construct, context: CaseContext) => unknown;
}

/** What a case is built with: its number (which makes its names unique), the stack's tokens and sensitive variables. */
export interface CaseContext {
  readonly n: number;
  readonly tokens: StackTokens;
  readonly secrets: { readonly apiKey: string; readonly appKey: string };
}

/** `props` with the judge's own settings added, when it is a readable object (anything else is passed as it is: it is the value under test). */
function withDefaults(props: unknown, defaults: object): unknown {
  try {
    if (props === undefined) return defaults;
    if (props === null || typeof props !== 'object' || Array.isArray(props) || Object.getPrototypeOf(props) !== Object.prototype) return props;
    return { ...defaults, ...props };
  } catch {
    return props;
  }
}

const use = (scope: Construct, value: unknown) => new DataResource(scope, 'use', { input: value as { [key: string]: any } });
const policyOn = (scope: Construct, resourceId: unknown, principal: unknown = 'role:abc') =>
  new RestrictionPolicy(scope, 'x', { resourceId: resourceId as string, bindings: [{ relation: 'viewer', principals: [principal as string] }] });

/**
 * The judges' rig, by class: what a construct's props need here besides the
 * value under test (under the case's props: the value decides). The aws
 * provider talks to the Redshift emulator, with its region check on (so a
 * region is judged by the provider itself); CurrentOrg's HTTP source takes the
 * stack's sensitive variables.
 */
const RIG: { readonly [className: string]: (props: unknown, context: CaseContext) => unknown } = {
  AwsProvider: (props) => withDefaults(props, { ...emulatorProps(), skipRegionValidation: false }),
  CurrentOrg: (props, c) => {
    let http = false;
    try {
      http = (props as { source?: unknown } | undefined)?.source === CurrentOrgSource.HTTP;
    } catch {
      // a revoked Proxy: passed as it is
    }
    return http ? withDefaults(props, { apiKey: c.secrets.apiKey, appKey: c.secrets.appKey }) : props;
  },
};

/** The struct parameter an entry point takes its props in (`props`, `config`), if any. */
function propsParam(point: EntryPoint): string | undefined {
  return point.params.find((p) => p !== 'scope' && p !== 'id' && catalogStructParams(point).includes(p));
}

let structParams: Map<string, string[]> | undefined;
function catalogStructParams(point: EntryPoint): string[] {
  if (structParams === undefined) {
    structParams = new Map();
    for (const u of usagesOf(readAssembly())) if (u.steps.length === 0) structParams.set(u.entry, [...(structParams.get(u.entry) ?? []), u.param]);
  }
  return structParams.get(point.entry) ?? [];
}

/**
 * A construct's entry point, judged as its descriptor says: what it declares
 * is validated (and planned); a reference it returns is used through the named
 * attribute; props it builds are given to the entry point they feed; a
 * provider is given an alias of its own and used by the construct it provides.
 */
function constructEntry(point: EntryPoint): Entry | undefined {
  const catalogued = catalogConstruct(point.className);
  const hint = catalogued?.descriptor.entryPoints[point.method];
  if (catalogued === undefined || hint === undefined) return undefined;
  const { descriptor } = catalogued;
  return {
    judged: hint.judged ?? 'terraform',
    validateOnly: hint.validateOnly,
    defaults: hint.defaults,
    build: (a, s, c) => {
      const param = propsParam(point);
      let args = a;
      if (param !== undefined) {
        let props = RIG[point.className]?.(a[param], c) ?? a[param];
        if (descriptor.provides !== undefined) props = withDefaults(props, { alias: `c${c.n}` });
        args = { ...a, [param]: props };
      }
      const result = callEntry(point, args, s, c.n) as any;
      if (hint.use !== undefined) use(s, result[hint.use]);
      if (hint.feeds !== undefined) {
        const fed = entryPoint(readAssembly(), `${point.className}.${hint.feeds}`);
        callEntry(fed, { [propsParam(fed) ?? 'props']: result }, s, c.n, 'fed');
      }
      const provided = descriptor.provides;
      if (provided !== undefined) {
        const init = entryPoint(readAssembly(), `${provided.className}.<init>`);
        const minimal = minimalArguments(init.entry, c.n);
        const param = propsParam(init) ?? 'props';
        const props = { ...minimal[param], ...provided.props, provider: result };
        callEntry(init, { ...minimal, [param]: RIG[provided.className]?.(props, c) ?? props }, s, c.n, 'use');
      }
    },
  };
}

// A plan and a stack `explain` accepts: the judged calls' defaults.
const EMPTY_STACK = JSON.stringify({ '//': { metadata: { stackName: 's' } } });
const EMPTY_STACK_DIR = path.join(__dirname, '..', 'explain', 'fixtures', 'empty-stack');
const EMPTY_PLAN = JSON.stringify({ format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes: [] });

/**
 * The entry points of the classes that are not constructs: value objects are
 * judged inside a construct that writes them, so Terraform reads them; pure
 * functions and the explanation's renderings are called (they write nothing).
 */
const VALUE_ENTRIES: { [entry: string]: Entry } = {
  'Principal.fromString': { judged: 'terraform', defaults: { raw: 'role:abc' }, build: (a, s, c) => policyOn(s, `dashboard:p${c.n}`, Principal.fromString(a.raw)) },
  'Principal.role': { judged: 'terraform', defaults: { id: 'abc' }, build: (a, s, c) => policyOn(s, `dashboard:p${c.n}`, Principal.role(a.id)) },
  'Principal.team': { judged: 'terraform', defaults: { id: 'abc' }, build: (a, s, c) => policyOn(s, `dashboard:p${c.n}`, Principal.team(a.id)) },
  'Principal.user': { judged: 'terraform', defaults: { id: 'abc' }, build: (a, s, c) => policyOn(s, `dashboard:p${c.n}`, Principal.user(a.id)) },
  'Principal.org': { judged: 'terraform', defaults: { id: 'abc' }, build: (a, s, c) => policyOn(s, `dashboard:p${c.n}`, Principal.org(a.id)) },
  'RestrictionPolicyResourceId.fromString': { judged: 'terraform', defaults: { raw: 'dashboard:from-string' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.fromString(a.raw)) },
  'RestrictionPolicyResourceId.of': { judged: 'terraform', defaults: { resourceType: 'dashboard', id: 'of' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.of(a.resourceType, a.id)) },
  'RestrictionPolicyResourceId.dashboard': { judged: 'terraform', defaults: { id: 'dashboard' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.dashboard(a.id)) },
  'RestrictionPolicyResourceId.monitor': { judged: 'terraform', defaults: { id: 'monitor' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.monitor(a.id)) },
  'RestrictionPolicyResourceId.notebook': { judged: 'terraform', defaults: { id: 'notebook' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.notebook(a.id)) },
  'RestrictionPolicyResourceId.slo': { judged: 'terraform', defaults: { id: 'slo' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.slo(a.id)) },
  'RestrictionPolicyResourceId.workflow': { judged: 'terraform', defaults: { id: 'workflow' }, build: (a, s) => policyOn(s, RestrictionPolicyResourceId.workflow(a.id)) },
  'Literal.text': { judged: 'terraform', defaults: { text: 'x' }, build: (a, s, c) => new AuthenticationProfile(s, 'x', { authenticationProfileName: `l${c.n}`, authenticationProfileContent: { k: Literal.text(a.text) } }) },
  'Literal.textOf': { judged: 'call', defaults: { value: 'x' }, build: (a) => Literal.textOf(a.value) },
  'KubernetesNames.isDnsSubdomain': { judged: 'call', defaults: { name: 'a' }, build: (a) => KubernetesNames.isDnsSubdomain(a.name) },
  'KubernetesNames.isLabelValue': { judged: 'call', defaults: { value: 'a' }, build: (a) => KubernetesNames.isLabelValue(a.value) },
  'KubernetesNames.isQualifiedName': { judged: 'call', defaults: { key: 'a' }, build: (a) => KubernetesNames.isQualifiedName(a.key) },
  'NodeConfigStatusMachine.next': { judged: 'call', defaults: { now: new Date(0) }, build: (a) => NodeConfigStatusMachine.next(a.current, a.event, a.now) },
  'NodeConfigStatusMachine.sameSource': { judged: 'call', build: (a) => NodeConfigStatusMachine.sameSource(a.a, a.b) },
  // Guardrails: each call refuses with a ValidationError at its argument's path, or records what it is given (nothing is written).
  'Guardrails.of': { judged: 'call', build: (_a, s) => Guardrails.of(s) },
  'Guardrails.isUnknown': { judged: 'call', defaults: { value: 'x' }, build: (a) => Guardrails.isUnknown(a.value) },
  'Guardrails.acknowledge': { judged: 'call', build: (a, s) => Guardrails.of(s).acknowledge(a.acknowledgement) },
  'Guardrails.enforce': { judged: 'call', build: (_a, s) => Guardrails.of(s).enforce() },
  'Guardrails.addRule': {
    judged: 'call',
    defaults: { rule: { id: 'JUDGE-1', title: 't', level: GuardrailLevel.NOTE, appliesTo: ['NodeList'], authority: 'https://example.com/rule', remedy: 'r', check: () => [] } },
    build: (a, s) => Guardrails.of(s).addRule(a.rule),
  },
  'RestrictionPolicyRelations.forResourceType': { judged: 'call', defaults: { resourceType: 'dashboard' }, build: (a) => RestrictionPolicyRelations.forResourceType(a.resourceType) },
  // A plan and a stack explain accepts, so that a valid option is accepted.
  'PlanExplanation.fromPlanAndConfig': { judged: 'call', defaults: { planJson: EMPTY_PLAN, stackConfigJson: EMPTY_STACK }, build: (a) => PlanExplanation.fromPlanAndConfig(a.planJson, a.stackConfigJson, a.options) },
  'PlanExplanation.fromPlan': { judged: 'call', defaults: { planJson: EMPTY_PLAN, stackDirectory: EMPTY_STACK_DIR }, build: (a) => PlanExplanation.fromPlan(a.planJson, a.stackDirectory, a.options) },
  // A saved plan of the real terraform (a destroy plan of one terraform_data): any other path is refused.
  'PlanExplanation.planModeOfFile': { judged: 'call', defaults: { planFile: path.join(__dirname, '..', 'explain', 'fixtures', 'destroy-terraform-data.tfplan') }, build: (a) => PlanExplanation.planModeOfFile(a.planFile) },
  'PlanExplanation.gatesMatched': { judged: 'call', defaults: { gates: [] }, build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, '{}').gatesMatched(a.gates) },
  // The renderings: a ValidationError at the option's path, or a report (nothing reaches Terraform).
  'PlanExplanation.toMarkdownParts': { judged: 'call', build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, EMPTY_STACK).toMarkdownParts(a.maxBytes) },
  'PlanExplanation.toText': { judged: 'call', build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, EMPTY_STACK).toText(a.options) },
  'PlanExplanation.toSarif': { judged: 'call', build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, EMPTY_STACK).toSarif(a.options) },
  'PlanExplanation.toGithubAnnotations': { judged: 'call', build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, EMPTY_STACK).toGithubAnnotations(a.options) },
  'PlanExplanation.toHtml': { judged: 'call', build: (a) => PlanExplanation.fromPlanAndConfig(EMPTY_PLAN, EMPTY_STACK).toHtml(a.options) },
  ...Object.fromEntries(
    ['isNodeReadError', 'isOrgIdLookupError', 'isValidationError', 'nodeReadDetails', 'orgIdLookupDetails', 'validationDetails'].map((m) => [
      `Errors.${m}`,
      { judged: 'call', defaults: { x: 'x' }, build: (a: { [param: string]: any }) => (Errors as any)[m](a.x) } as Entry,
    ]),
  ),
};

/** How the judge calls `entry`: a construct's as its descriptor says, a value class's from the table above. */
function entryOf(entry: string): Entry | undefined {
  if (Object.prototype.hasOwnProperty.call(VALUE_ENTRIES, entry)) return VALUE_ENTRIES[entry];
  if (!constructEntries.has(entry)) {
    const point = entryPointsOf(readAssembly()).find((p) => p.entry === entry);
    constructEntries.set(entry, point?.construct ? constructEntry(point) : undefined);
  }
  return constructEntries.get(entry);
}

const constructEntries = new Map<string, Entry | undefined>();


let emulator: RedshiftEmulator | undefined;
function emulatorProps(): { [setting: string]: unknown } {
  return emulator?.awsProviderProps() ?? {};
}

/** The broad type of a jsii type reference. */
function typeOf(ref: any, structs: Set<string>): PositionType {
  if (ref === undefined) return 'any';
  if (ref.primitive === 'string') return 'string';
  if (ref.primitive === 'number') return 'number';
  if (ref.primitive === 'boolean') return 'boolean';
  if (ref.primitive === 'date') return 'object';
  if (ref.primitive !== undefined) return 'any';
  if (ref.collection !== undefined) {
    const element = typeOf(ref.collection.elementtype, structs);
    if (element === 'string') return ref.collection.kind === 'array' ? 'stringList' : 'stringMap';
    return 'object';
  }
  if (ref.union !== undefined) {
    const kinds = ref.union.types.map((t: any) => typeOf(t, structs));
    for (const k of ['string', 'number', 'boolean'] as const) if (kinds.includes(k)) return k;
    return 'object';
  }
  if (ref.fqn === 'cdktf.ITerraformIterator') return 'iterator';
  return structs.has(ref.fqn) ? 'struct' : 'object';
}

/** Every position of the public API, from the jsii assembly. */
export function positionsOf(assembly: any): Position[] {
  const SERVICE_ENTRIES = serviceEntries(assembly);
  const structs = structsOf(assembly);
  const usages = usagesOf(assembly);
  const out: Position[] = [];
  for (const usage of usages) {
    if (SERVICE_ENTRIES.includes(usage.entry)) continue;
    out.push({ entry: usage.entry, param: usage.param, usage, type: 'struct', label: usage.label });
    for (const property of propertiesOf(assembly, usage.steps.length === 0 ? usage.root : usage.steps[usage.steps.length - 1].struct)) {
      out.push({ entry: usage.entry, param: usage.param, usage, prop: property.name, type: typeOf(property.type, structs), label: `${usage.label} > ${property.name}`, enumValues: enumValuesOf(assembly, property.type), typeRef: property.type });
    }
  }
  for (const [fqn, type] of Object.entries<any>(assembly.types)) {
    if (type.kind !== 'class') continue;
    const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? [])];
    for (const callable of callables) {
      const entry = `${short(fqn)}.${callable.name}`;
      if (callable.protected || SERVICE_ENTRIES.includes(entry)) continue;
      for (const parameter of callable.parameters ?? []) {
        // The framework's own parameters: a construct scope and its id.
        if (parameter.name === 'scope' || parameter.name === 'id' || structs.has(parameter.type.fqn)) continue;
        out.push({ entry, param: parameter.name, type: typeOf(parameter.type, structs), label: `${entry}(${parameter.name})`, enumValues: enumValuesOf(assembly, parameter.type), typeRef: parameter.type });
      }
    }
  }
  return out;
}

/** The values of an enum type reference's members (jsii writes a string enum's values as the members' names unless given). */
function enumValuesOf(assembly: any, ref: any): string[] | undefined {
  const type = ref?.fqn === undefined ? undefined : assembly.types[ref.fqn];
  if (type?.kind !== 'enum') return undefined;
  const exports = catalogExports()[short(ref.fqn)];
  return type.members.map((m: { name: string }) => String(exports?.[m.name] ?? m.name));
}

/** The positions of one construct class (or value class): its entry points' (`--construct NAME`). */
export function positionsOfClass(positions: readonly Position[], className: string): Position[] {
  return positions.filter((p) => p.entry.startsWith(`${className}.`));
}

/** The entry points of `positions` this judge does not know: a new one must be added to ENTRIES. */
export function unjudgedEntries(positions: readonly Position[]): string[] {
  return [...new Set(positions.map((p) => p.entry))].filter((e) => entryOf(e) === undefined).sort();
}

/** One value at one position. */
export interface Case {
  readonly n: number;
  readonly position: Position;
  readonly value: PositionValue;
}

/** `perPosition` values for each position (the type's fixed values cycled through by `seed`, plus alphabet strings). */
export function casesOf(positions: readonly Position[], seed: number, perPosition: number): Case[] {
  const cases: Case[] = [];
  positions.forEach((position, p) => {
    const values = valuesFor(position.type, seed + p, Math.max(2, Math.ceil(perPosition / 2)));
    for (let i = 0; i < perPosition; i++) {
      const value = values[(seed * 7 + p * 13 + i * 31) % values.length];
      cases.push({ n: cases.length, position, value });
    }
  });
  return cases;
}

/**
 * The placeholder that keeps a position's value in the minimal arguments as it
 * is: the valid value the descriptor gives (its `minimal`, or its alternative for
 * the position).
 */
export const KEEP_MINIMAL: PositionValue = { label: 'its minimal value', make: () => KEEP };
const KEEP = Symbol('keep the minimal value');

/** The framework types of the meta-arguments, with the values that reach them (the judged stack's own). */
const FRAMEWORK_VALUES: { readonly [fqn: string]: PositionValue[] } = {
  'cdktf.TerraformProvider': ['aws', 'datadog', 'kubernetes'].map((p) => ({ label: `the stack's ${p} provider`, make: (t: StackTokens) => t.providers[p] })),
  'cdktf.ITerraformDependable': [{ label: "[a resource of the stack]", make: (t) => [t.resource] }],
  'cdktf.TerraformResourceLifecycle': [{ label: '{ createBeforeDestroy: true }', make: () => ({ createBeforeDestroy: true }) }],
  // Over a list token: the instances' names are known at plan, so no two cases' instances meet at synth.
  'cdktf.ITerraformIterator': [{ label: 'TerraformIterator.fromList(a list token)', make: (t) => TerraformIterator.fromList(t.list) }],
};

/** Plain valid-looking values of a position's type: what reaches a position that takes no token. */
function plainValues(position: Position): PositionValue[] {
  const enums = (position.enumValues ?? []).map((v) => ({ label: `the enum value ${JSON.stringify(v)}`, make: () => v }));
  const ref = position.typeRef;
  const framework = FRAMEWORK_VALUES[ref?.fqn ?? ref?.collection?.elementtype?.fqn ?? ref?.union?.types?.find((t: any) => FRAMEWORK_VALUES[t.fqn])?.fqn ?? ''];
  if (framework !== undefined) return position.type === 'number' ? [{ label: 'the number 1', make: () => 1 }] : framework;
  switch (position.type) {
    case 'string':
      return [...enums, { label: 'the string "tplprobe7z"', make: () => 'tplprobe7z' }];
    case 'number':
      return [{ label: 'the number 1', make: () => 1 }];
    case 'boolean':
      return [{ label: 'true', make: () => true }];
    case 'stringList':
      return [{ label: '["tplprobe7z"]', make: () => ['tplprobe7z'] }];
    case 'stringMap':
      return [{ label: '{ tplprobe7z: "tplprobe7z" }', make: () => ({ tplprobe7z: 'tplprobe7z' }) }];
    default:
      return enums;
  }
}

/**
 * The enumeration `npm test` gives every position (issue 43): each kind of
 * token Terraform tells apart ({@link TOKEN_KINDS}), plain values of its type,
 * and its minimal value (where the minimal arguments hold one), each once, with
 * no random draw. Terraform judges every accepted case; a position none of
 * them reaches is {@link unreachedPositions}.
 */
export function enumeratedCases(positions: readonly Position[], first = 0): Case[] {
  const cases: Case[] = [];
  for (const position of positions) {
    const values = [...TOKEN_KINDS, ...plainValues(position), ...(hasMinimalValue(position) ? [KEEP_MINIMAL] : [])];
    for (const value of values) cases.push({ n: first + cases.length, position, value });
  }
  return cases;
}

/** Whether the minimal arguments (or the descriptor's alternative for the position) hold a value at the position. */
function hasMinimalValue(position: Position): boolean {
  if (position.usage === undefined) return entryOf(position.entry)?.defaults?.[position.param] !== undefined;
  if (position.prop === undefined) return true;
  const struct = position.usage.steps.length === 0 ? position.usage.root : position.usage.steps[position.usage.steps.length - 1].struct;
  const value = alternativeMinimal(struct, position.prop, 0) ?? minimalValue(struct, 0);
  return value !== null && typeof value === 'object' && (value as { [prop: string]: unknown })[position.prop] !== undefined;
}

/**
 * The positions no value reached: every case given to them was refused (or
 * wrong), none accepted. Each names the position and what refused each value.
 */
export function unreachedPositions(outcomes: readonly Outcome[]): string[] {
  const byPosition = new Map<string, Outcome[]>();
  // Only what reaches Terraform: a call that returns (a check, a rendering) is judged by its own tests.
  for (const o of outcomes) if (writesTerraform(o.case)) byPosition.set(o.case.position.label, [...(byPosition.get(o.case.position.label) ?? []), o]);
  const out: string[] = [];
  for (const [label, all] of byPosition) {
    const declared = declaredUnreachable(all[0].case.position);
    const reached = all.some((o) => o.kind === 'accepted');
    if (declared !== undefined) {
      if (reached) out.push(`${label}: its descriptor says no value reaches it (${declared}), but ${all.filter((o) => o.kind === 'accepted').map((o) => o.case.value.label).join(', ')} did`);
      continue;
    }
    if (reached) continue;
    const reasons = new Map<string, string[]>();
    for (const o of all) {
      const why = o.kind === 'refused' ? (o.error?.problems.map((p) => `${p.path}: ${p.allowed}`).join('; ') ?? 'refused') : `wrong: ${o.detail}`;
      reasons.set(why.slice(0, 300), [...(reasons.get(why.slice(0, 300)) ?? []), o.case.value.label]);
    }
    out.push(`${label}: no value reaches it (every value given was refused; give its descriptor an alternative minimal value for it, or fix the rule): ${[...reasons].map(([why, values]) => `${values.join(', ')} <- ${why}`).join(' | ')}`);
  }
  return out.sort();
}

/** The reason the position's descriptor gives for no value reaching it (`unreachable`), if it gives one. */
function declaredUnreachable(position: Position): string | undefined {
  const unreachable = catalogConstruct(position.entry.slice(0, position.entry.indexOf('.')))?.descriptor.unreachable;
  if (unreachable === undefined || position.prop === undefined || position.usage === undefined) return undefined;
  const path = [...position.usage.steps.map((s) => s.prop), position.prop].join(' > ');
  // Keyed by the path alone (every entry point that takes the struct), or by the entry point's own label (`adopt(props) > count`).
  const own = `${position.entry.slice(position.entry.indexOf('.') + 1)}(${position.param}) > ${path}`;
  for (const key of [own, path]) if (Object.prototype.hasOwnProperty.call(unreachable, key)) return unreachable[key];
  return undefined;
}

/** What happened to one case. */
export interface Outcome {
  readonly case: Case;
  /** `refused`: a ValidationError where it belongs; `accepted`: built (and then judged by terraform); `wrong`: anything else. */
  readonly kind: 'refused' | 'accepted' | 'wrong';
  readonly detail?: string;
  /** The ValidationError of a refusal. */
  readonly error?: ValidationError;
  /** The ValidationError's message, when refused. */
  readonly message?: string;
}

/** The problem path a position's problems sit at or below (`props/items/0/metadata/labels`). */
function problemPathOf(position: Position): string {
  const segments = [position.param];
  for (const step of position.usage?.steps ?? []) segments.push(step.prop, ...(step.collection === 'array' ? ['0'] : step.collection === 'map' ? ['k'] : []));
  if (position.prop !== undefined) segments.push(position.prop);
  return segments.join('/');
}

/** The arguments of a case: minimal valid values (unique by `n`), with `value` at the position. */
function argumentsOf(position: Position, n: number, usages: readonly Usage[], value: unknown, sensitive?: string): { [param: string]: any } {
  const c = { position, n };
  const entry = entryOf(c.position.entry)!;
  const structArgs = usages.filter((u) => u.entry === c.position.entry && u.steps.length === 0);
  let args: { [param: string]: any } = { ...entry.defaults };
  if (structArgs.length > 0) args = { ...args, ...argumentsFor(structArgs[0], usages as Usage[], {}, c.n).args };
  const { usage, prop } = c.position;
  if (value === KEEP) {
    // The minimal value stays where it is (the alternative's, for a position that has one).
    if (usage !== undefined) args = { ...args, ...argumentsFor(usage, usages as Usage[], {}, c.n, prop, sensitive).args };
    return args;
  }
  if (usage === undefined) {
    placeValue(args, c.position.param, value);
  } else if (prop === undefined && usage.steps.length === 0) {
    placeValue(args, usage.param, value);
  } else {
    const located = argumentsFor(usage, usages as Usage[], {}, c.n, prop, sensitive);
    // With forEach or count, each instance's own props come from the iterator or the index (one literal name for every instance is refused).
    const eachInstance = catalogConstruct(c.position.entry.slice(0, c.position.entry.indexOf('.')))?.descriptor.eachInstance;
    const perInstance = prop === 'forEach' && isIterator(value) ? (value as unknown as { key: string }).key : prop === 'count' && typeof value === 'number' ? '${count.index}' : undefined;
    if (perInstance !== undefined && usage.steps.length === 0 && eachInstance !== undefined) {
      const props = located.args[usage.param];
      for (const [name, of] of Object.entries(eachInstance)) props[name] = of(perInstance);
    }
    args = { ...args, ...located.args };
    // Walk to the struct of the usage, then set the property (or the struct itself).
    let parent: any = args;
    const keys: (string | number)[] = [usage.param];
    for (const step of usage.steps) keys.push(step.prop, ...(step.collection === 'array' ? [0] : step.collection === 'map' ? ['k'] : []));
    if (prop === undefined) {
      for (const key of keys.slice(0, -1)) parent = parent[key];
      placeValue(parent, keys[keys.length - 1], value);
    } else {
      for (const key of keys) parent = parent[key];
      placeValue(parent, prop, value);
    }
  }
  return args;
}

function isIterator(value: unknown): boolean {
  try {
    return typeof (value as { _getForEachExpression?: unknown })?._getForEachExpression === 'function';
  } catch {
    return false;
  }
}

function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** Builds one case in `scope`; what happened. */
function buildCase(c: Case, scope: Construct, usages: readonly Usage[], context: CaseContext): Outcome {
  let value: unknown;
  try {
    value = c.value.make(context.tokens);
  } catch (e) {
    return { case: c, kind: 'wrong', detail: `the judge could not make the value: ${(e as Error).message}` };
  }
  const outcome = buildAt(c.position, value, scope, usages, context);
  return { case: c, ...outcome };
}

/**
 * Builds the entry point of `position` in `scope`, with minimal valid values
 * (unique by `context.n`) and `value` at the position (then `adjust`ed): accepted, refused with
 * a ValidationError at (or under) the position's path, or wrong (any other
 * exception, or a refusal elsewhere).
 */
export function buildAt(position: Position, value: unknown, scope: Construct, usages: readonly Usage[], context: CaseContext, adjust?: (args: { [param: string]: any }) => void): Omit<Outcome, 'case'> {
  const entry = entryOf(position.entry);
  if (entry === undefined) return { kind: 'wrong', detail: `no way to judge ${position.entry}` };
  let args: { [param: string]: any };
  try {
    args = argumentsOf(position, context.n, usages, value, context.secrets.apiKey);
    adjust?.(args);
  } catch (e) {
    return { kind: 'wrong', detail: `the judge could not place the value: ${(e as Error).message}` };
  }
  try {
    entry.build(args, scope, context);
    return { kind: 'accepted' };
  } catch (e) {
    return refusalAt(position, e);
  }
}

function refusal(c: Case, e: unknown): Outcome {
  return { case: c, ...refusalAt(c.position, e) };
}

function refusalAt(position: Position, e: unknown): Omit<Outcome, 'case'> {
  if (!(e instanceof ValidationError)) return { kind: 'wrong', detail: `threw ${(e as Error)?.constructor?.name ?? typeof e}: ${String((e as Error)?.message ?? e).slice(0, 300)}` };
  const at = problemPathOf(position);
  // A factory's refusal names the factory; a construct's names its props' paths.
  if (e.problems.some((p) => related(p.path, at) || related(p.path, position.param) || position.usage === undefined)) return { kind: 'refused', error: e, message: e.message };
  return { kind: 'wrong', detail: `refused at ${e.problems.map((p) => p.path).join(', ')}, not at ${at}: ${e.message.slice(0, 300)}` };
}

/** The verdict of one batch. */
export interface BatchVerdict {
  readonly outcomes: Outcome[];
  /** What Terraform refused that synth accepted, attributed to cases where it could be. */
  readonly terraformRefusals: { readonly format: 'json' | 'hcl'; readonly command: string; readonly cases: number[]; readonly summary: string; readonly detail: string }[];
}

/** A batch's verdict as lines that name the construct, the position and the value: what a test prints and asserts empty. */
export interface NamedVerdict {
  /** Refused at the wrong path, or any exception but a ValidationError. */
  readonly wrong: string[];
  /** Accepted by synth, refused by terraform (validate or plan, JSON or HCL). */
  readonly refusedByTerraform: string[];
  /** The cases terraform refused (`<position> <- <value>`), once each. */
  readonly refusedCases: ReadonlySet<string>;
  /** Positions no value reached ({@link unreachedPositions}). */
  readonly unreached: string[];
  /** One line of counts. */
  readonly summary: string;
}

/** Judges `cases` and names what went wrong, position by position. */
export async function judgeNamed(judge: PositionJudge, cases: readonly Case[], usages: readonly Usage[], reach = true): Promise<NamedVerdict> {
  const verdict = await judge.judge(cases, usages);
  const byCase = new Map(cases.map((c) => [c.n, c]));
  const wrong = verdict.outcomes.filter((o) => o.kind === 'wrong').map((o) => `${o.case.position.label} <- ${o.case.value.label}: ${o.detail}`);
  const refusedByTerraform = verdict.terraformRefusals.map(
    (r) => `${r.format} ${r.command}: ${r.summary} (${r.detail.replace(/\s+/g, ' ').slice(0, 200)}) <- ${r.cases.map((n) => `${byCase.get(n)?.position.label} <- ${byCase.get(n)?.value.label}`).join('; ') || 'no case named'}`,
  );
  const refusedCases = new Set(verdict.terraformRefusals.flatMap((r) => r.cases.map((n) => `${byCase.get(n)?.position.label} <- ${byCase.get(n)?.value.label}`)));
  const count = (kind: string) => verdict.outcomes.filter((o) => o.kind === kind).length;
  const positions = new Set(cases.map((c) => c.position.label)).size;
  const unreached = reach ? unreachedPositions(verdict.outcomes) : [];
  const summary = `positions: ${positions} positions, ${cases.length} cases: ${count('refused')} refused with a ValidationError, ${count('accepted')} accepted and judged by terraform, ${refusedByTerraform.length} refused by terraform, ${wrong.length} wrong, ${unreached.length} unreached`;
  return { wrong, refusedByTerraform, refusedCases, unreached, summary };
}

/** The judge's long-lived servers: the Redshift emulator, the echo providers, the reattached aws provider. */
export class PositionJudge {
  public static async start(): Promise<PositionJudge> {
    // Every adopted profile of a batch is one the emulator holds: more than one account's quota of ten.
    emulator = await RedshiftEmulator.start({ maxProfiles: 1_000 });
    const echo = await startEchoProviders([DATADOG, KUBERNETES, HTTP, NULL]);
    return new PositionJudge(emulator, echo);
  }

  private aws?: ReattachedProvider;
  private dirs?: { json: string; hcl: string };

  private constructor(
    private readonly redshift: RedshiftEmulator,
    private readonly echo: EchoProviders,
  ) {}

  public async stop(): Promise<void> {
    await this.aws?.stop();
    await this.echo.stop();
    await this.redshift.stop();
    emulator = undefined;
  }

  /** Builds every case (refused or accepted), then has terraform judge the accepted ones. */
  public async judge(cases: readonly Case[], usages: readonly Usage[]): Promise<BatchVerdict> {
    const outcomes = new Map<number, Outcome>();
    const excluded = () => new Set([...outcomes.values()].filter((o) => o.kind !== 'accepted').map((o) => o.case.n));
    // Synth-time refusals (a reference the stack does not declare, a region without provider 6.x) drop their
    // case and synthesize again: first in stacks of SYNTH_CHUNK cases, where each costs a synth of its chunk.
    for (let at = 0; at < cases.length; at += SYNTH_CHUNK) {
      const chunk = cases.slice(at, at + SYNTH_CHUNK);
      for (let round = 0; round < 20; round++) {
        const refused = excluded();
        const attempt = this.synth(chunk.filter((c) => !refused.has(c.n)), usages, outcomes, ['json']);
        if ('stacks' in attempt) break;
        outcomes.set(attempt.refused.case.n, attempt.refused);
      }
    }
    // Then all of them together (a refusal between cases of two chunks, found here, costs a whole synth).
    let stacks: { [judged: string]: { file: string; text: string } } = {};
    for (let round = 0; round < 20; round++) {
      const refused = excluded();
      const attempt = this.synth(cases.filter((c) => !refused.has(c.n)), usages, outcomes);
      if ('stacks' in attempt) {
        stacks = attempt.stacks;
        break;
      }
      outcomes.set(attempt.refused.case.n, attempt.refused);
    }
    const refusals: BatchVerdict['terraformRefusals'] = [];
    await this.prepare();
    for (const format of ['json', 'hcl'] as const) {
      for (const judged of ['terraform', 'validate'] as const) {
        const stack = stacks[`${judged}-${format}`];
        if (stack === undefined) continue;
        refusals.push(...(await this.terraform(format, stack, judged === 'terraform')));
      }
    }
    return { outcomes: cases.map((c) => outcomes.get(c.n) ?? { case: c, kind: 'wrong', detail: 'not judged' }), terraformRefusals: refusals };
  }

  /** Synthesizes the accepted cases into two stacks (planned, validated only), both formats; or the case a synth-time check refused. */
  private synth(
    cases: readonly Case[],
    usages: readonly Usage[],
    outcomes: Map<number, Outcome>,
    formats: readonly ('json' | 'hcl')[] = ['json', 'hcl'],
  ): { stacks: { [judged: string]: { file: string; text: string } } } | { refused: Outcome } {
    const stacks: { [judged: string]: { file: string; text: string } } = {};
    for (const judged of ['terraform', 'validate'] as const) {
      const chosen = cases.filter((c) => judgementOf(c) === judged || (judged === 'terraform' && judgementOf(c) === 'call'));
      for (const format of formats) {
        try {
          stacks[`${judged}-${format}`] = stackFile(`positions-${judged}`, (stack) => buildCases(stack, chosen, usages, outcomes), format === 'hcl');
        } catch (e) {
          const n = caseOfPath(e instanceof ValidationError ? e.constructPath : String((e as Error)?.message ?? e));
          const c = cases.find((x) => x.n === n);
          if (c === undefined) throw e;
          const outcome = refusal(c, e);
          return { refused: outcome.kind === 'refused' ? { ...outcome, detail: 'refused at synth' } : outcome };
        }
      }
    }
    return { stacks };
  }

  private async prepare(): Promise<void> {
    if (this.dirs !== undefined) return;
    const pluginDir = awsPluginDir();
    this.dirs = { json: workdir({}), hcl: workdir({}) };
    for (const format of ['json', 'hcl'] as const) {
      const { file, text } = stackFile('positions-init', (stack) => buildCases(stack, [], [], new Map()), format === 'hcl');
      fs.writeFileSync(path.join(this.dirs[format], file), text);
      await terraformAsync(this.dirs[format], ['init', '-input=false', '-no-color', ...(pluginDir ? [`-plugin-dir=${pluginDir}`] : [])], { env: this.echo.env });
      fs.rmSync(path.join(this.dirs[format], file));
    }
    this.aws = await startReattachedAwsProvider(this.dirs.json, this.redshift.providerEnv());
  }

  private env(): NodeJS.ProcessEnv {
    const reattach = { ...JSON.parse(this.echo.env.TF_REATTACH_PROVIDERS!), ...(this.aws ? JSON.parse(this.aws.env.TF_REATTACH_PROVIDERS!) : {}) };
    return { ...this.redshift.providerEnv(), TF_REATTACH_PROVIDERS: JSON.stringify(reattach), TF_VAR_dd_api_key: 'api-key-value', TF_VAR_dd_app_key: 'app-key-value' };
  }

  /** Validates (and plans) one stack; Terraform's errors, attributed to cases. */
  private async terraform(format: 'json' | 'hcl', stack: { file: string; text: string }, plan: boolean): Promise<BatchVerdict['terraformRefusals']> {
    const dir = this.dirs![format];
    for (const f of ['cdk.tf', 'cdk.tf.json']) fs.rmSync(path.join(dir, f), { force: true });
    fs.writeFileSync(path.join(dir, stack.file), stack.text);
    // Import blocks of adopted profiles read the emulator: it holds a profile by each literal import id.
    if (plan) for (const id of profileImportIds(stack.text, format)) if (this.redshift.profile(id) === undefined) this.redshift.putProfile(id, '{"a":"1"}');
    const out: BatchVerdict['terraformRefusals'] = [];
    const validate = await terraformAsync(dir, ['validate', '-json', '-no-color'], { env: this.env(), allowFailure: true });
    out.push(...diagnosticsOf(validate.stdout, stack.text).map((d) => ({ format, command: 'validate', ...d })));
    if (plan && out.length === 0) {
      // Bounded: a plan that does not finish (a count Terraform cannot hold) is a refusal too.
      const planned = await terraformAsync(dir, ['plan', '-input=false', '-json', '-refresh=false', '-lock=false'], { env: this.env(), allowFailure: true, signal: AbortSignal.timeout(PLAN_TIMEOUT_MS) }).catch((e: Error) => ({
        code: -1,
        stdout: JSON.stringify({ type: 'diagnostic', diagnostic: { severity: 'error', summary: 'the plan did not finish', detail: `${e.message.slice(0, 200)} (after ${PLAN_TIMEOUT_MS / 1000} s)` } }),
        stderr: '',
      }));
      out.push(...diagnosticsOf(planned.stdout, stack.text).map((d) => ({ format, command: 'plan', ...d })));
    }
    return out;
  }
}

/** Builds `cases` in `stack` (the judge's providers and variables first); the first build of a case decides its outcome. */
function buildCases(stack: TerraformStack, cases: readonly Case[], usages: readonly Usage[], outcomes: Map<number, Outcome>): void {
  const providers = {
    aws: new AwsProvider(stack, 'aws', emulatorProps()),
    datadog: new DatadogProvider(stack, 'datadog', {}),
    kubernetes: new KubernetesProvider(stack, 'kubernetes', {}),
  };
  const variable = (id: string, type: string, value: unknown) => new TerraformVariable(stack, id, { type, default: value });
  const secrets = {
    apiKey: new TerraformVariable(stack, 'dd_api_key', { type: 'string', sensitive: true }).stringValue,
    appKey: new TerraformVariable(stack, 'dd_app_key', { type: 'string', sensitive: true }).stringValue,
  };
  const tokens = tokensOf(
    {
      text: variable('text', 'string', VARIABLE_DEFAULTS.text),
      count: variable('amount', 'number', VARIABLE_DEFAULTS.amount),
      names: variable('names', 'list(string)', ['a', 'b']),
      labels: variable('labels', 'map(string)', { a: 'b' }),
      flag: variable('flag', 'bool', VARIABLE_DEFAULTS.flag),
      object: variable('record', 'object({ a = string })', { a: 'b' }),
    },
    // The meta-arguments' values: the stack's providers, and a resource to depend on.
    { providers, resource: new DataResource(stack, 'dependency', { input: { a: 'x' } }) },
  );
  // The variable the alphabet's `${var.x}` names: declared, so such text is a valid reference.
  variable('x', 'string', VARIABLE_DEFAULTS.x);
  for (const c of cases) {
    const outcome = buildCase(c, new Construct(stack, `c${c.n}`), usages, { n: c.n, tokens, secrets });
    // The first build of a case decides; later rounds rebuild the accepted ones the same way.
    if (!outcomes.has(c.n) || outcome.kind !== 'accepted') outcomes.set(c.n, outcome);
  }
}

/** How many cases the judge synthesizes together while it looks for synth-time refusals. */
const SYNTH_CHUNK = 150;

/** How many cases {@link libraryOutcomes} builds in one stack. */
const BATCH = 40;

/**
 * What the library alone says of each case (no terraform): each is built in one
 * stack, as the judge builds them, and is refused, accepted or wrong.
 */
export function libraryOutcomes(cases: readonly Case[], usages: readonly Usage[]): Outcome[] {
  // Stacks of a few dozen: thousands of constructs in one stack slow every one after.
  const outcomes = new Map<number, Outcome>();
  for (let at = 0; at < cases.length; at += BATCH) buildCases(new TerraformStack(Testing.app(), 'library-outcomes'), cases.slice(at, at + BATCH), usages, outcomes);
  return cases.map((c) => outcomes.get(c.n) ?? { case: c, kind: 'wrong', detail: 'not built' });
}

/**
 * Which positions write their value into the synthesized configuration: a
 * probe (lowercase letters and digits, which most grammars take) is built and
 * synthesized at each. `written` holds the labels whose probe is in the
 * output, `refused` those that refuse the probe (whether they write is unknown).
 */
export function positionsWritten(positions: readonly Position[], usages: readonly Usage[]): { written: Set<string>; refused: Set<string> } {
  const probe = 'tplprobe7z';
  const written = new Set<string>();
  const refused = new Set<string>();
  positions.forEach((position, n) => {
    const outcomes = new Map<number, Outcome>();
    const stack = new TerraformStack(Testing.app(), 'probe');
    buildCases(stack, [{ n, position, value: { label: probe, make: () => probe } }], usages, outcomes);
    let text: string | undefined;
    try {
      if (outcomes.get(n)?.kind === 'accepted') text = Testing.synth(stack);
    } catch {
      // refused at synth
    }
    if (text === undefined) refused.add(position.label);
    else if (text.includes(probe)) written.add(position.label);
  });
  return { written, refused };
}

/** Whether the case's entry writes to Terraform (judged by validate or plan), or only returns (a check, a rendering). */
export function writesTerraform(c: Case): boolean {
  return judgementOf(c) !== 'call';
}

/** How a case is judged: its entry's judgement, validate only for the properties the entry lists. */
function judgementOf(c: Case): Entry['judged'] {
  const entry = entryOf(c.position.entry)!;
  const top = c.position.usage?.steps[0]?.prop ?? c.position.prop;
  return entry.judged === 'terraform' && top !== undefined && entry.validateOnly?.includes(top) ? 'validate' : entry.judged;
}

/** The case number a construct path or an address names (`stack/c12/x`, `aws_x.c12_x_ABCD`). */
function caseOfPath(text: string): number | undefined {
  const match = /(?:^|[/.])c(\d+)(?:[/_]|$)/.exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The error diagnostics of `terraform validate -json` or `plan -json`, each attributed to the cases it names. */
function diagnosticsOf(stdout: string, config: string): { cases: number[]; summary: string; detail: string }[] {
  const lines = config.split('\n');
  const diagnostics: any[] = [];
  const trimmed = stdout.trim();
  if (trimmed.startsWith('{') && !trimmed.includes('\n{')) {
    diagnostics.push(...(JSON.parse(trimmed).diagnostics ?? []));
  } else {
    for (const line of stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      const message = JSON.parse(line);
      if (message.type === 'diagnostic') diagnostics.push(message.diagnostic);
    }
  }
  return diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => {
      const cases = new Set<number>();
      // The address Terraform names: in the diagnostic, the block its snippet is in, or its text.
      const named = d.address ?? d.snippet?.context ?? /"([a-z0-9_]+\.c\d+_[A-Za-z0-9_]+)/.exec(String(d.detail ?? ''))?.[1] ?? '';
      const byAddress = caseOfPath(named);
      if (byAddress !== undefined) cases.add(byAddress);
      // Otherwise the nearest case id above the error's line in the file (a
      // resource's name, a provider's alias), else below it (HCL may write a
      // provider's alias after its other settings).
      const at = (d.range?.start?.line ?? 0) - 1;
      for (let offset = 0; cases.size === 0 && offset <= 60; offset++) {
        for (const line of [at - offset, at + offset]) {
          const match = /\bc(\d+)_|"c(\d+)"/.exec(lines[line] ?? '');
          if (match && cases.size === 0) cases.add(Number(match[1] ?? match[2]));
        }
      }
      return { cases: [...cases], summary: String(d.summary), detail: String(d.detail ?? '').slice(0, 400) };
    });
}

/** How long one plan of a batch may take. */
const PLAN_TIMEOUT_MS = 240_000;

/** The defaults of the variables the judged stacks declare (their values in every plan). */
const VARIABLE_DEFAULTS: { [name: string]: unknown } = { text: 'tok-value', amount: 2, x: 'x-value', flag: true };

/** The literal ids of the import blocks that adopt profiles (what the emulator must hold for the plan to read). */
function profileImportIds(text: string, format: 'json' | 'hcl'): string[] {
  if (format === 'hcl') return [];
  const config = JSON.parse(text);
  return (config.import ?? [])
    .filter((i: { to: string; id: unknown }) => i.to.startsWith('aws_redshift_authentication_profile.') && typeof i.id === 'string')
    // A scalar variable's default as Terraform converts it to a string; a collection's reference is no import id (Terraform refuses it).
    .map((i: { id: string }) => i.id.replace(/\$\{var\.([a-z_]+)\}/g, (whole, name: string) => (VARIABLE_DEFAULTS[name] === undefined ? whole : String(VARIABLE_DEFAULTS[name]))))
    .filter((id: string) => id !== '' && !/[$%]\{/.test(id));
}

/** Every struct that has a minimal value: the judge's sanity check against the assembly. */
export function structsWithoutMinimal(assembly: any): string[] {
  return [...structsOf(assembly)].map(short).filter((s) => minimalValue(s) === undefined);
}
