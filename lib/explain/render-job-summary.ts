// The job summary of `--format github` ($GITHUB_STEP_SUMMARY): the Markdown
// report when it fits GitHub's JOB_SUMMARY_MAX_BYTES (github-limits.ts), after
// a line naming the risks the step's annotations left out. A longer report
// would not be shown at all, and a report cut at the limit would hide what
// comes late in construct order, a replacement behind thousands of updates
// among it: then the summary is one row per changed construct and resource
// (drift and deferred changes too), the most severe first, cut at the limit
// with a line counting the rows left out, the least severe.
import { escapeForLine } from '../core/server-text';
import { ExplainedConstruct, ExplainedResource } from './explained';
import { capAnnotations, leftOutText } from './render-github';
import { ANNOTATIONS_PER_LEVEL_PER_STEP, ciLimitNotes, formatCount, JOB_SUMMARY_MAX_BYTES } from './github-limits';
import { symbolOf } from './construct-changes';
import { codeSpan, escape, renderMarkdownParts } from './render-markdown';
import { renderStacksMarkdownParts } from './render-stacks';
import { constructName, constructSummary } from './render-text';
import { changedConstructs, Report } from './report';
import { bySeverity, risksOf } from './risks';

/** One stack's report; `stack` undefined for the report of a single stack (`--stack`). */
export interface SummaryStack {
  readonly stack?: string;
  readonly report: Report;
}

/** How {@link renderJobSummary} writes. */
export interface JobSummaryOptions {
  /** The most UTF-8 bytes the summary may hold. @default JOB_SUMMARY_MAX_BYTES */
  readonly limit?: number;
  /** The most annotations of one level the step shows (as renderGithubAnnotations was given). @default ANNOTATIONS_PER_LEVEL_PER_STEP */
  readonly perLevel?: number;
}

/**
 * The job summary for the stacks, within `limit` bytes.
 *
 * @param gates the --fail-on gates (they make a risk an error: annotated, and listed, first)
 */
export function renderJobSummary(stacks: readonly SummaryStack[], gates: readonly string[], options: JobSummaryOptions = {}): string {
  const limit = options.limit ?? JOB_SUMMARY_MAX_BYTES;
  const perLevel = options.perLevel ?? ANNOTATIONS_PER_LEVEL_PER_STEP;
  const { leftOut } = capAnnotations(bySeverity(stacks.flatMap((s) => risksOf(s.report, gates))), perLevel);
  const annotationNote = (where: string) =>
    leftOut.length === 0 ? [] : [`_${escape(`GitHub shows at most ${perLevel} annotations of each level per step: ${formatCount(leftOut.length)} more are not annotated: ${leftOutText(leftOut)}; ${where}.`)}_`, ''];
  const single = stacks.length === 1 && stacks[0].stack === undefined;
  const full = single ? renderMarkdownParts(stacks[0].report).join('\n') : renderStacksMarkdownParts(stacks.map((s) => ({ stack: s.stack ?? '', report: s.report }))).join('\n');
  const whole = `${annotationNote('this summary lists them, as it lists every change').map((l) => `${l}\n`).join('')}${full}`;
  if (bytes(whole) <= limit) return whole;
  return bySeveritySummary(stacks, gates, annotationNote('the rows below list them, the most severe first, as far as this summary holds them'), limit, single);
}

/** A row of the summary: one changed construct or resource, and how severe its change is. */
interface Row {
  readonly line: string;
  readonly rank: number;
  /** What ranks it (`replace`, `delete`, `drift`, …, `update`, `create`): the left-out rows are counted by it. */
  readonly what: string;
}

/** The change kinds, most severe first; a change is ranked by its most severe action. */
const KINDS: readonly { readonly what: string; readonly matches: (actions: readonly string[], drift: boolean) => boolean; readonly gate?: string; readonly level: number }[] = [
  { what: 'replace', matches: (a) => a.includes('replace') || a.includes('replace without destroy'), gate: 'replace', level: 1 },
  { what: 'delete', matches: (a) => a.includes('delete'), gate: 'delete', level: 1 },
  { what: 'drift', matches: (_a, drift) => drift, gate: 'drift', level: 1 },
  { what: 'remove from state', matches: (a) => a.includes('remove from state'), level: 2 },
  { what: 'import', matches: (a) => a.includes('import'), level: 2 },
  { what: 'update', matches: (a) => a.includes('update'), level: 3 },
  { what: 'create', matches: (a) => a.includes('create'), level: 3 },
  { what: 'move', matches: (a) => a.includes('move'), level: 3 },
  { what: 'read', matches: (a) => a.includes('read'), level: 3 },
];

/** The rank of a change: a refused gate's first (level 0), then warnings, notes and the rest, each in KINDS order. */
function rankOf(actions: readonly string[], drift: boolean, gates: readonly string[]): { rank: number; what: string } {
  const index = KINDS.findIndex((k) => k.matches(actions, drift));
  if (index < 0) return { rank: 4 * KINDS.length, what: 'other' };
  const kind = KINDS[index];
  // A construct both replaced and deleted (two resources) is an error when either gate is refused.
  const refused = KINDS.some((k) => k.gate !== undefined && gates.includes(k.gate) && k.matches(actions, drift));
  return { rank: (refused ? 0 : kind.level) * KINDS.length + index, what: kind.what };
}

function bySeveritySummary(stacks: readonly SummaryStack[], gates: readonly string[], annotationNote: readonly string[], limit: number, single: boolean): string {
  const rows: Row[] = [];
  const cell = (text: string) => codeSpan(cutText(text));
  const stackCell = (stack: string | undefined) => (single ? '' : ` ${stack === undefined ? '' : cell(escapeForLine(stack, false))} |`);
  const addConstruct = (stack: string | undefined, c: ExplainedConstruct, drift: boolean, deferred: boolean) => {
    const { rank, what } = rankOf(c.actions, drift, gates);
    const symbol = c.symbol.trim() === '' ? '' : codeSpan(c.symbol);
    const action = `${c.actions.join(' + ')}${deferred ? ' (deferred to a later plan)' : ''}`;
    const line = `| ${symbol} |${stackCell(stack)} ${cell(constructName(c))} | ${cell(c.constructClass ?? '')} | ${escape(action)} | ${cell(c.causes.join('; '))} | ${c.source === undefined ? '' : cell(c.source)} |`;
    rows.push({ line, rank, what });
  };
  const addResource = (stack: string | undefined, r: ExplainedResource, drift: boolean, deferred: boolean) => {
    const { rank, what } = rankOf(r.actions, drift, gates);
    const symbol = symbolOf(r.actions, [r.terraformActions]);
    const address = `${cell(r.address)}${r.deposed === undefined ? '' : ` (deposed object ${cell(r.deposed)})`}`;
    const action = `${r.actions.join(' + ')}${deferred ? ' (deferred to a later plan)' : ''}`;
    rows.push({ line: `| ${symbol.trim() === '' ? '' : codeSpan(symbol)} |${stackCell(stack)} ${address} | | ${escape(action)} | ${cell(r.causes.join('; '))} | |`, rank, what });
  };
  for (const { stack, report } of stacks) {
    for (const c of changedConstructs(report).changed) addConstruct(stack, c, false, false);
    for (const r of report.others) addResource(stack, r, false, false);
    for (const c of report.driftConstructs) addConstruct(stack, c, true, false);
    for (const r of report.otherDrift) addResource(stack, r, true, false);
    for (const c of report.deferredConstructs) addConstruct(stack, c, false, true);
    for (const r of report.otherDeferred) addResource(stack, r, false, true);
  }
  const ordered = rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.rank - b.row.rank || a.i - b.i).map((x) => x.row);

  const plans = stacks.map(({ stack, report }) => `${stack === undefined ? '' : `stack ${cell(escapeForLine(stack, false))}: `}**${escape(report.headline)}** ${escape(constructSummary(report))}`);
  const head = [
    '### Terraform plan, by construct: the most severe changes first',
    '',
    ...plans.flatMap((p) => [p, '']),
    `_${escape(`The whole report is longer than a job summary holds (${formatCount(limit)} bytes per step): here each changed construct and resource is one row, the most severe first (a refused --fail-on gate's first, then replacements, deletions, drift, releases from state, imports, updates, creations), so that a cut leaves out the least severe. The whole report is in this step's log, and in the parts of --format markdown --parts-dir.`)}_`,
    '',
    ...ciLimitNotes(stacks.map((s) => s.report)).flatMap((n) => [`_${escape(n)}_`, '']),
    ...annotationNote,
    `| |${single ? '' : ' Stack |'} Construct or resource | Class | Action | Cause | Declared at |`,
    `|---|${single ? '' : '---|'}---|---|---|---|---|`,
  ];
  // Room for the line that counts the rows left out: its words, and a count for each kind of change.
  const reserve = 400 + 40 * (KINDS.length + 1);
  let size = bytes(head.join('\n')) + 1;
  const lines = [...head];
  let shown = 0;
  for (const row of ordered) {
    const more = bytes(row.line) + 1;
    if (size + more + reserve > limit) break;
    lines.push(row.line);
    size += more;
    shown++;
  }
  const rest = ordered.slice(shown);
  if (rest.length > 0) {
    const counts = new Map<string, number>();
    for (const row of rest) counts.set(row.what, (counts.get(row.what) ?? 0) + 1);
    const byKind = [...counts.entries()].map(([what, n]) => `${formatCount(n)} ${what}`).join(', ');
    lines.push('', `_${escape(`${formatCount(rest.length)} more ${rest.length === 1 ? 'row is' : 'rows are'} left out here, the least severe: ${byKind}.`)}_`);
  }
  return `${lines.join('\n')}\n`;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** A value in a row, at most 300 characters (a row is one line of the table): longer ones end in `…`. */
function cutText(text: string): string {
  const chars = Array.from(text);
  return chars.length <= 300 ? text : `${chars.slice(0, 299).join('')}…`;
}
