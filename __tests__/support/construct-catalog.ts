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
import * as ts from 'typescript';
import * as library from '../../lib';
import { ConstructDescriptor, declaredResources } from '../../lib/construct-descriptor';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';
import { stagePackage } from '../../scripts/stage-package';

const ROOT = path.resolve(__dirname, '..', '..');
/** Where test-only constructs live: one file each (or several classes in one file, each with its descriptor). */
export const TEST_CONSTRUCTS_DIR = path.join(ROOT, '__tests__', 'constructs');
/**
 * Test-only constructs with known defects, one file each: only the judges'
 * own teeth test (__tests__/core/judges-teeth.test.ts) loads them, with
 * {@link useTestConstructDirs}.
 */
export const DEFECTIVE_CONSTRUCTS_DIR = path.join(ROOT, '__tests__', 'constructs-defective');

/** One construct class and what it is. */
export interface CatalogConstruct {
  readonly descriptor: ConstructDescriptor;
  /** The class itself. */
  readonly type: any;
  /** True for a construct defined under a test-only directory. */
  readonly testOnly: boolean;
  /** The file its descriptor is written in, relative to the package root. */
  readonly file: string;
}

let testDirs: readonly string[] = [TEST_CONSTRUCTS_DIR];

/**
 * The test-only directories this test file's catalog and assembly hold
 * (default: __tests__/constructs/ alone). Jest gives each test file its own
 * modules, so a choice holds for the file that makes it.
 */
export function useTestConstructDirs(dirs: readonly string[]): void {
  testDirs = dirs;
  loaded = undefined;
  assembly = undefined;
}

function testConstructFiles(): string[] {
  return testDirs.flatMap((dir) =>
    !fs.existsSync(dir)
      ? []
      : fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
          .sort()
          .map((f) => path.join(dir, f)),
  );
}

/** The module a test-only construct file is staged as in the judges' package (lib/test-constructs/<dir>-<file>). */
function stagedName(file: string): string {
  return `${path.basename(path.dirname(file))}-${path.basename(file, '.ts')}`;
}

/** The descriptors a test-only module exports: `DESCRIPTOR`, and any other export whose name ends in `_DESCRIPTOR`. */
function descriptorsOf(module: { [name: string]: unknown }): ConstructDescriptor[] {
  return Object.entries(module)
    .filter(([name]) => name === 'DESCRIPTOR' || name.endsWith('_DESCRIPTOR'))
    .map(([, d]) => d as ConstructDescriptor);
}

/** The file under lib/ whose text declares a library descriptor (`className: 'X'`). */
function libraryFileOf(className: string): string {
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  const file = walk(path.join(ROOT, 'lib')).find((f) => fs.readFileSync(f, 'utf8').includes(`className: '${className}'`));
  return file === undefined ? 'lib/descriptors.ts' : path.relative(ROOT, file);
}

let loaded: { catalog: CatalogConstruct[]; exports: { [name: string]: any } } | undefined;

function load(): { catalog: CatalogConstruct[]; exports: { [name: string]: any } } {
  if (loaded !== undefined) return loaded;
  const exports: { [name: string]: any } = { ...library };
  const catalog: CatalogConstruct[] = CONSTRUCT_DESCRIPTORS.map((descriptor) => ({ descriptor, type: exports[descriptor.className], testOnly: false, file: libraryFileOf(descriptor.className) }));
  for (const file of testConstructFiles()) {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const module = require(file);
    const descriptors = descriptorsOf(module);
    if (descriptors.length === 0) throw new Error(`${path.relative(ROOT, file)} exports no DESCRIPTOR`);
    for (const [name, value] of Object.entries(module)) if (!/DESCRIPTOR$/.test(name)) exports[name] = value;
    for (const descriptor of descriptors) catalog.push({ descriptor, type: module[descriptor.className], testOnly: true, file: path.relative(ROOT, file) });
  }
  for (const c of catalog) if (typeof c.type !== 'function') throw new Error(`the descriptor of ${c.descriptor.className} (${c.file}) names no exported class`);
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
 * What two descriptors of the catalog both claim: a class name, a kind, or a
 * Terraform type (each is one construct's). Each collision names both classes
 * and their files.
 */
export function catalogCollisions(catalog: readonly CatalogConstruct[] = constructCatalog()): string[] {
  const claims = new Map<string, CatalogConstruct[]>();
  const claim = (what: string, c: CatalogConstruct) => {
    const owners = claims.get(what) ?? [];
    if (!owners.includes(c)) claims.set(what, [...owners, c]);
  };
  for (const c of catalog) {
    claim(`class ${c.descriptor.className}`, c);
    for (const r of declaredResources(c.descriptor)) {
      claim(`kind "${r.kind}"`, c);
      for (const t of r.terraformTypes) claim(`Terraform type ${t}`, c);
    }
  }
  return [...claims]
    .filter(([, owners]) => owners.length > 1)
    .map(([what, owners]) => `${what} is claimed by ${owners.map((o) => `${o.descriptor.className} (${o.file})`).join(' and ')}`);
}

/**
 * The types a TypeScript module exports (classes, interfaces, enums: what jsii
 * puts in an assembly), read with the compiler's parser. Its constants (the
 * descriptor, the positions) stay out of the staged index: jsii leaves them out
 * of the assembly anyway, and every file has a `DESCRIPTOR`.
 */
function exportedTypes(text: string): string[] {
  const source = ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) names.push(statement.name.text);
  }
  return names;
}

/**
 * Copies the test-only constructs into a staged package as modules of its lib/
 * (`lib/test-constructs/<dir>-<file>`), their imports of lib/ rewritten to the
 * staged copy, and exports their types from the staged index by name, so that
 * any number of files compile together (`export *` of two files that both
 * export `DESCRIPTOR` is TS2308).
 */
function addTestConstructs(dir: string): void {
  const files = testConstructFiles();
  if (files.length === 0) return;
  const target = path.join(dir, 'lib', 'test-constructs');
  fs.mkdirSync(target, { recursive: true });
  const index = path.join(dir, 'lib', 'index.ts');
  for (const file of files) {
    // Imports of lib/ point at the staged copy; of another test-only file, at its staged module.
    const folders = new Set(testDirs.map((d) => path.basename(d)));
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/from '\.\.\/([\w-]+)\/([\w.-]+)'/g, (whole, folder: string, name: string) => (folders.has(folder) ? `from './${folder}-${name}'` : whole))
      .replace(/from '\.\.\/\.\.\/lib(\/[^']*)?'/g, (_, rest: string | undefined) => `from '..${rest ?? ''}'`);
    fs.writeFileSync(path.join(target, `${stagedName(file)}.ts`), text);
    const names = exportedTypes(text);
    if (names.length > 0) fs.appendFileSync(index, `export { ${names.join(', ')} } from './test-constructs/${stagedName(file)}';\n`);
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
  // A failed build leaves its error beside the cache, and every waiter fails at once with it.
  const lock = `${cached}.lock`;
  const failed = `${cached}.failed`;
  const waitedSince = Date.now();
  for (;;) {
    if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
    if (fs.existsSync(failed)) throw new Error(fs.readFileSync(failed, 'utf8'));
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      // Another worker is building it; a lock older than the longest build is a crashed worker's.
      if (Date.now() - waitedSince > ASSEMBLY_BUILD_MS) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  let dir: string | undefined;
  try {
    dir = stagePackage('cdktf', addTestConstructs);
    const text = fs.readFileSync(path.join(dir, '.jsii'), 'utf8');
    fs.writeFileSync(`${cached}.${process.pid}`, text);
    fs.renameSync(`${cached}.${process.pid}`, cached);
    return JSON.parse(text);
  } catch (e) {
    const message = `the judges' assembly (lib/ and the test-only constructs: ${testConstructFiles().map((f) => path.relative(ROOT, f)).join(', ') || 'none'}) did not build: ${(e as Error).message}`;
    fs.writeFileSync(failed, message);
    throw new Error(message);
  } finally {
    if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
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
