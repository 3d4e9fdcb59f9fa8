// The one rule for writing a received string (a value read from a service or a
// file) so that Terraform reads exactly that value, in JSON and in HCL.
//
// Authority: Terraform's template grammar (HCL's template syntax, which the
// JSON syntax applies to every string): `${` opens an interpolation and `%{` a
// directive; `$${` and `%%{` are the literal `${` and `%{`; a `$` or `%` not
// followed by `{` is literal. So a literal text is written with every `${` as
// `$${` and every `%{` as `%%{`, and nothing else changes (`$$${x}` reads as
// `$${x}`, checked with terraform itself by __tests__/core/literal-text.test.ts).
//
// cdktf scans every string it resolves for its token markers (`${TfToken[`,
// `#{TfToken[`, `&{TfToken[`) and would look the text up as a token (throwing,
// or worse, substituting another value). A literal `TfToken[` is therefore
// written `TfToken${"["}`: an interpolation of the string "[", which no marker
// matches and which Terraform reads as `[`. A leading U+FEFF, which Terraform
// drops from a JSON string, is written `${"\uFEFF"}`.
//
// Users' own strings keep cdktf's meaning (`${…}` is a template): only values
// wrapped with `Literal.text` are written literally. The readers and
// `NodeList.propsFromKubectlJson` wrap what they read; the constructs validate
// the literal text itself (`literalView`).
import { IResolvable, IResolveContext, Token, Tokenization } from './framework';
import { hclTemplate } from './hcl-writer';
import { isPlainObject } from './plain-object';
import { holdsTokenMarker, isMarkerFree, TOKEN_MARKER } from './token-marker';


/** The Terraform template (a JSON string's text) that Terraform reads as exactly `text`. */
export function literalTemplate(text: string): string {
  if (!/[$%]\{|TfToken\[|^\ufeff|[$%]$/.test(text)) return text;
  // split/join, not replace: a replacement string reads `$$` as one `$`.
  let escaped = text.split('${').join('$${').split('%{').join('%%{').split(TOKEN_MARKER).join('TfToken${"["}');
  // Terraform parses a JSON string as a template source of its own and skips a
  // byte-order mark at its start: a leading U+FEFF is written as an interpolation.
  if (escaped.startsWith('\ufeff')) escaped = `\${"\\uFEFF"}${escaped.slice(1)}`;
  // A last `$` or `%` would form `${` or `%{` with whatever follows the literal
  // (another literal, a reference): the whole run of them at the end is written
  // as one interpolation of itself (one alone after a `$` would form `$${`).
  const run = /[$%]+$/.exec(escaped);
  if (run !== null) escaped = `${escaped.slice(0, run.index)}\${"${run[0]}"}`;
  // Terraform's JSON reading stops interpolating after a lone CR (one not
  // followed by LF): where the literal relies on an interpolation, each lone CR
  // is one too, `${"\r"}`.
  if (escaped.includes('${"') && /\r(?!\n)/.test(escaped)) escaped = escaped.replace(/\r(?!\n)/g, '${"\\r"}');
  return escaped;
}

/**
 * What cdktf writes for a `Literal.text` of `text`: its template, or inside a
 * Terraform expression (a function argument, a `${` of the text around it:
 * token-braces.ts) a quoted template.
 */
export function literalWritten(text: string, insideExpression: boolean): string {
  return insideExpression ? hclTemplate(literalTemplate(text)) : literalTemplate(text);
}

/** True when `text` would not be read as itself if written as a template. */
export function needsLiteral(text: string): boolean {
  return literalTemplate(text) !== text;
}

/** The token behind `Literal.text`: resolves to the template that reads as its text. */
class LiteralToken implements IResolvable {
  public readonly creationStack: string[] = [];
  constructor(public readonly text: string) {}

  public resolve(context: IResolveContext): string {
    return literalWritten(this.text, context.suppressBraces === true);
  }

  public toString(): string {
    return Token.asString(this);
  }
}

/** The kind of a cdktf token, by its encoding: a string, a number, a list or a map. */
export type TokenKind = 'string' | 'number' | 'list' | 'map';

/** One piece of a string: text the user wrote, a literal, or another token (a reference), with its kind. */
export type StringPiece =
  | { readonly kind: 'plain'; readonly text: string }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'token'; readonly marker: string; readonly tokenKind: TokenKind };

// cdktf's token markers (tokens/private/encoding.ts): a string token, and the
// number encoding that cdktf also resolves inside a string ("a" + numberToken),
// which Token.isUnresolved does not see.
const STRING_TOKEN = /\$\{TfToken\[[\w.]+\]\}/g;
const NUMBER_TOKEN = /[-|\d|.+]+(e[-|\d|.|e|E|+]+)/g;
const OTHER_MARKER = /([#&])\{TfToken\[[\w.]+\]\}/;

/**
 * The pieces of a string that holds tokens, in order, or undefined for a string
 * without any. Text shaped like a token that no one made counts as a token.
 */
export function stringPieces(value: string): StringPiece[] | undefined {
  const hasMarker = holdsTokenMarker(value);
  if (!hasMarker && !hasNumberToken(value)) return undefined;
  const pieces: StringPiece[] = [];
  let at = 0;
  for (const match of hasMarker ? value.matchAll(STRING_TOKEN) : []) {
    if (match.index! > at) pieces.push(...plainPieces(value.slice(at, match.index)));
    pieces.push(tokenPiece(match[0]));
    at = match.index! + match[0].length;
  }
  if (at < value.length) pieces.push(...plainPieces(value.slice(at)));
  return pieces;
}

function hasNumberToken(text: string): boolean {
  if (!/\de/.test(text)) return false;
  for (const match of text.matchAll(NUMBER_TOKEN)) if (isNumberToken(match[0])) return true;
  return false;
}

function isNumberToken(text: string): boolean {
  try {
    return Tokenization.reverseNumber(parseFloat(text)) !== undefined;
  } catch {
    return false;
  }
}

// Text between string tokens: plain text, number tokens cdktf resolves inside
// it, and list or map markers (a token of another kind: refused in a string).
function plainPieces(text: string): StringPiece[] {
  const other = OTHER_MARKER.exec(text);
  if (other !== null) return [{ kind: 'token', marker: text, tokenKind: other[1] === '#' ? 'list' : 'map' }];
  const out: StringPiece[] = [];
  let at = 0;
  for (const match of /\de/.test(text) ? text.matchAll(NUMBER_TOKEN) : []) {
    if (!isNumberToken(match[0])) continue;
    if (match.index! > at) out.push({ kind: 'plain', text: text.slice(at, match.index) });
    out.push({ kind: 'token', marker: match[0], tokenKind: 'number' });
    at = match.index! + match[0].length;
  }
  if (at < text.length) out.push({ kind: 'plain', text: text.slice(at) });
  return out;
}

function tokenPiece(marker: string): StringPiece {
  try {
    const token = Tokenization.reverseString(marker).firstToken;
    return token instanceof LiteralToken ? { kind: 'literal', text: token.text } : { kind: 'token', marker, tokenKind: 'string' };
  } catch {
    // Text shaped like a token that no one made (cdktf throws "Unrecognized Token Key").
    return { kind: 'token', marker, tokenKind: 'string' };
  }
}

/** `text` with each `Literal.text` marker replaced by its text, for messages: the user sees what they wrote. */
export function withLiteralTexts(text: string): string {
  if (!holdsTokenMarker(text)) return text;
  return text.replace(STRING_TOKEN, (marker) => {
    const piece = tokenPiece(marker);
    return piece.kind === 'literal' ? piece.text : marker;
  });
}

/**
 * The text a string stands for when it is made of `Literal.text` strings and
 * plain text without template sequences (`Literal.text('a') + '-' + Literal.text('${b}')`);
 * undefined for any other value (plain text alone stands for itself).
 */
export function literalValueOf(value: unknown): string | undefined {
  return typeof value === 'string' ? literalOfPieces(stringPieces(value)) : undefined;
}

/** {@link literalValueOf} of a string already read into its pieces (`stringPieces`). */
export function literalOfPieces(pieces: readonly StringPiece[] | undefined): string | undefined {
  if (pieces === undefined || !pieces.some((p) => p.kind === 'literal')) return undefined;
  let text = '';
  for (const piece of pieces) {
    if (piece.kind === 'token' || (piece.kind === 'plain' && /[$%]\{/.test(piece.text))) return undefined;
    text += piece.text;
  }
  return text;
}

/**
 * `value` as it is written: a string made of literals and plain text becomes one
 * literal of the whole text (so a `$` and a `{` from two pieces cannot form
 * `${`); anything else is returned as it is.
 */
export function writtenLiteral(value: string): string {
  // A literal is a string token: text without a token marker is plain text (the common case, read at once).
  // A number token may come here as it is (an import id): it is no literal either.
  if (typeof value !== 'string' || !holdsTokenMarker(value)) return value;
  const text = literalValueOf(value);
  return text === undefined || stringPieces(value)!.length === 1 ? value : literalToken(text);
}

/** `writtenLiteral` for every string of a JSON-like value (arrays and plain objects copied only where something changed). */
export function writtenLiterals<T>(value: T): T {
  if (typeof value === 'string') return writtenLiteral(value) as unknown as T;
  // Loops that copy only from the first change: every list of every resource comes here, on both passes.
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = writtenLiterals(value[i]);
      if (out === undefined && v !== value[i]) out = value.slice(0, i);
      out?.push(v);
    }
    return (out ?? value) as unknown as T;
  }
  if (isPlainObject(value)) {
    let changed = false;
    const out: { [key: string]: unknown } = {};
    for (const key of Object.keys(value)) {
      const v = (value as { [key: string]: unknown })[key];
      out[key] = writtenLiterals(v);
      changed ||= out[key] !== v;
    }
    return (changed ? out : value) as T;
  }
  return value;
}

/** `text` as a string that Terraform reads literally: a token when it needs one, else `text` itself. */
export function literalText(text: string): string {
  return needsLiteral(text) ? literalToken(text) : text;
}

/**
 * `text` as a literal token, even where the text itself reads as itself: for
 * text the construct parses and rewrites (a profile's JSON content, whose
 * `\u0024{` becomes `${` once parsed).
 */
export function literalToken(text: string): string {
  return Token.asString(new LiteralToken(text));
}

/**
 * Every string of a value read from a service or a file, wrapped with
 * `literalText` where it needs it (object keys are left as they are: the
 * constructs' rules refuse keys that a template could change).
 */
export function literalStrings<T>(value: T): T {
  if (typeof value === 'string') return literalText(value) as unknown as T;
  if (Array.isArray(value)) return value.map(literalStrings) as unknown as T;
  if (isPlainObject(value)) {
    const out: { [key: string]: unknown } = {};
    for (const [key, v] of Object.entries(value as object)) out[key] = literalStrings(v);
    return out as T;
  }
  return value;
}

/**
 * `value` with every `Literal.text` string replaced by its text, for the
 * constructs' validation: a literal is checked as the text it stands for.
 * Apply it once, to what the user gave (a construct's props, a factory's
 * arguments): the result is text, and text is never looked up again (it may
 * spell a token).
 * Arrays and plain objects are copied only where something changed; cycles and
 * other objects are kept as they are.
 */
export function literalView<T>(value: T): T {
  // A snapshot's walk found no marker in it: its view is itself (the value is not walked twice).
  if (isMarkerFree(value)) return value;
  return viewOf(value, new Map()) as T;
}

function viewOf(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value === 'string') return literalValueOf(value) ?? value;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  seen.set(value, value);
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const v = viewOf(item, seen);
      changed ||= v !== item;
      return v;
    });
    const result = changed ? out : value;
    seen.set(value, result);
    return result;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    const item = (value as { [key: string]: unknown })[key];
    const v = viewOf(item, seen);
    changed ||= v !== item;
    out[literalValueOf(key) ?? key] = v;
    changed ||= (literalValueOf(key) ?? key) !== key;
  }
  const result = changed ? Object.assign(Object.create(Object.getPrototypeOf(value)), out) : value;
  seen.set(value, result);
  return result;
}

/**
 * For a construct that canonicalises text (sorts, merges, splits it): a
 * function that writes a text of `value`'s literal view as it was given, that
 * is literally again when it came as a `Literal.text` string.
 */
export function literalRewriter(value: unknown): (text: string) => string {
  const texts = new Set<string>();
  collectLiterals(value, texts, new Set());
  return texts.size === 0 ? (text) => text : (text) => (texts.has(text) ? literalText(text) : text);
}

function collectLiterals(value: unknown, texts: Set<string>, seen: Set<object>): void {
  if (typeof value === 'string') {
    const text = literalValueOf(value);
    if (text !== undefined) texts.add(text);
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) value.forEach((item) => collectLiterals(item, texts, seen));
  else if (isPlainObject(value)) Object.values(value).forEach((item) => collectLiterals(item, texts, seen));
}
