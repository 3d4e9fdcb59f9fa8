// Terraform's provider version constraint grammar (issue 18, item 5).
//
// Authority: Terraform 1.11.4 reads a `required_providers` version string twice,
// and a string must pass both readers:
//
// 1. When it loads the configuration, with github.com/hashicorp/go-version
//    v1.7.0 `version.NewConstraint` (internal/configs/provider_requirements.go
//    and internal/configs/version_constraint.go): the string is split on every
//    comma, and each part must match `^\s*(op)\s*(version)\s*$`, where op is
//    one of "", "=", "!=", ">", "<", ">=", "<=", "~>" and version is
//    version.go's VersionRegexpRaw, with every numeric segment fitting an int64.
//    `\s` is Go's RE2 class [\t\n\f\r ].
// 2. When it gathers provider requirements (internal/configs/config.go
//    ProviderRequirements -> internal/getproviders/providerreqs/version.go
//    ParseVersionConstraints), with github.com/apparentlymart/go-versions
//    v1.0.2 `constraints.ParseRubyStyleMulti` on the same text (go-version's
//    Constraints.String() joins the original parts with ","), whose scanner is
//    versions/constraints/raw_scan.rl: at most three numbers, no "v" prefix,
//    at most one space after an operator, a comma between constraints.
//
// Both are ported below as they are written upstream; the tests run their test
// tables (__tests__/core/fixtures/upstream/) and compare verdicts with the
// terraform binary itself.
//
// Stricter than Terraform, on purpose: a string holding a control character
// (C0, DEL, C1) is refused, although Terraform trims or skips some of them
// (tabs, line breaks around a constraint). They are never meant, and a message
// or a plan that shows them misleads.
// Also stricter: at most MAX_VERSION_CONSTRAINT_LENGTH (500) characters.
import { isUnresolved, Problems } from './problems';

/** One constraint of a version constraint string, as Terraform reads it. */
export interface ParsedVersionConstraint {
  /** The operator as written: `=`, `!=`, `>`, `>=`, `<`, `<=`, `~>`, or `` (means `=`). */
  readonly operator: string;
  /** The numeric segments as written (1 to 3 of them). */
  readonly segments: number[];
  /** The prerelease, without its `-` (empty when none). */
  readonly prerelease: string;
  /** The build metadata, without its `+` (empty when none). */
  readonly metadata: string;
}

/** A verdict of {@link parseVersionConstraint}: the constraints, or why the string is refused. */
export type VersionConstraintVerdict = { ok: true; constraints: ParsedVersionConstraint[] } | { ok: false; reason: string };

// ---- hashicorp/go-version v1.7.0 (constraint.go, version.go) --------------------------------

/** version.go VersionRegexpRaw (go-version v1.7.0), character for character. */
export const GO_VERSION_REGEXP_RAW =
  'v?([0-9]+(\\.[0-9]+)*?)' +
  '(-([0-9]+[0-9A-Za-z\\-~]*(\\.[0-9A-Za-z\\-~]+)*)|(-?([A-Za-z\\-~]+[0-9A-Za-z\\-~]*(\\.[0-9A-Za-z\\-~]+)*)))?' +
  '(\\+([0-9A-Za-z\\-~]+(\\.[0-9A-Za-z\\-~]+)*))?' +
  '?';
// Go's RE2 `\s` is ASCII only: tab, line feed, form feed, carriage return, space.
const GO_SPACE = '[\\t\\n\\f\\r ]';
const GO_VERSION_REGEXP = new RegExp(`^${GO_VERSION_REGEXP_RAW}$`);
const GO_OPERATORS = ['~>', '>=', '<=', '!=', '>', '<', '=', ''];
const GO_CONSTRAINT_REGEXP = new RegExp(`^${GO_SPACE}*(${GO_OPERATORS.map((o) => o.replace(/[~>=<!]/g, (c) => `\\${c}`)).join('|')})${GO_SPACE}*(${GO_VERSION_REGEXP_RAW})${GO_SPACE}*$`);
const INT64_MAX = 9223372036854775807n;

/** A version as go-version's NewVersion reads it. */
export interface GoVersion {
  /** Numeric segments, padded with zeros to at least three. */
  readonly segments: bigint[];
  /** How many segments were written. */
  readonly written: number;
  /** Prerelease (empty when none). */
  readonly prerelease: string;
  /** Metadata (empty when none). */
  readonly metadata: string;
}

/** go-version v1.7.0 `NewVersion`: the version, or undefined where it errs. */
export function goNewVersion(text: string): GoVersion | undefined {
  const m = GO_VERSION_REGEXP.exec(text);
  if (!m) return undefined;
  const parts = m[1].split('.');
  const segments: bigint[] = [];
  for (const part of parts) {
    const value = BigInt(part);
    if (value > INT64_MAX) return undefined; // strconv.ParseInt(str, 10, 64) overflows
    segments.push(value);
  }
  while (segments.length < 3) segments.push(0n);
  return { segments, written: parts.length, prerelease: m[7] || m[4] || '', metadata: m[10] || '' };
}

/** One constraint as go-version's parseSingle reads it. */
export interface GoConstraint {
  /** The operator (`` for none). */
  readonly operator: string;
  /** The version. */
  readonly version: GoVersion;
  /** The part as written (Constraint.String()). */
  readonly original: string;
}

/** go-version v1.7.0 `NewConstraint`: the constraints, or undefined where it errs. */
export function goNewConstraint(text: string): GoConstraint[] | undefined {
  const result: GoConstraint[] = [];
  for (const single of text.split(',')) {
    const m = GO_CONSTRAINT_REGEXP.exec(single);
    if (!m) return undefined;
    const version = goNewVersion(m[2]);
    if (!version) return undefined;
    result.push({ operator: m[1], version, original: single });
  }
  return result;
}

// ---- apparentlymart/go-versions v1.0.2 (versions/constraints) -------------------------------

/** The scanner's tokens (raw.go rawConstraint). */
export interface RawConstraint {
  /** Operator text. */
  op: string;
  /** Spaces after the operator. */
  sep: string;
  /** Up to three numbers as written (`*`, `x`, `X` are wildcards). */
  nums: [string, string, string];
  /** How many numbers were scanned (may exceed three). */
  numCt: number;
  /** Prerelease without `-`. */
  pre: string;
  /** Metadata without `+`. */
  meta: string;
}

const isDigit = (c: string) => c >= '0' && c <= '9';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
// Ragel's `space`: tab, line feed, vertical tab, form feed, carriage return, space.
const isRagelSpace = (c: string) => c === ' ' || (c >= '\t' && c <= '\r');
const isExtra = (c: string) => isDigit(c) || isAlpha(c) || c === '.' || c === '-';

/**
 * raw_scan.rl `scanConstraint`, as its state machine runs: `op sep nums pre? meta?`,
 * where op is any run of characters other than digits, spaces, letters, `.` and
 * `*`; sep a run of spaces; nums `num ('.' num)*` with num `digit+ | * | x | X`;
 * pre `-` then letters, digits, `.`, `-`; meta `+` then the same. Scanning stops
 * at the first character that does not fit, which starts the remainder.
 */
export function scanConstraint(data: string): { raw: RawConstraint; remain: string } {
  const raw: RawConstraint = { op: '', sep: '', nums: ['', '', ''], numCt: 0, pre: '', meta: '' };
  let p = 0;
  const n = data.length;
  const at = (i: number) => (i < n ? data[i] : '');
  while (p < n && !(isDigit(data[p]) || isRagelSpace(data[p]) || isAlpha(data[p]) || data[p] === '.' || data[p] === '*')) p++;
  const opEnd = p;
  while (p < n && isRagelSpace(data[p])) p++;
  raw.op = data.slice(0, opEnd);
  raw.sep = data.slice(opEnd, p);
  const c0 = p < n ? data[p] : '';
  if (opEnd === p && !(isDigit(c0) || c0 === '*' || c0 === 'x' || c0 === 'X')) {
    // The input ends, or a character that starts no number follows, right after
    // the operator: the machine's EOF and error actions set sep from the
    // operator's start (sep's own `>ts` never ran), as the generated code does.
    raw.sep = raw.op;
  }
  const done = (): { raw: RawConstraint; remain: string } => ({ raw, remain: data.slice(p) });
  for (;;) {
    const start = p;
    const c = at(p);
    if (isDigit(c)) while (isDigit(at(p))) p++;
    else if (c === '*' || c === 'x' || c === 'X') p++;
    else return done();
    raw.numCt++;
    if (raw.numCt <= 3) raw.nums[raw.numCt - 1] = data.slice(start, p);
    if (at(p) !== '.') break;
    p++;
  }
  if (at(p) === '-') {
    const start = p++;
    if (!isExtra(at(p))) return done();
    while (isExtra(at(p))) p++;
    raw.pre = data.slice(start + 1, p);
  }
  if (at(p) === '+') {
    const start = p++;
    if (!isExtra(at(p))) return done();
    while (isExtra(at(p))) p++;
    raw.meta = data.slice(start + 1, p);
  }
  return done();
}

/** A selection spec of go-versions (spec.go SelectionSpec), numbers null when unconstrained. */
export interface RubyStyleSpec {
  /** The SelectionOp name (OpEqual, OpGreaterThanOrEqualMinorOnly, …). */
  readonly op: string;
  /** Major number. */
  readonly major: number | null;
  /** Minor number. */
  readonly minor: number | null;
  /** Patch number. */
  readonly patch: number | null;
  /** Prerelease. */
  readonly pre: string;
  /** Metadata. */
  readonly meta: string;
}

type RubyResult = { spec: RubyStyleSpec; remain: string; err?: string };
const RAW_NUM_NAMES = ['major', 'minor', 'patch'];
const isWildcardNum = (s: string) => s === '*' || s === 'x' || s === 'X';

function parseRubyStylePrefix(str: string): RubyResult {
  const { raw, remain } = scanConstraint(str);
  const fail = (err: string): RubyResult => ({ spec: undefined as unknown as RubyStyleSpec, remain, err });
  let op: string;
  switch (raw.op) {
    case '=': case '': op = 'OpEqual'; break;
    case '!=': op = 'OpNotEqual'; break;
    case '>': op = 'OpGreaterThan'; break;
    case '>=': op = 'OpGreaterThanOrEqual'; break;
    case '<': op = 'OpLessThan'; break;
    case '<=': op = 'OpLessThanOrEqual'; break;
    case '~>': op = raw.numCt === 3 ? 'OpGreaterThanOrEqualPatchOnly' : 'OpGreaterThanOrEqualMinorOnly'; break;
    case '=<': return fail(`invalid constraint operator ${goQuote(raw.op)}; did you mean "<="?`);
    case '=>': return fail(`invalid constraint operator ${goQuote(raw.op)}; did you mean ">="?`);
    default: return fail(`invalid constraint operator ${goQuote(raw.op)}`);
  }
  if (raw.sep !== '' && (raw.sep !== ' ' || raw.op === '')) {
    return fail(raw.op === '' ? 'extraneous spaces at start of specification' : `only one space is expected after the operator ${goQuote(raw.op)}`);
  }
  if (raw.numCt > 3) return fail('too many numbered portions; only three are allowed (major, minor, patch)');
  for (let i = 0; i < 3; i++) {
    if (isWildcardNum(raw.nums[i])) return fail(`can't use wildcard for ${RAW_NUM_NAMES[i]} number; omit segments that should be unconstrained`);
  }
  const nums = [...raw.nums];
  if (raw.pre !== '' || raw.meta !== '') for (let i = 0; i < 3; i++) if (nums[i] === '') nums[i] = '0';
  const num = (s: string) => {
    if (s === '') return null;
    if (BigInt(s) > 18446744073709551615n) throw new RangeError(s); // strconv.ParseUint panics upstream
    return Number(s);
  };
  try {
    return { spec: { op, major: num(nums[0]), minor: num(nums[1]), patch: num(nums[2]), pre: raw.pre, meta: raw.meta }, remain };
  } catch {
    return fail('number out of range');
  }
}

/** go-versions v1.0.2 `ParseRubyStyle`: one specification, or its error message. */
export function parseRubyStyle(str: string): { spec?: RubyStyleSpec; err?: string } {
  if (goTrimSpace(str) === '') return { err: 'empty specification' };
  const { spec, remain, err } = parseRubyStylePrefix(str);
  if (err) return { err };
  if (remain !== '') {
    const rest = goTrimSpace(remain);
    if (rest === '') return { err: 'extraneous spaces at end of specification' };
    if (rest.startsWith('v')) return { err: 'a "v" prefix should not be used' };
    if (rest.startsWith('||') || rest.startsWith(',')) return { err: 'only one constraint may be specified' };
    if (rest.startsWith('-')) return { err: 'range constraints are not supported' };
    return { err: `invalid characters ${goQuote(rest)}` };
  }
  return { spec };
}

/** go-versions v1.0.2 `ParseRubyStyleMulti`: comma-separated specifications, or the error message. */
export function parseRubyStyleMulti(str: string): { specs?: RubyStyleSpec[]; err?: string } {
  const specs: RubyStyleSpec[] = [];
  let remain = goTrimSpace(str);
  while (remain !== '') {
    const { spec, remain: newRemain, err } = parseRubyStylePrefix(remain);
    const consumed = remain.slice(0, remain.length - newRemain.length);
    if (err) return { err: `invalid specification ${goQuote(consumed)}: ${err}` };
    remain = goTrimSpace(newRemain);
    if (remain !== '') {
      if (remain.startsWith('v')) return { err: 'a "v" prefix should not be used' };
      if (!remain.startsWith(',')) return { err: `missing comma after ${goQuote(consumed)}` };
      remain = goTrimSpace(remain.slice(1));
    }
    specs.push(spec);
  }
  return { specs };
}

// Go's strings.TrimSpace: unicode.IsSpace at both ends.
const GO_UNICODE_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const GO_TRIM = new RegExp(`^${GO_UNICODE_SPACE}+|${GO_UNICODE_SPACE}+$`, 'g');
function goTrimSpace(s: string): string {
  return s.replace(GO_TRIM, '');
}

// Quoted text in a reason, cut at 60 characters: the received value is shown
// (shortened) beside it, and a message stays short for a huge input.
function goQuote(s: string): string {
  return s.length > 60 ? `${JSON.stringify(s.slice(0, 60))}… (${s.length} characters)` : JSON.stringify(s);
}

// ---- Terraform's verdict --------------------------------------------------------------------

/**
 * The longest version constraint accepted. Stricter than Terraform, which has
 * no limit: go-version's regular expression runs in linear time in Go (RE2)
 * but backtracks in JavaScript (a 20,000-character prerelease takes seconds),
 * and no real constraint comes near 500 characters (Terraform's own tests'
 * longest is about 130).
 */
export const MAX_VERSION_CONSTRAINT_LENGTH = 500;

// C0 controls, DEL and C1 controls: refused although Terraform trims some (see the header).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Reads a provider version constraint as Terraform 1.11 does (go-version
 * `NewConstraint`, then go-versions `ParseRubyStyleMulti`), refusing control
 * characters besides. Never throws.
 */
export function parseVersionConstraint(text: string): VersionConstraintVerdict {
  if (CONTROL.test(text)) return { ok: false, reason: 'it holds a control character' };
  if (text.length > MAX_VERSION_CONSTRAINT_LENGTH) return { ok: false, reason: `it is longer than ${MAX_VERSION_CONSTRAINT_LENGTH} characters` };
  if (goTrimSpace(text) === '') return { ok: false, reason: 'it is empty' };
  const ruby = parseRubyStyleMulti(text);
  const go = goNewConstraint(text);
  if (ruby.err !== undefined) return { ok: false, reason: rubyReason(ruby.err) };
  if (go === undefined) return { ok: false, reason: goReason(text) };
  return {
    ok: true,
    constraints: go.map((c) => ({
      operator: c.operator,
      segments: c.version.segments.slice(0, c.version.written).map(Number),
      prerelease: c.version.prerelease,
      metadata: c.version.metadata,
    })),
  };
}

function rubyReason(err: string): string {
  const op = /invalid constraint operator "(\^|~)"/.exec(err);
  if (op) return `"${op[1]}" is not a Terraform operator (write "~> 4.16" or ">= 4.16.0, < 5.0.0")`;
  return err;
}

function goReason(text: string): string {
  const bad = text.split(',').find((part) => !GO_CONSTRAINT_REGEXP.test(part) || !goNewVersion(GO_CONSTRAINT_REGEXP.exec(part)![2]));
  if (bad !== undefined && bad.trim() === '') return 'a constraint is empty (a comma too many?)';
  return `malformed constraint ${goQuote(bad ?? text)}`;
}

/** The allowed text of a refused version constraint: the grammar in brief, with an example. */
export const VERSION_CONSTRAINT_RULE =
  'a Terraform version constraint: comma-separated constraints, each an operator (=, !=, >, >=, <, <=, ~>, or none for =) ' +
  'and a version of 1 to 3 numbers with an optional -prerelease and +metadata, e.g. ">= 4.16.0, < 5.0.0" or "~> 4.16"';

/**
 * Checks a version constraint prop: a string Terraform 1.11 accepts (see
 * {@link parseVersionConstraint}). Unresolved tokens, non-strings (the schema
 * reports those) and undefined are skipped.
 */
export function versionConstraintProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const verdict = parseVersionConstraint(value);
  return verdict.ok ? undefined : `${VERSION_CONSTRAINT_RULE} (here ${verdict.reason})`;
}

/**
 * The lowest version a constraint string allows is at least `minimum` (a
 * lower bound `>=`, `>`, `~>` or `=` at or above it, as Terraform reads the
 * string). False for a string that does not parse.
 */
export function constraintLowerBoundAtLeast(constraint: string, minimum: number[]): boolean {
  const verdict = parseVersionConstraint(constraint);
  if (!verdict.ok) return false;
  return verdict.constraints.some((c) => {
    if (!['>=', '>', '~>', '=', ''].includes(c.operator)) return false;
    const version = [0, 1, 2].map((i) => c.segments[i] ?? 0);
    const cmp = compareSegments(version, minimum);
    // A prerelease of the minimum itself is below it (only `>` then excludes it).
    return cmp > 0 || (cmp === 0 && (c.prerelease === '' || c.operator === '>'));
  });
}

function compareSegments(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The schema of a version constraint prop; {@link checkVersionConstraint} checks the grammar. */
export const VERSION_CONSTRAINT_SCHEMA = { description: VERSION_CONSTRAINT_RULE, type: 'string' };

/**
 * Records a problem at `path` when `value` is a string Terraform 1.11 would
 * refuse as a provider version constraint. Unresolved tokens and non-strings
 * (the schema reports those) are skipped. The value is shown: a version
 * constraint is no secret.
 */
export function checkVersionConstraint(value: unknown, problems: Problems, path = 'props/versionConstraint'): void {
  if (isUnresolved(value)) return;
  const problem = versionConstraintProblem(value);
  if (problem !== undefined) problems.add(path, value, problem);
}
