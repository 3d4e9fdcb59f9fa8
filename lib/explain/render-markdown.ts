// The pull-request comment: Terraform's count, a summary table of the changed
// constructs, then a collapsible section per construct with its field changes;
// the drift, the other resources and the outputs after. A comment on GitHub
// holds at most 65,536 characters, so the Markdown is cut into numbered parts,
// each starting with a marker that stays the same from run to run (a CI step
// finds its comment by it and updates it in place). User text is escaped so
// that it cannot break the table or add markup.
import { symbolOf, terraformPlanLine } from './construct-changes';
import { ExplainedConstruct, ExplainedResource } from './explained';
import { changedConstructs, Report } from './report';
import { constructFieldPhrase, constructName, constructSummary, outputPhrase, outputSymbol } from './render-text';

/** GitHub's limit on a comment's body: 65,536 characters. */
export const MARKDOWN_PART_LIMIT = 65_536;

/** The marker a part starts with: `<!-- cdktf-warehouse-monitoring-cluster:explain part N -->`. */
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
 * @param title the heading (a stack's name is added to it by the caller)
 */
export function renderMarkdownParts(report: Report, limit = MARKDOWN_PART_LIMIT, title = 'Terraform plan, by construct', stack?: string): string[] {
  const blocks: Block[] = [];
  const { changed, unchanged } = changedConstructs(report);
  blocks.push({ lines: [`### ${escape(title)}`, '', `**${escape(terraformPlanLine(report.terraform))}** ${escape(constructSummary(report))}`] });
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
  if (report.actionInvocations.length > 0) {
    const header = ['| Action | When | Resource |', '|---|---|---|'];
    blocks.push({ lines: ['', '#### Actions', '', ...header] });
    for (const a of report.actionInvocations) {
      const r = a.resource;
      const resource = r === undefined ? '' : r.constructPath === undefined ? codeSpan(r.address) : `${codeSpan(r.constructPath)} ${escape(r.kind)} ${codeSpan(r.address)}`;
      const deferred = a.deferredReason === undefined ? '' : ` (deferred to a later plan: ${escape(a.deferredReason)})`;
      blocks.push({ lines: [`| ${codeSpan(a.address)} | ${escape(a.when)}${deferred} | ${resource} |`], context: header });
    }
  }
  if (report.outputs.length > 0) {
    blocks.push({ lines: ['', '#### Outputs', ''] });
    for (const o of report.outputs) blocks.push({ lines: [`- ${codeSpan(outputSymbol(o))} ${escape(outputPhrase(o))}`] });
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
  return `| ${symbol} | ${codeSpan(constructName(c))} | ${escape(c.constructClass ?? '')} | ${escape(c.actions.join(' + '))} | ${escape(c.causes.join('; '))} | ${c.source === undefined ? '' : codeSpan(c.source)} |`;
}

function details(c: ExplainedConstruct): Block {
  const symbol = c.symbol.trim() === '' ? '' : `<code>${html(c.symbol)}</code> `;
  const summary = `${symbol}<code>${html(constructName(c))}</code>${c.constructClass === undefined ? '' : ` (${html(c.constructClass)})`}: ${html(c.actions.join(' + '))}`;
  const open = (more: string) => ['', '<details>', `<summary>${summary}${more}</summary>`, ''];
  return { lines: [...open(''), ...c.fields.map((f) => `- ${escape(constructFieldPhrase(f))}`), '', '</details>'], reopen: open(' (continued)'), close: ['', '</details>'] };
}

function otherRows(resources: readonly ExplainedResource[]): Block[] {
  const header = ['', '| | Address | Action | Cause |', '|---|---|---|---|'];
  const rows: Block[] = [{ lines: header }];
  for (const r of resources) {
    const symbol = symbolOf(r.actions, [r.terraformActions]);
    rows.push({
      lines: [`| ${symbol.trim() === '' ? '' : codeSpan(symbol)} | ${codeSpan(r.address)}${r.deposed === undefined ? '' : ` (deposed object ${codeSpan(r.deposed)})`} | ${escape(r.actions.join(' + '))} | ${escape(r.causes.join('; '))} |`],
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
  const add = (line: string) => {
    const cut = bytes(line) + 1 > room ? cutLine(line, room - 1) : line;
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
      add(line);
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

// A line longer than a part (one huge value): cut at a character boundary, marked.
function cutLine(line: string, room: number): string {
  let out = '';
  for (const ch of line) {
    if (bytes(out) + bytes(ch) + 3 > room) break;
    out += ch;
  }
  return `${out}…`;
}

// A stack name in a marker: no `--` (it would end the comment), one line.
function markerText(text: string): string {
  return text.replace(/-{2,}/g, '-').replace(/[\r\n>]/g, ' ');
}

/**
 * A code span whose text may hold backticks and pipes (CommonMark 0.31.2, 6.1
 * "Code spans"): the fence is one backtick longer than the longest backtick run
 * in the text, so that no run inside closes it; a space pads each side when the
 * text starts or ends with a backtick or a space (the reader removes one space
 * from each side). A GFM table splits cells at an unescaped `|`, even in code,
 * so pipes are escaped; a backslash before a pipe cannot be kept in a code span
 * there (the table reads `\\|` as an escaped backslash, then a border), so such
 * text, like empty or blank text, is escaped plain text instead.
 */
export function codeSpan(text: string): string {
  if (text.trim() === '' || text.includes('\\|')) return text === '' ? '' : literal(text);
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

// Every ASCII punctuation character backslash-escaped (CommonMark 2.4), spaces at the ends as character
// references (a cell trims spaces): the text reads literally, whatever it holds.
function literal(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`).replace(/^ +| +$/g, (spaces) => '&#32;'.repeat(spaces.length));
}

// Markdown's punctuation in plain text, backslash-escaped: no emphasis, code, link, HTML or cell break from user text.
function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>|~#&]/g, (c) => `\\${c}`);
}

// Text inside <summary> and <code> (raw HTML in GFM): HTML-escaped, so that it reads literally.
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/`/g, '&#96;').replace(/\|/g, '&#124;');
}
