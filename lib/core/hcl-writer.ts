// The one writer of HCL values for everything the library emits: attributes,
// nested blocks, `any` values such as manifests, import blocks, lifecycle
// conditions, provider settings. It starts from the value the JSON output holds
// (tokens resolved), so both files say the same thing, and writes HCL that
// Terraform reads back as exactly that value.
//
// Terraform reads every JSON string as a template, as it reads an HCL quoted
// string: literal text with `${…}` interpolations and `%{…}` directives, and
// `$${` / `%%{` for a literal `${` / `%{`. The writer reads the template with
// the port of HCL's scanner (terraform-template.ts), keeps each sequence (its
// strip markers applied to the texts instead) and writes each literal text as
// text: quotes, backslashes and control characters escaped, newlines included
// (as `\n`: a heredoc would add a trailing newline, and cdktf's one drops escapes).
import { IConstruct } from 'constructs';
import { DefaultTokenResolver, StringConcat, TerraformStack, Tokenization } from './framework';
import { parseTemplate, templateTokens } from './terraform-template';

/** `value` with every token resolved, as the JSON output holds it. */
export function resolvedForOutput(scope: IConstruct, value: unknown): unknown {
  return Tokenization.resolve(value, { scope: TerraformStack.of(scope), resolver: new DefaultTokenResolver(new StringConcat()) });
}

/** The text the JSON output holds for `value`, its tokens resolved; undefined when it resolves to no text or cannot be resolved. */
export function resolvedText(scope: IConstruct, value: unknown): string | undefined {
  try {
    const resolved = resolvedForOutput(scope, value);
    return typeof resolved === 'string' ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An HCL quoted template that Terraform reads as it reads the JSON string
 * `template`, from the template as HCL's scanner and parser read it
 * (terraform-template.ts, the port): each literal part as its text (after a
 * lone CR, the rest of the string is one), each `${…}` and `%{…}` sequence as
 * it is without its strip markers, whose trimming is already in the texts (HCL's
 * quoted strings cut literals into other tokens, and a marker trims one token).
 */
export function hclTemplate(template: string): string {
  // Terraform's JSON reading drops a byte-order mark at the start of a string
  // (it parses the string as a template source of its own): HCL must too.
  if (template.startsWith('\ufeff')) template = template.slice(1);
  const parsed = parseTemplate(template);
  if (parsed.error === undefined) {
    let out = '';
    parsed.parts.forEach((part, i) => {
      if (part.kind !== 'text') {
        out += withoutStripMarkers(part.source);
        return;
      }
      // A "$" before a "${" (or "%" before "%{") would make HCL's escape: the run of them is written as an interpolation of itself.
      const next = parsed.parts[i + 1];
      const run = next === undefined || next.kind === 'text' ? 0 : part.text.length - part.text.replace(next.source[0] === '$' ? /\$+$/ : /%+$/, '').length;
      out += run === 0 ? hclText(part.text) : `${hclText(part.text.slice(0, -run))}\${"${part.text.slice(-run)}"}`;
    });
    return `"${out}"`;
  }
  // A template Terraform refuses: its tokens up to the sequence it cannot close, that sequence's opener kept, so that HCL refuses it too.
  const scanned = templateTokens(template);
  const written = scanned.tokens.map((t) => (t.kind === 'text' ? hclText(t.text) : t.source)).join('');
  const rest = 'error' in scanned ? template.slice(scanned.error.at) : '';
  return `"${written}${rest.slice(0, 2)}${hclText(rest.slice(2))}"`;
}

/** A `${…}` or `%{…}` sequence without its strip markers (`${~ x ~}` → `${ x }`). */
function withoutStripMarkers(source: string): string {
  const open = source[2] === '~' ? 3 : 2;
  const close = source.endsWith('~}') ? 2 : 1;
  return `${source.slice(0, 2)}${source.slice(open, source.length - close)}}`;
}

/** `text` inside an HCL quoted template, read back as exactly `text`. */
function hclText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text.startsWith('${', i) || text.startsWith('%{', i)) {
      out += `${text[i]}${text[i]}{`;
      i += 2;
    } else {
      out += escapeLiteral(text.codePointAt(i)!);
      i += text.codePointAt(i)! > 0xffff ? 2 : 1;
    }
  }
  return out;
}

/** A JSON value (as the JSON output holds it) as one line of HCL expression. */
export function hclExpression(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return hclTemplate(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(hclExpression).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as object).filter(([, v]) => v !== undefined);
    // Keys are quoted: a bare key would be read as a variable name by some readers.
    return `{${entries.map(([k, v]) => `${hclTemplate(k)} = ${hclExpression(v)}`).join(', ')}}`;
  }
  throw new Error(`cannot write a ${typeof value} as an HCL expression`);
}

/**
 * An HCL expression in the form cdktf's HCL renderer writes out unchanged:
 * as a `reference` (written as is) when it holds no `${`, otherwise as a
 * string value, which the renderer wraps in quotes without escaping: the
 * template's own inside, or a one-interpolation template `"${ expr }"`, which
 * Terraform reads as the value of `expr` itself.
 */
export function verbatimForCdktf(expression: string): { value: string; isBlock: false; type: 'reference' | 'simple'; storageClassType?: 'string' } {
  if (!expression.includes('${')) return { value: expression, isBlock: false, type: 'reference' };
  const inner = isOneTemplate(expression) ? expression.slice(1, -1) : `\${${expression}}`;
  return { value: inner, isBlock: false, type: 'simple', storageClassType: 'string' };
}

/** `value`, resolved and written as HCL, in the form cdktf's renderer passes through. */
export function hclValueForCdktf(scope: IConstruct, value: unknown): ReturnType<typeof verbatimForCdktf> {
  return verbatimForCdktf(hclExpression(resolvedForOutput(scope, value)));
}

function isOneTemplate(expression: string): boolean {
  return expression.startsWith('"') && expression.length >= 2 && hclTemplateEnd(expression, 1) === expression.length;
}

// Where the quoted template that opens before `from` closes (index after the quote), or -1.
function hclTemplateEnd(text: string, from: number): number {
  for (let i = from; i < text.length; ) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else if (text.startsWith('$${', i) || text.startsWith('%%{', i)) i += 3;
    else if (text.startsWith('${', i) || text.startsWith('%{', i)) i = endOfSequence(text, i + 2);
    else i += 1;
  }
  return -1;
}

// The index after the `}` that closes a `${` or `%{` opened before `from`: the
// expression inside may hold braces and quoted templates of its own.
function endOfSequence(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; ) {
    const c = text[i];
    if (c === '"') {
      const end = hclTemplateEnd(text, i + 1);
      if (end < 0) return text.length;
      i = end;
    } else if (c === '{') {
      depth += 1;
      i += 1;
    } else if (c === '}') {
      if (depth === 0) return i + 1;
      depth -= 1;
      i += 1;
    } else {
      i += 1;
    }
  }
  return text.length;
}

function escapeLiteral(codePoint: number): string {
  switch (codePoint) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    default:
      // Other controls, and the line and paragraph separators, as escapes: HCL's scanner takes no raw ones.
      if (codePoint < 0x20 || codePoint === 0x7f || codePoint === 0x2028 || codePoint === 0x2029) {
        return `\\u${codePoint.toString(16).padStart(4, '0')}`;
      }
      return String.fromCodePoint(codePoint);
  }
}
