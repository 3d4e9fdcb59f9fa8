// The terminal view, for people: Terraform's count, then one block per changed
// construct (a headline with its symbol, path, class, action and cause, stated
// once, and where it was declared; its field changes beneath), the drift the
// same way, the other resources by address, and the outputs. Unchanged
// constructs are counted, not listed. Colour only when asked for. The text is
// printed in CI logs: no value can start a GitHub workflow command in it
// (workflow-command-text.ts).
import { isUnchangedConstruct, symbolOf } from './construct-changes';
import { formerConstructName } from './construct-map';
import { ExplainedActionInvocation, ExplainedConstruct, ExplainedConstructField, ExplainedOutput, ExplainedResource } from './explained';
import { fieldPhrase } from './field-text';
import { ciLimitNotes } from './github-limits';
import { guardrailLine, guardrailSummary } from './guardrail-report';
import { changedConstructs, Report } from './report';
import { escapeWorkflowCommandsInText } from './workflow-command-text';

/**
 * The label of a resource's construct: its path; for a resource the
 * configuration no longer has (deleted, removed from state), the construct
 * part of cdktf's name for it (`<construct>_<id>_<hash>`), marked as such.
 */
export function constructLabel(r: ExplainedResource): string {
  // A name cdktf did not write (`aws_x.`, `aws_x._ABCDEF12`) gives no construct name: the address stands in.
  return r.constructPath ?? `${formerConstructName(r.address) || r.address} (no longer in the configuration)`;
}

/** The construct's name in a headline: its path, its instance key, and a mark when it is no longer in the configuration. */
export function constructName(c: ExplainedConstruct): string {
  return `${c.constructPath}${c.instanceKey ?? ''}${c.inConfiguration ? '' : ' (no longer in the configuration)'}`;
}

/** `<actions>: <causes>`, the cause left out when it only repeats the action (drift: "changed outside Terraform"). */
export function actionAndCause(actions: readonly string[], causes: readonly string[]): string {
  const action = actions.join(' + ');
  const cause = causes.join('; ');
  return cause === action ? action : `${action}: ${cause}`;
}

/** A field change under a headline: `node-a labels pool: "x" → "y"` for a node, else the field phrase. */
export function constructFieldPhrase(f: ExplainedConstructField): string {
  // A node added or removed as a whole: no value to show.
  const phrase = f.before === undefined && f.after === undefined ? `${f.field}: ${f.change}` : fieldPhrase(f);
  return f.node === undefined ? phrase : `${f.node} ${phrase}`;
}

/** The summary under Terraform's count: constructs changed and unchanged, drift. */
export function constructSummary(report: Report): string {
  const { changed, unchanged } = changedConstructs(report);
  const drift = report.driftConstructs.length + report.otherDrift.length;
  const parts = [`${changed.length} ${changed.length === 1 ? 'construct' : 'constructs'} changed`, `${unchanged} unchanged`];
  // Terraform's Plan: line leaves them out.
  if (report.terraform.forget > 0) parts.push(`${report.terraform.forget} ${report.terraform.forget === 1 ? 'resource' : 'resources'} to forget (removed from state, not destroyed)`);
  if (report.others.length > 0) parts.push(`${report.others.length} other ${report.others.length === 1 ? 'resource' : 'resources'} changed`);
  parts.push(drift === 0 ? 'nothing changed outside Terraform' : `${drift} changed outside Terraform`);
  if (report.deferred.length > 0) parts.push(`${report.deferred.length} deferred to a later plan`);
  const guardrails = guardrailSummary(report.guardrails);
  if (guardrails !== undefined) parts.push(guardrails);
  const actions = report.actionInvocations.filter((a) => a.deferredReason === undefined).length;
  if (actions > 0) parts.push(`${actions} ${actions === 1 ? 'action' : 'actions'} to run`);
  return parts.join(', ');
}

/** ANSI colours for the terminal; identity when colour is off. */
interface Paint {
  readonly symbol: (symbol: string) => string;
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
}

const PLAIN: Paint = { symbol: (s) => s, bold: (t) => t, dim: (t) => t };
const ANSI: Paint = {
  // Terraform's colours: green for what is made, red for what goes, yellow for updates, cyan for reads.
  symbol: (s) => s.replace(/\+/g, '\u001b[32m+\u001b[0m').replace(/-|\./g, (c) => `\u001b[31m${c}\u001b[0m`).replace(/~/g, '\u001b[33m~\u001b[0m').replace(/<=/g, '\u001b[36m<=\u001b[0m'),
  bold: (t) => `\u001b[1m${t}\u001b[0m`,
  dim: (t) => `\u001b[2m${t}\u001b[0m`,
};

/**
 * The explanation as terminal text; `color` adds ANSI colours. No line can be read as a GitHub workflow command.
 *
 * @param notes what the CI formats leave out, under the summary line (for one stack of many: the app's, in the first stack)
 */
export function renderText(report: Report, color = false, notes: readonly string[] = ciLimitNotes([report])): string {
  const paint = color ? ANSI : PLAIN;
  const lines = [report.headline, constructSummary(report), ...notes];
  const { changed } = changedConstructs(report);
  // Lines are appended one by one: a plan of thousands of resources gives more lines than a call's arguments may hold.
  if (changed.length > 0) {
    lines.push('', 'Changes by construct:');
    for (const c of changed) appendAll(lines, constructLines(c, paint));
  }
  if (report.driftConstructs.length + report.otherDrift.length > 0) {
    lines.push('', 'Changed outside Terraform:');
    for (const c of report.driftConstructs) appendAll(lines, constructLines(c, paint));
    for (const r of report.otherDrift) lines.push(otherLine(r, paint));
  }
  if (report.others.length > 0) {
    lines.push('', 'Resources not made by these constructs:');
    for (const r of report.others) lines.push(otherLine(r, paint));
  }
  if (report.deferred.length > 0) {
    // Every deferred change is listed (an unchanged one too: Terraform will plan it later).
    lines.push('', 'Deferred to a later plan:');
    for (const c of report.deferredConstructs) appendAll(lines, constructLines(c, paint, true));
    for (const r of report.otherDeferred) lines.push(otherLine(r, paint));
  }
  if (report.guardrails.findings.length > 0) {
    lines.push('', 'Guardrails:');
    for (const f of report.guardrails.findings) lines.push(`  ${guardrailLine(f)}${f.source === undefined ? '' : ` ${paint.dim(`[${f.source}]`)}`}`);
  }
  if (report.actionInvocations.length > 0) {
    lines.push('', 'Actions:');
    for (const a of report.actionInvocations) lines.push(`  ${actionLine(a)}`);
  }
  if (report.outputs.length > 0) {
    lines.push('', 'Outputs:');
    for (const o of report.outputs) lines.push(`  ${paint.symbol(outputSymbol(o))} ${outputPhrase(o)}`);
  }
  return escapeWorkflowCommandsInText(`${lines.join('\n')}\n`);
}

/** Appends `items` to `lines` without spreading them into one call (whose argument count is bounded). */
export function appendAll(lines: string[], items: readonly string[]): void {
  for (const item of items) lines.push(item);
}

/** True for a resource the plan leaves as it is. */
export function isUnchanged(r: ExplainedResource): boolean {
  return r.actions.length === 1 && r.actions[0] === 'no-op';
}

/** `<action> · <when> · triggered by <construct> · <kind> · <address>[ · deferred: <reason>]`. */
export function actionLine(a: ExplainedActionInvocation): string {
  return `${a.address} · ${a.when}${a.resource === undefined ? '' : ` · ${actionResourceText(a)}`}${a.deferredReason === undefined ? '' : ` · deferred to a later plan (${a.deferredReason})`}`;
}

/** The resource of an action invocation: its construct and kind when these constructs made it, then its address. */
export function actionResourceText(a: ExplainedActionInvocation): string {
  const r = a.resource!;
  const by = a.trigger === 'invoke' ? 'for' : 'triggered by';
  return r.constructPath === undefined ? `${by} ${r.address}` : `${by} ${r.constructPath} · ${r.kind} · ${r.address}`;
}

function constructLines(c: ExplainedConstruct, paint: Paint, listUnchanged = false): string[] {
  const symbol = c.symbol.trim() === '' ? ' ' : c.symbol;
  const head = `${paint.symbol(symbol.padStart(3))} ${paint.bold(constructName(c))}${c.constructClass === undefined ? '' : ` (${c.constructClass})`} ${actionAndCause(c.actions, c.causes)}`;
  const lines = [c.source === undefined ? head : `${head} ${paint.dim(`[${c.source}]`)}`];
  for (const f of c.fields) lines.push(`      ${constructFieldPhrase(f)}`);
  return isUnchangedConstruct(c) && !listUnchanged ? [lines[0]] : lines;
}

function otherLine(r: ExplainedResource, paint: Paint): string {
  const symbol = symbolOf(r.actions, [r.terraformActions]);
  return `${paint.symbol((symbol.trim() === '' ? ' ' : symbol).padStart(3))} ${r.address}${r.deposed === undefined ? '' : ` (deposed object ${r.deposed})`} ${actionAndCause(r.actions, r.causes)}`;
}

/** Terraform's symbol for an output's change. */
export function outputSymbol(o: ExplainedOutput): string {
  return o.action === 'create' ? '+' : o.action === 'delete' ? '-' : '~';
}

/** `name: before → after`, `name: added after`, `name: removed (was before)`. */
export function outputPhrase(o: ExplainedOutput): string {
  if (o.action === 'create') return `${o.name}: added ${o.after ?? ''}`.trimEnd();
  if (o.action === 'delete') return `${o.name}: removed (was ${o.before ?? ''})`;
  return `${o.name}: ${o.before ?? 'null'} → ${o.after ?? 'null'}`;
}
