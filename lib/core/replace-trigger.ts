import { Construct } from 'constructs';
import { TerraformResource } from './framework';
import { ensureDefaultProvider } from './default-provider';
import { wire } from './wire';
import { WireProvider, WireResource } from './wire-elements';

/**
 * Which resource carries a value whose change must replace another resource.
 */
export enum ReplaceTriggerKind {
  /** Terraform's built-in `terraform_data`: no provider to download. */
  TERRAFORM_DATA = 'terraform_data',
  /**
   * `null_resource` of `hashicorp/null`, for teams that standardise on it. A
   * `null` provider is added to the stack unless one was declared before.
   */
  NULL_RESOURCE = 'null_resource',
}

// What @cdktf/provider-null 11 writes, byte for byte: source "null" and its
// pinned version. The library renders the blocks itself, because the prebuilt
// classes belong to cdktf and crash inside a cdktn stack.
const NULL_PROVIDER_SOURCE = 'null';
const NULL_PROVIDER_VERSION = '3.2.4';

/**
 * Declares the trigger resource under `scope`, carrying `key = value`. Name it
 * in `WireElementConfig.replaceTriggeredBy` of the resource it replaces, and
 * give that resource as `replaced`: the trigger takes its `for_each` or
 * `count` at synth time, so that each instance has its own trigger.
 */
export function addReplaceTrigger(
  scope: Construct,
  id: string,
  kind: ReplaceTriggerKind,
  key: string,
  value: string,
  replaced?: () => TerraformResource | undefined,
): TerraformResource {
  if (kind === ReplaceTriggerKind.NULL_RESOURCE) {
    ensureDefaultProvider(
      scope,
      'null',
      (stack) =>
        new WireProvider(stack, 'null', {
          providerName: 'null',
          source: NULL_PROVIDER_SOURCE,
          versionConstraint: NULL_PROVIDER_VERSION,
          attributes: () => ({}),
        }),
    );
    return new WireResource(scope, id, {
      terraformType: 'null_resource',
      providerName: 'null',
      repeatedAs: replaced,
      attributes: () => ({ triggers: wire.stringMap({ [key]: value }) }),
    });
  }
  return new WireResource(scope, id, {
    terraformType: 'terraform_data',
    providerName: 'terraform',
    repeatedAs: replaced,
    attributes: () => ({ triggers_replace: wire.string(value) }),
  });
}
