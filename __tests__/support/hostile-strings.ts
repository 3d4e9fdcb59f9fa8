// The tests' hostile string alphabet: every string generator of the property
// tests (props, live data, messages) draws from it, so that each rule and
// writer meets the sequences that break text boundaries, not only our own
// examples. docs/contributing.md "The hostile string alphabet" lists the classes.
//
// A generated string is a run of fragments: each fragment is either ordinary
// text or one entry of a class below. Callers pick the classes a boundary can
// carry at all (for example, no service stores a lone surrogate: see
// `LIVE_CLASSES`) and a length bound.
import * as fc from 'fast-check';

/** The classes, each a list of fragments that a boundary must carry or refuse as a whole. */
export const HOSTILE_CLASSES = {
  /** Terraform's template grammar: interpolations, directives, their escapes, and fragments of them. */
  template: ['${', '%{', '$${', '%%{', '$$${', '%%%{', '${x}', '${var.x}', '%{ if true }yes%{ endif }', '${"A"}-${1+1}', '${~', '~}', '}', '{', '$', '%', '$$', '%%', '${"}"}'],
  /** cdktf token encodings: string, list, number and map tokens as they look when stringified. */
  token: ['${TfToken[TOKEN.0]}', '${TfToken[TOKEN.12]}', '#{TfToken[TOKEN.3]}', '-1.8881545897087626e+289', '${Token[TOKEN.1]}', 'TfToken[TOKEN.7]', '${TfToken['],
  /** JSON escape text (as characters, not escapes): must stay exactly these characters. */
  jsonEscape: ['\\u0024{', '\\u0025{', '\\"', '\\\\', '\\/', '\\n', '\\u0000', '\\ud83d\\ude00', '\\'],
  /** Quotes and backslashes. */
  quote: ['"', "'", '`', '\\', '\\"', '"\\', '""'],
  /** Line breaks of every kind. */
  lineBreak: ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085', '\n\n'],
  /** C0/C1 controls and terminal escape sequences. */
  control: ['\u0000', '\u0007', '\u0008', '\t', '\u000b', '\u000c', '\u001b[31m', '\u001b]0;title\u0007', '\u007f', '\u0090', '\u009b'],
  /** Format characters: zero-width, joiners, BOM, bidi overrides and isolates. */
  format: ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e', '\u202a', '\u2066', '\u2069', '\u00ad'],
  /** Lone surrogates (not well-formed UTF-16: no UTF-8 service can hold them). */
  loneSurrogate: ['\ud800', '\udfff', '\udbff', 'a\ud800b'],
  /** Text whose NFC form differs (decomposed accents, compatibility characters, singleton decompositions). */
  nonNfc: ['e\u0301', 'A\u030a', '\u212b', '\u2126', 'n\u0303o', '\u1e9b\u0323'],
  /** Characters beyond the BMP (surrogate pairs in UTF-16). */
  nonBmp: ['\u{1f600}', '\u{10ffff}', '\u{1d54f}', '\u{20000}', '\u{1f468}\u200d\u{1f469}'],
  /** Credential-shaped text: must never be echoed where a secret may stand. */
  credential: ['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo', 'password=hunter2', '0123456789abcdef0123456789abcdef', 'https://user:secret@example.com/?api_key=k'],
} as const;

/** A class name of the alphabet. */
export type HostileClass = keyof typeof HOSTILE_CLASSES;

/** Every class. */
export const ALL_CLASSES = Object.keys(HOSTILE_CLASSES) as HostileClass[];

/**
 * The classes a live service can hold: everything but lone surrogates (UTF-8
 * services cannot store them; Go's JSON decoder turns one into U+FFFD).
 */
export const LIVE_CLASSES = ALL_CLASSES.filter((c) => c !== 'loneSurrogate');

/**
 * The classes for a user's own strings in props: everything but token shapes,
 * which cdktf reads in a user's strings as its own tokens (the hostile-input
 * tests give real tokens of every kind).
 */
export const USER_CLASSES = ALL_CLASSES.filter((c) => c !== 'token');

/** A string of at least `size` UTF-16 units cycling through the fragments of `classes` (deterministic). */
export function hugeString(classes: readonly HostileClass[] = LIVE_CLASSES, size = 10_240): string {
  const parts = fragmentsOf(classes);
  let text = '';
  for (let i = 0; text.length < size; i++) text += parts[i % parts.length] + 'x';
  return text;
}

/** Options of `hostileString`. */
export interface HostileStringOptions {
  /** Which classes fragments come from. Default: every class. */
  readonly classes?: readonly HostileClass[];
  /** At most this many fragments. Default 6. */
  readonly maxFragments?: number;
  /** Ordinary text drawn between fragments (a fast-check string arbitrary). Default: short alphanumerics. */
  readonly plain?: fc.Arbitrary<string>;
  /** Include a 10 kB string of these classes as one possible value. Default false. */
  readonly withHuge?: boolean;
  /** At least one fragment (never a string of ordinary text only). Default false. */
  readonly nonEmpty?: boolean;
}

/** Strings made of hostile fragments and ordinary text. */
export function hostileString(options: HostileStringOptions = {}): fc.Arbitrary<string> {
  const classes = options.classes ?? ALL_CLASSES;
  const fragments = classes.flatMap((c) => HOSTILE_CLASSES[c] as readonly string[]);
  const plain = options.plain ?? fc.string({ unit: fc.constantFrom(...'abcXYZ019-_. :/='.split('')), maxLength: 4 });
  const piece = fc.oneof({ arbitrary: fc.constantFrom(...fragments), weight: 3 }, { arbitrary: plain, weight: 2 });
  const joined = fc.array(piece, { minLength: options.nonEmpty ? 1 : 0, maxLength: options.maxFragments ?? 6 }).map((parts) => parts.join(''));
  const withFragment = options.nonEmpty ? fc.tuple(fc.constantFrom(...fragments), joined).map(([f, rest]) => f + rest) : joined;
  return options.withHuge ? fc.oneof({ arbitrary: withFragment, weight: 20 }, { arbitrary: fc.constant(hugeString(classes)), weight: 1 }) : withFragment;
}

/** Every fragment of the given classes, for table-driven tests that want each one once. */
export function fragmentsOf(classes: readonly HostileClass[] = ALL_CLASSES): string[] {
  return classes.flatMap((c) => [...(HOSTILE_CLASSES[c] as readonly string[])]);
}
