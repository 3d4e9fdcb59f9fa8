import { describeValue } from './received-value';

/**
 * Receives progress reports of a long read: `ClusterNodeReader.list` (after
 * each page) and `RestrictionPolicyReader.read` (after each resource).
 *
 * An interface rather than a function type so that every jsii language can
 * implement it (Python, Java, C# and Go pass an object).
 */
export interface IReadProgress {
  /**
   * Called after each page (nodes) or each resource (policies) is read.
   *
   * @param read how many distinct items have been read so far in the current attempt (after a restart of a node list it counts again from 0)
   * @param estimatedTotal an estimate of the total: for nodes, `read` plus the server's `remainingItemCount`, or exactly `read` after the last page, and undefined when the server does not say (older servers, or selectors); for policies, the number of resource ids asked for
   */
  onProgress(read: number, estimatedTotal?: number): void;
}

/** What is wrong with a `progress` option, or undefined when it is absent or usable. */
export function progressOptionProblem(progress: unknown): string | undefined {
  if (progress === undefined) return undefined;
  if (progress !== null && typeof progress === 'object' && typeof (progress as IReadProgress).onProgress === 'function') return undefined;
  return `progress must be an object with an onProgress method, not ${describeValue(progress)}`;
}
