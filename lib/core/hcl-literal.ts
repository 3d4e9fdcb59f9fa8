import { isUnresolved } from './problems';

// cdktf's HCL renderer quotes strings without escaping backslashes or quotes
// reliably. Strings it would garble are written as a one-item template instead,
// `"${"…"}"`, whose value is exactly the string.
const SAFE_FOR_CDKTF = /^[^"\\\r\n$%{}]*$/;

/**
 * An HCL quoted-string literal for `text`. `${` and `%{` stay Terraform template
 * syntax, as they are in the JSON output; any other `{` is written `\u007b`,
 * because HCL's scanner miscounts a brace inside a string inside `${ }`.
 */
export function hclStringLiteral(text: string): string {
  // JSON escapes are HCL escapes, but for \b and \f, which HCL lacks.
  return JSON.stringify(text).replace(/\\([\s\S])|(?<![$%])\{/g, (match, escaped?: string) =>
    escaped === undefined ? '\\u007b' : escaped === 'b' ? '\\u0008' : escaped === 'f' ? '\\u000c' : match,
  );
}

/** A string attribute value that cdktf's HCL renderer writes back exactly. */
export function hclString(text: string): string {
  if (isUnresolved(text) || SAFE_FOR_CDKTF.test(text)) return text;
  return `\${${hclStringLiteral(text)}}`;
}

/**
 * A JSON-like value (objects, arrays, strings, numbers, booleans, null) as one
 * line of HCL expression, wrapped as a one-item template so cdktf passes it
 * through untouched: `"${ {"apiVersion" = "v1", …} }"`.
 */
export function hclAnyValue(value: unknown): string {
  if (isUnresolved(value) && typeof value !== 'object') return value as string;
  return `\${${hclExpression(value)}}`;
}

function hclExpression(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return hclStringLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(hclExpression).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as object).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${hclStringLiteral(k)} = ${hclExpression(v)}`).join(', ')}}`;
  }
  throw new TypeError(`cannot write a ${typeof value} as an HCL expression`);
}
