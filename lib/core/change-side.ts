// One side of a planned change (before or after) with the masks Terraform
// gives beside it: `after_unknown` (true where a value is known only after
// apply) and `before_sensitive` / `after_sensitive` (true where a value is
// sensitive). Walking into a value walks into its masks alike, so that what is
// shown is decided at each value: a sensitive value is never shown, an unknown
// one is shown as "(known after apply)". In core: the constructs' field
// differs and explain (lib/explain/) both read it.
import { describeConcealed, describeValue } from './received-value';

/** What an unknown value reads as. */
export const KNOWN_AFTER_APPLY = '(known after apply)';
/** What a sensitive value reads as. */
export const SENSITIVE = '(sensitive)';

/** A value of one side of a change, with its masks. */
export interface ChangeSide {
  readonly value: unknown;
  readonly unknown: unknown;
  readonly sensitive: unknown;
}

/** A side with no value (the before of a create, the after of a delete). */
export const ABSENT: ChangeSide = { value: null, unknown: false, sensitive: false };

/**
 * A sensitivity mask (`before_sensitive` / `after_sensitive`) read against its
 * value, failing closed. Terraform writes `true` (sensitive), `false` (not),
 * an object mirroring an object's keys (those absent are not sensitive) and a
 * list mirroring a list. Any other shape (`"true"`, a number, a list where the
 * value is an object, an object where it is a list or a string, null, a list
 * shorter than its value) conceals the value it stands beside: it is `true`,
 * so nothing under it is ever shown (jsonstate.SensitiveAsBool in
 * hashicorp/terraform internal/command/jsonstate/state.go, v1.11.4, writes
 * the masks).
 */
export function sensitiveMask(value: unknown, mask: unknown): unknown {
  const absent = value === null || value === undefined;
  if (mask === true) return true;
  if (mask === false || mask === undefined) return false;
  // Nothing to show beside null, or a mask that marks nothing in it ("[]" and "{}" stand beside an unknown value).
  if (absent) return mask !== null && typeof mask === 'object' ? containsTrue(mask) : typeof mask !== 'boolean';
  if (mask === null || typeof mask !== 'object' || typeof value !== 'object' || Array.isArray(mask) !== Array.isArray(value)) return true;
  // One entry per element: an element the list does not mirror is concealed.
  if (Array.isArray(value)) return value.map((v, i) => (i < (mask as unknown[]).length ? sensitiveMask(v, (mask as unknown[])[i]) : true));
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value as object)) {
    out[key] = sensitiveMask((value as { [key: string]: unknown })[key], Object.prototype.hasOwnProperty.call(mask, key) ? (mask as { [key: string]: unknown })[key] : undefined);
  }
  return out;
}

/** The side's value at `key` (an attribute, a map key or a list index), masks included. */
export function child(side: ChangeSide, key: string | number): ChangeSide {
  return {
    value: pick(side.value, key),
    unknown: side.unknown === true ? true : pick(side.unknown, key) ?? false,
    sensitive: side.sensitive === true ? true : pick(side.sensitive, key) ?? false,
  };
}

function pick(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as any)[key] : undefined;
}

/** True when the value itself is unknown or sensitive (not only some part of it). */
export function isOpaque(side: ChangeSide): boolean {
  return side.unknown === true || side.sensitive === true;
}

/** True when some part of the value is unknown or sensitive. */
export function hasOpaquePart(side: ChangeSide): boolean {
  return containsTrue(side.unknown) || containsTrue(side.sensitive);
}

function containsTrue(mask: unknown): boolean {
  if (mask === true) return true;
  if (mask === null || typeof mask !== 'object') return false;
  return Object.values(mask).some(containsTrue);
}

/**
 * The value for a reader: "(sensitive)", "(known after apply)", its type and
 * size when `conceal` (a value under a credential-looking key), else as error
 * messages show values (JSON, escaped onto one line, credential-shaped text
 * redacted, long values cut). A value with sensitive parts is never shown.
 */
export function display(side: ChangeSide, conceal = false): string {
  if (side.sensitive === true || containsTrue(side.sensitive)) return SENSITIVE;
  if (side.unknown === true) return KNOWN_AFTER_APPLY;
  if (containsTrue(side.unknown)) return `${describeValue(side.value)} ${KNOWN_AFTER_APPLY.replace('(', '(parts ')}`;
  return conceal ? describeConcealed(side.value) : describeValue(side.value);
}

/** Two sides compare equal: the same known value, or the same opaque state. */
export function sameValue(before: ChangeSide, after: ChangeSide): boolean {
  if (isOpaque(after) || isOpaque(before) || hasOpaquePart(after) || hasOpaquePart(before)) {
    // Unknown after apply: a change may happen. Sensitive on both sides: equal values only when the masks and values agree.
    if (after.unknown === true || containsTrue(after.unknown)) return false;
  }
  return canonical(before.value) === canonical(after.value);
}

/** JSON with object keys sorted: equal values give equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v)) ?? 'null';
}
