// The pull-request comment: Terraform's count, a summary table of the changed
// constructs, then a collapsible section per construct with its field changes;
// the drift, the other resources and the outputs after. A comment on GitHub
// holds at most 65,536 characters, so the Markdown is cut into numbered parts,
// each starting with a marker that stays the same from run to run (a CI step
// finds its comment by it and updates it in place). Every value from the plan
// or the stack (a path, an address, a key, a value, a cause, a file) is in a
// code span, so that nothing in it is markup, breaks a table, or mentions
// anyone (GitHub links no @mention inside code); the report's own words are
// escaped plain text. No line can be read as a GitHub workflow command when
// the Markdown is printed in a job log (workflow-command-text.ts).
import { escapeForLine } from '../core/server-text';
import { symbolOf } from './construct-changes';
import { ExplainedConstruct, ExplainedConstructField, ExplainedOutput, ExplainedResource } from './explained';
import { ciLimitNotes } from './github-limits';
import { changedConstructs, Report } from './report';
import { constructName, constructSummary, outputSymbol } from './render-text';
import { escapeWorkflowCommandsInLine } from './workflow-command-text';

/** GitHub's limit on a comment's body: 65,536 characters. */
export const MARKDOWN_PART_LIMIT = 65_536;

/** The marker a part starts with: `<!-- cdktf-warehouse-monitoring-cluster:explain part N -->` (`stack=<name> ` before `part` for one stack of many). */
export function partMarker(part: number, stack?: string): string {
  return `<!-- cdktf-warehouse-monitoring-cluster:explain${stack === undefined ? '' : ` stack=${markerText(stack)}`} part ${part} -->`;
}

/**
 * A block of lines; when a part ends inside it, `close` ends it there and
 * `reopen` starts its rest in the next part; `context` goes first when the
 * block itself starts a part (a table row needs its table's header).
 */
interface Block {
  readonly lines: string[];
  readonly context?: string[];
  readonly reopen?: string[];
  readonly close?: string[];
}

/**
 * The explanation as GitHub-flavoured Markdown, in parts of at most `limit`
 * UTF-8 bytes each (never fewer bytes than characters, so each part is within
 * GitHub's character limit too).
 *
 * @param stack for one stack of many: its name, in the heading and in each part's marker
 * @param notes what the CI formats leave out (github-limits.ts ciLimitNotes), under the summary line
 */
export function renderMarkdownParts(report: Report, limit = MARKDOWN_PART_LIMIT, stack?: string, notes: readonly string[] = ciLimitNotes([report])): string[] {
  const blocks: Block[] = [];
  const { changed, unchanged } = changedConstructs(report);
  // The stack's name is the app's, not the report's: shown on one line, as every value is.
  const title = `### Terraform plan, by construct${stack === undefined ? '' : `: stack ${codeSpan(escapeForLine(stack, false), false)}`}`;
  blocks.push({ lines: [title, '', `**${escape(report.headline)}** ${escape(constructSummary(report))}`] });
  for (const note of notes) blocks.push({ lines: ['', `_${escape(note)}_`] });
  if (changed.length > 0) blocks.push(...constructSection('Changes', changed));
  if (unchanged > 0) blocks.push({ lines: ['', `${unchanged} ${unchanged === 1 ? 'construct' : 'constructs'} unchanged.`] });
  if (report.driftConstructs.length + report.otherDrift.length > 0) {
    blocks.push({ lines: ['', '#### Changed outside Terraform'] });
    if (report.driftConstructs.length > 0) blocks.push(...constructSection(undefined, report.driftConstructs));
    if (report.otherDrift.length > 0) blocks.push(...otherRows(report.otherDrift));
  }
  if (report.others.length > 0) {
    blocks.push({ lines: ['', '#### Resources not made by these constructs'] });
    blocks.push(...otherRows(report.others));
  }
  if (report.deferred.length > 0) {
    blocks.push({ lines: ['', '#### Deferred to a later plan'] });
    if (report.deferredConstructs.length > 0) blocks.push(...constructSection(undefined, report.deferredConstructs));
    if (report.otherDeferred.length > 0) blocks.push(...otherRows(report.otherDeferred));
  }
  if (report.guardrails.findings.length > 0) {
    const header = ['| Level | Rule | Construct | Prop | Finding | Declared at |', '|---|---|---|---|---|---|'];
    blocks.push({ lines: ['', '#### Guardrails', '', ...header] });
    for (const f of report.guardrails.findings) {
      const rule = report.guardrails.rules[f.rule];
      const note = f.acknowledged !== undefined ? ` _(acknowledged: ${escape(f.acknowledged.reason)}${f.acknowledged.until === undefined ? '' : `, until ${escape(f.acknowledged.until)}`})_` : f.lapsed !== undefined ? ` _(its acknowledgement lapsed on ${escape(f.lapsed)})_` : '';
      const plan = f.checkedAt === 'plan' ? ' _(checked at plan)_' : '';
      blocks.push({
        lines: [`| ${f.level} | [${escape(f.rule)}](${rule.authority.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}) | ${codeSpan(f.constructPath)} | ${f.propPath === '' ? '' : codeSpan(f.propPath)} | ${escape(f.message)}${plan}${note} | ${f.source === undefined ? '' : codeSpan(f.source)} |`],
        context: header,
      });
    }
  }
  if (report.actionInvocations.length > 0) {
    const header = ['| Action | When | Resource |', '|---|---|---|'];
    blocks.push({ lines: ['', '#### Actions', '', ...header] });
    for (const a of report.actionInvocations) {
      const r = a.resource;
      const resource = r === undefined ? '' : r.constructPath === undefined ? codeSpan(r.address) : `${codeSpan(r.constructPath)} ${escape(r.kind)} ${codeSpan(r.address)}`;
      const deferred = a.deferredReason === undefined ? '' : ` (deferred to a later plan: ${codeSpan(a.deferredReason)})`;
      blocks.push({ lines: [`| ${codeSpan(a.address)} | ${codeSpan(a.when)}${deferred} | ${resource} |`], context: header });
    }
  }
  if (report.outputs.length > 0) {
    blocks.push({ lines: ['', '#### Outputs', ''] });
    for (const o of report.outputs) blocks.push({ lines: [`- ${codeSpan(outputSymbol(o), false)} ${outputLine(o)}`] });
  }
  return pack(blocks, limit, stack);
}

/** The whole Markdown, every part in order (one part for most plans). */
export function renderMarkdown(report: Report): string {
  return renderMarkdownParts(report).join('\n');
}

/** A table of constructs (one row each), then a collapsible section for each construct with field changes. */
function constructSection(title: string | undefined, constructs: readonly ExplainedConstruct[]): Block[] {
  const header = ['| | Construct | Class | Action | Cause | Declared at |', '|---|---|---|---|---|---|'];
  const heading = title === undefined ? [''] : ['', `#### ${title}`, ''];
  const blocks: Block[] = [{ lines: [...heading, ...header] }];
  for (const c of constructs) blocks.push({ lines: [summaryRow(c)], context: header });
  for (const c of constructs) if (c.fields.length > 0) blocks.push(details(c));
  return blocks;
}

function summaryRow(c: ExplainedConstruct): string {
  const symbol = c.symbol.trim() === '' ? '' : codeSpan(c.symbol);
  return `| ${symbol} | ${codeSpan(constructName(c))} | ${codeSpan(c.constructClass ?? '')} | ${escape(c.actions.join(' + '))} | ${causes(c.causes)} | ${c.source === undefined ? '' : codeSpan(c.source)} |`;
}

// The causes, each a code span: a sentence of ours that quotes names, ids and addresses from the plan.
function causes(list: readonly string[]): string {
  return list.map((cause) => codeSpan(cause)).join('; ');
}

function details(c: ExplainedConstruct): Block {
  const symbol = c.symbol.trim() === '' ? '' : `<code>${html(c.symbol)}</code> `;
  const summary = `${symbol}<code>${html(constructName(c))}</code>${c.constructClass === undefined ? '' : ` (<code>${html(c.constructClass)}</code>)`}: ${html(c.actions.join(' + '))}`;
  const open = (more: string) => ['', '<details>', `<summary>${summary}${more}</summary>`, ''];
  return { lines: [...open(''), ...c.fields.map((f) => `- ${fieldLine(f)}`), '', '</details>'], reopen: open(' (continued)'), close: ['', '</details>'] };
}

/** A field change: `` `node-a` `labels pool`: `"x"` → `"y"` ``, the node, the field and each value in code. */
function fieldLine(f: ExplainedConstructField): string {
  const node = f.node === undefined ? '' : `${codeSpan(f.node, false)} `;
  const what = `${node}${codeSpan(f.key === undefined ? f.field : `${f.field} ${f.key}`, false)}`;
  // A node added or removed as a whole: no value to show.
  if (f.before === undefined && f.after === undefined) return `${what}: ${escape(f.change)}`;
  switch (f.change) {
    case 'added':
      return `${what}: added ${codeSpan(f.after ?? '', false)}`;
    case 'removed':
      return `${what}: removed (was ${codeSpan(f.before ?? '', false)})`;
    default:
      return `${what}: ${codeSpan(f.before ?? '', false)} → ${codeSpan(f.after ?? '', false)}`;
  }
}

/** An output's change: `` `name`: added `value` ``, the name and each value in code. */
function outputLine(o: ExplainedOutput): string {
  const name = codeSpan(o.name, false);
  if (o.action === 'create') return o.after === undefined ? `${name}: added` : `${name}: added ${codeSpan(o.after, false)}`;
  if (o.action === 'delete') return `${name}: removed (was ${codeSpan(o.before ?? '', false)})`;
  return `${name}: ${codeSpan(o.before ?? 'null', false)} → ${codeSpan(o.after ?? 'null', false)}`;
}

function otherRows(resources: readonly ExplainedResource[]): Block[] {
  const header = ['', '| | Address | Action | Cause |', '|---|---|---|---|'];
  const rows: Block[] = [{ lines: header }];
  for (const r of resources) {
    const symbol = symbolOf(r.actions, [r.terraformActions]);
    rows.push({
      lines: [`| ${symbol.trim() === '' ? '' : codeSpan(symbol)} | ${codeSpan(r.address)}${r.deposed === undefined ? '' : ` (deposed object ${codeSpan(r.deposed)})`} | ${escape(r.actions.join(' + '))} | ${causes(r.causes)} |`],
      context: header,
    });
  }
  return rows;
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Cuts the blocks into parts of at most `limit` bytes, each starting with its marker. */
function pack(blocks: readonly Block[], limit: number, stack?: string): string[] {
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  // Each part's marker, its note and its newlines: reserved up front, with room for a five-digit part number.
  const reserve = bytes(partMarker(99999, stack)) + bytes(continuedNote(99999)) + 4;
  const room = limit - reserve;
  if (room < 1024) throw new RangeError(`a Markdown part needs room for more than its marker: ${limit} bytes is too small`);
  // A line longer than what is left of the part (after `reserved` bytes for what must follow it) is cut to fit.
  const add = (line: string, reserved = 0) => {
    const fit = room - size - reserved;
    const cut = bytes(line) + 1 > fit ? cutLine(line, fit - 1) : line;
    current.push(cut);
    size += bytes(cut) + 1;
  };
  const flush = () => {
    parts.push(current);
    current = [];
    size = 0;
  };
  for (const block of blocks) {
    const whole = block.lines.reduce((n, l) => n + bytes(l) + 1, 0);
    if (size + whole <= room) {
      for (const l of block.lines) add(l);
      continue;
    }
    // The block does not fit: line by line, closing it at the end of a part and reopening it in the next.
    const close = block.close ?? [];
    const closeSize = close.reduce((n, l) => n + bytes(l) + 1, 0);
    let inBlock = false;
    for (const line of block.lines) {
      if (size + bytes(line) + 1 + (inBlock ? closeSize : 0) > room && current.length > 0) {
        if (inBlock) for (const l of close) add(l);
        flush();
        for (const l of (inBlock ? block.reopen : block.context) ?? []) add(l);
      }
      add(line, closeSize);
      inBlock = true;
    }
  }
  if (current.length > 0 || parts.length === 0) flush();
  return parts.map((lines, i) => {
    const note = parts.length > 1 ? [continuedNote(i + 1, parts.length)] : [];
    return `${[partMarker(i + 1, stack), ...note, ...lines].join('\n')}\n`;
  });
}

function continuedNote(part: number, of = part): string {
  return `_Part ${part} of ${of}._`;
}

/**
 * A line longer than a part (one huge value): cut at a character boundary,
 * marked `…`. A code span the cut leaves open is closed with its own fence
 * (after a space when it was padded, or when its text now ends with a
 * backtick), so that the rest of its value stays code: an unclosed fence
 * would be a literal backtick, and the value after it Markdown.
 */
function cutLine(line: string, room: number): string {
  let out = '';
  let size = 0;
  let fence: string | undefined;
  let padded = false;
  // What closes span `f` (when one is open) after `text`.
  const closing = (f: string | undefined, pad: boolean, text: string) => (f === undefined ? '' : `${pad || text.endsWith('`') ? ' ' : ''}${f}`);
  for (let i = 0; i < line.length; ) {
    let piece: string;
    if (line[i] === '`') {
      let j = i;
      while (line[j] === '`') j++;
      piece = line.slice(i, j);
    } else if (line[i] === '\\' && fence === undefined && i + 1 < line.length) {
      // Outside code, a backslash escapes the next character (an escaped backtick opens no span).
      piece = `\\${String.fromCodePoint(line.codePointAt(i + 1)!)}`;
    } else {
      piece = String.fromCodePoint(line.codePointAt(i)!);
    }
    const opens = piece[0] === '`' && fence === undefined;
    const nextFence: string | undefined = opens ? piece : piece === fence ? undefined : fence;
    const nextPadded: boolean = opens ? line[i + piece.length] === ' ' : padded;
    if (size + bytes(piece) + bytes(closing(nextFence, nextPadded, piece)) + 3 > room) break;
    out += piece;
    size += bytes(piece);
    fence = nextFence;
    padded = nextPadded;
    i += piece.length;
  }
  return `${out}${closing(fence, padded, out)}…`;
}

// A stack name in a marker: no `--` (it would end the comment), one line, no workflow command.
function markerText(text: string): string {
  return escapeWorkflowCommandsInLine(text.replace(/-{2,}/g, '-').replace(/[\r\n>]/g, ' '));
}

/**
 * A value as inline code (CommonMark 0.31.2 and GFM 0.29, 6.1 "Code spans"):
 * delimited by a backtick run one longer than the longest run inside, so that
 * none closes it; padded with a space on each side when it starts or ends with
 * a backtick or a space (the reader removes one space from each side of a
 * span that is not all spaces). Its text is literal: no emphasis, link, HTML,
 * autolink or mention in it. In a table cell (`inTableCell`), each `|` is
 * written `\|`, which GFM's table reads as a `|` of the cell, even in code
 * (cmark-gfm's table extension, as GitHub renders it). A `##[` is split
 * between two spans with an empty HTML comment between (adjacent backticks
 * would join into one run): no line then holds a GitHub workflow command.
 * Empty text is nothing.
 */
export function codeSpan(text: string, inTableCell = true): string {
  return text === '' ? '' : text.split(/(?<=##)(?=\[)/).map((piece) => oneCodeSpan(piece, inTableCell)).join('<!-- -->');
}

function oneCodeSpan(text: string, inTableCell: boolean): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) && !/^ *$/.test(text) ? ' ' : '';
  return `${fence}${pad}${inTableCell ? text.replace(/\|/g, '\\|') : text}${pad}${fence}`;
}

// The report's own words, Markdown's punctuation backslash-escaped: no emphasis, code, link, HTML or cell break.
export function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>|~#&]/g, (c) => `\\${c}`);
}

// Text inside <summary> and <code> (raw HTML in GFM): HTML-escaped, so that it reads literally; `[` too, so that
// no `##[` is left for a job log to read as a command.
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/`/g, '&#96;').replace(/\|/g, '&#124;').replace(/\[/g, '&#91;');
}
