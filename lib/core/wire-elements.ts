import { Construct, IConstruct } from 'constructs';
import {
  ITerraformDependable,
  ITerraformIterator,
  TerraformCount,
  TerraformDataSource,
  TerraformProvider,
  TerraformResource,
  TerraformResourceLifecycle,
} from './framework';
import { withHclLifecycle } from './hcl-lifecycle';
import { BlockValues } from './declared-resources';
import { hclValueForCdktf } from './hcl-writer';
import { writtenLiterals } from './literal-text';
import { instanceIndex, plainAddresses, repetitionOf } from './meta-arguments';
import { toHclAttributes, toJsonAttributes, WireAttributes } from './wire';
import { ProviderConfigurations } from './provider-configurations';
import { settledBlock } from './settled-block';

/** The empty list of a resource without triggers or dependencies: one for all of them. */
const NONE: readonly never[] = Object.freeze([]);

/**
 * The entries of `meta` that are set. cdktf snake-cases every key of the
 * meta-arguments (three regular expressions a key) for every resource, on both
 * passes of a synth: most are unset, and an absent key writes what an unset one
 * does (Terraform reserves these names: no attribute shares one).
 */
function onlySet(meta: { [name: string]: any }): { [name: string]: any } {
  const set: { [name: string]: any } = {};
  for (const name in meta) if (meta[name] !== undefined) set[name] = meta[name];
  return set;
}

/** The addresses once each, in order; undefined for none (read for every resource on both passes: no set for one). */
function distinct(addresses: string[]): string[] | undefined {
  return addresses.length === 0 ? undefined : addresses.length === 1 ? addresses : [...new Set(addresses)];
}

/** Where a block comes from: its Terraform type and the provider that owns it. */
export interface WireElementConfig {
  /** Terraform type, e.g. `aws_redshift_authentication_profile`. */
  readonly terraformType: string;
  /** Local name of the provider in `required_providers` (`aws`, `datadog`, `terraform` for built-ins). */
  readonly providerName: string;
  /** Computes the attributes at synth time, so later changes to the construct are seen. */
  readonly attributes: () => WireAttributes;
  readonly provider?: TerraformProvider;
  /**
   * What the resource depends on, as the user gave it (resources, constructs,
   * addresses, references): written as plain addresses (see meta-arguments.ts).
   */
  readonly dependsOn?: readonly (ITerraformDependable | IConstruct | string)[];
  /** Lifecycle settings; `replaceTriggeredBy` entries are written as plain addresses. */
  readonly lifecycle?: TerraformResourceLifecycle;
  /** `for_each` of the resource. */
  readonly forEach?: ITerraformIterator;
  /** `count` of the resource. */
  readonly count?: number | TerraformCount;
  /**
   * Resources whose replacement (or any change) replaces this one, appended to
   * `lifecycle.replace_triggered_by` as plain `type.name` addresses at synth time:
   * cdktf renders a resource object there as `${type.name}`, which Terraform
   * rejects (toolchain.md), and a token would cost a stack trace per resource.
   * They are repeated as this resource is (see `repeatedAs`): the address names
   * the matching instance, `type.name[each.key]` or `type.name[count.index]`.
   */
  readonly replaceTriggeredBy?: TerraformResource[];
  /**
   * A resource whose `for_each` or `count` this one takes at synth time, so that
   * the two are always repeated alike (a trigger follows its profile, even when
   * the profile's meta-arguments are set after construction).
   */
  readonly repeatedAs?: () => TerraformResource | undefined;
}

/**
 * A Terraform resource whose attributes are described once, as {@link WireAttributes},
 * and rendered for both the JSON and the HCL output.
 */
export class WireResource extends TerraformResource {
  private readonly attributes: () => WireAttributes;

  constructor(scope: Construct, id: string, config: WireElementConfig) {
    super(scope, id, {
      terraformResourceType: config.terraformType,
      // providerName lets cdktf's own check report a stack that lacks the provider construct.
      terraformGeneratorMetadata: { providerName: config.providerName },
      provider: config.provider,
      // Written by terraformMetaArguments: cdktf's own rendering reads an entry's
      // `fqn` (nothing for a string) and quotes the list in HCL.
      lifecycle: config.lifecycle,
      forEach: config.forEach,
      count: config.count,
    });
    this.attributes = config.attributes;
    this.replaceTriggers = config.replaceTriggeredBy ?? NONE;
    this.userDependsOn = config.dependsOn ?? NONE;
    this.repeatedAs = config.repeatedAs;
  }

  private readonly replaceTriggers: readonly TerraformResource[];
  private readonly userDependsOn: readonly unknown[];
  private readonly repeatedAs?: () => TerraformResource | undefined;

  public get terraformMetaArguments(): { [name: string]: any } {
    // A fresh object on each read (cdktf builds it in the getter): set in place, then copied by onlySet.
    const meta = super.terraformMetaArguments;
    const source = this.repeatedAs?.();
    if (source !== undefined) {
      meta.forEach = source.forEach?._getForEachExpression();
      meta.count = TerraformCount.isTerraformCount(source.count) ? source.count.toTerraform() : source.count;
    }
    // Entries added to the public `dependsOn` after construction are cdktf's strings.
    meta.dependsOn = distinct(plainAddresses(this, this.userDependsOn, 'dependsOn').concat(plainAddresses(this, this.dependsOn, 'dependsOn')));
    const userTriggers = plainAddresses(this, this.lifecycle?.replaceTriggeredBy, 'replaceTriggeredBy');
    const index = instanceIndex(repetitionOf(source ?? this));
    const ownTriggers = this.replaceTriggers.map((r) => `${r.terraformResourceType}.${r.friendlyUniqueId}${index}`);
    const triggers = distinct(userTriggers.concat(ownTriggers));
    if (meta.lifecycle !== undefined || triggers !== undefined) meta.lifecycle = Object.assign({}, meta.lifecycle, { replaceTriggeredBy: triggers });
    return onlySet(meta);
  }

  /** Made on first use: most resources are never referenced (a map each would be paid by every fleet). */
  private stringReferences?: Map<string, string>;

  /** The Terraform address, `type.name`, for import blocks and `replace_triggered_by`. */
  public get address(): string {
    return `${this.terraformResourceType}.${this.friendlyUniqueId}`;
  }

  /**
   * A reference to a string attribute, created on first use and then reused:
   * cdktf records a full stack trace for every reference, which dominated the
   * synth time of 10,000 constructs that made theirs eagerly.
   */
  public stringReference(attribute: string): string {
    this.stringReferences ??= new Map();
    let reference = this.stringReferences.get(attribute);
    if (reference === undefined) {
      reference = this.getStringAttribute(attribute);
      this.stringReferences.set(attribute, reference);
    }
    return reference;
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return toJsonAttributes(this.attributes());
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    return toHclAttributes(this, this.attributes());
  }

  /**
   * The attributes as cdk.tf.json holds them, tokens unresolved (live-objects.ts
   * reads identities from them): strings rendered at once, other values when
   * read, absent ones left out; a value of
   * any type (a manifest) as given, its literal texts not rendered (a check
   * reads a name in it, not the whole manifest: a name given as `Literal.text`
   * reads as unknown).
   */
  public get blockValues(): BlockValues {
    const attributes = this.attributes();
    const values: { [name: string]: unknown } = {};
    for (const name of Object.keys(attributes)) {
      const attribute = attributes[name];
      if (attribute === undefined) continue;
      // A string (a name, an id: what identities read) is rendered at once, as cheaply as read.
      if (attribute.kind === 'any') values[name] = attribute.value;
      else if (attribute.kind === 'string') values[name] = writtenLiterals(attribute.value);
      else Object.defineProperty(values, name, { enumerable: true, get: () => toJsonAttributes({ [name]: attribute })[name] });
    }
    return values;
  }

  private released = false;

  /** True once {@link release} was called: the resource writes nothing. */
  public get isReleased(): boolean {
    return this.released;
  }

  /** Stops writing the resource: a `removed` block takes its place (see removed-blocks.ts). */
  public release(): void {
    this.released = true;
  }

  public toTerraform(): any {
    if (this.released) return {};
    const out = super.toTerraform();
    // A block without tokens is skipped by cdktf's preparing pass (settled-block.ts).
    // Its one key is the logical id (read again, it would be made again: an md5 for a nested resource).
    const byName = out.resource?.[this.terraformResourceType];
    for (const id in byName) byName[id] = settledBlock(byName[id]);
    return out;
  }

  public toHclTerraform(): any {
    if (this.released) return {};
    const out = withHclLifecycle(this, super.toHclTerraform(), 'resource', this.terraformResourceType, this.friendlyUniqueId);
    // cdktf's HCL writer writes a for_each map's keys unescaped (a quote or a
    // line break in a key breaks the file): the one HCL writer writes it instead.
    const block = out?.resource?.[this.terraformResourceType]?.[this.friendlyUniqueId];
    const forEach = this.terraformMetaArguments.forEach;
    if (block !== undefined && forEach !== undefined) block.for_each = hclValueForCdktf(this, forEach);
    return out;
  }
}

/** A Terraform data source described as {@link WireAttributes}; see {@link WireResource}. */
export class WireDataSource extends TerraformDataSource {
  private readonly attributes: () => WireAttributes;

  constructor(scope: Construct, id: string, config: WireElementConfig) {
    super(scope, id, {
      terraformResourceType: config.terraformType,
      terraformGeneratorMetadata: { providerName: config.providerName },
      provider: config.provider,
      dependsOn: config.dependsOn as ITerraformDependable[] | undefined,
      lifecycle: config.lifecycle,
    });
    this.attributes = config.attributes;
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return toJsonAttributes(this.attributes());
  }

  protected synthesizeHclAttributes(): { [name: string]: any } {
    return toHclAttributes(this, this.attributes());
  }

  public toHclTerraform(): any {
    return withHclLifecycle(this, super.toHclTerraform(), 'data', this.terraformResourceType, this.friendlyUniqueId);
  }
}

/** What a provider construct declares in `required_providers`. */
export interface WireProviderConfig {
  /** Local name, e.g. `aws`. */
  readonly providerName: string;
  /** Registry source, e.g. `hashicorp/aws`. */
  readonly source: string;
  /** Version constraint, e.g. `>= 5.0, < 7.0`. */
  readonly versionConstraint: string;
  /** Alias, for a second provider of the same kind in one stack. */
  readonly alias?: string;
  readonly attributes: () => WireAttributes;
}

/**
 * The version constraint as cdktf writes it into `required_providers`: cdktf's
 * HCL writer leaves a string that reads as a number unquoted (`version = 99`),
 * which Terraform refuses ("Version must be specified as a string"); such a
 * constraint is a bare version, written with its implicit operator instead
 * (`= 99`, the same constraint to Terraform), in both outputs alike.
 */
function quotableConstraint(constraint: string): string {
  return constraint.trim() !== '' && !Number.isNaN(Number(constraint)) ? `= ${constraint.trim()}` : constraint;
}

/**
 * A provider block described as {@link WireAttributes}.
 *
 * @internal hidden base class: jsii copies its public members into each provider.
 */
export class WireProvider extends TerraformProvider {
  private readonly attributes: () => WireAttributes;

  constructor(scope: Construct, id: string, config: WireProviderConfig) {
    super(scope, id, {
      terraformResourceType: config.providerName,
      terraformGeneratorMetadata: { providerName: config.providerName, providerVersionConstraint: quotableConstraint(config.versionConstraint) },
      terraformProviderSource: config.source,
    });
    this.attributes = config.attributes;
    this.providerAlias = config.alias;
    // One configuration per provider and alias in the stack, checked at synth.
    ProviderConfigurations.of(this);
  }

  private providerAlias?: string;

  // cdktf's TerraformProvider leaves alias storage to subclasses; fqn and the
  // `alias` meta-argument read it from here.
  /**
   * The provider's alias, written as its `alias` meta-argument and used in its
   * `fqn` (`<name>.<alias>`); undefined for the default provider of its type.
   */
  public get alias(): string | undefined {
    return this.providerAlias;
  }

  public set alias(value: string | undefined) {
    this.providerAlias = value;
  }

  /**
   * The provider block's settings for the Terraform JSON output, without the
   * attributes left unset.
   *
   * @returns the settings, by Terraform attribute name
   */
  protected synthesizeAttributes(): { [name: string]: any } {
    return toJsonAttributes(this.attributes());
  }

  /**
   * The provider block's settings for the HCL output (`cdktf synth --hcl`),
   * without the attributes left unset.
   *
   * @returns the settings, by Terraform attribute name, in cdktf's HCL description format
   */
  protected synthesizeHclAttributes(): { [name: string]: any } {
    return toHclAttributes(this, this.attributes());
  }
}
