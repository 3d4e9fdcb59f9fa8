// The documentation's fenced code blocks, read from README.md and docs/*.md,
// and TypeScript blocks made into programs that run (see __tests__/docs/).
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
export const PACKAGE = 'cdktf-warehouse-monitoring-cluster';

export interface Block { file: string; line: number; lang: string; text: string; marker?: string; illustration?: string }

/** The markdown files under test: README.md and every docs/*.md. */
export function markdownFiles(): string[] {
  return ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** The fenced blocks of a markdown text, with the sample marker around each and the illustration mark above it. */
export function blocksOf(file: string, markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let marker: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const start = /^<!-- ([\w-]+):start -->$/.exec(lines[i]);
    if (start) marker = start[1];
    if (/^<!-- [\w-]+:end -->$/.test(lines[i])) marker = undefined;
    const open = /^(`{3,}|~{3,})\s*([\w+-]*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[1];
    let j = i + 1;
    const close = new RegExp(`^\\${fence[0]}{${fence.length},}\\s*$`);
    while (j < lines.length && !close.test(lines[j])) j++;
    if (j >= lines.length) throw new Error(`${file}:${i + 1}: a code block is never closed`);
    const above = i > 0 ? /^<!-- illustration: (.+) -->$/.exec(lines[i - 1]) : null;
    blocks.push({ file, line: i + 1, lang: open[2].toLowerCase(), text: lines.slice(i + 1, j).join('\n') + '\n', marker, illustration: above?.[1] });
    i = j;
  }
  return blocks;
}

/** A TypeScript block as a program: a fragment gets `app`, `stack` and the imports it leaves out, and every program ends with a synth. */
export function programOf(b: Block, compileOnly: boolean): string {
  const imported = new Set([...b.text.matchAll(/import\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter(Boolean)));
  const declares = (name: string) => new RegExp(`\\b(const|let|var)\\s+${name}\\b`).test(b.text);
  const prelude: string[] = [];
  if (!declares('app')) {
    const framework = ['App', 'TerraformStack'].filter((n) => !imported.has(n));
    if (framework.length > 0) prelude.push(`import { ${framework.join(', ')} } from 'cdktf';`);
    const library = Object.keys(require('../../lib')).filter((n) => !imported.has(n));
    prelude.push(`import { ${library.join(', ')} } from '${PACKAGE}';`);
  }
  const body = b.text.split('\n');
  const lastImport = body.reduce((last, line, i) => (/^import |^} from /.test(line) ? i : last), -1);
  const head = body.slice(0, lastImport + 1);
  const rest = body.slice(lastImport + 1);
  const setup = declares('app') ? [] : ["const app = new App();", ...(declares('stack') ? [] : ["const stack = new TerraformStack(app, 'docs');"])];
  const synth = /\.synth\(/.test(b.text) || compileOnly ? [] : ['app.synth();'];
  return [...head, ...prelude, ...setup, ...rest, ...synth, 'export {};', ''].join('\n');
}


/**
 * Runs a TypeScript program of a block (programOf) with the package name
 * mapped to the library, its App writing into `outdir`; `replace` edits the
 * compiled JavaScript first (each key must occur).
 */
export function runProgram(source: string, outdir: string, replace: { [text: string]: string } = {}): void {
  let js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText
    .replace(/new (\w+\.)?App\(\)/g, (_m, q) => `new ${q ?? ''}App({ outdir: ${JSON.stringify(outdir)} })`);
  for (const [from, to] of Object.entries(replace)) {
    if (!js.includes(from)) throw new Error(`the program has no ${from}`);
    js = js.split(from).join(to);
  }
  const requireFor = (name: string) => (name === PACKAGE ? require('../../lib') : require(name));
  const module = { exports: {} };
  new Function('require', 'module', 'exports', js)(requireFor, module, module.exports);
}

/** The blocks of every markdown file under test. */
export function allBlocks(): Block[] {
  return markdownFiles().flatMap((f) => blocksOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
}
