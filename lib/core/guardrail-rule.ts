// What a guardrail rule is (issue 45): a stable id, a title, a level, the
// construct classes it applies to, a check over a construct's props as the
// user gave them, the authority it rests on and what to do instead. The
// built-in rules are written beside their constructs (lib/*/…-rules.ts) and
// named by the constructs' descriptors; a user's rule implements the same
// interface, in TypeScript or through jsii (a Python class may implement it).
// guardrail-findings.ts evaluates them at synth.
import { describeValue } from './received-value';

/** How serious a finding is: Terraform's and SARIF's three levels. */
export enum GuardrailLevel {
  /** Fails synth where the rules are enforced (`Guardrails.of(scope).enforce()`), and always for a custom rule. */
  ERROR = 'error',
  /** Written at synth (and in every report), never failing it. */
  WARNING = 'warning',
  /** Advice, written at synth and in every report. */
  NOTE = 'note',
}

/** A construct a rule is checked against: its path, its class and its props as the user gave them. */
export interface GuardrailSubject {
  /** The construct's path below its stack (`warehouse/analysts`). */
  readonly constructPath: string;
  /** The construct's class, as the library exports it (`AuthenticationProfile`). */
  readonly constructClass: string;
  /**
   * The props as given, with every value Terraform knows only at plan (a token) left as its
   * text (`${TfToken[…]}`): a rule treats such a value as unknown ({@link Guardrails.isUnknown}).
   */
  readonly props: { [prop: string]: any };
}

/** One thing a rule found wrong in a construct's props. */
export interface GuardrailViolation {
  /** The prop's path, `/`-separated below the props (`bindings/0/principals/1`, `authenticationProfileContent/sslmode`). */
  readonly propPath: string;
  /** What is wrong, in a sentence; never a secret's value (say its type and length). */
  readonly message: string;
}

/** A guardrail rule: what a platform team reviewing these constructs asks of them. */
export interface IGuardrailRule {
  /** A stable id, `<pack>-<n>` (`WMC-3`, `ACME-1`): acknowledgements and reports name it. `WMC` is the built-in pack's. */
  readonly id: string;
  /** What the rule asks, in one line. */
  readonly title: string;
  /** How serious a finding is. */
  readonly level: GuardrailLevel;
  /** The construct classes it checks (`AuthenticationProfile`, `RestrictionPolicy`, `NodeList`). */
  readonly appliesTo: string[];
  /** The document the rule rests on: a URL of the vendor's documentation or source. */
  readonly authority: string;
  /** What to do instead. */
  readonly remedy: string;
  /**
   * False for a rule no acknowledgement may silence.
   *
   * @default true
   */
  readonly acknowledgeable?: boolean;

  /**
   * Checks one construct.
   *
   * @param subject the construct and its props as the user gave them
   * @returns what is wrong, empty when nothing is
   */
  check(subject: GuardrailSubject): GuardrailViolation[];
}

/** A rule's id: `<pack>-<n>`. */
export const RULE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9]*-[0-9]+$/;
const LEVELS: readonly string[] = Object.values(GuardrailLevel);

/** What is wrong with a rule's description (its check is called at synth). */
export function ruleProblems(rule: IGuardrailRule): { path: string; received: string; allowed: string }[] {
  const r = (rule ?? {}) as unknown as { [key: string]: unknown };
  const out: { path: string; received: string; allowed: string }[] = [];
  if (typeof r.id !== 'string' || !RULE_ID_PATTERN.test(r.id)) out.push({ path: 'rule/id', received: describeValue(r.id), allowed: 'a stable id, <pack>-<n> (ACME-1)' });
  if (typeof r.title !== 'string' || r.title.trim() === '') out.push({ path: 'rule/title', received: describeValue(r.title), allowed: 'a title, not empty' });
  if (typeof r.level !== 'string' || !LEVELS.includes(r.level)) out.push({ path: 'rule/level', received: describeValue(r.level), allowed: `one of ${LEVELS.map((l) => JSON.stringify(l)).join(', ')} (GuardrailLevel)` });
  if (!Array.isArray(r.appliesTo) || r.appliesTo.length === 0 || r.appliesTo.some((c) => typeof c !== 'string')) out.push({ path: 'rule/appliesTo', received: describeValue(r.appliesTo), allowed: 'the construct classes it checks: a list of names, at least one' });
  if (typeof r.authority !== 'string' || !/^https:\/\/\S+$/.test(r.authority)) out.push({ path: 'rule/authority', received: describeValue(r.authority), allowed: 'the document it rests on: an https URL' });
  if (typeof r.remedy !== 'string' || r.remedy.trim() === '') out.push({ path: 'rule/remedy', received: describeValue(r.remedy), allowed: 'what to do instead, not empty' });
  if (typeof r.check !== 'function') out.push({ path: 'rule/check', received: describeValue(r.check), allowed: 'a method check(subject) returning the violations' });
  return out;
}

