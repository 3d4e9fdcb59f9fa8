import { Construct } from 'constructs';
import { NullProvider } from '@cdktf/provider-null/lib/provider';
import { Resource as NullResource } from '@cdktf/provider-null/lib/resource';
import { TerraformResource } from './cdktf';
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
 * Declares the trigger resource under `scope`, carrying `key = value`. Name it
 * in `WireElementConfig.replaceTriggeredBy` of the resource it replaces.
 */
export function addReplaceTrigger(scope: Construct, id: string, kind: ReplaceTriggerKind, key: string, value: string): TerraformResource {
  if (kind === ReplaceTriggerKind.NULL_RESOURCE) {
    ensureDefaultProvider(scope, 'null', (stack) => new NullProvider(stack, 'null'));
    return new NullResource(scope, id, { triggers: { [key]: value } });
  }
  return new WireResource(scope, id, {
    terraformType: 'terraform_data',
    providerName: 'terraform',
    attributes: () => ({ triggers_replace: wire.string(value) }),
  });
}
