// Cold-start baseline: the same one-of-each stack, with the official bindings loaded from their
// package roots (how they are usually imported). No aws binding is installed: the profile uses the
// plain TerraformResource baseline.
import { App, TerraformStack } from '../lib/core/framework';
import * as datadog from '@cdktf/provider-datadog';
import * as kubernetes from '@cdktf/provider-kubernetes';
import { BaseAwsProvider, baseProfile } from './baseline-aws';
import { dashboardId, nodeManifestOf, policyBindings, profileContentJson, profileName } from './data';

export function oneOfEach(app: App): void {
  const stack = new TerraformStack(app, 'cold');
  new BaseAwsProvider(stack, 'aws', 'us-east-1');
  baseProfile(stack, 'p0', profileName(0), profileContentJson(0));
  new datadog.provider.DatadogProvider(stack, 'datadog', {});
  new datadog.restrictionPolicy.RestrictionPolicy(stack, 'r0', { resourceId: `dashboard:${dashboardId(0)}`, bindings: policyBindings(0) });
  new kubernetes.provider.KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  new kubernetes.manifest.Manifest(stack, 'n0', { manifest: nodeManifestOf(0) });
}
