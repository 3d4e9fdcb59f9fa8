// `adopt` and live values the constructs refuse (issue 24 item 13): the live
// resource is stored in the loopback emulator of its service, read by the real
// reader through the real client, and judged by its construct before the
// module is written. A refused one is left out: one stderr line and a comment
// in the module name it, with the construct's own problems; the module
// type-checks and synthesizes; the exit code is 4.
jest.mock('@kubernetes/client-node', () => require('../support/kubernetes-emulator').nativeRequire('@kubernetes/client-node'));

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DatadogProvider, KubernetesProvider, AwsProvider, RestrictionPolicy, RestrictionPolicyProps, NodeList, AuthenticationProfile, Literal } from '../../lib';
import { runAdopt } from '../../lib/cli/adopt';
import { main } from '../../lib/cli/main';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { nodeListFromKubectlJson } from '../../lib/cluster/kubectl-json';
import { ValidationError } from '../../lib/core/validation-error';
import { loadAdoptedModule, typeErrors } from '../support/adopted-module';
import { DatadogEmulator } from '../support/datadog-emulator';
import { generateNodes, KubernetesEmulator } from '../support/kubernetes-emulator';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';

/** What no stderr line may hold: line breaks, controls, format and bidi characters. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-refusals-')), name);
}

async function adopt(args: string[]): Promise<{ code: number; stderr: string[] }> {
  const stderr: string[] = [];
  const code = await runAdopt(args, { stderr: (line) => stderr.push(line) });
  return { code, stderr };
}

/** The ValidationError the construct throws when declared with `declare`, in a stack of its own. */
function refusal(declare: (stack: TerraformStack) => void): ValidationError {
  try {
    declare(new TerraformStack(Testing.app(), 'own'));
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('the construct accepted it');
}

/** The construct's problems, as stderr and the module list them (" | " between problems). */
function problemLines(error: ValidationError, rename: (path: string) => string = (p) => p): string {
  return error.problems.map((p) => `${rename(p.path)}: received ${p.received}; allowed: ${p.allowed}`).join(' | ');
}

function importIds(config: any): string[] {
  return (config.import ?? []).map((i: any) => i.id).sort();
}

/** The module's comment lines naming refused resources. */
// The lines of the "Not declared" comment (the guardrails' comment after it is another block).
function refusedComments(source: string): string[] {
  const lines = source.split('\n');
  const from = lines.findIndex((line) => line.startsWith('// Not declared: '));
  if (from < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(from + 1)) {
    if (line.startsWith('//   ')) out.push(line);
    else if (!line.startsWith('// Change them')) break;
  }
  return out;
}

const written: string[] = [];

describe('adopt policies with live values the constructs refuse', () => {
  let datadog: DatadogEmulator;
  const saved = { ...process.env };
  const live: { [id: string]: { relation: string; principals: string[] }[] } = {
    'x-app:good': [{ relation: 'viewer', principals: ['role:r'] }],
    'x-app:rtl': [{ relation: 'vi\u202eewer', principals: ['role:r'] }],
    'x-app:nfc': [{ relation: 'e\u0301', principals: ['role:r'] }],
    'x-app:ctl': [{ relation: 'viewer', principals: ['role:r\u0007x'] }],
    'dashboard:abc': [{ relation: 'editor', principals: ['user:u'] }],
  };
  beforeAll(async () => {
    datadog = await DatadogEmulator.start({ newerResourceTypes: ['x-app'] });
    Object.assign(process.env, { DD_API_KEY: datadog.apiKey, DD_APP_KEY: datadog.appKey });
    for (const [id, bindings] of Object.entries(live)) datadog.putPolicy(id, bindings);
  });
  afterAll(async () => {
    process.env = saved;
    await datadog.stop();
  });

  test('GIVEN a relation with U+202E, one not in NFC and a principal with a control character THEN each is skipped and named with the construct\'s problem; the others are written; exit 4', async () => {
    const out = tempFile('policies.ts');
    const ids = Object.keys(live);
    const result = await adopt(['policies', ...ids.flatMap((id) => ['--resource-id', id]), '--api-url', datadog.url, '--out', out]);
    expect(result.code).toBe(4);
    for (const line of result.stderr) expect(line).not.toMatch(HIDDEN);
    const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
    const expected = ['x-app:ctl', 'x-app:nfc', 'x-app:rtl'].map((id) => {
      const error = refusal((stack) => RestrictionPolicy.adopt(stack, 'p', { resourceId: id, bindings: live[id] } as RestrictionPolicyProps));
      return `adopt: skipped restriction policy ${JSON.stringify(id)} (RestrictionPolicy ${JSON.stringify(id)}): 1 invalid property: ${problemLines(error)}`;
    });
    expect(skipped).toEqual(expected);
    expect(skipped[0]).toContain('props/bindings/0/principals/0: received "role:r\\u0007x"');
    expect(skipped[2]).toContain('props/bindings/0/relation: received "vi\\u202eewer"');
    expect(result.stderr.at(-1)).toBe(`adopt: wrote 2 restriction policies (of 5 resources; a resource without a policy has none to adopt) to ${out}; skipped 3 the constructs refuse (named above and in the module; exit 4)`);

    const source = fs.readFileSync(out, 'utf8');
    // The refused values appear only escaped (the policies written hold no such character).
    expect(source.split('\n').join('')).not.toMatch(HIDDEN);
    expect(refusedComments(source)).toEqual(skipped.map((line) => `//   ${line.slice('adopt: skipped '.length)}`));
    const stack: TerraformStack = new (loadAdoptedModule(out).AdoptedPoliciesStack)(Testing.app(), 'adopted');
    expect(importIds(synthJson(stack))).toEqual(['dashboard:abc', 'x-app:good']);
    written.push(out);
  });

  test('GIVEN only refused policies THEN a module that declares none, which synthesizes; exit 4', async () => {
    const out = tempFile('none.ts');
    const result = await adopt(['policies', '--resource-id', 'x-app:rtl', '--api-url', datadog.url, '--out', out]);
    expect(result.code).toBe(4);
    expect(result.stderr.filter((line) => line.startsWith('adopt: skipped '))).toHaveLength(1);
    const stack = new TerraformStack(Testing.app(), 'adopted');
    new DatadogProvider(stack, 'datadog', { apiUrl: datadog.url });
    loadAdoptedModule(out).declareAdoptedPolicies(stack);
    expect(importIds(synthJson(stack))).toEqual([]);
  });
});

describe('adopt profiles with live content the construct refuses', () => {
  let emulator: RedshiftEmulator;
  const saved = { ...process.env };
  const SECRETS = ['SeCrEt-Value-777', 'SeCrEt-Key-888', 'SeCrEt-nested-999'];
  const live: { [name: string]: string } = {
    'good': '{"Tenant":"t1","AllowDBUserOverride":"1"}',
    // The service stores any JSON object without its credential keys; the construct wants string values only,
    'numbers': `{"Tenant":"${SECRETS[0]}","port":5439}`,
    // and refuses a credential key as Terraform reads it (NFC: the Kelvin sign is K), which the service's exact match lets through,
    'kelvin': `{"Access\u212aeyID":"${SECRETS[1]}"}`,
    'nested': `{"opts":{"x":"${SECRETS[2]}"}}`,
  };
  beforeAll(async () => {
    emulator = await RedshiftEmulator.start();
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret-for-offline-tests', AWS_REGION: 'us-east-1' });
    for (const [name, content] of Object.entries(live)) emulator.putProfile(name, content);
  });
  afterAll(async () => {
    process.env = saved;
    await emulator.stop();
  });

  test('GIVEN contents the construct refuses THEN each profile is skipped and named, its values by type and length only; the other written; exit 4', async () => {
    const out = tempFile('profiles.ts');
    const result = await adopt(['profiles', '--endpoint', emulator.url, '--out', out]);
    expect(result.code).toBe(4);
    const source = fs.readFileSync(out, 'utf8');
    for (const secret of SECRETS) {
      expect(result.stderr.join('\n')).not.toContain(secret);
      expect(source).not.toContain(secret);
    }
    for (const line of result.stderr) expect(line).not.toMatch(HIDDEN);
    const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
    expect(skipped).toEqual([
      expect.stringMatching(/^adopt: skipped authentication profile "kelvin" \(AuthenticationProfile "kelvin"\): 1 invalid property: props\/authenticationProfileContent\/Access\u212aeyID: received a string of 14 characters \(not shown\); allowed: a key other than AccessKeyID, /),
      'adopt: skipped authentication profile "nested" (AuthenticationProfile "nested"): 1 invalid property: props/authenticationProfileContent/opts: received an object with 1 key (not shown); allowed: a string value (the service stores string values only)',
      'adopt: skipped authentication profile "numbers" (AuthenticationProfile "numbers"): 1 invalid property: props/authenticationProfileContent/port: received a number (not shown); allowed: a string value (the service stores string values only)',
    ]);
    // The construct's own paths and allowed texts: only the received values are described instead of shown.
    for (const name of ['kelvin', 'nested', 'numbers']) {
      const error = refusal((stack) => AuthenticationProfile.adopt(stack, 'p', { authenticationProfileName: name, authenticationProfileContent: Literal.text(live[name]) }));
      for (const problem of error.problems) expect(skipped.join('\n')).toContain(`${problem.path}: received `);
      for (const problem of error.problems) expect(skipped.join('\n')).toContain(`; allowed: ${problem.allowed}`);
    }
    expect(result.stderr.at(-1)).toBe(`adopt: wrote 1 authentication profile to ${out}; skipped 3 the constructs refuse (named above and in the module; exit 4)`);
    expect(refusedComments(source)).toEqual(skipped.map((line) => `//   ${line.slice('adopt: skipped '.length)}`));

    const stack = new TerraformStack(Testing.app(), 'adopted');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    loadAdoptedModule(out).declareAdoptedProfiles(stack);
    expect(importIds(synthJson(stack))).toEqual(['good']);
    written.push(out);
  });
});

describe('adopt nodes with live values NodeList refuses', () => {
  test('GIVEN a node whose label value the API server would refuse, read from the cluster THEN it is skipped and named; the others written; exit 4', async () => {
    const nodes = generateNodes(3);
    const emulator = await KubernetesEmulator.start({ nodes });
    try {
      const bad = nodes[1].metadata.name;
      emulator.labelNode(bad, 'example.com/team', 'bad value!');
      const kubeconfig = emulator.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-refusals-')));
      const out = tempFile('nodes.ts');
      const result = await adopt(['nodes', '--kubeconfig', kubeconfig, '--out', out]);
      expect(result.code).toBe(4);
      const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
      const error = refusal((stack) => NodeList.adopt(stack, 'n', { items: [{ metadata: { name: bad, labels: { 'example.com/team': 'bad value!' } } }] }));
      expect(skipped).toEqual([`adopt: skipped node ${JSON.stringify(bad)} (NodeList "nodes"): 1 invalid property: ${problemLines(error, (p) => p.replace(/^props\/items\/0\//, ''))}`]);
      expect(skipped[0]).toContain('metadata/labels/example.com/team: received "bad value!"; allowed: a label value');
      expect(result.stderr.at(-1)).toBe(`adopt: wrote 2 nodes to ${out}; skipped 1 the constructs refuse (named above and in the module; exit 4)`);
      const source = fs.readFileSync(out, 'utf8');
      expect(refusedComments(source)).toEqual([`//   ${skipped[0].slice('adopt: skipped '.length)}`]);
      const stack = new TerraformStack(Testing.app(), 'adopted');
      new KubernetesProvider(stack, 'kubernetes', { configPath: kubeconfig });
      loadAdoptedModule(out).declareAdoptedNodes(stack);
      const others = emulator.nodeNames().filter((n) => n !== bad);
      expect(importIds(synthJson(stack))).toEqual(others.map((n) => `apiVersion=v1,kind=Node,name=${n}`).sort());
      written.push(out);
    } finally {
      await emulator.stop();
    }
  });

  test('GIVEN kubectl output with a label value holding a line break and a bidi override, and a name holding U+2028 and code THEN both nodes are skipped, each named on one line of stderr and of the module; exit 4', async () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json'), 'utf8'));
    fixture.items[0].metadata.labels = { ...fixture.items[0].metadata.labels, team: 'a\nb\u202e' };
    // A line terminator for TypeScript, then code: written raw in a comment, it would run.
    const evil = structuredClone(fixture.items[1]);
    evil.metadata.name = 'evil\u2028throw new Error("injected")';
    fixture.items.push(evil);
    const file = tempFile('nodes.json');
    fs.writeFileSync(file, JSON.stringify(fixture));
    const out = tempFile('nodes.ts');
    const result = await adopt(['nodes', '--from-file', file, '--out', out]);
    expect(result.code).toBe(4);
    for (const line of result.stderr) expect(line).not.toMatch(HIDDEN);
    const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
    expect(skipped).toHaveLength(2);
    expect(skipped[0]).toContain(`adopt: skipped node ${JSON.stringify(fixture.items[0].metadata.name)} (NodeList "nodes"): 1 invalid property: metadata/labels/team: received "a\\nb\\u202e"; allowed: a label value`);
    expect(skipped[1]).toMatch(/^adopt: skipped node "evil\\u2028throw new Error\(\\"injected\\"\)" \(NodeList "nodes"\): \d+ invalid propert(y|ies): metadata\/name: /);
    const source = fs.readFileSync(out, 'utf8');
    expect(source).not.toContain('\u2028');
    expect(refusedComments(source)).toEqual(skipped.map((line) => `//   ${line.slice('adopt: skipped '.length)}`));
    // The module's comment stays one line per resource: the generated stack compiles and synthesizes.
    const stack: TerraformStack = new (loadAdoptedModule(out).AdoptedNodesStack)(Testing.app(), 'adopted');
    expect(importIds(synthJson(stack))).toEqual([`apiVersion=v1,kind=Node,name=${fixture.items[1].metadata.name}`]);
    written.push(out);
    // The props the reader gives are the ones refused.
    expect(() => NodeList.adopt(new TerraformStack(Testing.app(), 'x'), 'n', nodeListFromKubectlJson(fixture))).toThrow(ValidationError);
  });
});

test('GIVEN kubectl output whose items are not nodes (null, a number, no metadata, a number as name) THEN each is skipped with NodeList\'s problem, never a TypeError; exit 4', async () => {
  const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json'), 'utf8'));
  fixture.items.push(null, 5, {}, { metadata: { name: 7 } });
  const file = tempFile('odd.json');
  fs.writeFileSync(file, JSON.stringify(fixture));
  const out = tempFile('odd.ts');
  const result = await adopt(['nodes', '--from-file', file, '--out', out]);
  expect(result.code).toBe(4);
  expect(result.stderr.filter((line) => line.startsWith('adopt: skipped '))).toEqual([
    'adopt: skipped node "" (NodeList "nodes"): 1 invalid property: (the node): received null; allowed: a Node object with metadata, spec and status',
    'adopt: skipped node "" (NodeList "nodes"): 1 invalid property: (the node): received 5; allowed: a Node object with metadata, spec and status',
    'adopt: skipped node "" (NodeList "nodes"): 1 invalid property: metadata: received nothing; allowed: a value is required (an ObjectMeta object)',
    expect.stringMatching(/^adopt: skipped node "" \(NodeList "nodes"\): 1 invalid property: metadata\/name: received 7; allowed: /),
  ]);
  const stack: TerraformStack = new (loadAdoptedModule(out).AdoptedNodesStack)(Testing.app(), 'adopted');
  expect(importIds(synthJson(stack))).toHaveLength(2);
});

test('the modules written without refused resources type-check strictly against the library', () => {
  expect(written).toHaveLength(4);
  expect(typeErrors(written)).toEqual([]);
});

test('adopt --help documents exit 4', async () => {
  const stdout: string[] = [];
  expect(await main(['adopt', '--help'], { stderr: () => undefined, stdout: (line) => stdout.push(line) })).toBe(0);
  expect(stdout.join('\n')).toContain('4 written without the resources the constructs refuse');
});
