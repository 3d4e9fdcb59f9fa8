// Guardrails: the rules a construct's props are checked against at synth
// (issue 45). `Guardrails.of(scope)` is where a team acknowledges a rule's
// findings with a reason (for the scope and everything below it, until a date
// if given), registers its own rules, and enforces: an error finding under an
// enforcing scope fails synth, as a custom rule's error always does; the
// built-in rules alone never fail a synth that does not ask for it, so an
// upgrade of the library adds findings but never fails a build.
// The evaluation and the record in the synthesized output are
// guardrail-findings.ts's.
import { IConstruct } from 'constructs';
import { IGuardrailRule, ruleProblems } from './guardrail-rule';
import { GuardrailFindings } from './guardrail-findings';
import { GuardrailAcknowledgement, guardrailScopes, heldBy, stateOf } from './guardrail-scopes';
import { isUnknown } from './guardrail-values';
import { describeValue } from './received-value';
import { ValidationError } from './validation-error';
import { compileSchema } from './json-schema';
import { Problems } from './problems';

// The acknowledgement's keys: only these (its values are checked below, each with its own words).
const ACKNOWLEDGEMENT_KEYS = compileSchema({
  type: 'object',
  description: 'an object with rule, reason and until',
  additionalProperties: false,
  properties: { rule: {}, reason: {}, until: {} },
});
import { RULE_ID_PATTERN } from './guardrail-rule';
import { TerraformStack } from './framework';

export type { GuardrailAcknowledgement } from './guardrail-scopes';

// True for a construct in a stack (an app is not).
function inStack(scope: IConstruct): boolean {
  for (let c: IConstruct | undefined = scope; c !== undefined; c = c.node.scope) if (TerraformStack.isStack(c)) return true;
  return false;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The guardrails of a scope (an app, a stack, or any construct): rules
 * acknowledged there, rules added there, and whether errors fail synth there.
 * Each applies to the scope and every construct below it.
 *
 * @example
 * Guardrails.of(stack).acknowledge({ rule: 'WMC-10', reason: 'on-call users, reviewed quarterly', until: '2027-03-31' });
 */
export class Guardrails {
  /**
   * The guardrails of `scope`.
   *
   * @param scope an app, a stack or a construct
   * @returns the scope's guardrails
   */
  public static of(scope: IConstruct): Guardrails {
    if (scope === null || typeof scope !== 'object' || typeof (scope as { node?: unknown }).node !== 'object') {
      throw new ValidationError('Guardrails.of', [{ path: 'scope', received: describeValue(scope), allowed: 'a construct: an app, a stack or a construct in one' }]);
    }
    return new Guardrails(scope);
  }

  /**
   * True for a value Terraform knows only at plan (a token): a rule reads it as unknown, not as a literal.
   *
   * @param value a prop's value as a rule receives it
   * @returns whether it is known only at plan
   */
  public static isUnknown(value: any): boolean {
    return isUnknown(value);
  }

  private constructor(private readonly scope: IConstruct) {}

  /**
   * Acknowledges every finding of a rule in this scope and below it: each is still reported,
   * marked acknowledged with the reason, and no longer fails synth. An acknowledgement that
   * matches no finding is reported at synth as stale; one past its `until` date lapses, and
   * synth says so.
   *
   * @param acknowledgement the rule, the reason, and optionally the last day it holds
   */
  public acknowledge(acknowledgement: GuardrailAcknowledgement): void {
    const where = 'Guardrails.acknowledge';
    const a = (acknowledgement ?? {}) as unknown as { [key: string]: unknown };
    const problems: { path: string; received: string; allowed: string }[] = [];
    // Closed, as every struct the library takes: an unknown property is refused, its value not shown.
    const unknown = new Problems();
    ACKNOWLEDGEMENT_KEYS(a, unknown, 'acknowledgement');
    problems.push(...unknown.list.map((p) => ({ path: p.path, received: p.received, allowed: p.allowed })));
    if (typeof a.rule !== 'string' || !RULE_ID_PATTERN.test(a.rule)) problems.push({ path: 'acknowledgement/rule', received: describeValue(a.rule), allowed: "a rule's id, <pack>-<n> (WMC-3)" });
    if (typeof a.reason !== 'string' || a.reason.trim() === '' || isUnknown(a.reason)) problems.push({ path: 'acknowledgement/reason', received: describeValue(a.reason), allowed: 'why the findings are accepted: a literal text, not empty' });
    if (a.until !== undefined && (typeof a.until !== 'string' || !validDate(a.until))) problems.push({ path: 'acknowledgement/until', received: describeValue(a.until), allowed: 'a date YYYY-MM-DD (the last day the acknowledgement holds), or nothing' });
    // One per rule and scope: a second would be neither applied nor said (a renewal changes the first).
    const existing = problems.length === 0 ? heldBy(this.scope)?.acknowledgements.find((x) => x.rule === a.rule) : undefined;
    if (existing !== undefined) {
      problems.push({ path: 'acknowledgement/rule', received: JSON.stringify(a.rule), allowed: `a rule not yet acknowledged on this scope: ${a.rule} is${existing.until === undefined ? '' : ` (until ${existing.until})`}; change that acknowledgement (one per rule and scope; a scope below may acknowledge it again)` });
    }
    if (problems.length > 0) throw new ValidationError(`${this.scope.node.path || '(app)'} ${where}`, problems);
    // The stack's findings are evaluated even where no construct of this library is: a stale acknowledgement is said.
    if (inStack(this.scope)) GuardrailFindings.of(this.scope);
    stateOf(this.scope).acknowledgements.push({ rule: a.rule as string, reason: a.reason as string, ...(a.until === undefined ? {} : { until: a.until as string }), scopePath: this.scope.node.path });
  }

  /**
   * Makes error findings in this scope and below it fail synth (with a message naming every
   * one), the built-in rules' included. Warnings and notes are written, never failing.
   */
  public enforce(): void {
    stateOf(this.scope).enforced = true;
  }

  /**
   * Adds a rule for the constructs in this scope and below it. Its findings are reported with the
   * built-in rules' in every format; at level error they fail synth wherever the rule applies. Its id
   * is its own where it applies: an id of the built-in pack (`WMC-…`), or one a rule on this scope, above
   * it or below it has (without regard to case), is refused.
   *
   * @param rule the rule (a class implementing IGuardrailRule, in any language)
   */
  public addRule(rule: IGuardrailRule): void {
    const problems = ruleProblems(rule);
    if (problems.length === 0) {
      const id = rule.id;
      // An id names one rule wherever it applies: the reports, the record and the acknowledgements know a rule by it.
      const clash = /^WMC-/i.test(id)
        ? 'the built-in pack (WMC)'
        : [...guardrailScopes(this.scope).map((s) => s.scope), ...this.scope.node.findAll()].find((c) => heldBy(c)?.rules.some((r) => r.id.toLowerCase() === id.toLowerCase()))?.node.path;
      if (clash !== undefined) problems.push({ path: 'rule/id', received: JSON.stringify(id), allowed: `an id no other rule has where this one applies: ${clash === '' ? '(app)' : clash} has ${id}` });
    }
    if (problems.length > 0) throw new ValidationError(`${this.scope.node.path || '(app)'} Guardrails.addRule`, problems);
    stateOf(this.scope).rules.push(rule);
  }
}

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

