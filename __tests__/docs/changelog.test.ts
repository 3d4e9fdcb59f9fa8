// CHANGELOG.md follows Keep a Changelog 1.1.0, and its newest release is the
// version package.json (and package-lock.json's root package) declares.
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Keep a Changelog's kinds of change, in the order its example uses. */
const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

interface Release { version: string; date?: string; kinds: string[]; entries: number }

/** The releases of a changelog text, newest first, and the problems with its layout. */
export function readChangelog(text: string): { releases: Release[]; problems: string[] } {
  const problems: string[] = [];
  const releases: Release[] = [];
  const lines = text.split('\n');
  if (lines[0] !== '# Changelog') problems.push('the first line is not "# Changelog"');
  for (const line of lines) {
    if (/^## /.test(line)) {
      const m = /^## \[(Unreleased|\d+\.\d+\.\d+)\](?: - (\d{4}-\d{2}-\d{2}))?$/.exec(line);
      if (!m) { problems.push(`not a release heading: ${line}`); continue; }
      if ((m[1] === 'Unreleased') !== (m[2] === undefined)) problems.push(`a release needs a date, Unreleased none: ${line}`);
      releases.push({ version: m[1], date: m[2], kinds: [], entries: 0 });
    } else if (/^### /.test(line)) {
      const kind = line.slice(4);
      const release = releases[releases.length - 1];
      if (release === undefined || !KINDS.includes(kind)) { problems.push(`not a Keep a Changelog section: ${line}`); continue; }
      if (release.kinds.includes(kind)) problems.push(`${release.version} has two ${kind} sections`);
      if (release.kinds.length > 0 && KINDS.indexOf(kind) < KINDS.indexOf(release.kinds[release.kinds.length - 1])) problems.push(`${release.version}: ${kind} out of order`);
      release.kinds.push(kind);
    } else if (/^#/.test(line) && line !== '# Changelog') {
      problems.push(`unexpected heading: ${line}`);
    } else if (/^- /.test(line) && releases.length > 0) {
      if (releases[releases.length - 1].kinds.length === 0) problems.push(`an entry outside a section in ${releases[releases.length - 1].version}`);
      releases[releases.length - 1].entries++;
    }
  }
  const versioned = releases.filter((r) => r.version !== 'Unreleased');
  if (releases.findIndex((r) => r.version === 'Unreleased') > 0) problems.push('Unreleased is not the first section');
  const key = (v: string) => v.split('.').map(Number);
  for (let i = 1; i < versioned.length; i++) {
    const [a, b] = [key(versioned[i - 1].version), key(versioned[i].version)];
    const newer = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    if (newer <= 0) problems.push(`${versioned[i - 1].version} is listed above ${versioned[i].version} but is not newer`);
    if (versioned[i - 1].date! < versioned[i].date!) problems.push(`${versioned[i - 1].version} is dated before ${versioned[i].version}`);
  }
  for (const r of versioned) {
    if (r.entries === 0) problems.push(`${r.version} lists no change`);
    if (!new RegExp(`^\\[${r.version.replace(/\./g, '\\.')}\\]: https://`, 'm').test(text)) problems.push(`${r.version} has no link reference`);
  }
  return { releases, problems };
}

describe('CHANGELOG.md', () => {
  const { releases, problems } = readChangelog(read('CHANGELOG.md'));
  const newest = releases.find((r) => r.version !== 'Unreleased');

  test('GIVEN the changelog THEN it has Keep a Changelog\'s headings, newest release first, each with a date and a link', () => {
    expect(problems).toEqual([]);
    expect(read('CHANGELOG.md')).toContain('https://keepachangelog.com/en/1.1.0/');
  });

  test('GIVEN package.json and package-lock.json THEN their version is the newest release', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const version = JSON.parse(read('package.json')).version;
    expect(newest?.version).toBe(version);
    expect([lock.version, lock.packages[''].version]).toEqual([version, version]);
  });

  test('GIVEN a changelog with a misspelt section or releases out of order THEN the reader names each problem', () => {
    const bad = '# Changelog\n\n## [0.1.0] - 2026-11-22\n\n### Addded\n\n- x\n\n## [0.2.0] - 2026-11-24\n\n### Fixed\n\n- y\n\n[0.2.0]: https://e\n';
    expect(readChangelog(bad).problems).toEqual([
      'not a Keep a Changelog section: ### Addded',
      'an entry outside a section in 0.1.0',
      '0.1.0 is listed above 0.2.0 but is not newer',
      '0.1.0 is dated before 0.2.0',
      '0.1.0 has no link reference',
    ]);
  });
});
