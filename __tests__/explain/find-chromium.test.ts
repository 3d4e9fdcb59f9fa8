// Issue 30 item 7: the browser test finds its browser on a contributor's
// machine (scripts/find-chromium.ts): CHROMIUM_PATH first (a wrong one is an
// error), then an installed Chrome or Chromium at the usual Linux and macOS
// places in order, then playwright's own download when its file is there;
// none is a problem that says how to provide one. SKIP_BROWSER_TEST=1 leaves
// the browser test out of a local run (jest.config.js), never in CI; the
// install script (pretest) never fails a run it cannot serve.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ChromiumLookup, findChromium, INSTALLED, systemLookup } from '../../scripts/find-chromium';

const ROOT = path.join(__dirname, '..', '..');
const PLAYWRIGHT = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

/** A machine where exactly `present` are executable files. */
function machine(present: readonly string[], options: { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform; playwright?: string } = {}): ChromiumLookup {
  return {
    env: options.env ?? {},
    platform: options.platform ?? 'linux',
    isExecutable: (p) => present.includes(p),
    playwrightChromium: () => options.playwright ?? PLAYWRIGHT,
  };
}

describe('findChromium', () => {
  const everything = [...INSTALLED.linux, ...INSTALLED.darwin, PLAYWRIGHT, '/opt/mine/chrome'];

  test('GIVEN CHROMIUM_PATH naming a binary THEN it wins over every installed browser and playwright\'s', () => {
    expect(findChromium(machine(everything, { env: { CHROMIUM_PATH: '/opt/mine/chrome' } }))).toEqual({ path: '/opt/mine/chrome', source: 'CHROMIUM_PATH' });
  });

  test('GIVEN CHROMIUM_PATH naming no binary THEN it is a problem naming it, not passed over for an installed browser', () => {
    const found = findChromium(machine(everything, { env: { CHROMIUM_PATH: '/opt/missing/chrome' } }));
    expect(found).toEqual({ problem: expect.stringMatching(/^CHROMIUM_PATH is set to "\/opt\/missing\/chrome", which is not an executable file/) });
  });

  test('GIVEN CHROMIUM_PATH set to nothing THEN it counts as unset', () => {
    expect(findChromium(machine(everything, { env: { CHROMIUM_PATH: '' } }))).toEqual({ path: '/usr/bin/chromium', source: 'installed' });
  });

  test.each([
    ['linux', INSTALLED.linux],
    ['darwin', INSTALLED.darwin],
  ] as const)('GIVEN %s THEN its installed browsers are tried in order, each found when it is the only one', (platform, paths) => {
    expect(paths.length).toBeGreaterThanOrEqual(2);
    paths.forEach((p, i) => {
      // Every later path is there too: the earlier one wins.
      expect(findChromium(machine([...paths.slice(i), PLAYWRIGHT], { platform }))).toEqual({ path: p, source: 'installed' });
    });
  });

  test('GIVEN a Linux machine THEN the macOS applications are not looked at, and the other way round', () => {
    expect(findChromium(machine(INSTALLED.darwin, { platform: 'linux' }))).toHaveProperty('problem');
    expect(findChromium(machine(INSTALLED.linux, { platform: 'darwin' }))).toHaveProperty('problem');
  });

  test('GIVEN only playwright\'s download THEN it is used; GIVEN only its path (playwright names one whether or not it was downloaded) THEN it is not', () => {
    expect(findChromium(machine([PLAYWRIGHT]))).toEqual({ path: PLAYWRIGHT, source: 'playwright' });
    expect(findChromium(machine([]))).toHaveProperty('problem');
    expect(findChromium(machine([], { playwright: '' }))).toHaveProperty('problem');
  });

  test('GIVEN no browser at all THEN the problem lists what was looked at and every way to provide one, and the opt-out', () => {
    const found = findChromium(machine([]));
    expect('problem' in found).toBe(true);
    const problem = (found as { problem: string }).problem;
    for (const looked of [...INSTALLED.linux, PLAYWRIGHT]) expect(problem).toContain(looked);
    for (const way of ['set CHROMIUM_PATH', 'apt-get install chromium', 'npx playwright-core install chromium', 'SKIP_BROWSER_TEST=1 (refused in CI)']) expect(problem).toContain(way);
  });
});

describe("this machine's lookup", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
    fs.writeFileSync(path.join(dir, 'chrome'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'not-executable'), '', { mode: 0o644 });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('GIVEN files THEN only an executable file counts (not a plain file, a directory or nothing)', () => {
    const { isExecutable } = systemLookup();
    expect([isExecutable(path.join(dir, 'chrome')), isExecutable(path.join(dir, 'not-executable')), isExecutable(dir), isExecutable(path.join(dir, 'none'))]).toEqual([true, false, false, false]);
  });

  test("GIVEN playwright-core THEN its registry names its Chromium's path", () => {
    expect(systemLookup().playwrightChromium()).toMatch(/ms-playwright.*chrom/);
  });

  const script = (env: NodeJS.ProcessEnv) => spawnSync('bash', [path.join(ROOT, 'scripts', 'install-chromium.sh')], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

  test('GIVEN CHROMIUM_PATH naming a binary THEN the install script says so and installs nothing', () => {
    const run = script({ CHROMIUM_PATH: path.join(dir, 'chrome') });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: `browser test: ${path.join(dir, 'chrome')} (from CHROMIUM_PATH)` });
  }, 60_000);

  test('GIVEN CHROMIUM_PATH naming no binary THEN the install script prints the problem and exits 0 without installing (the browser test fails with it)', () => {
    const run = script({ CHROMIUM_PATH: path.join(dir, 'none') });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^install-chromium\.sh: CHROMIUM_PATH is set to ".*none", which is not an executable file/);
  }, 60_000);
});

describe('SKIP_BROWSER_TEST (jest.config.js)', () => {
  /** Each project's ignored test paths as jest reads the config under `env`, or the error it throws. */
  const config = (env: NodeJS.ProcessEnv) => {
    const run = spawnSync(process.execPath, ['-e', "process.stdout.write(JSON.stringify(require('./jest.config.js').projects.map((p) => p.testPathIgnorePatterns)))"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      encoding: 'utf8',
    });
    return run.status === 0 ? { ignored: JSON.parse(run.stdout) as string[][], stderr: run.stderr } : { error: run.stderr };
  };
  const browserTest = '<rootDir>/__tests__/explain/html-report.browser.test.ts';

  test('GIVEN it unset THEN the browser test runs (in the cdktf pass, as before)', () => {
    const { ignored } = config({});
    expect(ignored![0]).not.toContain(browserTest);
  });

  test('GIVEN SKIP_BROWSER_TEST=1 on a contributor\'s machine THEN both projects leave the browser test out, and say so', () => {
    const { ignored, stderr } = config({ SKIP_BROWSER_TEST: '1' });
    expect(ignored!.map((patterns) => patterns.includes(browserTest))).toEqual([true, true]);
    expect(stderr).toContain('SKIP_BROWSER_TEST=1: the browser test (__tests__/explain/html-report.browser.test.ts) is left out of this run');
  });

  test('GIVEN SKIP_BROWSER_TEST=1 in CI THEN the configuration refuses it', () => {
    expect(config({ SKIP_BROWSER_TEST: '1', CI: 'true' }).error).toContain('SKIP_BROWSER_TEST=1 is refused in CI');
  });

  test('GIVEN SKIP_BROWSER_TEST set for .ci/run THEN CI stops before any test', () => {
    const run = spawnSync('bash', ['-c', 'sed -n "/SKIP_BROWSER_TEST/p" .ci/run | bash'], { cwd: ROOT, env: { ...process.env, SKIP_BROWSER_TEST: '1' }, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 1, stdout: 'SKIP_BROWSER_TEST is set: CI runs the browser test; unset it' });
  });
});
