// A resource block that holds no token is written as it is; cdktf's first pass
// need not read it.
//
// Authority: cdktf's resolve (tokens/private/resolve.ts, cdktf 0.21 and cdktn):
// `app.synth()` resolves every element twice, first "preparing"
// (`TerraformStack.prepareStack`: the result is thrown away; the pass exists for
// what resolving a token does, a cross-stack reference adding an output and a
// remote state, cdktn recording the functions and provider features used), then
// for the document, where each element's fragment is resolved, merged into the
// document, and the whole document resolved again. Resolving a value that holds
// no token does nothing but copy it: 10,000 policies' blocks were copied three
// times, and two of the copies were a quarter of their synth (BENCHMARKS.md,
// "Sixth round"). A settled block is therefore handed to cdktf as
// a token that is nothing while preparing (`IResolveContext.preparing`) and,
// when written, the block as it is (a post-processor's result, which cdktf does
// not walk); the document's own resolve copies it once, as it did before.
//
// "Holds no token" is judged as cdktf's resolve finds them, and anything it could
// read otherwise is not settled (the block is then written as before):
// - a string or a key holds no `TfToken[` (string, list and map tokens), is not
//   one of cdktf's map-token values, and no run of its number pattern
//   (encoding.ts `NUMBER_TOKEN_REGEX`, how resolve finds a number token written
//   into a string) reads as a number of 1e280 or more in magnitude: every token
//   number is one (about -8.1e+298, a list's -1.9e+289), and resolve looks any
//   such number up, throwing for one it does not know;
// - a number is finite, below 1e280 in magnitude and not cdktf's map-token
//   number (-123456789, which resolve refuses);
// - booleans, null and undefined; plain lists (of no undefined: resolve drops
//   it, JSON would write null) and objects of these, at most 64 deep (resolve
//   refuses 200); an object is not settled when resolve reads it
//   as a token or a construct (a `resolve` method, or both `_children` and
//   `_metadata`, own or inherited, enumerable or not) or when a key is
//   `__proto__` (resolve's copy sets its prototype instead); nothing else (a
//   token, a function, a class instance, a date).
// The map-token number, the object reads and `__proto__` were found by an
// adversary given this comment and cdktf's code, not ours. A getter or a Proxy
// that answers differently on each read is outside cdktf's own contract (its two
// passes already read it twice); what reaches a block is copied from plain data
// (the props' snapshot, cdktf's merge and snake-casing), but for the lists an
// override gives.
import { IPostProcessor, IResolvable, IResolveContext, Token } from './framework';
import { isPlainObject } from './plain-object';
import { holdsTokenMarker } from './token-marker';

/** The deepest list or object judged: deeper values are left to cdktf (it refuses 200 levels). */
const MAX_DEPTH = 64;

/** cdktf's pattern of a number written into a string (tokens/private/encoding.ts, `NUMBER_TOKEN_REGEX`). */
const NUMBER_IN_TEXT = /[-|\d|.\+]+(e[-|\d|.|e|E|\+]+)/g;

/** Below every token number's magnitude (the smallest, a number list's, is about 1.9e+289). */
const LARGEST_SETTLED = 1e280;

/** A character the pattern allows just before its `e` (`-`, `|`, a digit, `.`, `+`). */
function numberBefore(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 45 || code === 124 || code === 46 || code === 43;
}

/** A character the pattern allows just after its `e` (those before it, and `e`, `E`). */
function numberAfter(code: number): boolean {
  return numberBefore(code) || code === 101 || code === 69;
}

/**
 * Whether each number cdktf's pattern finds in `text` is below any token's
 * magnitude (NaN is no token). Most text has no `e` between two characters of
 * a number, and is not run through the pattern at all.
 */
function numbersSettled(text: string): boolean {
  for (let e = text.indexOf('e', 1); e > 0 && e < text.length - 1; e = text.indexOf('e', e + 1)) {
    if (!numberBefore(text.charCodeAt(e - 1)) || !numberAfter(text.charCodeAt(e + 1))) continue;
    NUMBER_IN_TEXT.lastIndex = 0;
    for (let match = NUMBER_IN_TEXT.exec(text); match !== null; match = NUMBER_IN_TEXT.exec(text)) {
      if (Math.abs(parseFloat(match[0])) >= LARGEST_SETTLED) return false;
    }
    return true;
  }
  return true;
}

function settledText(text: string): boolean {
  return !holdsTokenMarker(text) && numbersSettled(text) && text !== Token.STRING_MAP_TOKEN_VALUE && text !== Token.ANY_MAP_TOKEN_VALUE;
}

/**
 * Whether cdktf's resolve reads a plain object as a token (tokens/token.ts
 * `isResolvable`) or a construct (resolve.ts `isConstruct`): it asks the object
 * itself, so an inherited or hidden property counts.
 */
function readAsToken(value: { [key: string]: unknown }): boolean {
  return typeof value.resolve === 'function' || (value._children !== undefined && value._metadata !== undefined);
}

/** Whether cdktf's resolve finds no token in `value` (see the rules above). */
export function isSettled(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
      return settledText(value);
    case 'number':
      return Number.isFinite(value) && Math.abs(value) < LARGEST_SETTLED && value !== Token.NUMBER_MAP_TOKEN_VALUE;
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (value[i] === undefined || !isSettled(value[i], depth + 1)) return false;
        return true;
      }
      if (!isPlainObject(value) || readAsToken(value)) return false;
      for (const key of Object.keys(value)) if (key === '__proto__' || !settledText(key) || !isSettled(value[key], depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

/** Nothing while cdktf prepares the stack; the block as it is when cdktf writes it. */
class SettledBlock implements IResolvable, IPostProcessor {
  public readonly creationStack: string[] = [];
  constructor(private readonly block: object) {}

  public resolve(context: IResolveContext): undefined {
    // Written, the block is handed back by a post-processor, whose result cdktf
    // takes as it is: the element's resolve does not walk it, and the stack's
    // document, resolved as a whole after, copies it once.
    if (!context.preparing) context.registerPostProcessor(this);
    return undefined;
  }

  public postProcess(): object {
    return this.block;
  }

  public toString(): string {
    return Token.asString(this);
  }
}

/**
 * `block` as cdktf should meet it in a resource's `toTerraform()`: when it holds
 * no token, a token that cdktf's preparing pass skips and its document's resolve
 * copies once; else the block.
 */
export function settledBlock(block: object): object {
  return isSettled(block) ? new SettledBlock(block) : block;
}
