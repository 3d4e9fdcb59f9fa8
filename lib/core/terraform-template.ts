// Terraform's template grammar, as Terraform reads a string of its JSON syntax
// (and an HCL quoted string, once its backslash escapes are undone): the
// authority is HCL's scanner and template parser, hashicorp/hcl v2
// (v2.23.0, the version Terraform 1.11 vendors): `hclsyntax/scan_tokens.rl`
// (machines `bareTemplate`, `main` and `stringTemplate`), `hclsyntax/scan_string_lit.rl`
// (the unquoted literal escapes) and `hclsyntax/parser_template.go`
// (`parseTemplateParts`: strip markers, literal melding). Ported here as far as
// the library needs it: the exact literal text a template stands for, where
// each `${…}` and `%{…}` sequence starts and ends, and whether an
// interpolation is one plain traversal (`var.name`, `each.key`, …).
// __tests__/core/terraform-template.upstream.test.ts runs HCL's own test tables.

/** One step of a traversal after its root: an attribute or an index. */
export type TraversalStep = { readonly attribute: string } | { readonly index: string | number };

/** A plain traversal (`var.name`, `each.value["k"]`): its root name and the steps after it. */
export interface Traversal {
  readonly root: string;
  readonly steps: readonly TraversalStep[];
}

/** One part of a parsed template. */
export type TemplatePart =
  /** Literal text, as Terraform reads it (escapes collapsed, strip markers applied). */
  | { readonly kind: 'text'; readonly text: string }
  /**
   * A `${…}` sequence starting at index `at` of the source: `traversal` when its
   * expression is one plain traversal, `literal` the text when it is one
   * quoted string without sequences (`${"["}`).
   */
  | { readonly kind: 'interpolation'; readonly source: string; readonly at: number; readonly traversal?: Traversal; readonly literal?: string }
  /** A `%{…}` directive (`if`, `for`, `else`, `endif`, `endfor`) starting at index `at` of the source. */
  | { readonly kind: 'directive'; readonly source: string; readonly at: number };

/** Why a template does not parse, as HCL's parser says it (its diagnostic summary). */
export interface TemplateSyntaxError {
  /** Index in the source where the faulty sequence starts. */
  readonly at: number;
  /** HCL's summary of the diagnostic, e.g. `Unclosed template interpolation sequence`. */
  readonly summary: string;
}

/** A template read as Terraform reads it. */
export interface ParsedTemplate {
  readonly parts: readonly TemplatePart[];
  /** Set when HCL's parser refuses the template (only the first error). */
  readonly error?: TemplateSyntaxError;
}

// Go's unicode.IsSpace: what HCL's strip markers trim.
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const GO_SPACES_START = new RegExp(`^${GO_SPACE.source}+`);
const GO_SPACES_END = new RegExp(`${GO_SPACE.source}+$`);

/** A scanner token of the bare template (top level). */
type RawToken =
  | { readonly type: 'literal'; readonly raw: string }
  | { readonly type: 'sequence'; readonly kind: 'interpolation' | 'directive'; readonly source: string; readonly at: number; readonly openTrim: boolean; readonly closeTrim: boolean; readonly body: readonly MainToken[] };

/**
 * Reads `source` as Terraform reads a string of its JSON syntax: literal text,
 * interpolations and directives, or the first syntax error HCL reports.
 */
export function parseTemplate(source: string): ParsedTemplate {
  // Fast path: no sequence opener at all, so no escape either; only a lone CR
  // changes nothing here (it makes the rest literal, and it is literal already).
  if (!/[$%]\{/.test(source)) return { parts: source === '' ? [] : [{ kind: 'text', text: source }] };
  const scanned = scanBareTemplate(source);
  if (scanned.error !== undefined) return { parts: [], error: scanned.error };
  const error = directiveError(scanned.tokens);
  if (error !== undefined) return { parts: [], error };
  return { parts: templateParts(scanned.tokens) };
}

/** A top-level token of a template: literal text, or the source of a `${…}` / `%{…}` sequence. */
export type TemplateToken = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'sequence'; readonly source: string };

/**
 * The top-level tokens of `source` as HCL's scanner gives them: each literal
 * token's text (its `$${` and `%%{` collapsed, before a strip marker trims
 * it) and each sequence's source; or the error where the scanner stops. For a
 * writer that keeps a template's meaning in another syntax (hcl-writer.ts).
 */
export function templateTokens(source: string): { tokens: TemplateToken[] } | { error: TemplateSyntaxError; tokens: TemplateToken[] } {
  const scanned = scanBareTemplate(source);
  const tokens = scanned.tokens.map((t): TemplateToken => (t.type === 'literal' ? { kind: 'text', text: unescapeLiteral(t.raw) } : { kind: 'sequence', source: t.source }));
  return 'error' in scanned && scanned.error !== undefined ? { error: scanned.error, tokens } : { tokens };
}

// --- scan_tokens.rl, machine bareTemplate ------------------------------------

function scanBareTemplate(src: string): { tokens: RawToken[]; error?: undefined } | { error: TemplateSyntaxError; tokens: RawToken[] } {
  const tokens: RawToken[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if ((c === '$' || c === '%') && src[i + 1] === '{') {
      // TemplateInterp / TemplateControl: "${" or "%{", with an optional "~".
      const openTrim = src[i + 2] === '~';
      const bodyStart = i + (openTrim ? 3 : 2);
      const scanned = scanSequence(src, bodyStart);
      const kind = c === '$' ? 'interpolation' : 'directive';
      if (scanned.end < 0) {
        return { error: { at: i, summary: kind === 'interpolation' ? 'Unclosed template interpolation sequence' : 'Unclosed template directive' }, tokens };
      }
      tokens.push({ type: 'sequence', kind, source: src.slice(i, scanned.end), at: i, openTrim, closeTrim: scanned.closeTrim, body: scanned.body });
      i = scanned.end;
    } else if ((c === '$' || c === '%') && src[i + 1] === c && src[i + 2] === '{') {
      // TemplateNotInterp / TemplateNotControl: "$" before "${" (or "${~") is
      // the escape "$${" (a literal token, with the newline that may end it).
      i = pushLiteral(tokens, src, i, i + (src[i + 3] === '~' ? 4 : 3));
    } else if (c === '$' || c === '%') {
      // TemplateNotInterp / TemplateNotControl: "$" and one byte that is not
      // "{" (TemplateIgnoredNonBrace, `^'{' %{ fhold; }`), then BareStringLiteral's
      // optional Newline. The leaving action gives that byte back, except where
      // the scanner went on into a Newline and had to back up to the byte: so the
      // token is "$" and the byte when a CR or LF follows the byte (an ASCII one:
      // a UTF-8 sequence's next byte is no newline), and "$" alone otherwise.
      // (Terraform 1.11: "$\r\r\n${var.v}" reads the reference, "$\r${var.v}"
      // does not; "$ \n${~var.v}" keeps the space.) A last "$" is literal too.
      const next = src.charCodeAt(i + 1);
      const withByte = i + 1 < src.length && next < 0x80 && (src[i + 2] === '\r' || src[i + 2] === '\n');
      tokens.push({ type: 'literal', raw: src.slice(i, i + (withByte ? 2 : 1)) });
      i += withByte ? 2 : 1;
    } else if (c === '\r' && src[i + 1] !== '\n') {
      // A lone CR matches no pattern of bareTemplate: the scanner stops, and
      // everything from here to the end is one literal token.
      tokens.push({ type: 'literal', raw: src.slice(i) });
      i = src.length;
    } else {
      // (StringLiteralChars - ("$" | "%"))* Newline?
      let end = i;
      while (end < src.length && src[end] !== '$' && src[end] !== '%' && src[end] !== '\r' && src[end] !== '\n') end++;
      i = pushLiteral(tokens, src, i, end);
    }
  }
  return { tokens };
}

/** A literal token from `start` to `end`, with the newline that may end it (`\n` or `\r\n`). */
function pushLiteral(tokens: RawToken[], src: string, start: number, end: number): number {
  if (src[end] === '\n') end += 1;
  else if (src[end] === '\r' && src[end + 1] === '\n') end += 2;
  tokens.push({ type: 'literal', raw: src.slice(start, end) });
  return end;
}

// --- scan_tokens.rl, machines main and stringTemplate ------------------------

/** A token of HCL's normal mode, inside a sequence. */
type MainToken =
  | { readonly type: 'ident' | 'number' | 'symbol'; readonly text: string }
  | { readonly type: 'string'; readonly literal: boolean; readonly text: string; readonly nested?: readonly (readonly MainToken[])[] }
  | { readonly type: 'other' };

/**
 * Scans HCL's normal mode from `start` up to the brace that closes the
 * sequence opened before it. `end` is the index after the closing `}` (or
 * `~}`), -1 when the source ends first.
 */
function scanSequence(src: string, start: number): { end: number; closeTrim: boolean; body: MainToken[] } {
  const body: MainToken[] = [];
  let braces = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t') {
      i += 1;
    } else if (c === '\n' || (c === '\r' && src[i + 1] === '\n')) {
      // Newlines are ignored inside a template sequence (PushIncludeNewlines(false)).
      i += c === '\n' ? 1 : 2;
    } else if (c === '~' && src[i + 1] === '}') {
      if (braces === 0) return { end: i + 2, closeTrim: true, body };
      body.push({ type: 'other' });
      braces -= 1;
      i += 2;
    } else if (c === '}') {
      if (braces === 0) return { end: i + 1, closeTrim: false, body };
      body.push({ type: 'symbol', text: '}' });
      braces -= 1;
      i += 1;
    } else if (c === '{') {
      body.push({ type: 'symbol', text: '{' });
      braces += 1;
      i += 1;
    } else if (c === '"') {
      const scanned = scanQuoted(src, i + 1);
      if (scanned.end < 0) return { end: -1, closeTrim: false, body };
      body.push({ type: 'string', literal: scanned.literal, text: scanned.text, nested: scanned.nested });
      i = scanned.end;
    } else if (c === '#' || (c === '/' && src[i + 1] === '/')) {
      // A comment to the end of the line.
      while (i < src.length && src[i] !== '\n') i += 1;
    } else if (c === '/' && src[i + 1] === '*') {
      const close = src.indexOf('*/', i + 2);
      if (close < 0) {
        body.push({ type: 'other' });
        i += 1;
      } else {
        i = close + 2;
      }
    } else if (c === '<' && src[i + 1] === '<' && /^<<-?[\p{ID_Start}_][\p{ID_Continue}-]*\r?\n/u.test(src.slice(i, i + 300))) {
      // A heredoc inside a sequence: not a reference, and its end would need
      // the heredoc machine; the library refuses such templates as a whole.
      return { end: -1, closeTrim: false, body: [{ type: 'other' }] };
    } else if (/[0-9]/.test(c)) {
      const number = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i, i + 400))![0];
      body.push({ type: 'number', text: number });
      i += number.length;
    } else if (/[\p{ID_Start}_]/u.test(String.fromCodePoint(src.codePointAt(i)!))) {
      const ident = /^[\p{ID_Start}_][\p{ID_Continue}-]*/u.exec(src.slice(i, i + 1000))![0];
      body.push({ type: 'ident', text: ident });
      i += ident.length;
    } else {
      const operator = /^(?:==|!=|>=|<=|&&|\|\||::|\.\.\.|=>)/.exec(src.slice(i, i + 3))?.[0];
      const text = operator ?? String.fromCodePoint(src.codePointAt(i)!);
      body.push(/^[[\]().,*/%+\-=<>!?:&|~^;`']$/.test(text) || operator !== undefined ? { type: 'symbol', text } : { type: 'other' });
      i += text.length;
    }
  }
  return { end: -1, closeTrim: false, body };
}

/**
 * Scans a quoted string inside a sequence (machine stringTemplate) from after
 * its opening quote: `end` after its closing quote, -1 when unterminated.
 * `literal` when it holds no sequence, with `text` its value then.
 */
function scanQuoted(src: string, start: number): { end: number; literal: boolean; text: string; nested: MainToken[][] } {
  let text = '';
  let literal = true;
  let i = start;
  // The tokens of each sequence inside the string (a nested template's references).
  const nested: MainToken[][] = [];
  while (i < src.length) {
    const c = src[i];
    if (c === '"') return { end: i + 1, literal, text, nested };
    if (c === '\r' || c === '\n') return { end: -1, literal, text, nested }; // TokenQuotedNewline: "Unterminated template string"
    if ((c === '$' || c === '%') && src[i + 1] === '{') {
      const scanned = scanSequence(src, i + (src[i + 2] === '~' ? 3 : 2));
      if (scanned.end < 0) return { end: -1, literal, text, nested };
      literal = false;
      nested.push(scanned.body);
      i = scanned.end;
    } else if ((c === '$' || c === '%') && src[i + 1] === c && src[i + 2] === '{') {
      text += `${c}{`;
      i += 3;
    } else if (c === '\\') {
      const escape = /^\\(?:[nrt"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})/.exec(src.slice(i, i + 10));
      if (escape === null) {
        // An escape HCL refuses ("Invalid escape sequence"): not a literal the library reads.
        literal = false;
        i += 2;
        continue;
      }
      const e = escape[0];
      text += e[1] === 'n' ? '\n' : e[1] === 'r' ? '\r' : e[1] === 't' ? '\t' : e[1] === 'u' || e[1] === 'U' ? String.fromCodePoint(Math.min(parseInt(e.slice(2), 16), 0x10ffff)) : e[1];
      i += e.length;
    } else {
      const cp = src.codePointAt(i)!;
      text += String.fromCodePoint(cp);
      i += cp > 0xffff ? 2 : 1;
    }
  }
  return { end: -1, literal, text, nested };
}

// --- parser_template.go, directives ------------------------------------------

/**
 * The first error HCL's template parser reports on the directives of a
 * scanned template (hashicorp/hcl v2.23.0, hclsyntax/parser_template.go): a
 * directive's keyword and shape (`parseTemplateParts`, case
 * TokenTemplateControl, lines 476-644), then the nesting of if/else/endif and
 * for/endfor (`templateParser.parseExpr`, `parseIf`, `parseFor`, lines
 * 87-346). The expressions of `if` and `for` are not parsed (the library
 * refuses every directive in text anyway): only that there is one.
 */
function directiveError(tokens: readonly RawToken[]): TemplateSyntaxError | undefined {
  const open: { keyword: 'if' | 'for'; at: number; inElse: boolean }[] = [];
  for (const token of tokens) {
    if (token.type !== 'sequence' || token.kind !== 'directive') continue;
    const fail = (summary: string): TemplateSyntaxError => ({ at: token.at, summary });
    const body = token.body;
    const kw = body[0];
    const isSymbol = (t: MainToken | undefined, text: string) => t?.type === 'symbol' && t.text === text;
    // Line 489: `kw.Type != TokenIdent` → "Invalid template directive".
    if (kw?.type !== 'ident') return fail('Invalid template directive');
    const top = open[open.length - 1];
    switch (kw.text) {
      case 'if':
        // Line 508: p.ParseExpression(); nothing before the closing brace is no expression.
        if (body.length < 2) return fail('Invalid expression');
        open.push({ keyword: 'if', at: token.at, inElse: false });
        break;
      case 'for': {
        // Lines 527-590: `for NAME [, NAME] in EXPRESSION`.
        let i = 1;
        if (body[i]?.type !== 'ident') return fail("Invalid 'for' directive");
        i += 1;
        if (isSymbol(body[i], ',')) {
          if (body[i + 1]?.type !== 'ident') return fail("Invalid 'for' directive");
          i += 2;
        }
        const inKeyword = body[i];
        if (inKeyword?.type !== 'ident' || inKeyword.text !== 'in') return fail("Invalid 'for' directive");
        if (body.length < i + 2) return fail('Invalid expression');
        open.push({ keyword: 'for', at: token.at, inElse: false });
        break;
      }
      case 'else':
      case 'endif':
      case 'endfor':
        // Line 622: anything between the keyword and the closing brace.
        if (body.length > 1) return fail(`Extra characters in ${kw.text} marker`);
        if (kw.text === 'else') {
          // Lines 122-133, 172-188, 283-291: an else outside an if, in a for, or a second one.
          if (top?.keyword !== 'if' || top.inElse) return fail('Unexpected else directive');
          top.inElse = true;
        } else {
          // Lines 122-133, 188-202, 291-305: an end that closes nothing, or not the directive open.
          if (top?.keyword !== (kw.text === 'endif' ? 'if' : 'for')) return fail(`Unexpected ${kw.text} directive`);
          open.pop();
        }
        break;
      default:
        // Line 598: "Invalid template control keyword".
        return fail('Invalid template control keyword');
    }
  }
  // Lines 155-166, 266-277: an if or for without its end.
  const unclosed = open[open.length - 1];
  return unclosed === undefined ? undefined : { at: unclosed.at, summary: 'Unexpected end of template' };
}

// --- parser_template.go, parseTemplateParts ----------------------------------

function templateParts(tokens: readonly RawToken[]): TemplatePart[] {
  const parts: (TemplatePart & { text?: string })[] = [];
  let ltrimNext = false;
  let previousWasLiteral = false;
  for (const token of tokens) {
    const ltrim = ltrimNext;
    ltrimNext = false;
    if (token.type === 'literal') {
      let text = unescapeLiteral(token.raw);
      if (ltrim) text = text.replace(GO_SPACES_START, '');
      parts.push({ kind: 'text', text });
      previousWasLiteral = true;
      continue;
    }
    // `${~` / `%{~` trims the trailing spaces of the literal token just before.
    const last = parts[parts.length - 1];
    if (token.openTrim && previousWasLiteral && last?.kind === 'text') parts[parts.length - 1] = { kind: 'text', text: last.text.replace(GO_SPACES_END, '') };
    previousWasLiteral = false;
    ltrimNext = token.closeTrim;
    if (token.kind === 'directive') parts.push({ kind: 'directive', source: token.source, at: token.at });
    else parts.push({ kind: 'interpolation', source: token.source, at: token.at, traversal: traversalOf(token.body), literal: literalOf(token.body) });
  }
  // meldConsecutiveStringLiterals; an empty literal stays out.
  const melded: TemplatePart[] = [];
  for (const part of parts) {
    const last = melded[melded.length - 1];
    if (part.kind === 'text' && last?.kind === 'text') melded[melded.length - 1] = { kind: 'text', text: last.text + part.text };
    else if (part.kind !== 'text' || part.text !== '') melded.push(part);
  }
  return melded;
}

/** scan_string_lit.rl, unquoted: only "$${" and "%%{" are escapes (greedy "$", "$$", "$${" slices). */
function unescapeLiteral(raw: string): string {
  if (!raw.includes('${') && !raw.includes('%{')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; ) {
    const c = raw[i];
    if ((c === '$' || c === '%') && raw[i + 1] === c) {
      if (raw[i + 2] === '{') {
        out += `${c}{`;
        i += 3;
      } else {
        out += c + c;
        i += 2;
      }
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** The text of a sequence that is one quoted string without sequences (`${"["}`, `${"\\r"}`). */
function literalOf(body: readonly MainToken[]): string | undefined {
  const only = body.length === 1 ? body[0] : undefined;
  return only?.type === 'string' && only.literal ? only.text : undefined;
}

/** The traversal a sequence's tokens spell, when they are exactly one (`root`, then `.attr`, `[index]`, `.0`). */
function traversalOf(body: readonly MainToken[]): Traversal | undefined {
  const first = body[0];
  if (first?.type !== 'ident') return undefined;
  const steps: TraversalStep[] = [];
  for (let i = 1; i < body.length; ) {
    const t = body[i];
    const next = body[i + 1];
    if (t.type === 'symbol' && t.text === '.' && next?.type === 'ident') {
      steps.push({ attribute: next.text });
      i += 2;
    } else if (t.type === 'symbol' && t.text === '.' && next?.type === 'number' && /^[0-9]+$/.test(next.text)) {
      steps.push({ index: Number(next.text) });
      i += 2;
    } else if (t.type === 'symbol' && t.text === '[' && body[i + 2]?.type === 'symbol' && (body[i + 2] as { text: string }).text === ']') {
      if (next?.type === 'number' && /^[0-9]+$/.test(next.text)) steps.push({ index: Number(next.text) });
      else if (next?.type === 'string' && next.literal) steps.push({ index: next.text });
      else return undefined;
      i += 3;
    } else {
      return undefined;
    }
  }
  // A keyword alone is a literal value, not a reference.
  if (steps.length === 0 && ['true', 'false', 'null'].includes(first.text)) return undefined;
  return { root: first.text, steps };
}

// --- hcl.Variables ------------------------------------------------------------

// Literal keywords, and the words of `for` expressions and template directives (never a root:
// HCL reads them as keywords there, and no object Terraform declares has these names).
const KEYWORDS = ['true', 'false', 'null', 'for', 'in', 'if', 'else', 'endif', 'endfor'];

/**
 * The root names of the traversals in the sequences of template `source`
 * (`${(self.id != "x")}` → `["self"]`), as `hcl.Variables` finds them
 * (hashicorp/hcl v2.23.0, `traversal_for_expr.go` and `hclsyntax/variables.go`:
 * every `ScopeTraversalExpr`), nested templates included; undefined when HCL
 * would refuse the template. Read from the scanner's tokens: an identifier is
 * a traversal's root unless it follows `.` or `::` (an attribute, a
 * namespaced function), comes before `(` or `::` (a function call), is an
 * object key (before `=`) or is a keyword (`true`, `false`, `null`, `for`,
 * `in`, `if`…). A `for` expression's own variables count as roots: a check
 * that needs at least one root errs towards accepting.
 */
export function templateTraversalRoots(source: string): string[] | undefined {
  return templateNames(source)?.references.map((r) => r.root);
}

/** The names the sequences of a template use (templateNames). */
export interface TemplateNames {
  /** Each traversal's root and the attribute names that follow it (`data.http.x.body` → data; http, x, body). */
  readonly references: readonly { readonly root: string; readonly attributes: readonly string[] }[];
  /** Each function called, with its namespace as written (`uuid`, `core::uuid`, `provider::aws::arn_parse`). */
  readonly functions: readonly string[];
}

/**
 * The traversals (as templateTraversalRoots finds their roots) and the
 * function calls (an identifier before `(`: hashicorp/hcl v2.23.0
 * `hclsyntax/parser.go`, `FunctionCallExpr`, namespaced with `::`) in the
 * sequences of template `source`, nested templates included; undefined when
 * HCL would refuse the template.
 */
export function templateNames(source: string): TemplateNames | undefined {
  if (!/[$%]\{/.test(source)) return { references: [], functions: [] };
  const scanned = scanBareTemplate(source);
  if (scanned.error !== undefined || directiveError(scanned.tokens) !== undefined) return undefined;
  const references: { root: string; attributes: string[] }[] = [];
  const functions: string[] = [];
  const isSymbol = (t: MainToken | undefined, text: string) => t?.type === 'symbol' && t.text === text;
  const walk = (body: readonly MainToken[]) => {
    body.forEach((t, i) => {
      if (t.type === 'string') {
        for (const inner of t.nested ?? []) walk(inner);
        return;
      }
      if (t.type !== 'ident' || KEYWORDS.includes(t.text)) return;
      const after = body[i + 1];
      if (isSymbol(after, '(')) {
        let name = t.text;
        for (let j = i - 1; isSymbol(body[j], '::') && body[j - 1]?.type === 'ident'; j -= 2) name = `${(body[j - 1] as { text: string }).text}::${name}`;
        functions.push(name);
        return;
      }
      if (isSymbol(body[i - 1], '.') || isSymbol(body[i - 1], '::')) return;
      if (isSymbol(after, '::') || isSymbol(after, '=')) return;
      const attributes: string[] = [];
      for (let j = i + 1; isSymbol(body[j], '.') && body[j + 1]?.type === 'ident'; j += 2) attributes.push((body[j + 1] as { text: string }).text);
      references.push({ root: t.text, attributes });
    });
  };
  for (const token of scanned.tokens) if (token.type === 'sequence') walk(token.body);
  return { references, functions };
}
