// `<package> explain --plan FILE [--stack DIR] [--format text|markdown|json|html] [--fail-on replace,delete,drift]`:
// a plan explained per construct (lib/explain/), written to stdout. FILE is the
// output of `terraform show -json`, or a saved plan file (a zip), which is
// passed to `terraform show -json` here, in the stack directory, with a time
// bound; terraform's own messages are shown only through the server-text rule.
import { spawnSync } from 'child_process';
import { planFileMode } from '../explain/plan-file';
import { PlanMode } from '../explain/plan-mode';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { ValidationError } from '../core/validation-error';
import { escapeForLine, serverExcerpt } from '../core/server-text';
import { ConstructMap } from '../explain/construct-map';
import { ALL_GATES, ExplainGate } from '../explain/gates';
import { ExplainCiOptions, PlanExplanation } from '../explain/plan-explanation';
import { renderGithubLog } from '../explain/render-github';
import { renderJobSummary } from '../explain/render-job-summary';
import { escapeWorkflowCommandsInLine, escapeWorkflowCommandsInText } from '../explain/workflow-command-text';
import { renderStacksGithub, renderStacksHtml, renderStacksJson, renderStacksMarkdownParts, renderStacksSarif, renderStacksText, StackReport } from '../explain/render-stacks';
import { CommandIo, oneLineError, PROCESS_IO, Subcommand } from './command';
import { commandName } from '../core/own-package';

/** Exit codes of `explain`. */
export const EXPLAIN_EXIT = { OK: 0, UNREADABLE: 1, USAGE: 2, GATE: 3 } as const;

const FORMATS = ['text', 'markdown', 'json', 'html', 'github', 'sarif'] as const;

/**
 * Colour for the text report: on a terminal, unless `--no-color` is given or
 * `NO_COLOR` is set to anything but the empty string (no-color.org).
 */
export function wantsColor(io: CommandIo, noColorFlag: boolean): boolean {
  const noColor = (io.env ?? process.env).NO_COLOR;
  return io.stdoutIsTerminal === true && !noColorFlag && (noColor === undefined || noColor === '');
}

/** How long `terraform show -json` may take for a saved plan file. */
export const SHOW_TIMEOUT_MS = 120_000;

/** The usage of `explain`. */
export function explainUsage(): string {
  const command = commandName();
  return [
    `usage: ${command} explain --plan FILE [--stack DIR] [--format text|markdown|json|html|github|sarif] [--fail-on replace,delete,drift,guardrail[:level]] [--no-color] [--parts-dir DIR] [--source-root DIR] [--app-out DIR]`,
    '',
    '  --plan FILE     `terraform show -json` output, or a saved plan file (terraform plan -out=FILE),',
    '                  which is read with `terraform show -json` in the stack directory',
    '  --stack DIR     the synthesized stack directory (cdktf.out/stacks/<stack>; default: the current directory)',
    '  --format F      text (default), markdown (a pull-request comment), json (docs/explain-report.schema.json)',
    '                  or html (one self-contained page with filters: explain ... --format html > plan.html)',
    '  --fail-on LIST  exit 3 when the plan replaces or deletes a resource, or found drift (comma-separated);',
    '                  guardrail: an unacknowledged guardrail error; guardrail:warning and guardrail:note also',
    '                  stop on warnings, and on notes',
    '  --no-color      no colour in the text report (also when NO_COLOR is set; colour only on a terminal)',
    '  --format github annotations on the lines that declared replaced, deleted and drifted constructs',
    '                  (::error for a --fail-on gate), the text report for the log (between ::stop-commands::',
    '                  and its token: no command runs from it), and the Markdown appended to the job summary',
    '                  ($GITHUB_STEP_SUMMARY)',
    '  --format sarif  SARIF 2.1.0 for code scanning, one result per risky construct and per guardrail finding',
    '                  on its declaring line (an acknowledged finding as a suppressed result)',
    '  --app-out DIR   explain every stack of an app: DIR is cdktf.out (its manifest.json names the stacks);',
    '                  --plan is then the plan file\'s name inside each stack\'s directory (e.g. tfplan)',
    '  --source-root DIR the app\'s directory relative to the repository root, for github and sarif',
    '  --parts-dir DIR with --format markdown: also write the report in parts that each fit a GitHub comment,',
    '                  DIR/explain-part-N.md, each starting with a marker that stays the same from run to run',
    'exit: 0 report written and no gate matched; 1 the plan or stack could not be read; 2 usage;',
    '      3 a --fail-on gate matched (the report is still written).',
  ].join('\n');
}

/** Runs `explain` with the arguments after it; returns the exit code (0, 1 unreadable, 2 usage, 3 gate matched). */
export async function runExplain(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  let values: { [name: string]: string | boolean | undefined };
  let tokens: readonly { kind: string; name?: string }[];
  try {
    ({ values, tokens } = parseArgs({
      args: argv,
      allowPositionals: false,
      tokens: true,
      options: {
        'plan': { type: 'string' },
        'stack': { type: 'string' },
        'format': { type: 'string' },
        'fail-on': { type: 'string' },
        'no-color': { type: 'boolean' },
        'parts-dir': { type: 'string' },
        'source-root': { type: 'string' },
        'app-out': { type: 'string' },
        'help': { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    return usageError(io, escapeForLine((e as Error).message));
  }
  // parseArgs keeps the last of a repeated option: `--plan A --plan B` would silently explain B.
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === undefined) continue;
    if (seen.has(token.name)) return usageError(io, `--${token.name} is given more than once`);
    seen.add(token.name);
  }
  if (values.help) {
    (io.stdout ?? io.stderr)(explainUsage());
    return EXPLAIN_EXIT.OK;
  }
  const planFile = values.plan as string | undefined;
  if (planFile === undefined || planFile === '') return usageError(io, '--plan FILE is required');
  const format = (values.format as string | undefined) ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) return usageError(io, `--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(escapeForLine(format))}`);
  const failOn = values['fail-on'] as string | undefined;
  // `guardrail:error` is `guardrail`: the gate on unacknowledged guardrail errors.
  const gates = (failOn ?? '').split(',').map((g) => g.trim()).filter((g) => g !== '').map((g) => (g === 'guardrail:error' ? 'guardrail' : g));
  // An empty list (a CI line `--fail-on "$GATES"` with GATES unset) would silently disable every gate.
  if (failOn !== undefined && gates.length === 0) return usageError(io, `--fail-on takes one or more of ${ALL_GATES.join(', ')}, not an empty list`);
  const unknownGate = gates.find((g) => !(ALL_GATES as readonly string[]).includes(g));
  if (unknownGate !== undefined) return usageError(io, `--fail-on takes ${ALL_GATES.join(', ')}, not ${JSON.stringify(escapeForLine(unknownGate))}`);
  const stack = (values.stack as string | undefined) ?? '.';
  const partsDir = values['parts-dir'] as string | undefined;
  if (partsDir !== undefined && format !== 'markdown') return usageError(io, '--parts-dir goes with --format markdown');
  if (values['source-root'] !== undefined && format !== 'github' && format !== 'sarif') return usageError(io, '--source-root goes with --format github or sarif');

  const appOut = values['app-out'] as string | undefined;
  if (appOut !== undefined && values.stack !== undefined) return usageError(io, '--app-out and --stack exclude each other: --app-out explains every stack of the app');

  let report: string;
  let matched: ExplainGate[];
  let unread: readonly string[];
  try {
    // Reading, explaining and rendering all in here: whatever fails, stderr gets one line, never a stack trace.
    const ci = { failOn: gates as ExplainGate[], ...(values['source-root'] === undefined ? {} : { sourceRoot: values['source-root'] as string }) };
    const color = wantsColor(io, values['no-color'] === true);
    if (appOut === undefined) {
      const read = readPlan(planFile, stack);
      const explanation = PlanExplanation._fromPlanAndMap(read.text, ConstructMap.fromStackDirectory(stack), read.mode);
      report = renderOne(io, format, explanation, ci, color, stack);
      if (partsDir !== undefined) writeParts(partsDir, explanation.toMarkdownParts());
      matched = explanation.gatesMatched(gates as ExplainGate[]);
      unread = explanation._unreadKeys;
    } else {
      const stacks = appStacks(appOut).map((s) => ({ stack: s.name, explanation: explainStack(s.name, s.directory, planFile) }));
      const reports: StackReport[] = stacks.map((s) => ({ stack: s.stack, report: s.explanation._report }));
      report = renderMany(io, format, reports, ci, color);
      if (partsDir !== undefined) writeParts(partsDir, renderStacksMarkdownParts(reports));
      matched = ALL_GATES.filter((g) => stacks.some((s) => s.explanation.gatesMatched(gates as ExplainGate[]).includes(g)));
      unread = [...new Set(stacks.flatMap((s) => s.explanation._unreadKeys))];
    }
  } catch (e) {
    // The message may quote the plan (a key, a value received), and stderr is in the job log too.
    io.stderr(escapeWorkflowCommandsInText(`explain: ${unreadableMessage(e)}`));
    return EXPLAIN_EXIT.UNREADABLE;
  }
  // A newer Terraform's additions are named, not dropped silently: they may hold changes the report cannot show.
  if (unread.length > 0) io.stderr(unreadWarning(unread));
  (io.stdout ?? io.stderr)(report.replace(/\n$/, ''));
  if (matched.length > 0) {
    io.stderr(`explain: --fail-on matched: ${matched.join(', ')}`);
    return EXPLAIN_EXIT.GATE;
  }
  return EXPLAIN_EXIT.OK;
}

/** One stack's report in the format asked for. */
function renderOne(io: CommandIo, format: string, explanation: PlanExplanation, ci: ExplainCiOptions, color: boolean, stack: string): string {
  switch (format) {
    case 'json':
      return explanation.toJson();
    case 'markdown':
      return explanation.toMarkdown();
    case 'html':
      // The page names the stack by its directory (cdktf.out/stacks/<stack>): a name, never a path.
      return explanation.toHtml({ stack: path.basename(path.resolve(stack)) });
    case 'sarif':
      return explanation.toSarif(ci);
    case 'github':
      // The annotations, then the text for the log (no command processed in it); the Markdown goes to the job summary.
      writeJobSummary(io, renderJobSummary([{ report: explanation._report }], ci.failOn ?? []));
      return renderGithubLog(explanation.toGithubAnnotations(ci), explanation.toText());
    default:
      return explanation.toText({ color });
  }
}

/** Every stack's report in one, a section per stack. */
function renderMany(io: CommandIo, format: string, stacks: readonly StackReport[], ci: ExplainCiOptions, color: boolean): string {
  const gates = ci.failOn ?? [];
  switch (format) {
    case 'json':
      return renderStacksJson(stacks);
    case 'markdown':
      return renderStacksMarkdownParts(stacks).join('\n');
    case 'html':
      return renderStacksHtml(stacks);
    case 'sarif':
      return renderStacksSarif(stacks, gates, ci.sourceRoot);
    case 'github':
      writeJobSummary(io, renderJobSummary(stacks, gates));
      return renderGithubLog(renderStacksGithub(stacks, gates, ci.sourceRoot), renderStacksText(stacks, false));
    default:
      return renderStacksText(stacks, color);
  }
}

/** The stacks cdktf's manifest.json names in an output directory (cdktf.out), in its order, with their directories. */
export function appStacks(outDir: string): { name: string; directory: string }[] {
  const file = path.join(outDir, 'manifest.json');
  let manifest: any;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Unreadable(`cannot read ${JSON.stringify(escapeForLine(path.basename(outDir)))}/manifest.json: ${code === 'ENOENT' ? 'no such file (is it the output of cdktf synth?)' : code ?? 'not JSON'}`);
  }
  const stacks = manifest !== null && typeof manifest === 'object' ? manifest.stacks : undefined;
  if (stacks === null || typeof stacks !== 'object' || Array.isArray(stacks) || Object.keys(stacks).length === 0) {
    throw new Unreadable('the manifest.json names no stack ("stacks": an object of stacks, as cdktf synth writes it)');
  }
  return Object.entries<any>(stacks).map(([key, entry]) => {
    const name = typeof entry?.name === 'string' ? entry.name : key;
    const working = entry?.workingDirectory;
    // The manifest's directories are relative to the output directory: one that leaves it is not cdktf's.
    if (typeof working !== 'string' || path.isAbsolute(working) || working.split(/[\\/]/).includes('..')) {
      throw new Unreadable(`the manifest.json's stack ${JSON.stringify(escapeForLine(name))} has no working directory inside ${JSON.stringify(escapeForLine(path.basename(outDir)))}`);
    }
    return { name, directory: path.join(outDir, working) };
  });
}

/** One stack of an app: its plan (`planName` inside its directory) explained. */
function explainStack(name: string, directory: string, planName: string): PlanExplanation {
  try {
    const read = readPlan(path.join(directory, planName), directory);
    return PlanExplanation._fromPlanAndMap(read.text, ConstructMap.fromStackDirectory(directory), read.mode);
  } catch (e) {
    throw new Unreadable(`stack ${JSON.stringify(escapeForLine(name))}: ${unreadableMessage(e)}`);
  }
}


/**
 * Appends the job summary to $GITHUB_STEP_SUMMARY (GitHub Actions), when it is
 * set: renderJobSummary keeps it within GitHub's 1 MiB per step, the most
 * severe changes first.
 */
function writeJobSummary(io: CommandIo, markdown: string): void {
  const file = (io.env ?? process.env).GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '') return;
  try {
    fs.appendFileSync(file, markdown);
  } catch (e) {
    throw new Unreadable(`cannot write the job summary (GITHUB_STEP_SUMMARY): ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** Writes each Markdown part to DIR/explain-part-N.md (stale parts of an earlier, longer report removed). */
function writeParts(dir: string, parts: readonly string[]): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    for (const name of fs.readdirSync(dir)) if (/^explain-part-\d+\.md$/.test(name)) fs.rmSync(path.join(dir, name));
    parts.forEach((part, i) => fs.writeFileSync(path.join(dir, `explain-part-${i + 1}.md`), part));
  } catch (e) {
    throw new Unreadable(`cannot write the Markdown parts to ${JSON.stringify(escapeForLine(path.basename(dir)))}: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** How many unknown keys the warning names; the rest are counted. */
const UNREAD_NAMED = 10;

/** One line naming the plan's top-level keys explain does not read (plan-json.ts PLAN_KEYS: Terraform 1.16's). */
export function unreadWarning(keys: readonly string[]): string {
  const named = keys.slice(0, UNREAD_NAMED).map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 60)}…` : k));
  const more = keys.length > UNREAD_NAMED ? ` and ${keys.length - UNREAD_NAMED} more` : '';
  const noun = keys.length === 1 ? 'a top-level key' : `${keys.length} top-level keys`;
  return escapeWorkflowCommandsInLine(escapeForLine(`explain: warning: the plan has ${noun} this version of explain does not read, left out of the report: ${named.join(', ')}${more} (from a Terraform newer than 1.16?)`, false));
}

function usageError(io: CommandIo, message: string): number {
  io.stderr(`explain: ${message}\n${explainUsage()}`);
  return EXPLAIN_EXIT.USAGE;
}

/** Something that cannot be read, with a message for the one stderr line. */
class Unreadable extends Error {}

/**
 * The plan's JSON text: the file itself, or `terraform show -json` of a saved
 * plan (a zip: it starts with "PK"), with the mode the saved plan holds and its
 * JSON does not.
 */
function readPlan(file: string, stack: string): { text: string; mode?: PlanMode } {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Unreadable(`cannot read the plan ${JSON.stringify(escapeForLine(path.basename(file)))}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : code ?? 'error'}`);
  }
  if (bytes.length >= 2 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const text = showSavedPlan(path.resolve(file), stack);
    const mode = planFileMode(bytes);
    return mode === undefined ? { text } : { text, mode };
  }
  return { text: bytes.toString('utf8') };
}

function showSavedPlan(file: string, stack: string): string {
  const binary = process.env.TERRAFORM_BINARY ?? 'terraform';
  const run = spawnSync(binary, ['show', '-json', '-no-color', file], {
    cwd: stack,
    encoding: 'utf8',
    timeout: SHOW_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1' },
  });
  if (run.error !== undefined) {
    const code = (run.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') throw new Unreadable(`terraform show -json did not finish within ${SHOW_TIMEOUT_MS / 1000} s`);
    throw new Unreadable(`cannot run terraform show -json (${code ?? 'error'}): install Terraform or set TERRAFORM_BINARY`);
  }
  if (run.status !== 0) {
    throw new Unreadable(`terraform show -json failed (exit ${run.status}): ${terraformError(run.stderr || run.stdout, file, stack)}`);
  }
  return run.stdout;
}

/**
 * Terraform's error, for one line: from its first `Error:` on (warnings before
 * it, such as a missing CLI configuration, left out), its box drawing removed,
 * the plan's and the stack's absolute paths written relative, then shown
 * through the one rule for server text (it may quote the configuration).
 */
function terraformError(text: string, file: string, stack: string): string {
  const lines = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.replace(/^[\s╷│╵]+/, '').trim());
  const from = lines.findIndex((l) => l.startsWith('Error:'));
  const message = (from < 0 ? lines : lines.slice(from)).filter((l) => l !== '').join(' ');
  const relative = message.split(file).join(path.basename(file)).split(path.resolve(stack) + path.sep).join('');
  return serverExcerpt(relative);
}

function unreadableMessage(e: unknown): string {
  if (e instanceof Unreadable) return e.message;
  if (e instanceof ValidationError) {
    // The problems' fields are already shown as messages show values: one line, no secrets.
    const listed = e.problems.slice(0, 3).map((p) => `${p.path}: received ${p.received}; allowed: ${p.allowed}`);
    const more = e.problems.length > 3 ? `; … and ${e.problems.length - 3} more` : '';
    return escapeForLine(`cannot read the ${e.constructPath}: ${listed.join('; ')}${more}`, false);
  }
  return `cannot explain the plan: ${oneLineError(e)}`;
}

/** The `explain` subcommand, for the package's command. */
export const EXPLAIN_COMMAND: Subcommand = {
  name: 'explain',
  summary: 'explain a terraform plan per construct: actions, causes, field changes, drift (text, markdown, json; --fail-on gates)',
  run: runExplain,
};
