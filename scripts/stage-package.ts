// Builds the publishable package of one framework in a temporary copy of the
// sources, and packs it: the cdktf package as package.json describes it, or
// the cdktn package, the same source with its framework module reading 'cdktn'
// and its metadata renamed. The working tree is never written to.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..');
const SOURCES = ['lib', 'package.json', 'tsconfig.build.json', 'README.md', 'LICENSE', 'API.md', 'docs'];

export type Framework = 'cdktf' | 'cdktn';

/** What a cdktn package changes in package.json. */
function cdktnPackageJson(pkg: any): any {
  const rename = (text: string) => text.replace(/cdktf/g, 'cdktn').replace(/Cdktf/g, 'Cdktn');
  const targets = JSON.parse(rename(JSON.stringify(pkg.jsii.targets)));
  return {
    ...pkg,
    name: rename(pkg.name),
    // The command is named after the package: cdktn-warehouse-monitoring-cluster.
    bin: Object.fromEntries(Object.entries(pkg.bin ?? {}).map(([command, file]) => [rename(command), file])),
    description: `${pkg.description} (CDK Terrain edition: cdktn apps)`,
    keywords: pkg.keywords.map((k: string) => (k === 'cdktf' ? 'cdktn' : k)),
    jsii: { ...pkg.jsii, targets },
    peerDependencies: { cdktn: '^0.24.0', constructs: '>=10.6.0 <10.8.0' },
  };
}

/**
 * A staged copy of the package sources for `framework`, with node_modules
 * linked; returns its directory. `addSources` may add modules to the copy before
 * jsii compiles it (the tests' test-only constructs).
 */
export function stagePackage(framework: Framework, addSources?: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `stage-${framework}-`));
  for (const entry of SOURCES) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  addSources?.(dir);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  if (framework === 'cdktn') {
    const module = path.join(dir, 'lib', 'core', 'framework.ts');
    fs.writeFileSync(module, fs.readFileSync(module, 'utf8').replace(/from 'cdktf(\/[^']*)?'/g, "from 'cdktn$1'"));
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(cdktnPackageJson(pkg), null, 2)}\n`);
  }
  try {
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'jsii'), ['--silence-warnings=reserved-word'], { cwd: dir, stdio: 'pipe' });
  } catch (e) {
    // jsii prints its diagnostics on stdout: the error names them, and the staged copy goes.
    fs.rmSync(dir, { recursive: true, force: true });
    const { stdout, stderr } = e as { stdout?: Buffer; stderr?: Buffer };
    const said = `${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`.split('\n').filter((l) => /error/i.test(l)).join('\n');
    throw new Error(`jsii could not compile the staged ${framework} package: ${said || (e as Error).message}`);
  }
  return dir;
}

/** Packs a staged package into `outDir` (no lifecycle scripts: it is built); returns the tarball's path. */
export function packStaged(stagedDir: string, outDir: string): string {
  fs.mkdirSync(outDir, { recursive: true });
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', outDir], { cwd: stagedDir, encoding: 'utf8' });
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('[')));
  return path.join(outDir, filename);
}

/** Stages, builds and packs the package of `framework` into `outDir`; returns the tarball's path. */
export function packPackage(framework: Framework, outDir: string): string {
  const staged = stagePackage(framework);
  try {
    return packStaged(staged, outDir);
  } finally {
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
