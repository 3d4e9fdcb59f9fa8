// The public API as the jsii assembly describes it: every entry point (a
// constructor or a method), every place a struct is taken (nested ones
// included), a minimal valid value of each struct, and how to call each entry
// point with them. Construct classes are read from their descriptors
// (construct-catalog.ts: this library's and the test-only ones); the few
// classes that are not constructs (value objects, readers, the explanation)
// have the small tables below. The closed-props test, the positions judge, the
// token test and the hostile-input property all walk it: a construct, struct
// or entry point no descriptor or table knows fails them, naming it.
import * as path from 'path';
import { Construct } from 'constructs';
import { App, TerraformStack } from '../../lib/core/framework';
import { MinimalValue } from '../../lib/construct-descriptor';
import { catalogConstruct, catalogExports, constructCatalog, isConstructClass, readAssembly } from './construct-catalog';

export { readAssembly };

/** Minimal values of the structs that belong to no construct: options of the readers, the explanation and the state machine. */
const NON_CONSTRUCT_MINIMAL: { readonly [struct: string]: MinimalValue } = {
  AuthenticationProfileReaderOptions: {},
  ClusterNodeReaderOptions: {},
  RestrictionPolicyReaderOptions: { resourceIds: ['dashboard:abc'] },
  ExplainTextOptions: {},
  ExplainCiOptions: {},
  ExplainHtmlOptions: {},
  PlanReadOptions: {},
  GuardrailAcknowledgement: { rule: 'WMC-1', reason: 'judged' },
  NodeConfigState: { status: {} },
  NodeConfigEvent: { type: 'SoakCheck' },
};

/** The minimal value of a struct (its required members only, where it can), made unique by `unique` where it names a live object. */
export function minimalValue(struct: string, unique = 0, sensitive = NO_SECRET): unknown {
  const name = short(struct);
  for (const c of constructCatalog()) {
    if (Object.prototype.hasOwnProperty.call(c.descriptor.minimal, name)) return made(c.descriptor.minimal[name], unique, sensitive);
  }
  return Object.prototype.hasOwnProperty.call(NON_CONSTRUCT_MINIMAL, name) ? made(NON_CONSTRUCT_MINIMAL[name], unique, sensitive) : undefined;
}

/** The sensitive string a minimal value gets outside a judged stack (where no sensitive variable is declared). */
const NO_SECRET = 'not-a-secret';

/**
 * The descriptor's second minimal value of `struct` for its property `prop`
 * (`alternatives`: for a property the first minimal value conflicts with), or
 * undefined.
 */
export function alternativeMinimal(struct: string, prop: string, unique = 0, sensitive = NO_SECRET): unknown {
  const key = `${short(struct)}.${prop}`;
  for (const c of constructCatalog()) {
    const alternatives = c.descriptor.alternatives;
    if (alternatives !== undefined && Object.prototype.hasOwnProperty.call(alternatives, key)) return made(alternatives[key], unique, sensitive);
  }
  return undefined;
}

function made(value: MinimalValue, unique: number, sensitive: string): unknown {
  return typeof value === 'function' ? (value as (n: number, s: string) => unknown)(unique, sensitive) : JSON.parse(JSON.stringify(value));
}

/** Where a struct's minimal value depends on where it sits (the status.config sources require uid and resourceVersion). */
export function contextual(where: string, struct: string): unknown {
  if (/^NodeList\..*items > status > config > \w+$/.test(where) && struct === 'NodeConfigSource') {
    return { configMap: { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' } };
  }
  if (/^NodeList\..*items > status > config > \w+ > configMap$/.test(where) && struct === 'ConfigMapNodeConfigSource') {
    return { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' };
  }
  return undefined;
}

/** Structs the API returns or reads back, never takes: no entry point accepts them. */
export const OUTPUT_ONLY = ['NodeListEntry', 'ReleasedResources', 'ValidationErrorDetails', 'ValidationProblem', 'NodeReadErrorDetails', 'OrgIdLookupErrorDetails', 'ExplainedResource', 'ExplainedFieldChange', 'ExplainedConstruct', 'ExplainedConstructField', 'ExplainedOutput', 'TerraformCounts', 'GuardrailSubject', 'GuardrailViolation'];

const EMPTY_PLAN = JSON.stringify({ format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes: [] });

/** A plan of nothing, explained against a stack of nothing: the instance PlanExplanation's renderings are called on. */
function emptyExplanation(): any {
  const plan = { format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes: [] };
  return catalogExports().PlanExplanation.fromPlanAndConfig(JSON.stringify(plan), JSON.stringify({ '//': { metadata: { stackName: 's' } } }));
}

/** The instance a non-construct class's instance methods are called on. */
const INSTANCES: { readonly [className: string]: () => any } = {
  PlanExplanation: emptyExplanation,
  // A stack's guardrails: what acknowledge, enforce and addRule are called on.
  Guardrails: () => catalogExports().Guardrails.of(new TerraformStack(new App(), 'guardrails')),
};

/** Valid values of non-struct parameters of the non-construct entry points. */
const NON_CONSTRUCT_DEFAULTS: { readonly [entry: string]: { readonly [param: string]: unknown } } = {
  'NodeConfigStatusMachine.next': { now: new Date('2024-05-01T10:00:00Z') },
  // A plan and a stack explain accepts, so that its options are what is judged.
  'PlanExplanation.fromPlanAndConfig': { planJson: EMPTY_PLAN, stackConfigJson: JSON.stringify({ '//': { metadata: { stackName: 's' } } }) },
  'PlanExplanation.fromPlan': { planJson: EMPTY_PLAN, stackDirectory: path.join(__dirname, '..', 'explain', 'fixtures', 'empty-stack') },
};

/** One public callable of one class of the assembly. */
export interface EntryPoint {
  /** `Class.method`, `Class.<init>` for the constructor. */
  readonly entry: string;
  readonly className: string;
  readonly method: string;
  readonly kind: 'init' | 'static' | 'instance';
  /** The parameters' names, in order. */
  readonly params: readonly string[];
  /** Whether the class is a construct (then its descriptor says how it is judged). */
  readonly construct: boolean;
}

/** Every public constructor and method of every class of the assembly. */
export function entryPointsOf(assembly: any): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const [fqn, type] of Object.entries<any>(assembly.types)) {
    if (type.kind !== 'class') continue;
    const construct = isConstructClass(assembly, fqn);
    const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? [])];
    for (const callable of callables) {
      // A framework method a class overrides (ImportTarget.toTerraform) is the framework's, not an entry point.
      if (callable.protected || callable.overrides !== undefined) continue;
      const kind = callable.name === '<init>' ? 'init' : callable.static ? 'static' : 'instance';
      out.push({ entry: `${short(fqn)}.${callable.name}`, className: short(fqn), method: callable.name, kind, params: (callable.parameters ?? []).map((p: any) => p.name), construct });
    }
  }
  return out;
}

/** The construct classes of the assembly that no descriptor describes. */
export function constructsWithoutDescriptor(assembly: any): string[] {
  return Object.entries<any>(assembly.types)
    .filter(([fqn, t]) => t.kind === 'class' && !t.abstract && isConstructClass(assembly, fqn) && catalogConstruct(short(fqn)) === undefined)
    .map(([fqn]) => short(fqn))
    .sort();
}

/** The entry points of construct classes whose descriptor does not list them, and the listed ones the class does not have. */
export function undescribedEntryPoints(assembly: any): string[] {
  const points = entryPointsOf(assembly).filter((p) => p.construct);
  const out: string[] = [];
  for (const p of points) {
    const described = catalogConstruct(p.className)?.descriptor.entryPoints[p.method];
    if (described === undefined) out.push(`${p.entry}: not in ${p.className}'s descriptor (entryPoints)`);
  }
  for (const c of constructCatalog()) {
    for (const method of Object.keys(c.descriptor.entryPoints)) {
      if (!points.some((p) => p.className === c.descriptor.className && p.method === method)) out.push(`${c.descriptor.className}.${method}: in the descriptor, not in the class`);
    }
  }
  return out.sort();
}

/**
 * Calls an entry point with `args` (by parameter name): a construct scope is
 * `scope`, its id `id`; other parameters come from `args`, else from the
 * descriptor's (or table's) defaults. An instance method is called on an
 * instance made with minimal values (unique by `unique`).
 */
export function callEntry(point: EntryPoint, args: { readonly [param: string]: unknown }, scope: Construct, unique = 0, id = 'x'): unknown {
  const type = catalogExports()[point.className];
  const hint = catalogConstruct(point.className)?.descriptor.entryPoints[point.method];
  const defaults: { readonly [param: string]: unknown } = hint?.defaults ?? NON_CONSTRUCT_DEFAULTS[point.entry] ?? {};
  const values = point.params.map((name) => (name === 'scope' ? scope : name === 'id' ? id : Object.prototype.hasOwnProperty.call(args, name) ? args[name] : defaults[name]));
  if (point.kind === 'init') return new type(...values);
  if (point.kind === 'static') return type[point.method](...values);
  const instance = point.construct ? callEntry(entryPoint(readAssembly(), `${point.className}.<init>`), minimalArguments(`${point.className}.<init>`, unique), scope, unique) : INSTANCES[point.className]?.();
  if (instance === undefined) throw new Error(`${point.entry}: no instance to call it on (add the class to INSTANCES)`);
  return instance[point.method](...values);
}

/** The minimal struct arguments of an entry point, by parameter name. */
export function minimalArguments(entry: string, unique = 0): { [param: string]: any } {
  const assembly = readAssembly();
  const args: { [param: string]: any } = {};
  for (const u of usagesOf(assembly)) if (u.entry === entry && u.steps.length === 0) args[u.param] = minimalOf(u.root, `${u.entry}(${u.param})`, unique);
  return args;
}

/** The entry point named `entry` (`Class.method`). */
export function entryPoint(assembly: any, entry: string): EntryPoint {
  const point = entryPointsOf(assembly).find((p) => p.entry === entry);
  if (point === undefined) throw new Error(`no entry point ${entry} in the assembly`);
  return point;
}

/**
 * Entry points that read a live service: they fail with their own documented
 * error (reason `invalid-options`, nothing sent) rather than a ValidationError,
 * and cannot be called with valid options here: the construct descriptors'
 * `service` entry points, and the readers.
 */
export function serviceEntries(assembly: any): string[] {
  return entryPointsOf(assembly)
    .filter((p) => (p.construct ? catalogConstruct(p.className)?.descriptor.entryPoints[p.method]?.service === true : /Reader$/.test(p.className) && p.kind === 'static'))
    .map((p) => p.entry);
}

export interface Step {
  readonly prop: string;
  readonly collection?: 'array' | 'map';
  readonly struct: string;
}

/** One place a struct is taken: an entry point's parameter, and the properties down to the struct. */
export interface Usage {
  readonly entry: string;
  readonly param: string;
  readonly root: string;
  readonly steps: Step[];
  readonly label: string;
}

export const short = (fqn: string) => fqn.slice(fqn.lastIndexOf('.') + 1);

export function structsOf(assembly: any): Set<string> {
  return new Set(Object.entries<any>(assembly.types).filter(([, t]) => t.kind === 'interface' && t.datatype).map(([fqn]) => fqn));
}

// A struct's properties, its bases' included (NodeListProps extends NodeListModel).
export function propertiesOf(assembly: any, fqn: string): any[] {
  const type = assembly.types[fqn];
  return [...(type.properties ?? []), ...(type.interfaces ?? []).filter((b: string) => assembly.types[b]).flatMap((b: string) => propertiesOf(assembly, b))];
}

// The struct a type reference names, directly or as a list's or map's element, or in a union.
export function structRefs(ref: any, structs: Set<string>): { struct: string; collection?: 'array' | 'map' }[] {
  if (ref === undefined) return [];
  if (ref.fqn !== undefined) return structs.has(ref.fqn) ? [{ struct: ref.fqn }] : [];
  if (ref.collection !== undefined) {
    const collection = ref.collection.kind === 'array' ? 'array' : 'map';
    return structRefs(ref.collection.elementtype, structs).filter((r) => r.collection === undefined).map((r) => ({ ...r, collection }));
  }
  if (ref.union !== undefined) return ref.union.types.flatMap((t: any) => structRefs(t, structs));
  return [];
}

export function usagesOf(assembly: any): Usage[] {
  const structs = structsOf(assembly);
  const usages: Usage[] = [];
  const walk = (entry: string, param: string, root: string, steps: Step[], seen: Set<string>) => {
    const at = steps.length === 0 ? root : steps[steps.length - 1].struct;
    const label = `${entry}(${param})${steps.map((s) => ` > ${s.prop}`).join('')}`;
    usages.push({ entry, param, root, steps, label });
    for (const property of propertiesOf(assembly, at)) {
      for (const ref of structRefs(property.type, structs)) {
        if (seen.has(ref.struct)) continue;
        walk(entry, param, root, [...steps, { prop: property.name, collection: ref.collection, struct: ref.struct }], new Set([...seen, ref.struct]));
      }
    }
  };
  for (const [fqn, type] of Object.entries<any>(assembly.types)) {
    if (type.kind !== 'class') continue;
    // Constructors, static methods and instance methods (PlanExplanation's renderings take options structs).
    const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? [])];
    for (const callable of callables) {
      if (callable.protected) continue;
      for (const parameter of callable.parameters ?? []) {
        for (const ref of structRefs(parameter.type, structs)) {
          if (ref.collection !== undefined) throw new Error(`${short(fqn)}.${callable.name}(${parameter.name}): a list or map of structs as a parameter; extend this test`);
          walk(`${short(fqn)}.${callable.name}`, parameter.name, ref.struct, [], new Set([ref.struct]));
        }
      }
    }
  }
  return usages;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

export function minimalOf(struct: string, where: string, unique = 0): any {
  const value = contextual(where, short(struct)) ?? minimalValue(struct, unique);
  if (value === undefined) throw new Error(`no minimal value for ${short(struct)}: add one to its construct's descriptor (minimal)`);
  return clone(value);
}

/**
 * The arguments of an entry point with the struct of `usage` at its place,
 * built from minimal values; `extra` is added to that struct. Also returns the
 * problem path of the struct (`props/items/0/metadata`).
 */
export function argumentsFor(usage: Usage, usages: Usage[], extra: object, unique = 0, prop?: string, sensitive?: string): { args: { [param: string]: any }; structPath: string } {
  const args: { [param: string]: any } = {};
  // The struct the position is in takes the descriptor's alternative for the property, where it gives one.
  const own = usage.steps.length === 0 ? usage.root : usage.steps[usage.steps.length - 1].struct;
  const alternative = prop === undefined ? undefined : alternativeMinimal(own, prop, unique, sensitive);
  for (const u of usages) if (u.entry === usage.entry && u.steps.length === 0) args[u.param] = u.param === usage.param && usage.steps.length === 0 && alternative !== undefined ? clone(alternative) : minimalOf(u.root, `${u.entry}(${u.param})`, unique);
  let parent = args[usage.param];
  const segments = [usage.param];
  let where = `${usage.entry}(${usage.param})`;
  usage.steps.forEach((step, i) => {
    where += ` > ${step.prop}`;
    const value = () => (i === usage.steps.length - 1 && alternative !== undefined ? clone(alternative) : minimalOf(step.struct, where, unique));
    // The alternative replaces whatever minimal value of the struct its parent already holds.
    if (i === usage.steps.length - 1 && alternative !== undefined) delete parent[step.prop];
    if (step.collection === 'array') {
      parent[step.prop] ??= [value()];
      parent = parent[step.prop][0];
      segments.push(step.prop, '0');
    } else if (step.collection === 'map') {
      parent[step.prop] ??= { k: value() };
      parent = parent[step.prop].k;
      segments.push(step.prop, 'k');
    } else {
      parent[step.prop] ??= value();
      parent = parent[step.prop];
      segments.push(step.prop);
    }
  });
  Object.assign(parent, extra);
  return { args, structPath: segments.join('/') };
}
