// The `adopt` command end to end: it reads live resources from loopback
// emulators of each service through the real clients, writes a module, and the
// module synthesizes to import blocks for exactly what was read. For profiles,
// the real terraform and aws provider plan against the emulator: imports only,
// then an apply and a clean plan.
jest.mock('@kubernetes/client-node', () => require('../support/kubernetes-emulator').nativeRequire('@kubernetes/client-node'));

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AwsProvider, DatadogProvider, KubernetesProvider, NodeList } from '../../lib';
import { runAdopt } from '../../lib/cli/adopt';
import { ClusterNodeReader } from '../../lib/cluster/node-reader';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { RestrictionPolicyReader } from '../../lib/monitoring/policy-reader';
import { LIBRARY_NAME, loadAdoptedModule, typeErrors } from '../support/adopted-module';
import { DatadogEmulator } from '../support/datadog-emulator';
import { generateNodes, KubernetesEmulator } from '../support/kubernetes-emulator';
import { startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';
import { init, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const SECRET_MARKER = 'SeCrEt-MaRkEr-1234';

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-')), name);
}

/** Runs the command in process; returns its exit code and stderr lines. */
async function adopt(args: string[]): Promise<{ code: number; stderr: string[] }> {
  const stderr: string[] = [];
  const code = await runAdopt(args, { stderr: (line) => stderr.push(line) });
  return { code, stderr };
}

function importsOf(config: any): { to: string; id: string }[] {
  return (config.import ?? []).map((i: any) => ({ to: i.to, id: i.id })).sort((a: any, b: any) => (a.id < b.id ? -1 : 1));
}

describe('adopt profiles', () => {
  let emulator: RedshiftEmulator;
  const saved = { ...process.env };
  beforeAll(async () => {
    emulator = await RedshiftEmulator.start({ maxProfiles: 100 });
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE', AWS_SECRET_ACCESS_KEY: SECRET_MARKER, AWS_REGION: 'us-east-1' });
    for (let i = 12; i >= 1; i--) emulator.putProfile(`profile-${String(i).padStart(2, '0')}`, JSON.stringify({ Tenant: `t${i}`, AllowDBUserOverride: '1', Quote: 'a"b\\c' }));
  });
  afterAll(async () => {
    process.env = saved;
    await emulator.stop();
  });

  test('GIVEN 12 profiles THEN the module adopts each, sorted, with canonical content; a re-run writes the same bytes; no credential anywhere', async () => {
    const out = tempFile('profiles.ts');
    const first = await adopt(['profiles', '--region', 'us-east-1', '--endpoint', emulator.url, '--out', out]);
    expect(first).toEqual({ code: 0, stderr: [`adopt: wrote 12 authentication profiles to ${out}`] });
    const source = fs.readFileSync(out, 'utf8');
    expect(source).not.toContain(SECRET_MARKER);
    expect(source).not.toContain('AKIAFAKE');
    const again = tempFile('profiles.ts');
    await adopt(['profiles', '--region', 'us-east-1', '--endpoint', emulator.url, '--out', again]);
    expect(fs.readFileSync(again, 'utf8')).toBe(source);

    const stack = new TerraformStack(Testing.app(), 'adopted');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    loadAdoptedModule(out).declareAdoptedProfiles(stack);
    const config = synthJson(stack);
    const names = emulator.profileNames().sort();
    expect(importsOf(config).map((i) => i.id)).toEqual(names);
    for (const block of Object.values<any>(config.resource.aws_redshift_authentication_profile)) {
      expect(block.authentication_profile_content).toBe(JSON.stringify(JSON.parse(emulator.profile(block.authentication_profile_name)!), Object.keys(JSON.parse(emulator.profile(block.authentication_profile_name)!)).sort()));
    }
  });

  test('GIVEN --name THEN only those; an unknown name fails with exit 1 and a message naming it', async () => {
    const out = tempFile('some.ts');
    expect((await adopt(['profiles', '--endpoint', emulator.url, '--name', 'profile-03', '--name', 'profile-01', '--out', out])).code).toBe(0);
    expect(fs.readFileSync(out, 'utf8').match(/AuthenticationProfile\.adopt/g)).toHaveLength(2);
    const missing = await adopt(['profiles', '--endpoint', emulator.url, '--name', 'no-such-profile', '--out', tempFile('none.ts')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.join('\n')).toContain('no-such-profile');
  });

  test(
    'GIVEN the module THEN the real terraform plans one import per profile and nothing else; apply, then a clean plan',
    async () => {
      const out = tempFile('profiles.ts');
      await adopt(['profiles', '--endpoint', emulator.url, '--out', out]);
      const stack = new TerraformStack(Testing.app(), 'adopted');
      new AwsProvider(stack, 'aws', {
        region: 'us-east-1',
        endpoints: emulator.endpoints(),
        skipCredentialsValidation: true,
        skipRequestingAccountId: true,
        skipMetadataApiCheck: true,
        skipRegionValidation: true,
      });
      loadAdoptedModule(out).declareAdoptedProfiles(stack);
      const dir = workdir({ 'main.tf.json': JSON.stringify(synthJson(stack)) });
      init(dir);
      const provider = await startReattachedAwsProvider(dir, emulator.proxyEnv());
      const env = { ...emulator.proxyEnv(), ...provider?.env };
      try {
        await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=plan.bin'], { env });
        const plan = JSON.parse((await terraformAsync(dir, ['show', '-json', 'plan.bin'], { env })).stdout);
        const profiles = plan.resource_changes.filter((c: any) => c.type === 'aws_redshift_authentication_profile');
        expect(profiles).toHaveLength(12);
        for (const change of profiles) {
          expect(change.change.importing).toEqual({ id: change.change.after.authentication_profile_name });
          expect(change.change.actions).toEqual(['no-op']);
        }
        // The replace trigger (terraform_data, created) is the only other change.
        expect(plan.resource_changes.filter((c: any) => c.type !== 'aws_redshift_authentication_profile' && c.change.actions[0] !== 'create')).toEqual([]);
        const writesBefore = emulator.callsOf().filter((c) => /^(Create|Modify|Delete)/.test(c.action)).length;
        await terraformAsync(dir, ['apply', '-input=false', '-no-color', 'plan.bin'], { env });
        expect(emulator.callsOf().filter((c) => /^(Create|Modify|Delete)/.test(c.action)).length).toBe(writesBefore);
        const clean = await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-detailed-exitcode'], { env, allowFailure: true });
        expect(clean.code).toBe(0);
      } finally {
        await provider?.stop();
      }
    },
    10 * 60 * 1000,
  );
});

describe('adopt policies', () => {
  let datadog: DatadogEmulator;
  const saved = { ...process.env };
  beforeAll(async () => {
    datadog = await DatadogEmulator.start();
    Object.assign(process.env, { DD_API_KEY: datadog.apiKey, DD_APP_KEY: datadog.appKey });
    datadog.putPolicy('dashboard:abc-def-ghi', [
      { relation: 'viewer', principals: ['team:b', 'org:o1', 'role:r'] },
      { relation: 'editor', principals: ['user:u'] },
    ]);
    datadog.putPolicy('slo:s1', [{ relation: 'viewer', principals: ['role:r'] }]);
    datadog.putPolicy('notebook:n1', []);
  });
  afterAll(async () => {
    process.env = saved;
    await datadog.stop();
  });

  test('GIVEN resource ids on the command line and in a file THEN each policy is adopted with the bindings read; keys appear nowhere', async () => {
    const ids = tempFile('ids.txt');
    fs.writeFileSync(ids, '# one per line\nslo:s1\n\nnotebook:n1\n');
    const out = tempFile('policies.ts');
    const result = await adopt(['policies', '--resource-id', 'dashboard:abc-def-ghi', '--resource-ids-file', ids, '--api-url', datadog.url, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('adopt: read 3 of 3 resources');
    const source = fs.readFileSync(out, 'utf8');
    expect(source).not.toContain(datadog.apiKey);
    expect(source).not.toContain(datadog.appKey);
    expect(result.stderr.join('\n')).not.toContain(datadog.apiKey);

    const stack = new TerraformStack(Testing.app(), 'adopted');
    new DatadogProvider(stack, 'datadog', { apiUrl: datadog.url });
    loadAdoptedModule(out).declareAdoptedPolicies(stack);
    const config = synthJson(stack);
    expect(importsOf(config).map((i) => i.id)).toEqual(['dashboard:abc-def-ghi', 'notebook:n1', 'slo:s1']);
    const read = await RestrictionPolicyReader.read({ resourceIds: ['dashboard:abc-def-ghi', 'notebook:n1', 'slo:s1'], apiUrl: datadog.url });
    const written = Object.values<any>(config.resource.datadog_restriction_policy);
    for (const policy of read) {
      const block = written.find((b) => b.resource_id === policy.resourceId);
      const bindings = (block.bindings ?? []).map((b: any) => ({ relation: b.relation, principals: [...b.principals].sort() }));
      expect(bindings).toEqual((policy.bindings ?? []).map((b) => ({ relation: b.relation, principals: b.principals.map(String).sort() })).sort((a, b) => (a.relation < b.relation ? -1 : 1)));
    }
  });

  test('GIVEN no resource id THEN usage, exit 2: the API has no list of policies', async () => {
    const result = await adopt(['policies', '--out', tempFile('p.ts')]);
    expect(result.code).toBe(2);
    expect(result.stderr.join('\n')).toContain('no list of policies');
  });
});

describe('adopt nodes', () => {
  test('GIVEN 300 nodes read in chunks of 40 with the continue token expiring mid-way THEN each node is adopted once, with the props read', async () => {
    const emulator = await KubernetesEmulator.start({ nodes: generateNodes(300), expireTokensAfter: 4, inconsistentContinue: false });
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-nodes-'));
      const kubeconfig = emulator.writeKubeconfig(dir);
      const out = tempFile('nodes.ts');
      const result = await adopt(['nodes', '--kubeconfig', kubeconfig, '--chunk-size', '40', '--out', out]);
      expect(result.code).toBe(0);
      expect(result.stderr.some((line) => /read \d+ nodes \(about 300 in all\)/.test(line))).toBe(true);
      expect(emulator.listRequests().some((r) => r.status === 410)).toBe(true);

      const stack = new TerraformStack(Testing.app(), 'adopted');
      new KubernetesProvider(stack, 'kubernetes', { configPath: kubeconfig });
      loadAdoptedModule(out).declareAdoptedNodes(stack);
      const config = synthJson(stack);
      const names = emulator.nodeNames().sort();
      expect(importsOf(config).map((i) => i.id)).toEqual(names.map((n) => `apiVersion=v1,kind=Node,name=${n}`).sort());
      const read = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 40 });
      const list = stack.node.findChild('nodes') as NodeList;
      const byName = (a: { metadata: { name?: string } }, b: { metadata: { name?: string } }) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1);
      expect([...list.items].sort(byName)).toEqual(JSON.parse(JSON.stringify([...read.items].sort(byName))));
    } finally {
      await emulator.stop();
    }
  });

  test('GIVEN kubectl output with --from-file THEN the module is written offline', async () => {
    const out = tempFile('nodes.ts');
    const fixture = path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json');
    expect((await adopt(['nodes', '--from-file', fixture, '--out', out])).code).toBe(0);
    // The generated stack class, provider included.
    const stack: TerraformStack = new (loadAdoptedModule(out).AdoptedNodesStack)(Testing.app(), 'adopted');
    const config = synthJson(stack);
    expect(config.provider.kubernetes).toEqual([{ config_path: '~/.kube/config' }]);
    expect(importsOf(config)).toHaveLength(JSON.parse(fs.readFileSync(fixture, 'utf8')).items.length);
  });
});

test('the generated modules type-check strictly against the library, and import only constructs, the framework and the library', async () => {
  const fixture = path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json');
  const out = tempFile('nodes.ts');
  await adopt(['nodes', '--from-file', fixture, '--out', out]);
  const source = fs.readFileSync(out, 'utf8');
  expect([...source.matchAll(/from '([^']+)'|from "([^"]+)"/g)].map((m) => m[1] ?? m[2]).sort()).toEqual(['cdktf', 'constructs', LIBRARY_NAME].sort());
  expect(typeErrors([out])).toEqual([]);
});

test('usage errors exit 2 without writing', async () => {
  expect((await adopt(['profiles'])).code).toBe(2);
  expect((await adopt(['volumes', '--out', tempFile('x.ts')])).code).toBe(2);
  expect((await adopt(['nodes', '--bogus', '--out', tempFile('x.ts')])).code).toBe(2);
});
