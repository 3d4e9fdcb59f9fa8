// The guardrails' findings as explain reports them (issue 45): read from the
// stack's metadata (`"//".metadata.guardrails`, written at synth by
// lib/core/guardrail-findings.ts), each string through the one rule for text
// from outside (the metadata is a file anyone may edit), shapes checked and
// what does not fit left out.
import { readGuardrailsRecord, recordedFindings } from '../core/guardrail-findings';
import { isPlainObject } from '../core/plain-object';
import { escapeForLine } from '../core/server-text';

/** A guardrail finding in the report. */
export interface ExplainedGuardrailFinding {
  /** The rule's id (`WMC-1`). */
  readonly rule: string;
  /** `error`, `warning` or `note`. */
  readonly level: 'error' | 'warning' | 'note';
  /** The construct's path below the stack. */
  readonly constructPath: string;
  readonly constructClass?: string;
  /** The prop's path below the construct's props (`authenticationProfileContent/sslmode`). */
  readonly propPath: string;
  readonly message: string;
  /** `file:line` of the code that declared the construct. */
  readonly source?: string;
  /** Set when acknowledged: the reason, and the last day it holds. */
  readonly acknowledged?: { readonly reason: string; readonly until?: string };
  /** Set when an acknowledgement of it lapsed: its last day. */
  readonly lapsed?: string;
  /** `synth`, or `plan` for a value that was known only at plan. */
  readonly checkedAt: 'synth' | 'plan';
}

/** A rule as reports describe it. */
export interface ExplainedGuardrailRule {
  readonly title: string;
  readonly level: 'error' | 'warning' | 'note';
  /** The document it rests on (https). */
  readonly authority: string;
  readonly remedy: string;
  /** True for a rule the app added (Guardrails.addRule). */
  readonly custom?: boolean;
}

/** The guardrails of one stack's report. */
export interface ExplainedGuardrails {
  readonly rules: { readonly [id: string]: ExplainedGuardrailRule };
  readonly findings: readonly ExplainedGuardrailFinding[];
}

export const NO_GUARDRAILS: ExplainedGuardrails = { rules: {}, findings: [] };

const LEVELS = new Set(['error', 'warning', 'note']);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? escapeForLine(v) : undefined);

/**
 * The findings and rules the stack's metadata holds, each finding with its construct's class and source
 * line from the stack's origins; none when it holds none (or nothing that fits).
 */
export function readGuardrails(metadata: unknown, origins: ReadonlyMap<string, { readonly constructClass: string; readonly source?: string }>): ExplainedGuardrails {
  const record = readGuardrailsRecord(metadata);
  if (!isPlainObject(record)) return NO_GUARDRAILS;
  const rules: { [id: string]: ExplainedGuardrailRule } = {};
  const rawRules = (record as { [key: string]: unknown }).rules;
  if (isPlainObject(rawRules)) {
    for (const [id, r] of Object.entries(rawRules as object)) {
      if (!isPlainObject(r)) continue;
      const title = text(r.title);
      const level = typeof r.level === 'string' && LEVELS.has(r.level) ? (r.level as ExplainedGuardrailRule['level']) : undefined;
      const authority = typeof r.authority === 'string' && /^https:\/\/\S+$/.test(r.authority) ? escapeForLine(r.authority) : undefined;
      const remedy = text(r.remedy);
      if (title === undefined || level === undefined || authority === undefined || remedy === undefined) continue;
      rules[escapeForLine(id)] = { title, level, authority, remedy, ...(r.custom === true ? { custom: true } : {}) };
    }
  }
  const findings: ExplainedGuardrailFinding[] = [];
  for (const f of recordedFindings(record)) {
    const rule = escapeForLine(f.rule);
    if (rules[rule] === undefined) continue;
    // The construct's class and source line, from the stack's origins (written once per construct).
    const origin = origins.get(f.constructPath);
    findings.push({
      rule,
      // The level the rule has: a finding cannot raise or lower it.
      level: rules[rule].level,
      constructPath: escapeForLine(f.constructPath),
      ...(origin === undefined ? {} : { constructClass: escapeForLine(origin.constructClass) }),
      propPath: escapeForLine(f.propPath),
      message: escapeForLine(f.message),
      ...(origin?.source === undefined ? {} : { source: escapeForLine(origin.source) }),
      ...(f.acknowledged === undefined ? {} : { acknowledged: { reason: escapeForLine(f.acknowledged.reason), ...(f.acknowledged.until === undefined ? {} : { until: escapeForLine(f.acknowledged.until) }) } }),
      ...(f.lapsed === undefined ? {} : { lapsed: escapeForLine(f.lapsed) }),
      checkedAt: 'synth',
    });
  }
  return { rules, findings };
}

/** `WMC-1 (error) analysts authenticationProfileContent/SSL: … [main.ts:12] (acknowledged: …)`: one finding in a line. */
export function guardrailLine(f: ExplainedGuardrailFinding): string {
  const ack = f.acknowledged !== undefined ? ` (acknowledged: ${f.acknowledged.reason}${f.acknowledged.until === undefined ? '' : `, until ${f.acknowledged.until}`})` : f.lapsed !== undefined ? ` (its acknowledgement lapsed on ${f.lapsed})` : '';
  const plan = f.checkedAt === 'plan' ? ' (checked at plan: the value was known only then)' : '';
  return `${f.rule} (${f.level}) ${f.constructPath}${f.propPath === '' ? '' : ` ${f.propPath}`}: ${f.message}${plan}${ack}`;
}

/** `3 guardrail findings (1 error, 1 warning, 1 note; 1 acknowledged)`, or undefined when there are none. */
export function guardrailSummary(g: ExplainedGuardrails): string | undefined {
  const n = g.findings.length;
  if (n === 0) return undefined;
  const count = (level: string) => g.findings.filter((f) => f.level === level).length;
  const parts = (['error', 'warning', 'note'] as const).filter((l) => count(l) > 0).map((l) => `${count(l)} ${l}${count(l) === 1 ? '' : 's'}`);
  const acknowledged = g.findings.filter((f) => f.acknowledged !== undefined).length;
  return `${n} guardrail ${n === 1 ? 'finding' : 'findings'} (${parts.join(', ')}${acknowledged === 0 ? '' : `; ${acknowledged} acknowledged`})`;
}

/** An acknowledgement the stack records, for what explain checks at plan. */
export interface RecordedGuardrailAcknowledgement {
  readonly rule: string;
  readonly reason: string;
  readonly until?: string;
  /** The scope's path below the stack; `""` for the stack and above. */
  readonly scopePath: string;
}

/** The acknowledgements the stack's metadata records. */
export function readGuardrailAcknowledgements(metadata: unknown): RecordedGuardrailAcknowledgement[] {
  const record = readGuardrailsRecord(metadata);
  const raw = isPlainObject(record) ? (record as { [key: string]: unknown }).acknowledgements : undefined;
  const out: RecordedGuardrailAcknowledgement[] = [];
  for (const a of Array.isArray(raw) ? raw : []) {
    if (!isPlainObject(a) || typeof a.rule !== 'string' || typeof a.reason !== 'string' || typeof a.scopePath !== 'string') continue;
    out.push({ rule: escapeForLine(a.rule), reason: escapeForLine(a.reason), ...(typeof a.until === 'string' ? { until: escapeForLine(a.until) } : {}), scopePath: a.scopePath });
  }
  return out;
}

/** The constructs (paths below the stack) whose props held a value known only at plan, as the stack records them. */
export function readGuardrailsCheckAtPlan(metadata: unknown): ReadonlySet<string> {
  const record = readGuardrailsRecord(metadata);
  const raw = isPlainObject(record) ? (record as { [key: string]: unknown }).checkAtPlan : undefined;
  return new Set(Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : []);
}
