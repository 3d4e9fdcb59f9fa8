// lib/core/terraform-template.ts against its authority's own test tables:
// hashicorp/hcl v2.23.0 (the version Terraform 1.11 vendors), the template
// cases of hclsyntax/expression_template_test.go, scan_tokens_test.go,
// parser_test.go and scan_string_lit_test.go, ported as data in fixtures/upstream/hcl-templates.json (which
// names tag, commit, file, test and case of each, and lists with a reason the
// cases not ported).
import { readFileSync } from 'fs';
import { join } from 'path';
import { parseTemplate, ParsedTemplate } from '../../lib/core/terraform-template';

interface Sequence {
  readonly kind: 'interpolation' | 'directive';
  readonly at: number;
  readonly source: string;
}

interface UpstreamCase {
  readonly file: string;
  readonly test: string;
  readonly case: number | string;
  readonly input: string;
  readonly valueNotCompared?: string;
  readonly expect: {
    readonly valid: boolean;
    readonly value?: string;
    readonly summary?: string;
    readonly sequences?: readonly Sequence[];
    readonly stringLits?: readonly string[];
    readonly quotedLits?: readonly string[];
    readonly stringLiteral?: boolean;
    readonly unquotedSlices?: readonly string[];
  };
}

const FIXTURE = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'upstream', 'hcl-templates.json'), 'utf8'));
const CASES: UpstreamCase[] = FIXTURE.cases;

/** The text a template stands for when every part is known: text parts and quoted-string interpolations, joined. */
function literalText(parsed: ParsedTemplate): string | undefined {
  let text = '';
  for (const part of parsed.parts) {
    if (part.kind === 'text') text += part.text;
    else if (part.kind === 'interpolation' && part.literal !== undefined) text += part.literal;
    else return undefined;
  }
  return text;
}

/** The top-level sequences of a parse, as the scanner's tokens delimit them. */
function sequences(parsed: ParsedTemplate): Sequence[] {
  return parsed.parts.flatMap((part) => (part.kind === 'text' ? [] : [{ kind: part.kind, at: part.at, source: part.source }]));
}

/** ParseStringLiteralToken on literal tokens of a template: only `$${` and `%%{` are escapes. */
function joinedLiterals(tokens: readonly string[]): string {
  return tokens.join('').replace(/([$%])\1\{/g, '$1{');
}

const name = (c: UpstreamCase) => `${c.file} ${c.test} [${c.case}] ${JSON.stringify(c.input.length > 60 ? `${c.input.slice(0, 60)}…` : c.input)}`;

describe('hashicorp/hcl v2.23.0 template tests', () => {
  test('the fixture names its source', () => {
    expect(FIXTURE._source).toMatchObject({ repo: 'hashicorp/hcl', tag: 'v2.23.0', commit: '56a9aee5207dbaed7f061cd926b96fc159d26ea0' });
    expect(CASES.length).toBeGreaterThanOrEqual(123);
  });

  test.each(CASES.map((c) => [name(c), c] as const))('%s', (_name, c) => {
    const parsed = parseTemplate(c.input);
    expect({ valid: parsed.error === undefined, error: parsed.error }).toMatchObject({ valid: c.expect.valid });
    if (c.expect.summary !== undefined) expect(parsed.error?.summary).toBe(c.expect.summary);
    if (!c.expect.valid) return;

    if (c.expect.value !== undefined) expect(literalText(parsed)).toBe(c.expect.value);
    if (c.expect.sequences !== undefined) expect(sequences(parsed)).toEqual(c.expect.sequences);
    const lits = c.expect.stringLits ?? c.expect.quotedLits;
    if (lits !== undefined && c.expect.sequences?.length === 0) expect(literalText(parsed)).toBe(joinedLiterals(lits.map((l) => l.replace(/\\"/g, '"'))));
    if (c.expect.stringLiteral !== undefined) expect(parsed.parts.every((p) => p.kind === 'text')).toBe(c.expect.stringLiteral);
    // After a lone CR the rest is one literal token: its value is its slices, each `$${` and `%%{` collapsed (ParseStringLiteralToken).
    if (c.expect.unquotedSlices !== undefined) expect(literalText(parsed)).toBe(`\r${c.expect.unquotedSlices.map((s) => (s === '$${' || s === '%%{' ? `${s[0]}{` : s)).join('')}`);
    // A case that asserts a value either has it compared or says why not.
    expect(c.expect.value !== undefined || c.valueNotCompared !== undefined || c.test !== 'TestTemplateExprParseAndValue').toBe(true);
    if (c.test === 'TestScanStringLit') expect(c.expect.unquotedSlices).toBeDefined();
  });
});

describe('the cases not ported, as the port reads them', () => {
  const byCase = (k: string | number) => FIXTURE.exclusions.find((e: { case: string | number }) => e.case === k);

  test('every exclusion gives its reason', () => {
    expect(FIXTURE.exclusions.length).toBeLessThanOrEqual(6);
    for (const e of FIXTURE.exclusions) expect(e.reason.length).toBeGreaterThan(40);
  });

  test.each(['prefix${provider::}', '${provider::}'])('%s: valid here, but its interpolation is neither a traversal nor a quoted string (the library refuses it)', (input) => {
    expect(byCase(input)).toBeDefined();
    const parsed = parseTemplate(input);
    expect(parsed.error).toBeUndefined();
    const interpolation = parsed.parts.find((p) => p.kind === 'interpolation');
    expect(interpolation).toMatchObject({ kind: 'interpolation', source: '${provider::}', traversal: undefined, literal: undefined });
  });

  test('a block label with a sequence: a valid template (the error is the label rule)', () => {
    const parsed = parseTemplate(byCase(7).input);
    expect(parsed.error).toBeUndefined();
    expect(parsed).toMatchObject({ parts: [{ text: 'invalid ' }, { traversal: { root: 'not_allowed_here', steps: [] } }, { text: ' foo' }] });
  });

  test('quoted slices: a quoted string inside a sequence with an escape HCL refuses (`\\$`) is no literal the library reads', () => {
    expect(byCase('quoted slices (WantQuoted)')).toBeDefined();
    const parsed = parseTemplate('${"hello\\${world}"}');
    expect(parsed.parts.find((p) => p.kind === 'interpolation')).toMatchObject({ kind: 'interpolation', literal: undefined, traversal: undefined });
    expect(parseTemplate('${"hello\\nworld"}').parts).toMatchObject([{ kind: 'interpolation', literal: 'hello\nworld' }]);
  });

  test('a quoted string without its closing quote: its content is a valid template', () => {
    const e = byCase('unclosed quoted template at literal part');
    expect(parseTemplate(e.input).error).toBeUndefined();
  });
});

// The directive rules ported for the cases above (parser_template.go, see
// directiveError): each diagnostic the parser gives on a directive's shape or
// nesting, on one template each.
describe('directive diagnostics of parser_template.go', () => {
  test.each([
    ['%{ }', 'Invalid template directive'],
    ['%{ "if" }', 'Invalid template directive'],
    ['%{ fi true }', 'Invalid template control keyword'],
    ['%{ if }', 'Invalid expression'],
    ['%{ for }x%{ endfor }', "Invalid 'for' directive"],
    ['%{ for a, }x%{ endfor }', "Invalid 'for' directive"],
    ['%{ for a b }x%{ endfor }', "Invalid 'for' directive"],
    ['%{ for a in }x%{ endfor }', 'Invalid expression'],
    ['%{ if true }x%{ else true }y%{ endif }', 'Extra characters in else marker'],
    ['%{ if true }x%{ endif x }', 'Extra characters in endif marker'],
    ['%{ else }', 'Unexpected else directive'],
    ['%{ if true }x%{ else }y%{ else }z%{ endif }', 'Unexpected else directive'],
    ['%{ for a in b }x%{ else }y%{ endfor }', 'Unexpected else directive'],
    ['%{ if true }x%{ endfor }', 'Unexpected endfor directive'],
    ['%{ for a in b }x%{ endif }', 'Unexpected endif directive'],
    ['%{ if true }x', 'Unexpected end of template'],
    ['%{ if true }%{ for a in b }x%{ endfor }', 'Unexpected end of template'],
  ])('%s: %s', (input, summary) => {
    expect(parseTemplate(input).error?.summary).toBe(summary);
  });

  test.each(['%{ if a }x%{ else }y%{ endif }', '%{ for k, v in m ~}\n${k}%{~ endfor }', '%{if a}%{for b in c}%{if d}%{else}%{endif}%{endfor}%{endif}', '%{ if a /* c */ }x%{ endif # c\n}'])('%s parses', (input) => {
    expect(parseTemplate(input).error).toBeUndefined();
  });
});
