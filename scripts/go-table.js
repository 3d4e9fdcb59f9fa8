// Reads a Go test table (a composite literal) as data, for porting upstream
// test tables into __tests__/**/fixtures/upstream/*.json. Not part of the
// library or of `npm test`: scripts/port-grammar-tables.js uses it, given the
// upstream sources.
//
// What it understands is what test tables are made of: string literals
// (interpreted "…" with Go escapes, raw `…`), numbers, identifiers (true,
// false, nil, pkg.Name), composite literals `Type{…}` and `[...]T{…}`
// (positional or keyed), and calls `f(args)`. A composite literal becomes
// { $type, $items } (positional) or { $type, key: value } (keyed); a call
// becomes { $call, $args }.
'use strict';

function tokenize(src) {
  const tokens = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (src.startsWith('//', i)) { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (src.startsWith('/*', i)) { i = src.indexOf('*/', i) + 2; continue; }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      tokens.push({ kind: 'string', value: src.slice(i + 1, end).replace(/\r/g, '') });
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', value: unquoteGo(src.slice(i + 1, j)) });
      i = j + 1;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      while (src[j] !== "'") j += src[j] === '\\' ? 2 : 1;
      tokens.push({ kind: 'string', value: unquoteGo(src.slice(i + 1, j)) });
      i = j + 1;
      continue;
    }
    const word = /^(?:\[\.\.\.\]|\[\])?[A-Za-z_][A-Za-z0-9_.]*|^-?[0-9][0-9a-fA-FxX._]*/.exec(src.slice(i));
    if (word) {
      tokens.push({ kind: /^-?[0-9]/.test(word[0]) ? 'number' : 'ident', value: word[0] });
      i += word[0].length;
      continue;
    }
    if (src.startsWith('...', i)) { i += 3; continue; }
    tokens.push({ kind: 'punct', value: c });
    i++;
  }
  return tokens;
}

function unquoteGo(body) {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_, e) => {
    switch (e[0]) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'a': return '\u0007';
      case 'b': return '\b';
      case 'f': return '\f';
      case 'v': return '\v';
      case 'x': return String.fromCharCode(parseInt(e.slice(1), 16));
      case 'u': case 'U': return String.fromCodePoint(parseInt(e.slice(1), 16));
      default: return /^[0-7]{3}$/.test(e) ? String.fromCharCode(parseInt(e, 8)) : e;
    }
  });
}

/** Parses one expression starting at tokens[pos]; returns [value, nextPos]. */
function parseExpr(tokens, pos) {
  const t = tokens[pos];
  if (t.kind === 'string') {
    let value = t.value;
    pos++;
    // String concatenation: "a" + "b"
    while (tokens[pos] && tokens[pos].value === '+' && tokens[pos + 1] && tokens[pos + 1].kind === 'string') {
      value += tokens[pos + 1].value;
      pos += 2;
    }
    return [value, pos];
  }
  if (t.kind === 'number') return [Number(t.value.replace(/_/g, '')), pos + 1];
  if (t.kind === 'punct' && t.value === '&') return parseExpr(tokens, pos + 1);
  if (t.kind === 'punct' && t.value === '{') return parseBody(tokens, pos, undefined);
  if (t.kind === 'ident') {
    const next = tokens[pos + 1];
    if (next && next.value === '{') return parseBody(tokens, pos + 1, t.value);
    if (next && next.value === '(') {
      const args = [];
      pos += 2;
      while (tokens[pos].value !== ')') {
        const [arg, after] = parseExpr(tokens, pos);
        args.push(arg);
        pos = tokens[after].value === ',' ? after + 1 : after;
      }
      return [{ $call: t.value, $args: args }, pos + 1];
    }
    if (t.value === 'true') return [true, pos + 1];
    if (t.value === 'false') return [false, pos + 1];
    if (t.value === 'nil') return [null, pos + 1];
    return [{ $ident: t.value }, pos + 1];
  }
  throw new Error(`unexpected token ${JSON.stringify(t)} at ${pos}`);
}

function parseBody(tokens, pos, type) {
  // tokens[pos] is '{'
  pos++;
  const items = [];
  const keyed = {};
  let isKeyed = false;
  while (tokens[pos].value !== '}') {
    const [first, after] = parseExpr(tokens, pos);
    if (tokens[after].value === ':') {
      isKeyed = true;
      const key = typeof first === 'string' ? first : first.$ident ?? JSON.stringify(first);
      const [value, afterValue] = parseExpr(tokens, after + 1);
      keyed[key] = value;
      pos = afterValue;
    } else {
      items.push(first);
      pos = after;
    }
    if (tokens[pos].value === ',') pos++;
  }
  const node = isKeyed ? { ...keyed } : { $items: items };
  if (type !== undefined) node.$type = type;
  return [node, pos + 1];
}

/**
 * The table literal that follows `marker` in `src` (the first `{` after the
 * struct type's closing brace, when the marker is a `[]struct {` line), read as data.
 */
function tableAfter(src, marker) {
  const at = src.indexOf(marker);
  if (at < 0) throw new Error(`marker not found: ${marker}`);
  let i = at + marker.length;
  if (/struct\s*\{\s*$/.test(marker)) {
    // Skip the struct type's field list.
    let depth = 1;
    while (depth > 0) {
      if (src[i] === '{') depth++;
      else if (src[i] === '}') depth--;
      i++;
    }
  }
  const tokens = tokenize(src.slice(i));
  const [value] = parseExpr(tokens, tokens[0].value === '{' ? 0 : 0);
  return value;
}

module.exports = { tokenize, parseExpr, tableAfter, unquoteGo };
