// One failing test per rule: each names the construct path, the property path,
// the value received and what is allowed.
import { Fn, TerraformVariable, Testing, TerraformStack } from '../../lib/core/framework';
import { CurrentOrg, CurrentOrgSource } from '../../lib/monitoring/current-org';
import { DatadogProvider } from '../../lib/monitoring/datadog-provider';
import { HttpProvider } from '../../lib/monitoring/http-provider';
import { Principal } from '../../lib/monitoring/principal';
import { RestrictionPolicy } from '../../lib/monitoring/restriction-policy';
import { RestrictionPolicyResourceId } from '../../lib/monitoring/resource-id';
import { datadogStack, expectProblem, validationErrorOf } from './helpers';

const ROLE = 'role:00000000-0000-1111-0000-000000000001';

function policy(props: any) {
  const { stack } = datadogStack();
  return () => new RestrictionPolicy(stack, 'policy', props);
}

describe('RestrictionPolicy rules', () => {
  test('GIVEN a resource id without a colon THEN props/resourceId names the value and the format', () => {
    expectProblem(policy({ resourceId: 'dashboard-abc' }), 'props/resourceId', '"dashboard-abc"', /resource_type:resource_id/, 'stack/policy');
  });

  test('GIVEN a resource id with an empty id THEN it is refused', () => {
    expectProblem(policy({ resourceId: 'dashboard:' }), 'props/resourceId', '"dashboard:"', /non-empty id .*after "dashboard:"/);
  });

  test('GIVEN a resource id with an empty type THEN it is refused', () => {
    expectProblem(policy({ resourceId: ':abc' }), 'props/resourceId', '":abc"', /resource type of lowercase letters/);
  });

  test('GIVEN a resource id whose id holds whitespace THEN it is refused', () => {
    expectProblem(policy({ resourceId: 'dashboard:abc def' }), 'props/resourceId', '"dashboard:abc def"', /no whitespace/);
  });

  test('GIVEN no resource id THEN it is required', () => {
    expectProblem(policy({ bindings: [] }), 'props/resourceId', 'nothing', /a value is required/);
  });

  test('GIVEN a principal without a colon THEN its path and value are named', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [ROLE, 'everyone'] }] }),
      'props/bindings/0/principals/1',
      '"everyone"',
      /type:id.*role, team, user, org/,
    );
  });

  test('GIVEN a principal with an empty id THEN it is refused', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['team:'] }] }),
      'props/bindings/0/principals/0',
      '"team:"',
      /non-empty id .*after "team:"/,
    );
  });

  test('GIVEN a principal type other than role, team, user, org THEN the types are listed', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['group:abc'] }] }),
      'props/bindings/0/principals/0',
      '"group:abc"',
      /role, team, user, org/,
    );
  });

  test('GIVEN a principal type in the wrong case THEN it is refused (types are case-sensitive)', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['Role:abc'] }] }),
      'props/bindings/0/principals/0',
      '"Role:abc"',
      /role, team, user, org/,
    );
  });

  test('GIVEN a principal that is not a string THEN it is refused', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [42] }] }),
      'props/bindings/0/principals/0',
      '42',
      /Principal or a "type:id" string/,
    );
  });

  test('GIVEN a binding with no principals THEN it is refused', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [] }] }),
      'props/bindings/0/principals',
      '[]',
      /non-empty list of principals/,
    );
  });

  test('GIVEN an empty relation THEN it is refused', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: '', principals: [ROLE] }] }),
      'props/bindings/0/relation',
      '""',
      /non-empty relation/,
    );
  });

  test('GIVEN a binding without a relation THEN it is required', () => {
    expectProblem(
      policy({ resourceId: 'unknown-type:abc', bindings: [{ principals: [ROLE] }] }),
      'props/bindings/0/relation',
      'nothing',
      /a value is required/,
    );
  });

  test('GIVEN a known resource type and a relation outside its table THEN the allowed relations are listed', () => {
    expectProblem(
      policy({ resourceId: 'dashboard:abc', bindings: [{ relation: 'runner', principals: [ROLE] }] }),
      'props/bindings/0/relation',
      '"runner"',
      /^one of viewer, editor \(the relations of resource type "dashboard"\)$/,
    );
  });

  test('GIVEN a workflow THEN runner is allowed and manager is refused with viewer, runner, editor listed', () => {
    const { stack } = datadogStack();
    new RestrictionPolicy(stack, 'ok', { resourceId: 'workflow:abc', bindings: [{ relation: 'runner', principals: [ROLE] }] });
    expectProblem(
      () => new RestrictionPolicy(stack, 'bad', { resourceId: 'workflow:abc', bindings: [{ relation: 'manager', principals: [ROLE] }] }),
      'props/bindings/0/relation',
      '"manager"',
      /one of viewer, runner, editor/,
    );
  });

  test('GIVEN a token id after a literal known type THEN the relation is still checked', () => {
    const { stack } = datadogStack();
    const dashboardId = new TerraformVariable(stack, 'dashboard_id', { type: 'string' });
    expectProblem(
      () =>
        new RestrictionPolicy(stack, 'policy', {
          resourceId: RestrictionPolicyResourceId.dashboard(dashboardId.stringValue),
          bindings: [{ relation: 'runner', principals: [ROLE] }],
        }),
      'props/bindings/0/relation',
      '"runner"',
      /one of viewer, editor/,
    );
  });

  test('GIVEN a misspelt prop THEN the known props are listed', () => {
    expectProblem(policy({ resourceId: 'dashboard:abc', binding: [] }), 'props/binding', 'a list of 0 items (not shown)', /no such property; known properties: resourceId, bindings/);
  });

  test('GIVEN several mistakes THEN every one is reported at once', () => {
    const error = validationErrorOf(
      policy({
        resourceId: 'dashboard:abc',
        bindings: [
          { relation: 'owner', principals: ['group:x', ROLE] },
          { relation: 'viewer', principals: ['user:'] },
        ],
      }),
    );
    expect(error.problems.map((p) => p.path)).toEqual(['props/bindings/0/relation', 'props/bindings/0/principals/0', 'props/bindings/1/principals/0']);
    expect(error.message).toMatch(/^stack\/policy: 3 invalid properties:/);
  });
});

describe('factory rules', () => {
  test('GIVEN Principal.role with an empty id THEN a ValidationError names the factory and the id', () => {
    expectProblem(() => Principal.role(''), 'id', '""', /non-empty id/, 'Principal.role');
  });

  test('GIVEN Principal.user with whitespace in the id THEN it is refused', () => {
    expectProblem(() => Principal.user('a b'), 'id', '"a b"', /no whitespace/, 'Principal.user');
  });

  test('GIVEN Principal.fromString of an unknown type THEN it is refused', () => {
    expectProblem(() => Principal.fromString('service:abc'), 'principal', '"service:abc"', /role, team, user, org/, 'Principal.fromString');
  });

  test('GIVEN Principal.fromString of a token THEN it is refused (a reference cannot be parsed)', () => {
    const { stack } = datadogStack();
    const variable = new TerraformVariable(stack, 'principal', { type: 'string' });
    const error = validationErrorOf(() => Principal.fromString(variable.stringValue));
    expect(error.problems[0].allowed).toMatch(/a value known at synth time \(a reference cannot be parsed/);
  });

  test('GIVEN RestrictionPolicyResourceId.of with a bad type THEN it is refused', () => {
    expectProblem(() => RestrictionPolicyResourceId.of('Dash Board', 'x'), 'resourceType', '"Dash Board"', /lowercase letters/, 'RestrictionPolicyResourceId.of');
  });

  test('GIVEN RestrictionPolicyResourceId.dashboard with an empty id THEN it is refused', () => {
    expectProblem(() => RestrictionPolicyResourceId.dashboard(''), 'id', '""', /non-empty id/, 'RestrictionPolicyResourceId.of');
  });

  test('GIVEN RestrictionPolicyResourceId.fromString without a colon THEN it is refused', () => {
    expectProblem(() => RestrictionPolicyResourceId.fromString('dashboard'), 'resourceId', '"dashboard"', /resource_type:resource_id/, 'RestrictionPolicyResourceId.fromString');
  });
});

describe('lookup and import rules', () => {
  test('GIVEN fromResourceId with a malformed id THEN resourceId is named', () => {
    const { stack } = datadogStack();
    expectProblem(() => RestrictionPolicy.fromResourceId(stack, 'shared', 'nocolon'), 'resourceId', '"nocolon"', /resource_type:resource_id/, 'stack/shared');
  });

  test('GIVEN fromResourceId with a bad principal in the state THEN state/bindings/… is named', () => {
    const { stack } = datadogStack();
    expectProblem(
      () => RestrictionPolicy.fromResourceId(stack, 'shared', 'dashboard:abc', { bindings: [{ relation: 'viewer', principals: ['org:'] }] }),
      'state/bindings/0/principals/0',
      '"org:"',
      /non-empty id/,
    );
  });

  test('GIVEN generateConfigForImport with a malformed id THEN resourceId is named', () => {
    const { stack } = datadogStack();
    expectProblem(() => RestrictionPolicy.generateConfigForImport(stack, 'import', 'dashboard:'), 'resourceId', '"dashboard:"', /non-empty id/, 'stack/import');
  });
});

describe('DatadogProvider rules', () => {
  function stack(): TerraformStack {
    return new TerraformStack(Testing.app(), 'stack');
  }

  test('GIVEN a literal api key THEN it is refused without showing the key', () => {
    const error = validationErrorOf(() => new DatadogProvider(stack(), 'datadog', { apiKey: 'abcdef0123456789abcdef0123456789' }));
    expect(error.problems).toEqual([
      expect.objectContaining({ path: 'props/apiKey', received: 'a string of 32 characters (not shown)', allowed: expect.stringMatching(/sensitive TerraformVariable.*DD_API_KEY/) }),
    ]);
    expect(error.message).not.toContain('abcdef0123456789');
  });

  test('GIVEN a literal app key THEN it is refused', () => {
    expectProblem(() => new DatadogProvider(stack(), 'datadog', { appKey: 'k' }), 'props/appKey', 'a string of 1 character (not shown)', /DD_APP_KEY/);
  });

  test('GIVEN a variable that is not sensitive THEN it is refused', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'dd_api_key', { type: 'string' });
    expectProblem(() => new DatadogProvider(s, 'datadog', { apiKey: key.stringValue }), 'props/apiKey', '"${var.dd_api_key}"', /sensitive: true/);
  });

  test('GIVEN a sensitive variable with a default THEN it is refused (the default would be written out)', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'dd_app_key', { type: 'string', sensitive: true, default: 'x' });
    expectProblem(() => new DatadogProvider(s, 'datadog', { appKey: key.stringValue }), 'props/appKey', '"${var.dd_app_key}"', /no default/);
  });

  test('GIVEN a reference that is not a variable THEN it is refused by size only (an expression may embed a literal)', () => {
    const s = stack();
    const key = new TerraformVariable(s, 'dd_api_key', { type: 'string', sensitive: true });
    expectProblem(() => new DatadogProvider(s, 'datadog', { apiKey: `prefix-${key.stringValue}` }), 'props/apiKey', 'a string of 24 characters (not shown)', /sensitive TerraformVariable/);
  });

  test('GIVEN Fn.join of a literal key THEN the literal inside the token is not shown', () => {
    const error = validationErrorOf(() => new DatadogProvider(stack(), 'datadog', { apiKey: Fn.join('', ['abcdef0123456789', 'abcdef0123456789']) }));
    expect(error.problems[0]).toMatchObject({ path: 'props/apiKey', received: expect.stringMatching(/^a string of \d+ characters \(not shown\)$/) });
    expect(error.message).not.toContain('abcdef0123456789');
  });

  test('GIVEN an api url with the /api/ path THEN it is refused', () => {
    expectProblem(() => new DatadogProvider(stack(), 'datadog', { apiUrl: 'https://api.datadoghq.com/api/' }), 'props/apiUrl', '"https://api.datadoghq.com/api/"', /without the \/api\/ path/);
  });

  test('GIVEN an api url that is not a URL THEN it is refused', () => {
    expectProblem(() => new DatadogProvider(stack(), 'datadog', { apiUrl: 'datadoghq.eu' }), 'props/apiUrl', '"datadoghq.eu"', /absolute http\(s\) URL/);
  });

  test('GIVEN a bad alias THEN it is refused', () => {
    expectProblem(() => new HttpProvider(stack(), 'http', { alias: '1st' }), 'props/alias', '"1st"', /Terraform identifier/);
  });
});

describe('CurrentOrg rules', () => {
  test('GIVEN the http source without keys THEN both keys are required', () => {
    const s = new TerraformStack(Testing.app(), 'stack');
    const error = validationErrorOf(() => new CurrentOrg(s, 'org', { source: CurrentOrgSource.HTTP }));
    expect(error.problems.map((p) => p.path)).toEqual(['props/apiKey', 'props/appKey']);
    expect(error.problems[0].allowed).toMatch(/sensitive TerraformVariable/);
  });

  test('GIVEN the http source with a literal key THEN it is refused without showing it', () => {
    const s = new TerraformStack(Testing.app(), 'stack');
    const app = new TerraformVariable(s, 'dd_app_key', { type: 'string', sensitive: true });
    const error = validationErrorOf(() => new CurrentOrg(s, 'org', { source: CurrentOrgSource.HTTP, apiKey: 'secret-literal-key', appKey: app.stringValue }));
    expect(error.problems.map((p) => p.path)).toEqual(['props/apiKey']);
    expect(error.message).not.toContain('secret-literal-key');
  });

  test('GIVEN the current-user source with an apiUrl THEN it is refused (the provider settings apply)', () => {
    const s = new TerraformStack(Testing.app(), 'stack');
    expectProblem(() => new CurrentOrg(s, 'org', { apiUrl: 'https://api.datadoghq.eu' }), 'props/apiUrl', '"https://api.datadoghq.eu"', /only with CurrentOrgSource.HTTP/);
  });

  test('GIVEN an unknown source THEN the sources are listed', () => {
    const s = new TerraformStack(Testing.app(), 'stack');
    expectProblem(() => new CurrentOrg(s, 'org', { source: 'api' as any }), 'props/source', '"api"', /CURRENT_USER_DATA_SOURCE or CurrentOrgSource.HTTP/);
  });
});
