// Issue 25 item 1: `engines.node` claims the runtimes that are proven, and only
// those. Each range of package.json's engines.node is one major that
// scripts/install-node.sh pins (so .ci/run's runtime matrix, or `npm test` on a
// machine of that major, runs on it), each pinned runtime satisfies its range,
// and so does the runtime running this test (in the matrix: each of them).
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const engines: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node;
const pinned = new Map(
  [...fs.readFileSync(path.join(ROOT, 'scripts', 'install-node.sh'), 'utf8').matchAll(/^\s+(\d+)\) echo "(\d+\.\d+\.\d+) sha512-/gm)].map(([, major, version]) => [Number(major), version]),
);

type Version = [number, number, number];
const parse = (text: string): Version => text.replace(/^v/, '').split('.').map(Number) as Version;
const atLeast = (v: Version, floor: Version) => v[0] !== floor[0] ? v[0] > floor[0] : v[1] !== floor[1] ? v[1] > floor[1] : v[2] >= floor[2];

/** The floors of `^a.b.c || ^d.e.f …`, the only form engines.node takes here. */
function caretRanges(range: string): Version[] {
  return range.split('||').map((part) => {
    const match = /^\s*\^(\d+\.\d+\.\d+)\s*$/.exec(part);
    if (!match) throw new Error(`engines.node: ${JSON.stringify(part)} is not a caret range (^major.minor.patch)`);
    return parse(match[1]);
  });
}
const satisfies = (version: string, range: string) => caretRanges(range).some((floor) => parse(version)[0] === floor[0] && atLeast(parse(version), floor));

describe('engines.node and the proven runtimes', () => {
  test('GIVEN engines.node THEN it names exactly the majors install-node.sh pins, each pinned runtime satisfying its range', () => {
    expect(pinned.size).toBeGreaterThan(0);
    expect(caretRanges(engines).map(([major]) => major)).toEqual([...pinned.keys()]);
    for (const version of pinned.values()) expect([version, satisfies(version, engines)]).toEqual([version, true]);
  });

  test('GIVEN the runtime running this test THEN engines.node admits it', () => {
    expect([process.version, satisfies(process.version, engines)]).toEqual([process.version, true]);
  });

  test('GIVEN versions outside the ranges THEN they are refused (the check is not vacuous)', () => {
    expect(['20.18.3', '21.7.0', '22.10.0', '23.0.0', '25.1.0', '27.0.0'].filter((v) => satisfies(v, engines))).toEqual([]);
  });
});
