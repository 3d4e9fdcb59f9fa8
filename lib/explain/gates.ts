// The CI gates of `explain --fail-on`: which kinds of change stop a pipeline.
import { REPLACE_WITHOUT_DESTROY } from './actions';
import { ExplainedResource } from './explained';

/** A kind of change that a pipeline can refuse (`--fail-on`). */
export enum ExplainGate {
  /** A resource would be replaced (deleted and created again, or created again with the old object forgotten: `replace without destroy`). */
  REPLACE = 'replace',
  /** A resource would be deleted. */
  DELETE = 'delete',
  /** Something changed outside Terraform (drift found by the refresh). */
  DRIFT = 'drift',
}

/** The gates, in the order they are checked and reported. */
export const ALL_GATES: readonly ExplainGate[] = [ExplainGate.REPLACE, ExplainGate.DELETE, ExplainGate.DRIFT];

/**
 * The gates of `gates` that the explanation matches, in ALL_GATES order.
 * `changes` holds the deferred changes too: a delete or replace Terraform defers
 * to a later plan is still one the pipeline asked to stop for.
 */
export function matchedGates(gates: readonly string[], changes: readonly ExplainedResource[], drift: readonly ExplainedResource[]): ExplainGate[] {
  const matches: { [gate in ExplainGate]: () => boolean } = {
    [ExplainGate.REPLACE]: () => changes.some((r) => r.actions.includes('replace') || r.actions.includes(REPLACE_WITHOUT_DESTROY)),
    [ExplainGate.DELETE]: () => changes.some((r) => r.actions.includes('delete')),
    [ExplainGate.DRIFT]: () => drift.length > 0,
  };
  return ALL_GATES.filter((g) => gates.includes(g) && matches[g]());
}
