// The HTML page, for people: one self-contained file (inline CSS and script,
// nothing loaded from anywhere, a Content-Security-Policy that allows only
// those two by their hashes). Per stack: Terraform's count and the summary,
// one card per changed construct (its action badge, path, class, cause and
// declaring line; its field changes as a before/after table, grouped by
// content key, relation, node), the drift the same way, the other resources
// by address, the outputs. Filters by action and by stack (checkboxes the
// script reads; the page shows everything without it).
//
// Every text from the plan or the stack goes through `text()` (one line, then
// HTML-escaped for text and for double-quoted attributes). The script holds no
// data: it reads what it filters on from the DOM (`data-stack`,
// `data-actions`, the checkboxes' values), so no value can close it.
import { createHash } from 'crypto';
import { escapeForLine } from '../core/server-text';
import { symbolOf } from './construct-changes';
import { ExplainedConstruct, ExplainedConstructField, ExplainedOutput, ExplainedResource } from './explained';
import { changedConstructs, Report } from './report';
import { constructSummary, outputSymbol } from './render-text';
import { ACTION_ORDER } from './summary';

/** One stack's report on the page. */
export interface HtmlStackReport {
  /** The stack's name: shown, and what the stack filter filters on. */
  readonly stack: string;
  readonly report: Report;
}

/** The page's title when none is given. */
export const HTML_TITLE = 'Terraform plan, by construct';

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--focus:#0969da;
--add:#1a7f37;--add-bg:#dafbe1;--chg:#9a6700;--chg-bg:#fff8c5;--del:#cf222e;--del-bg:#ffebe9;--rep:#8250df;--rep-bg:#fbefff;--read:#0a6b80;--read-bg:#ddf4ff;--none:#59636e;--none-bg:#eaeef2}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;--card:#151b23;--focus:#4493f8;
--add:#3fb950;--add-bg:#12261e;--chg:#d29922;--chg-bg:#272115;--del:#f85149;--del-bg:#2d1517;--rep:#ab7df8;--rep-bg:#231a33;--read:#39c5cf;--read-bg:#112a2e;--none:#9198a1;--none-bg:#212830}}
*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
code{font:13px/1.4 ui-monospace,"SFMono-Regular",Menlo,Consolas,"DejaVu Sans Mono",monospace;overflow-wrap:anywhere}
header.page,main{max-width:1200px;margin:0 auto;padding:0 16px}
h1{font-size:22px;margin:16px 0 8px}
h2{font-size:19px;margin:24px 0 4px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:16px;margin:20px 0 8px}
.plan{margin:4px 0}
.summary,.status{color:var(--muted);margin:4px 0}
#filters{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start;padding:8px 0;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:1}
fieldset{border:1px solid var(--line);border-radius:6px;margin:0;padding:4px 8px;display:flex;flex-wrap:wrap;gap:4px 12px}
legend{font-weight:600;padding:0 4px}
label{white-space:nowrap;cursor:pointer}
label .n{color:var(--muted)}
input[type=checkbox]{width:16px;height:16px;vertical-align:-3px;margin:0 4px 0 0}
button{font:inherit;padding:4px 12px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input[type=checkbox]:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.card{border:1px solid var(--line);border-left:6px solid var(--none);border-radius:6px;background:var(--card);padding:8px 12px;margin:0 0 12px}
.card.s-add{border-left-color:var(--add)}.card.s-change{border-left-color:var(--chg)}.card.s-destroy{border-left-color:var(--del)}
.card.s-replace{border-left-color:var(--rep)}.card.s-read{border-left-color:var(--read)}.card.s-forget{border-left-color:var(--del)}
.head{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline}
.head h4{margin:0;font-size:15px}
.head h4 code{font-size:15px;font-weight:700}
.cls{color:var(--muted)}
.gone{color:var(--del);font-size:13px}
.badge{display:inline-block;border-radius:12px;padding:0 8px;font-size:13px;font-weight:600;white-space:nowrap;background:var(--none-bg);color:var(--none)}
.badge code{font-weight:700}
.badge.s-add{background:var(--add-bg);color:var(--add)}.badge.s-change{background:var(--chg-bg);color:var(--chg)}.badge.s-destroy{background:var(--del-bg);color:var(--del)}
.badge.s-replace{background:var(--rep-bg);color:var(--rep)}.badge.s-read{background:var(--read-bg);color:var(--read)}.badge.s-forget{background:var(--del-bg);color:var(--del)}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0}
dl.meta dt{color:var(--muted)}
dl.meta dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;margin:6px 0;table-layout:fixed}
caption{text-align:left;font-weight:600;padding:2px 0}
th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{background:var(--bg);font-size:13px}
table.diff col.k,table.diff thead th.k{width:28%}
th.g{background:var(--bg);font-weight:600}
.chg{font-weight:400;font-size:12px;color:var(--muted);margin-left:6px}
td.b{background:var(--del-bg)}td.a{background:var(--add-bg)}
td.b:empty,td.a:empty{background:transparent}
td:empty::before{content:"\\2014";color:var(--muted)}
table.list td.sym{width:22%}
`;

// No `<` in the script (every `<` of the page opens a tag: the tests check it), and no data: it reads the DOM.
const SCRIPT = `
(function () {
  'use strict';
  var doc = document;
  var filters = doc.getElementById('filters');
  var boxes = Array.prototype.slice.call(filters.querySelectorAll('input[type=checkbox]'));
  var items = Array.prototype.slice.call(doc.querySelectorAll('.item'));
  var stacks = Array.prototype.slice.call(doc.querySelectorAll('section.stack'));
  var status = doc.getElementById('shown');
  function checked(name) {
    var out = new Set();
    boxes.forEach(function (b) { if (b.name === name && b.checked) out.add(b.value); });
    return out;
  }
  function apply() {
    var actions = checked('action');
    var shownStacks = checked('stack');
    var shown = 0;
    items.forEach(function (el) {
      var visible = shownStacks.has(el.getAttribute('data-stack')) &&
        el.getAttribute('data-actions').split(' ').some(function (a) { return actions.has(a); });
      el.hidden = !visible;
      if (visible) shown += 1;
    });
    stacks.forEach(function (s) { s.hidden = !shownStacks.has(s.getAttribute('data-stack')); });
    status.textContent = 'Showing ' + shown + ' of ' + items.length + (items.length === 1 ? ' change' : ' changes');
  }
  boxes.forEach(function (b) {
    b.addEventListener('change', apply);
    // Space toggles a checkbox natively; Enter does too here.
    b.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') { e.preventDefault(); b.click(); }
    });
  });
  doc.getElementById('show-all').addEventListener('click', function () {
    boxes.forEach(function (b) { b.checked = true; });
    apply();
  });
  filters.hidden = false;
  apply();
})();
`;

const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The page's Content-Security-Policy: nothing at all but its own style and script, allowed by their hashes. */
export const HTML_CSP = `default-src 'none'; style-src ${hashOf(STYLE)}; script-src ${hashOf(SCRIPT)}; base-uri 'none'; form-action 'none'`;

/**
 * The explanation of one or more stacks as one self-contained HTML page.
 *
 * @param stacks each stack's name and report, in the order shown
 * @param title the page's title and heading
 */
export function renderHtml(stacks: readonly HtmlStackReport[], title = HTML_TITLE): string {
  const ids = { next: 0 };
  const bodies: string[] = [];
  const actionCounts = new Map<string, number>();
  const stackCounts: [string, number][] = [];
  let total = 0;
  for (const { stack, report } of stacks) {
    const page = new StackPage(stack, ids);
    bodies.push(page.render(report));
    for (const [action, n] of page.actionCounts) actionCounts.set(action, (actionCounts.get(action) ?? 0) + n);
    stackCounts.push([stack, page.items]);
    total += page.items;
  }
  const actions = [...actionCounts.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const out: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${text(HTML_CSP)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header class="page">',
    `<h1>${text(title)}</h1>`,
    '<section id="filters" aria-label="Filters" hidden>',
    '<fieldset class="actions"><legend>Action</legend>',
  ];
  for (const action of actions) out.push(checkbox('action', slug(action), action, actionCounts.get(action)!));
  out.push('</fieldset>', '<fieldset class="stacks"><legend>Stack</legend>');
  for (const [stack, n] of stackCounts) out.push(checkbox('stack', stack, stack, n));
  out.push('</fieldset>', '<button type="button" id="show-all">Show all</button>', '</section>');
  out.push(`<p class="status" id="shown" role="status" aria-live="polite">${total} ${total === 1 ? 'change' : 'changes'}</p>`, '</header>', '<main>');
  for (const body of bodies) out.push(body);
  out.push('</main>', `<script>${SCRIPT}</script>`, '</body>', '</html>', '');
  return out.join('\n');
}

/** One stack's section: its items (cards and rows) are counted per action for the filters. */
class StackPage {
  public readonly actionCounts = new Map<string, number>();
  public items = 0;
  private readonly out: string[] = [];

  constructor(private readonly stack: string, private readonly ids: { next: number }) {}

  public render(report: Report): string {
    const id = this.id();
    const { changed } = changedConstructs(report);
    const out = this.out;
    out.push(`<section class="stack" data-stack="${text(this.stack)}" aria-labelledby="${id}">`);
    out.push(`<h2 id="${id}">Stack <code>${text(this.stack)}</code></h2>`);
    out.push(`<p class="plan"><strong>${text(report.headline)}</strong></p>`);
    out.push(`<p class="summary">${text(constructSummary(report))}</p>`);
    if (changed.length > 0) {
      out.push('<h3>Changes by construct</h3>');
      for (const c of changed) this.card(c);
    }
    if (report.driftConstructs.length + report.otherDrift.length > 0) {
      out.push('<h3>Changed outside Terraform</h3>');
      for (const c of report.driftConstructs) this.card(c);
      if (report.otherDrift.length > 0) this.others('Resources not made by these constructs, changed outside Terraform', report.otherDrift);
    }
    if (report.others.length > 0) {
      out.push('<h3>Resources not made by these constructs</h3>');
      this.others('Resources not made by these constructs', report.others);
    }
    if (report.guardrails.findings.length > 0) {
      out.push('<h3>Guardrails</h3>');
      out.push('<table class="guardrails"><thead><tr><th>Level</th><th>Rule</th><th>Construct</th><th>Prop</th><th>Finding</th><th>Declared at</th></tr></thead><tbody>');
      for (const f of report.guardrails.findings) {
        const ack = f.acknowledged !== undefined ? ` (acknowledged: ${f.acknowledged.reason}${f.acknowledged.until === undefined ? '' : `, until ${f.acknowledged.until}`})` : f.lapsed !== undefined ? ` (its acknowledgement lapsed on ${f.lapsed})` : '';
        out.push(
          `<tr class="${text(f.level)}"><td>${text(f.level)}</td><td><code>${text(f.rule)}</code></td><td><code>${text(f.constructPath)}</code></td><td><code>${text(f.propPath)}</code></td><td>${text(`${f.message}${f.checkedAt === 'plan' ? ' (checked at plan)' : ''}${ack}`)}</td><td>${f.source === undefined ? '' : `<code>${text(f.source)}</code>`}</td></tr>`,
        );
      }
      out.push('</tbody></table>');
    }
    if (report.outputs.length > 0) {
      out.push('<h3>Outputs</h3>');
      this.outputs(report.outputs);
    }
    out.push('</section>');
    return out.join('\n');
  }

  private id(): string {
    this.ids.next += 1;
    return `i${this.ids.next}`;
  }

  /** The attributes every filtered item carries: its actions (as slugs) and its stack. */
  private itemAttributes(actions: readonly string[]): string {
    this.items += 1;
    const unique = [...new Set(actions)];
    for (const a of unique) this.actionCounts.set(a, (this.actionCounts.get(a) ?? 0) + 1);
    return `data-actions="${text(unique.map(slug).join(' '))}" data-stack="${text(this.stack)}"`;
  }

  private card(c: ExplainedConstruct): void {
    const id = this.id();
    const tone = toneOf(c.symbol);
    const out = this.out;
    out.push(`<article class="card item ${tone}" ${this.itemAttributes(c.actions)} aria-labelledby="${id}">`);
    out.push('<div class="head">');
    out.push(badge(c.symbol, c.actions, tone));
    out.push(`<h4 id="${id}"><code class="path">${text(`${c.constructPath}${c.instanceKey ?? ''}`)}</code></h4>`);
    if (c.constructClass !== undefined) out.push(`<span class="cls">${text(c.constructClass)}</span>`);
    if (!c.inConfiguration) out.push('<span class="gone">no longer in the configuration</span>');
    out.push('</div>', '<dl class="meta">');
    const cause = c.causes.join('; ');
    if (cause !== '' && cause !== c.actions.join(' + ')) out.push(`<dt>Cause</dt><dd class="cause">${text(cause)}</dd>`);
    if (c.source !== undefined) out.push(`<dt>Declared at</dt><dd><code class="src">${text(c.source)}</code></dd>`);
    if (c.addresses.length > 0) out.push(`<dt>${c.addresses.length === 1 ? 'Resource' : 'Resources'}</dt><dd>${c.addresses.map((a) => `<code class="addr">${text(a)}</code>`).join(' ')}</dd>`);
    out.push('</dl>');
    if (c.fields.length > 0) this.fieldTable(c.fields);
    out.push('</article>');
  }

  /** The field changes side by side: before and after, rows grouped by node, field and (for bindings) relation. */
  private fieldTable(fields: readonly ExplainedConstructField[]): void {
    const groups = new Map<string, { label: string[]; rows: ExplainedConstructField[] }>();
    for (const f of fields) {
      const label = fieldGroup(f);
      const key = label.join('\u0000');
      const group = groups.get(key);
      if (group === undefined) groups.set(key, { label, rows: [f] });
      else group.rows.push(f);
    }
    const out = this.out;
    out.push('<table class="diff">', '<caption>Field changes</caption>');
    out.push('<thead><tr><th scope="col" class="k">Field</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>');
    for (const { label, rows } of groups.values()) {
      out.push('<tbody>');
      if (label.length > 0) out.push(`<tr><th scope="rowgroup" colspan="3" class="g">${label.map((l) => `<code>${text(l)}</code>`).join(' ')}</th></tr>`);
      for (const f of rows) {
        out.push(
          `<tr class="f c-${slug(f.change)}"><th scope="row"><code class="k">${text(fieldRowKey(f))}</code><span class="chg">${text(f.change)}</span></th>` +
            `<td class="b">${text(f.before ?? '')}</td><td class="a">${text(f.after ?? '')}</td></tr>`,
        );
      }
      out.push('</tbody>');
    }
    out.push('</table>');
  }

  private others(caption: string, resources: readonly ExplainedResource[]): void {
    const out = this.out;
    out.push('<table class="list others">', `<caption>${text(caption)}</caption>`);
    out.push('<thead><tr><th scope="col">Action</th><th scope="col">Address</th><th scope="col">Cause</th></tr></thead>', '<tbody>');
    for (const r of resources) {
      const symbol = symbolOf(r.actions, [r.terraformActions]);
      const tone = toneOf(symbol);
      const deposed = r.deposed === undefined ? '' : ` <span class="deposed">(deposed object <code>${text(r.deposed)}</code>)</span>`;
      out.push(
        `<tr class="item ${tone}" ${this.itemAttributes(r.actions)}><td class="sym">${badge(symbol, r.actions, tone)}</td>` +
          `<th scope="row"><code class="addr">${text(r.address)}</code>${deposed}</th><td class="cause">${text(r.causes.join('; '))}</td></tr>`,
      );
    }
    out.push('</tbody>', '</table>');
  }

  private outputs(outputs: readonly ExplainedOutput[]): void {
    const out = this.out;
    out.push('<table class="list outputs">', '<caption>Output changes</caption>');
    out.push('<thead><tr><th scope="col">Action</th><th scope="col">Output</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>', '<tbody>');
    for (const o of outputs) {
      const symbol = outputSymbol(o);
      const tone = toneOf(symbol);
      out.push(
        `<tr class="item ${tone}" ${this.itemAttributes([o.action])}><td class="sym">${badge(symbol, [o.action], tone)}</td>` +
          `<th scope="row"><code class="name">${text(o.name)}</code></th><td class="b">${text(o.before ?? '')}</td><td class="a">${text(o.after ?? '')}</td></tr>`,
      );
    }
    out.push('</tbody>', '</table>');
  }
}

/**
 * The group a field change is shown in: its node (a NodeList's changes are per
 * node), its field (content keys, labels, annotations, taints), and the relation
 * for a policy's principals; a field without entries is grouped by node only.
 */
export function fieldGroup(f: ExplainedConstructField): string[] {
  const node = f.node === undefined ? [] : [f.node];
  if (f.key === undefined) return node;
  return f.field === 'bindings' ? [...node, f.field, f.key] : [...node, f.field];
}

/** A field change's row header: the entry's key; `principal` for a relation's principals; the field itself for a field without entries. */
export function fieldRowKey(f: ExplainedConstructField): string {
  if (f.key === undefined) return f.field;
  return f.field === 'bindings' ? 'principal' : f.key;
}

function checkbox(name: string, value: string, label: string, count: number): string {
  return `<label><input type="checkbox" name="${name}" value="${text(value)}" checked>${text(label)} <span class="n">(${count})</span></label>`;
}

function badge(symbol: string, actions: readonly string[], tone: string): string {
  const sym = symbol.trim() === '' ? '' : `<code class="sym">${text(symbol)}</code> `;
  return `<span class="badge ${tone}">${sym}<span class="act">${text(actions.join(' + '))}</span></span>`;
}

/** The colour of a Terraform symbol: green for what is made, yellow for updates, purple for replacements, red for what goes, cyan for reads. */
function toneOf(symbol: string): string {
  switch (symbol.trim()) {
    case '+':
      return 's-add';
    case '~':
      return 's-change';
    case '-/+':
    case '+/-':
    case '+/.':
      return 's-replace';
    case '-':
      return 's-destroy';
    case '.':
      return 's-forget';
    case '<=':
      return 's-read';
    default:
      return 's-none';
  }
}

/** An action as a filter value and a data-actions token: `replace without destroy` → `replace-without-destroy`. */
function slug(action: string): string {
  return action.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'other';
}

function rank(action: string): number {
  const i = [...ACTION_ORDER, 'changed outside Terraform', 'deleted outside Terraform'].indexOf(action);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/**
 * Any text as HTML text or a double-quoted attribute value: on one line first
 * (controls, separators, format characters and lone surrogates as `\uXXXX`, as
 * every report shows them; the report's own text already is), then `&`, `<`,
 * `>`, `"` and `'` as character references, and the `[` of `##[` too (a page
 * printed in a GitHub job log would hold a workflow command there:
 * workflow-command-text.ts).
 */
export function text(value: string): string {
  return escapeForLine(value, false).replace(/[&<>"']|(?<=##)\[/g, (c) => ENTITIES[c]);
}

const ENTITIES: { [c: string]: string } = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '[': '&#91;' };
