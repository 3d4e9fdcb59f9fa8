// One configuration per provider and alias in a stack: Terraform refuses a
// second default (unaliased) configuration of a provider, and two with the
// same alias ("Duplicate provider configuration": hashicorp/terraform
// internal/configs/module.go, Module.appendFile, at v1.11.0). Checked at synth
// time, when aliases can no longer change, over every provider construct of
// the stack (this library's and cdktf's own), and reported naming both.
import { IConstruct } from 'constructs';
import { TerraformProvider, TerraformStack } from './framework';
import { Problems } from './problems';
import { SynthTimeCheck } from './synth-time-check';

const REGISTRY_ID = 'ProviderConfigurations';

/** The check of a stack's provider configurations, run when it is synthesized. */
export class ProviderConfigurations extends SynthTimeCheck {
  /** The check of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): ProviderConfigurations {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(REGISTRY_ID) as ProviderConfigurations | undefined) ?? new ProviderConfigurations(stack, REGISTRY_ID);
  }

  private constructor(scope: TerraformStack, id: string) {
    super(scope, id);
  }

  /** Throws a ValidationError naming the second configuration of a provider and alias, and the first. */
  protected check(): void {
    const seen = new Map<string, TerraformProvider>();
    for (const c of this.stackConstructs()) {
      if (!TerraformProvider.isTerraformProvider(c)) continue;
      const provider = c as TerraformProvider;
      const alias = provider.alias;
      const key = `${provider.terraformResourceType}\u0000${alias ?? ''}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, provider);
        continue;
      }
      const problems = new Problems();
      const type = provider.terraformResourceType;
      problems.add(
        'props/alias',
        alias,
        alias === undefined
          ? `an alias: ${first.node.path} is the default (non-aliased) ${type} provider of this stack already, and Terraform takes one default configuration per provider (Terraform: Duplicate provider configuration); set alias on every other ${type} provider`
          : `an alias no other ${type} provider of this stack has: ${first.node.path} has alias ${JSON.stringify(alias)} already (Terraform: Duplicate provider configuration)`,
      );
      problems.throwIfAnyAt(provider.node.path);
    }
  }
}
