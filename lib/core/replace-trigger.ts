import { Construct } from 'constructs';
import { NullProvider } from '@cdktf/provider-null/lib/provider';
import { Resource as NullResource } from '@cdktf/provider-null/lib/resource';
import { TerraformResource, Token } from './cdktf';
import { ensureDefaultProvider } from './default-provider';
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
    ensureDefaultProvider(scope, 'null', (stack) => new NullProvider(stack, 'null'));
    resource = new NullResource(scope, id, { triggers: { [key]: value } });
  } else {
    resource = new WireResource(scope, id, {
      terraformType: 'terraform_data',
      providerName: 'terraform',
      attributes: () => ({ triggers_replace: wire.string(value) }),
    });
  }
  // Resolved at synth time, so a later overrideLogicalId() is seen. Not Lazy:
  // cdktf's Lazy records a full stack trace, a large part of the synth time of
  // 10,000 profiles (bench/, BENCHMARKS.md).
  const addressOf = () => `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
  const address = Token.asString({ creationStack: [], resolve: addressOf, toString: addressOf });
  return { resource, address };
}
