// The CI gates of `explain --fail-on`: which kinds of change stop a pipeline.
import { REPLACE_WITHOUT_DESTROY } from './actions';
import { ExplainedResource } from './explained';
import { ExplainedGuardrailFinding } from './guardrail-report';

/** A kind of change that a pipeline can refuse (`--fail-on`). */
export enum ExplainGate {
  /** A resource would be replaced (deleted and created again, or created again with the old object forgotten: `replace without destroy`). */
  REPLACE = 'replace',
  /** A resource would be deleted. */
  DELETE = 'delete',
  /** Something changed outside Terraform (drift found by the refresh). */
  DRIFT = 'drift',
  /** A guardrail error not acknowledged (`--fail-on guardrail`, or `guardrail:error`). */
  GUARDRAIL = 'guardrail',
  /** A guardrail error or warning not acknowledged. */
  GUARDRAIL_WARNING = 'guardrail:warning',
  /** Any guardrail finding not acknowledged, notes included. */
  GUARDRAIL_NOTE = 'guardrail:note',
}

/** The gates, in the order they are checked and reported. */
export const ALL_GATES: readonly ExplainGate[] = [ExplainGate.REPLACE, ExplainGate.DELETE, ExplainGate.DRIFT, ExplainGate.GUARDRAIL, ExplainGate.GUARDRAIL_WARNING, ExplainGate.GUARDRAIL_NOTE];

/** The levels each guardrail gate stops on. */
export const GUARDRAIL_GATE_LEVELS: { readonly [gate: string]: readonly string[] } = {
  [ExplainGate.GUARDRAIL]: ['error'],
  [ExplainGate.GUARDRAIL_WARNING]: ['error', 'warning'],
  [ExplainGate.GUARDRAIL_NOTE]: ['error', 'warning', 'note'],
};

/** Whether one of `gates` stops on the finding: it is not acknowledged and its level is one the gate names. */
export function guardrailGated(finding: ExplainedGuardrailFinding, gates: readonly string[]): boolean {
  return finding.acknowledged === undefined && gates.some((g) => GUARDRAIL_GATE_LEVELS[g]?.includes(finding.level) === true);
}

/**
 * The gates of `gates` that the explanation matches, in ALL_GATES order.
 * `changes` holds the deferred changes too: a delete or replace Terraform defers
 * to a later plan is still one the pipeline asked to stop for.
 */
export function matchedGates(gates: readonly string[], changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], guardrails: readonly ExplainedGuardrailFinding[] = []): ExplainGate[] {
  const guarded = (gate: ExplainGate) => () => guardrails.some((f) => guardrailGated(f, [gate]));
  const matches: { [gate in ExplainGate]: () => boolean } = {
    [ExplainGate.GUARDRAIL]: guarded(ExplainGate.GUARDRAIL),
    [ExplainGate.GUARDRAIL_WARNING]: guarded(ExplainGate.GUARDRAIL_WARNING),
    [ExplainGate.GUARDRAIL_NOTE]: guarded(ExplainGate.GUARDRAIL_NOTE),
    [ExplainGate.REPLACE]: () => changes.some((r) => r.actions.includes('replace') || r.actions.includes(REPLACE_WITHOUT_DESTROY)),
    [ExplainGate.DELETE]: () => changes.some((r) => r.actions.includes('delete')),
    [ExplainGate.DRIFT]: () => drift.length > 0,
  };
  return ALL_GATES.filter((g) => gates.includes(g) && matches[g]());
}
