// Issue 18: each node format from its authority, driven by the authority's own
// test tables (ported as data under fixtures/upstream/, each naming its
// upstream repository, file, version and test function), then by the hostile
// string alphabet.
import { readFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { cidrFamily, ipFamilyOf, ipFamilyOfCidrString, isDualStackCidrStrings, parseCidrSloppy, parseIPSloppy } from '../../lib/cluster/cidr';
import { isDateTime, isQuantity } from '../../lib/cluster/formats';
import { hasWholeMilliValue, isIntegerResourceName, nodeResourceQuantityProblem, ParsedQuantity, parseQuantity, parseQuantityString } from '../../lib/cluster/quantity';
import { parseGoRfc3339 } from '../../lib/cluster/rfc3339';
import { fragmentsOf, hostileString } from '../support/hostile-strings';

const fixture = (name: string): any => JSON.parse(readFileSync(join(__dirname, 'fixtures', 'upstream', name), 'utf8'));
const QUANTITY = fixture('quantity.json');
const TIME = fixture('rfc3339.json');
const CIDR = fixture('cidr.json');

const hex = (bytes: Uint8Array | undefined): string | undefined => (bytes === undefined ? undefined : Buffer.from(bytes).toString('hex'));

// unscaled × 10^exponent, normalised, for comparing values (Quantity.Cmp).
function normalised(q: { unscaled: bigint; exponent: number }): string {
  let { unscaled, exponent } = q;
  if (unscaled === 0n) return '0';
  while (unscaled % 10n === 0n) {
    unscaled /= 10n;
    exponent += 1;
  }
  return `${unscaled}e${exponent}`;
}
const expected = (e: { unscaled: string; exponent: number }): string => normalised({ unscaled: BigInt(e.unscaled), exponent: e.exponent });
const negate = (e: { unscaled: string; exponent: number }) => ({ unscaled: (-BigInt(e.unscaled)).toString(), exponent: e.exponent });
function parsed(input: string): ParsedQuantity {
  const q = parseQuantity(input);
  if (q === undefined) throw new Error(`ParseQuantity(${JSON.stringify(input)}) refused`);
  return q;
}

describe('resource.ParseQuantity (apimachinery v0.32.0 quantity_test.go)', () => {
  test.each(QUANTITY.parseQuantityString.rows as any[])('TestParseQuantityString $input', (row) => {
    expect(parseQuantityString(row.input)).toEqual({ positive: row.positive, value: row.value, num: row.num, denom: row.denom, suffix: row.suffix });
  });

  test.each((QUANTITY.parse.rows as any[]).map((r) => [r.input, r.expect]))('TestQuantityParse %j', (input, expect_) => {
    const q = parsed(input);
    expect(normalised(q)).toBe(expected(expect_));
    expect(q.format).toBe(expect_.format);
    // "Try the negative version of everything", "Try everything with an explicit +"
    const negative = parsed(`-${input}`);
    expect(normalised(negative)).toBe(expected(negate(expect_)));
    expect(negative.format).toBe(expect_.format);
    const plus = parsed(`+${input}`);
    expect(normalised(plus)).toBe(expected(expect_));
    expect(plus.format).toBe(expect_.format);
  });

  test.each([...QUANTITY.invalid.rows, ...QUANTITY.parseNonNumeric.rows] as string[])('TestQuantityParse invalid %j', (input) => {
    expect(parseQuantity(input)).toBeUndefined();
    expect(isQuantity(input)).toBe(false);
  });

  test.each(QUANTITY.stringTable.rows as [string, string][])('TestQuantityString %j and its alternate %j parse to one value', (canonical, alternate) => {
    const q = parsed(canonical);
    if (alternate !== '') expect(normalised(parsed(alternate))).toBe(normalised(q));
  });

  test.each(QUANTITY.parseEmit.rows as [string, string][])('TestQuantityParseEmit %j is %j', (input, emitted) => {
    expect(normalised(parsed(input))).toBe(normalised(parsed(emitted)));
    expect(normalised(parsed(`-${input}`))).toBe(normalised(parsed(`-${emitted}`)));
  });

  test.each(QUANTITY.jsonWhitespace.rows as [string, string][])('TestJSONWhitespace %j: stricter here, the untrimmed string is refused unless it has no space', (json, value) => {
    const text = json.startsWith('"') ? JSON.parse(json) : json;
    expect(isQuantity(text)).toBe(text.trim() === text);
    expect(normalised(parsed(text.trim()))).toBe(normalised(parsed(value)));
  });

  // Not upstream rows: the grammar's edges as quantity.go decides them (read at v0.32.0).
  test.each([
    ['.', true], ['+.', true], ['-.', true], ['-', true], ['+', true], ['Gi', true], ['m', true], ['e5', true], ['00', true],
    ['.e-9', true], ['.e-10', false], // scale < -9 takes the inf.Dec path, which needs a digit
    ['1E', true], ['1e', false], ['1e-', false], ['1E+', false], ['1e+5', true], ['1e01', true],
    ['1e9223372036854775807', true], ['1e9223372036854775808', false], ['1e-9223372036854775808', true], ['1e-9223372036854775809', false],
    ['1Ki5', false], ['1m5', false], ['1Ee5', false], ['1.5.2', false], ['4 cores', false], ['', false], ['\t1', false], ['1\n', false],
    ['１', false], ['1\u0000', false], ['99999999999999999999999999999999999999Ki', true], ['0.1n', true],
  ] as [string, boolean][])('the grammar edge %j is accepted: %s', (input, accepted) => {
    expect(isQuantity(input)).toBe(accepted);
  });

  test('exponents are int32 as in Go: 1e4294967295 is 1e-1, 1e4294967296 is 1', () => {
    expect(normalised(parsed('1e4294967295'))).toBe('1e-1');
    expect(normalised(parsed('1e4294967296'))).toBe('1e0');
    expect(normalised(parsed('1e-2147483648'))).toBe('1e-9'); // rounded up to one nanounit
    expect(parsed('1e2147483647').exponent).toBe(2147483647);
  });
});

describe('ValidateNodeResources (kubernetes 1.32 validation.go, helpers.go)', () => {
  test.each([
    ['pods', '110', undefined],
    ['pods', '1.5', /whole number/],
    ['pods', '0.9999', undefined], // MilliValue rounds up: 1000
    ['pods', '1001m', /whole number/],
    ['pods', '1k', undefined],
    ['services.loadbalancers', '2.5', /whole number/],
    ['example.com/gpu', '0.5', /extended resource/],
    ['example.com/gpu', '8', undefined],
    ['example.kubernetes.io/gpu', '0.5', undefined], // "kubernetes.io/" inside the name: native
    ['requests.example.com/gpu', '0.5', undefined], // "requests." prefix: not extended
    ['cpu', '1.5', undefined],
    ['cpu', '-1', /non-negative/],
    ['memory', '-1Ki', /non-negative/],
    ['memory', '-0', undefined],
    ['hugepages-2Mi', '1.5Mi', undefined], // nodes have no hugepages rule
    ['cpu', 'not a quantity', undefined], // the schema reports it
  ] as [string, string, RegExp | undefined][])('%s: %j', (name, value, problem) => {
    const found = nodeResourceQuantityProblem(name, value);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  test('integer resources are the object counts and the extended resources', () => {
    expect(['pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps', 'persistentvolumeclaims', 'services.nodeports', 'services.loadbalancers', 'example.com/foo'].every(isIntegerResourceName)).toBe(true);
    expect(['cpu', 'memory', 'ephemeral-storage', 'hugepages-1Gi', 'kubernetes.io/foo', 'Example.com/foo', 'example.com/-foo'].some(isIntegerResourceName)).toBe(false);
    expect(hasWholeMilliValue(parsed('1e400'))).toBe(true);
  });
});

describe('time.Parse(time.RFC3339, …) (Go 1.23, golang/go src/time tests)', () => {
  const rows = (section: string): any[] => TIME[section].rows;
  test.each([...rows('parseTests'), ...rows('formatTests'), ...rows('parseErrorTests'), ...rows('unmarshalInvalidTimes'), ...rows('goReleaseRows'), ...rows('derived')])('%j', (row) => {
    expect(isDateTime(row.value)).toBe(row.accept);
    if (row.expect !== undefined) expect(parseGoRfc3339(row.value)).toEqual(row.expect);
  });

  test.each(rows('dayOutOfRange') as [string, boolean][])('TestParseDayOutOfRange %s: %s', (value, ok) => {
    expect(isDateTime(value)).toBe(ok);
  });
});

describe('k8s.io/utils net (3ea5e8ce, Kubernetes 1.32)', () => {
  test.each(CIDR.parseIP.rows as any[])('TestParseIP $in', (row) => {
    expect(hex(parseIPSloppy(row.in))).toBe(row.out ?? undefined);
  });

  test.each(CIDR.parseCIDR.rows as any[])('TestParseCIDR $in', (row) => {
    const cidr = parseCidrSloppy(row.in);
    if (row.error) {
      expect(cidr).toBeUndefined();
      return;
    }
    expect(cidr).toBeDefined();
    expect(hex(cidr!.ip)).toBe(row.ip);
    expect(hex(cidr!.network)).toBe(row.net);
    expect(cidr!.prefixLength).toBe(row.prefix);
  });

  test.each(CIDR.ipFamilyOfString.rows as any[])('TestIPFamilyOfString $ip', (row) => {
    const ip = parseIPSloppy(row.ip);
    expect(ip === undefined ? null : ipFamilyOf(ip)).toBe(row.family);
  });

  test.each(CIDR.ipFamilyOfCIDR.rows as any[])('TestIPFamilyOfCIDR $cidr', (row) => {
    // IPFamilyOfCIDRString (the address) and IPFamilyOfCIDR (the network) agree on every row.
    expect(ipFamilyOfCidrString(row.cidr) ?? null).toBe(row.family);
    expect(cidrFamily(row.cidr) ?? null).toBe(row.family);
  });

  test.each(CIDR.dualStackCIDRs.rows as any[])('TestDualStackCIDRs $cidrs', (row) => {
    expect(isDualStackCidrStrings(row.cidrs)).toEqual({ dualStack: row.dualStack, error: row.error });
  });

  test.each(CIDR.parseCIDRs.rows as any[])('TestParseCIDRs $cidrs', (row) => {
    expect(row.cidrs.some((c: string) => parseCidrSloppy(c) === undefined)).toBe(row.error);
  });

  // Not upstream rows: the questions of issue 18, answered by the forked parser and IPFamilyOf.
  test.each([
    ['fe80::1%eth0/64', undefined],
    ['::ffff:10.0.0.0/104', 4], // network ::ffff:10.0.0.0, To4() != nil
    ['::ffff:10.0.0.0/96', 4],
    ['::ffff:10.0.0.0/80', 6], // network ::, To4() == nil
    ['010.000.001.000/24', 4], // leading zeros: sloppy
    ['10.0.0.0/024', 4], // a prefix with leading zeros
    ['10.0.0.0/', undefined],
    ['10.0.0.0/8/8', undefined],
    ['0000000000000001::/64', 6], // xtoi: any count of hex digits below 0x10000
    ['10000::/64', undefined],
    ['[fd00::]/64', undefined],
    [' 10.0.0.0/8', undefined],
    ['10.0.0.0/33', undefined],
    ['::/0', 6],
    ['0.0.0.0/0', 4],
  ] as [string, 4 | 6 | undefined][])('%j has family %s', (value, family) => {
    expect(cidrFamily(value)).toBe(family);
  });
});

// The hostile string alphabet: never a throw, and a string with a fragment
// outside a format's grammar is refused.
describe('the hostile string alphabet', () => {
  const RUNS = 300;
  const formats: [string, (s: string) => boolean, RegExp][] = [
    ['quantity', isQuantity, /^[+-]?[0-9]*\.?[0-9]*[eEinumkKMGTP]*[+-]?[0-9]*$/],
    ['date-time', isDateTime, /^\d{4}-\d{2}-\d{2}T\d{1,2}:\d{2}:\d{2}([.,]\d+)?(Z|[+-]\d{2}:\d{2})$/],
    ['CIDR', (s) => cidrFamily(s) !== undefined, /^[0-9A-Fa-f:.]+\/[0-9]+$/],
  ];
  const seeds: Record<string, string[]> = {
    'quantity': ['4', '16Gi', '500m', '1e3', '-1.5'],
    'date-time': ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.5+02:00'],
    'CIDR': ['10.244.1.0/24', 'fd00::/64', '::ffff:10.0.0.0/104'],
  };

  test.each(formats)('%s: never throws; outside the grammar is refused', (name, accepts, grammar) => {
    fc.assert(
      fc.property(hostileString({ withHuge: true }), fc.constantFrom(...seeds[name]), fc.nat(2), (hostile, seed, where) => {
        for (const s of [hostile, where === 0 ? seed + hostile : where === 1 ? hostile + seed : seed.slice(0, 3) + hostile + seed.slice(3)]) {
          let verdict = false;
          expect(() => (verdict = accepts(s))).not.toThrow();
          if (!grammar.test(s)) expect(verdict).toBe(false);
        }
      }),
      propertyRuns({ seed: 101, numRuns: RUNS }),
    );
  });

  test.each(formats)('%s: each fragment alone and around a valid value', (name, accepts, grammar) => {
    for (const fragment of fragmentsOf()) {
      for (const seed of seeds[name]) {
        for (const s of [fragment, seed + fragment, fragment + seed]) {
          const verdict = accepts(s);
          if (!grammar.test(s)) expect([s, verdict]).toEqual([s, false]);
        }
      }
    }
  });
});
