// Property: for generated before/after props of each construct, synthesized
// through the real constructs, the field changes `explain` reports equal the
// differences of the props. The plan is built from the two synthesized stacks'
// resource attributes as before and after (blocks as lists, as Terraform's
// plan JSON writes them).
import fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { TerraformStack } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AwsProvider,
  DatadogProvider,
  KubernetesProvider,
  NodeList,
  NodeListMode,
  PlanExplanation,
  RestrictionPolicy,
  TaintEffect,
} from '../../lib';
import { describeConcealed, describeValue } from '../../lib/core/received-value';
import { escapeForLine } from '../../lib/core/server-text';
import { CREDENTIAL_KEYS, isCredentialContentKey } from '../../lib/warehouse/authentication-profile-content';
import { hostileString, USER_CLASSES } from '../support/hostile-strings';
import { planBetween } from '../support/plan-between';
import { readJsonStack, synthApp } from '../support/synth';

const RUNS = Number(process.env.EXPLAIN_PROPERTY_RUNS ?? 25);
// Template sequences are Terraform expressions that the real plan would evaluate; token shapes are cdktf's.
const TEXT = hostileString({ classes: USER_CLASSES.filter((c) => c !== 'template'), maxFragments: 3 });
const QUALIFIED = fc.tuple(fc.constantFrom('', 'example.com/'), fc.stringMatching(/^[a-z0-9]([a-z0-9._-]{0,8}[a-z0-9])?$/)).map(([p, n]) => p + n);
const LABEL_VALUE = fc.stringMatching(/^([a-z0-9]([a-z0-9._-]{0,8}[a-z0-9])?)?$/);

interface Field {
  field: string;
  key?: string;
  change: string;
  before?: string;
  after?: string;
}

/** Differences of two string maps, as explain reports them. */
function mapDiff(field: string, before: { [k: string]: string }, after: { [k: string]: string }, conceal: (k: string) => boolean = () => false): Field[] {
  const show = (k: string, v: string) => (conceal(k) ? describeConcealed(v) : describeValue(v));
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  return keys.flatMap((k): Field[] => {
    const key = escapeForLine(k);
    if (!(k in before)) return [{ field, key, change: 'added', after: show(k, after[k]) }];
    if (!(k in after)) return [{ field, key, change: 'removed', before: show(k, before[k]) }];
    return before[k] === after[k] ? [] : [{ field, key, change: 'changed', before: show(k, before[k]), after: show(k, after[k]) }];
  });
}

function explainedFields(plan: string, config: any, constructPath: string, kind: string, node?: string): Field[] {
  const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config));
  const found = explained.changes.filter((r) => r.constructPath === constructPath && r.kind === kind && (node === undefined || r.node === node));
  return found.flatMap((r) => r.fields);
}

// A real synth (app.synth(): Testing.synth leaves out the construct paths' metadata).
const stackWith = (build: (stack: TerraformStack) => void) => readJsonStack(synthApp((app) => build(new TerraformStack(app, 'p')), false), 'p');

describe('explain: explained field changes equal the props differences (property)', () => {
  test('AuthenticationProfile: name and content keys (credential-looking keys concealed)', () => {
    const content = fc.dictionary(TEXT.filter((k) => !CREDENTIAL_KEYS.includes(k.normalize('NFC'))), TEXT, { maxKeys: 4 });
    const name = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    fc.assert(
      fc.property(name, name, content, content, (nameBefore, nameAfter, before, after) => {
        const synth = (n: string, c: { [k: string]: string }) => stackWith((s) => {
          new AwsProvider(s, 'aws', { region: 'us-east-1' });
          new AuthenticationProfile(s, 'profile', { authenticationProfileName: n, authenticationProfileContent: c });
        });
        const b = synth(nameBefore, before);
        const a = synth(nameAfter, after);
        const expected = [
          ...(nameBefore === nameAfter ? [] : [{ field: 'authenticationProfileName', change: 'changed', before: describeValue(nameBefore), after: describeValue(nameAfter) }]),
          ...mapDiff('authenticationProfileContent', before, after, isCredentialContentKey),
        ];
        expect(explainedFields(planBetween(b, a), a, 'profile', 'profile')).toEqual(expected);
      }),
      propertyRuns({ seed: 123, numRuns: RUNS }),
    );
  });

  test('RestrictionPolicy: principals added and removed per relation', () => {
    const principal = fc.tuple(fc.constantFrom('role', 'team', 'user'), fc.stringMatching(/^[a-z0-9-]{1,8}$/)).map(([t, id]) => `${t}:${id}`);
    const bindings = fc.array(fc.record({ relation: fc.constantFrom('viewer', 'editor'), principals: fc.array(principal, { minLength: 1, maxLength: 4 }) }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(bindings, bindings, (before, after) => {
        const synth = (bs: typeof before) => stackWith((s) => {
          new DatadogProvider(s, 'datadog', {});
          new RestrictionPolicy(s, 'policy', { resourceId: 'dashboard:abc', bindings: bs });
        });
        const byRelation = (bs: typeof before) => {
          const out: { [relation: string]: Set<string> } = {};
          for (const b of bs) for (const p of b.principals) (out[b.relation] ??= new Set()).add(p);
          return out;
        };
        const b = byRelation(before);
        const a = byRelation(after);
        const sortedOf = (s: Set<string>) => [...s].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        const expected = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort().flatMap((relation) => [
          ...sortedOf(a[relation] ?? new Set()).filter((p) => !b[relation]?.has(p)).map((p) => ({ field: 'bindings', key: relation, change: 'added', after: describeValue(p) })),
          ...sortedOf(b[relation] ?? new Set()).filter((p) => !a[relation]?.has(p)).map((p) => ({ field: 'bindings', key: relation, change: 'removed', before: describeValue(p) })),
        ]);
        expect(explainedFields(planBetween(synth(before), synth(after)), synth(after), 'policy', 'policy')).toEqual(expected);
      }),
      propertyRuns({ seed: 124, numRuns: RUNS }),
    );
  });

  test('NodeList (both modes): labels, annotations and taints per node', () => {
    const taints = fc.uniqueArray(fc.record({ key: QUALIFIED, value: LABEL_VALUE, effect: fc.constantFrom(TaintEffect.NO_SCHEDULE, TaintEffect.NO_EXECUTE) }), {
      maxLength: 3,
      selector: (t) => t.key, // unique keys: labels/annotations/taints mode requires them
    });
    const node = fc.record({
      labels: fc.dictionary(QUALIFIED, LABEL_VALUE, { maxKeys: 3 }),
      annotations: fc.dictionary(QUALIFIED, TEXT, { maxKeys: 3 }),
      taints,
    });
    fc.assert(
      fc.property(fc.constantFrom(NodeListMode.MANIFEST, NodeListMode.LABELS_ANNOTATIONS_TAINTS), node, node, (mode, before, after) => {
        const synth = (n: typeof before) => stackWith((s) => {
          new KubernetesProvider(s, 'kubernetes', { configPath: '~/.kube/config' });
          new NodeList(s, 'nodes', { mode, items: [{ metadata: { name: 'node-1', labels: n.labels, annotations: n.annotations }, spec: { taints: n.taints } }] });
        });
        const b = synth(before);
        const a = synth(after);
        const plan = planBetween(b, a);
        const taintMap = (ts: typeof before.taints) => Object.fromEntries(ts.map((t) => [`${t.key}:${t.effect}`, t.value]));
        // In labels/annotations/taints mode a node's resource for a part it no longer has is deleted: a delete lists no fields.
        const unlessDeleted = (part: 'labels' | 'annotations' | 'taints', fields: Field[]) =>
          mode === NodeListMode.LABELS_ANNOTATIONS_TAINTS && Object.keys(after[part]).length === 0 ? [] : fields;
        const expected = {
          labels: unlessDeleted('labels', mapDiff('labels', before.labels, after.labels)),
          annotations: unlessDeleted('annotations', mapDiff('annotations', before.annotations, after.annotations)),
          taints: unlessDeleted('taints', mapDiff('taints', taintMap(before.taints), taintMap(after.taints))),
        };
        if (mode === NodeListMode.MANIFEST) {
          expect(explainedFields(plan, a, 'nodes', 'node manifest', 'node-1')).toEqual([...expected.labels, ...expected.annotations, ...expected.taints]);
        } else {
          expect(explainedFields(plan, a, 'nodes', 'node labels', 'node-1')).toEqual(expected.labels);
          expect(explainedFields(plan, a, 'nodes', 'node annotations', 'node-1')).toEqual(expected.annotations);
          expect(explainedFields(plan, a, 'nodes', 'node taints', 'node-1')).toEqual(expected.taints);
        }
      }),
      propertyRuns({ seed: 125, numRuns: RUNS }),
    );
  });
});
