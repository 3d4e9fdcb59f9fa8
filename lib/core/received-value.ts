// The one rule for showing a received value in an error line. A value is shown
// only where it cannot hold a secret; elsewhere (unknown properties, provider
// credentials, content under a credential key, unparseable text that may hold
// one, binary data) only its type and size are. Either way the line is short,
// and stays one line: what JSON leaves as is (C1 controls, line and paragraph
// separators, format and bidi characters) is escaped too.

import { withLiteralTexts } from './literal-text';
import { isPlainObject } from './plain-object';
import { escapeForLine, redactCredentials } from './server-text';

const MAX_RECEIVED_LENGTH = 120;

/**
 * Keys whose values are never shown, at any depth: anything that reads like a
 * credential (`Password`, `db_password`, `client_secret`, `ApiToken`, `api_key`, `Authorization`,
 * `ConnectionString`, `Cookie`, `Bearer`, `SessionId`, `Signature`, an Azure `SAS`). Test keys with
 * {@link isCredentialLookingKey}, which folds lookalike letters first.
 */
export const CREDENTIAL_LOOKING_KEY = /pass|pwd|secret|token|credential|key|auth|conn(?:ection)?str|connection|cookie|bearer|session|signature|(?:^|[^a-z])sas(?![a-z])|sas(?:token|url|uri)/i;

// Cyrillic and Greek letters that look like Latin ones (Unicode confusables), folded so that `Pаssword`
// with a Cyrillic "а" reads as the credential it imitates.
const LOOKALIKES: { readonly [letter: string]: string } = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', к: 'k', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', ԝ: 'w', ԛ: 'q',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ο: 'o', ρ: 'p', τ: 't', υ: 'u', κ: 'k', ν: 'v', ι: 'i', Α: 'A', Β: 'B', Ε: 'E', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Χ: 'X', Υ: 'Y', Ζ: 'Z',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

/** Whether a key reads like a credential ({@link CREDENTIAL_LOOKING_KEY}), compatibility forms (NFKC) and lookalike letters folded. */
export function isCredentialLookingKey(key: string): boolean {
  return CREDENTIAL_LOOKING_KEY.test(key.normalize('NFKC').replace(LOOKALIKE, (c) => LOOKALIKES[c]));
}

/** A received value, rendered for humans: JSON-like, truncated when long; binary data and class instances by type and size. */
export function describeValue(value: unknown): string {
  try {
    return describeReadable(value);
  } catch {
    // A revoked Proxy (or a getter that throws) anywhere inside the value.
    return 'a value that cannot be read (a revoked Proxy or a throwing getter)';
  }
}

function describeReadable(value: unknown): string {
  // A Literal.text value is shown as the text it stands for, not as cdktf's marker.
  if (typeof value === 'string') value = withLiteralTexts(value);
  if (typeof value === 'string' && value.length > MAX_RECEIVED_LENGTH) {
    // Redacted before it is cut, so that a credential across the cut is not half shown.
    return `${quote(redacted(value).slice(0, MAX_RECEIVED_LENGTH), false)}… (${value.length} characters)`;
  }
  const out: string[] = [];
  const length = render(value, new Set(), out, 0);
  const text = out.join('');
  return length > MAX_RECEIVED_LENGTH ? `${text.slice(0, MAX_RECEIVED_LENGTH)}… (more than ${MAX_RECEIVED_LENGTH} characters)` : text;
}

/** A received value that may hold a secret: its type and size only. */
export function describeConcealed(value: unknown): string {
  try {
    return describeConcealedReadable(value);
  } catch {
    return 'a value that cannot be read (a revoked Proxy or a throwing getter)';
  }
}

function describeConcealedReadable(value: unknown): string {
  const shape = opaqueShape(value);
  if (shape !== undefined) return shape;
  if (typeof value === 'string') return `a string of ${plural(withLiteralTexts(value).length, 'character')} (not shown)`;
  if (typeof value === 'number' || typeof value === 'boolean') return `a ${typeof value} (not shown)`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${plural(value.length, 'item')} (not shown)`;
  return `an object with ${plural(Object.keys(value as object).length, 'key')} (not shown)`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

// Values never shown by content, whichever rule applies; undefined for plain data.
function opaqueShape(value: unknown): string | undefined {
  if (value === undefined) return 'nothing';
  if (typeof value === 'bigint') return 'a bigint (not shown)';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return undefined;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return `a ${value.constructor?.name ?? 'binary value'} of ${plural(value.byteLength, 'byte')} (not shown)`;
  }
  if (value instanceof Map) return `a Map of ${value.size} ${value.size === 1 ? 'entry' : 'entries'} (not shown)`;
  if (value instanceof Set) return `a Set of ${plural(value.size, 'item')} (not shown)`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : `a Date (${value.toISOString()})`;
  if (Array.isArray(value) || isPlainObject(value)) return undefined;
  return `an instance of ${Object.getPrototypeOf(value)?.constructor?.name || 'a class'} (not shown)`;
}

// JSON of plain data, with what JSON cannot say spelled out instead of throwing
// or printing null (NaN, Infinity, cycles, opaque values nested inside). Stops
// once the line is long enough, so a huge value costs no more than a short one.
function render(value: unknown, ancestors: Set<object>, out: string[], length: number): number {
  const emit = (text: string) => {
    out.push(text);
    length += text.length;
  };
  if (length > MAX_RECEIVED_LENGTH) return length;
  const shape = opaqueShape(value);
  if (shape !== undefined) {
    emit(ancestors.size > 0 ? `[${shape}]` : shape);
  } else if (typeof value === 'number') {
    emit(String(value));
  } else if (value === null || typeof value !== 'object') {
    emit(typeof value === 'string' ? quote(withLiteralTexts(value)) : JSON.stringify(value));
  } else if (ancestors.has(value)) {
    emit('[cycle]');
  } else {
    ancestors.add(value);
    const isList = Array.isArray(value);
    emit(isList ? '[' : '{');
    const keys = isList ? (value as unknown[]).map((_, i) => i) : Object.keys(value);
    for (let i = 0; i < keys.length && length <= MAX_RECEIVED_LENGTH; i++) {
      if (i > 0) emit(',');
      if (!isList) emit(`${quote(String(keys[i]))}:`);
      // `key` alone is a field of Kubernetes taints and selectors, not a credential.
      if (!isList && keys[i] !== 'key' && isCredentialLookingKey(String(keys[i]))) emit(`[${describeConcealed((value as any)[keys[i]])}]`);
      else length = render((value as any)[keys[i]], ancestors, out, length);
    }
    emit(isList ? ']' : '}');
    ancestors.delete(value);
  }
  return length;
}

// A string as JSON, credential-shaped text redacted (a token where an object belongs, a key
// pasted into an id), with what JSON leaves unescaped that would break the line or drive a terminal escaped.
function quote(text: string, redact = true): string {
  return escapeForLine(JSON.stringify(redact ? redacted(text) : text), false);
}

function redacted(text: string): string {
  return redactCredentials(text) ?? `<${text.length} characters not shown>`;
}
