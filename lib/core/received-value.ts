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
 * Keys whose values are never shown, at any depth: keys that read like a credential, judged by
 * their words (see {@link keyWords}: `client_secret` is client+secret, `APIKey` api+key,
 * `x-api-key` x+api+key, `SSLPassword` ssl+password). A key is credential-looking when
 *
 * - one of its words is a credential word (`Password`, `db_password`, `client_secret`, `ApiToken`,
 *   `Authorization`, `Cookie`, `Bearer`, `Signature`, an Azure `SAS`);
 * - two adjacent words are a credential pair (`api_key`, `DD-APPLICATION-KEY`, `AccessKeyID`,
 *   `private_key`, `tls.key`, `ConnectionString`, `SessionId`, `saml_assertion`, `TrustStore`);
 * - a word ends with a glued credential word (`sslpassword`, `secretaccesskey`, `apikey`,
 *   `authtoken`, `ssh-privatekey`, `ssltruststore`): the Amazon Redshift driver options are not case
 *   sensitive, so `SSLPassword` may arrive as `sslpassword`, with no boundary left to split at; or
 * - its last word is `auth` (a Docker config's `auth`, `basic_auth`), not its first (Redshift's
 *   `AuthProfile` and `AuthType` name a profile and a mode, Kubernetes' `auth-extra-groups` groups);
 *
 * unless the word that makes it so is followed by a kind word: `token_type` names the kind of the
 * `token` beside it (`ACCESS_TOKEN` or `EXT_JWT`), `credentials_provider` a plugin's class.
 *
 * `key` alone is not a credential word: `DriftKey`, `new_key`, `monkey`, `keyId` and the `key` of a
 * Kubernetes taint or selector are shown (the callers' former `key !== 'key'` exceptions are the rule
 * now). Nor are `pass`, `session` or `connection` alone (`passenger`, `roleSessionName`,
 * `connectionTimezone`). The table test `__tests__/core/credential-keys.test.ts` judges the rule by
 * the keys of the Redshift, Datadog and Kubernetes documents (the Redshift drivers' option lists in
 * full: __tests__/core/fixtures/upstream/redshift-*-options.json); the false positives it still has
 * are listed in docs/validation.md ("Which keys are concealed"). Test keys with {@link isCredentialLookingKey}, which folds
 * compatibility forms and lookalike letters first.
 */
export const CREDENTIAL_LOOKING_KEY = {
  /** Words that make any key credential-looking, wherever they stand in it. */
  words: [
    'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secrets', 'token', 'tokens', 'credential', 'credentials',
    'cookie', 'cookies', 'bearer', 'signature', 'sas', 'authorization', 'dockercfg', 'dockerconfigjson',
  ] as readonly string[],
  /** Adjacent words that together name a credential, each word harmless alone. */
  pairs: [
    ['api', 'key'], ['app', 'key'], ['application', 'key'], ['access', 'key'], ['private', 'key'], ['secret', 'key'],
    ['account', 'key'], ['signing', 'key'], ['encryption', 'key'], ['ssh', 'key'], ['tls', 'key'], ['session', 'key'], ['session', 'id'],
    ['client', 'secret'], ['session', 'token'],
    ['conn', 'string'], ['conn', 'str'], ['connection', 'string'], ['connection', 'str'],
    // A SAML assertion is exchanged for AWS credentials (the Redshift JDBC driver's `saml_assertion`); the
    // JDBC driver reads its truststore password from the key `ssltruststore` (RedshiftProperty.SSL_TRUSTSTORE_PWD_KEY).
    ['saml', 'assertion'], ['trust', 'store'],
  ] as ReadonlyArray<readonly [string, string]>,
  /**
   * Endings of a word written without boundaries (`sslpassword`, `secretaccesskey`, `webidentitytoken`,
   * `apikey`, `applicationkey`, `ssh-privatekey`): the documents' credential keys, lowercased.
   */
  gluedEndings: [
    'password', 'pwd', 'secret', 'token', 'accesskey', 'accesskeyid', 'apikey', 'appkey', 'applicationkey', 'privatekey',
    'connectionstring', 'samlassertion', 'truststore', 'secretkey', 'sessionid', 'sessionkey',
  ] as readonly string[],
  /** Words that make a key credential-looking when they end it. */
  lastWords: ['auth'] as readonly string[],
  /** Words that, right after the word that makes a key credential-looking, make it name a kind instead. */
  kindWords: ['type', 'provider'] as readonly string[],
} as const;

// Cyrillic and Greek letters, and Latin small capitals, that look like Latin ones (Unicode confusables),
// folded so that `Pаssword` with a Cyrillic "а", or `ꜱecret` with a small capital, reads as the credential
// it imitates.
const LOOKALIKES: { readonly [letter: string]: string } = {
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p',
  ǫ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', к: 'k', ѕ: 's', і: 'i', ј: 'j', ԁ: 'd', һ: 'h', ӏ: 'l', ԝ: 'w', ԛ: 'q',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I', Ј: 'J',
  α: 'a', ο: 'o', ρ: 'p', τ: 't', υ: 'u', κ: 'k', ν: 'v', ι: 'i', Α: 'A', Β: 'B', Ε: 'E', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Χ: 'X', Υ: 'Y', Ζ: 'Z',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');

// A word: a run of capitals not followed by a lowercase letter (an acronym: `API` of `APIKey`, `SSL` of
// `SSLPassword`, `ID` of `AccessKeyID`), a capital and the lowercase letters after it, or lowercase letters
// alone. Anything else (digits, `_ - . / :`, spaces, any other non-letter) separates words.
const WORD = /\p{Lu}+(?![\p{Ll}\p{Lo}\p{Lm}])|[\p{Lu}\p{Lt}]?[\p{Ll}\p{Lo}\p{Lm}\p{Mn}]+|[\p{Lu}\p{Lt}]+/gu;

// Characters that render as nothing, folded out before a key is split into words: `pa\u00ADssword`
// (a soft hyphen) reads as `password`. Format characters (\p{Cf}: soft hyphen, zero-width space and
// joiners, bidi marks, U+180E) and the rest of Unicode's Default_Ignorable_Code_Point (U+034F combining
// grapheme joiner, U+180B-U+180F Mongolian and U+FE00-U+FE0F variation selectors, U+115F/U+1160/U+3164
// Hangul fillers). Authority: Unicode 15.1, DerivedCoreProperties.txt (Default_Ignorable_Code_Point)
// and UAX #31 section 5 (such characters are ignored when identifiers are compared).
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

const WORDS = new Set(CREDENTIAL_LOOKING_KEY.words);
const PAIRS = new Set(CREDENTIAL_LOOKING_KEY.pairs.map(([a, b]) => `${a} ${b}`));

/**
 * A key's words, lowercased, after invisible characters (format and default-ignorable ones), compatibility
 * forms (NFKC) and lookalike letters are folded: split at
 * camelCase and PascalCase boundaries (acronyms included: `APIKey` is api, key), at digits and at any
 * other non-letter.
 */
export function keyWords(key: string): string[] {
  return (foldedKey(key).match(WORD) ?? []).map((word) => word.toLowerCase());
}

/** A key with invisible characters, compatibility forms and lookalike letters folded. */
function foldedKey(key: string): string {
  return key.replace(INVISIBLE, '').normalize('NFKC').replace(INVISIBLE, '').replace(LOOKALIKE, (c) => LOOKALIKES[c]);
}

/**
 * A key's parts between separators (anything but letters and digits), lowercased, with no case
 * boundary split: the Redshift drivers read their options without regard to case ("Configuration
 * options are not case sensitive": Amazon Redshift JDBC driver 2.x configuration options), so
 * `PassWord`, `PWd` and `SessionToKen` are `Password`, `PWD` and `SessionToken` to them.
 */
function caselessParts(key: string): string[] {
  return foldedKey(key)
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Mn}]+/u)
    .filter((part) => part !== '');
}

/** Keys already read (a fleet repeats its keys): bounded, so hostile keys cannot grow it without limit. */
const READ_KEYS = new Map<string, boolean>();
const MAX_READ_KEYS = 10_000;

/** Whether a key reads like a credential, by its words ({@link CREDENTIAL_LOOKING_KEY}). */
export function isCredentialLookingKey(key: string): boolean {
  let looks = READ_KEYS.get(key);
  if (looks === undefined) {
    looks = readsLikeCredential(key);
    if (READ_KEYS.size < MAX_READ_KEYS) READ_KEYS.set(key, looks);
  }
  return looks;
}

function readsLikeCredential(key: string): boolean {
  return credentialByWords(keyWords(key)) || credentialByWords(caselessParts(key));
}

/** Whether the words (or caseless parts) of a key make it credential-looking ({@link CREDENTIAL_LOOKING_KEY}). */
function credentialByWords(words: readonly string[]): boolean {
  return words.some((word, i) =>
    (WORDS.has(word) ||
      (i > 0 && PAIRS.has(`${words[i - 1]} ${word}`)) ||
      CREDENTIAL_LOOKING_KEY.gluedEndings.some((ending) => word.endsWith(ending)) ||
      (i === words.length - 1 && CREDENTIAL_LOOKING_KEY.lastWords.includes(word))) &&
    !CREDENTIAL_LOOKING_KEY.kindWords.includes(words[i + 1]),
  );
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
    // A list's indexes are not gathered first: a sparse list's length may be 2^32 - 1.
    const keys = isList ? undefined : Object.keys(value);
    const count = isList ? (value as unknown[]).length : keys!.length;
    for (let i = 0; i < count && length <= MAX_RECEIVED_LENGTH; i++) {
      if (i > 0) emit(',');
      const key = isList ? i : keys![i];
      if (!isList) emit(`${quote(String(key))}:`);
      // `key` alone (a field of Kubernetes taints and selectors) is not credential-looking: the rule shows it.
      if (!isList && isCredentialLookingKey(String(key))) emit(`[${describeConcealed((value as any)[key])}]`);
      else length = render((value as any)[key], ancestors, out, length);
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
