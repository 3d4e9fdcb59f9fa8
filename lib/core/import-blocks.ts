import { Construct, IConstruct } from 'constructs';
import { ITerraformIterator, TerraformElement, TerraformProvider, TerraformStack, ValidateTerraformVersion } from './framework';
import { hclValueForCdktf } from './hcl-writer';
import { writtenLiteral } from './literal-text';
import { compileSchema } from './json-schema';
import { constructPathOf, Problems } from './problems';
import { checkProvider } from './meta-arguments';
import { readProps } from './snapshot';
import { StackReferences } from './stack-references';
import { checkString, positionAt, StringPosition } from './string-position';
import { TextGrammar } from './text-grammar';
import { ValidationError } from './validation-error';

interface ImportEntry {
  readonly to: () => string;
  readonly id: string;
  readonly provider?: TerraformProvider;
  readonly forEach?: () => ITerraformIterator | undefined;
}

const REGISTRY_ID = 'ImportBlocks';

/**
 * The `import` blocks of one stack, rendered together.
 *
 * cdktf's `importFrom()` adds a `terraform version` check per resource (~45 ms
 * each) and merges one array per resource; this registry checks once per stack
 * and renders every block in one pass.
 */
export class ImportBlocks extends TerraformElement {
  /** The registry of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): ImportBlocks {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(REGISTRY_ID) as ImportBlocks | undefined) ?? new ImportBlocks(stack, REGISTRY_ID);
  }

  private readonly entries: ImportEntry[] = [];

  private constructor(scope: Construct, id: string) {
    super(scope, id, 'import');
    this.node.addValidation(
      new ValidateTerraformVersion('>=1.5', 'Import blocks are only supported by Terraform 1.5 and later. Please upgrade Terraform.'),
    );
  }

  private repeated = false;

  /**
   * Adds `import { to = <address>, id = <id> }`, or, with an iterator,
   * `import { for_each = <collection>, to = <address>[each.key], id = <id> }`
   * (Terraform 1.7 and later).
   * @param to the target address, computed at synth time (`type.name`, `type.name[each.key]`)
   * @param forEach the iterator of the block, read at synth time (the resource's own)
   */
  public add(to: () => string, id: string, provider?: TerraformProvider, forEach?: () => ITerraformIterator | undefined): void {
    // An id made of literals is written as one literal (lib/core/literal-text.ts).
    this.entries.push({ to, id: writtenLiteral(id), provider, forEach });
    if (forEach !== undefined && !this.repeated) {
      this.repeated = true;
      this.node.addValidation(
        new ValidateTerraformVersion('>=1.7', 'Import blocks with for_each are only supported by Terraform 1.7 and later. Please upgrade Terraform.'),
      );
    }
  }

  public toTerraform(): any {
    if (this.entries.length === 0) return {};
    return {
      import: this.entries.map((e) => ({ for_each: e.forEach?.()?._getForEachExpression(), id: e.id, to: e.to(), provider: e.provider?.fqn })),
    };
  }

  public toHclTerraform(): any {
    if (this.entries.length === 0) return {};
    return {
      import: this.entries.map((e) => {
        const forEach = e.forEach?.();
        return {
          for_each: forEach === undefined ? undefined : hclValueForCdktf(this, forEach._getForEachExpression()),
          to: { value: e.to(), type: 'simple', storageClassType: 'reference' },
          id: hclValueForCdktf(this, e.id),
          provider: e.provider ? { value: e.provider.fqn, type: 'simple', storageClassType: 'reference' } : undefined,
        };
      }),
    };
  }
}

/** What {@link ImportTarget} adopts. */
export interface ImportTargetConfig {
  /** Terraform type of the resource to adopt. */
  readonly terraformType: string;
  /** The provider's import id. */
  readonly importId: string;
  /**
   * The provider to import with.
   *
   * @default - none: the block names no provider, and Terraform uses the default
   *   (unaliased) provider of the resource type
   */
  readonly provider?: TerraformProvider;
}

/** The resource type: part of the import address, which Terraform reads as written. */
const TERRAFORM_TYPE: StringPosition = {
  rule: 'a Terraform resource type such as "aws_redshift_authentication_profile"',
  grammar: TextGrammar.sequence(TextGrammar.char(/[a-zA-Z]/), TextGrammar.repeat(TextGrammar.char(/[a-zA-Z0-9_]/), 0)),
  mustBeKnown: 'it is part of the import address',
};

/** The provider's import id: any non-empty text. */
const IMPORT_ID: StringPosition = { rule: 'a non-empty import id', grammar: TextGrammar.repeat(TextGrammar.char(/[\s\S]/u), 1) };

const checkConfig = compileSchema({
  type: 'object',
  required: ['terraformType', 'importId'],
  properties: {
    // Checked by the string pipeline (TERRAFORM_TYPE, IMPORT_ID).
    terraformType: {},
    importId: {},
    // cdktf's own object: passed to the framework as given.
    provider: {},
  },
  additionalProperties: false,
});

/**
 * An `import` block with no resource behind it, for
 * `terraform plan -generate-config-out=FILE`, which writes the resource's
 * configuration. Emits only the import block.
 */
export class ImportTarget extends TerraformElement {
  /** The resource type to import. */
  public readonly terraformType: string;
  /** The provider's import id. */
  public readonly importId: string;

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param config the resource type and import id to adopt, and the provider to import with
   */
  constructor(scope: Construct, id: string, config: ImportTargetConfig) {
    config = readProps(constructPathOf(scope, id), config, 'config', false);
    const problems = new Problems();
    checkConfig(config, problems, 'config');
    const terraformType = checkString(config.terraformType, TERRAFORM_TYPE, problems, 'config/terraformType')?.text;
    checkString(config.importId, positionAt(IMPORT_ID, { construct: scope, path: constructPathOf(scope, id) }), problems, 'config/importId');
    // The provider of the type (its prefix), as Terraform chooses it; a token type is refused above.
    checkProvider(config.provider, problems, 'config/provider', terraformType?.split('_')[0]);
    // Checked before the element exists: nothing is added to the tree when the config is refused.
    if (problems.list.length > 0) throw new ValidationError(constructPathOf(scope, id), [...problems.list]);
    super(scope, id, terraformType!);
    this.terraformType = terraformType!;
    this.importId = config.importId;
    ImportBlocks.of(this).add(() => this.address, config.importId, config.provider);
    // The address names a resource Terraform will generate: references to it are valid.
    StackReferences.of(this).addGenerated(this);
  }

  /** The address the generated configuration will have, `type.name`. */
  public get address(): string {
    return `${this.terraformType}.${this.friendlyUniqueId}`;
  }

  /**
   * Contributes nothing to the Terraform JSON output: the stack's import blocks
   * are rendered together, by a registry element.
   *
   * @returns an empty object
   */
  public toTerraform(): any {
    this.checkProvider();
    return {};
  }

  /**
   * Contributes nothing to the HCL output: the stack's import blocks are
   * rendered together, by a registry element.
   *
   * @returns an empty object
   */
  public toHclTerraform(): any {
    this.checkProvider();
    return {};
  }

  /**
   * Terraform needs the provider of the resource type (named by the type's
   * prefix, `aws` for `aws_s3_bucket`) to import it: checked at synth, when the
   * stack's providers are all declared ("Missing required provider" otherwise).
   */
  private checkProvider(): void {
    const local = this.terraformType.split('_')[0];
    if (local === 'terraform') return;
    const declared = TerraformStack.of(this)
      .node.findAll()
      .filter((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c))
      .map((p) => p.terraformResourceType);
    if (declared.includes(local)) return;
    const problems = new Problems();
    problems.add('config/terraformType', this.terraformType, `a resource type of a provider this stack declares (${declared.join(', ') || 'none'}): Terraform needs the "${local}" provider to import it`);
    problems.throwIfAny(this);
  }
}
