// Issue 19 item 3, judged by the real terraform in one working directory:
// a stack with a profile (aws provider against the Redshift emulator), a policy
// and two node lists (echo providers) is applied; then every construct is
// renamed or moved into another scope with movedFrom, and both outputs plan
// each resource as moved (previous_address) with nothing to add, change or
// destroy; then the profile is released, and both outputs plan it forgotten:
// after the apply it is gone from the state and still in the emulator.
import * as fs from 'fs';
import * as path from 'path';
import { Construct } from 'constructs';
import { TerraformStack } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AuthenticationProfileProps,
  AwsProvider,
  DatadogProvider,
  KubernetesProvider,
  NodeList,
  NodeListMode,
  NodeListProps,
  RestrictionPolicy,
  RestrictionPolicyProps,
  TaintEffect,
} from '../../lib';
import { EchoProviders, startEchoProviders } from '../support/echo-provider';
import { DATADOG, KUBERNETES } from '../support/echo-provider/schemas';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { stackFile } from '../support/synth';
import { awsPluginDir, PlanJson, resourceChanges, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const TIMEOUT = 10 * 60 * 1000;
const PROFILE: AuthenticationProfileProps = { authenticationProfileName: 'moved-analysts', authenticationProfileContent: { AllowDBUserOverride: '1' } };
const POLICY: RestrictionPolicyProps = { resourceId: 'dashboard:abc-def-ghi', bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }] };
const NODES: NodeListProps = { items: [{ metadata: { name: 'worker-1' } }, { metadata: { name: 'worker-2' } }] };
const LABELLED: NodeListProps = {
  mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
  items: [{ metadata: { name: 'worker-3', labels: { pool: 'gpu' } }, spec: { taints: [{ key: 'gpu', value: 'true', effect: TaintEffect.NO_SCHEDULE }] } }],
};

/** The addresses of every resource the stack's constructs own, by construct. */
type Owned = { [construct: string]: string[] };

function addressesOf(...constructs: Construct[]): Owned {
  const out: Owned = {};
  for (const c of constructs) {
    out[c.node.id] = c.node
      .findAll()
      .filter((r): r is any => typeof (r as any).terraformResourceType === 'string' && typeof (r as any).friendlyUniqueId === 'string')
      .map((r) => `${r.terraformResourceType}.${r.friendlyUniqueId}`);
  }
  return out;
}

describe('movedFrom and release: terraform plans moves and forgets, JSON and HCL alike', () => {
  let emulator: RedshiftEmulator;
  let echo: EchoProviders;
  let aws: ReattachedProvider | undefined;
  let env: NodeJS.ProcessEnv;
  const dirs = { json: '', hcl: '' };
  let before: Owned;
  let after: Owned;

  const providers = (stack: TerraformStack) => {
    new AwsProvider(stack, 'aws', emulator.awsProviderProps());
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', {});
  };
  const original = (stack: TerraformStack) => {
    providers(stack);
    before = addressesOf(
      new AuthenticationProfile(stack, 'analysts', PROFILE),
      new RestrictionPolicy(stack, 'policy', POLICY),
      new NodeList(stack, 'nodes', NODES),
      new NodeList(stack, 'labelled', LABELLED),
    );
  };
  // Each construct renamed, or moved into a scope, or both; the profile released when asked.
  const moved = (releaseProfile: boolean) => (stack: TerraformStack) => {
    providers(stack);
    const team = new Construct(stack, 'team');
    const policy = new RestrictionPolicy(stack, 'access', POLICY);
    policy.movedFrom('policy');
    const nodes = new NodeList(team, 'nodes', NODES);
    nodes.movedFrom('nodes');
    const labelled = new NodeList(new Construct(team, 'gpu'), 'workers', LABELLED);
    labelled.movedFrom('labelled');
    if (releaseProfile) {
      AuthenticationProfile.release(team, 'analysts', PROFILE);
      return;
    }
    const profile = new AuthenticationProfile(team, 'analysts', PROFILE);
    profile.movedFrom('analysts');
    after = addressesOf(profile, policy, nodes, labelled);
  };

  /** Writes the stack, as each format, into its directory (the HCL one gets the JSON one's state), and plans each. */
  const planBoth = async (build: (stack: TerraformStack) => void, formats: readonly ('json' | 'hcl')[] = ['json', 'hcl']): Promise<{ json: PlanJson; hcl: PlanJson }> => {
    const state = path.join(dirs.json, 'terraform.tfstate');
    if (fs.existsSync(state)) fs.copyFileSync(state, path.join(dirs.hcl, 'terraform.tfstate'));
    const plans: { [format: string]: PlanJson } = {};
    for (const format of formats) {
      const { file, text } = stackFile('moves', build, format === 'hcl');
      fs.writeFileSync(path.join(dirs[format], file), text);
      await terraformAsync(dirs[format], ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
      plans[format] = JSON.parse((await terraformAsync(dirs[format], ['show', '-json', 'tfplan'], { env })).stdout);
    }
    return { json: plans.json, hcl: plans.hcl };
  };
  const apply = () => terraformAsync(dirs.json, ['apply', '-input=false', '-no-color', 'tfplan'], { env });
  const previousAddresses = (plan: PlanJson) =>
    Object.fromEntries((plan.resource_changes ?? []).map((c) => [c.address, `${c.previous_address ?? '(not moved)'} ${c.change.actions.join('+')}`]));

  beforeAll(async () => {
    emulator = await RedshiftEmulator.start();
    echo = await startEchoProviders([DATADOG, KUBERNETES]);
    const pluginDir = awsPluginDir();
    for (const format of ['json', 'hcl'] as const) {
      dirs[format] = workdir({});
      const { file, text } = stackFile('moves', original, format === 'hcl');
      fs.writeFileSync(path.join(dirs[format], file), text);
      await terraformAsync(dirs[format], ['init', '-input=false', '-no-color', ...(pluginDir ? [`-plugin-dir=${pluginDir}`] : [])], { env: echo.env });
    }
    aws = await startReattachedAwsProvider(dirs.json, emulator.providerEnv());
    const reattach = { ...JSON.parse(echo.env.TF_REATTACH_PROVIDERS!), ...(aws ? JSON.parse(aws.env.TF_REATTACH_PROVIDERS!) : {}) };
    env = { ...emulator.providerEnv(), TF_REATTACH_PROVIDERS: JSON.stringify(reattach) };
  }, TIMEOUT);

  afterAll(async () => {
    await aws?.stop();
    await echo?.stop();
    await emulator?.stop();
  });

  test(
    'GIVEN the applied stack WHEN every construct is renamed or moved with movedFrom THEN each output plans every resource moved, 0 to add, change or destroy',
    async () => {
      // Only the JSON output is applied; the HCL one plans against its state from here on.
      const created = await planBoth(original, ['json']);
      const owned = Object.values(before).flat();
      expect(Object.keys(resourceChanges(created.json)).sort()).toEqual([...owned].sort());
      await apply();
      expect(emulator.profileNames()).toEqual(['moved-analysts']);

      const { json, hcl } = await planBoth(moved(false));
      const expected: { [address: string]: string } = {};
      for (const construct of Object.keys(after)) {
        // The constructs own the same resources, in the same order, before and after.
        expect(after[construct]).toHaveLength(before[construct === 'access' ? 'policy' : construct === 'workers' ? 'labelled' : construct].length);
      }
      const pairs: [string, string][] = [
        ...before.analysts.map((from, i): [string, string] => [from, after.analysts[i]]),
        ...before.policy.map((from, i): [string, string] => [from, after.access[i]]),
        ...before.nodes.map((from, i): [string, string] => [from, after.nodes[i]]),
        ...before.labelled.map((from, i): [string, string] => [from, after.workers[i]]),
      ];
      for (const [from, to] of pairs) {
        expect(to).not.toBe(from);
        expected[to] = `${from} no-op`;
      }
      expect(previousAddresses(json)).toEqual(expected);
      expect(previousAddresses(hcl)).toEqual(expected);
      expect(resourceChanges(json)).toEqual({});
      expect(resourceChanges(hcl)).toEqual({});
      process.stdout.write(`move plan (json and hcl): ${pairs.length} resources moved, 0 to add, 0 to change, 0 to destroy\n`);
      await apply();
    },
    TIMEOUT,
  );

  test(
    'GIVEN the moved stack WHEN the profile is released THEN each output plans the profile and its trigger forgotten; after the apply they leave the state and the profile stays in the emulator',
    async () => {
      const { json, hcl } = await planBoth(moved(true));
      const forgotten = Object.fromEntries(after.analysts.map((a) => [a, 'forget (delete_because_no_resource_config)']));
      expect(resourceChanges(json)).toEqual(forgotten);
      expect(resourceChanges(hcl)).toEqual(forgotten);
      await apply();
      const state = (await terraformAsync(dirs.json, ['state', 'list'], { env })).stdout.split('\n').filter((l) => l !== '');
      expect(state.sort()).toEqual([...after.access, ...after.nodes, ...after.workers].sort());
      expect(emulator.profileNames()).toEqual(['moved-analysts']);
      process.stdout.write(`release plan (json and hcl): ${Object.keys(forgotten).length} forgotten; state keeps ${state.length}; the emulator keeps the profile\n`);
    },
    TIMEOUT,
  );
});
