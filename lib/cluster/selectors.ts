// The label and field selector grammars of the Kubernetes API server (issue 18,
// item 5), for `ClusterNodes`' `labelSelector` and `fieldSelector`, which the
// kubernetes provider's `kubernetes_resources` data source sends as they are.
//
// Authorities (Kubernetes 1.32):
// - Label selectors: k8s.io/apimachinery v0.32.0 pkg/labels/selector.go `Parse`
//   (commit 59e9003f02d6f0c8fff53719a7a0604ec82ee9a9): its Lexer, Parser and
//   NewRequirement are ported below function for function; keys must be
//   qualified names and values label values (pkg/util/validation).
// - Field selectors: the same apimachinery, pkg/fields/selector.go
//   `ParseSelector` (splitTerms, splitTerm, UnescapeValue).
// - The field labels the API server supports for nodes: kubernetes
//   pkg/apis/core/v1/conversion.go, the field label conversion function of
//   kind Node: `metadata.name` and `spec.unschedulable`; any other label is
//   "field label not supported" (there is no `metadata.namespace`: nodes are
//   cluster-scoped and the Node function replaces the default one).
//
// Stricter than the API server, on purpose:
// - Control characters (C0, DEL, C1) are refused in both selectors. The label
//   lexer takes tab, CR and LF for spaces and a NUL byte for the end of the
//   input (the rest is then silently read as more of the selector or dropped).
// - `spec.unschedulable` must be compared with `true` or `false`: the server
//   compares the text with strconv.FormatBool, so any other value matches
//   nothing (or everything, with `!=`) without an error.
// - (In ClusterNodes' schema, as before: an empty selector is refused; leave
//   the prop out to select every node.)
import { Problems } from '../core/problems';
import { ReferenceScope } from '../core/stack-references';
import { checkString } from '../core/string-position';
import { isLabelValue, isQualifiedName } from './kubernetes-names';

// ---- labels: pkg/labels/selector.go ------------------------------------------------------

/** The lexer's tokens, named as selector.go's Token constants. */
export type LabelToken =
  | 'ErrorToken' | 'EndOfStringToken' | 'ClosedParToken' | 'CommaToken' | 'DoesNotExistToken' | 'DoubleEqualsToken'
  | 'EqualsToken' | 'GreaterThanToken' | 'IdentifierToken' | 'InToken' | 'LessThanToken' | 'NotEqualsToken'
  | 'NotInToken' | 'OpenParToken';

/** A requirement's operator, named as the selection.Operator constants. */
export type LabelOperator = 'In' | 'NotIn' | 'Equals' | 'DoubleEquals' | 'NotEquals' | 'GreaterThan' | 'LessThan' | 'Exists' | 'DoesNotExist';

const OPERATOR_TEXT: { [op: string]: string } = {
  In: 'in', NotIn: 'notin', Equals: '=', DoubleEquals: '==', NotEquals: '!=', GreaterThan: 'gt', LessThan: 'lt', Exists: 'exists', DoesNotExist: '!',
};
const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];

/** One requirement of a parsed label selector: values sorted and unique (sets.String.List()). */
export interface LabelRequirement {
  /** The label key. */
  readonly key: string;
  /** The operator. */
  readonly operator: LabelOperator;
  /** The values (none for Exists and DoesNotExist). */
  readonly values: string[];
}

/** A parsed selector, or the reason it does not parse. */
export type SelectorVerdict<T> = { ok: true; requirements: T[] } | { ok: false; reason: string };

const STRING_TO_TOKEN: { [literal: string]: LabelToken } = {
  ')': 'ClosedParToken', ',': 'CommaToken', '!': 'DoesNotExistToken', '==': 'DoubleEqualsToken', '=': 'EqualsToken',
  '>': 'GreaterThanToken', 'in': 'InToken', '<': 'LessThanToken', '!=': 'NotEqualsToken', 'notin': 'NotInToken', '(': 'OpenParToken',
};
const tokenOf = (s: string): LabelToken | undefined => (Object.prototype.hasOwnProperty.call(STRING_TO_TOKEN, s) ? STRING_TO_TOKEN[s] : undefined);
const isWhitespace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecialSymbol = (ch: string) => ch === '=' || ch === '!' || ch === '(' || ch === ')' || ch === ',' || ch === '>' || ch === '<';
// Go's lexer reads bytes and returns 0 at the end of input; a NUL byte in the
// input reads the same. Characters stand for bytes here: a non-ASCII character
// is never special nor a space, as none of its UTF-8 bytes is.
const NUL = '\u0000';

/** selector.go `Lexer`. */
export class LabelLexer {
  private pos = 0;
  /** @param s the selector */
  constructor(private readonly s: string) {}

  private read(): string {
    if (this.pos < this.s.length) return this.s[this.pos++];
    return NUL;
  }

  private unread(): void {
    this.pos--;
  }

  private scanIDOrKeyword(): [LabelToken, string] {
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === NUL) break;
      if (isSpecialSymbol(ch) || isWhitespace(ch)) {
        this.unread();
        break;
      }
      buffer += ch;
    }
    return [tokenOf(buffer) ?? 'IdentifierToken', buffer];
  }

  private scanSpecialSymbol(): [LabelToken, string] {
    let last: [LabelToken, string] | undefined;
    let buffer = '';
    for (;;) {
      const ch = this.read();
      if (ch === NUL) break;
      if (isSpecialSymbol(ch)) {
        buffer += ch;
        const token = tokenOf(buffer);
        if (token) last = [token, buffer];
        else if (last) {
          this.unread();
          break;
        }
      } else {
        this.unread();
        break;
      }
    }
    return last ?? ['ErrorToken', `error expected: keyword found '${cut(buffer)}'`];
  }

  /** `Lex`: the next token and its literal. */
  public lex(): [LabelToken, string] {
    let ch = this.read();
    while (isWhitespace(ch)) ch = this.read();
    if (ch === NUL) return ['EndOfStringToken', ''];
    this.unread();
    return isSpecialSymbol(ch) ? this.scanSpecialSymbol() : this.scanIDOrKeyword();
  }
}

class LabelSyntaxError extends globalThis.Error {}

/** selector.go `Parser`. */
class LabelParser {
  private readonly items: [LabelToken, string][] = [];
  private position = 0;

  constructor(selector: string) {
    const lexer = new LabelLexer(selector);
    for (;;) {
      const item = lexer.lex();
      this.items.push(item);
      if (item[0] === 'EndOfStringToken') break;
    }
  }

  /** The scanned items (TestParserLookahead). */
  public get scanned(): LabelToken[] {
    return this.items.map(([t]) => t);
  }

  private at(i: number): [LabelToken, string] {
    // Upstream indexes past the end would panic; it never does, as parsing stops at EndOfStringToken.
    return this.items[Math.min(i, this.items.length - 1)];
  }

  public lookahead(values: boolean): [LabelToken, string] {
    const [tok, lit] = this.at(this.position);
    return [values && (tok === 'InToken' || tok === 'NotInToken') ? 'IdentifierToken' : tok, lit];
  }

  public consume(values: boolean): [LabelToken, string] {
    const [tok, lit] = this.at(this.position++);
    return [values && (tok === 'InToken' || tok === 'NotInToken') ? 'IdentifierToken' : tok, lit];
  }

  public parse(): LabelRequirement[] {
    const requirements: LabelRequirement[] = [];
    for (;;) {
      const [tok, lit] = this.lookahead(true);
      switch (tok) {
        case 'IdentifierToken':
        case 'DoesNotExistToken': {
          requirements.push(this.wrap(() => this.parseRequirement()));
          const [t, l] = this.consume(true);
          if (t === 'EndOfStringToken') return requirements;
          if (t === 'CommaToken') {
            const [t2, l2] = this.lookahead(true);
            if (t2 !== 'IdentifierToken' && t2 !== 'DoesNotExistToken') throw new LabelSyntaxError(`found '${cut(l2)}', expected: identifier after ','`);
          } else {
            throw new LabelSyntaxError(`found '${cut(l)}', expected: ',' or 'end of string'`);
          }
          break;
        }
        case 'EndOfStringToken':
          return requirements;
        default:
          throw new LabelSyntaxError(`found '${cut(lit)}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private wrap<T>(f: () => T): T {
    try {
      return f();
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new LabelSyntaxError(`unable to parse requirement: ${e.message}`);
      throw e;
    }
  }

  private parseRequirement(): LabelRequirement {
    const [key, inferred] = this.parseKeyAndInferOperator();
    if (inferred === 'Exists' || inferred === 'DoesNotExist') return requirementOrThrow(key, inferred, []);
    const operator = this.parseOperator();
    const values = operator === 'In' || operator === 'NotIn' ? this.parseValues() : this.parseExactValue();
    return requirementOrThrow(key, operator, [...values].sort());
  }

  private parseKeyAndInferOperator(): [string, LabelOperator | undefined] {
    let operator: LabelOperator | undefined;
    let [tok, literal] = this.consume(true);
    if (tok === 'DoesNotExistToken') {
      operator = 'DoesNotExist';
      [tok, literal] = this.consume(true);
    }
    if (tok !== 'IdentifierToken') throw new LabelSyntaxError(`found '${cut(literal)}', expected: identifier`);
    if (!isQualifiedName(literal)) throw new LabelSyntaxError(`key ${goQuote(literal)}: not a qualified name`);
    const [t] = this.lookahead(true);
    if ((t === 'EndOfStringToken' || t === 'CommaToken') && operator !== 'DoesNotExist') operator = 'Exists';
    return [literal, operator];
  }

  public parseOperator(): LabelOperator {
    const [tok, lit] = this.consume(false);
    switch (tok) {
      case 'InToken': return 'In';
      case 'EqualsToken': return 'Equals';
      case 'DoubleEqualsToken': return 'DoubleEquals';
      case 'GreaterThanToken': return 'GreaterThan';
      case 'LessThanToken': return 'LessThan';
      case 'NotInToken': return 'NotIn';
      case 'NotEqualsToken': return 'NotEquals';
      default: throw new LabelSyntaxError(`found '${cut(lit)}', expected: ${BINARY_OPERATORS.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    let [tok, lit] = this.consume(true);
    if (tok !== 'OpenParToken') throw new LabelSyntaxError(`found '${cut(lit)}' expected: '('`);
    [tok, lit] = this.lookahead(true);
    switch (tok) {
      case 'IdentifierToken':
      case 'CommaToken': {
        const s = this.parseIdentifiersList();
        if (this.consume(true)[0] !== 'ClosedParToken') throw new LabelSyntaxError(`found '${cut(lit)}', expected: ')'`);
        return s;
      }
      case 'ClosedParToken':
        this.consume(true);
        return new Set(['']);
      default:
        throw new LabelSyntaxError(`found '${cut(lit)}', expected: ',', ')' or identifier`);
    }
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const [tok, lit] = this.consume(true);
      switch (tok) {
        case 'IdentifierToken': {
          s.add(lit);
          const [tok2, lit2] = this.lookahead(true);
          if (tok2 === 'CommaToken') continue;
          if (tok2 === 'ClosedParToken') return s;
          throw new LabelSyntaxError(`found '${cut(lit2)}', expected: ',' or ')'`);
        }
        case 'CommaToken': {
          if (s.size === 0) s.add('');
          const [tok2] = this.lookahead(true);
          if (tok2 === 'ClosedParToken') {
            s.add('');
            return s;
          }
          if (tok2 === 'CommaToken') {
            this.consume(true);
            s.add('');
          }
          break;
        }
        default:
          throw new LabelSyntaxError(`found '${cut(lit)}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const [t] = this.lookahead(true);
    if (t === 'EndOfStringToken' || t === 'CommaToken') return new Set(['']);
    const [tok, lit] = this.consume(true);
    if (tok === 'IdentifierToken') return new Set([lit]);
    throw new LabelSyntaxError(`found '${cut(lit)}', expected: identifier`);
  }
}

/**
 * selector.go `NewRequirement`: the fields of its errors, in its order
 * (`key`, `values`, `values[i]`, `values[i][key]`, `operator`); none when valid.
 */
export function labelRequirementErrors(key: string, operator: string, values: string[]): string[] {
  const errors: string[] = [];
  if (!isQualifiedName(key)) errors.push('key');
  switch (operator) {
    case 'In': case 'NotIn':
      if (values.length === 0) errors.push('values');
      break;
    case 'Equals': case 'DoubleEquals': case 'NotEquals':
      if (values.length !== 1) errors.push('values');
      break;
    case 'Exists': case 'DoesNotExist':
      if (values.length !== 0) errors.push('values');
      break;
    case 'GreaterThan': case 'LessThan':
      if (values.length !== 1) errors.push('values');
      values.forEach((v, i) => {
        if (!isGoInt64(v)) errors.push(`values[${i}]`);
      });
      break;
    default:
      errors.push('operator');
  }
  values.forEach((v, i) => {
    if (!isLabelValue(v)) errors.push(`values[${i}][${key}]`);
  });
  return errors;
}

function requirementOrThrow(key: string, operator: LabelOperator, values: string[]): LabelRequirement {
  const errors = labelRequirementErrors(key, operator, values);
  if (errors.length > 0) {
    const what = errors.map((e) => (e === 'key' ? `key ${goQuote(key)}: not a qualified name`
      : e === 'values' ? `operator ${OPERATOR_TEXT[operator]} needs ${operator === 'In' || operator === 'NotIn' ? 'values' : 'one value'}`
      : /^values\[\d+\]$/.test(e) ? `value ${goQuote(values[Number(e.slice(7, -1))])}: not an integer (for ${OPERATOR_TEXT[operator]})`
      : `value ${goQuote(values[Number(/\d+/.exec(e)![0])])}: not a label value`));
    throw new LabelSyntaxError(what.join('; '));
  }
  return { key, operator, values };
}

// strconv.ParseInt(s, 10, 64): an optional sign and decimal digits, within int64.
function isGoInt64(s: string): boolean {
  if (!/^[+-]?[0-9]+$/.test(s)) return false;
  const n = BigInt(s);
  return n >= -9223372036854775808n && n <= 9223372036854775807n;
}

/** `Lex` the whole selector, EndOfStringToken included (TestParserLookahead's scanned items). */
export function scanLabelSelector(selector: string): LabelToken[] {
  return new LabelParser(selector).scanned;
}

/** `parseOperator` on a scanned string: the error message, or undefined (TestParseOperator). */
export function labelParseOperatorError(text: string): string | undefined {
  try {
    new LabelParser(text).parseOperator();
    return undefined;
  } catch (e) {
    if (e instanceof LabelSyntaxError) return e.message;
    throw e;
  }
}

/** selector.go `Parse`: the requirements sorted by key, or the parser's error. Never throws. */
export function parseLabelSelector(selector: string): SelectorVerdict<LabelRequirement> {
  try {
    const requirements = new LabelParser(selector).parse();
    // sort.Sort(ByKey): stable here; Go's is for the short lists selectors are.
    requirements.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { ok: true, requirements };
  } catch (e) {
    if (e instanceof LabelSyntaxError) return { ok: false, reason: e.message };
    throw e;
  }
}

/** internalSelector.String(): the canonical text of parsed requirements. */
export function labelSelectorString(requirements: LabelRequirement[]): string {
  return requirements.map((r) => {
    const values = r.values.length === 1 ? r.values[0] : [...r.values].sort().join(',');
    switch (r.operator) {
      case 'Exists': return r.key;
      case 'DoesNotExist': return `!${r.key}`;
      case 'In': return `${r.key} in (${values})`;
      case 'NotIn': return `${r.key} notin (${values})`;
      case 'Equals': return `${r.key}=${values}`;
      case 'DoubleEquals': return `${r.key}==${values}`;
      case 'NotEquals': return `${r.key}!=${values}`;
      case 'GreaterThan': return `${r.key}>${values}`;
      case 'LessThan': return `${r.key}<${values}`;
    }
  }).join(',');
}

// ---- fields: pkg/fields/selector.go ------------------------------------------------------

/** One term of a parsed field selector. */
export interface FieldTerm {
  /** The field label, e.g. `spec.unschedulable`. */
  readonly field: string;
  /** `=` (also for `==`) or `!=`. */
  readonly operator: '=' | '!=';
  /** The value, unescaped. */
  readonly value: string;
}

/** selector.go `splitTerms`: the terms, split on unescaped commas (null for the empty selector). */
export function splitFieldTerms(selector: string): string[] | null {
  if (selector.length === 0) return null;
  const terms: string[] = [];
  let start = 0;
  let inSlash = false;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (inSlash) inSlash = false;
    else if (c === '\\') inSlash = true;
    else if (c === ',') {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms;
}

const TERM_OPERATORS = ['!=', '==', '='];

/** selector.go `splitTerm`: lhs, op, rhs at the first operator; ok false when there is none. */
export function splitFieldTerm(term: string): { lhs: string; op: string; rhs: string; ok: boolean } {
  for (let i = 0; i < term.length; i++) {
    for (const op of TERM_OPERATORS) {
      if (term.startsWith(op, i)) return { lhs: term.slice(0, i), op, rhs: term.slice(i + op.length), ok: true };
    }
  }
  return { lhs: '', op: '', rhs: '', ok: false };
}

/** selector.go `EscapeValue`. */
export function escapeFieldValue(s: string): string {
  return s.replace(/[\\,=]/g, (c) => `\\${c}`);
}

/** selector.go `UnescapeValue`: the value, or the error message. */
export function unescapeFieldValue(s: string): { value?: string; err?: string } {
  if (!/[\\,=]/.test(s)) return { value: s };
  let v = '';
  let inSlash = false;
  for (const c of s) {
    if (inSlash) {
      if (c === '\\' || c === ',' || c === '=') v += c;
      else return { err: `invalid escape sequence: \\${c}` };
      inSlash = false;
      continue;
    }
    if (c === '\\') inSlash = true;
    else if (c === ',' || c === '=') return { err: `invalid field selector: unescaped character ${goQuote(c)} (escape it as \\${c})` };
    else v += c;
  }
  if (inSlash) return { err: 'invalid escape sequence: a lone \\ at the end' };
  return { value: v };
}

/** selector.go `ParseSelector`: the terms (sorted as upstream sorts them), or the error. Never throws. */
export function parseFieldSelector(selector: string): SelectorVerdict<FieldTerm> {
  const parts = [...(splitFieldTerms(selector) ?? [])].sort(compareGoStrings);
  const requirements: FieldTerm[] = [];
  for (const part of parts) {
    if (part === '') continue;
    const { lhs, op, rhs, ok } = splitFieldTerm(part);
    if (!ok) return { ok: false, reason: `invalid selector: ${goQuote(selector)}; can't understand ${goQuote(part)}` };
    const { value, err } = unescapeFieldValue(rhs);
    if (err !== undefined) return { ok: false, reason: err };
    requirements.push({ field: lhs, operator: op === '!=' ? '!=' : '=', value: value! });
  }
  return { ok: true, requirements };
}

/** The selector's String(): `field=value` / `field!=value`, values escaped, joined by commas. */
export function fieldSelectorString(terms: FieldTerm[]): string {
  return terms.map((t) => `${t.field}${t.operator}${escapeFieldValue(t.value)}`).join(',');
}

// Go compares strings by UTF-8 bytes: code point order, which UTF-16 order is not above U+FFFF.
function compareGoStrings(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/**
 * The field labels the API server supports for nodes (kubernetes
 * pkg/apis/core/v1/conversion.go, the conversion function of kind Node).
 */
export const NODE_FIELD_LABELS = ['metadata.name', 'spec.unschedulable'];

// ---- the props' checks --------------------------------------------------------------------

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The allowed text of a refused label selector: the grammar in brief, with an example. */
export const LABEL_SELECTOR_RULE =
  'a label selector: comma-separated requirements, each key, !key, key=value, key==value, key!=value, key in (v1,v2), ' +
  'key notin (v1,v2), key>N or key<N, with qualified-name keys and label values, e.g. "node-role.kubernetes.io/worker,pool in (a,b),!gpu"';

/** The allowed text of a refused field selector: the grammar in brief, with an example. */
export const FIELD_SELECTOR_RULE =
  'a node field selector: comma-separated field=value, field==value or field!=value terms ("\\", "," and "=" in a value escaped with "\\"), ' +
  `on the fields nodes support, ${NODE_FIELD_LABELS.join(' and ')} (true or false), e.g. "spec.unschedulable=false"`;

/** Why `selector` is not a label selector the API server reads as written, or undefined. */
export function labelSelectorProblem(selector: string): string | undefined {
  if (CONTROL.test(selector)) return 'it holds a control character';
  let depth = 0;
  for (const c of selector) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0 || depth > 1) break;
  }
  const verdict = parseLabelSelector(selector);
  if (verdict.ok) return undefined;
  return depth !== 0 ? `unbalanced parentheses; ${verdict.reason}` : verdict.reason;
}

/** Why `selector` is not a field selector the API server accepts for nodes, or undefined. */
export function nodeFieldSelectorProblem(selector: string): string | undefined {
  if (CONTROL.test(selector)) return 'it holds a control character';
  const verdict = parseFieldSelector(selector);
  if (!verdict.ok) return verdict.reason;
  for (const term of verdict.requirements) {
    if (!NODE_FIELD_LABELS.includes(term.field)) {
      return `field label not supported for nodes: ${goQuote(term.field)} (supported: ${NODE_FIELD_LABELS.join(', ')})`;
    }
    if (term.field === 'spec.unschedulable' && term.value !== 'true' && term.value !== 'false') {
      return `spec.unschedulable is compared with "true" or "false", not ${goQuote(term.value)}`;
    }
  }
  return undefined;
}

// Quoted text in a reason, cut at 60 characters: the received value is shown
// (shortened) beside it, and a message stays short for a huge input.
function goQuote(s: string): string {
  return s.length > 60 ? `${JSON.stringify(s.slice(0, 60))}… (${s.length} characters)` : JSON.stringify(s);
}

/**
 * Checks `labelSelector` and `fieldSelector` through the string pipeline
 * (string-position.ts): their template grammar and, where the text is known,
 * the API server's selector grammars. Returns the texts to write (a
 * `Literal.text` selector as its text).
 */
export function checkNodeSelectors(props: { readonly labelSelector?: unknown; readonly fieldSelector?: unknown }, problems: Problems, referencesFrom?: ReferenceScope): void {
  const checks: [string, unknown, (s: string) => string | undefined, string][] = [
    ['labelSelector', props.labelSelector, labelSelectorProblem, LABEL_SELECTOR_RULE],
    ['fieldSelector', props.fieldSelector, nodeFieldSelectorProblem, FIELD_SELECTOR_RULE],
  ];
  for (const [name, value, problemOf, rule] of checks) {
    const check = (text: string) => {
      const problem = text === '' ? 'it is empty' : problemOf(text);
      return problem === undefined ? undefined : `${rule} (here ${problem})`;
    };
    checkString(value, { rule, check, referencesFrom }, problems, `props/${name}`);
  }
}

// A literal in a parser message, cut at 60 characters (upstream quotes it whole).
function cut(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}… (${s.length} characters)` : s;
}
