import { Fn } from '../core/framework';
import { isPlainObject } from '../core/plain-object';
import { literalText, literalValueOf, stringPieces } from '../core/literal-text';
import { isUnresolved, Problems } from '../core/problems';
import { isCredentialLookingKey } from '../core/received-value';

/**
 * Keys the service refuses to store in a profile, because they are credentials.
 * Matching is exact, as the service's own list is (it names `Password` and `password`).
 */
export const CREDENTIAL_KEYS: readonly string[] = [
  'AccessKeyID',
  'access_key_id',
  'SecretAccessKey',
  'secret_access_key_id',
  'PWD',
  'Password',
  'password',
  'AuthProfile',
  'auth_profile',
];

/**
 * Whether a content key's value is never shown (in an error message or a plan
 * explanation): the service's credential keys, as Terraform reads them (NFC),
 * and anything that reads like a credential (received-value.ts).
 */
export function isCredentialContentKey(key: string): boolean {
  return CREDENTIAL_KEYS.includes(key.normalize('NFC')) || isCredentialLookingKey(key);
}

const ALLOWED_CONTENT = 'a JSON object of string keys to string values, e.g. {"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}';

/** A checked content: what the construct writes, and the text Terraform will send when known. */
export interface CheckedProfileContent {
  /** The content as written to Terraform: canonical JSON, a token, or a `Literal.text` string. */
  readonly written: string;
  /** The characters the service will receive, when no part of it is unknown until Terraform runs. */
  readonly text?: string;
}

/**
 * Checks a profile's content and returns what to write: canonical JSON (keys
 * sorted by code unit, no insignificant whitespace, so equivalent inputs give
 * the same bytes). A `Literal.text` content (read from the service) is checked
 * as its text and written so that Terraform reads its canonical JSON literally;
 * so are literal keys and values inside an object. A token (a variable, a
 * reference) is returned untouched. Undefined when invalid.
 */
export function checkProfileContent(
  content: string | { [key: string]: string },
  problems: Problems,
  path: string,
): CheckedProfileContent | undefined {
  const literal = literalValueOf(content);
  if (literal === undefined && isUnresolved(content) && typeof content === 'string') return { written: content };
  // A whole-map token (`Token.asStringMap(variable.value)`): Terraform's jsonencode writes it, keys sorted as here.
  if (literal === undefined && isUnresolved(content) && isPlainObject(content)) return { written: Fn.jsonencode(content) };
  const source = literal ?? content;
  let parsed: unknown = source;
  if (typeof source === 'string') {
    try {
      parsed = JSON.parse(source);
    } catch (e) {
      // The parser's message quotes the text, which may hold a password: keep only where it failed.
      const at = /at position (\d+)/.exec((e as Error).message);
      problems.addConcealed(path, source, `${ALLOWED_CONTENT} (not valid JSON${at ? ` at position ${at[1]}` : ''})`);
      return undefined;
    }
  }
  if (!isPlainObject(parsed)) {
    // A Map, a Date or a class instance would be written as "{}": refused, not lost.
    problems.addConcealed(path, source, ALLOWED_CONTENT);
    return undefined;
  }
  // Each entry as given (for writing) and as its text (for the rules).
  // Text parsed out of a literal is text: never looked up as a token (live text may look like one).
  const textOf = (given: unknown) => (literal === undefined ? literalValueOf(given) ?? given : given);
  const entries = Object.entries(parsed as object).map(([key, value]) => ({ key, value, textKey: textOf(key) as string, textValue: textOf(value) }));
  for (const { textKey: key, textValue: value } of entries) {
    if (typeof value !== 'string') {
      const allowed = 'a string value (the service stores string values only)';
      // Not echoed: the service's credential keys and anything that reads like one (received-value.ts).
      if (isCredentialContentKey(key)) problems.addConcealed(`${path}/${key}`, value, allowed);
      else problems.add(`${path}/${key}`, value, allowed);
    } else if (CREDENTIAL_KEYS.includes(key.normalize('NFC'))) {
      // As Terraform reads it (NFC): `Access\u212AeyID` (Kelvin sign) is `AccessKeyID`.
      problems.add(
        `${path}/${key}`,
        key,
        `a key other than ${CREDENTIAL_KEYS.join(', ')}: the service refuses to store credentials in a profile; pass them to the driver at connect time`,
      );
    }
  }
  if (!problems.isClean(path)) return undefined;
  entries.sort((a, b) => (a.textKey < b.textKey ? -1 : a.textKey > b.textKey ? 1 : 0));
  const unknown = literal === undefined && entries.some((e) => (e.key === e.textKey && isUnresolved(e.key)) || (e.value === e.textValue && isUnresolved(e.value)));
  const text = unknown ? undefined : `{${entries.map((e) => `${JSON.stringify(e.textKey)}:${JSON.stringify(e.textValue)}`).join(',')}}`;
  // Literal content (read from the service) is canonical JSON Terraform reads literally.
  if (literal !== undefined) return { written: literalText(text!), text };
  // A literal key or value is written as a JSON string whose template sequences Terraform reads literally.
  const json = (given: string, text: string) => (given === text ? jsonString(given) : literalText(JSON.stringify(text)));
  const written = `{${entries.map((e) => `${json(e.key, e.textKey)}:${json(e.value, e.textValue as string)}`).join(',')}}`;
  return { written, text };
}

/**
 * A user's string as a JSON string: its text JSON-escaped, references kept as
 * they are, and each literal piece JSON-escaped too (its text must not close the
 * string: `"` or a newline in a literal next to a reference stays inside it).
 */
function jsonString(given: string): string {
  const pieces = stringPieces(given);
  if (pieces === undefined || !pieces.some((p) => p.kind === 'literal')) return JSON.stringify(given);
  const inner = (text: string) => JSON.stringify(text).slice(1, -1);
  return `"${pieces.map((p) => (p.kind === 'token' ? p.marker : p.kind === 'literal' ? literalText(inner(p.text)) : inner(p.text))).join('')}"`;
}

/** Length of the content as the quota counts it: UTF-8 bytes. */
export function contentByteLength(content: string): number {
  // Terraform reads (and sends) every string in NFC, which can be longer or shorter.
  return Buffer.byteLength(content.normalize('NFC'), 'utf8');
}
