// What RestrictionPolicy, CurrentOrg, DatadogProvider and HttpProvider are (lib/construct-descriptor.ts);
// the policy's field differ is beside it, in policy-fields.ts.
import { ConstructDescriptor, DeclaredResource, literalText } from '../construct-descriptor';
import { IMPORT_REPEATS_WITH_FOR_EACH_ONLY } from '../core/meta-arguments';
import { policyFieldChanges } from './policy-fields';
import { POLICY_RULES } from './policy-rules';

/**
 * The policy (`datadog_restriction_policy`). Datadog keeps one restriction
 * policy per resource, addressed by the resource's id: "Update a restriction
 * policy", `POST /api/v2/restriction_policy/{resource_id}`, "Updates the
 * restriction policy associated with a resource" (Datadog API reference,
 * docs.datadoghq.com/api/latest/restriction-policies/); the provider's create
 * is that same call (DataDog/terraform-provider-datadog
 * datadog/fwprovider/resource_datadog_restriction_policy.go, `Create` calls
 * `UpdateRestrictionPolicy`), so a second declaration on one resource id does
 * not fail: the two overwrite each other on every apply. Its identity is the
 * provider configuration (the org) and the resource id.
 */
export const POLICY_RESOURCE: DeclaredResource = {
  kind: 'policy',
  description: 'the datadog_restriction_policy of a RestrictionPolicy',
  terraformTypes: ['datadog_restriction_policy'],
  id: { fixed: 'Resource' },
  fieldChanges: (_type, before, after) => policyFieldChanges(before, after),
  identity: (values, provider) => {
    const resourceId = literalText(values.resource_id);
    return resourceId === undefined ? undefined : { key: `${provider.key}\u0000${resourceId}`, shown: `the policy of ${JSON.stringify(resourceId)}` };
  },
  identityProp: 'resourceId',
  conflict:
    'Datadog keeps one restriction policy per resource, and both creates are "Update a restriction policy" (POST /api/v2/restriction_policy/{resource_id}: Datadog API reference, Restriction Policies), so the two overwrite each other on every apply',
};

/** RestrictionPolicy: one policy. */
export const RESTRICTION_POLICY: ConstructDescriptor = {
  className: 'RestrictionPolicy',
  docsPage: 'docs/restriction-policy.md',
  rules: POLICY_RULES,
  propsAtPlan: (resources) => {
    const policy = resources.find((r) => r.terraformType === 'datadog_restriction_policy')?.values as { [attribute: string]: unknown } | null | undefined;
    return policy == null ? undefined : { resourceId: policy.resource_id, bindings: policy.bindings };
  },
  declares: [[POLICY_RESOURCE]],
  eachInstance: { resourceId: (key) => `dashboard:${key}` },
  minimal: {
    RestrictionPolicyProps: (n: number) => ({ resourceId: `dashboard:abc-${n}` }),
    RestrictionPolicyBinding: { relation: 'viewer', principals: ['role:abc'] },
    RestrictionPolicyState: {},
  },
  unreachable: { 'adopt(props) > count': IMPORT_REPEATS_WITH_FOR_EACH_ONLY },
  entryPoints: {
    '<init>': {},
    adopt: {},
    release: {},
    fromResourceId: { defaults: { resourceId: 'dashboard:abc' }, use: 'resourceId' },
    generateConfigForImport: { judged: 'validate', defaults: { resourceId: 'dashboard:abc' } },
    movedFrom: { defaults: { previousPath: 'old' } },
  },
};

/** CurrentOrg: a data source (the org id read at plan time); declares no resource. */
export const CURRENT_ORG: ConstructDescriptor = {
  className: 'CurrentOrg',
  docsPage: 'docs/restriction-policy.md',
  declares: [],
  minimal: {
    CurrentOrgProps: {},
    FetchOrgIdOptions: { apiUrl: 'https://api.datadoghq.com', apiKey: 'api-key', appKey: 'app-key' },
  },
  // The HTTP source's settings, taken only with that source (its keys sensitive variables' values).
  alternatives: {
    'CurrentOrgProps.apiKey': (_n: number, sensitive: string) => ({ source: 'http', apiKey: sensitive, appKey: sensitive }),
    'CurrentOrgProps.appKey': (_n: number, sensitive: string) => ({ source: 'http', apiKey: sensitive, appKey: sensitive }),
    'CurrentOrgProps.apiUrl': (_n: number, sensitive: string) => ({ source: 'http', apiKey: sensitive, appKey: sensitive, apiUrl: 'https://api.datadoghq.eu' }),
  },
  entryPoints: {
    '<init>': { use: 'orgId' },
    fetchOrgId: { service: true },
  },
};

/** DatadogProvider: its configuration is read by the policies that use it. */
export const DATADOG_PROVIDER: ConstructDescriptor = {
  className: 'DatadogProvider',
  docsPage: 'docs/restriction-policy.md',
  declares: [],
  minimal: { DatadogProviderProps: {} },
  // Keys are sensitive variables' values (the provider refuses to show others), the URL a site's API.
  alternatives: {
    'DatadogProviderProps.apiKey': (_n: number, sensitive: string) => ({ apiKey: sensitive }),
    'DatadogProviderProps.appKey': (_n: number, sensitive: string) => ({ appKey: sensitive }),
    'DatadogProviderProps.apiUrl': { apiUrl: 'https://api.datadoghq.eu' },
    'DatadogProviderProps.versionConstraint': { versionConstraint: '>= 3.82.0, < 5.0.0' },
  },
  entryPoints: { '<init>': {} },
  provides: { className: 'RestrictionPolicy' },
};

/** HttpProvider: its configuration is read by a CurrentOrg of the HTTP source. */
export const HTTP_PROVIDER: ConstructDescriptor = {
  className: 'HttpProvider',
  docsPage: 'docs/restriction-policy.md',
  declares: [],
  minimal: { HttpProviderProps: {} },
  alternatives: { 'HttpProviderProps.versionConstraint': { versionConstraint: '>= 3.0.0, < 4.0.0' } },
  entryPoints: { '<init>': {} },
  provides: { className: 'CurrentOrg', props: { source: 'http' } },
};
