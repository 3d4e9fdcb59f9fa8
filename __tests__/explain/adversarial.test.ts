// explain against the adversarial findings (/tmp/breaker/FINDINGS.md of the
// review): plans built here in memory, no terraform run. Large plans, deep
// nesting, Markdown code spans, action lists, sensitive node names.
import { ConstructMap } from '../../lib/explain/construct-map';
import { escapeForLine } from '../../lib/core/server-text';
import { describeValue, isCredentialLookingKey } from '../../lib/core/received-value';
import { codeSpan } from '../../lib/explain/render-markdown';
import { PlanExplanation } from '../../lib/explain/plan-explanation';
import { readPlanJson, TERRAFORM_ACTION_LISTS } from '../../lib/explain/plan-json';
import { ExplainGate } from '../../lib/explain/gates';
import { errorOf } from '../support/errors';
import { synthApp } from '../support/synth';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, KubernetesProvider, NodeList, NodeListMode, ReplaceTriggerKind } from '../../lib';
import { hostileString } from '../support/hostile-strings';
import { renderGfm, tableRows } from '../support/gfm';
import { PLAN_HEADER, reportIsValid, runCommand } from './support';
import fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { Construct } from 'constructs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** A stack of one NodeList (manifest mode) with `nodes` nodes, as cdktf writes its cdk.tf.json. */
function nodeStack(nodes: number): object {
  const manifests: { [name: string]: object } = {};
  for (let i = 0; i < nodes; i++) manifests[`nodes_w${i}_ABCDEF00`] = { '//': { metadata: { path: `warehouse/nodes/w${i}`, uniqueId: `nodes_w${i}_ABCDEF00` } }, manifest: {} };
  return { '//': { metadata: { stackName: 'warehouse', version: '0.21.0' } }, resource: { kubernetes_manifest: manifests } };
}

/** A plan changing `labels` labels of each of `nodes` node manifests from "a" to "b". */
function labelPlan(nodes: number, labels: number): object {
  const withLabels = (name: string, value: string) => {
    const out: { [key: string]: string } = {};
    for (let l = 0; l < labels; l++) out[`example.com/l${l}`] = value;
    return { manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name, labels: out } } };
  };
  const resource_changes = [];
  for (let i = 0; i < nodes; i++) {
    resource_changes.push({
      address: `kubernetes_manifest.nodes_w${i}_ABCDEF00`,
      mode: 'managed',
      type: 'kubernetes_manifest',
      change: { actions: ['update'], before: withLabels(`w${i}`, 'a'), after: withLabels(`w${i}`, 'b'), after_unknown: {}, before_sensitive: {}, after_sensitive: {} },
    });
  }
  return { ...PLAN_HEADER, resource_changes };
}

/** A plan of `count` resources these constructs did not make, each deleted. */
function otherPlan(count: number): object {
  const resource_changes = [];
  for (let i = 0; i < count; i++) resource_changes.push({ address: `null_resource.r${i}`, mode: 'managed', type: 'null_resource', change: { actions: ['delete'], before: {}, after: null } });
  return { ...PLAN_HEADER, resource_changes };
}

/** The JSON text of a value nested `depth` lists deep around `leaf` (JSON.stringify itself would overflow the stack). */
function nested(depth: number, leaf: string): string {
  return `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;
}

describe('explain: large plans (finding 1)', () => {
  test('GIVEN 5,000 node manifests with 30 labels changed each THEN the text and the Markdown are written, a line per label', () => {
    const explanation = PlanExplanation._fromPlanAndMap(labelPlan(5000, 30), ConstructMap.fromStackConfig(nodeStack(5000)));
    const text = explanation.toText().split('\n');
    // Terraform's count, the summary, blank, heading, then the one construct's headline and 30 field lines per node; a final newline.
    expect(text).toHaveLength(4 + 1 + 5000 * 30 + 1);
    expect(text).toContain('  ~ nodes update: the configuration differs from the state');
    expect(text).toContain('      w4999 labels example.com/l29: "a" → "b"');
    const markdown = explanation.toMarkdown().split('\n');
    expect(markdown.filter((l) => l.startsWith('| `~` | `nodes` |'))).toHaveLength(1);
    expect(markdown.filter((l) => /^- `w\d+` `labels example\.com\/l\d+`: `"a"` → `"b"`$/.test(l))).toHaveLength(5000 * 30);
  });

  test('GIVEN 130,000 resources these constructs did not make THEN the text lists each', () => {
    const text = PlanExplanation._fromPlanAndMap(otherPlan(130_000), ConstructMap.fromStackConfig(nodeStack(0))).toText();
    expect(text.split('\n').filter((l) => /^ {2}- null_resource\.r\d+ delete: /.test(l))).toHaveLength(130_000);
  });
});

describe('explain: deep nesting (finding 12)', () => {
  test('GIVEN after_sensitive nested 5,000 lists deep THEN a ValidationError names the JSON path, not a RangeError', () => {
    const change = { actions: ['update'], before: { bindings: [] }, after: { bindings: [{ relation: 'viewer', principals: ['role:a'] }] }, after_sensitive: { bindings: [{ principals: 'DEEP' }] } };
    const entry = { address: 'datadog_restriction_policy.dashboard_1A2B3C4D', mode: 'managed', type: 'datadog_restriction_policy', change };
    const plan = JSON.stringify({ ...PLAN_HEADER, resource_changes: [entry] }).replace('"DEEP"', nested(5000, 'true'));
    const e = errorOf(() => readPlanJson(plan));
    expect(e.problems).toHaveLength(1);
    expect(e.problems[0].path).toBe(`plan/resource_changes/0/change/after_sensitive/bindings/0/principals${'/0'.repeat(249)}`);
    expect(e.problems[0].allowed).toBe('values nested at most 256 levels deep');
    // 256 levels are accepted.
    expect(() => readPlanJson(`${JSON.stringify(PLAN_HEADER).slice(0, -1)}, "x": ${nested(254, '1')}}`)).not.toThrow();
  });

  test('GIVEN a deep plan or a failure while rendering THEN the command writes one line on stderr: no stack trace, no absolute path; exit 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-adversarial-'));
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(nodeStack(1)));
    fs.writeFileSync(path.join(dir, 'deep.json'), `${JSON.stringify(PLAN_HEADER).slice(0, -1)}, "x": ${nested(5000, '1')}}`);
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(labelPlan(1, 1)));
    const deep = await runCommand(['explain', '--plan', path.join(dir, 'deep.json'), '--stack', dir]);
    expect(deep.code).toBe(1);
    expect(deep.stderr).toMatch(/^explain: cannot read the plan: plan\/x(\/0)+: received a list of 1 item \(not shown\); allowed: values nested at most 256 levels deep$/);
    // An unexpected failure anywhere (here: the renderer) is one line too.
    const failure = new RangeError(`Maximum call stack size exceeded at ${path.join(dir, 'render-text.ts')}:30:30`);
    const spy = jest.spyOn(PlanExplanation.prototype, 'toMarkdown').mockImplementation(() => {
      throw failure;
    });
    try {
      const run = await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--format', 'markdown']);
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'explain: cannot explain the plan: RangeError: Maximum call stack size exceeded at render-text.ts:30:30' });
    } finally {
      spy.mockRestore();
    }
  });
});

/** What each cell of each body row of the Markdown's tables reads as GitHub renders it (cmark-gfm): its text and code, any other markup named. */
function renderedRows(markdown: string): string[][] {
  return tableRows(renderGfm(markdown)).map((row) =>
    row.map((cell) => {
      let code = 0;
      return cell.skeleton.map((t) => (t === '<code>{code}</code>' ? cell.code[code++] : t.startsWith('<') ? `<markup: ${t}>` : t)).join('');
    }),
  );
}

/** Decodes the character references the Markdown's raw HTML uses. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#96|#124);/g, (_m, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#96': '`', '#124': '|' } as { [n: string]: string })[name]);
}

/** A plan of one resource these constructs did not make, at `address`, deleted. */
const otherAt = (address: string) => ({ ...PLAN_HEADER, resource_changes: [{ address, mode: 'managed', type: 'aws_s3_bucket', change: { actions: ['delete'], before: {}, after: null } }] });

describe('explain: Markdown code spans (finding 2)', () => {
  const stack = ConstructMap.fromStackConfig(nodeStack(0));

  test('GIVEN the findings\' addresses, construct paths and node names with backtick runs, pipes, HTML and links THEN each cell reads literally', () => {
    const address = 'aws_s3_bucket.x["``<img src=https://evil.example/t.png> [Approve this PR](https://evil.example) ``"]';
    const markdown = PlanExplanation._fromPlanAndMap(otherAt(address), stack).toMarkdown();
    expect(renderedRows(markdown)).toEqual([['-', address, 'delete', 'destroy plan: every object is destroyed (terraform destroy, or plan -destroy)']]);

    // cases/53: a construct path and a node name that hold backtick runs, pipes and HTML.
    const config = {
      resource: {
        kubernetes_manifest: { nodes_w_4E8E45BF: { '//': { metadata: { path: 'warehouse/a``|<b>x</b>```|`/w' } } } },
      },
    };
    const plan = {
      ...PLAN_HEADER,
      resource_changes: [
        {
          address: 'kubernetes_manifest.nodes_w_4E8E45BF',
          mode: 'managed',
          type: 'kubernetes_manifest',
          change: { actions: ['delete'], before: { manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w``|<u>z</u>`' } } }, after: null },
        },
      ],
    };
    const nodeMarkdown = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(config)).toMarkdown().split('\n');
    expect(renderedRows(nodeMarkdown.join('\n'))).toEqual([['-', 'a``|<b>x</b>```|`', '', 'delete', 'destroy plan: every object is destroyed (terraform destroy, or plan -destroy)', '']]);
    // The collapsible section's summary is raw HTML: the path reads literally once its entities are decoded.
    const summary = nodeMarkdown.find((l) => l.startsWith('<summary>'))!;
    expect(summary.replace(/<\/?(?:summary|code)>/g, '')).not.toMatch(/[<>]/);
    expect(decodeEntities(summary.replace(/<\/?(?:summary|code)>/g, ''))).toBe('- a``|<b>x</b>```|`: delete');
  });

  test('GIVEN any text of the hostile alphabet and Markdown syntax THEN its code span in a table cell reads as the text itself (GitHub\'s renderer, cmark-gfm)', () => {
    const markdownSyntax = fc.constantFrom('`', '``', '```', ' ', '|', '\\|', '\\', '<b>x</b>', '[a](https://e.example)', '![i](x.png)', '*', '_', '&amp;', '<!--');
    fc.assert(
      fc.property(hostileString({ plain: markdownSyntax, maxFragments: 8 }), (value) => {
        // The report shows every value escaped onto one line first: that is the text a cell must keep.
        const explanation = PlanExplanation._fromPlanAndMap(otherAt(`aws_s3_bucket.x[${JSON.stringify(value)}]`), stack);
        const shown = explanation.changes[0].address;
        expect(renderedRows(explanation.toMarkdown())).toEqual([['-', shown, 'delete', 'destroy plan: every object is destroyed (terraform destroy, or plan -destroy)']]);
        // Any one-line text, backslashes unescaped.
        const line = escapeForLine(value, false);
        expect(renderedRows(`| x |\n|---|\n| ${codeSpan(line)} |`)).toEqual([[line]]);
      }),
      propertyRuns({ seed: 119, numRuns: 500 }),
    );
  });
});

/** A plan of one bucket (not made by these constructs) per action list, each at `aws_s3_bucket.b<i>`. */
const bucketsWith = (lists: readonly (readonly string[])[]) => ({
  ...PLAN_HEADER,
  resource_changes: lists.map((actions, i) => ({
    address: `aws_s3_bucket.b${i}`,
    mode: 'managed',
    type: 'aws_s3_bucket',
    change: { actions, before: actions[0] === 'create' && actions.length === 1 ? null : { bucket: 'b' }, after: actions.includes('delete') && actions.length === 1 ? null : { bucket: 'b' } },
  })),
});

describe('explain: action lists (finding 3)', () => {
  const stack = ConstructMap.fromStackConfig(nodeStack(0));

  test('GIVEN action lists Terraform never writes (cases/66) THEN a ValidationError names each JSON path; nothing is explained', () => {
    const invalid = [['update', 'delete'], ['delete', 'delete'], ['no-op', 'delete'], ['forget', 'create'], ['read', 'delete'], ['create', 'create'], ['delete', 'create', 'delete'], [], ['bogus'], 'delete'];
    const e = errorOf(() => readPlanJson(bucketsWith(invalid as string[][])));
    expect(e.problems.map((p) => p.path)).toEqual(invalid.map((_a, i) => `plan/resource_changes/${i}/change/actions`));
    expect(e.problems[0].allowed).toBe('one of Terraform\'s action lists: ["no-op"], ["create"], ["read"], ["update"], ["delete","create"], ["create","delete"], ["delete"], ["forget"], ["create","forget"]');
    // In resource_drift too.
    const drift = { ...PLAN_HEADER, resource_drift: bucketsWith([['update', 'delete']]).resource_changes };
    expect(errorOf(() => readPlanJson(drift)).problems[0].path).toBe('plan/resource_drift/0/change/actions');
  });

  test('GIVEN every action list Terraform writes THEN each is explained, the JSON report validates, and create+forget is a replace without destroy that the replace gate (not the delete gate) matches', () => {
    const explanation = PlanExplanation._fromPlanAndMap(bucketsWith(TERRAFORM_ACTION_LISTS), stack);
    expect(reportIsValid(explanation.toJson())).toBe(true);
    expect(explanation.changes.map((r) => r.actions)).toEqual([['no-op'], ['create'], ['read'], ['update'], ['replace'], ['replace'], ['delete'], ['remove from state'], ['replace without destroy']]);
    const forgotten = PlanExplanation._fromPlanAndMap(bucketsWith([['create', 'forget']]), stack);
    expect(forgotten.changes[0].causes).toEqual(['Terraform plans a replacement; the existing object will not be destroyed (destroy = false is set in the configuration): Terraform forgets it']);
    // Terraform's Plan line counts plans.CreateThenForget in neither add nor destroy (jsonformat/plan.go, v1.11.4–v1.15.9); the summary names it.
    expect(forgotten.toText()).toContain('Plan: 0 to add, 0 to change, 0 to destroy.\n0 constructs changed, 0 unchanged, 1 resource to forget (removed from state, not destroyed),');
    expect(forgotten.gatesMatched([ExplainGate.REPLACE, ExplainGate.DELETE])).toEqual([ExplainGate.REPLACE]);
    expect(reportIsValid(forgotten.toJson())).toBe(true);
  });

  test('GIVEN the plan of cases/66 and --fail-on delete THEN the command exits 1 with one line naming the first wrong JSON paths', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-actions-'));
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(nodeStack(0)));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(bucketsWith([['update', 'delete'], ['delete', 'delete']])));
    const run = await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--fail-on', 'delete']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^explain: cannot read the plan: plan\/resource_changes\/0\/change\/actions: received \["update","delete"\]; allowed: one of Terraform's action lists: .*; plan\/resource_changes\/1\/change\/actions: received \["delete","delete"\]; .*$/);
  });
});

/** The leaf paths of a JSON value (object keys and list indexes). */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, Array.isArray(value) ? Number(k) : k]));
}

/** A copy of `value` with `leaf` at `path`. */
function withLeaf(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]] = withLeaf(copy[path[0]], path.slice(1), leaf);
  return copy;
}

/** A mask (before_sensitive / after_sensitive) marking only `path` (with `leaf`: `true` unless given). */
function maskAt(path: readonly (string | number)[], leaf: unknown = true): unknown {
  let mask: unknown = leaf;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'number') {
      const list: unknown[] = Array.from({ length: key + 1 }, () => ({}));
      list[key] = mask;
      mask = list;
    } else mask = { [key]: mask };
  }
  return mask;
}

describe('explain: sensitive values (finding 4)', () => {
  // Each resource these constructs write, with a value at every kind of place: node names, label keys and
  // values, taints, relations, principals, profile names and content.
  const resources: { [address: string]: { type: string; metadataPath: string; value: object } } = {
    'kubernetes_manifest.nodes_w1_1A2B3C4D': {
      type: 'kubernetes_manifest',
      metadataPath: 'warehouse/nodes/w1',
      value: { manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w1', labels: { pool: 'general' }, annotations: { note: 'n' } }, spec: { podCIDR: '10.0.0.0/24', taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] } } },
    },
    'kubernetes_labels.lnodes_w2-labels_1A2B3C4D': { type: 'kubernetes_labels', metadataPath: 'warehouse/lnodes/w2-labels', value: { api_version: 'v1', kind: 'Node', metadata: [{ name: 'w2' }], labels: { pool: 'general' } } },
    'kubernetes_node_taint.lnodes_w2-taints_1A2B3C4D': { type: 'kubernetes_node_taint', metadataPath: 'warehouse/lnodes/w2-taints', value: { metadata: [{ name: 'w2' }], taint: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] } },
    'datadog_restriction_policy.dashboard_1A2B3C4D': { type: 'datadog_restriction_policy', metadataPath: 'warehouse/dashboard/Resource', value: { resource_id: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] } },
    'aws_redshift_authentication_profile.analysts_1A2B3C4D': { type: 'aws_redshift_authentication_profile', metadataPath: 'warehouse/analysts/Resource', value: { authentication_profile_name: 'analysts', authentication_profile_content: '{"A":"1"}' } },
  };
  const config = { resource: {} as { [type: string]: { [name: string]: object } } };
  for (const [address, r] of Object.entries(resources)) (config.resource[r.type] ??= {})[address.split('.')[1]] = { '//': { metadata: { path: r.metadataPath } } };
  // The profile's name trigger, which every AuthenticationProfile declares beside it.
  config.resource.terraform_data = { analysts_NameTrigger_1A2B3C4D: { '//': { metadata: { path: 'warehouse/analysts/NameTrigger' } } } };
  const map = ConstructMap.fromStackConfig(config);

  test('GIVEN a plan whose value at any one leaf of any construct resource is marked sensitive THEN no report shows it, whatever the action (cases/68: a node name)', () => {
    let checked = 0;
    for (const [address, r] of Object.entries(resources)) {
      for (const leaf of leafPaths(r.value)) {
        for (const actions of [['update'], ['delete'], ['create'], ['delete', 'create']]) {
          const before = actions[0] === 'create' && actions.length === 1 ? null : withLeaf(r.value, leaf, 'SECRET-BEFORE');
          const after = actions[0] === 'delete' && actions.length === 1 ? null : withLeaf(r.value, leaf, 'SECRET-AFTER');
          const change = { actions, before, after, before_sensitive: before === null ? false : maskAt(leaf), after_sensitive: after === null ? false : maskAt(leaf) };
          const plan = { ...PLAN_HEADER, resource_changes: [{ address, mode: 'managed', type: r.type, change }] };
          const explanation = PlanExplanation._fromPlanAndMap(plan, map);
          const reports = explanation.toText() + explanation.toMarkdown() + explanation.toJson();
          expect([address, leaf.join('.'), actions.join(), reports.includes('SECRET')]).toEqual([address, leaf.join('.'), actions.join(), false]);
          checked++;
        }
      }
    }
    expect(checked).toBe(4 * 22);
  });

  test('GIVEN a sensitivity mask of an unexpected shape at any leaf of any construct resource ("true", [true], a number, null, an object or a list beside a string) THEN it conceals the value, as true would', () => {
    const badAtLeaf: unknown[] = ['true', 'false', 1, 0, null, {}, [], [true], [false], { x: true }];
    let shownWithoutMask = 0;
    let checked = 0;
    for (const [address, r] of Object.entries(resources)) {
      for (const leaf of leafPaths(r.value)) {
        const change = (mask: unknown) => ({ actions: ['update'], before: withLeaf(r.value, leaf, 'SECRET-BEFORE'), after: withLeaf(r.value, leaf, 'SECRET-AFTER'), before_sensitive: mask, after_sensitive: mask });
        const reports = (mask: unknown) => {
          const explanation = PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, resource_changes: [{ address, mode: 'managed', type: r.type, change: change(mask) }] }, map);
          return explanation.toText() + explanation.toMarkdown() + explanation.toJson();
        };
        // The control: without a mask the value is shown wherever the report shows that leaf.
        if (reports({}).includes('SECRET')) shownWithoutMask++;
        for (const bad of badAtLeaf) {
          expect([address, leaf.join('.'), JSON.stringify(bad), reports(maskAt(leaf, bad)).includes('SECRET')]).toEqual([address, leaf.join('.'), JSON.stringify(bad), false]);
          checked++;
        }
      }
    }
    expect(checked).toBe(22 * badAtLeaf.length);
    expect(shownWithoutMask).toBeGreaterThanOrEqual(15);
  });

  test('GIVEN a whole mask of an unexpected shape ("true", [true], a number, null, a list shorter than its value) THEN what it stands beside reads (sensitive), never the value', () => {
    const policy = 'datadog_restriction_policy.dashboard_1A2B3C4D';
    const value = (principal: string) => ({ resource_id: `dashboard:${principal}`, bindings: [{ relation: 'viewer', principals: [principal] }] });
    const explain = (mask: unknown) =>
      PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, resource_changes: [{ address: policy, mode: 'managed', type: 'datadog_restriction_policy', change: { actions: ['update'], before: value('SECRET-A'), after: value('SECRET-B'), before_sensitive: mask, after_sensitive: mask } }] }, map);
    expect(explain({}).changes[0].fields.map((f) => f.after)).toEqual(['"dashboard:SECRET-B"', '"SECRET-B"']);
    const shown = (bad: unknown) => {
      const explanation = explain(bad);
      const reports = explanation.toText() + explanation.toMarkdown() + explanation.toJson();
      return [JSON.stringify(bad), reports.includes('SECRET'), explanation.changes[0].fields.map((f) => `${f.field}: ${f.before} → ${f.after}`)];
    };
    // The whole value concealed: one change of each field, its sides (sensitive).
    for (const bad of ['true', [true], [], 1, 0, null]) {
      expect(shown(bad)).toEqual([JSON.stringify(bad), false, ['resourceId: (sensitive) → (sensitive)', 'bindings: (sensitive) → (sensitive)']]);
    }
    // The bindings concealed, the resource id shown.
    const resourceId = 'resourceId: "dashboard:SECRET-A" → "dashboard:SECRET-B"';
    expect(shown({ bindings: 'true' })).toEqual([JSON.stringify({ bindings: 'true' }), true, [resourceId, 'bindings: (sensitive) → (sensitive)']]);
    // The bindings or principals concealed within their list (a list shorter than its value, a mask of the wrong
    // shape inside): both sides read (sensitive), so no principal is said to change.
    for (const bad of [{ bindings: [] }, { bindings: [{ principals: 1 }] }, { bindings: [{ principals: {} }] }, { bindings: [{ principals: [] }] }]) expect(shown(bad)).toEqual([JSON.stringify(bad), true, [resourceId]]);
    expect(shown({ bindings: [{ principals: [] }], resource_id: 'true' })).toEqual([JSON.stringify({ bindings: [{ principals: [] }], resource_id: 'true' }), false, ['resourceId: (sensitive) → (sensitive)']]);
  });

  test('GIVEN cases/68 (a deleted node manifest whose name is sensitive) THEN its node reads (sensitive)', () => {
    const plan = {
      ...PLAN_HEADER,
      resource_changes: [
        {
          address: 'kubernetes_manifest.nodes_worker-1_4E8E45BFx',
          mode: 'managed',
          type: 'kubernetes_manifest',
          change: { actions: ['delete'], before: { manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'SECRETNODE' } } }, after: null, before_sensitive: { manifest: { metadata: { name: true } } }, after_sensitive: false },
        },
      ],
    };
    const explanation = PlanExplanation._fromPlanAndMap(plan, map);
    expect(explanation.changes[0].node).toBe('(sensitive)');
    expect(explanation.toText()).toContain('  - nodes_worker-1_4E8E45BFx (no longer in the configuration) delete: destroy plan: every object is destroyed (terraform destroy, or plan -destroy)\n      (sensitive) node manifest: removed\n');
    expect(explanation.toText() + explanation.toMarkdown() + explanation.toJson()).not.toContain('SECRETNODE');
  });
});

describe('explain: attribution, causes and objects (findings 5, 6, 7, 8, 10)', () => {
  // A stack inside a scope (prod/warehouse), synthesized for real, with a construct inside a scope of its own.
  let dir: string;
  let config: any;
  beforeAll(() => {
    const out = synthApp((app: App) => {
      const stack = new TerraformStack(new Construct(app, 'prod'), 'warehouse');
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
      new AuthenticationProfile(new Construct(stack, 'team'), 'analysts', { authenticationProfileName: 'old-n', authenticationProfileContent: { A: '1' }, replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
      new NodeList(stack, 'nodes', { items: [{ metadata: { name: 'worker-1', labels: { a: 'b' } } }] });
      new NodeList(stack, 'lnodes', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'w2', labels: { a: 'b' } } }] });
    }, false);
    dir = path.join(out, 'stacks', 'warehouse');
    config = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
  });
  const addressOf = (type: string, prefix: string) => `${type}.${Object.keys(config.resource[type]).find((n) => n.startsWith(prefix))}`;
  const explain = (resource_changes: object[]) => PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, resource_changes }, ConstructMap.fromStackDirectory(dir));
  const change = (address: string, body: object, extra: object = {}) => ({ address, mode: 'managed', type: address.split('.')[0], change: body, ...extra });

  test('GIVEN a stack nested in a scope (finding 7) THEN construct paths are the metadata paths minus the stack\'s own path', () => {
    expect(config.resource.aws_redshift_authentication_profile[addressOf('aws_redshift_authentication_profile', 'team_analysts').split('.')[1]]['//'].metadata.path).toBe('prod/warehouse/team/analysts/Resource');
    const map = ConstructMap.fromStackDirectory(dir);
    const declared = (construct: string, resourceId: string, constructClass: string) => ({ constructPath: construct, resourceId, constructClass, source: expect.stringMatching(/^__tests__\/explain\/adversarial\.test\.ts:\d+$/) });
    expect(map.originOf(addressOf('aws_redshift_authentication_profile', 'team_analysts'))).toEqual(declared('team/analysts', 'Resource', 'AuthenticationProfile'));
    expect(map.originOf(addressOf('null_resource', 'team_analysts'))).toEqual(declared('team/analysts', 'NameTrigger', 'AuthenticationProfile'));
    expect(map.originOf(addressOf('kubernetes_manifest', 'nodes'))).toEqual(declared('nodes', 'worker-1', 'NodeList'));
  });

  test('GIVEN node resources whose planned values lack kind, manifest or are unknown (finding 5: cases/18f, 18g, 19) THEN the stack attributes them to their NodeList', () => {
    const manifest = addressOf('kubernetes_manifest', 'nodes');
    const labels = addressOf('kubernetes_labels', 'lnodes');
    const explained = explain([
      change(manifest, { actions: ['create'], before: null, after: { manifest: null }, after_unknown: { manifest: true } }),
      change(labels, { actions: ['update'], before: { metadata: [{ name: 'w2' }], labels: { a: 'x' } }, after: { metadata: [{ name: 'w2' }], labels: { a: 'y' } } }),
    ]);
    expect(explained.changes.map((r) => [r.constructPath, r.kind, r.node])).toEqual([
      ['lnodes', 'node labels', 'w2'],
      ['nodes', 'node manifest', undefined],
    ]);
    expect(explained.changes[0].fields).toEqual([{ field: 'labels', key: 'a', change: 'changed', before: '"x"', after: '"y"' }]);
    expect(explain([change(manifest, { actions: ['update'], before: { manifest: {} }, after: { manifest: {} } })]).changes[0].kind).toBe('node manifest');
    // Values that say another kind are not a node's.
    expect(explain([change(manifest, { actions: ['update'], before: { manifest: { kind: 'ConfigMap' } }, after: { manifest: { kind: 'ConfigMap' } } })]).changes[0].kind).toBe('other');
  });

  test('GIVEN the name trigger replaced by request and the profile replaced by its trigger, the name unchanged (finding 6: cases/57d) THEN the cause is the trigger\'s replacement, not a rename', () => {
    const trigger = addressOf('null_resource', 'team_analysts');
    const profile = addressOf('aws_redshift_authentication_profile', 'team_analysts');
    const profileChange = (name: string) =>
      change(profile, { actions: ['delete', 'create'], before: { authentication_profile_name: 'old-n', authentication_profile_content: '{"A":"1"}' }, after: { authentication_profile_name: name, authentication_profile_content: '{"A":"1"}' } }, { action_reason: 'replace_by_triggers' });
    const triggerChange = (name: string, reason: string) =>
      change(trigger, { actions: ['delete', 'create'], before: { triggers: { authentication_profile_name: 'old-n' } }, after: { triggers: { authentication_profile_name: name } } }, { action_reason: reason });
    const same = explain([triggerChange('old-n', 'replace_by_request'), profileChange('old-n')]);
    expect(same.changes.find((r) => r.kind === 'profile')!.causes).toEqual(['replace_triggered_by: its name trigger is replaced (replacement requested (-replace)); the name is unchanged']);
    const renamed = explain([triggerChange('new-n', 'replace_because_cannot_update'), profileChange('new-n')]);
    expect(renamed.changes.find((r) => r.kind === 'profile')!.causes).toEqual(['renamed through the replace trigger: "old-n" → "new-n"']);
  });

  test('GIVEN a deposed object deleted and the current one created at one address (finding 8: cases/32) THEN two entries, the deposed one said so in every format', () => {
    const profile = addressOf('aws_redshift_authentication_profile', 'team_analysts');
    const explained = explain([
      change(profile, { actions: ['delete'], before: { authentication_profile_name: 'old-n' }, after: null }, { deposed: '00000001' }),
      change(profile, { actions: ['create'], before: null, after: { authentication_profile_name: 'old-n', authentication_profile_content: '{"A":"1"}' } }),
    ]);
    const deposed = explained.changes.find((r) => r.deposed !== undefined)!;
    expect(deposed).toMatchObject({ constructPath: 'team/analysts', actions: ['delete'], deposed: '00000001', causes: ['deposed object 00000001 destroyed (an old object create_before_destroy left behind, not the current one)'] });
    expect(explained.changes.filter((r) => r.deposed === undefined).map((r) => r.actions)).toEqual([['create']]);
    expect(explained.toText()).toContain('-/+ team/analysts (AuthenticationProfile) create + delete: deposed object 00000001 destroyed (an old object create_before_destroy left behind, not the current one); new in the configuration');
    expect(explained.toMarkdown()).toContain('deposed object 00000001 destroyed');
    expect(reportIsValid(explained.toJson())).toBe(true);
    expect(JSON.parse(explained.toJson()).changes.filter((r: any) => r.deposed === '00000001')).toHaveLength(1);
  });

  test('GIVEN an import whose id is unknown, or given by identity (finding 10: cases/48) THEN the cause reads (known after apply), or the identity', () => {
    const profile = addressOf('aws_redshift_authentication_profile', 'team_analysts');
    const value = { authentication_profile_name: 'old-n', authentication_profile_content: '{"A":"1"}' };
    const unknown = explain([change(profile, { actions: ['no-op'], before: value, after: value, importing: { unknown: true } })]);
    expect(unknown.changes[0].causes).toEqual(['import block (id (known after apply))']);
    const identity = explain([change(profile, { actions: ['no-op'], before: value, after: value, importing: { identity: { id: 'old-n' } } })]);
    expect(identity.changes[0].causes).toEqual(['import block (identity {"id":"old-n"})']);
    const id = explain([change(profile, { actions: ['no-op'], before: value, after: value, importing: { id: 'old-n' } })]);
    expect(id.changes[0].causes).toEqual(['import block (id "old-n")']);
  });
});

describe('explain: drift of other resources, credential-looking keys (findings 9, 11)', () => {
  test('GIVEN drift of a resource these constructs did not make (finding 9: cases/37) THEN the Markdown lists it by address, as the text does, with no construct', () => {
    const bucket = { address: 'aws_s3_bucket.b', mode: 'managed', type: 'aws_s3_bucket' };
    const plan = {
      ...PLAN_HEADER,
      resource_changes: [{ ...bucket, change: { actions: ['no-op'], before: { bucket: 'b' }, after: { bucket: 'b' } } }],
      resource_drift: [{ ...bucket, change: { actions: ['update'], before: { bucket: 'a' }, after: { bucket: 'b' } } }],
    };
    const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(nodeStack(0)));
    const markdown = explanation.toMarkdown();
    expect(markdown).not.toContain('no longer in the configuration');
    expect(markdown).toContain('#### Changed outside Terraform\n\n| | Address | Action | Cause |\n|---|---|---|---|\n| `~` | `aws_s3_bucket.b` | changed outside Terraform | `changed outside Terraform` |');
    expect(explanation.toText()).toContain('Changed outside Terraform:\n  ~ aws_s3_bucket.b changed outside Terraform\n');
  });

  test('GIVEN profile content under ConnectionString, Cookie, Bearer, SAS keys and a Cyrillic lookalike of Password (finding 11: cases/14, 15) THEN no value is shown, in reports and in error messages', () => {
    const keys = ['ConnectionString', 'connection_string', 'Cookie', 'Bearer', 'SAS', 'sas_token', 'SessionId', 'P\u0430ssword', '\uff30assword'];
    const content = (tag: string) => JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, `${tag}SECRET${i}`])));
    const profile = { address: 'aws_redshift_authentication_profile.analysts_1A2B3C4D', mode: 'managed', type: 'aws_redshift_authentication_profile' };
    const config = {
      resource: {
        aws_redshift_authentication_profile: { analysts_1A2B3C4D: { '//': { metadata: { path: 'warehouse/analysts/Resource' } } } },
        terraform_data: { analysts_NameTrigger_1A2B3C4D: { '//': { metadata: { path: 'warehouse/analysts/NameTrigger' } } } },
      },
    };
    const plan = {
      ...PLAN_HEADER,
      resource_changes: [{ ...profile, change: { actions: ['update'], before: { authentication_profile_name: 'a', authentication_profile_content: content('OLD') }, after: { authentication_profile_name: 'a', authentication_profile_content: content('NEW') } } }],
    };
    const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(config));
    expect(explanation.changes[0].fields).toHaveLength(keys.length);
    expect(explanation.toText() + explanation.toMarkdown() + explanation.toJson()).not.toContain('SECRET');
    // The one rule serves error messages too: a received value under such a key is concealed.
    for (const key of keys) expect(isCredentialLookingKey(key)).toBe(true);
    expect(describeValue({ ConnectionString: 'Server=x;Password=SECRET', Cookie: 'SECRET', note: 'shown' })).not.toContain('SECRET');
    // Ordinary keys stay readable.
    for (const key of ['Kansas', 'AllowDBUserOverride', 'Client_ID', 'region']) expect(isCredentialLookingKey(key)).toBe(false);
  });
});

describe('explain: smaller defects (finding 13)', () => {
  test('GIVEN a node manifest wholly unknown after apply (cases/10) THEN its other fields are named "manifest", never an empty field', () => {
    const manifest = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'w0', labels: { pool: 'a' } } };
    const plan = {
      ...PLAN_HEADER,
      resource_changes: [{ address: 'kubernetes_manifest.nodes_w0_ABCDEF00', mode: 'managed', type: 'kubernetes_manifest', change: { actions: ['update'], before: { manifest }, after: { manifest: null }, after_unknown: { manifest: true } } }],
    };
    const fields = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(nodeStack(1))).changes[0].fields;
    expect(fields.map((f) => f.field)).toEqual(['labels', 'annotations', 'taints', 'manifest']);
    expect(fields[3].after).toBe('(known after apply)');
  });

  test('GIVEN deleted resources whose names cdktf did not write (cases/71) THEN the address stands in for the construct name', () => {
    const plan = {
      ...PLAN_HEADER,
      resource_changes: ['aws_redshift_authentication_profile.', 'aws_redshift_authentication_profile._ABCDEF12'].map((address) => ({
        address,
        mode: 'managed',
        type: 'aws_redshift_authentication_profile',
        change: { actions: ['delete'], before: { authentication_profile_name: 'a' }, after: null },
      })),
    };
    const text = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(nodeStack(0))).toText();
    expect(text).toContain('  - aws_redshift_authentication_profile. (no longer in the configuration) delete: destroy plan: every object is destroyed (terraform destroy, or plan -destroy)');
    expect(text).toContain('  - aws_redshift_authentication_profile._ABCDEF12 (no longer in the configuration) delete: destroy plan: every object is destroyed (terraform destroy, or plan -destroy)');
  });
});
