import { Construct, IConstruct } from 'constructs';
import { NullProvider } from '@cdktf/provider-null/lib/provider';
import { Resource as NullResource } from '@cdktf/provider-null/lib/resource';
import { Lazy, TerraformProvider, TerraformResource, TerraformStack } from './cdktf';
import { wire } from './wire';
import { WireResource } from './wire-elements';

/**
 * Which resource carries a value whose change must replace another resource.
 */
export enum ReplaceTriggerKind {
  /** Terraform's built-in `terraform_data`: no provider to download. */
  TERRAFORM_DATA = 'terraform_data',
  /**
   * `null_resource` of `hashicorp/null`, for teams that standardise on it. A
   * `NullProvider` is added to the stack unless one was declared before.
   */
  NULL_RESOURCE = 'null_resource',
}

/**
 * Declares the trigger resource under `scope` and returns its address, for a
 * `lifecycle.replace_triggered_by` entry.
 *
 * The address is a plain `type.name` string: cdktf renders a resource object
 * there as `${type.name}`, which Terraform rejects (toolchain.md).
 */
export function addReplaceTrigger(
  scope: Construct,
  id: string,
  kind: ReplaceTriggerKind,
  key: string,
  value: string,
): { readonly resource: TerraformResource; readonly address: string } {
  let resource: TerraformResource;
  if (kind === ReplaceTriggerKind.NULL_RESOURCE) {
    ensureNullProvider(scope);
    resource = new NullResource(scope, id, { triggers: { [key]: value } });
  } else {
    resource = new WireResource(scope, id, {
      terraformType: 'terraform_data',
      providerName: 'terraform',
      attributes: () => ({ triggers_replace: wire.string(value) }),
    });
  }
  const address = Lazy.stringValue({ produce: () => `${resource.terraformResourceType}.${resource.friendlyUniqueId}` });
  return { resource, address };
}

const nullProviders = new WeakMap<TerraformStack, TerraformProvider>();

function ensureNullProvider(scope: IConstruct): void {
  const stack = TerraformStack.of(scope);
  if (nullProviders.has(stack)) return;
  const declared = stack.node
    .findAll()
    .find((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c) && c.terraformResourceType === 'null');
  nullProviders.set(stack, declared ?? new NullProvider(stack, 'null'));
}
