// The counts a report starts with: how many resources each action touches.
import { ExplainedResource } from './explained';

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
