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
// Plain data and small functions: no registry, no framework import (explain
// reads descriptors without loading cdktf).
import type { ChangeSide } from '../explain/change-side';
import type { ExplainedFieldChange } from '../explain/explained';

/** The attributes of a resource as its block holds them (cdk.tf.json, or a plan's values); tokens are unknown. */
export type BlockValues = { readonly [attribute: string]: unknown };

/** Where a resource is managed: its provider configuration and the literal settings of that configuration. */
export interface ProviderPlace {
  /**
   * The provider configuration, within its stack: the stack path, the provider's
   * local name and its alias (`""` for the default configuration).
   */
  readonly key: string;
  /** The configuration's settings (a provider block's attributes); undefined when the stack declares no provider construct. */
  readonly settings?: BlockValues;
}

/** One kind of resource a construct declares. */
export interface DeclaredResource {
  /** The kind, as `explain` reports name it (`profile`, `node manifest`): unique across descriptors. */
  readonly kind: string;
  /** What the kind is, for the report schema's description. */
  readonly description: string;
  /** The Terraform types a resource of this kind may have (the first is the default). */
  readonly terraformTypes: readonly string[];
  /**
   * Its id in the construct tree, below the construct: a fixed id (`Resource`,
   * `NameTrigger`: exactly one per construct), or one per item, `<item name><suffix>`
   * (a node's `worker-1`, `worker-1-labels`).
   */
  readonly id: { readonly fixed: string } | { readonly perItemSuffix: string };
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
  /**
   * The live object the resource manages: a key equal for two resources
   * exactly when they manage one object (from its block's literal values and
   * its provider configuration), and how the object is shown in a message.
   * Undefined when any part of it is unknown at synth time (a token), or when
   * the resource manages no object of the construct's kind (a ConfigMap's
   * manifest). Absent where the resource manages no live object of its own (a
   * trigger).
   */
  readonly identity?: (values: BlockValues, provider: ProviderPlace) => { readonly key: string; readonly shown: string } | undefined;
  /**
   * The prop that names the live object, below `props/` (where a second
   * declaration is reported); in a per-item kind, `{item}` stands for the
   * index of the item the resource is of (`items/{item}/metadata/name`).
   */
  readonly identityProp?: string;
  /** What a second declaration of one live object leads to, with the authority that says so. */
  readonly conflict?: string;
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

/** A minimal valid value of a struct; a function of a number unique to each use where the value names a live object. */
export type MinimalValue = unknown | ((unique: number) => unknown);

/** What one construct class is. */
export interface ConstructDescriptor {
  /** The class's name, as lib/index.ts exports it. */
  readonly className: string;
  /** The docs page that documents it, relative to the package root. */
  readonly docsPage: string;
  /**
   * The resources it declares, in the ways it may declare them: each way is a
   * list of kinds; a construct's resources are one way's (each fixed id exactly
   * once, per-item kinds any number of times). Empty for a construct that
   * declares no resource (a provider, a data source).
   */
  readonly declares: readonly (readonly DeclaredResource[])[];
  /** A minimal valid value of each struct its entry points take, by struct name. */
  readonly minimal: { readonly [struct: string]: MinimalValue };
  /** Every entry point of the class (as the jsii assembly names them: `<init>`, method names), and how it is judged. */
  readonly entryPoints: { readonly [entry: string]: EntryPointHint };
  /**
   * With `forEach`, each instance must manage its own object: the props whose
   * values must then differ per instance, given the iterator's key (a name
   * built from `each.key`).
   */
  readonly eachInstance?: { readonly [prop: string]: (key: string) => string };
  /**
   * For a provider: the construct that uses it, and props beside `provider`,
   * so that a judged configuration is read by Terraform.
   */
  readonly provides?: { readonly className: string; readonly props?: { readonly [prop: string]: unknown } };
}

/** Every kind of resource a descriptor declares, once each. */
export function declaredResources(descriptor: ConstructDescriptor): DeclaredResource[] {
  return [...new Set(descriptor.declares.flat())];
}

/** A fixed id's text, or undefined for a per-item kind. */
export function fixedId(resource: DeclaredResource): string | undefined {
  return 'fixed' in resource.id ? resource.id.fixed : undefined;
}

/** Whether a resource of type `terraformType` with construct id `id` is of kind `resource`. */
export function matchesResource(resource: DeclaredResource, terraformType: string, id: string): boolean {
  if (!resource.terraformTypes.includes(terraformType)) return false;
  if ('fixed' in resource.id) return id === resource.id.fixed;
  const suffix = resource.id.perItemSuffix;
  return id.length > suffix.length && id.endsWith(suffix);
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

/** A string value that is literal text (no token, no Terraform template sequence): its text; undefined otherwise. */
export function literalText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // A token's text (`${TfToken[…]}`), a reference or a directive: known only when Terraform reads it.
  return /[$%]\{/.test(value) ? undefined : value;
}
