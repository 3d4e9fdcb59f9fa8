// Go's encoding/json, as far as the API server uses it on annotation text
// (json.Unmarshal into a struct, Go 1.23): the text must be one JSON value
// nested at most 10,000 deep (scanner.go maxNestingDepth); object keys are
// matched to fields exactly, else case-insensitively (fold.go: ASCII letters,
// and the Kelvin sign and long s, which fold into K and S); unknown keys are
// skipped; a key given twice is decoded twice, into the value already there
// (decode.go); null leaves a value as it is and sets a pointer or slice to nil;
// a JSON value of the wrong type is an error (UnmarshalTypeError), and so is a
// time that metav1.Time.UnmarshalJSON cannot read (time.Parse RFC 3339).
import { isDateTime } from './rfc3339';

/** A parsed JSON value, with each object's keys in order, repeats kept. */
export type GoJsonValue =
  | { readonly kind: 'object'; readonly entries: [string, GoJsonValue][] }
  | { readonly kind: 'array'; readonly items: GoJsonValue[] }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'null' };

/** Go's type of the value decoded into. */
export type GoType =
  | { readonly kind: 'string' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'time' } // metav1.Time: a JSON string in RFC 3339, or null
  | { readonly kind: 'pointer'; readonly elem: GoType }
  | { readonly kind: 'slice'; readonly elem: GoType }
  | { readonly kind: 'struct'; readonly fields: { readonly [jsonName: string]: GoType } };

// RFC 8259's number, matched where the value starts.
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** encoding/json's scanner: maxNestingDepth. */
export const MAX_NESTING_DEPTH = 10000;

/** The JSON value of `text`, or why Go's scanner refuses it. Iterative: depth costs no stack. */
export function parseGoJson(text: string): { value: GoJsonValue } | { error: string } {
  let i = 0;
  const n = text.length;
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  type Frame = { node: { kind: 'object'; entries: [string, GoJsonValue][] } | { kind: 'array'; items: GoJsonValue[] }; key?: string };
  const stack: Frame[] = [];
  const fail = (what: string) => ({ error: `${what} at offset ${i}` });

  const readString = (): string | undefined => {
    // text[i] is '"'
    let out = '';
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return out;
      }
      if (c < 0x20) return undefined;
      if (c === 0x5c) {
        const e = text[i + 1];
        const simple: { [k: string]: string } = { '"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t' };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
          continue;
        }
        if (e !== 'u' || !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return undefined;
        const unit = parseInt(text.slice(i + 2, i + 6), 16);
        i += 6;
        if (unit >= 0xd800 && unit <= 0xdbff && text[i] === '\\' && text[i + 1] === 'u' && /^[dD][c-fC-F][0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(unit, parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          // A lone surrogate escape decodes to U+FFFD (decode.go unquote).
          out += unit >= 0xd800 && unit <= 0xdfff ? '\ufffd' : String.fromCharCode(unit);
        }
        continue;
      }
      out += text[i];
      i++;
    }
    return undefined;
  };

  for (;;) {
    // Read one value.
    skipSpace();
    let value: GoJsonValue | undefined;
    const c = text[i];
    if (c === '{' || c === '[') {
      if (stack.length + 1 > MAX_NESTING_DEPTH) return fail(`nesting deeper than ${MAX_NESTING_DEPTH}`);
      i++;
      skipSpace();
      if (c === '{') {
        const node = { kind: 'object' as const, entries: [] as [string, GoJsonValue][] };
        if (text[i] === '}') {
          i++;
          value = node;
        } else {
          if (text[i] !== '"') return fail('a key expected');
          const key = readString();
          if (key === undefined) return fail('an invalid string');
          skipSpace();
          if (text[i] !== ':') return fail('":" expected');
          i++;
          stack.push({ node, key });
          continue;
        }
      } else {
        const node = { kind: 'array' as const, items: [] as GoJsonValue[] };
        if (text[i] === ']') {
          i++;
          value = node;
        } else {
          stack.push({ node });
          continue;
        }
      }
    } else if (c === '"') {
      const s = readString();
      if (s === undefined) return fail('an invalid string');
      value = { kind: 'string', value: s };
    } else if (text.startsWith('true', i)) {
      i += 4;
      value = { kind: 'boolean', value: true };
    } else if (text.startsWith('false', i)) {
      i += 5;
      value = { kind: 'boolean', value: false };
    } else if (text.startsWith('null', i)) {
      i += 4;
      value = { kind: 'null' };
    } else {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text);
      if (number === null) return fail('a value expected');
      i += number[0].length;
      value = { kind: 'number' };
    }
    // Hand the value to its container, closing containers as they end.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        skipSpace();
        return i === n ? { value } : fail('text after the value');
      }
      if (top.node.kind === 'object') top.node.entries.push([top.key as string, value]);
      else top.node.items.push(value);
      skipSpace();
      const next = text[i];
      if (next === ',') {
        i++;
        if (top.node.kind === 'object') {
          skipSpace();
          if (text[i] !== '"') return fail('a key expected');
          const key = readString();
          if (key === undefined) return fail('an invalid string');
          skipSpace();
          if (text[i] !== ':') return fail('":" expected');
          i++;
          top.key = key;
        }
        break;
      }
      if ((top.node.kind === 'object' && next === '}') || (top.node.kind === 'array' && next === ']')) {
        i++;
        stack.pop();
        value = top.node;
        continue;
      }
      return fail(`"," or "${top.node.kind === 'object' ? '}' : ']'}" expected`);
    }
  }
}

/** Go's folding of a JSON key for matching a field name (fold.go foldName), for ASCII field names. */
function fold(key: string): string {
  return key.replace(/[a-z]/g, (c) => c.toUpperCase()).replace(/\u212a/g, 'K').replace(/\u017f/g, 'S');
}

/** The zero value of a Go type, as decoded here: '' , false, undefined (nil pointer, nil slice, zero time), {} with zero fields. */
export function zeroOf(type: GoType): unknown {
  switch (type.kind) {
    case 'string': return '';
    case 'bool': return false;
    case 'struct': {
      const out: { [name: string]: unknown } = {};
      for (const name of Object.keys(type.fields)) out[name] = zeroOf(type.fields[name]);
      return out;
    }
    default: return undefined;
  }
}

class TimeError extends Error {}

/**
 * json.Unmarshal of `text` into a value of `type` (a struct or a slice, as the
 * annotations' are): the decoded value, or the error Go returns. Pointers and
 * slices decode to undefined when nil; a time to its text, or undefined when zero.
 */
export function unmarshalGo(text: string, type: GoType): { value: unknown } | { error: string } {
  const parsed = parseGoJson(text);
  if ('error' in parsed) return { error: `not JSON: ${parsed.error}` };
  const typeErrors: string[] = [];
  try {
    const value = decode(parsed.value, type, zeroOf(type), '', typeErrors);
    // Type errors are saved and the decoding goes on (decode.go saveError); the first is returned.
    return typeErrors.length > 0 ? { error: typeErrors[0] } : { value };
  } catch (e) {
    if (e instanceof TimeError) return { error: e.message };
    throw e;
  }
}

function decode(node: GoJsonValue, type: GoType, current: unknown, at: string, typeErrors: string[]): unknown {
  const where = at === '' ? 'the top level' : at;
  const mismatch = () => {
    typeErrors.push(`a JSON ${node.kind} where Go expects ${describeType(type)} (${where})`);
    return current;
  };
  if (node.kind === 'null') {
    // Pointers and slices become nil; anything else is left as it is (metav1.Time reads null as zero).
    return type.kind === 'pointer' || type.kind === 'slice' ? undefined : type.kind === 'time' ? undefined : current;
  }
  switch (type.kind) {
    case 'string':
      return node.kind === 'string' ? node.value : mismatch();
    case 'bool':
      return node.kind === 'boolean' ? node.value : mismatch();
    case 'time':
      // metav1.Time.UnmarshalJSON: a JSON string, read by time.Parse(time.RFC3339, …); its error ends the decoding.
      if (node.kind !== 'string') throw new TimeError(`a JSON ${node.kind} where Go expects an RFC 3339 time string (${where})`);
      if (!isDateTime(node.value)) throw new TimeError(`a string that is not an RFC 3339 time (${where})`);
      return node.value;
    case 'pointer':
      return decode(node, type.elem, current === undefined ? zeroOf(type.elem) : current, at, typeErrors);
    case 'slice': {
      if (node.kind !== 'array') return mismatch();
      // decode.go array: elements already there are decoded into; the length becomes the array's.
      const before = Array.isArray(current) ? current : [];
      return node.items.map((item, k) => decode(item, type.elem, k < before.length ? before[k] : zeroOf(type.elem), `${at}/${k}`, typeErrors));
    }
    case 'struct': {
      if (node.kind !== 'object') return mismatch();
      const out = { ...(current as { [name: string]: unknown }) };
      const names = Object.keys(type.fields);
      for (const [key, value] of node.entries) {
        const name = names.find((f) => f === key) ?? names.find((f) => fold(f) === fold(key));
        if (name === undefined) continue;
        out[name] = decode(value, type.fields[name], out[name], `${at}/${name}`, typeErrors);
      }
      return out;
    }
  }
}

function describeType(type: GoType): string {
  switch (type.kind) {
    case 'string': return 'a string';
    case 'bool': return 'a boolean';
    case 'time': return 'a time';
    case 'pointer': return describeType(type.elem);
    case 'slice': return 'an array';
    case 'struct': return 'an object';
  }
}
