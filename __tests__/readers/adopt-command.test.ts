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
import { execFile, spawnSync } from 'child_process';
import { runAdopt } from '../../lib/cli/adopt';
import { main } from '../../lib/cli/main';
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

/** Runs the package's command in process; returns its exit code, stdout and stderr lines. */
async function command(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(args, { stderr: (line) => stderr.push(line), stdout: (line) => stdout.push(line) });
  return { code, stdout, stderr };
}

/** A failed run's one line: the exit code 1, one stderr line without a line break or control character, the reason given. */
function expectOneLineFailure(result: { code: number; stderr: string[] }, reason: string): string {
  expect(result.code).toBe(1);
  expect(result.stderr).toHaveLength(1);
  expect(result.stderr[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
  expect(result.stderr[0]).toMatch(new RegExp(`^adopt: .*\\[reason: ${reason}; `));
  return result.stderr[0];
}

/** Checks a written module: it type-checks strictly and declares `count` import blocks. */
function expectCompilingModule(out: string, declare: string, count: number): void {
  expect(typeErrors([out])).toEqual([]);
  const stack = new TerraformStack(Testing.app(), 'adopted');
  loadAdoptedModule(out)[declare](stack);
  expect(importsOf(synthJson(stack))).toHaveLength(count);
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

  test('GIVEN no --region THEN the module keeps the region read in (the SDK\'s AWS_REGION) on its provider; --per-resource-region puts it on each profile and pins the aws provider 6.x', async () => {
    const plain = tempFile('regioned.ts');
    expect((await adopt(['profiles', '--endpoint', emulator.url, '--name', 'profile-01', '--out', plain])).code).toBe(0);
    const source = fs.readFileSync(plain, 'utf8');
    expect(source).toContain('new AwsProvider(this, "aws", { region: "us-east-1" });');
    expect(source).not.toMatch(/^\s+region: /m);

    const perResource = tempFile('per-resource.ts');
    expect((await adopt(['profiles', '--endpoint', emulator.url, '--name', 'profile-01', '--per-resource-region', '--out', perResource])).code).toBe(0);
    const written = fs.readFileSync(perResource, 'utf8');
    expect(written).toContain('    region: "us-east-1",\n');
    expect(written).toContain('versionConstraint: "~> 6.0"');
    // The module synthesizes under the 6.x provider it pins: the profile's region, and the provider's import id for a region.
    const stack = new TerraformStack(Testing.app(), 'adopted');
    new AwsProvider(stack, 'aws', { region: 'us-east-1', versionConstraint: '~> 6.0' });
    loadAdoptedModule(perResource).declareAdoptedProfiles(stack);
    const config = synthJson(stack);
    expect(Object.values<any>(config.resource.aws_redshift_authentication_profile)[0].region).toBe('us-east-1');
    expect(importsOf(config).map((i) => i.id)).toEqual(['profile-01@us-east-1']);
    // Under the 5.x default constraint the construct refuses it, as its docs say: the flag is for 6.x stacks.
    const old = new TerraformStack(Testing.app(), 'adopted5');
    new AwsProvider(old, 'aws', { region: 'us-east-1' });
    expect(() => {
      loadAdoptedModule(perResource).declareAdoptedProfiles(old);
      synthJson(old);
    }).toThrow(/region/);
  });

  test('GIVEN --name THEN only those; an unknown name fails with exit 1 and a message naming it', async () => {
    const out = tempFile('some.ts');
    expect((await adopt(['profiles', '--endpoint', emulator.url, '--name', 'profile-03', '--name', 'profile-01', '--out', out])).code).toBe(0);
    expect(fs.readFileSync(out, 'utf8').match(/AuthenticationProfile\.adopt/g)).toHaveLength(2);
    const missing = await adopt(['profiles', '--endpoint', emulator.url, '--name', 'no-such-profile', '--out', tempFile('none.ts')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.join('\n')).toContain('no-such-profile');
  });

  test('GIVEN a service that stalls after the headers THEN exit 1 with a one-line timeout reason, within the --idle-timeout bounds, nothing written', async () => {
    const out = tempFile('stalled.ts');
    emulator.stall = true;
    const started = Date.now();
    try {
      const result = await adopt(['profiles', '--endpoint', emulator.url, '--idle-timeout', '0.3', '--out', out]);
      expect(expectOneLineFailure(result, 'timeout')).toMatch(/no byte for 300 ms \(idleTimeoutMs\): the server went silent/);
    } finally {
      emulator.stall = false;
    }
    // Three attempts (the SDK's default) of 0.3 s and their back-off: far below the 10 s request timeout.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.existsSync(out)).toBe(false);
  });

  test('GIVEN the stall and the command in its own process THEN the process exits 1 within the bounds, one line on stderr (no socket keeps it alive)', async () => {
    emulator.stall = true;
    const started = Date.now();
    try {
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['-r', 'ts-node/register/transpile-only', path.join('lib', 'cli', 'main.ts'), 'adopt', 'profiles', '--endpoint', emulator.url, '--idle-timeout', '0.3', '--out', tempFile('stalled.ts')],
          {
            cwd: path.join(__dirname, '..', '..'),
            env: { ...process.env, AWS_CONFIG_FILE: '/nonexistent/aws-config', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws-credentials', AWS_EC2_METADATA_DISABLED: 'true', NODE_NO_WARNINGS: '1' },
            timeout: 60_000,
          },
          (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
        );
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.split('\n').filter((line) => line.startsWith('adopt: '));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/no byte for 300 ms \(idleTimeoutMs\).*\[reason: timeout; /);
      expect(emulator.stalledRequests).toBeGreaterThanOrEqual(1);
    } finally {
      emulator.stall = false;
    }
    // ts-node's start and three attempts of 0.3 s: far below the 60 s the child is allowed.
    expect(Date.now() - started).toBeLessThan(45_000);
  });

  test('GIVEN an account without profiles THEN stderr says so plainly, and the module declares none and compiles', async () => {
    const empty = await RedshiftEmulator.start();
    try {
      const out = tempFile('no-profiles.ts');
      const result = await adopt(['profiles', '--endpoint', empty.url, '--out', out]);
      expect(result).toEqual({ code: 0, stderr: [`adopt: found no authentication profiles; wrote a module that declares none to ${out}`] });
      expectCompilingModule(out, 'declareAdoptedProfiles', 0);
    } finally {
      await empty.stop();
    }
  });

  test(
    'GIVEN the module THEN the real terraform plans one import per profile and nothing else; apply, then a clean plan',
    async () => {
      const out = tempFile('profiles.ts');
      await adopt(['profiles', '--endpoint', emulator.url, '--out', out]);
      const stack = new TerraformStack(Testing.app(), 'adopted');
      new AwsProvider(stack, 'aws', emulator.awsProviderProps());
      loadAdoptedModule(out).declareAdoptedProfiles(stack);
      const dir = workdir({ 'main.tf.json': JSON.stringify(synthJson(stack)) });
      init(dir);
      const provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
      const env = { ...emulator.providerEnv(), ...provider?.env };
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

  test('GIVEN a service that stalls after the headers and WMC_IDLE_TIMEOUT_MS THEN exit 1 with a one-line timeout reason', async () => {
    datadog.stall = true;
    process.env.WMC_IDLE_TIMEOUT_MS = '300';
    try {
      const result = await adopt(['policies', '--resource-id', 'slo:s1', '--api-url', datadog.url, '--out', tempFile('p.ts')]);
      expect(expectOneLineFailure(result, 'timeout')).toMatch(/no byte for 300 ms \(idleTimeoutMs\)/);
    } finally {
      datadog.stall = false;
      delete process.env.WMC_IDLE_TIMEOUT_MS;
    }
  });

  test('GIVEN a 403 that echoes the keys with control characters THEN exit 1 with one line that shows neither', async () => {
    datadog.failNext(403, (headers) => JSON.stringify({ errors: [`Forbidden\n\u001b[31m${headers['dd-api-key']}\u0007 ${headers['dd-application-key']}`] }));
    const result = await adopt(['policies', '--resource-id', 'slo:s1', '--api-url', datadog.url, '--out', tempFile('p.ts')]);
    const line = expectOneLineFailure(result, 'forbidden');
    expect(line).not.toContain(datadog.apiKey);
    expect(line).not.toContain(datadog.appKey);
    expect(line).toContain('the service says: Forbidden\\u000a\\u001b[31m<apiKey>\\u0007 <appKey>');
  });

  test('GIVEN only resources answered 404 THEN stderr says none was found, and the module declares none and compiles', async () => {
    datadog.missingResources.add('monitor:gone-1');
    datadog.missingResources.add('monitor:gone-2');
    const out = tempFile('no-policies.ts');
    const result = await adopt(['policies', '--resource-id', 'monitor:gone-1', '--resource-id', 'monitor:gone-2', '--api-url', datadog.url, '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stderr.at(-1)).toBe(`adopt: found no restriction policies (of 2 resources, each answered 404); wrote a module that declares none to ${out}`);
    expectCompilingModule(out, 'declareAdoptedPolicies', 0);
  });

  test('GIVEN no resource id THEN usage, exit 2: the API has no list of policies', async () => {
    const result = await adopt(['policies', '--out', tempFile('p.ts')]);
    expect(result.code).toBe(2);
    expect(result.stderr.join('\n')).toContain('no list of policies');
  });

  test('GIVEN a live policy that grants the whole org edit rights THEN adopt reports the guardrail finding, and the module carries it', async () => {
    datadog.putPolicy('dashboard:org-editors', [{ relation: 'editor', principals: ['org:o1', 'team:t'] }]);
    const out = tempFile('org-editors.ts');
    const result = await adopt(['policies', '--resource-id', 'dashboard:org-editors', '--api-url', datadog.url, '--out', out]);
    expect(result.code).toBe(0);
    const line = 'WMC-8 (warning) dashboard:org-editors bindings/0/principals/0: org:o1 is bound to editor: every member of the organization can edit the resource, so the policy restricts no one\'s editing';
    expect(result.stderr).toContain(`adopt: guardrail ${line}`);
    const source = fs.readFileSync(out, 'utf8');
    expect(source).toContain(`// Guardrails: 1 finding in the live values (acknowledge one with Guardrails.of(scope).acknowledge({ rule, reason })):\n//   ${line}\n`);
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

  test('GIVEN a server that stalls after the headers THEN exit 1 with a one-line timeout reason, nothing written', async () => {
    const emulator = await KubernetesEmulator.start({ nodes: generateNodes(3), stall: true });
    try {
      const out = tempFile('nodes.ts');
      const result = await adopt(['nodes', '--kubeconfig', emulator.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-nodes-'))), '--idle-timeout', '0.3', '--out', out]);
      expect(expectOneLineFailure(result, 'timeout')).toMatch(/no byte for 300 ms \(idleTimeoutMs\)/);
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await emulator.stop();
    }
  });

  test('GIVEN a 403 Status that echoes the bearer token over several lines THEN exit 1 with one line that shows no token', async () => {
    const token = 'kube-token-MARKER-SECRET-0d9a';
    const emulator = await KubernetesEmulator.start({
      nodes: generateNodes(3),
      token,
      failList: (headers) => ({ code: 403, reason: 'Forbidden', message: `denied for ${headers.authorization}\r\nsecond line \u001b[2J` }),
    });
    try {
      const kubeconfig = emulator.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-nodes-')), token);
      const line = expectOneLineFailure(await adopt(['nodes', '--kubeconfig', kubeconfig, '--out', tempFile('nodes.ts')]), 'forbidden');
      expect(line).not.toContain(token);
      expect(line).toContain('the server says: Forbidden: denied for <authorization>\\u000d\\u000asecond line \\u001b[2J');
    } finally {
      await emulator.stop();
    }
  });

  test('GIVEN a cluster without nodes THEN stderr says so plainly, and the module declares none and compiles', async () => {
    const emulator = await KubernetesEmulator.start({ nodes: [] });
    try {
      const out = tempFile('no-nodes.ts');
      const kubeconfig = emulator.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-nodes-')));
      const result = await adopt(['nodes', '--kubeconfig', kubeconfig, '--out', out]);
      expect(result.code).toBe(0);
      expect(result.stderr.at(-1)).toBe(`adopt: found no nodes; wrote a module that declares none to ${out}`);
      expectCompilingModule(out, 'declareAdoptedNodes', 0);
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
  for (const value of ['0', '-1', 'soon', '1e3', '']) {
    const result = await adopt(['nodes', '--from-file', 'x.json', '--idle-timeout', value, '--out', tempFile('x.ts')]);
    expect(result.code).toBe(2);
    // '-1' is refused by the option parser itself (it reads as an option), the others as not positive seconds.
    expect(result.stderr[0]).toMatch(value === '-1' ? /^adopt: Option '--idle-timeout' argument is ambiguous/ : /^adopt: --idle-timeout must be a positive number of seconds/);
  }
});

describe('the package\'s command', () => {
  test('GIVEN --help, at each level THEN the usage of that level on stdout, exit 0', async () => {
    const top = await command(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout.join('\n')).toMatch(new RegExp(`^usage: ${LIBRARY_NAME} <command> \\[options\\]\n\ncommands:\n  adopt `));
    const adoptHelp = (await command(['adopt', '--help'])).stdout.join('\n');
    for (const kind of ['profiles', 'policies', 'nodes']) expect(adoptHelp).toContain(`  ${LIBRARY_NAME} adopt ${kind} `);
    expect(adoptHelp).toMatch(/--connect-timeout SECONDS .*WMC_CONNECT_TIMEOUT_MS/);
    expect(adoptHelp).toMatch(/--idle-timeout SECONDS .*WMC_IDLE_TIMEOUT_MS/);
    const nodesHelp = await command(['adopt', 'nodes', '--help']);
    expect(nodesHelp.code).toBe(0);
    expect(nodesHelp.stdout.join('\n')).toContain(`${LIBRARY_NAME} adopt nodes --from-file KUBECTL_JSON --out FILE`);
    expect(nodesHelp.stdout.join('\n')).not.toContain('adopt profiles');
  });

  test('GIVEN no command or an unknown one THEN the usage on stderr, exit 2', async () => {
    for (const args of [[], ['no-such-command'], ['--bogus']]) {
      const result = await command(args);
      expect(result.code).toBe(2);
      expect(result.stderr.join('\n')).toContain(`usage: ${LIBRARY_NAME} <command>`);
    }
  });

  test('GIVEN adopt and its arguments THEN the command runs adopt', async () => {
    const out = tempFile('nodes.ts');
    const fixture = path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json');
    const result = await command(['adopt', 'nodes', '--from-file', fixture, '--out', out]);
    // The live nodes hold the labels the kubelet populates: the guardrails say so (WMC-11), and the module is written.
    expect({ ...result, stderr: result.stderr.filter((l) => !l.startsWith('adopt: guardrail WMC-11 (warning) nodes ')) }).toEqual({ code: 0, stdout: [], stderr: [`adopt: wrote 2 nodes to ${out}`] });
    expect(result.stderr).toContain('adopt: guardrail WMC-11 (warning) nodes items/1/metadata/labels/kubernetes.io/hostname: worker-1: kubernetes.io/hostname is populated by the kubelet ("The Kubelet populates this …")');
  });
});

describe('an output left half-written by a killed run (issue 17)', () => {
  test('GIVEN <out>.<pid>.tmp of a process that no longer runs, and one of a process that runs THEN the stale one is removed, the live one kept, the output written', async () => {
    const out = tempFile('nodes.ts');
    // A pid that is certainly gone: a child that has exited and been reaped.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = `${out}.${deadPid}.tmp`;
    fs.writeFileSync(stale, 'export const half = ');
    const running = execFile(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const live = `${out}.${running.pid}.tmp`;
    fs.writeFileSync(live, 'another run, still writing');
    const unrelated = `${out}.notes.tmp`;
    fs.writeFileSync(unrelated, 'not a temporary of adopt');
    try {
      const fixture = path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json');
      const result = await adopt(['nodes', '--from-file', fixture, '--out', out]);
      expect({ ...result, stderr: result.stderr.filter((l) => !l.startsWith('adopt: guardrail ')) }).toEqual({ code: 0, stderr: [`adopt: removed ${stale}, left by a process that no longer runs`, `adopt: wrote 2 nodes to ${out}`] });
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      expect(fs.existsSync(unrelated)).toBe(true);
      expect(fs.readFileSync(out, 'utf8')).toMatch(/^\/\/ Generated by `adopt nodes`/);
      expect(fs.readdirSync(path.dirname(out)).sort()).toEqual([path.basename(out), path.basename(unrelated), path.basename(live)].sort());
    } finally {
      running.kill();
    }
  });
});

test('a live text that spells an existing token is written as that text, never looked up again (policies module)', () => {
  const { policiesModule } = require('../../lib/cli/adopted-module');
  const { literalStrings } = require('../../lib/core/literal-text');
  const { Literal } = require('../../lib');
  // A token that exists in this process, and live relations whose text spells it.
  const existing: string = Literal.text('${another}');
  const read = literalStrings([{ resourceId: 'x-app:1', bindings: [{ relation: existing, principals: ['role:r'] }, { relation: `r${existing}`, principals: ['role:r'] }] }]);
  const source: string = policiesModule(read, { className: 'DatadogProvider', props: {} }, { library: LIBRARY_NAME, framework: 'cdktf' });
  expect(source).toContain(`{ relation: Literal.text(${JSON.stringify(existing)}), principals: ["role:r"] }`);
  expect(source).toContain(`{ relation: Literal.text(${JSON.stringify(`r${existing}`)}), principals: ["role:r"] }`);
  expect(source).not.toContain('another');
});
