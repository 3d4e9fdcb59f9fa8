// The terminal view: a summary line, then one line per resource and one per
// field change. Every line of a construct's resource names the construct path,
// the kind, the action and the cause; unchanged resources are only counted.
import { formerConstructName } from './construct-map';
import { ExplainedActionInvocation, ExplainedResource } from './explained';
import { fieldPhrase } from './field-text';
import { ResourceKinds } from './resource-kind';
import { NO_EXTRAS, PlanExtras, summaryLine } from './summary';

/**
 * The label of a resource's construct: its path; for a resource the
 * configuration no longer has (deleted, removed from state), the construct
 * part of cdktf's name for it (`<construct>_<id>_<hash>`), marked as such.
 */
export function constructLabel(r: ExplainedResource): string {
  // A name cdktf did not write (`aws_x.`, `aws_x._ABCDEF12`) gives no construct name: the address stands in.
  return r.constructPath ?? `${formerConstructName(r.address) || r.address} (no longer in the configuration)`;
}

/** `<construct> · <kind>[ <node>] · <actions> · <causes>`: what every line of a construct's resource starts with. */
export function resourceHead(r: ExplainedResource): string {
  return `${constructLabel(r)} · ${r.kind}${r.node === undefined ? '' : ` ${r.node}`} · ${r.actions.join(' + ')} · ${r.causes.join('; ')}`;
}

/** The explanation as terminal text. */
export function renderText(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], extras: PlanExtras = NO_EXTRAS): string {
  const lines = [`Plan: ${summaryLine(changes, drift, extras)}`];
  const shown = changes.filter((r) => !isUnchanged(r));
  const ours = shown.filter((r) => r.kind !== ResourceKinds.OTHER);
  const others = shown.filter((r) => r.kind === ResourceKinds.OTHER);
  // Lines are appended one by one: a plan of thousands of resources gives more lines than a call's arguments may hold.
  if (ours.length > 0) {
    lines.push('', 'Changes by construct:');
    for (const r of ours) appendAll(lines, resourceLines(r));
  }
  if (drift.length > 0) {
    lines.push('', 'Changed outside Terraform:');
    for (const r of drift) appendAll(lines, r.kind === ResourceKinds.OTHER ? [otherLine(r)] : resourceLines(r));
  }
  if (others.length > 0) {
    lines.push('', 'Resources not made by these constructs:');
    for (const r of others) lines.push(otherLine(r));
  }
  if (extras.deferred.length > 0) {
    // Every deferred change is listed (an unchanged one too: Terraform will plan it later).
    lines.push('', 'Deferred to a later plan:');
    for (const { resource } of extras.deferred) appendAll(lines, resource.kind === ResourceKinds.OTHER ? [otherLine(resource)] : resourceLines(resource));
  }
  if (extras.actionInvocations.length > 0) {
    lines.push('', 'Actions:');
    for (const a of extras.actionInvocations) lines.push(`  ${actionLine(a)}`);
  }
  return `${lines.join('\n')}\n`;
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

/** Appends `items` to `lines` without spreading them into one call (whose argument count is bounded). */
export function appendAll(lines: string[], items: readonly string[]): void {
  for (const item of items) lines.push(item);
}

/** True for a resource the plan leaves as it is. */
export function isUnchanged(r: ExplainedResource): boolean {
  return r.actions.length === 1 && r.actions[0] === 'no-op';
}

function resourceLines(r: ExplainedResource): string[] {
  const head = resourceHead(r);
  const moved = (r.previousAddress === undefined ? '' : ` (was ${r.previousAddress})`) + (r.deposed === undefined ? '' : ` (deposed object ${r.deposed})`);
  return [`  ${head} · ${r.address}${moved}`, ...r.fields.map((f) => `  ${head} · ${fieldPhrase(f)}`)];
}

function otherLine(r: ExplainedResource): string {
  return `  ${r.address}${r.deposed === undefined ? '' : ` (deposed object ${r.deposed})`} · ${r.actions.join(' + ')} · ${r.causes.join('; ')}`;
}
