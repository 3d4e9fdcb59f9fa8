// The constructs the judges know, and the assembly that describes them: this
// library's descriptors (lib/descriptors.ts) with their classes, and every
// test-only construct defined in one file under __tests__/constructs/ (a
// module that exports its class and its descriptor as `DESCRIPTOR`). Such a
// file is all a new construct needs for the judges (closed props, the positions
// judge, tokens, the hostile-input property) and `explain` to cover it: the
// assembly is jsii's own, compiled from lib/ with those files added as modules
// of the package, and the judges walk it.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createHash } from 'crypto';
import * as library from '../../lib';
import { ConstructDescriptor } from '../../lib/construct-descriptor';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';
import { stagePackage } from '../../scripts/stage-package';

const ROOT = path.resolve(__dirname, '..', '..');
/** Where test-only constructs live: one file each. */
export const TEST_CONSTRUCTS_DIR = path.join(ROOT, '__tests__', 'constructs');

/** One construct class and what it is. */
export interface CatalogConstruct {
  readonly descriptor: ConstructDescriptor;
  /** The class itself. */
  readonly type: any;
  /** True for a construct defined under __tests__/constructs/. */
  readonly testOnly: boolean;
}

function testConstructFiles(): string[] {
  if (!fs.existsSync(TEST_CONSTRUCTS_DIR)) return [];
  return fs
    .readdirSync(TEST_CONSTRUCTS_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(TEST_CONSTRUCTS_DIR, f));
}

let loaded: { catalog: CatalogConstruct[]; exports: { [name: string]: any } } | undefined;

function load(): { catalog: CatalogConstruct[]; exports: { [name: string]: any } } {
  if (loaded !== undefined) return loaded;
  const exports: { [name: string]: any } = { ...library };
  const catalog: CatalogConstruct[] = CONSTRUCT_DESCRIPTORS.map((descriptor) => ({ descriptor, type: exports[descriptor.className], testOnly: false }));
  for (const file of testConstructFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const module = require(file);
    const descriptor = module.DESCRIPTOR as ConstructDescriptor | undefined;
    if (descriptor === undefined) throw new Error(`${path.relative(ROOT, file)} exports no DESCRIPTOR`);
    Object.assign(exports, module);
    catalog.push({ descriptor, type: module[descriptor.className], testOnly: true });
  }
  for (const c of catalog) if (typeof c.type !== 'function') throw new Error(`the descriptor of ${c.descriptor.className} names no exported class`);
  loaded = { catalog, exports };
  return loaded;
}

/** Every construct the judges know: this library's, then the test-only ones. */
export function constructCatalog(): readonly CatalogConstruct[] {
  return load().catalog;
}

/** Every descriptor the judges know. */
export function catalogDescriptors(): ConstructDescriptor[] {
  return constructCatalog().map((c) => c.descriptor);
}

/** The library's exports and the test-only constructs' modules' exports, by name. */
export function catalogExports(): { readonly [name: string]: any } {
  return load().exports;
}

/** The catalog entry of a class, by its name. */
export function catalogConstruct(className: string): CatalogConstruct | undefined {
  return constructCatalog().find((c) => c.descriptor.className === className);
}

/**
 * Copies the test-only constructs into a staged package as modules of its lib/
 * (`lib/test-constructs/<file>`), their imports of lib/ rewritten to the staged
 * copy, and exports them from the staged index.
 */
function addTestConstructs(dir: string): void {
  const files = testConstructFiles();
  if (files.length === 0) return;
  const target = path.join(dir, 'lib', 'test-constructs');
  fs.mkdirSync(target, { recursive: true });
  const index = path.join(dir, 'lib', 'index.ts');
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8').replace(/from '\.\.\/\.\.\/lib(\/[^']*)?'/g, (_, rest: string | undefined) => `from '..${rest ?? ''}'`);
    fs.writeFileSync(path.join(target, path.basename(file)), text);
    fs.appendFileSync(index, `export * from './test-constructs/${path.basename(file, '.ts')}';\n`);
  }
}

/**
 * The assembly jsii compiles from lib/ (cdktf edition) with the test-only
 * constructs added, cached by the sources' hash in the temporary directory: one
 * jsii build per change of lib/ or of a test-only construct, whichever tests read it.
 */
let assembly: any;

export function readAssembly(): any {
  assembly ??= buildAssembly();
  return assembly;
}

function buildAssembly(): any {
  const hash = createHash('sha256');
  const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of [...files(path.join(ROOT, 'lib')), path.join(ROOT, 'package.json'), ...testConstructFiles()].sort()) hash.update(file).update(fs.readFileSync(file));
  const cached = path.join(os.tmpdir(), `wmc-jsii-${hash.digest('hex').slice(0, 16)}.json`);
  // One jsii build per run: the first test file to need it builds; the others (other workers) wait for it.
  const lock = `${cached}.lock`;
  const waitedSince = Date.now();
  for (;;) {
    if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      // Another worker is building it; a lock older than the longest build is a crashed worker's.
      if (Date.now() - waitedSince > ASSEMBLY_BUILD_MS) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  const dir = stagePackage('cdktf', addTestConstructs);
  try {
    const text = fs.readFileSync(path.join(dir, '.jsii'), 'utf8');
    fs.writeFileSync(`${cached}.${process.pid}`, text);
    fs.renameSync(`${cached}.${process.pid}`, cached);
    return JSON.parse(text);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(lock, { force: true });
  }
}

/** How long a worker waits for another's jsii build before building itself. */
const ASSEMBLY_BUILD_MS = 300_000;

/** Whether a class of the assembly is a construct (its bases reach constructs.Construct). */
export function isConstructClass(assembly: any, fqn: string): boolean {
  for (let type = assembly.types[fqn]; type !== undefined; type = assembly.types[type.base]) {
    if (type.base === undefined) return false;
    // The framework's classes (cdktf.TerraformElement, …) all derive from constructs.Construct.
    if (type.base === 'constructs.Construct' || /^(cdktf|cdktn)\./.test(type.base)) return true;
  }
  return false;
}
