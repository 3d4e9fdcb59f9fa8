// The library variant of every scenario: constructs with validation on.
import { App, TerraformStack } from '../lib/core/framework';
import {
  AuthenticationProfile,
  AwsProvider,
  DatadogProvider,
  KubernetesProvider,
  NodeList,
  NodeListProps,
  RestrictionPolicy,
  RestrictionPolicyResourceId,
} from '../lib';
import { dashboardId, nodeItem, policyBindings, profileContent, profileName } from './data';

export function profiles(stack: TerraformStack, n: number, adopt = false): void {
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  for (let i = 0; i < n; i++) {
    const props = { authenticationProfileName: profileName(i), authenticationProfileContent: profileContent(i) };
    if (adopt) AuthenticationProfile.adopt(stack, `p${i}`, props);
    else new AuthenticationProfile(stack, `p${i}`, props);
  }
}

export function policies(stack: TerraformStack, n: number): void {
  new DatadogProvider(stack, 'datadog', {});
  for (let i = 0; i < n; i++) {
    new RestrictionPolicy(stack, `r${i}`, { resourceId: RestrictionPolicyResourceId.dashboard(dashboardId(i)), bindings: policyBindings(i) });
  }
}

export function nodes(stack: TerraformStack, n: number): void {
  new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  const items = [];
  for (let i = 0; i < n; i++) items.push(nodeItem(i));
  new NodeList(stack, 'nodes', { items } as unknown as NodeListProps);
}

/** One of each construct, for the cold start. */
export function oneOfEach(app: App): void {
  const stack = new TerraformStack(app, 'cold');
  profiles(stack, 1);
  policies(stack, 1);
  nodes(stack, 1);
}
