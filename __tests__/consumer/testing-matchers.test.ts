// README "Testing your stacks": the example a consumer writes, compiled (tsc
// type-checks this file) and run here. The part between the README markers is
// the README's code block without its import lines, byte for byte (the first
// test checks it), so the README cannot drift from what compiles and runs.
// Types of cdktf's jest matchers (`toHaveResourceWithProperties`, …), as a
// consumer loads them; at run time the jest project maps it to cdktn's twin.
import 'cdktf/lib/testing/adapters/jest';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, NodeList, Principal, RestrictionPolicy } from '../../lib';
import { exampleIn, readmeExample } from '../support/readme';

// README:start
Testing.setupJest(); // once per test file, or in a jest setup file

describe('my stack', () => {
  const stack = new TerraformStack(Testing.app(), 'test');
  new AuthenticationProfile(stack, 'analysts', {
    authenticationProfileName: 'analysts-sso',
    authenticationProfileContent: { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID' },
  });
  new RestrictionPolicy(stack, 'dashboard', {
    resourceId: 'dashboard:abc-def-ghi',
    bindings: [{ relation: 'viewer', principals: [Principal.role('00000000-0000-1111-0000-000000000001')] }],
  });

  test('synthesizes as before', () => {
    expect(Testing.synth(stack)).toMatchSnapshot();
  });

  test('declares the profile and the policy', () => {
    const synthesized = Testing.synth(stack);
    expect(synthesized).toHaveResourceWithProperties(AuthenticationProfile, {
      authentication_profile_name: 'analysts-sso',
      authentication_profile_content: '{"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}',
    });
    expect(synthesized).toHaveResourceWithProperties(RestrictionPolicy, { resource_id: 'dashboard:abc-def-ghi' });
    expect(synthesized).not.toHaveResource(NodeList);
  });
});
// README:end

describe('the README example', () => {
  test('GIVEN the README code block THEN it is this file\'s example, with the package imports', () => {
    const block = readmeExample('testing-example');
    const imports = [
      "import 'cdktf/lib/testing/adapters/jest'; // the matchers' types",
      "import { TerraformStack, Testing } from 'cdktf';",
      "import { AuthenticationProfile, NodeList, Principal, RestrictionPolicy } from 'cdktf-warehouse-monitoring-cluster';",
    ].join('\n');
    expect(block).toBe(`${imports}\n${exampleIn(__filename)}`);
  });

  test('GIVEN each construct class THEN its tfResourceType is its main resource type in the default mode', () => {
    expect(AuthenticationProfile.tfResourceType).toBe('aws_redshift_authentication_profile');
    expect(RestrictionPolicy.tfResourceType).toBe('datadog_restriction_policy');
    expect(NodeList.tfResourceType).toBe('kubernetes_manifest');
  });

  test('GIVEN a property the resource does not have THEN the matcher fails (it reads the synthesized JSON)', () => {
    const stack = new TerraformStack(Testing.app(), 'other');
    new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'p', authenticationProfileContent: { a: '1' } });
    const synthesized = Testing.synth(stack);
    expect(synthesized).not.toHaveResourceWithProperties(AuthenticationProfile, { authentication_profile_name: 'q' });
    expect(Testing.toHaveResourceWithProperties(synthesized, AuthenticationProfile.tfResourceType, { authentication_profile_name: 'p' })).toBe(true);
    new NodeList(stack, 'n', { items: [{ metadata: { name: 'n1' } }] });
    expect(Testing.synth(stack)).toHaveResourceWithProperties(NodeList, { manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } } });
  });
});
