// The text of a validation error's message, and the one reader of it.
//
// Other jsii languages receive a ValidationError as their runtime's exception
// carrying the message only; `Errors.validationDetails` reads the construct path
// and the problems back from that string. Paths embed user keys and construct
// ids, received values and allowed texts may embed user text, so the format
// escapes exactly what would make it ambiguous, and nothing else: ordinary
// messages read as they always did.
//
// The format (docs/other-languages.md "Errors in other languages", docs/validation.md "The message"):
//
//   <constructPath>: <N> invalid properties:          ("1 invalid property:" for one)
//     <path>: received <received>; allowed: <allowed>  (one line per problem, at most 50)
//     … and <N - listed> more                          (only when some are not listed)
//
// Each field (construct path, path, received, allowed) is written as is, except:
// - a line break, control character (C0, C1, DEL), format character (zero-width,
//   bidi, BOM, soft hyphen, …), U+2028/U+2029 or lone surrogate is written
//   `\uXXXX` (its UTF-16 units, four hex digits each), so a problem stays on one
//   line and nothing is hidden from the terminal;
// - in a path, each `: received ` is written `\: received `; in a received
//   value, each `; allowed: ` is written `\; allowed: ` (the first unescaped
//   separator ends the field);
// - a backslash is written `\\` where it is followed by `\`, `u`, `:`, `;`, a
//   character written `\uXXXX`, or the end of the field (anywhere else, as in
//   JSON's `\"` or `\n`, it stands for itself).
// Read back: `\\` is `\`, `\uXXXX` the unit XXXX, `\:` is `:`, `\;` is `;`, any
// other backslash itself. The header's construct path is everything before the
// last `: <N> invalid propert…:`.
//
// Reading is one left-to-right pass over each line (no regular expression runs
// over user text), so it takes time linear in the message's length.
import type { ValidationProblem } from './validation-problem';

/** How many problem lines a message lists before "… and N more". */
export const MAX_PROBLEM_LINES = 50;

const RECEIVED_SEPARATOR = ': received ';
const ALLOWED_SEPARATOR = '; allowed: ';
const MORE_PREFIX = '  … and ';
const MORE_SUFFIX = ' more';
const ONE_SUFFIX = ' invalid property:';
const MANY_SUFFIX = ' invalid properties:';

// Characters written as \uXXXX: controls (Cc: C0, DEL, C1 including U+0085),
// format characters (Cf), line and paragraph separators, lone surrogates.
const HIDDEN = String.raw`\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}`;
// A backslash that would otherwise start an escape, or a hidden character. The
// alternatives are single characters with a one-character look-ahead (or a
// fixed separator): a global replace over them is linear.
const PLAIN_ESCAPES = new RegExp(String.raw`\\(?=[\\u:;${HIDDEN}]|$)|[${HIDDEN}]`, 'gu');
const PATH_ESCAPES = new RegExp(String.raw`\\(?=[\\u:;${HIDDEN}]|$)|[${HIDDEN}]|${RECEIVED_SEPARATOR}`, 'gu');
const RECEIVED_ESCAPES = new RegExp(String.raw`\\(?=[\\u:;${HIDDEN}]|$)|[${HIDDEN}]|${ALLOWED_SEPARATOR}`, 'gu');

function escapeOne(match: string): string {
  if (match === '\\') return '\\\\';
  if (match.length > 2) return `\\${match}`; // a separator: escape its first character
  let out = '';
  for (let i = 0; i < match.length; i++) out += `\\u${match.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  return out;
}

function escapeField(text: string, escapes: RegExp): string {
  return text.replace(escapes, escapeOne);
}

/** The message of a validation error: a header line, then one line per problem (see the format above). */
export function formatValidationMessage(constructPath: string, problems: readonly ValidationProblem[]): string {
  const count = problems.length === 1 ? `1${ONE_SUFFIX}` : `${problems.length}${MANY_SUFFIX}`;
  const lines = [`${escapeField(constructPath, PLAIN_ESCAPES)}: ${count}`];
  for (const p of problems.slice(0, MAX_PROBLEM_LINES)) {
    lines.push(
      `  ${escapeField(p.path, PATH_ESCAPES)}${RECEIVED_SEPARATOR}${escapeField(p.received, RECEIVED_ESCAPES)}${ALLOWED_SEPARATOR}${escapeField(p.allowed, PLAIN_ESCAPES)}`,
    );
  }
  if (problems.length > MAX_PROBLEM_LINES) lines.push(`${MORE_PREFIX}${problems.length - MAX_PROBLEM_LINES}${MORE_SUFFIX}`);
  return lines.join('\n');
}

/** A validation message read back: the construct path, the total count and the listed problems. */
export interface ParsedValidationMessage {
  readonly constructPath: string;
  readonly problemCount: number;
  readonly problems: ValidationProblem[];
}

/**
 * Reads a message written by `formatValidationMessage` back, exactly; undefined
 * for any other text (a header without problem lines, a count that disagrees
 * with the lines, a line of another shape). Linear in the message's length.
 */
export function parseValidationMessage(message: string): ParsedValidationMessage | undefined {
  const lines = message.split('\n');
  // The writer never leaves a raw CR in the text: one at a line's end came from a host that writes CRLF.
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const header = readHeader(lines[0]);
  if (header === undefined) return undefined;
  let last = lines.length;
  let unlisted = 0;
  if (last > 1) {
    const more = readMore(lines[last - 1]);
    if (more !== undefined) {
      unlisted = more;
      last--;
    }
  }
  const problems: ValidationProblem[] = [];
  for (let i = 1; i < last; i++) {
    const problem = readProblem(lines[i]);
    if (problem === undefined) return undefined;
    problems.push(problem);
  }
  if (problems.length === 0 || problems.length + unlisted !== header.count) return undefined;
  return { constructPath: header.constructPath, problemCount: header.count, problems };
}

function readHeader(line: string): { constructPath: string; count: number } | undefined {
  const suffix = line.endsWith(MANY_SUFFIX) ? MANY_SUFFIX : line.endsWith(ONE_SUFFIX) ? ONE_SUFFIX : undefined;
  if (suffix === undefined) return undefined;
  const digitsEnd = line.length - suffix.length;
  const digitsStart = digitsBefore(line, digitsEnd);
  if (digitsStart === undefined || digitsStart < 2 || line.charCodeAt(digitsStart - 1) !== 0x20 || line.charCodeAt(digitsStart - 2) !== 0x3a) return undefined;
  const count = Number(line.slice(digitsStart, digitsEnd));
  if ((count === 1) !== (suffix === ONE_SUFFIX)) return undefined;
  const constructPath = readField(line, 0, digitsStart - 2, undefined);
  return constructPath === undefined ? undefined : { constructPath: constructPath.text, count };
}

// The start of a canonical decimal (no leading zero, a safe integer) that ends at `end`.
function digitsBefore(line: string, end: number): number | undefined {
  let start = end;
  while (start > 0 && end - start <= 15 && isDigit(line.charCodeAt(start - 1))) start--;
  if (start === end || end - start > 15 || (start > 0 && isDigit(line.charCodeAt(start - 1)))) return undefined;
  if (line.charCodeAt(start) === 0x30 && end - start > 1) return undefined;
  return start;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function readMore(line: string): number | undefined {
  if (!line.startsWith(MORE_PREFIX) || !line.endsWith(MORE_SUFFIX)) return undefined;
  const end = line.length - MORE_SUFFIX.length;
  const start = digitsBefore(line, end);
  if (start !== MORE_PREFIX.length) return undefined;
  const n = Number(line.slice(start, end));
  return n > 0 ? n : undefined;
}

function readProblem(line: string): ValidationProblem | undefined {
  if (line.charCodeAt(0) !== 0x20 || line.charCodeAt(1) !== 0x20) return undefined;
  const path = readField(line, 2, line.length, RECEIVED_SEPARATOR);
  if (path === undefined) return undefined;
  const received = readField(line, path.next, line.length, ALLOWED_SEPARATOR);
  if (received === undefined) return undefined;
  const allowed = readField(line, received.next, line.length, undefined);
  if (allowed === undefined) return undefined;
  return { path: path.text, received: received.text, allowed: allowed.text };
}

/**
 * Decodes `line[from, end)` up to the first unescaped `stop` (required when
 * given), or to `end`. Returns the text and where the next field starts. One
 * pass finds the field's end (each unit looked at once, plus a bounded look at
 * `stop` where its first character stands); a field with escapes is then
 * decoded in one more pass: linear.
 */
function readField(line: string, from: number, end: number, stop: string | undefined): { text: string; next: number } | undefined {
  const stopFirst = stop === undefined ? -1 : stop.charCodeAt(0);
  let escaped = false;
  let i = from;
  while (i < end) {
    const code = line.charCodeAt(i);
    if (code === 0x5c) {
      const length = escapeLength(line, i, end);
      escaped ||= length > 1;
      i += length;
    } else if (code === stopFirst && i + stop!.length <= end && line.startsWith(stop!, i)) {
      return { text: unescapeField(line.slice(from, i), escaped), next: i + stop!.length };
    } else {
      i++;
    }
  }
  if (stop !== undefined) return undefined;
  return { text: unescapeField(line.slice(from, end), escaped), next: end };
}

// How many units the backslash at `i` starts: 2 for \\, \: and \;, 6 for \uXXXX, else 1 (itself).
function escapeLength(line: string, i: number, end: number): number {
  if (i + 1 >= end) return 1;
  const next = line.charCodeAt(i + 1);
  if (next === 0x5c || next === 0x3a || next === 0x3b) return 2;
  if (next === 0x75 && i + 6 <= end && hex4(line, i + 2) !== undefined) return 6;
  return 1;
}

// Decodes a field that holds escapes, with the rules of escapeLength, into
// UTF-16 units turned into text a chunk at a time (few, large allocations: a
// field of millions of escapes costs no more per unit than a plain one).
function unescapeField(text: string, escaped: boolean): string {
  if (!escaped) return text;
  const units = new Uint16Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    const length = code === 0x5c ? escapeLength(text, i, text.length) : 1;
    units[n++] = length === 2 ? text.charCodeAt(i + 1) : length === 6 ? hex4(text, i + 2)! : code;
    i += length;
  }
  const chunks: string[] = [];
  for (let at = 0; at < n; at += CHUNK) chunks.push(String.fromCharCode.apply(null, units.subarray(at, Math.min(n, at + CHUNK)) as unknown as number[]));
  return chunks.join('');
}

const CHUNK = 8192;

function hex4(line: string, at: number): number | undefined {
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = line.charCodeAt(i);
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return undefined;
    value = value * 16 + digit;
  }
  return value;
}
