// The values a guardrail rule reads: the props as the user gave them, made
// plain for every language (a class instance that stands for a value, such as
// a Principal, as its text; a token as its text), and a value Terraform knows
// only at plan told apart from a literal one.
import { Token } from './framework';
import { holdsTokenMarker, isMarkerFree } from './token-marker';
import type { GuardrailSubject } from './guardrail-rule';

/** True for a value Terraform knows only at plan: a token, or a text or list that holds one. */
export function isUnknown(value: unknown): boolean {
  return Token.isUnresolved(value);
}

/** A literal string, number or boolean as text; undefined for anything else and for a value known only at plan. */
export function knownText(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return isUnknown(value) ? undefined : String(value);
  // Every string, list or map token's text holds the marker (token-marker.ts): a look for it, not cdktf's full parse, per string read.
  if (typeof value !== 'string' || holdsTokenMarker(value)) return undefined;
  return value;
}

/** A list's entries; none for a value that is not a list (or one known only at plan). */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) && !isUnknown(value) ? value : [];
}

/** A map's entries; none for a value that is not a plain object. */
export function entriesOf(value: unknown): [string, unknown][] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype ? Object.entries(value as object) : [];
}

// Props that place a construct rather than describe it: a rule reads none of them.
const META = new Set(['provider', 'dependsOn', 'lifecycle', 'forEach', 'count', 'connection', 'provisioners']);

/**
 * The props as plain data, and whether any value is known only at plan (a token): class instances with
 * their own text (a Principal, a resource id) as that text, a token as its text, functions and other
 * objects left out; the meta-arguments left out.
 */
export function plainPropsOf(props: unknown): { props: { [prop: string]: any }; unknown: boolean } {
  const seen = { unknown: false };
  const out: { [prop: string]: any } = {};
  for (const [key, value] of entriesOf(props)) {
    if (META.has(key)) continue;
    const plain = plainValue(value, 0, seen);
    if (plain !== undefined) out[key] = plain;
  }
  return { props: out, unknown: seen.unknown };
}

/**
 * The props as the built-in rules read them: a construct's snapshot in which the walk met no token marker and
 * no object kept by reference (snapshot.ts, token-marker.ts) is plain data already, and is read as it is (a
 * node list's copy was the largest part of the guardrails' cost); any other, as plainPropsOf makes it. A number
 * token in such a snapshot is not seen as unknown: no built-in rule reads a number.
 */
export function builtinPropsOf(props: unknown): { props: { [prop: string]: any }; unknown: boolean } {
  return isMarkerFree(props) ? { props: props as { [prop: string]: any }, unknown: false } : plainPropsOf(props);
}

function plainValue(value: unknown, depth: number, seen: { unknown: boolean }): unknown {
  if (depth > 64) return undefined;
  if (typeof value === 'string') {
    if (!seen.unknown && holdsTokenMarker(value)) seen.unknown = true;
    return value;
  }
  if (typeof value === 'number') {
    if (!seen.unknown && isUnknown(value)) seen.unknown = true;
    return value;
  }
  if (value === null || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => plainValue(v, depth + 1, seen));
  if (typeof value !== 'object') return undefined;
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const out: { [key: string]: unknown } = {};
    for (const [k, v] of Object.entries(value as object)) {
      if (!seen.unknown && holdsTokenMarker(k)) seen.unknown = true;
      const plain = plainValue(v, depth + 1, seen);
      if (plain !== undefined) out[k] = plain;
    }
    return out;
  }
  if (Token.isUnresolved(value)) {
    seen.unknown = true;
    return Token.asString(value);
  }
  // A value class of the library (Principal, RestrictionPolicyResourceId): its own toString.
  const own = (value as { toString?: unknown }).toString;
  if (typeof own !== 'function' || own === Object.prototype.toString) return undefined;
  const text = String(value);
  // A principal of the current organization (CurrentOrg) is text around a token: known only at plan.
  if (!seen.unknown && holdsTokenMarker(text)) seen.unknown = true;
  return text;
}

/**
 * `read`, once per subject: every rule of a pack reads the same view of the props (evaluation passes one subject to
 * each). Kept on the subject under a key of its own (a weak map's entry per subject cost more than the rules' reading).
 */
export function perSubject<T>(read: (subject: GuardrailSubject) => T): (subject: GuardrailSubject) => T {
  const key = Symbol('perSubject');
  return (subject) => {
    const held = subject as unknown as { [key: symbol]: T };
    if (!(key in held)) held[key] = read(subject);
    return held[key];
  };
}
