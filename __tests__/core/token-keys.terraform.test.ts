// Issue 30 item 5: an object key given as a token, judged by the real
// terraform reading the library's JSON and HCL output (echo providers serving
// the kubernetes and aws schemas: ../support/echo-provider). Every position
// where a user gives an object key: a node's labels and annotations in both
// NodeList modes (the kubernetes_manifest's metadata; kubernetes_labels and
// kubernetes_annotations), a profile's content object, a forEach map (its
// keys and the keys of its elements). The rule is lib/core/token-keys.ts:
// a key Terraform knows at plan is accepted; one it knows only after apply,
// or one derived from a sensitive value, is refused. Each refusal is shown
// here with the accepted stack's key replaced, in both files, by the refused
// expression: what the library would have written.
import { App, DataResource, Fn, TerraformIterator, TerraformLocal, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, KubernetesProvider, NodeList, NodeListMode } from '../../lib';
import { errorOf } from '../support/errors';
import { HclJudge } from '../support/hcl-judge';

const TIMEOUT = 240_000;

interface Reading {
  readonly resources: { address: string; after: any; after_unknown: any; after_sensitive: any }[];
}

/**
 * The stack: token keys Terraform knows at plan in every position; `var.late`
 * (in the maps and the content) and `var.late_each` (in forEach) mark the
 * keys the refusals replace.
 */
function tokenKeys(app: App): void {
  const stack = new TerraformStack(app, 'keys');
  new KubernetesProvider(stack, 'kubernetes', {});
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  const team = new TerraformVariable(stack, 'team', { type: 'string', default: 'team' });
  const amount = new TerraformVariable(stack, 'amount', { type: 'number', default: 7 });
  const late = new TerraformVariable(stack, 'late', { type: 'string', default: 'late' });
  const lateEach = new TerraformVariable(stack, 'late_each', { type: 'string', default: 'late' });
  new TerraformVariable(stack, 'secret', { type: 'string', sensitive: true, default: 'hidden' });
  const zone = new TerraformLocal(stack, 'zone', Fn.lower('ZONE'));
  // A resource whose id Terraform knows only after apply (the refusals refer to it).
  new DataResource(stack, 'marker', { input: { v: 'x' } });
  const labels = {
    [Fn.join('', ['po', 'ol'])]: 'a',
    [team.stringValue]: 'b',
    [`example.com/${team.stringValue}`]: 'c',
    [zone.asString]: 'd',
    [late.stringValue]: 'e',
    fixed: 'f',
  };
  const annotations = { [Fn.upper('note')]: 'x', [Token.asString(amount.numberValue)]: 'y', [late.stringValue]: 'z', kept: 'k' };
  new NodeList(stack, 'workers', { items: [{ metadata: { name: 'worker-1', labels, annotations } }] });
  new NodeList(stack, 'edge', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'edge-1', labels, annotations } }] });
  const each = TerraformIterator.fromMap({
    [Fn.join('-', ['tk', 'analysts'])]: { [Fn.join('', ['na', 'me'])]: 'tk-analysts' },
    [lateEach.stringValue]: { name: 'tk-late' },
  });
  new AuthenticationProfile(stack, 'iterated', { forEach: each, authenticationProfileName: each.getString('name'), authenticationProfileContent: { a: '1' } });
  new AuthenticationProfile(stack, 'content', {
    authenticationProfileName: 'tk-content',
    authenticationProfileContent: { [team.stringValue]: '1', [Fn.join('_', ['Client', 'ID'])]: 'x', [late.stringValue]: '2' },
  });
}

/** Both files with the key `${var.<name>}` replaced by `expression`. */
const keyBecomes = (name: string, expression: string) => (text: string) => text.split(`\${var.${name}}`).join(expression);

const byAddress = (reading: Reading, address: string) => {
  const found = reading.resources.find((r) => r.address === address || r.address.replace(/_[0-9A-F]{8}$/, '') === address);
  if (found === undefined) throw new Error(`no ${address} in ${reading.resources.map((r) => r.address).join(', ')}`);
  return found;
};

/** What the library says of `key` (made in a stack that declares `marker` and a sensitive `secret`) as a label, an annotation and a forEach key. */
function libraryOn(key: (marker: DataResource, secret: TerraformVariable) => string): string[] {
  const places: ((s: TerraformStack, k: string) => void)[] = [
    (s, k) => new NodeList(s, 'n', { items: [{ metadata: { name: 'w-1', labels: { [k]: 'v' } } }] }),
    (s, k) => new NodeList(s, 'n', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'w-1', annotations: { [k]: 'v' } } }] }),
    (s, k) => {
      const each = TerraformIterator.fromMap({ [k]: { name: 'tk-a' } });
      new AuthenticationProfile(s, 'p', { forEach: each, authenticationProfileName: each.getString('name'), authenticationProfileContent: { a: '1' } });
    },
  ];
  return places.map((place) => {
    const stack = new TerraformStack(Testing.app(), 'library');
    const given = key(new DataResource(stack, 'marker', { input: { v: 'x' } }), new TerraformVariable(stack, 'secret', { type: 'string', sensitive: true }));
    return errorOf(() => place(stack, given)).problems.map((p) => p.allowed).join('; ');
  });
}

describe('token keys, judged by terraform', () => {
  let judge: HclJudge;
  beforeAll(async () => {
    judge = await HclJudge.start();
  });
  afterAll(async () => {
    await judge?.stop();
  });

  test('GIVEN keys Terraform knows at plan (Fn.* of literals, a variable, text and a variable, a local, a number variable) in every position THEN terraform plans the JSON and the HCL output alike, each key read as its value', async () => {
    const verdict = await judge.judge(tokenKeys);
    expect(verdict.json.outcome).toBe('ok');
    expect(verdict.agree).toBe(true);
    const reading = verdict.json.reading as Reading;
    const labels = { pool: 'a', team: 'b', 'example.com/team': 'c', zone: 'd', late: 'e', fixed: 'f' };
    const annotations = { NOTE: 'x', 7: 'y', late: 'z', kept: 'k' };
    expect(byAddress(reading, 'kubernetes_manifest.workers_worker-1').after.manifest.metadata).toEqual({ name: 'worker-1', labels, annotations });
    expect(byAddress(reading, 'kubernetes_labels.edge_edge-1-labels').after.labels).toEqual(labels);
    expect(byAddress(reading, 'kubernetes_annotations.edge_edge-1-annotations').after.annotations).toEqual(annotations);
    // forEach: each key is an instance's key, each element's key the attribute each.value.name reads.
    const instances = reading.resources.filter((r) => r.address.startsWith('aws_redshift_authentication_profile.iterated'));
    expect(Object.fromEntries(instances.map((r) => [/\["(.*)"\]$/.exec(r.address)![1], r.after.authentication_profile_name]))).toEqual({ 'tk-analysts': 'tk-analysts', late: 'tk-late' });
    expect(byAddress(reading, 'aws_redshift_authentication_profile.content').after.authentication_profile_content).toBe('{"Client_ID":"x","late":"2","team":"1"}');
  }, TIMEOUT);

  test('GIVEN a key known only after apply (a resource attribute, uuid()) in labels and annotations THEN terraform plans the whole map as unknown, the fixed keys with it, in JSON and HCL alike (hashicorp/hcl json/spec.md: the entire object is unknown)', async () => {
    for (const said of [...libraryOn((marker) => marker.id), ...libraryOn(() => Fn.uuid())]) expect(said).toMatch(/^a key Terraform knows at plan \((an attribute of terraform_data\.marker|uuid\(\)) is known only after apply/);
    const verdict = await judge.judge(tokenKeys, (text) => keyBecomes('late', '${terraform_data.marker.id}')(text).split('"kept"').join('"${uuid()}"'));
    expect(verdict.json.outcome).toBe('ok');
    expect(verdict.agree).toBe(true);
    const reading = verdict.json.reading as Reading;
    const manifest = byAddress(reading, 'kubernetes_manifest.workers_worker-1');
    expect(manifest.after.manifest.metadata).toEqual({ name: 'worker-1' });
    expect(manifest.after_unknown.manifest.metadata).toMatchObject({ labels: true, annotations: true });
    for (const [address, map] of [['kubernetes_labels.edge_edge-1-labels', 'labels'], ['kubernetes_annotations.edge_edge-1-annotations', 'annotations']]) {
      const resource = byAddress(reading, address);
      expect(resource.after[map]).toBeUndefined();
      expect(resource.after_unknown[map]).toBe(true);
    }
    // In profile content the key is inside jsonencode(…): one string, unknown as an unknown value makes it.
    expect(byAddress(reading, 'aws_redshift_authentication_profile.content').after_unknown.authentication_profile_content).toBe(true);
  }, TIMEOUT);

  test('GIVEN a forEach key known only after apply THEN terraform refuses the JSON and the HCL output alike (Invalid for_each argument)', async () => {
    const verdict = await judge.judge(tokenKeys, keyBecomes('late_each', '${terraform_data.marker.id}'));
    expect([verdict.json.outcome, verdict.hcl.outcome]).toEqual(['failed', 'failed']);
    expect(verdict.agree).toBe(true);
    expect(verdict.json.reading).toEqual([expect.objectContaining({ summary: 'Invalid for_each argument', detail: expect.stringContaining('keys derived from resource attributes that cannot be determined until apply') })]);
  }, TIMEOUT);

  test('GIVEN a key derived from a sensitive variable THEN terraform crashes on the JSON output ("value is marked") and plans the HCL one with the whole map sensitive; in forEach the HCL is refused', async () => {
    for (const said of libraryOn((_, secret) => secret.stringValue)) expect(said).toMatch(/^a key derived from no sensitive value \(it is derived from the sensitive variable var\.secret/);
    const maps = await judge.judge(tokenKeys, keyBecomes('late', '${var.secret}'));
    expect(maps.json).toEqual({ outcome: 'failed', reading: [{ summary: 'terraform crashed', detail: 'value is marked, so must be unmarked first' }] });
    expect(maps.hcl.outcome).toBe('ok');
    const reading = maps.hcl.reading as Reading;
    expect(byAddress(reading, 'kubernetes_manifest.workers_worker-1').after_sensitive.manifest.metadata).toMatchObject({ labels: true, annotations: true });
    expect(byAddress(reading, 'kubernetes_labels.edge_edge-1-labels').after_sensitive.labels).toBe(true);
    // In profile content the key is inside jsonencode(…), an HCL expression: the content is sensitive.
    expect(byAddress(reading, 'aws_redshift_authentication_profile.content').after_sensitive.authentication_profile_content).toBe(true);
    const iterated = await judge.judge(tokenKeys, keyBecomes('late_each', '${var.secret}'));
    expect(iterated.json.reading).toEqual([{ summary: 'terraform crashed', detail: 'value is marked, so must be unmarked first' }]);
    expect(iterated.hcl.reading).toEqual([expect.objectContaining({ summary: 'Invalid for_each argument', detail: expect.stringContaining('Sensitive values') })]);
  }, TIMEOUT);
});
