// Property-based tests of the node-name, label and taint validators against an
// independent oracle: a character-by-character reading of the API server's rules,
// sharing no code or regular expression with the library.
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { Node, NodeList, NodeListMode, ValidationError } from '../../lib';
import { hostileString, USER_CLASSES } from '../support/hostile-strings';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = LOWER + LOWER.toUpperCase() + DIGITS;

function oracleDnsSubdomain(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => label.length > 0 && [...label].every((ch) => (LOWER + DIGITS + '-').includes(ch)) && label[0] !== '-' && label[label.length - 1] !== '-');
}

function oracleNamePart(name: string): boolean {
  if (name.length === 0 || name.length > 63) return false;
  for (const ch of name) if (!(ALNUM + '-_.').includes(ch)) return false;
  return ALNUM.includes(name[0]) && ALNUM.includes(name[name.length - 1]);
}

function oracleQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length === 1) return oracleNamePart(parts[0]);
  if (parts.length === 2) return oracleDnsSubdomain(parts[0]) && oracleNamePart(parts[1]);
  return false;
}

function oracleLabelValue(value: string): boolean {
  return value === '' || oracleNamePart(value);
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

// Strings drawn mostly from the characters that matter, at lengths around the limits.
const interesting = (chars: string, maxLength: number) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...chars.split('')), maxLength }),
    fc.string({ maxLength: 8 }),
    hostileString({ classes: USER_CLASSES, maxFragments: 3 }),
    fc.tuple(fc.constantFrom(...'abc123'.split('')), fc.integer({ min: maxLength - 3, max: maxLength + 3 })).map(([c, n]) => c.repeat(Math.max(0, n))),
  );
const dnsish = fc.oneof(
  interesting('abz09-.', 20),
  fc.array(fc.string({ unit: fc.constantFrom(...'az09-'.split('')), minLength: 1, maxLength: 64 }), { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.')),
  fc.integer({ min: 250, max: 256 }).map((n) => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(Math.max(1, n - 192))}`),
);
const namePart = interesting('aZ09-_.', 64);
const labelKey = fc.oneof(namePart, fc.tuple(dnsish, namePart).map(([p, n]) => `${p}/${n}`), fc.tuple(namePart, namePart, namePart).map((p) => p.join('/')));
const labelValue = fc.oneof(namePart, fc.constant(''));

let counter = 0;
const app = Testing.app();
const stack = new TerraformStack(app, 'property');

/** Builds a NodeList; returns the problem paths, or [] when it was accepted. Any error but ValidationError fails. */
function problemsOf(items: Node[], mode?: NodeListMode): string[] {
  try {
    new NodeList(stack, `list${counter++}`, { items, mode });
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    return (e as ValidationError).problems.map((p) => p.path);
  }
}

const RUNS = 2000;

describe('property: validators agree with an independent oracle', () => {
  test('node names: accepted exactly when they are DNS-1123 subdomains', () => {
    fc.assert(
      fc.property(dnsish, (name) => {
        const paths = problemsOf([{ metadata: { name } }]);
        expect(paths).toEqual(oracleDnsSubdomain(name) ? [] : ['props/items/0/metadata/name']);
      }),
      propertyRuns({ seed: 102, numRuns: RUNS }),
    );
  });

  test('label keys and values: accepted exactly when the oracle accepts both', () => {
    fc.assert(
      fc.property(labelKey, labelValue, (key, value) => {
        const paths = problemsOf([{ metadata: { name: 'n', labels: { [key]: value } } }]);
        const ok = oracleQualifiedName(key) && oracleLabelValue(value);
        expect(paths.length === 0).toBe(ok);
        if (!ok) expect(paths).toEqual([`props/items/0/metadata/labels/${key}`]);
      }),
      propertyRuns({ seed: 103, numRuns: RUNS }),
    );
  });

  test('taints: accepted exactly when key, value and effect are valid and (key, effect) pairs are unique', () => {
    const taint = fc.record({
      key: fc.oneof(labelKey, fc.constantFrom('dedicated', 'example.com/gpu')),
      value: fc.option(labelValue, { nil: undefined }),
      effect: fc.oneof(fc.constantFrom(...EFFECTS), fc.string({ maxLength: 12 })),
    });
    fc.assert(
      fc.property(fc.array(taint, { maxLength: 4 }), fc.boolean(), (taints, taintMode) => {
        const mode = taintMode ? NodeListMode.LABELS_ANNOTATIONS_TAINTS : NodeListMode.MANIFEST;
        const paths = problemsOf([{ metadata: { name: 'n' }, spec: { taints } }], mode);
        const valid = taints.every((t) => oracleQualifiedName(t.key) && (t.value === undefined || oracleLabelValue(t.value)) && EFFECTS.includes(t.effect));
        const identities = taints.map((t) => (taintMode ? t.key : `${t.key} ${t.effect}`));
        const unique = new Set(identities).size === identities.length;
        expect(paths.length === 0).toBe(valid && unique);
        for (const path of paths) expect(path).toMatch(/^props\/items\/0\/spec\/taints\/\d+(\/(key|value|effect))?$/);
      }),
      propertyRuns({ seed: 104, numRuns: RUNS }),
    );
  });
});
