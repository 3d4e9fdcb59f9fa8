// Loads a module written by the `adopt` command into the test process, with
// its imports bound to this checkout: the package name to lib/, the framework
// to lib/core/framework (cdktf or cdktn, as the jest project maps it). And
// type-checks such modules with the compiler, as a user's build would.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
export const LIBRARY_NAME = 'cdktf-warehouse-monitoring-cluster';

/** The exports of the generated module in `file`. */
export function loadAdoptedModule(file: string): any {
  const output = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  const bound: { [name: string]: unknown } = {
    'constructs': require('constructs'),
    'cdktf': require('../../lib/core/framework'),
    'cdktn': require('../../lib/core/framework'),
    [LIBRARY_NAME]: require('../../lib'),
  };
  const module = { exports: {} as any };
  const requireBound = (name: string) => {
    if (!(name in bound)) throw new Error(`the generated module imports ${name}, which it should not`);
    return bound[name];
  };
  new Function('exports', 'require', 'module', output)(module.exports, requireBound, module);
  return module.exports;
}

/** The compiler's errors for the generated modules, type-checked strictly against lib/. */
export function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    baseUrl: ROOT,
    paths: {
      [LIBRARY_NAME]: ['lib/index.ts'],
      'constructs': ['node_modules/constructs'],
      'cdktf': ['node_modules/cdktf'],
    },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
