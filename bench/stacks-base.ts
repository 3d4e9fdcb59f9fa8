// The baseline variant: the same blocks with no validation, from the official prebuilt classes
// (deep imports of one class each) and, for aws, plain TerraformResource subclasses.
import { App, TerraformStack } from '../lib/core/framework';
import { DatadogProvider } from '@cdktf/provider-datadog/lib/provider';
import { RestrictionPolicy } from '@cdktf/provider-datadog/lib/restriction-policy';
import { KubernetesProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { BaseAwsProvider, baseProfile } from './baseline-aws';
import { dashboardId, nodeManifestOf, policyBindings, profileContentJson, profileName } from './data';

export function profiles(stack: TerraformStack, n: number, adopt = false): void {
  new BaseAwsProvider(stack, 'aws', 'us-east-1');
  for (let i = 0; i < n; i++) {
    const resource = baseProfile(stack, `p${i}`, profileName(i), profileContentJson(i));
    // cdktf's own import: adds a validation that runs `terraform version`, once per call.
    if (adopt) resource.importFrom(profileName(i));
  }
}

export function policies(stack: TerraformStack, n: number): void {
  new DatadogProvider(stack, 'datadog', {});
  for (let i = 0; i < n; i++) {
    new RestrictionPolicy(stack, `r${i}`, { resourceId: `dashboard:${dashboardId(i)}`, bindings: policyBindings(i) });
  }
}

export function nodes(stack: TerraformStack, n: number): void {
  new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  for (let i = 0; i < n; i++) new Manifest(stack, `n${i}`, { manifest: nodeManifestOf(i) });
}

export function oneOfEach(app: App): void {
  const stack = new TerraformStack(app, 'cold');
  profiles(stack, 1);
  policies(stack, 1);
  nodes(stack, 1);
}
