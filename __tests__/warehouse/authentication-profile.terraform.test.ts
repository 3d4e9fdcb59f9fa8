// The real terraform and aws provider (offline mirror) run the synthesized
// configuration: init, validate, a create plan, and plans against a prior state
// written here, which show a rename replacing the profile through
// replace_triggered_by and a content change updating it in place.
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';
import { ProfileCreateStack } from '../../examples/warehouse/profile-create';
import { synthApp, synthJson } from '../support/synth';
import { init, planJson, terraform, workdir } from '../support/terraform';

const OFFLINE = ['-var', 'plan_without_cloud=true'];

function offlineStack(name: string, content: { [key: string]: string } | string): any {
  const stack = new TerraformStack(Testing.app(), 'stack');
  new AwsProvider(stack, 'aws', { region: 'us-east-1', skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true });
  new AuthenticationProfile(stack, 'profile', { authenticationProfileName: name, authenticationProfileContent: content });
  return synthJson(stack);
}

/** A state in which every resource of `config` exists as configured. */
function stateOf(config: any): string {
  const resources = [];
  for (const [type, blocks] of Object.entries<any>(config.resource)) {
    for (const [name, block] of Object.entries<any>(blocks)) {
      const attributes =
        type === 'terraform_data'
          ? { id: `${name}-id`, input: null, output: null, triggers_replace: { value: block.triggers_replace, type: 'string' } }
          : { id: block.authentication_profile_name, authentication_profile_name: block.authentication_profile_name, authentication_profile_content: block.authentication_profile_content };
      resources.push({
        mode: 'managed',
        type,
        name,
        provider: type === 'terraform_data' ? 'provider["terraform.io/builtin/terraform"]' : 'provider["registry.terraform.io/hashicorp/aws"]',
        instances: [{ schema_version: 0, attributes, sensitive_attributes: [] }],
      });
    }
  }
  return JSON.stringify({ version: 4, terraform_version: '1.11.4', serial: 1, lineage: 'b0c5d5d2-6f1e-4c4e-9d47-000000000001', outputs: {}, resources });
}

function changesByType(plan: ReturnType<typeof planJson>): { [type: string]: { actions: string[]; reason?: string; after: any } } {
  const out: any = {};
  for (const change of plan.resource_changes ?? []) out[change.type] = { actions: change.change.actions, reason: change.action_reason, after: change.change.after };
  return out;
}

describe('the example stack with the real terraform and aws provider', () => {
  let dir: string;
  beforeAll(() => {
    const stack = new ProfileCreateStack(Testing.app(), 'warehouse-profile-create');
    dir = workdir({ 'main.tf.json': JSON.stringify(synthJson(stack)) });
    init(dir);
  });

  test('terraform validate accepts it', () => {
    expect(terraform(dir, ['validate', '-no-color']).stdout).toContain('The configuration is valid');
  });

  test('a create plan creates the trigger and the profile with the canonical content', () => {
    const changes = changesByType(planJson(dir, OFFLINE));
    expect(changes.terraform_data.actions).toEqual(['create']);
    expect(changes.aws_redshift_authentication_profile.actions).toEqual(['create']);
    expect(changes.aws_redshift_authentication_profile.after).toEqual({
      authentication_profile_name: 'analysts-sso',
      authentication_profile_content: '{"AllowDBUserOverride":"1","App_ID":"example-app","Client_ID":"ExampleClientID"}',
    });
  });

  test('the HCL output (cdk.tf) validates and plans the same values', () => {
    const outdir = synthApp((app: App) => new ProfileCreateStack(app, 'warehouse-profile-create'), true);
    const tf = fs.readFileSync(path.join(outdir, 'stacks', 'warehouse-profile-create', 'cdk.tf'), 'utf8');
    // Keep state local to the scratch directory, not where the app was synthesized.
    const hclDir = workdir({ 'main.tf': tf.replace(/backend "local" \{[^}]*\}/, '') });
    init(hclDir);
    expect(terraform(hclDir, ['validate', '-no-color']).stdout).toContain('The configuration is valid');
    const fromHcl = changesByType(planJson(hclDir, OFFLINE));
    const fromJson = changesByType(planJson(dir, OFFLINE));
    expect(fromHcl).toEqual(fromJson);
  });
});

describe('plans against an existing profile (prior state, -refresh=false)', () => {
  let dir: string;
  const before = offlineStack('analysts', { Client_ID: 'a', App_ID: 'b' });

  beforeAll(() => {
    dir = workdir({ 'main.tf.json': JSON.stringify(before) });
    init(dir);
  });

  function planAgainstBefore(after: any) {
    fs.writeFileSync(path.join(dir, 'main.tf.json'), JSON.stringify(after));
    fs.writeFileSync(path.join(dir, 'terraform.tfstate'), stateOf(before));
    return changesByType(planJson(dir, ['-refresh=false']));
  }

  test('the same profile, its content given in another key order and layout, plans no change', () => {
    const changes = planAgainstBefore(offlineStack('analysts', '{ "App_ID": "b",\n "Client_ID": "a" }'));
    expect(changes.aws_redshift_authentication_profile.actions).toEqual(['no-op']);
    expect(changes.terraform_data.actions).toEqual(['no-op']);
  });

  test('a rename replaces the profile, triggered by the name trigger', () => {
    const changes = planAgainstBefore(offlineStack('analysts-v2', { Client_ID: 'a', App_ID: 'b' }));
    expect(changes.terraform_data.actions).toEqual(['delete', 'create']);
    expect(changes.aws_redshift_authentication_profile.actions).toEqual(['delete', 'create']);
    expect(changes.aws_redshift_authentication_profile.reason).toBe('replace_by_triggers');
    expect(changes.aws_redshift_authentication_profile.after.authentication_profile_name).toBe('analysts-v2');
  });

  test('a content change updates the profile in place', () => {
    const changes = planAgainstBefore(offlineStack('analysts', { Client_ID: 'a', App_ID: 'c' }));
    expect(changes.aws_redshift_authentication_profile.actions).toEqual(['update']);
    expect(changes.terraform_data.actions).toEqual(['no-op']);
    expect(changes.aws_redshift_authentication_profile.after.authentication_profile_content).toBe('{"App_ID":"c","Client_ID":"a"}');
  });
});
