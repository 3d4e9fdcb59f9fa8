// Logical ids as the stack allocates them, for a path where no construct is:
// the former path of a construct that moved. The stack's own allocation is
// used (cdktf's `allocateLogicalId`, which a stack may override), given a
// stand-in node that has what the allocation reads: `scopes` (each scope's
// `node.id`), `id` and `path`.
import { IConstruct } from 'constructs';
import { TerraformElement, TerraformStack } from './framework';

interface Allocator {
  allocateLogicalId(node: unknown): string;
}

interface StandInNode {
  readonly id: string;
  readonly path: string;
  readonly scopes: readonly { readonly node: { readonly id: string; readonly path: string } }[];
}

/** The construct ids from the stack (excluded) down to `construct` (included). */
export function pathBelowStack(construct: IConstruct): string[] {
  const stack = TerraformStack.of(construct);
  const scopes = construct.node.scopes;
  return scopes.slice(scopes.indexOf(stack) + 1).map((c) => c.node.id);
}

/** The logical id `stack` allocates to an element at `components` below it. */
export function logicalIdAt(stack: TerraformStack, components: readonly string[]): string {
  let path = stack.node.path;
  const standIns = components.map((id) => {
    path = path ? `${path}/${id}` : id;
    return { node: { id, path } };
  });
  const node: StandInNode = { id: components[components.length - 1], path, scopes: [...stack.node.scopes, ...standIns] };
  return (stack as unknown as Allocator).allocateLogicalId(node);
}

/**
 * Whether the element's logical id is the one its path gives (false after
 * `overrideLogicalId`: such an id does not follow the construct's path).
 */
export function hasPathLogicalId(element: TerraformElement): boolean {
  const stack = TerraformStack.of(element);
  return element.friendlyUniqueId === (stack as unknown as Allocator).allocateLogicalId(element);
}
