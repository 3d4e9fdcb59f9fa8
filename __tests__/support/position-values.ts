// The values the positions judge gives each position: the tests' hostile string
// alphabet, cdktf's token kinds (alone and mixed with text), Literal.text, and
// the JavaScript shapes that break naive readers (Maps, Sets, Dates, class
// instances, revoked Proxies, getters, cycles, deep nesting, huge lists,
// numbers JSON cannot say). A value is a recipe, built in the stack it is
// used in (tokens belong to a stack).
import fc from 'fast-check';
import { TerraformIterator, Token } from '../../lib/core/framework';
import { Literal } from '../../lib';
import { hostileString, hugeString, USER_CLASSES } from './hostile-strings';

/** The tokens a recipe may use, declared once in each judged stack (variables with defaults, so plans know them). */
export interface StackTokens {
  /** `var.text` (type string). */
  readonly string: string;
  /** `var.amount` (type number). */
  readonly number: number;
  /** `var.names` (type list(string)). */
  readonly list: string[];
  /** `var.labels` (type map(string)). */
  readonly map: { [key: string]: string };
  /** `var.text` as an `any` token (Token.asAny). */
  readonly any: unknown;
  /** `var.flag` (type bool), its booleanValue. */
  readonly boolean: unknown;
  /** References to a list, a map and an object, typed only by the variable they name (`Token.asAny(var.names.value)`, …). */
  readonly anyList: unknown;
  readonly anyMap: unknown;
  readonly anyObject: unknown;
  /** The stack's default provider configurations, by provider name. */
  readonly providers: { readonly [name: string]: unknown };
  /** A resource of the stack (a `terraform_data`), for `dependsOn`. */
  readonly resource: unknown;
}

/** A value given to a position: a label for the report, and how to make it in a stack. */
export interface PositionValue {
  readonly label: string;
  readonly make: (tokens: StackTokens) => unknown;
}

/** The broad type of a position, from the jsii assembly. */
export type PositionType = 'string' | 'number' | 'boolean' | 'stringList' | 'stringMap' | 'struct' | 'object' | 'iterator' | 'any';

class Opaque {
  public readonly secret = 'not-plain-data';
}

function revokedProxy(): unknown {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function deepObject(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { d: value };
  return value;
}

function cycle(): unknown {
  const value: { [key: string]: unknown } = { a: 'x' };
  value.self = value;
  return value;
}

/**
 * A value its parent object holds as a getter answering `first` on the first
 * read and `then` after: the value checked must be the value written. The
 * judge places it with {@link placeValue}.
 */
export class ShiftingGetter {
  constructor(
    public readonly first: unknown,
    public readonly then: unknown,
  ) {}
}

/** Sets `parent[key]` to `value`, as a getter when it is a {@link ShiftingGetter}. */
export function placeValue(parent: any, key: string | number, value: unknown): void {
  let shifting = false;
  try {
    shifting = value instanceof ShiftingGetter;
  } catch {
    // a revoked Proxy: placed as it is
  }
  if (shifting && value instanceof ShiftingGetter) {
    let reads = 0;
    delete parent[key];
    Object.defineProperty(parent, key, {
      enumerable: true,
      configurable: true,
      get: () => (++reads === 1 ? value.first : value.then),
    });
  } else {
    parent[key] = value;
  }
}

/** The shapes every position meets, whatever its type. */
const SHAPES: PositionValue[] = [
  { label: 'null', make: () => null },
  { label: 'a Map', make: () => new Map([['k', 'v']]) },
  { label: 'a Set', make: () => new Set(['v']) },
  { label: 'a Date', make: () => new Date(0) },
  { label: 'a class instance', make: () => new Opaque() },
  { label: 'a revoked Proxy', make: () => revokedProxy() },
  { label: 'a cycle', make: () => cycle() },
  { label: 'an object nested 10,000 levels', make: () => deepObject(10_000) },
  { label: 'a function', make: () => () => 'x' },
  { label: 'a symbol', make: () => Symbol('x') },
  { label: 'a bigint', make: () => BigInt(1) },
];

/**
 * Every kind of token Terraform tells apart, once each: the four encodings
 * cdktf gives (string, number, list, map), a bool, and `any` tokens that are
 * references to a string, a list, a map and an object. The enumeration the
 * positions judge gives every position (issue 43): whatever a position takes,
 * the library's verdict on each must be Terraform's.
 */
export const TOKEN_KINDS: readonly PositionValue[] = [
  { label: 'a string token', make: (t) => t.string },
  { label: 'a number token', make: (t) => t.number },
  { label: 'a bool token', make: (t) => t.boolean },
  { label: 'a list token', make: (t) => t.list },
  { label: 'a map token', make: (t) => t.map },
  { label: 'an any token (a string reference)', make: (t) => t.any },
  { label: 'an any token (a list reference)', make: (t) => t.anyList },
  { label: 'an any token (a map reference)', make: (t) => t.anyMap },
  { label: 'an any token (an object reference)', make: (t) => t.anyObject },
];

const TOKENS: PositionValue[] = [
  { label: 'a string token', make: (t) => t.string },
  { label: 'a number token', make: (t) => t.number },
  { label: 'a list token', make: (t) => t.list },
  { label: 'a map token', make: (t) => t.map },
  { label: 'an any token', make: (t) => t.any },
];

const NUMBERS: PositionValue[] = [0, 1, 3, -1, 1.5, -0, NaN, Infinity, -Infinity, 1e21, 2 ** 53, Number.MAX_SAFE_INTEGER].map((n) => ({ label: `the number ${Object.is(n, -0) ? '-0' : n}`, make: () => n }));

/** Strings of the alphabet, with tokens and Literal.text mixed in. */
function stringValues(seed: number, count: number): PositionValue[] {
  const texts = fc.sample(hostileString({ classes: USER_CLASSES, maxFragments: 4 }), { seed, numRuns: count });
  const out: PositionValue[] = [];
  texts.forEach((text, i) => {
    const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
    switch (i % 5) {
      case 0:
        out.push({ label: `the string ${shown}`, make: () => text });
        break;
      case 1:
        out.push({ label: `Literal.text(${shown})`, make: () => Literal.text(text) });
        break;
      case 2:
        out.push({ label: `${shown} + a string token`, make: (t) => text + t.string });
        break;
      case 3:
        out.push({ label: `a string token + ${shown}`, make: (t) => t.string + text });
        break;
      default:
        out.push({ label: `${shown} + a number token`, make: (t) => text + t.number });
    }
  });
  return out;
}

/** The values for a position of `type`: `count` drawn from the alphabet, and the fixed ones of the type. */
export function valuesFor(type: PositionType, seed: number, count: number): PositionValue[] {
  const strings = stringValues(seed, count);
  const fixedStrings: PositionValue[] = [
    { label: 'the empty string', make: () => '' },
    { label: 'a 10 kB string of the alphabet', make: () => hugeString(USER_CLASSES) },
    { label: 'a getter that answers a valid string first, then an invalid one', make: () => new ShiftingGetter('valid-name', 'in valid ${') },
  ];
  switch (type) {
    case 'string':
      return [...strings, ...fixedStrings, ...TOKENS, ...NUMBERS.slice(0, 2), { label: 'true', make: () => true }, ...SHAPES];
    case 'number':
      return [...NUMBERS, ...TOKENS, { label: 'the string "3"', make: () => '3' }, ...SHAPES];
    case 'boolean':
      return [{ label: 'true', make: () => true }, { label: 'false', make: () => false }, { label: 'the string "true"', make: () => 'true' }, { label: 'an any token', make: (t) => t.any }, { label: 'a string token', make: (t) => t.string }, ...SHAPES];
    case 'stringList':
      return [
        { label: 'an empty list', make: () => [] },
        ...strings.slice(0, Math.max(1, count)).map((s) => ({ label: `[${s.label}]`, make: (t: StackTokens) => [s.make(t)] })),
        { label: 'a list of 10,000 strings', make: () => Array.from({ length: 10_000 }, (_, i) => `item-${i}`) },
        { label: 'a list with a hole', make: () => [, 'x'] }, // eslint-disable-line no-sparse-arrays
        ...TOKENS,
        ...SHAPES,
      ];
    case 'stringMap':
      return [
        { label: 'an empty map', make: () => ({}) },
        ...strings.slice(0, Math.max(1, count)).map((s, i) => ({ label: `{ k: ${s.label} }`, make: (t: StackTokens) => ({ [i % 2 === 0 ? 'example.com/k' : String(s.make(t))]: s.make(t) }) })),
        { label: 'a map with a __proto__ key', make: () => JSON.parse('{"__proto__": "x"}') },
        ...TOKENS,
        ...SHAPES,
      ];
    case 'iterator':
      return [
        ...strings.slice(0, Math.max(1, count)).map((s) => ({ label: `TerraformIterator.fromMap({ ${s.label}: … })`, make: (t: StackTokens) => TerraformIterator.fromMap({ [String(s.make(t))]: { name: s.make(t) } }) })),
        ...strings.slice(0, Math.max(1, count)).map((s) => ({ label: `TerraformIterator.fromList([${s.label}])`, make: (t: StackTokens) => TerraformIterator.fromList([s.make(t) as string]) })),
        { label: 'TerraformIterator.fromMap(a map token)', make: (t) => TerraformIterator.fromMap(t.map) },
        { label: 'TerraformIterator.fromList(a list token)', make: (t) => TerraformIterator.fromList(t.list) },
        { label: 'a plain list', make: () => ['a'] },
        ...SHAPES,
      ];
    case 'struct':
    case 'object':
      return [{ label: 'an empty object', make: () => ({}) }, { label: 'a string', make: () => 'x' }, { label: 'a list', make: () => ['x'] }, ...TOKENS, ...SHAPES];
    default:
      return [...strings.slice(0, 2), { label: 'an empty object', make: () => ({}) }, { label: 'a nested object', make: () => ({ a: { b: ['c', 1, true, null] } }) }, ...TOKENS, ...SHAPES];
  }
}

/** The tokens a judged stack declares, as cdktf gives them. */
export function tokensOf(variables: {
  text: { stringValue: string; value: unknown };
  count: { numberValue: number };
  names: { listValue: string[]; value: unknown };
  labels: { value: unknown };
  flag: { booleanValue: unknown };
  object: { value: unknown };
}, stack: Pick<StackTokens, 'providers' | 'resource'>): StackTokens {
  return {
    string: variables.text.stringValue,
    number: variables.count.numberValue,
    list: variables.names.listValue,
    map: Token.asStringMap(variables.labels.value),
    any: Token.asAny(variables.text.value),
    boolean: variables.flag.booleanValue,
    anyList: Token.asAny(variables.names.value),
    anyMap: Token.asAny(variables.labels.value),
    anyObject: Token.asAny(variables.object.value),
    ...stack,
  };
}
