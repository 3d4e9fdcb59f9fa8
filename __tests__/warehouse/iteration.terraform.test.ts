// Issue 19 (items 1, 2 and the part of 5 that fits here), judged by the real
// terraform: a profile stack repeated with forEach over a map variable, written
// as JSON and as HCL, passes `terraform validate` with the offline aws provider
// and plans against the Redshift emulator N profiles and N triggers; after an
// apply, renaming one entry replaces exactly that profile and its trigger.
// Restriction policies repeated with forEach are planned by the echo providers,
// both outputs alike. A user's replaceTriggeredBy and dependsOn entries pass
// `terraform validate`, where cdktf's own rendering is refused.
import * as fs from 'fs';
import * as path from 'path';
import { TerraformCount, TerraformIterator, TerraformStack, TerraformVariable, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, PlanExplanation, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';
import { WireResource } from '../../lib/core/wire-elements';
import { HclJudge } from '../support/hcl-judge';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { stackFile } from '../support/synth';
import { init, PlanJson, resourceChanges, terraform, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const TIMEOUT = 10 * 60 * 1000;
const NAMES = { analysts: 'iter-analysts', engineers: 'iter-engineers', finance: 'iter-finance' };
const CONTENT = { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID' };

const vars = (names: { [key: string]: string }) => JSON.stringify({ profiles: names });

describe('AuthenticationProfile with forEach over a map variable: terraform validate, and plans against the Redshift emulator', () => {
  let emulator: RedshiftEmulator;
  let provider: ReattachedProvider | undefined;
  let env: NodeJS.ProcessEnv;
  const dirs: { [format: string]: string } = {};
  let address: string;
  let trigger: string;

  const build = (stack: TerraformStack) => {
    new AwsProvider(stack, 'aws', emulator.awsProviderProps());
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(profiles.value);
    const profile = new AuthenticationProfile(stack, 'analysts', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT });
    address = profile.address;
    trigger = `terraform_data.${(profile.replaceTriggerResource as WireResource).friendlyUniqueId}`;
  };

  const plan = async (format: 'json' | 'hcl'): Promise<PlanJson> => {
    await terraformAsync(dirs[format], ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
    return JSON.parse((await terraformAsync(dirs[format], ['show', '-json', 'tfplan'], { env })).stdout);
  };

  beforeAll(async () => {
    emulator = await RedshiftEmulator.start();
    for (const hcl of [false, true]) {
      const { file, text } = stackFile('iter', build, hcl);
      const dir = workdir({ [file]: text, 'terraform.tfvars.json': vars(NAMES) });
      init(dir);
      dirs[hcl ? 'hcl' : 'json'] = dir;
    }
    provider = await startReattachedAwsProvider(dirs.json, emulator.proxyEnv());
    env = { ...emulator.proxyEnv(), ...provider?.env };
  }, TIMEOUT);

  afterAll(async () => {
    await provider?.stop();
    await emulator?.stop();
  });

  test.each(['json', 'hcl'])('GIVEN the %s output THEN terraform validate accepts it', (format) => {
    expect(terraform(dirs[format], ['validate', '-no-color']).stdout).toContain('The configuration is valid');
  });

  test(
    'GIVEN 3 map entries THEN each output plans 3 profiles and 3 triggers, keyed by the map keys; the apply creates the 3 profiles',
    async () => {
      const expected: { [address: string]: string } = {};
      for (const key of Object.keys(NAMES)) {
        expected[`${address}["${key}"]`] = 'create';
        expected[`${trigger}["${key}"]`] = 'create';
      }
      const json = await plan('json');
      const hcl = await plan('hcl');
      expect(resourceChanges(json)).toEqual(expected);
      expect(resourceChanges(hcl)).toEqual(expected);
      const afterOf = (p: PlanJson) => (p.resource_changes ?? []).map((c) => [c.address, c.change.after]);
      expect(afterOf(hcl)).toEqual(afterOf(json));
      const profile = json.resource_changes!.find((c) => c.address === `${address}["finance"]`)!;
      expect(profile.change.after).toEqual({ authentication_profile_name: 'iter-finance', authentication_profile_content: '{"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}' });
      process.stdout.write(`forEach plan (json and hcl): ${Object.values(resourceChanges(json)).filter((a) => a === 'create').length} creates\n`);

      await terraformAsync(dirs.json, ['apply', '-input=false', '-no-color', 'tfplan'], { env });
      expect(emulator.profileNames()).toEqual(Object.values(NAMES).sort());
    },
    TIMEOUT,
  );

  test(
    'GIVEN one entry renamed after the apply THEN each output plans exactly that profile and its trigger replaced, and nothing else',
    async () => {
      const renamed = vars({ ...NAMES, engineers: 'iter-engineers-v2' });
      for (const format of ['json', 'hcl']) fs.writeFileSync(path.join(dirs[format], 'terraform.tfvars.json'), renamed);
      // The HCL configuration plans against the same state.
      fs.copyFileSync(path.join(dirs.json, 'terraform.tfstate'), path.join(dirs.hcl, 'terraform.tfstate'));
      const expected = {
        [`${address}["engineers"]`]: 'delete+create (replace_by_triggers)',
        [`${trigger}["engineers"]`]: 'delete+create (replace_because_cannot_update)',
      };
      const json = await plan('json');
      expect(resourceChanges(json)).toEqual(expected);
      expect(resourceChanges(await plan('hcl'))).toEqual(expected);
      // explain pairs the instance with its own trigger instance: the rename's old and new name.
      const explained = PlanExplanation.fromPlan(JSON.stringify(json), dirs.json).changes.filter((r) => r.actions[0] !== 'no-op');
      expect(explained.map((r) => [r.constructPath, r.address, r.causes.join('; ')])).toEqual([
        ['analysts', `${address}["engineers"]`, 'renamed through the replace trigger: "iter-engineers" → "iter-engineers-v2"'],
        ['analysts', `${trigger}["engineers"]`, 'authenticationProfileName cannot change in place (forces replacement)'],
      ]);
      const unchanged = (json.resource_changes ?? []).filter((c) => c.change.actions.join() === 'no-op').map((c) => c.address).sort();
      expect(unchanged).toEqual([`${address}["analysts"]`, `${address}["finance"]`, `${trigger}["analysts"]`, `${trigger}["finance"]`]);
      process.stdout.write(`rename plan: ${Object.keys(resourceChanges(json)).length} replaced (${Object.keys(resourceChanges(json)).join(', ')}), ${unchanged.length} unchanged\n`);

      await terraformAsync(dirs.json, ['apply', '-input=false', '-no-color', 'tfplan'], { env });
      expect(emulator.profileNames()).toEqual(['iter-analysts', 'iter-engineers-v2', 'iter-finance']);
    },
    TIMEOUT,
  );
});

describe('meta-arguments in every form: terraform validate (offline aws provider), JSON and HCL', () => {
  const build = (stack: TerraformStack) => {
    new AwsProvider(stack, 'aws', { region: 'us-east-1', skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true });
    // A user's own resource, as a @cdktf/provider-* class would be.
    const marker = new WireResource(stack, 'marker', { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({}) });
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)', default: NAMES });
    const iterator = TerraformIterator.fromMap(profiles.value);
    const adopted = AuthenticationProfile.adopt(stack, 'adopted', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT });
    const count = TerraformCount.of(2);
    new AuthenticationProfile(stack, 'counted', {
      count,
      authenticationProfileName: `counted-${Token.asString(count.index)}`,
      authenticationProfileContent: CONTENT,
      dependsOn: [marker, adopted, { fqn: marker.getStringAttribute('id') }],
      lifecycle: { replaceTriggeredBy: [marker, adopted, 'terraform_data.marker.output', marker.getStringAttribute('id'), marker.fqn] },
    });
    const list = TerraformIterator.fromList(['iter-x', 'iter-y']);
    new AuthenticationProfile(stack, 'listed', { forEach: list, authenticationProfileName: list.value, authenticationProfileContent: CONTENT, lifecycle: { replaceTriggeredBy: [marker] } });
  };

  test.each([false, true])('GIVEN the stack (hcl: %s) THEN terraform validate accepts it', (hcl) => {
    const { file, text } = stackFile('iter', build, hcl);
    const dir = workdir({ [file]: text });
    init(dir);
    const result = terraform(dir, ['validate', '-no-color'], { allowFailure: true });
    expect(result.stderr + result.stdout).toContain('The configuration is valid');
  });

  test('GIVEN replaceTriggeredBy as cdktf writes a resource ("${type.name}") THEN terraform refuses it, and the plain address the library writes passes', () => {
    const config = (trigger: string) => JSON.stringify({ resource: { terraform_data: { p: {}, marker: { lifecycle: { replace_triggered_by: [trigger] } } } } });
    const cdktfWay = workdir({ 'main.tf.json': config('${terraform_data.p}') });
    const refused = terraform(cdktfWay, ['init', '-input=false', '-no-color', '-backend=false'], { allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('Invalid character');
    const plain = workdir({ 'main.tf.json': config('terraform_data.p') });
    terraform(plain, ['init', '-input=false', '-no-color', '-backend=false']);
    expect(terraform(plain, ['validate', '-no-color']).stdout).toContain('The configuration is valid');
  });
});

describe('RestrictionPolicy with forEach: the echo providers plan both outputs alike', () => {
  let judge: HclJudge;
  beforeAll(async () => {
    judge = await HclJudge.start();
  });
  afterAll(async () => {
    await judge?.stop();
  });

  test(
    'GIVEN forEach over a map variable, and adopt with forEach over a list THEN each output plans one policy per entry and one import per element',
    async () => {
      const verdict = await judge.judge((app) => {
        const stack = new TerraformStack(app, 'policies');
        new DatadogProvider(stack, 'datadog', {});
        const dashboards = new TerraformVariable(stack, 'dashboards', { type: 'map(string)', default: { sales: 'abc-def-ghi', ops: 'jkl-mno-pqr', hr: 'stu-vwx-yz1' } });
        const iterator = TerraformIterator.fromMap(dashboards.value);
        new RestrictionPolicy(stack, 'policy', {
          forEach: iterator,
          resourceId: RestrictionPolicyResourceId.dashboard(iterator.value),
          bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }],
        });
        const notebooks = TerraformIterator.fromList(['nb-1', 'nb-2']);
        RestrictionPolicy.adopt(stack, 'adopted', { forEach: notebooks, resourceId: RestrictionPolicyResourceId.notebook(notebooks.value) });
      });
      expect(verdict.json.outcome).toBe('ok');
      expect(verdict.agree).toBe(true);
      const resources = (verdict.json.reading as any).resources as Array<{ address: string; actions: string[]; importing?: { id: string }; after: any }>;
      const created = resources.filter((r) => r.actions.join() === 'create').map((r) => [r.address, r.after.resource_id]);
      expect(created).toEqual(
        expect.arrayContaining([
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["sales"\]$/), 'dashboard:abc-def-ghi'],
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["ops"\]$/), 'dashboard:jkl-mno-pqr'],
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["hr"\]$/), 'dashboard:stu-vwx-yz1'],
        ]),
      );
      expect(created).toHaveLength(3);
      const imported = resources.filter((r) => r.importing !== undefined).map((r) => [r.address.replace(/_\w+\[/, '['), r.importing!.id]);
      expect(imported).toEqual([
        ['datadog_restriction_policy.adopted["nb-1"]', 'notebook:nb-1'],
        ['datadog_restriction_policy.adopted["nb-2"]', 'notebook:nb-2'],
      ]);
      process.stdout.write(`policies plan (json and hcl): ${created.length} creates, ${imported.length} imports\n`);
    },
    TIMEOUT,
  );
});
