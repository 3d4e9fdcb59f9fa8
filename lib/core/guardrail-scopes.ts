// The guardrails each scope holds (Guardrails.of(scope)): acknowledgements,
// added rules, and whether errors fail synth there. Read by the evaluation
// (guardrail-findings.ts) for a construct and every scope above it.
import { IConstruct } from 'constructs';
import { IGuardrailRule } from './guardrail-rule';

/** An acknowledgement of a rule's findings under a scope. */
export interface GuardrailAcknowledgement {
  /** The rule's id (`WMC-3`, or a custom rule's). Every finding of that rule under the scope is acknowledged. */
  readonly rule: string;
  /** Why the findings are accepted: shown beside each of them in every report. Required, not empty. */
  readonly reason: string;
  /**
   * The last day the acknowledgement holds, `YYYY-MM-DD` (UTC). After it the findings are
   * reported unacknowledged again, and synth says the acknowledgement lapsed.
   *
   * @default - no expiry
   */
  readonly until?: string;
}

/** An acknowledgement as recorded, with the scope it was made on. */
export interface RecordedAcknowledgement extends GuardrailAcknowledgement {
  /** The scope's path. */
  readonly scopePath: string;
}

/** What one scope holds. */
export interface ScopeGuardrails {
  readonly acknowledgements: RecordedAcknowledgement[];
  readonly rules: IGuardrailRule[];
  enforced: boolean;
}

const SCOPES = new WeakMap<IConstruct, ScopeGuardrails>();
// How many scopes hold guardrails, in this process: while none does, no construct's scopes are walked.
let scopesHeld = 0;

/** The scope's guardrails, made on first use. */
export function stateOf(scope: IConstruct): ScopeGuardrails {
  let state = SCOPES.get(scope);
  if (state === undefined) {
    state = { acknowledgements: [], rules: [], enforced: false };
    SCOPES.set(scope, state);
    scopesHeld++;
  }
  return state;
}

/** What the scope itself holds, if anything (not its ancestors'). */
export function heldBy(scope: IConstruct): ScopeGuardrails | undefined {
  return SCOPES.get(scope);
}

/** The guardrails of `construct` and every scope above it, nearest first. */
export function guardrailScopes(construct: IConstruct): { scope: IConstruct; state: ScopeGuardrails }[] {
  const out: { scope: IConstruct; state: ScopeGuardrails }[] = [];
  if (scopesHeld === 0) return out;
  for (let c: IConstruct | undefined = construct; c !== undefined; c = c.node.scope) {
    const state = SCOPES.get(c);
    if (state !== undefined) out.push({ scope: c, state });
  }
  return out;
}

/** Whether an acknowledgement holds on `today` (YYYY-MM-DD, UTC): it has no date, or its date is today or later. */
export function acknowledgementHolds(a: GuardrailAcknowledgement, today: string): boolean {
  return a.until === undefined || a.until >= today;
}

/** Whether any scope holds guardrails (an acknowledgement, a rule, enforcement), in this process. */
export function anyScopeHeld(): boolean {
  return scopesHeld > 0;
}

/** The UTC day, YYYY-MM-DD: what an acknowledgement's `until` is compared with. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
