/**
 * Receives progress reports of a long read, such as `ClusterNodeReader.list`.
 *
 * An interface rather than a function type so that every jsii language can
 * implement it (Python, Java, C# and Go pass an object).
 */
export interface IReadProgress {
  /**
   * Called after each page is read.
   *
   * @param read how many distinct items have been read so far in the current attempt (after a restart it counts again from 0)
   * @param estimatedTotal an estimate of the total: `read` plus the server's `remainingItemCount`, or exactly `read` after the last page; undefined when the server does not say (older servers, or selectors)
   */
  onProgress(read: number, estimatedTotal?: number): void;
}
