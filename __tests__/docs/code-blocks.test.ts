// Every fenced code block of README.md and docs/*.md is checked by a rule, and a
// block no rule covers fails this test (issue 26 item 1):
// - ts: compiled with tsc against the library's source (the package name maps
//   to lib/index.ts), then run and synthesized. A fragment (no `const app`) runs
//   in a prelude that declares `app` and `stack` and imports what the block
//   does not; a whole program runs as it is, with its App's output sent to a
//   temporary directory, and is synthesized. A block in a consumer example's
//   markers is compiled here and run by its own test (CONSUMER_EXAMPLES).
// - sh: every command named exists: npm scripts in package.json, the package's
//   command with its subcommands and flags as its --help prints them, and
//   programs from a short list of outside tools.
// - json / yaml: parsed.
// - text, markdown, python, …: compared with what the library prints by the
//   test that owns the block's sample markers (SAMPLES), or marked as an
//   illustration by a `<!-- illustration: why -->` line right above the fence
//   and listed in ILLUSTRATIONS.
// Relative links between these files are checked too: the file exists, and so
// does the heading an anchor names.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';
import * as YAML from 'yaml';
import { main } from '../../lib/cli/main';
import { allBlocks, Block, markdownFiles, PACKAGE, programOf, runProgram } from '../support/doc-blocks';

const ROOT = path.join(__dirname, '..', '..');
const PACKAGE_JSON = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

const ALL = allBlocks();
const label = (b: Block) => `${b.file}:${b.line} (${b.lang || 'no language'})`;

/** Blocks in these markers are consumer examples: compiled here, run by the named test (which checks the block is its text). */
const CONSUMER_EXAMPLES: Record<string, string> = {
  'moving-example': '__tests__/consumer/moving-releasing.test.ts',
  'testing-example': '__tests__/consumer/testing-matchers.test.ts',
};
/** Blocks in these markers are what the library prints, compared by the named test. */
const SAMPLES: Record<string, string> = {
  'explain-rename-text': '__tests__/explain/profiles.terraform.test.ts',
  'explain-rename-markdown': '__tests__/explain/profiles.terraform.test.ts',
  'explain-content-text': '__tests__/explain/profiles.terraform.test.ts',
  'explain-content-markdown': '__tests__/explain/profiles.terraform.test.ts',
  'explain-binding-text': '__tests__/explain/policies-nodes.terraform.test.ts',
  'explain-binding-markdown': '__tests__/explain/policies-nodes.terraform.test.ts',
  'explain-workflow': '__tests__/explain/ci-formats.test.ts',
};
/** Every block marked as an illustration, by file and first line: a new one must be added here on purpose. */
const ILLUSTRATIONS = [
  'docs/guardrails.md: @jsii.implements(IGuardrailRule)',
  'docs/guardrails.md: WMC-2 (error) warehouse/analysts authenticationProfileContent/sslmode: sslmode = "disable": the connection may be unencrypted … [src/main.ts:12]',
  'docs/other-languages.md: try:',
  'docs/validation.md: ValidationError: app/stack/profile: 2 invalid properties:',
];

type Rule = 'typescript' | 'shell' | 'data' | 'sample' | 'illustration';
/** The rule that covers a block, or undefined when none does. */
export function ruleFor(b: Block): Rule | undefined {
  if (b.marker !== undefined && SAMPLES[b.marker] !== undefined) return 'sample';
  if (b.illustration !== undefined) return 'illustration';
  if (b.lang === 'ts' || b.lang === 'typescript') return 'typescript';
  if (b.lang === 'sh' || b.lang === 'bash' || b.lang === 'shell') return 'shell';
  if (b.lang === 'json' || b.lang === 'yaml' || b.lang === 'yml') return 'data';
  return undefined;
}

describe('the code blocks of README.md and docs/', () => {
  test('GIVEN every block THEN a rule covers it', () => {
    expect(ALL.length).toBeGreaterThan(20);
    expect(ALL.filter((b) => ruleFor(b) === undefined).map(label)).toEqual([]);
  });

  test('GIVEN the illustrations THEN they are exactly the listed ones', () => {
    const found = ALL.filter((b) => ruleFor(b) === 'illustration').map((b) => `${b.file}: ${b.text.split('\n')[0]}`);
    expect(found.sort()).toEqual([...ILLUSTRATIONS].sort());
  });

  test('GIVEN the sample and example markers THEN the test named for each reads it', () => {
    const marked = ALL.filter((b) => b.marker !== undefined && (SAMPLES[b.marker] ?? CONSUMER_EXAMPLES[b.marker]) !== undefined);
    for (const b of marked) {
      const owner = fs.readFileSync(path.join(ROOT, SAMPLES[b.marker!] ?? CONSUMER_EXAMPLES[b.marker!]), 'utf8');
      expect([b.marker, owner.includes(`'${b.marker}'`) || owner.includes(`<!-- ${b.marker}:start -->`)]).toEqual([b.marker, true]);
    }
    expect(new Set(marked.map((b) => b.marker))).toEqual(new Set([...Object.keys(SAMPLES), ...Object.keys(CONSUMER_EXAMPLES)]));
  });

  test('GIVEN the json and yaml blocks THEN each parses', () => {
    for (const b of ALL.filter((x) => ruleFor(x) === 'data')) {
      expect(() => (b.lang === 'json' ? JSON.parse(b.text) : YAML.parse(b.text, { strict: true }))).not.toThrow();
    }
  });

  test('GIVEN the sh blocks THEN every command they name exists', async () => {
    const problems: string[] = [];
    for (const b of ALL.filter((x) => ruleFor(x) === 'shell')) {
      for (const command of shellCommands(b.text)) {
        const problem = await commandProblem(command);
        if (problem !== undefined) problems.push(`${label(b)}: ${command.join(' ')}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('the TypeScript blocks', () => {
    const blocks = ALL.filter((b) => ruleFor(b) === 'typescript');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-blocks-'));
    const sources = blocks.map((b, i) => ({ block: b, file: path.join(dir, `block-${i}.ts`), source: programOf(b, b.marker !== undefined && CONSUMER_EXAMPLES[b.marker] !== undefined) }));
    for (const s of sources) fs.writeFileSync(s.file, s.source);

    test('GIVEN every block THEN tsc compiles it against the library (strict)', () => {
      expect(blocks.length).toBeGreaterThanOrEqual(8);
      const program = ts.createProgram(sources.map((s) => s.file), {
        strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, skipLibCheck: true,
        noEmit: true, types: ['node', 'jest'], typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        baseUrl: ROOT, paths: { [PACKAGE]: ['lib/index.ts'], '*': ['node_modules/*', 'node_modules/@types/*'] },
      });
      const errors = sources.flatMap((s) => {
        const sf = program.getSourceFile(s.file)!;
        return [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)].map((d) => {
          const at = d.start === undefined ? '' : `line ${sf.getLineAndCharacterOfPosition(d.start).line + 1} of the program: `;
          return `${label(s.block)}: ${at}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
        });
      });
      expect(errors).toEqual([]);
    }, 300000);

    test.each(sources.filter((s) => s.block.marker === undefined || CONSUMER_EXAMPLES[s.block.marker] === undefined).map((s) => [label(s.block), s] as const))('GIVEN %s THEN it runs and synthesizes', (_name, s) => {
      const outdir = fs.mkdtempSync(path.join(dir, 'out-'));
      runProgram(s.source, outdir);
      const stacks = path.join(outdir, 'stacks');
      expect(fs.existsSync(stacks) && fs.readdirSync(stacks).length).toBeGreaterThan(0);
    });
  });

  test('GIVEN the relative links THEN each file exists, and each anchor is a heading of it', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/^(`{3,})[\s\S]*?^\1$/gm, '').replace(/`[^`\n]*`/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        const [rel, anchor] = target.split('#');
        const to = rel === '' ? file : path.normalize(path.join(path.dirname(file), rel));
        if (!fs.existsSync(path.join(ROOT, to))) { broken.push(`${file}: ${target}`); continue; }
        if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(fs.readFileSync(path.join(ROOT, to), 'utf8')).includes(anchor)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

/** GitHub's anchors for a markdown file's headings. */
function anchorsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-'));
}

/** The commands of an sh block: one per pipeline element, without comments, `cd` targets or redirections. */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  for (const raw of text.replace(/\\\n/g, ' ').split('\n')) {
    // a comment goes; `|` inside an optional group (`[--format text|json]`) is an alternative, not a pipe
    const line = raw.replace(/(^|\s)#.*$/, '').replace(/\[[^\]]*\]/g, (group) => group.replace(/\|/g, ','));
    for (const part of line.split(/&&|\|\||[|;]/)) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) words.shift();
      const redirect = words.findIndex((w) => /^\d?>/.test(w));
      if (redirect >= 0) words.splice(redirect);
      if (words.length > 0) commands.push(words);
    }
  }
  return commands;
}

/** Programs outside this package the documentation may name. */
const OUTSIDE_TOOLS = new Set(['cd', 'terraform', 'kubectl', 'cdktf', 'cdktn', 'node', 'git']);
/** Packages the documentation tells users to install (the two packages, the readers' optional clients). */
const INSTALLABLE = new Set([PACKAGE, 'cdktn-warehouse-monitoring-cluster', '@aws-sdk/client-redshift', '@kubernetes/client-node']);

/** Why a command does not exist, or undefined when it does. */
export async function commandProblem(words: string[]): Promise<string | undefined> {
  const [program, ...args] = words;
  if (program === 'npm') {
    const [verb, ...rest] = args;
    if (verb === 'run') return PACKAGE_JSON.scripts[rest[0]] === undefined ? `no npm script ${rest[0]}` : undefined;
    if (verb === 'test') return PACKAGE_JSON.scripts.test === undefined ? 'no npm test script' : undefined;
    if (verb === 'ci' || verb === 'pack') return undefined;
    if (verb === 'install' || verb === 'i') {
      const unknown = rest.filter((p) => !p.startsWith('-') && !INSTALLABLE.has(p) && !/^\.\/.*\.tgz$/.test(p));
      return unknown.length > 0 ? `installs ${unknown.join(', ')}, which the documentation does not name as installable` : undefined;
    }
    return `npm ${verb} is not a command the documentation uses`;
  }
  if (program === 'npx') {
    const [bin, ...rest] = args;
    if (bin === PACKAGE || bin === 'cdktn-warehouse-monitoring-cluster') return ownCommandProblem(rest);
    if (OUTSIDE_TOOLS.has(bin) || fs.existsSync(path.join(ROOT, 'node_modules', '.bin', bin))) return undefined;
    return `npx ${bin}: no such program`;
  }
  return OUTSIDE_TOOLS.has(program) ? undefined : `${program} is not a known program`;
}

/** The package's command: each subcommand word must be listed by the level above's --help, each flag by its own --help. */
async function ownCommandProblem(args: string[]): Promise<string | undefined> {
  const help = async (argv: string[]) => {
    const out: string[] = [];
    const code = await main([...argv, '--help'], { stdout: (l) => out.push(l), stderr: (l) => out.push(l) });
    return code === 0 ? out.join('\n') : undefined;
  };
  const path_: string[] = [];
  let text = (await help([]))!;
  for (const word of args) {
    if (word.startsWith('-') || word.startsWith('[')) break;
    const listed = new RegExp(`(^|\\s)${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm').test(text);
    if (!listed) break;
    const next = await help([...path_, word]);
    if (next === undefined) break;
    path_.push(word);
    text = next;
  }
  if (path_.length === 0 && !args.every((a) => a === '--help')) return `no subcommand of ${PACKAGE} in ${args.join(' ')}`;
  const flags = args.flatMap((a) => [...a.matchAll(/(?:^|\[)(--[a-z][a-z-]*)/g)].map((m) => m[1]));
  const missing = flags.filter((f) => f !== '--help' && !new RegExp(`${f}(?![a-z-])`).test(text));
  return missing.length > 0 ? `${path_.join(' ')} --help lists no ${missing.join(', ')}` : undefined;
}
