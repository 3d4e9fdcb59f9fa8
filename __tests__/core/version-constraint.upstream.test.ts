// Issue 18, item 5: Terraform's provider version constraint grammar
// (lib/core/version-constraint.ts) against its authorities: the test tables of
// hashicorp/go-version v1.7.0, apparentlymart/go-versions v1.0.2 and Terraform
// v1.11.4 (ported as data under fixtures/upstream/, each naming repository,
// version, commit, file and test function), then the terraform binary itself
// on every table string and on strings drawn from the hostile alphabet and
// from the grammar.
import { readFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { propertyRuns, propertySeed } from '../support/property-runs';
import { literalTemplate } from '../../lib/core/literal-text';
import {
  constraintLowerBoundAtLeast,
  goNewConstraint,
  goNewVersion,
  parseRubyStyle,
  parseRubyStyleMulti,
  parseVersionConstraint,
  scanConstraint,
} from '../../lib/core/version-constraint';
import { fragmentsOf, hostileString, LIVE_CLASSES } from '../support/hostile-strings';
import { workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const fixture = (name: string): any => JSON.parse(readFileSync(join(__dirname, 'fixtures', 'upstream', name), 'utf8'));
const GO_VERSION = fixture('go-version.json');
const GO_VERSIONS = fixture('go-versions-constraints.json');
const TERRAFORM = fixture('terraform-providerreqs.json');

describe('hashicorp/go-version v1.7.0 NewConstraint / NewVersion', () => {
  test.each(GO_VERSION.newConstraint.rows as any[])('TestNewConstraint %j', (row) => {
    const got = goNewConstraint(row.input);
    expect(got === undefined).toBe(row.err);
    expect(got?.length ?? 0).toBe(row.count);
  });

  test.each(GO_VERSION.constraintCheck.rows as any[])('TestConstraintCheck %j parses (constraint and version)', (row) => {
    expect(goNewConstraint(row.constraint)).toBeDefined();
    expect(goNewVersion(row.version)).toBeDefined();
  });

  test.each(GO_VERSION.constraintPrerelease.rows as any[])('TestConstraintPrerelease %j', (row) => {
    const got = goNewConstraint(row.constraint)!;
    expect(got).toHaveLength(1);
    expect(got[0].version.prerelease !== '').toBe(row.prerelease);
  });

  test.each(GO_VERSION.constraintsString.rows as any[])('TestConstraintsString %j', (row) => {
    expect(goNewConstraint(row.constraint)!.map((c) => c.original).join(',')).toBe(row.result);
  });

  test.each(GO_VERSION.newVersion.rows as any[])('TestNewVersion %j', (row) => {
    expect(goNewVersion(row.version) === undefined).toBe(row.err);
  });
});

describe('apparentlymart/go-versions v1.0.2 constraints', () => {
  test.each(GO_VERSIONS.scanConstraints.rows as any[])('TestScanConstraints %j', (row) => {
    const { raw, remain } = scanConstraint(row.input);
    expect({ ...raw, remain }).toEqual({ op: row.op, sep: row.sep, nums: row.nums, numCt: row.numCt, pre: row.pre, meta: row.meta, remain: row.remain });
  });

  test.each(GO_VERSIONS.parseRubyStyle.rows as any[])('TestParseRubyStyle %j', (row) => {
    const got = parseRubyStyle(row.input);
    if (row.err) expect(got.err).toBe(row.err);
    else expect(got).toEqual({ spec: row.spec });
  });

  test.each(GO_VERSIONS.parseRubyStyleMulti.rows as any[])('TestParseRubyStyleMulti %j', (row) => {
    const got = parseRubyStyleMulti(row.input);
    if (row.err) expect(got.err).toBe(row.err);
    else expect(got).toEqual({ specs: row.specs });
  });
});

describe('Terraform v1.11.4 providerreqs', () => {
  test.each(TERRAFORM.versionConstraintsString.rows as any[])('TestVersionConstraintsString $name: %j parses', (row) => {
    expect(parseRubyStyleMulti(row.input).err).toBeUndefined();
    expect(parseVersionConstraint(row.input).ok).toBe(true);
  });
});

describe('the user reports of issue 18', () => {
  test.each([
    ['^4.16.0', '"^" is not a Terraform operator'],
    ['>= 4.16.0 < 5.0.0', 'missing comma after ">= 4.16.0"'],
    ['', 'it is empty'],
    ['>= 4.16.0,', 'a constraint is empty'],
    ['v4.16.0', '"v" prefix'],
    ['>= 4.16.0\n', 'control character'],
  ])('%j is refused: %s', (text, reason) => {
    const verdict = parseVersionConstraint(text);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.reason).toContain(reason);
  });

  test('the defaults and the structure of a good one', () => {
    for (const text of ['>= 5.0, < 7.0', '>= 3.82.0, < 5.0.0', '>= 3.0.0, < 4.0.0', '>= 2.21, < 3.0']) expect(parseVersionConstraint(text).ok).toBe(true);
    expect(parseVersionConstraint('~> 4.16.0-beta.1+build.5, != 4.17')).toEqual({
      ok: true,
      constraints: [
        { operator: '~>', segments: [4, 16, 0], prerelease: 'beta.1', metadata: 'build.5' },
        { operator: '!=', segments: [4, 17], prerelease: '', metadata: '' },
      ],
    });
  });

  test.each([
    ['>= 4.16.0, < 5.0.0', true],
    ['~> 4.16', true],
    ['4.16.0', true],
    ['> 4.15.9', false],
    ['>= 4.16.0-beta', false],
    ['> 4.16.0-beta', true],
    ['>= 3.82.0, < 5.0.0', false],
    ['>= 5', true],
    ['^4.16.0', false],
  ])('lower bound of %j at least 4.16.0: %s', (text, expected) => {
    expect(constraintLowerBoundAtLeast(text, [4, 16, 0])).toBe(expected);
  });
});

// ---- the terraform binary as the judge ----------------------------------------------------

/** Terraform 1.11's verdict on one version string: `terraform providers` reads both parsers' verdicts without init. */
async function terraformAccepts(text: string): Promise<boolean> {
  const config = { terraform: { required_providers: { aws: { source: 'hashicorp/aws', version: literalTemplate(text) } } } };
  const dir = workdir({ 'main.tf.json': JSON.stringify(config) });
  const result = await terraformAsync(dir, ['providers', '-no-color'], { allowFailure: true });
  if (result.code === 0) return true;
  if (!/Invalid version constraint/.test(result.stderr + result.stdout)) throw new Error(`unexpected terraform failure for ${JSON.stringify(text)}:\n${result.stderr}`);
  return false;
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  }));
  return results;
}

// Strings in the grammar's neighbourhood: operators (good and bad), spaces, numbers, separators.
const nearGrammar = fc
  .array(fc.constantFrom('>=', '>', '<', '<=', '=', '!=', '~>', '^', '~', '=>', '=<', ' ', '  ', ',', ', ', '1', '0', '16', '4', '.', '-', '+', 'beta', 'v', 'x', '*', '\t', '99999999999999999999'), { maxLength: 9 })
  .map((parts) => parts.join(''));

const TABLE_STRINGS = [
  ...GO_VERSION.newConstraint.rows.map((r: any) => r.input),
  ...GO_VERSION.constraintCheck.rows.map((r: any) => r.constraint),
  ...GO_VERSION.newVersion.rows.map((r: any) => r.version),
  ...GO_VERSIONS.scanConstraints.rows.map((r: any) => r.input),
  ...GO_VERSIONS.parseRubyStyle.rows.map((r: any) => r.input),
  ...GO_VERSIONS.parseRubyStyleMulti.rows.map((r: any) => r.input),
  ...TERRAFORM.versionConstraintsString.rows.map((r: any) => r.input),
];
const JUDGED = [...new Set([
  ...TABLE_STRINGS,
  '^4.16.0', '>= 4.16.0 < 5.0.0', '1.', '1.,2', '>=1.0', 'v1.0', '~>1.2', '>=  1.0', '1.0,', ' >= 1.0 ', '>= 1.0-', '1.0.0-', '1+', '~>v1.0',
  ...fc.sample(nearGrammar, { numRuns: 150, seed: propertySeed(18) }),
  ...fragmentsOf(LIVE_CLASSES).map((f) => `>= 1.0${f}`),
  ...fc.sample(hostileString({ classes: LIVE_CLASSES, maxFragments: 4 }), { numRuns: 40, seed: propertySeed(5) }),
])];

// Where the library is stricter than Terraform: control characters (see version-constraint.ts).
// eslint-disable-next-line no-control-regex
const STRICTER = /[\u0000-\u001f\u007f-\u009f]/;

test(`Terraform 1.11 and the port agree on ${JUDGED.length} strings (the tables, the grammar's neighbourhood, hostile text)`, async () => {
  const verdicts = await inBatches(JUDGED, 4, terraformAccepts);
  const disagreements = JUDGED.map((text, i) => ({ text, terraform: verdicts[i], port: parseVersionConstraint(text).ok }))
    .filter((d) => d.terraform !== d.port && !(STRICTER.test(d.text) && !d.port));
  expect(disagreements).toEqual([]);
  // Both verdicts occur, and the library's stricter refusals are real refusals of accepted strings.
  expect(verdicts.filter(Boolean).length).toBeGreaterThan(40);
  expect(verdicts.filter((v) => !v).length).toBeGreaterThan(40);
}, 300_000);

test('parseVersionConstraint never throws, and never accepts control characters, parentheses or quotes', () => {
  fc.assert(
    fc.property(hostileString({ maxFragments: 8 }), (text) => {
      const verdict = parseVersionConstraint(text);
      if (verdict.ok) expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f()"'`${}\\]/);
    }),
    propertyRuns({ seed: 118, numRuns: 2000 }),
  );
});

test('stricter: at most 500 characters, and a long input is refused fast', () => {
  const longest = `>= 1.0${', != 1.0'.repeat(61)}      `;
  expect(longest).toHaveLength(500);
  expect(parseVersionConstraint(longest).ok).toBe(true);
  expect(parseVersionConstraint(`${longest} `)).toEqual({ ok: false, reason: 'it is longer than 500 characters' });
  const started = Date.now();
  for (const text of [`1.0-${'a-'.repeat(250)}.`, `1.0-${'a-'.repeat(100_000)}.`, `~> ${'9'.repeat(1_000_000)}`]) {
    expect(parseVersionConstraint(text).ok).toBe(false);
  }
  expect(Date.now() - started).toBeLessThan(1_000);
});
