// The API server's rules on a created Node (ValidateNode and the ObjectMeta rules
// it runs), driven by the upstream Go test tables ported under fixtures/upstream/:
// objectmeta.json (kubernetes/apimachinery v0.32.0, by scripts/port-objectmeta-tables.js)
// and node-validation.json (kubernetes/kubernetes validation_test.go, by hand; see its _source).
import { readFileSync } from 'fs';
import { join } from 'path';
import { Node, NodeList, NodeListProps } from '../../lib';
import { ValidationError } from '../../lib/core/validation-error';
import { fieldManagerProblem, maskTrailingDash, parseGroupVersion } from '../../lib/cluster/object-meta';
import { isDnsSubdomain } from '../../lib/cluster/kubernetes-names';
import { newStack } from './helpers';

const fixture = (name: string): any => JSON.parse(readFileSync(join(__dirname, 'fixtures', 'upstream', name), 'utf8'));
const META = fixture('objectmeta.json');
const NODE = fixture('node-validation.json');
const AVOID = 'scheduler.alpha.kubernetes.io/preferAvoidPods';
const TAINTS = 'scheduler.alpha.kubernetes.io/taints';

type Problem = { path: string; received: string; allowed: string };

/** The problems of a list holding a valid node, then `node` (so its index is 1); [] when accepted. */
function problemsOf(node: Node, extra: Partial<NodeListProps> = {}): Problem[] {
  try {
    new NodeList(newStack(), 'nodes', { items: [{ metadata: { name: 'first' } }, node], ...extra });
    return [];
  } catch (e) {
    if (e instanceof ValidationError) return e.problems.map((p) => ({ ...p }));
    throw e; // never a TypeError
  }
}
const under = (problems: Problem[], prefix: string) => problems.filter((p) => p.path === prefix || p.path.startsWith(`${prefix}/`));

describe(`ValidateOwnerReferences (${META._source.repo} ${META._source.version} objectmeta_test.go TestValidateObjectMetaOwnerReferences)`, () => {
  test.each(META.ownerReferences.rows as any[])('$description', (row) => {
    const problems = problemsOf({ metadata: { name: 'test', ownerReferences: row.ownerReferences } });
    if (!row.expectError) {
      expect(problems).toEqual([]);
      return;
    }
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    if (row.expectedErrorMessage.includes('disallowed from being an owner')) {
      expect(problem).toEqual({ path: 'props/items/1/metadata/ownerReferences/0', received: '{"apiVersion":"v1","kind":"Event"}', allowed: 'an owner of another kind: a v1 Event may not be an owner (BannedOwners)' });
    } else {
      // "Only one reference can have Controller set to true. Found "true" in references for …2/name and …3/name"
      expect(problem).toEqual({ path: 'props/items/1/metadata/ownerReferences/2/controller', received: 'true', allowed: 'false or nothing: only one owner reference may be the controller (ownerReferences/1 is)' });
    }
  });
});

describe(`schema.ParseGroupVersion (${META._source.version} group_version_test.go TestGroupVersionParse), as ValidateOwnerReferences reads an owner's apiVersion`, () => {
  test.each(META.parseGroupVersion.rows as any[])('$input', (row) => {
    expect(parseGroupVersion(row.input)).toEqual(row.err ? undefined : { group: row.group, version: row.version });
    // validateOwnerReference: "version must not be empty" when it does not parse or has no version.
    const problems = problemsOf({ metadata: { name: 'test', ownerReferences: [{ apiVersion: row.input, kind: 'Machine', name: 'm', uid: 'u' }] } });
    if (row.err || row.version === '') {
      expect(problems).toEqual([{ path: 'props/items/1/metadata/ownerReferences/0/apiVersion', received: JSON.stringify(row.input), allowed: expect.stringContaining('schema.ParseGroupVersion') }]);
    } else {
      expect(problems).toEqual([]);
    }
  });

  test('the group is not checked (ParseGroupVersion only splits); "apps/" has no version; "/v1" is the core group', () => {
    const refs = ['Not A Group!/v1', 'apps/', 'a/b/c', '/v1'].map((apiVersion, j) => ({ apiVersion, kind: j === 3 ? 'Event' : 'Machine', name: 'm', uid: `${j}` }));
    expect(problemsOf({ metadata: { name: 'test', ownerReferences: refs } }).map((p) => p.path)).toEqual([
      'props/items/1/metadata/ownerReferences/1/apiVersion',
      'props/items/1/metadata/ownerReferences/2/apiVersion',
      'props/items/1/metadata/ownerReferences/3',
    ]);
  });
});

describe(`ValidateFinalizers (${META._source.version} objectmeta_test.go TestValidateFinalizersPreventConflictingFinalizers) and validateKubeFinalizerName (${NODE._source.repo} validation_test.go)`, () => {
  test.each(META.conflictingFinalizers.rows as any[])('$name', (row) => {
    expect(problemsOf({ metadata: { name: 'test', finalizers: row.finalizers } })).toEqual([
      { path: 'props/items/1/metadata/finalizers', received: JSON.stringify(row.finalizers), allowed: expect.stringContaining('not both "orphan" and "foregroundDeletion"') },
    ]);
  });

  test.each(NODE.finalizerNames.rows as any[])('finalizers %j', (row) => {
    const problems = problemsOf({ metadata: { name: 'test', finalizers: row.finalizers } });
    if (row.valid) expect(problems).toEqual([]);
    else expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => /^props\/items\/1\/metadata\/finalizers\/\d+$/.test(p.path) && /standard finalizer \(kubernetes, orphan, foregroundDeletion\)/.test(p.allowed))).toBe(true);
  });

  test('the standard finalizers are accepted without a "/"', () => {
    expect(problemsOf({ metadata: { name: 'test', finalizers: ['kubernetes', 'orphan'] } })).toEqual([]);
  });
});

describe(`generateName: NameIsDNSSubdomain with a prefix (${META._source.version} generic_test.go TestMaskTrailingDash)`, () => {
  test.each(META.maskTrailingDash.rows as any[])('$description: $before', (row) => {
    expect(maskTrailingDash(row.before)).toBe(row.after);
    const problems = problemsOf({ metadata: { name: 'test', generateName: row.before } });
    // An empty generateName is not checked; otherwise the masked name must be a DNS-1123 subdomain.
    if (row.before === '' || isDnsSubdomain(row.after)) expect(problems).toEqual([]);
    else expect(problems).toEqual([{ path: 'props/items/1/metadata/generateName', received: JSON.stringify(row.before), allowed: expect.stringContaining('DNS-1123 subdomain') }]);
  });

  test('masking works on UTF-8 bytes, as Go slices: "é-" keeps a byte of "é" and is refused', () => {
    expect(problemsOf({ metadata: { name: 'test', generateName: 'é-' } }).map((p) => p.path)).toEqual(['props/items/1/metadata/generateName']);
    expect(problemsOf({ metadata: { name: 'test', generateName: 'node-' } })).toEqual([]);
  });
});

describe(`ValidateFieldManager (${META._source.version} pkg/apis/meta/v1/validation validation_test.go TestValidateFieldManagerValid/Invalid)`, () => {
  test.each(META.fieldManager.valid as string[])('valid %j: as a managedFields manager and as the fieldManager prop', (manager) => {
    expect(fieldManagerProblem(manager)).toBeUndefined();
    expect(problemsOf({ metadata: { name: 'test', managedFields: [{ operation: 'Apply', manager }] } }, { fieldManager: manager })).toEqual([]);
  });

  test.each(META.fieldManager.invalid as string[])('invalid %j: as a managedFields manager and as the fieldManager prop', (manager) => {
    expect(fieldManagerProblem(manager)).toBeDefined();
    const problems = problemsOf({ metadata: { name: 'test', managedFields: [{ operation: 'Apply', manager }] } }, { fieldManager: manager });
    expect(problems.map((p) => p.path)).toEqual(['props/fieldManager', 'props/items/1/metadata/managedFields/0/manager']);
    expect(problems[0].allowed).toMatch(/^a field manager of at most 128 bytes of printable characters: /);
  });

  test('Go 1.23\'s unicode.IsPrint is Unicode 15.0.0: U+088F (assigned in 15.1) and U+00A0 are refused, U+0020 and "你好" accepted; 128 bytes pass, 129 do not', () => {
    expect(fieldManagerProblem('a\u088f')).toMatch(/not U\+088F at byte 1/);
    expect(fieldManagerProblem('a\u00a0b')).toMatch(/not U\+00A0 at byte 1/);
    expect(fieldManagerProblem('kube controller 你好')).toBeUndefined();
    expect(fieldManagerProblem('é'.repeat(64))).toBeUndefined();
    expect(fieldManagerProblem(`${'é'.repeat(64)}x`)).toMatch(/at most 128 bytes \(it has 129\)/);
  });
});

describe(`ValidateManagedFields (${META._source.version} pkg/apis/meta/v1/validation validation_test.go TestValidateMangedFieldsValid/TestValidateManagedFieldsInvalid)`, () => {
  test.each(META.managedFields.valid as any[])('valid %j', (entry) => {
    expect(problemsOf({ metadata: { name: 'test', managedFields: [entry] } })).toEqual([]);
  });

  test.each(META.managedFields.invalid as any[])('invalid %j', (entry) => {
    const problems = problemsOf({ metadata: { name: 'test', managedFields: [entry] } });
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toMatch(/^props\/items\/1\/metadata\/managedFields\/0\/(operation|fieldsType|manager|subresource)$/);
  });
});

describe(`ValidateNode (${NODE._source.repo} ${NODE._source.path} TestValidateNode)`, () => {
  test.each(NODE.validateNode.valid as any[])('valid: $name', (row) => {
    expect(problemsOf(row.node)).toEqual([]);
  });

  test.each(NODE.validateNode.invalid as any[])('invalid: $name', (row) => {
    const problems = problemsOf(row.node);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.map((p) => p.path)).toContain(`props/items/1/${row.path}`);
  });
});

describe(`ValidateAvoidPodsInNodeAnnotations (TestValidateNode and TestValidateNodeUpdate's ${AVOID} rows)`, () => {
  test.each(NODE.validateNodeUpdateAnnotations.rows as any[])('valid: $valid', (row) => {
    const problems = under(problemsOf({ metadata: { name: 'foo', annotations: { [AVOID]: row.annotation } } }), `props/items/1/metadata/annotations/${AVOID}`);
    expect(problems.length === 0).toBe(row.valid);
  });

  // Not upstream rows: what encoding/json (go-json.ts) and validatePreferAvoidPodsEntry decide, read in the Go code.
  const entry = (podController: string) => `{"preferAvoidPods":[{"podSignature":{"podController":${podController}}}]}`;
  const ref = (extra: string) => `{"apiVersion":"v1","kind":"ReplicationController","name":"foo","uid":"u"${extra}}`;
  test.each([
    ['keys matched case-insensitively', entry(ref(',"Controller":true')).replace('podSignature', 'PODSIGNATURE'), undefined],
    ['the long s folds into S', entry(ref(',"controller":true')).replace('podSignature', 'podſignature'), undefined],
    ['unknown keys skipped', entry(ref(',"controller":true,"extra":[1,{"a":null}]')), undefined],
    ['null is an empty AvoidPods', 'null', undefined],
    ['no entries', '{}', undefined],
    ['a valid evictionTime', entry(ref(',"controller":true')).replace('}}]}', '},"evictionTime":"2024-05-01T12:00:00Z"}]}'), undefined],
    ['controller unset (the server fails on a nil pointer)', entry(ref('')), `${AVOID}/preferAvoidPods/0/podSignature/podController/controller`],
    ['podController null', entry('null'), `${AVOID}/preferAvoidPods/0/podSignature`],
    ['a key repeated: the second decodes into the first', `{"preferAvoidPods":[{"podSignature":{"podController":${ref(',"controller":true')}}}],"preferAvoidPods":[{"reason":"r"}]}`, undefined],
    ['not JSON', '{"preferAvoidPods": [', AVOID],
    ['a top-level array', '[]', AVOID],
    ['a string where a boolean belongs', entry(ref(',"controller":"true"')), AVOID],
    ['an evictionTime that is not RFC 3339', entry(ref(',"controller":true')).replace('}}]}', '},"evictionTime":"yesterday"}]}'), AVOID],
    ['nesting deeper than 10,000 inside an unknown key', `{"x":${'['.repeat(10000)}${']'.repeat(10000)}}`, AVOID],
  ] as [string, string, string | undefined][])('%s', (_name, text, path) => {
    const problems = under(problemsOf({ metadata: { name: 'foo', annotations: { [AVOID]: text } } }), `props/items/1/metadata/annotations/${AVOID}`);
    if (path === undefined) expect(problems).toEqual([]);
    else expect(problems.map((p) => p.path)).toEqual([`props/items/1/metadata/annotations/${path}`]);
  });

  test('GIVEN text Go cannot decode THEN the annotation is shown by size only', () => {
    const [problem] = problemsOf({ metadata: { name: 'foo', annotations: { [AVOID]: '{"preferAvoidPods": "hunter2"}' } } });
    expect(problem.received).toBe('a string of 30 characters (not shown)');
    expect(problem.allowed).toMatch(/a JSON string where Go expects an array \(\/preferAvoidPods\)$/);
  });

  test('nesting of exactly 10,000 is accepted', () => {
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [AVOID]: `{"x":${'['.repeat(9999)}${']'.repeat(9999)}}` } } })).toEqual([]);
  });
});

describe(`ValidateTaintsInNodeAnnotations (${TAINTS}): TestValidateNode's taint rows, written as the annotation's JSON (validateNodeTaints checks both)`, () => {
  const taintRows = [...NODE.validateNode.valid, ...NODE.validateNode.invalid].filter((row: any) => row.node.spec?.taints !== undefined);
  test.each(taintRows as any[])('$name', (row) => {
    // As json.Marshal writes the internal core.Taint (no json tags: Go field names).
    const text = JSON.stringify(row.node.spec.taints.map((t: any) => ({ Key: t.key, Value: t.value ?? '', Effect: t.effect, TimeAdded: null })));
    const problems = problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: text } } });
    const valid = NODE.validateNode.valid.includes(row);
    if (valid) expect(problems).toEqual([]);
    else expect(problems.map((p) => p.path)).toEqual([`props/items/1/metadata/annotations/${TAINTS}/${row.path.replace('spec/taints/', '')}`]);
  });

  test('GIVEN lower-case keys, null and an empty list THEN they read as Go reads them; a taint object where a list belongs is refused', () => {
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: '[{"key":"k","effect":"NoExecute","timeAdded":"2024-05-01T12:00:00Z"}]' } } })).toEqual([]);
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: 'null' } } })).toEqual([]);
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: '[]' } } })).toEqual([]);
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: '{"key":"k"}' } } }).map((p) => p.path)).toEqual([`props/items/1/metadata/annotations/${TAINTS}`]);
    // A null element is a zero Taint: no key, no effect.
    expect(problemsOf({ metadata: { name: 'foo', annotations: { [TAINTS]: '[null]' } } }).map((p) => p.path)).toEqual([
      `props/items/1/metadata/annotations/${TAINTS}/0/key`,
      `props/items/1/metadata/annotations/${TAINTS}/0/effect`,
    ]);
  });
});

describe('every problem at once, each with its item path', () => {
  test('GIVEN one node breaking an owner, managed fields, a finalizer, generateName and both annotations THEN one ValidationError lists them all', () => {
    const problems = problemsOf({
      metadata: {
        name: 'bad',
        generateName: '-x-',
        ownerReferences: [{ apiVersion: 'apps/', kind: 'ReplicaSet', name: 'r', uid: 'u' }, { apiVersion: 'v1', kind: 'Event', name: 'e', uid: 'v' }],
        managedFields: [{ manager: 'a\tb', subresource: 's'.repeat(257) } as any],
        finalizers: ['cleanup'],
        annotations: { [AVOID]: '{', [TAINTS]: '[{"key":"k"}]' },
      },
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      `props/items/1/metadata/annotations/${AVOID}`,
      `props/items/1/metadata/annotations/${TAINTS}/0/effect`,
      'props/items/1/metadata/finalizers/0',
      'props/items/1/metadata/generateName',
      'props/items/1/metadata/managedFields/0/manager',
      'props/items/1/metadata/managedFields/0/operation',
      'props/items/1/metadata/managedFields/0/subresource',
      'props/items/1/metadata/ownerReferences/0/apiVersion',
      'props/items/1/metadata/ownerReferences/1',
    ]);
  });
});
