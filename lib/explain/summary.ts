// The counts a report starts with: how many resources each action touches.
import { ExplainedActionInvocation, ExplainedDeferredChange, ExplainedResource } from './explained';

/** The order actions are counted and listed in. */
export const ACTION_ORDER: readonly string[] = ['create', 'update', 'replace', 'replace without destroy', 'delete', 'import', 'move', 'remove from state', 'read', 'no-op'];

/** Action → number of resources it touches (a resource imported and updated counts for both); drift as `changed outside Terraform`. */
export function countActions(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[]): { [action: string]: number } {
  const counts: { [action: string]: number } = {};
  for (const r of changes) for (const a of r.actions) counts[a] = (counts[a] ?? 0) + 1;
  for (const r of drift) for (const a of r.actions) counts[a] = (counts[a] ?? 0) + 1;
  const ordered: { [action: string]: number } = {};
  for (const a of [...ACTION_ORDER, ...Object.keys(counts).filter((k) => !ACTION_ORDER.includes(k)).sort()]) if (counts[a] !== undefined) ordered[a] = counts[a];
  return ordered;
}

/** What a plan defers and the actions it runs, besides its changes and drift. */
export interface PlanExtras {
  readonly deferred: readonly ExplainedDeferredChange[];
  readonly actionInvocations: readonly ExplainedActionInvocation[];
}

/** A plan of Terraform before 1.14, or one that defers nothing and runs no action. */
export const NO_EXTRAS: PlanExtras = { deferred: [], actionInvocations: [] };

/**
 * One line: `2 to create, 1 to replace, 3 unchanged; 1 changed outside Terraform`,
 * then `; 1 deferred to a later plan` and `; 2 actions to run` when there are any.
 */
export function summaryLine(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], extras: PlanExtras = NO_EXTRAS): string {
  const counts = countActions(changes, []);
  const parts = Object.entries(counts).map(([a, n]) => (a === 'no-op' ? `${n} unchanged` : `${n} to ${a}`));
  const drifted = drift.length;
  const text = parts.length === 0 ? 'no resources' : parts.join(', ');
  const line = drifted === 0 ? `${text}; nothing changed outside Terraform` : `${text}; ${drifted} changed outside Terraform`;
  const deferred = extras.deferred.length === 0 ? '' : `; ${extras.deferred.length} deferred to a later plan`;
  const actions = extras.actionInvocations.filter((a) => a.deferredReason === undefined).length;
  return `${line}${deferred}${actions === 0 ? '' : `; ${actions} action${actions === 1 ? '' : 's'} to run`}`;
}
