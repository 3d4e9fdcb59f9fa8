// What one construct class of this library is, written once beside it (aws-cdk's
// awslint reads such facts from the assembly; an L1 carries its own resource
// type): the resources it declares and their construct ids, the live object
// they manage and how it is identified, how `explain` reads them, its docs
// page, and how each of its entry points is judged with minimal valid values.
// The construct itself reads its types and ids from here; `explain`
// (lib/explain/) and the judges under __tests__/ derive their tables from the
// descriptors, and a construct class exported without one fails
// __tests__/core/descriptors.test.ts.
//
// Plain data and small functions, no registry. It sits above lib/core (whose
// declared-resources.ts holds what the one-declaration check needs, and
// change-side.ts and field-change.ts the types it names) and below lib/explain,
// which imports the descriptors and is never imported by them.
import { DeclaredKind, DeclaringConstruct, fixedId, matchesResource } from './core/declared-resources';
import type { ChangeSide } from './core/change-side';
import type { ExplainedFieldChange } from './core/field-change';
import type { IGuardrailRule } from './core/guardrail-rule';

export type { BlockValues, DeclaredKind, ProviderPlace } from './core/declared-resources';
export { declaredResources, fixedId, literalText, matchesResource } from './core/declared-resources';

/** One kind of resource a construct declares. */
export interface DeclaredResource extends DeclaredKind {
  /** What the kind is, for the report schema's description. */
  readonly description: string;
  /**
   * For a resource without construct metadata (one that left the configuration):
   * what its address looks like, when the type alone does not tell it is this kind.
   */
  readonly formerAddress?: RegExp;
  /**
   * Whether the resource's own values say it is of this kind: false when they
   * say another (a ConfigMap's manifest), undefined when they say nothing
   * (null, unknown, no values). Default: the type and id decide.
   */
  readonly saysOwn?: (terraformType: string, values: unknown) => boolean | undefined;
  /** The changes of its fields in the construct's terms (prop names), for `explain`. */
  readonly fieldChanges: (terraformType: string, before: ChangeSide, after: ChangeSide) => ExplainedFieldChange[];
  /** For a per-item kind: the item a resource is for, from its planned values (a node's name); `explain` reports it as `node`. */
  readonly itemName?: (terraformType: string, before: ChangeSide, after: ChangeSide) => string | undefined;
  /**
   * Set for a resource whose replacement replaces another of the same construct
   * (a name trigger): the kind it replaces, the prop it carries, and that
   * prop's value on one side of a change.
   */
  readonly triggers?: { readonly kind: string; readonly prop: string; readonly value: (terraformType: string, side: ChangeSide) => ChangeSide };
}

/** How the judges judge one entry point (a constructor, `<init>`, or a method). */
export interface EntryPointHint {
  /**
   * `terraform`: what it declares is validated and planned; `validate`: validated
   * only (an import target Terraform must generate); `call`: it returns or
   * refuses, and writes nothing.
   *
   * @default 'terraform'
   */
  readonly judged?: 'terraform' | 'validate' | 'call';
  /** Valid values of its parameters that are not structs, by parameter name. */
  readonly defaults?: { readonly [param: string]: unknown };
  /** Struct properties judged by `validate` only (settings whose provider would call the network when configured). */
  readonly validateOnly?: readonly string[];
  /** The returned reference is used through this attribute, so that Terraform reads it. */
  readonly use?: string;
  /** The returned value is given to this entry point of the same class (props it builds). */
  readonly feeds?: string;
  /** It calls a live service: judged by its emulator tests, not here. */
  readonly service?: boolean;
}

/**
 * A minimal valid value of a struct; a function of a number unique to each use
 * where the value names a live object, and of a sensitive string (a token of a
 * sensitive variable of the judged stack) where it needs a secret.
 */
export type MinimalValue = unknown | ((unique: number, sensitive: string) => unknown);

/** What one construct class is. */
export interface ConstructDescriptor extends DeclaringConstruct<DeclaredResource> {
  /** The docs page that documents it, relative to the package root. */
  readonly docsPage: string;
  /**
   * Its built-in guardrail rules (issue 45): checked at synth against every construct of the
   * class, written beside the construct (`lib/<area>/<construct>-rules.ts`).
   *
   * @default - none
   */
  readonly rules?: readonly IGuardrailRule[];
  /**
   * Its props as a plan gives them (its resources' planned values, sensitive ones left out), for
   * the rules `explain` checks at plan: a value that was a token at synth is known then.
   *
   * @default - its rules are checked at synth only
   */
  readonly propsAtPlan?: (resources: readonly PlannedResource[]) => { [prop: string]: unknown } | undefined;
  /** A minimal valid value of each struct its entry points take, by struct name. */
  readonly minimal: { readonly [struct: string]: MinimalValue };
  /**
   * A second minimal value of a struct, for one of its properties that the
   * first conflicts with (a name prefix beside the name the minimal value
   * sets), keyed `Struct.property`: the judges give that property's values in
   * it, so that Terraform judges them.
   *
   * @default - none: every property is judged in the struct's minimal value
   */
  readonly alternatives?: { readonly [structProperty: string]: MinimalValue };
  /**
   * Positions no value may reach, keyed by their path below the entry point's
   * parameter (`items > spec > configSource > configMap > uid`: at every entry
   * point that takes the struct) or by one entry point's position
   * (`adopt(props) > count`), each with the
   * authority that refuses every value there (or why the judges cannot give one
   * Terraform accepts). The positions judge checks that each is indeed refused
   * every value, and does not call it unreached.
   *
   * @default - every position is reached by some value
   */
  readonly unreachable?: { readonly [positionPath: string]: string };
  /** Every entry point of the class (as the jsii assembly names them: `<init>`, method names), and how it is judged. */
  readonly entryPoints: { readonly [entry: string]: EntryPointHint };
  /**
   * With `forEach`, each instance must manage its own object: the props whose
   * values must then differ per instance, given the iterator's key (a name
   * built from `each.key`).
   */
  readonly eachInstance?: { readonly [prop: string]: (key: string) => string };
  /**
   * For a provider whose resources may each name a region of their own (a
   * `region` prop, as the aws provider 6.x allows): two regions it accepts, and
   * the provider props a per-resource region needs. The one-declaration judge
   * declares one live object in each region and expects both accepted.
   *
   * @default - its resources name no region
   */
  readonly regions?: { readonly values: readonly [string, string]; readonly props?: { readonly [prop: string]: unknown } };
  /**
   * For a provider: the construct that uses it, and props beside `provider`,
   * so that a judged configuration is read by Terraform.
   */
  readonly provides?: { readonly className: string; readonly props?: { readonly [prop: string]: unknown } };
}

/** One resource of a construct as a plan gives it: its type and planned values (null where unknown or sensitive). */
export interface PlannedResource {
  readonly terraformType: string;
  readonly values: unknown;
}

/** One resource of one construct, as a stack declares it: its construct id, type and values. */
export interface DeclaredMember {
  readonly id: string;
  readonly terraformType: string;
  /** Its values, where they are known (cdk.tf.json); undefined where not (metadata.json, removed blocks). */
  readonly values?: unknown;
}

/**
 * The way of `descriptor` a construct's resources are declared in, or
 * undefined when they are not one of its ways: every member is of one of the
 * way's kinds (and its values do not say otherwise), and each fixed id is
 * there exactly once.
 */
export function declaredWay(descriptor: ConstructDescriptor, members: readonly DeclaredMember[]): readonly DeclaredResource[] | undefined {
  if (members.length === 0) return undefined;
  return descriptor.declares.find((way) => {
    const kinds = members.map((m) => way.find((r) => matchesResource(r, m.terraformType, m.id) && r.saysOwn?.(m.terraformType, m.values) !== false));
    if (kinds.some((k) => k === undefined)) return false;
    return way.every((r) => fixedId(r) === undefined || kinds.filter((k) => k === r).length === 1);
  });
}

/**
 * The descriptors a construct of `recordedClass` may be: that class's, when one
 * describes it; else all of them (a stack written before classes were
 * recorded, or a class no descriptor names: the shape decides).
 */
export function descriptorsFor(descriptors: readonly ConstructDescriptor[], recordedClass: string | undefined): readonly ConstructDescriptor[] {
  const named = recordedClass === undefined ? [] : descriptors.filter((d) => d.className === recordedClass);
  return named.length > 0 ? named : descriptors;
}

