// The pull-request comment: a summary, then a table per section whose every
// row names the construct, the kind, the action, the cause and one change.
// User text is escaped so that it cannot break the table or add markup.
import { ExplainedResource } from './explained';
import { fieldPhrase } from './field-text';
import { appendAll, constructLabel, isUnchanged } from './render-text';
import { ResourceKinds } from './resource-kind';
import { summaryLine } from './summary';

/** The explanation as GitHub-flavoured Markdown. */
export function renderMarkdown(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[]): string {
  const lines = ['### Terraform plan, by construct', '', `**Plan:** ${escape(summaryLine(changes, drift))}`];
  const shown = changes.filter((r) => !isUnchanged(r));
  const ours = shown.filter((r) => r.kind !== ResourceKinds.OTHER);
  const others = shown.filter((r) => r.kind === ResourceKinds.OTHER);
  // Rows are appended one by one: a large plan has more rows than a call's arguments may hold.
  if (ours.length > 0) {
    lines.push('', '#### Changes', '');
    appendAll(lines, table(ours));
  }
  if (drift.length > 0) {
    lines.push('', '#### Changed outside Terraform', '');
    appendAll(lines, table(drift));
  }
  if (others.length > 0) {
    lines.push('', '#### Resources not made by these constructs', '', '| Address | Action | Cause |', '|---|---|---|');
    for (const r of others) lines.push(`| ${code(r.address)} | ${escape(r.actions.join(' + '))} | ${escape(r.causes.join('; '))} |`);
  }
  return `${lines.join('\n')}\n`;
}

function table(resources: readonly ExplainedResource[]): string[] {
  const rows = ['| Construct | Kind | Action | Cause | Change |', '|---|---|---|---|---|'];
  for (const r of resources) {
    const start = `| ${code(constructLabel(r))} | ${escape(r.kind)}${r.node === undefined ? '' : ` ${code(r.node)}`} | ${escape(r.actions.join(' + '))} | ${escape(r.causes.join('; '))} |`;
    rows.push(`${start} ${code(r.address)}${r.previousAddress === undefined ? '' : ` (was ${code(r.previousAddress)})`} |`);
    for (const f of r.fields) rows.push(`${start} ${escape(fieldPhrase(f))} |`);
  }
  return rows;
}

// A code span whose text may hold backticks and pipes (GFM tables split at an unescaped `|`, even in code).
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.includes('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\|/g, '\\|')}${pad}${fence}`;
}

// Markdown's punctuation in a cell's plain text, backslash-escaped: no emphasis, code, link, HTML or cell break from user text.
function escape(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
}
