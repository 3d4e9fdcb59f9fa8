import { TerraformStack, Testing } from '../../lib/core/framework';
import { KubernetesProvider, Node } from '../../lib';

export { errorOf } from '../support/errors';

/** A fresh stack with a kubernetes provider. */
export function newStack(): TerraformStack {
  const stack = new TerraformStack(Testing.app(), 'stack');
  new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  return stack;
}

/** A valid node named `name`. */
export function node(name: string, extra: Partial<Node> = {}): Node {
  return { metadata: { name }, ...extra };
}

/** The warning messages annotated on a construct. */
export function warningsOf(construct: { node: { metadata: { type: string; data: any }[] } }): string[] {
  return construct.node.metadata.filter((m) => m.type === '@cdktf/warn').map((m) => String(m.data));
}
