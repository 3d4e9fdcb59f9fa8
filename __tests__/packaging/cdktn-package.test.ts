// The cdktn package (issue 10): the same source built with its framework module
// reading 'cdktn', installed into a fresh CDK Terrain app, which synthesizes
// all three constructs (a null_resource trigger included) with one framework
// at run time; the real terraform validates the profile stack, and runs the
// lifecycle of profiles from a map variable (issue 19 item 5).
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { packPackage } from '../../scripts/stage-package';
import { consumerApp, ConsumerApp, expectAllBlocks, expectUserLifecycleValid, runLifecycle } from './consumer-support';

const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'packs-'));
let app: ConsumerApp;

beforeAll(() => {
  const tarball = packPackage('cdktn', packs);
  app = consumerApp(tarball, 'cdktn-warehouse-monitoring-cluster', 'cdktn', ['cdktn@0.24.0', 'constructs@10.7.2']);
});

afterAll(() => {
  fs.rmSync(packs, { recursive: true, force: true });
  if (app) fs.rmSync(app.dir, { recursive: true, force: true });
});

describe('the cdktn package in a fresh cdktn 0.24 app', () => {
  test('GIVEN the installed package THEN it requires cdktn, the app\'s own copy, and never cdktf', () => {
    const installed = path.join(app.dir, 'node_modules', 'cdktn-warehouse-monitoring-cluster');
    const frameworkModule = fs.readFileSync(path.join(installed, 'dist', 'lib', 'core', 'framework.js'), 'utf8');
    expect(frameworkModule).toMatch(/require\("cdktn"\)/);
    expect(frameworkModule).not.toMatch(/require\("cdktf/);
    expect(require.resolve('cdktn', { paths: [installed] })).toBe(require.resolve('cdktn', { paths: [app.dir] }));
    expect(fs.existsSync(path.join(app.dir, 'node_modules', 'cdktf'))).toBe(false);
    const pkg = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8'));
    expect(pkg.peerDependencies).toEqual({ cdktn: '^0.24.0', constructs: '>=10.6.0 <10.8.0' });
    // Its one command is named after it too.
    expect(pkg.bin).toEqual({ 'cdktn-warehouse-monitoring-cluster': 'dist/lib/cli/main.js' });
    const help = execFileSync(path.join(app.dir, 'node_modules', '.bin', 'cdktn-warehouse-monitoring-cluster'), ['adopt', '--help'], { cwd: app.dir, encoding: 'utf8' });
    expect(help).toContain('cdktn-warehouse-monitoring-cluster adopt profiles');
    expect(help).not.toContain('cdktf');
  });

  test('GIVEN a strict consumer THEN all three constructs, their providers and a null_resource trigger synthesize', () => {
    const all = app.stack('all');
    expectAllBlocks(all);
    expect(all['//'].metadata.version).toBe('0.24.0');
  });

  // Not in the runtime matrix (scripts/test-runtimes.sh: RUNTIME_MATRIX): its cost is terraform's and the emulator's.
  (process.env.RUNTIME_MATRIX ? test.skip : test)(
    'GIVEN profiles from a map variable THEN the real terraform creates one per entry, replaces only a renamed one, moves them all (movedFrom) and forgets them (release), the emulator keeping them',
    async () => {
      process.stdout.write(`cdktn package ${await runLifecycle(app)}\n`);
    },
    10 * 60 * 1000,
  );

  test("GIVEN the profile stack, with a user's dependsOn and replaceTriggeredBy (a cdktf resource) THEN both are plain addresses and the real terraform validates it", () => {
    expectUserLifecycleValid(app);
  });
});
