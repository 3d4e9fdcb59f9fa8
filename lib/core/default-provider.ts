import { IConstruct } from 'constructs';
import { TerraformProvider, TerraformStack } from './framework';

const known = new WeakMap<TerraformStack, Map<string, TerraformProvider>>();

/**
 * The stack's default (unaliased) provider of `type`: the one declared before,
 * or else one made by `create`. Remembered per stack, so a thousand constructs
 * needing it search the tree once.
 */
export function ensureDefaultProvider(
  scope: IConstruct,
  type: string,
  create: (stack: TerraformStack) => TerraformProvider,
): TerraformProvider {
  const stack = TerraformStack.of(scope);
  let providers = known.get(stack);
  if (providers === undefined) known.set(stack, (providers = new Map()));
  let provider = providers.get(type);
  if (provider === undefined) {
    provider =
      stack.node
        .findAll()
        .find((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c) && c.terraformResourceType === type && c.alias === undefined) ??
      create(stack);
    providers.set(type, provider);
  }
  return provider;
}
