// README "Moving and releasing": the example a consumer writes, compiled (tsc
// type-checks this file) and run here. The part between the README markers is
// the README's code block without its import lines, byte for byte (the first
// test checks it), so the README cannot drift from what compiles and runs.
import { Construct } from 'constructs';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, RestrictionPolicy } from '../../lib';
import { exampleIn, readmeExample } from '../support/readme';

// README:start
const app = new App();
const stack = new TerraformStack(app, 'warehouse');
new AwsProvider(stack, 'aws', { region: 'us-east-1' });
new DatadogProvider(stack, 'datadog', {});

// Was `new AuthenticationProfile(stack, 'analysts', …)`: now in a scope of its own.
const team = new Construct(stack, 'team');
const analysts = new AuthenticationProfile(team, 'analysts', {
  authenticationProfileName: 'analysts-sso',
  authenticationProfileContent: { AllowDBUserOverride: '1' },
});
analysts.movedFrom('analysts');

// Was `new RestrictionPolicy(stack, 'policy', …)`: renamed.
const access = new RestrictionPolicy(stack, 'dashboard-access', { resourceId: 'dashboard:abc-def-ghi' });
access.movedFrom('policy');

// Was `new AuthenticationProfile(stack, 'legacy', …)` with these props: Terraform
// forgets it (and its name trigger), the profile itself stays.
const released = AuthenticationProfile.release(stack, 'legacy', {
  authenticationProfileName: 'legacy-sso',
  authenticationProfileContent: { AllowDBUserOverride: '0' },
});
// released.addresses: the two addresses the removed blocks name
// README:end

describe('the README example of moving and releasing', () => {
  test('GIVEN the README code block THEN it is this file\'s example, with the package imports', () => {
    const block = readmeExample('moving-example');
    const imports = [
      "import { Construct } from 'constructs';",
      "import { App, TerraformStack } from 'cdktf';",
      "import { AuthenticationProfile, AwsProvider, DatadogProvider, RestrictionPolicy } from 'cdktf-warehouse-monitoring-cluster';",
    ].join('\n');
    expect(block).toBe(`${imports}\n${exampleIn(__filename)}`);
  });

  test('GIVEN the example THEN a moved block per resource of the moved and the renamed construct, and a removed block per released resource', () => {
    const config = JSON.parse(Testing.synth(stack, true));
    const former = new TerraformStack(Testing.app(), 'warehouse');
    const before = new AuthenticationProfile(former, 'analysts', { authenticationProfileName: 'analysts-sso', authenticationProfileContent: { a: '1' } });
    const policyBefore = new RestrictionPolicy(former, 'policy', { resourceId: 'dashboard:abc-def-ghi' });
    const address = (r: { terraformResourceType: string; friendlyUniqueId: string }) => `${r.terraformResourceType}.${r.friendlyUniqueId}`;
    expect(config.moved).toEqual([
      { from: address(before.replaceTriggerResource), to: address(analysts.replaceTriggerResource) },
      { from: before.address, to: analysts.address },
      { from: policyBefore.address, to: access.address },
    ]);
    expect(released.addresses).toEqual([expect.stringMatching(/^terraform_data\.legacy_NameTrigger_/), expect.stringMatching(/^aws_redshift_authentication_profile\.legacy_/)]);
    expect(config.removed).toEqual(released.addresses.map((from) => ({ from, lifecycle: { destroy: false } })));
    expect(Object.keys(config.resource.aws_redshift_authentication_profile)).toEqual([analysts.address.split('.')[1]]);
  });
});
