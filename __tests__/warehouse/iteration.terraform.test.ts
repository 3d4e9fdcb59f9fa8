// Issue 19 (items 1 and 5), judged by the real terraform: a profile stack
// repeated with forEach over a map variable, written as JSON and as HCL, passes
// `terraform validate` with the offline aws provider and plans against the
// Redshift emulator N profiles and N triggers; after an apply, renaming one
// entry replaces exactly that profile and its trigger. It runs in the cdktf
// pass (jest.config.js): on cdktn the package test runs the same lifecycle from
// a consumer app, and iteration.validate.terraform.test.ts validates the
// iterated stacks of both frameworks.
import * as fs from 'fs';
import * as path from 'path';
import { TerraformIterator, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, PlanExplanation } from '../../lib';
import { WireResource } from '../../lib/core/wire-elements';
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
    provider = await startReattachedAwsProvider(dirs.json, emulator.providerEnv());
    env = { ...emulator.providerEnv(), ...provider?.env };
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
