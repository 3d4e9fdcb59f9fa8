// The one rule for putting text a server sent (an error body, a Status message,
// a fault message, a header) into an error message: credentials out, one line,
// short. Used by every reader and by the Datadog client.
//
// 1. Every credential the caller knows of (keys, tokens, passwords) is replaced
//    by `<name>`, and credential-shaped text is replaced too, whatever the
//    server echoes: `Bearer …`/`Basic …`, AWS access key ids, JWTs, private
//    keys, `password=…`-style pairs, user:password in URLs, long hex keys and
//    AWS-secret-shaped strings.
// 2. Control characters, line breaks (CR, LF, NEL, U+2028, U+2029), format and
//    bidi characters and lone surrogates are escaped (`\u001b`), and so is the
//    backslash: the excerpt stays on one line and cannot drive the terminal.
// 3. The result is cut to MAX_EXCERPT characters, with the full length said.

const MAX_EXCERPT = 300;

/** A credential to keep out of messages, and the name that replaces it. */
export interface KnownSecret {
  /** Shown instead, as `<name>`. */
  readonly name: string;
  /** The secret itself; empty or missing values are ignored. */
  readonly value: string | undefined;
}

// A secret this short cannot be replaced without mangling the text around it,
// nor left in: the server's text is then withheld.
const MIN_REDACTABLE = 6;

// Credential-shaped text, each with what stays of it. No word boundaries at the
// start: text glued to a credential must not shield it.
const CREDENTIAL_SHAPES: readonly [RegExp, string][] = [
  [/-----BEGIN[A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END[A-Z ]*PRIVATE KEY-----|$)/g, '<private key>'],
  [/(Bearer\s+)[^\s"',;]+/gi, '$1<redacted>'],
  [/(Basic\s+)[A-Za-z0-9+/=]{8,}/gi, '$1<redacted>'],
  [/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g, '<redacted token>'],
  [/(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{16}/g, '<redacted key id>'],
  [/(\/\/)[^\s/@:]*:[^\s/@]*@/g, '$1<redacted>@'],
  // key=value and key: value pairs, unless the value is already a placeholder.
  [
    /((?:password|passwd|pwd|secret|token|api[_-]?key|app(?:lication)?[_-]?key|access[_-]?key(?:[_-]?id)?|session[_-]?token|client[_-]?key(?:[_-]?data)?|credentials?|authorization)["']?\s*[:=]\s*["']?)(?!<[A-Za-z][\w .-]*>)[^\s"',;&)}\]]+/gi,
    '$1<redacted>',
  ],
  // Base64 runs of 40 characters or more with upper and lower case and a digit: an AWS secret access key, a key, a blob.
  [/(?<![A-Za-z0-9/+])(?=[A-Za-z0-9/+]*[A-Z])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[0-9])[A-Za-z0-9/+]{40,}={0,2}/g, '<redacted>'],
  // Datadog API (32) and application (40) keys, and other long hex secrets.
  // (Digits and letters both: a run of one letter, `aaaa…`, is no key.)
  [/(?<![0-9a-f])(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{32,}(?![0-9a-f])/g, '<redacted>'],
];

/**
 * Replaces each known secret by `<name>` and credential-shaped text by a
 * placeholder. The text is returned unchanged otherwise (no escaping).
 *
 * @param text any text
 * @param secrets the credentials the caller knows of
 * @returns the text without them, or undefined when a known secret is too short to redact safely
 */
export function redactCredentials(text: string, secrets: readonly KnownSecret[] = []): string | undefined {
  let out = text;
  // Longest first: a secret that contains another is replaced whole.
  const known = secrets.filter((s) => typeof s.value === 'string' && s.value !== '').sort((a, b) => b.value!.length - a.value!.length);
  for (const { name, value } of known) {
    if (value!.length < MIN_REDACTABLE) {
      if (out.includes(value!)) return undefined;
      continue;
    }
    out = out.split(value!).join(`<${name}>`);
  }
  for (const [pattern, replacement] of CREDENTIAL_SHAPES) out = out.replace(pattern, replacement);
  return out;
}

// What breaks a line or drives a terminal.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const UNSAFE_OR_BACKSLASH = new RegExp(`\\\\|${UNSAFE.source}`, 'gu');

/**
 * Escapes what would break a one-line message or drive a terminal: C0 and C1
 * controls, line and paragraph separators, format (bidi, zero-width) characters,
 * lone surrogates, and the backslash itself.
 *
 * @param text any text
 * @param backslash whether to escape the backslash too (false for a text whose server excerpts are already escaped)
 * @returns the text on one line, each such character as `\uXXXX` (`\\` for a backslash)
 */
export function escapeForLine(text: string, backslash = true): string {
  return text.replace(backslash ? UNSAFE_OR_BACKSLASH : UNSAFE, (c) =>
    c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The start of a long text, with its length. Never cuts an escape (`\u001b`)
 * or a surrogate pair in two.
 *
 * @param text any text
 * @returns at most 300 characters of it, and its length when cut
 */
export function truncate(text: string): string {
  if (text.length <= MAX_EXCERPT) return text;
  let end = 0;
  for (const token of text.matchAll(/\\u[0-9a-f]{4}|\\\\|[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g)) {
    if (end + token[0].length > MAX_EXCERPT) break;
    end += token[0].length;
  }
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/**
 * Server text as it may appear in an error message: credentials redacted,
 * escaped onto one line, shortened.
 *
 * @param text what the server sent
 * @param secrets the credentials the caller knows of
 * @returns the excerpt
 */
export function serverExcerpt(text: string, secrets: readonly KnownSecret[] = []): string {
  const redacted = redactCredentials(String(text), secrets);
  if (redacted === undefined) return `(${text.length} characters, not shown: they contain a credential too short to redact)`;
  return truncate(escapeForLine(redacted));
}
