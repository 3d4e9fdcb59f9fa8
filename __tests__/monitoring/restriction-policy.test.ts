import { TerraformOutput, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { CurrentOrg, CurrentOrgSource } from '../../lib/monitoring/current-org';
import { DatadogProvider } from '../../lib/monitoring/datadog-provider';
import { HttpProvider } from '../../lib/monitoring/http-provider';
import { Principal } from '../../lib/monitoring/principal';
import { RestrictionPolicyRelations } from '../../lib/monitoring/relations';
import { RestrictionPolicy } from '../../lib/monitoring/restriction-policy';
import { RestrictionPolicyResourceId } from '../../lib/monitoring/resource-id';
import { synthJson } from '../support/synth';
import { datadogStack } from './helpers';

const R1 = 'role:00000000-0000-1111-0000-000000000001';
const R2 = 'role:00000000-0000-1111-0000-000000000002';
const T1 = 'team:00000000-0000-1111-0000-000000000003';
const U1 = 'user:00000000-0000-1111-0000-000000000004';

function onlyPolicy(json: any): any {
  const policies = Object.values(json.resource.datadog_restriction_policy);
  expect(policies).toHaveLength(1);
  return policies[0];
}

function warningsOf(scope: any): string[] {
  return scope.node.metadata.filter((m: any) => m.type === '@cdktf/warn').map((m: any) => m.data);
}

describe('RestrictionPolicy synthesis', () => {
  test('GIVEN factories and raw strings THEN resource_id and bindings are written with exact wire keys', () => {
    const { stack } = datadogStack();
    new RestrictionPolicy(stack, 'policy', {
      resourceId: RestrictionPolicyResourceId.dashboard('abc-def-ghi'),
      bindings: [{ relation: 'viewer', principals: [Principal.role('00000000-0000-1111-0000-000000000001'), T1] }],
    });
    expect(onlyPolicy(synthJson(stack))).toEqual({
      resource_id: 'dashboard:abc-def-ghi',
      bindings: [{ relation: 'viewer', principals: [R1, T1] }],
    });
  });

  test('GIVEN no bindings THEN only resource_id is written', () => {
    const { stack } = datadogStack();
    new RestrictionPolicy(stack, 'policy', { resourceId: 'notebook:42' });
    expect(onlyPolicy(synthJson(stack))).toEqual({ resource_id: 'notebook:42' });
  });

  test('GIVEN an empty bindings list THEN an empty set of blocks is written', () => {
    const { stack } = datadogStack();
    new RestrictionPolicy(stack, 'policy', { resourceId: 'notebook:42', bindings: [] });
    expect(onlyPolicy(synthJson(stack))).toEqual({ resource_id: 'notebook:42', bindings: [] });
  });

  test('GIVEN the same principal twice in a binding THEN it is written once', () => {
    const { stack } = datadogStack();
    new RestrictionPolicy(stack, 'policy', {
      resourceId: 'dashboard:abc',
      bindings: [{ relation: 'viewer', principals: [R1, Principal.role('00000000-0000-1111-0000-000000000001'), R1] }],
    });
    expect(onlyPolicy(synthJson(stack)).bindings).toEqual([{ relation: 'viewer', principals: [R1] }]);
  });

  test('GIVEN the same relation in two bindings THEN they are merged, principals unioned and sorted', () => {
    const { stack } = datadogStack();
    const policy = new RestrictionPolicy(stack, 'policy', {
      resourceId: 'dashboard:abc',
      bindings: [
        { relation: 'viewer', principals: [U1, R2] },
        { relation: 'editor', principals: [T1] },
        { relation: 'viewer', principals: [R1, U1] },
      ],
    });
    const expected = [
      { relation: 'editor', principals: [T1] },
      { relation: 'viewer', principals: [R1, R2, U1] },
    ];
    expect(onlyPolicy(synthJson(stack)).bindings).toEqual(expected);
    expect(policy.canonicalBindings).toEqual(expected);
  });

  test('GIVEN the same bindings in any order THEN the output is byte-identical', () => {
    const render = (bindings: any[]) => {
      const { stack } = datadogStack();
      new RestrictionPolicy(stack, 'policy', { resourceId: 'workflow:abc', bindings });
      return Testing.synth(stack);
    };
    const a = render([
      { relation: 'runner', principals: [T1, R1] },
      { relation: 'viewer', principals: [U1] },
      { relation: 'editor', principals: [R2] },
    ]);
    const b = render([
      { relation: 'editor', principals: [R2] },
      { relation: 'viewer', principals: [U1, U1] },
      { relation: 'runner', principals: [R1, T1] },
    ]);
    expect(b).toBe(a);
  });

  test('GIVEN tokens in principals, relation and resource id THEN they pass through unchecked', () => {
    const { stack } = datadogStack();
    const principal = new TerraformVariable(stack, 'principal', { type: 'string' });
    const relation = new TerraformVariable(stack, 'relation', { type: 'string' });
    const list = new TerraformVariable(stack, 'principals', { type: 'list(string)' });
    const resourceId = new TerraformVariable(stack, 'resource_id', { type: 'string' });
    new RestrictionPolicy(stack, 'policy', {
      resourceId: resourceId.stringValue,
      bindings: [
        { relation: relation.stringValue, principals: [principal.stringValue, R1] },
        { relation: 'viewer', principals: list.listValue },
      ],
    });
    const written = onlyPolicy(synthJson(stack));
    expect(written.resource_id).toBe('${var.resource_id}');
    expect(written.bindings).toEqual(
      expect.arrayContaining([
        { relation: '${var.relation}', principals: expect.arrayContaining([R1, '${var.principal}']) },
        { relation: 'viewer', principals: '${var.principals}' },
      ]),
    );
    expect(written.bindings).toHaveLength(2);
  });

  test('GIVEN an unknown resource type THEN it is accepted with a warning annotation and relations unchecked', () => {
    const { stack } = datadogStack();
    const policy = new RestrictionPolicy(stack, 'policy', {
      resourceId: 'quantum-widget:abc',
      bindings: [{ relation: 'operator', principals: [R1] }],
    });
    expect(warningsOf(policy)).toEqual([expect.stringMatching(/resource type "quantum-widget" is not in this library's relations table/)]);
    expect(onlyPolicy(synthJson(stack)).bindings).toEqual([{ relation: 'operator', principals: [R1] }]);
  });

  test('GIVEN a known resource type THEN no warning is added', () => {
    const { stack } = datadogStack();
    const policy = new RestrictionPolicy(stack, 'policy', { resourceId: 'slo:abc', bindings: [{ relation: 'viewer', principals: [R1] }] });
    expect(warningsOf(policy)).toEqual([]);
  });

  test('GIVEN every relation of every known type THEN each is accepted', () => {
    const { stack } = datadogStack();
    for (const type of RestrictionPolicyRelations.knownResourceTypes()) {
      const relations = RestrictionPolicyRelations.forResourceType(type)!;
      const policy = new RestrictionPolicy(stack, type, {
        resourceId: `${type}:abc`,
        bindings: relations.map((relation) => ({ relation, principals: [R1] })),
      });
      expect(policy.canonicalBindings!.map((b) => b.relation)).toEqual([...relations].sort());
    }
    expect(RestrictionPolicyRelations.knownResourceTypes()).toHaveLength(28);
    expect(RestrictionPolicyRelations.forResourceType('no-such-type')).toBeUndefined();
    expect(RestrictionPolicyRelations.forResourceType('toString')).toBeUndefined();
  });

  test('GIVEN a policy THEN id, resourceId and bindings are references to the resource attributes', () => {
    const { stack } = datadogStack();
    const policy = new RestrictionPolicy(stack, 'policy', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [R1] }] });
    new TerraformOutput(stack, 'id', { value: policy.id });
    new TerraformOutput(stack, 'resource_id', { value: policy.resourceId });
    new TerraformOutput(stack, 'bindings', { value: policy.bindings });
    const json = synthJson(stack);
    const name = Object.keys(json.resource.datadog_restriction_policy)[0];
    expect(policy.address).toBe(`datadog_restriction_policy.${name}`);
    expect(json.output).toEqual({
      id: { value: `\${datadog_restriction_policy.${name}.id}` },
      resource_id: { value: `\${datadog_restriction_policy.${name}.resource_id}` },
      bindings: { value: `\${datadog_restriction_policy.${name}.bindings}` },
    });
  });

  test('GIVEN fromResourceId THEN nothing is emitted and the state is exposed canonical', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    const shared = RestrictionPolicy.fromResourceId(stack, 'shared', RestrictionPolicyResourceId.monitor('123'), {
      bindings: [
        { relation: 'viewer', principals: [R2, R1] },
        { relation: 'viewer', principals: [R2] },
      ],
    });
    expect(shared.id).toBe('monitor:123');
    expect(shared.resourceId).toBe('monitor:123');
    expect(shared.canonicalBindings).toEqual([{ relation: 'viewer', principals: [R1, R2] }]);
    expect(Token.isUnresolved(shared.bindings)).toBe(true);
    const json = synthJson(stack);
    expect(json.resource).toBeUndefined();
    expect(json.data).toBeUndefined();
    expect(json.import).toBeUndefined();
  });

  test('GIVEN fromResourceId without state THEN bindings are unknown', () => {
    const { stack } = datadogStack();
    const shared = RestrictionPolicy.fromResourceId(stack, 'shared', 'dashboard:abc');
    expect(shared.bindings).toBeUndefined();
    expect(shared.canonicalBindings).toBeUndefined();
  });

  test('GIVEN adopt THEN an import block with the resource id targets the resource', () => {
    const { stack } = datadogStack();
    const policy = RestrictionPolicy.adopt(stack, 'policy', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [R1] }] });
    const json = synthJson(stack);
    expect(json.import).toEqual([{ id: 'dashboard:abc', to: policy.address }]);
    expect(onlyPolicy(json).resource_id).toBe('dashboard:abc');
  });

  test('GIVEN generateConfigForImport THEN only an import block is emitted', () => {
    const { stack } = datadogStack();
    const target = RestrictionPolicy.generateConfigForImport(stack, 'handmade', RestrictionPolicyResourceId.of('security-rule', 'abc-123'));
    const json = synthJson(stack);
    expect(json.import).toEqual([{ id: 'security-rule:abc-123', to: 'datadog_restriction_policy.handmade' }]);
    expect(target.address).toBe('datadog_restriction_policy.handmade');
    expect(json.resource).toBeUndefined();
  });
});

describe('value classes', () => {
  test('GIVEN each principal factory THEN toString is type:id', () => {
    expect([Principal.role('a'), Principal.team('b'), Principal.user('c'), Principal.org('d')].map(String)).toEqual(['role:a', 'team:b', 'user:c', 'org:d']);
    const parsed = Principal.fromString('user:abc:def');
    expect([parsed.type, parsed.id]).toEqual(['user', 'abc:def']);
  });

  test('GIVEN each resource id factory THEN toString is type:id', () => {
    const ids = [
      RestrictionPolicyResourceId.dashboard('a'),
      RestrictionPolicyResourceId.notebook('b'),
      RestrictionPolicyResourceId.slo('c'),
      RestrictionPolicyResourceId.monitor('d'),
      RestrictionPolicyResourceId.workflow('e'),
      RestrictionPolicyResourceId.of('logs-pipeline', 'f'),
    ];
    expect(ids.map(String)).toEqual(['dashboard:a', 'notebook:b', 'slo:c', 'monitor:d', 'workflow:e', 'logs-pipeline:f']);
    const parsed = RestrictionPolicyResourceId.fromString('synthetics-test:abc-123');
    expect([parsed.resourceType, parsed.id]).toEqual(['synthetics-test', 'abc-123']);
  });
});

describe('CurrentOrg', () => {
  test('GIVEN the default source THEN datadog_current_user is read and org:<org_id> is the principal', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    new DatadogProvider(stack, 'datadog', { versionConstraint: '>= 4.16.0, < 5.0.0' });
    const org = new CurrentOrg(stack, 'org');
    new RestrictionPolicy(stack, 'policy', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [org.principal] }] });
    const json = synthJson(stack);
    const [name] = Object.keys(json.data.datadog_current_user);
    expect(json.data.datadog_current_user[name]).toEqual({});
    expect(onlyPolicy(json).bindings).toEqual([{ relation: 'viewer', principals: [`org:\${data.datadog_current_user.${name}.org_id}`] }]);
    expect(warningsOf(org)).toEqual([]);
  });

  test('GIVEN a datadog provider that allows versions before 4.16 THEN a warning says so', () => {
    const { stack } = datadogStack();
    const org = new CurrentOrg(stack, 'org');
    expect(warningsOf(org)).toEqual([expect.stringMatching(/needs DataDog\/datadog 4.16.0 or later.*">= 3.82.0, < 5.0.0"/)]);
  });

  test('GIVEN the http source THEN an http data source with key references and jsondecode(...).data.relationships.org.data.id', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    const apiKey = new TerraformVariable(stack, 'dd_api_key', { type: 'string', sensitive: true });
    const appKey = new TerraformVariable(stack, 'dd_app_key', { type: 'string', sensitive: true });
    new DatadogProvider(stack, 'datadog');
    const org = new CurrentOrg(stack, 'org', { source: CurrentOrgSource.HTTP, apiUrl: 'https://api.datadoghq.eu/', apiKey: apiKey.stringValue, appKey: appKey.stringValue });
    const second = new CurrentOrg(stack, 'org2', { source: CurrentOrgSource.HTTP, apiKey: apiKey.stringValue, appKey: appKey.stringValue });
    new TerraformOutput(stack, 'org_id', { value: org.orgId });
    const json = synthJson(stack);
    const name = org.dataSource.friendlyUniqueId;
    const name2 = second.dataSource.friendlyUniqueId;
    expect(Object.keys(json.data.http).sort()).toEqual([name, name2].sort());
    expect(json.data.http[name]).toMatchObject({
      url: 'https://api.datadoghq.eu/api/v2/current_user',
      request_headers: { 'Accept': 'application/json', 'DD-API-KEY': '${var.dd_api_key}', 'DD-APPLICATION-KEY': '${var.dd_app_key}' },
      lifecycle: { postcondition: [{ condition: '${self.status_code == 200}', error_message: expect.stringMatching(/did not answer 200/) }] },
    });
    expect(json.data.http[name2].url).toBe('https://api.datadoghq.com/api/v2/current_user');
    expect(json.output.org_id.value).toBe(`\${jsondecode(data.http.${name}.response_body).data.relationships.org.data.id}`);
    // One http provider for the stack, created on first use.
    expect(json.terraform.required_providers.http).toEqual({ source: 'hashicorp/http', version: '>= 3.0.0, < 4.0.0' });
    expect(json.provider.http).toHaveLength(1);
    expect(second.source).toBe(CurrentOrgSource.HTTP);
  });

  test('GIVEN the http source and an http provider of the stack THEN it is reused', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    const apiKey = new TerraformVariable(stack, 'k', { type: 'string', sensitive: true });
    new DatadogProvider(stack, 'datadog');
    new HttpProvider(stack, 'mine', { versionConstraint: '~> 3.4' });
    new CurrentOrg(stack, 'org', { source: CurrentOrgSource.HTTP, apiKey: apiKey.stringValue, appKey: apiKey.stringValue });
    const json = synthJson(stack);
    expect(json.provider.http).toHaveLength(1);
    expect(json.terraform.required_providers.http.version).toBe('~> 3.4');
  });
});
