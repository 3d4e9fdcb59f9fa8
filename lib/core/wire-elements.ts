import { Construct } from 'constructs';
import {
  ITerraformDependable,
  TerraformDataSource,
  TerraformProvider,
  TerraformResource,
  TerraformResourceLifecycle,
} from './framework';
import { withHclLifecycle } from './hcl-lifecycle';
import { toHclAttributes, toJsonAttributes, WireAttributes } from './wire';

/** Where a block comes from: its Terraform type and the provider that owns it. */
export interface WireElementConfig {
  /** Terraform type, e.g. `aws_redshift_authentication_profile`. */
  readonly terraformType: string;
  /** Local name of the provider in `required_providers` (`aws`, `datadog`, `terraform` for built-ins). */
  readonly providerName: string;
  /** Computes the attributes at synth time, so later changes to the construct are seen. */
  readonly attributes: () => WireAttributes;
  readonly provider?: TerraformProvider;
  readonly dependsOn?: ITerraformDependable[];
  readonly lifecycle?: TerraformResourceLifecycle;
  /**
   * Resources whose replacement (or any change) replaces this one, appended to
   * `lifecycle.replace_triggered_by` as plain `type.name` addresses at synth time:
   * cdktf renders a resource object there as `${type.name}`, which Terraform
   * rejects (toolchain.md), and a token would cost a stack trace per resource.
   */
  readonly replaceTriggeredBy?: TerraformResource[];
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
      dependsOn: config.dependsOn,
      lifecycle: config.lifecycle,
    });
    this.attributes = config.attributes;
    this.replaceTriggers = config.replaceTriggeredBy ?? [];
  }

  private readonly replaceTriggers: TerraformResource[];

  public get terraformMetaArguments(): { [name: string]: any } {
    const meta = super.terraformMetaArguments;
    if (this.replaceTriggers.length === 0) return meta;
    const addresses = this.replaceTriggers.map((r) => `${r.terraformResourceType}.${r.friendlyUniqueId}`);
    return { ...meta, lifecycle: { ...meta.lifecycle, replaceTriggeredBy: [...(meta.lifecycle?.replaceTriggeredBy ?? []), ...addresses] } };
  }

  private readonly stringReferences = new Map<string, string>();

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

  public toHclTerraform(): any {
    return withHclLifecycle(this, super.toHclTerraform(), 'resource', this.terraformResourceType, this.friendlyUniqueId);
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
      dependsOn: config.dependsOn,
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
 * A provider block described as {@link WireAttributes}.
 *
 * @internal hidden base class: jsii copies its public members into each provider.
 */
export class WireProvider extends TerraformProvider {
  private readonly attributes: () => WireAttributes;

  constructor(scope: Construct, id: string, config: WireProviderConfig) {
    super(scope, id, {
      terraformResourceType: config.providerName,
      terraformGeneratorMetadata: { providerName: config.providerName, providerVersionConstraint: config.versionConstraint },
      terraformProviderSource: config.source,
    });
    this.attributes = config.attributes;
    this.providerAlias = config.alias;
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
