// The pull-request comment: a summary, then a table per section whose every
// row names the construct, the kind, the action, the cause and one change.
// User text is escaped so that it cannot break the table or add markup.
import { ExplainedResource } from './explained';
import { fieldPhrase } from './field-text';
import { appendAll, constructLabel, isUnchanged } from './render-text';
import { ResourceKinds } from './resource-kind';
import { NO_EXTRAS, PlanExtras, summaryLine } from './summary';

/** The explanation as GitHub-flavoured Markdown. */
export function renderMarkdown(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], extras: PlanExtras = NO_EXTRAS): string {
  const lines = ['### Terraform plan, by construct', '', `**Plan:** ${escape(summaryLine(changes, drift, extras))}`];
  const shown = changes.filter((r) => !isUnchanged(r));
  const ours = shown.filter((r) => r.kind !== ResourceKinds.OTHER);
  const others = shown.filter((r) => r.kind === ResourceKinds.OTHER);
  // Rows are appended one by one: a large plan has more rows than a call's arguments may hold.
  if (ours.length > 0) {
    lines.push('', '#### Changes', '');
    appendAll(lines, table(ours));
  }
  if (drift.length > 0) {
    // Drift of resources these constructs did not make is listed by address, as the text does: no construct is invented.
    const ourDrift = drift.filter((r) => r.kind !== ResourceKinds.OTHER);
    const otherDrift = drift.filter((r) => r.kind === ResourceKinds.OTHER);
    lines.push('', '#### Changed outside Terraform');
    if (ourDrift.length > 0) {
      lines.push('');
      appendAll(lines, table(ourDrift));
    }
    if (otherDrift.length > 0) {
      lines.push('');
      appendAll(lines, otherTable(otherDrift));
    }
  }
  if (others.length > 0) {
    lines.push('', '#### Resources not made by these constructs', '');
    appendAll(lines, otherTable(others));
  }
  if (extras.deferred.length > 0) {
    const deferred = extras.deferred.map((d) => d.resource);
    const ourDeferred = deferred.filter((r) => r.kind !== ResourceKinds.OTHER);
    const otherDeferred = deferred.filter((r) => r.kind === ResourceKinds.OTHER);
    lines.push('', '#### Deferred to a later plan');
    if (ourDeferred.length > 0) {
      lines.push('');
      appendAll(lines, table(ourDeferred));
    }
    if (otherDeferred.length > 0) {
      lines.push('');
      appendAll(lines, otherTable(otherDeferred));
    }
  }
  if (extras.actionInvocations.length > 0) {
    lines.push('', '#### Actions', '', '| Action | When | Resource |', '|---|---|---|');
    for (const a of extras.actionInvocations) {
      const r = a.resource;
      const resource = r === undefined ? '' : r.constructPath === undefined ? codeSpan(r.address) : `${codeSpan(r.constructPath)} ${escape(r.kind)} ${codeSpan(r.address)}`;
      const deferred = a.deferredReason === undefined ? '' : ` (deferred to a later plan: ${escape(a.deferredReason)})`;
      lines.push(`| ${codeSpan(a.address)} | ${escape(a.when)}${deferred} | ${resource} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function table(resources: readonly ExplainedResource[]): string[] {
  const rows = ['| Construct | Kind | Action | Cause | Change |', '|---|---|---|---|---|'];
  for (const r of resources) {
    const start = `| ${codeSpan(constructLabel(r))} | ${escape(r.kind)}${r.node === undefined ? '' : ` ${codeSpan(r.node)}`} | ${escape(r.actions.join(' + '))} | ${escape(r.causes.join('; '))} |`;
    rows.push(`${start} ${codeSpan(r.address)}${r.previousAddress === undefined ? '' : ` (was ${codeSpan(r.previousAddress)})`}${deposedNote(r)} |`);
    for (const f of r.fields) rows.push(`${start} ${escape(fieldPhrase(f))} |`);
  }
  return rows;
}

function otherTable(resources: readonly ExplainedResource[]): string[] {
  const rows = ['| Address | Action | Cause |', '|---|---|---|'];
  for (const r of resources) rows.push(`| ${codeSpan(r.address)}${deposedNote(r)} | ${escape(r.actions.join(' + '))} | ${escape(r.causes.join('; '))} |`);
  return rows;
}

function deposedNote(r: ExplainedResource): string {
  return r.deposed === undefined ? '' : ` (deposed object ${codeSpan(r.deposed)})`;
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

// Markdown's punctuation in a cell's plain text, backslash-escaped: no emphasis, code, link, HTML or cell break from user text.
function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
}
