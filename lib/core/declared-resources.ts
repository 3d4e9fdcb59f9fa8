// What a construct declares, as the core sees it: kinds of resources with their
// Terraform types and construct ids, and the identity of the live object each
// manages (live-objects.ts compares them across a stack). The whole descriptor
// of a construct (lib/construct-descriptor.ts) extends these with how
// `explain` reads the resources and how the judges call the construct.
import { literalValueOf } from './literal-text';

/** A live object's identity: a key equal for two resources exactly when they manage one object, and how the object is shown. */
export interface LiveIdentity {
  readonly key: string;
  readonly shown: string;
}

/** The attributes of a resource as its block holds them (cdk.tf.json, or a plan's values); tokens are unknown. */
export type BlockValues = { readonly [attribute: string]: unknown };

/** Where a resource is managed: its provider configuration and the literal settings of that configuration. */
export interface ProviderPlace {
  /**
   * The provider configuration, within its stack: the provider's local name and
   * its alias (`""` for the default configuration).
   */
  readonly key: string;
  /** The configuration's settings (a provider block's attributes); undefined when the stack declares no provider construct. */
  readonly settings?: BlockValues;
}

/** One kind of resource a construct declares. */
export interface DeclaredKind {
  /** The kind, as `explain` reports name it (`profile`, `node manifest`): unique across descriptors. */
  readonly kind: string;
  /** The Terraform types a resource of this kind may have (the first is the default). */
  readonly terraformTypes: readonly string[];
  /**
   * Its id in the construct tree, below the construct: a fixed id (`Resource`,
   * `NameTrigger`: exactly one per construct), or one per item, `<item name><suffix>`
   * (a node's `worker-1`, `worker-1-labels`).
   */
  readonly id: { readonly fixed: string } | { readonly perItemSuffix: string };
  /**
   * The live object the resource manages: a key equal for two resources
   * exactly when they manage one object (from its block's literal values and
   * its provider configuration), and how the object is shown in a message.
   * Undefined when any part of it is unknown at synth time (a token), or when
   * the resource manages no object of the construct's kind (a ConfigMap's
   * manifest). Absent where the resource manages no live object of its own (a
   * trigger).
   */
  readonly identity?: (values: BlockValues, provider: ProviderPlace) => LiveIdentity | undefined;
  /**
   * The prop that names the live object, below `props/` (where a second
   * declaration is reported); in a per-item kind, `{item}` stands for the
   * index of the item the resource is of (`items/{item}/metadata/name`).
   */
  readonly identityProp?: string;
  /** What a second declaration of one live object leads to, with the authority that says so. */
  readonly conflict?: string;
}

/** A construct class as the core sees it: its name, and the ways it declares its resources. */
export interface DeclaringConstruct<K extends DeclaredKind = DeclaredKind> {
  /** The class's name, as lib/index.ts exports it. */
  readonly className: string;
  /**
   * The resources it declares, in the ways it may declare them: each way is a
   * list of kinds; a construct's resources are one way's (each fixed id exactly
   * once, per-item kinds any number of times). Empty for a construct that
   * declares no resource (a provider, a data source).
   */
  readonly declares: readonly (readonly K[])[];
}

/** Every kind of resource a construct declares, once each. */
export function declaredResources<K extends DeclaredKind>(construct: DeclaringConstruct<K>): K[] {
  return [...new Set(construct.declares.flat())];
}

/** A fixed id's text, or undefined for a per-item kind. */
export function fixedId(resource: DeclaredKind): string | undefined {
  return 'fixed' in resource.id ? resource.id.fixed : undefined;
}

/** Whether a resource of type `terraformType` with construct id `id` is of kind `resource`. */
export function matchesResource(resource: DeclaredKind, terraformType: string, id: string): boolean {
  if (!resource.terraformTypes.includes(terraformType)) return false;
  if ('fixed' in resource.id) return id === resource.id.fixed;
  const suffix = resource.id.perItemSuffix;
  return id.length > suffix.length && id.endsWith(suffix);
}

/**
 * A string value known at synth time: its text as Terraform reads it (a
 * `Literal.text` piece is that text, written escaped); undefined for a token,
 * a reference or a directive, known only when Terraform runs.
 */
export function literalText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const literal = literalValueOf(value);
  if (literal !== undefined) return literal;
  return /[$%]\{/.test(value) ? undefined : value;
}
