// One report for many stacks (`explain --app-out cdktf.out`): a section per
// stack, in the manifest's order, in every format.
import { escapeForLine } from '../core/server-text';
import { renderHtml } from './render-html';
import { renderJson, REPORT_VERSION } from './render-json';
import { ciLimitNotes } from './github-limits';
import { MARKDOWN_PART_LIMIT, renderMarkdownParts } from './render-markdown';
import { renderGithubAnnotations } from './render-github';
import { renderSarif } from './render-sarif';
import { renderText } from './render-text';
import { Report } from './report';
import { risksOf } from './risks';
import { escapeWorkflowCommandsInJson, escapeWorkflowCommandsInLine } from './workflow-command-text';

/** One stack's explained plan. */
export interface StackReport {
  readonly stack: string;
  readonly report: Report;
}

/**
 * The text: a heading line per stack (its name on that one line), then its
 * report; what the CI formats leave out of all the stacks together is said in
 * the first stack's (github-limits.ts ciLimitNotes).
 */
export function renderStacksText(stacks: readonly StackReport[], color: boolean): string {
  const notes = ciLimitNotes(stacks.map((s) => s.report));
  return stacks.map((s, i) => `${escapeWorkflowCommandsInLine(`=== stack ${escapeForLine(s.stack, false)} ===`)}\n${renderText(s.report, color, i === 0 ? notes : [])}`).join('\n');
}

/** The Markdown parts of every stack, each stack's parts marked with its name (so each keeps its own comments); the notes of all of them in the first stack's. */
export function renderStacksMarkdownParts(stacks: readonly StackReport[], limit = MARKDOWN_PART_LIMIT): string[] {
  const notes = ciLimitNotes(stacks.map((s) => s.report));
  return stacks.flatMap((s, i) => renderMarkdownParts(s.report, limit, s.stack, i === 0 ? notes : []));
}

/** The JSON: `{ version, stacks: { <name>: <the report of one stack> } }` (docs/explain-report.schema.json). */
export function renderStacksJson(stacks: readonly StackReport[]): string {
  const byStack: { [stack: string]: unknown } = {};
  for (const s of stacks) byStack[s.stack] = JSON.parse(renderJson(s.report));
  return escapeWorkflowCommandsInJson(`${JSON.stringify({ version: REPORT_VERSION, stacks: byStack }, null, 2)}\n`);
}

/** Every stack's annotations, each titled with its stack, within one step's limits for all the stacks together (most severe first). */
export function renderStacksGithub(stacks: readonly StackReport[], gates: readonly string[], sourceRoot?: string): string[] {
  return renderGithubAnnotations(
    stacks.flatMap((s) => risksOf(s.report, gates).map((risk) => ({ ...risk, stack: s.stack }))),
    sourceRoot,
  );
}

/** One SARIF run holding every stack's results (one run per tool and category, within the run's limits), each message and fingerprint naming its stack. */
export function renderStacksSarif(stacks: readonly StackReport[], gates: readonly string[], sourceRoot?: string): string {
  return renderSarif(
    stacks.flatMap((s) => risksOf(s.report, gates).map((risk) => ({ ...risk, stack: s.stack }))),
    { sourceRoot },
  );
}

/** One page, a section and a filter entry per stack. */
export function renderStacksHtml(stacks: readonly StackReport[]): string {
  return renderHtml(stacks);
}
