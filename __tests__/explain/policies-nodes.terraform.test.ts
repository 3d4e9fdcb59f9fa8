// `explain` on real plans of policies and nodes: the echo providers (which
// plan, but do not apply) serve terraform a state holding the first version of
// the stack; the real terraform plans the second version against it. One
// plan: a principal added to one relation of one policy, a label changed on
// one node (manifest mode), a taint's value changed and an annotation added
// on one node (labels/annotations/taints mode); the other policy and nodes
// unchanged.
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from '../../lib/core/framework';
import { DatadogProvider, KubernetesProvider, NodeList, NodeListMode, PlanExplanation, RestrictionPolicy, TaintEffect } from '../../lib';
import { startEchoProviders, EchoProviders } from '../support/echo-provider';
import { ALL_PROVIDERS } from '../support/echo-provider/schemas';
import { echoStateOf } from '../support/echo-state';
import { stackFile } from '../support/synth';
import { workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';
import { docSample, reportIsValid } from './support';

const TIMEOUT = 5 * 60 * 1000;
const ROLE_A = 'role:00000000-0000-1111-0000-00000000000a';
const ROLE_C = 'role:00000000-0000-1111-0000-00000000000c';
const TEAM_B = 'team:00000000-0000-1111-0000-00000000000b';

function build(version: 1 | 2) {
  return (stack: TerraformStack) => {
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new RestrictionPolicy(stack, 'dashboard', {
      resourceId: 'dashboard:abc-def-ghi',
      bindings: [
        { relation: 'viewer', principals: version === 1 ? [ROLE_A] : [ROLE_A, ROLE_C] },
        { relation: 'editor', principals: [TEAM_B] },
      ],
    });
    new RestrictionPolicy(stack, 'notebook', { resourceId: 'notebook:42', bindings: [{ relation: 'viewer', principals: [ROLE_A] }, { relation: 'editor', principals: [TEAM_B] }] });
    new NodeList(stack, 'workers', {
      items: [
        { metadata: { name: 'worker-1', labels: { pool: version === 1 ? 'general' : 'gpu', tier: 'web' } }, spec: { podCIDR: '10.244.1.0/24' } },
        { metadata: { name: 'worker-2', labels: { pool: 'general' } }, spec: { taints: [{ key: 'dedicated', value: 'batch', effect: TaintEffect.NO_SCHEDULE }] } },
      ],
    });
    new NodeList(stack, 'edge', {
      mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
      items: [
        {
          metadata: { name: 'edge-1', labels: { zone: 'a' }, annotations: { note: 'x', ...(version === 2 ? { owner: 'team-edge' } : {}) } },
          spec: { taints: [{ key: 'dedicated', value: version === 1 ? 'edge' : 'edge-2', effect: TaintEffect.NO_EXECUTE }] },
        },
      ],
    });
  };
}

let providers: EchoProviders;
let dir: string;
let plan: string;

beforeAll(async () => {
  providers = await startEchoProviders(ALL_PROVIDERS.filter((p) => !p.address.endsWith('/aws')));
  const first = stackFile('nodes', build(1), false);
  const second = stackFile('nodes', build(2), false);
  dir = workdir({ [second.file]: second.text, 'terraform.tfstate': echoStateOf(JSON.parse(first.text), ALL_PROVIDERS) });
  await terraformAsync(dir, ['init', '-input=false', '-no-color'], { env: providers.env });
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-lock=false', '-out=tfplan'], { env: providers.env });
  plan = (await terraformAsync(dir, ['show', '-json', 'tfplan'], { env: providers.env })).stdout;
}, TIMEOUT);

afterAll(async () => {
  await providers?.stop();
});

describe('explain: policies and nodes on a real plan (echo providers)', () => {
  test('GIVEN a principal added to one relation THEN that principal alone is reported, for that relation; the other policy is unchanged', () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    const dashboard = explained.changes.find((r) => r.constructPath === 'dashboard')!;
    expect(dashboard).toMatchObject({ kind: 'policy', actions: ['update'], causes: ['the configuration differs from the state'] });
    expect(dashboard.fields).toEqual([{ field: 'bindings', key: 'viewer', change: 'added', after: JSON.stringify(ROLE_C) }]);
    expect(explained.changes.find((r) => r.constructPath === 'notebook')).toMatchObject({ actions: ['no-op'], fields: [] });
    // Terraform itself sees the whole set of bindings replaced.
    const raw = JSON.parse(plan).resource_changes.find((c: any) => c.type === 'datadog_restriction_policy' && c.change.actions[0] === 'update');
    expect(raw.change.before.bindings).not.toEqual(raw.change.after.bindings);
  });

  test('GIVEN a label changed on one node, a taint value and an annotation on another THEN each is reported per node', () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    const changed = explained.changes.filter((r) => r.actions[0] !== 'no-op');
    expect(changed.filter((r) => r.kind !== 'policy').map((r) => ({ construct: r.constructPath, kind: r.kind, node: r.node, actions: r.actions, fields: r.fields }))).toEqual([
      { construct: 'edge', kind: 'node annotations', node: 'edge-1', actions: ['update'], fields: [{ field: 'annotations', key: 'owner', change: 'added', after: '"team-edge"' }] },
      { construct: 'edge', kind: 'node taints', node: 'edge-1', actions: ['update'], fields: [{ field: 'taints', key: 'dedicated:NoExecute', change: 'changed', before: '"edge"', after: '"edge-2"' }] },
      { construct: 'workers', kind: 'node manifest', node: 'worker-1', actions: ['update'], fields: [{ field: 'labels', key: 'pool', change: 'changed', before: '"general"', after: '"gpu"' }] },
    ]);
    expect(explained.changes.filter((r) => r.actions[0] === 'no-op').map((r) => `${r.constructPath} ${r.kind} ${r.node ?? ''}`.trim())).toEqual([
      'edge node labels edge-1',
      'notebook policy',
      'workers node manifest worker-2',
    ]);
    expect(explained.toText()).toMatchSnapshot('text');
    expect(explained.toMarkdown()).toMatchSnapshot('markdown');
    expect(JSON.parse(explained.toJson())).toMatchSnapshot('json');
    expect(reportIsValid(explained.toJson())).toBe(true);
  });

  test('GIVEN the saved plan THEN the report\'s first line is Terraform\'s own count, as `terraform show` prints it', async () => {
    const shown = (await terraformAsync(dir, ['show', '-no-color', 'tfplan'], { env: providers.env })).stdout;
    expect(PlanExplanation.fromPlan(plan, dir).toText().split('\n')[0]).toBe(shown.split('\n').find((l) => l.startsWith('Plan: ')));
  });

  test('GIVEN the binding change alone THEN the README sample is what explain prints for it', () => {
    const parsed = JSON.parse(plan);
    const only = { ...parsed, resource_changes: parsed.resource_changes.filter((c: any) => c.type === 'datadog_restriction_policy') };
    const explained = PlanExplanation.fromPlan(JSON.stringify(only), dir);
    expect(docSample('explain-binding-text', explained.toText())).toBe(explained.toText());
    expect(docSample('explain-binding-markdown', explained.toMarkdown())).toBe(explained.toMarkdown());
    expect(fs.existsSync(path.join(dir, 'cdk.tf.json'))).toBe(true);
  });
});
