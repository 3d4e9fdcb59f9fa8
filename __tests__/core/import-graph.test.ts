// What imports what in lib/ says what depends on what: no module is reached
// again from its own imports (issue 26 item 2: cluster/schema.ts and
// cluster/validation.ts once imported each other, the name grammars now sit in
// kubernetes-names.ts, which both import; core/validation-error.ts and
// core/validation-message.ts both import validation-problem.ts). The floors:
// core/ below everything, cli/ on top; nothing below reaches up (issue 30 item 6:
// explain/render-sarif.ts once imported cli/own-package.ts). Arrows point down
// to explain's inputs: explain/ imports the descriptors, never the reverse, so
// no module outside explain/ and cli/ imports explain/ (issue 43 item 7: the
// descriptors once imported explain's field differs, which now sit beside their
// constructs, on core's change-side.ts, field-diff.ts and field-change.ts).
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const LIB = path.join(__dirname, '..', '..', 'lib');
const CLUSTER = path.join(LIB, 'cluster');

function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
}

/** The relative imports of each module under `root` (type-only imports included: they are dependencies too). */
function importGraph(root: string = LIB): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modulesUnder(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(file, importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== undefined && f.startsWith(root)));
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as the list of modules around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(LIB, f)));
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file);
  return found;
}

/** Whether `file` is under lib's folder `folder`. */
const under = (file: string, folder: string) => !path.relative(path.join(LIB, folder), file).startsWith('..');

/** Each import (`importer -> imported`, relative to lib) for which `breaks(importer, imported)` holds. */
function importsWhere(graph: Map<string, string[]>, breaks: (importer: string, imported: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, imports] of graph) for (const imported of imports) if (breaks(file, imported)) out.push(`${path.relative(LIB, file)} -> ${path.relative(LIB, imported)}`);
  return out;
}

/** The floors: core/ imports only core/; nothing outside cli/ imports cli/ (the command sits on top of the library). */
const reachesUp = (importer: string, imported: string) => (under(importer, 'core') && !under(imported, 'core')) || (!under(importer, 'cli') && under(imported, 'cli'));

/**
 * explain/ reads the descriptors and the constructs; only explain/ itself, cli/ (above it) and the package's
 * entry point lib/index.ts (which re-exports every area: the jsii API) import explain/.
 */
const reachesExplain = (importer: string, imported: string) =>
  importer !== path.join(LIB, 'index.ts') && !under(importer, 'explain') && !under(importer, 'cli') && under(imported, 'explain');

describe('lib import graph', () => {
  test('GIVEN every module of lib THEN no import cycle', () => {
    expect(cycles(importGraph())).toEqual([]);
  });

  test('GIVEN the floors THEN core/ imports only core/, and no module outside cli/ (explain/ above all) imports cli/', () => {
    const graph = importGraph();
    expect(importsWhere(graph, reachesUp)).toEqual([]);
    // The rule has teeth: lib with render-sarif.ts importing cli/own-package.ts again, as it did, breaks it.
    const sarif = path.join(LIB, 'explain', 'render-sarif.ts');
    const before = new Map(graph).set(sarif, [...graph.get(sarif)!, path.join(LIB, 'cli', 'own-package.ts')]);
    expect(importsWhere(before, reachesUp)).toEqual(['explain/render-sarif.ts -> cli/own-package.ts']);
  });

  test('GIVEN explain/ THEN no module outside explain/ and cli/ imports explain/', () => {
    const graph = importGraph();
    expect(importsWhere(graph, reachesExplain)).toEqual([]);
    // The rule has teeth: lib with warehouse/descriptors.ts importing explain's field differ again, as it did, breaks it.
    const descriptors = path.join(LIB, 'warehouse', 'descriptors.ts');
    const before = new Map(graph).set(descriptors, [...graph.get(descriptors)!, path.join(LIB, 'explain', 'explained.ts')]);
    expect(importsWhere(before, reachesExplain)).toEqual(['warehouse/descriptors.ts -> explain/explained.ts']);
  });

  test('GIVEN the validation error and its message format THEN both import the problem module and not each other', () => {
    const graph = importGraph();
    const at = (name: string) => (graph.get(path.join(LIB, 'core', name)) ?? []).map((f) => path.relative(path.join(LIB, 'core'), f));
    expect(at('validation-error.ts')).toEqual(expect.arrayContaining(['validation-message.ts', 'validation-problem.ts']));
    expect(at('validation-message.ts')).toContain('validation-problem.ts');
    expect(at('validation-message.ts')).not.toContain('validation-error.ts');
  });

  test('GIVEN the name grammars THEN kubernetes-names.ts imports no other cluster module AND schema.ts and validation.ts both import it', () => {
    const graph = importGraph(CLUSTER);
    const at = (name: string) => (graph.get(path.join(CLUSTER, name)) ?? []).map((f) => path.relative(CLUSTER, f));
    expect(at('kubernetes-names.ts')).toEqual([]);
    expect(at('schema.ts')).toContain('kubernetes-names.ts');
    expect(at('validation.ts')).toEqual(expect.arrayContaining(['kubernetes-names.ts', 'schema.ts']));
    expect(at('schema.ts')).not.toContain('validation.ts');
  });
});
