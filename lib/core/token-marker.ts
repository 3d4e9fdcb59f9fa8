// The text by which cdktf's encoded tokens are known in a string or a key
// (cdktf tokens/private/encoding.ts: `${TfToken[TOKEN.1]}` for a string,
// `#{TfToken[…]}` and `&{TfToken[…]}` inside list and map encodings). Text
// without it holds no string, list or map token (a number token is a number).
// Snapshots record the values in which they found none.

/** The marker every encoded string, list and map token holds. */
export const TOKEN_MARKER = 'TfToken[';

/** Whether `text` holds a token marker (text without one is plain text, read as itself). */
export function holdsTokenMarker(text: string): boolean {
  return text.includes(TOKEN_MARKER);
}

/**
 * The snapshots (snapshot.ts: the copy of a whole prop or argument, not each
 * list and object inside it) in which no string and no key holds a token
 * marker: no `Literal.text`, no token written in text. The snapshot's walk
 * finds it, so that a later reading of the same value (literalView,
 * literal-text.ts) need not walk it again.
 */
const MARKER_FREE = new WeakSet<object>();

/** Records a snapshot as holding no token marker (snapshot.ts, once its walk is done). */
export function markMarkerFree(value: object): void {
  MARKER_FREE.add(value);
}

/** Whether `value` is a snapshot in which no string or key holds a token marker. */
export function isMarkerFree(value: unknown): boolean {
  return value !== null && typeof value === 'object' && MARKER_FREE.has(value);
}
