// Every input is read once, into a snapshot of plain data, before anything
// checks or writes it: what is checked is what is written (a getter is read
// once, not once per check), and nothing the user can hand over turns into a
// TypeError or a RangeError later. A revoked Proxy, a throwing getter, a cycle,
// a value nested deeper than MAX_NESTING, and JavaScript shapes that JSON would
// lose (a Map or a Set is written as `{}`) are problems at their path. Objects the library reads through their
// own API are kept by reference: cdktf tokens, constructs (providers,
// resources), cdktf iterators and counts, this library's value classes
// (`Principal`, `RestrictionPolicyResourceId`), and Dates where the API types a
// value as jsii's `date` (`keepDates`; elsewhere a Date is refused: JSON would
// write a string the user never wrote).
import { Construct } from 'constructs';
import { TerraformCount, Tokenization } from './framework';
import { MAX_NESTING } from './nesting';
import { isPlainObject } from './plain-object';
import { isUnresolved, Problems } from './problems';
import { holdsTokenMarker, markMarkerFree } from './token-marker';

/** The classes of this library whose instances are values a prop may hold (registered by their modules). */
const VALUE_CLASSES: Function[] = [];

/**
 * Registers a class of this library whose instances props may hold as they
 * are (a principal, a resource id): the snapshot keeps them by reference.
 */
export function registerValueClass(type: Function): void {
  VALUE_CLASSES.push(type);
}

/**
 * True for the objects a snapshot keeps by reference; see the file comment.
 * A plain object (`plain`: its prototype has none above it) is no instance of
 * a value class, so the classes are not asked (every object of a node list is one).
 */
function isKeptByReference(value: object, plain: boolean): boolean {
  return (
    Tokenization.isResolvable(value) ||
    Construct.isConstruct(value) ||
    TerraformCount.isTerraformCount(value) ||
    typeof (value as { _getForEachExpression?: unknown })._getForEachExpression === 'function' ||
    (!plain && VALUE_CLASSES.some((type) => value instanceof type))
  );
}

const PLAIN_DATA = 'plain data: objects, lists, strings, numbers and booleans (or a token)';

/** What to say of an object that is neither plain data nor kept by reference. */
function refusedShape(value: object): { received: string; allowed: string } | undefined {
  if (value instanceof Map) return { received: `a Map of ${value.size} entries (not shown)`, allowed: `${PLAIN_DATA}; a Map would be written as {}: give a plain object { key: value } (Object.fromEntries(map))` };
  if (value instanceof Set) return { received: `a Set of ${value.size} items (not shown)`, allowed: `${PLAIN_DATA}; a Set would be written as {}: give a list ([...set])` };
  if (value instanceof Date) return { received: 'a Date', allowed: `${PLAIN_DATA}; give a Date as an RFC 3339 string (date.toISOString())` };
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return { received: 'binary data (not shown)', allowed: `${PLAIN_DATA}; give text` };
  const name = Object.getPrototypeOf(value)?.constructor?.name;
  return { received: `an instance of ${typeof name === 'string' && name !== '' ? name : 'a class'} (not shown)`, allowed: PLAIN_DATA };
}

/**
 * `value` read once into plain data (see the file comment), problems recorded
 * at `path` and below. Where a value cannot be read, the snapshot holds
 * `undefined` there and a problem says why.
 */
export function snapshotOf(value: unknown, path: string, problems: Problems, keepDates = false): unknown {
  const walk: Walk = { root: path, keys: [], problems, ancestors: [], keepDates, sawMarker: false };
  const snapshot = copy(value, walk, 0);
  // Only the root is recorded: a view is taken of a whole snapshot (literalView(props)), and a weak
  // set's entry for each of its lists and objects was paid by every fleet (six a policy, hundreds a node).
  if (!walk.sawMarker && snapshot !== null && typeof snapshot === 'object') markMarkerFree(snapshot);
  return snapshot;
}

/** One snapshot's walk: where it is (the keys below the root, spelled as a path only for a problem), and what it keeps. */
interface Walk {
  readonly root: string;
  readonly keys: (string | number)[];
  readonly problems: Problems;
  /**
   * The lists and objects the walk is inside, outermost first: a list, not a set
   * (a set gives each object an identity hash, the largest part of a snapshot of
   * a node list; a value is nested at most MAX_NESTING levels deep).
   */
  readonly ancestors: object[];
  readonly keepDates: boolean;
  /**
   * Whether the walk has met a token marker, or a value kept by reference (token-marker.ts,
   * markMarkerFree): the walk's own, so that a getter that takes a snapshot of its own leaves it as it is.
   */
  sawMarker: boolean;
}

/** The path of the value the walk is at, as problems name it. */
function pathOf(walk: Walk): string {
  return walk.keys.length === 0 ? walk.root : `${walk.root}/${walk.keys.join('/')}`;
}

/** The copy of the value at `key` of `container` (a getter may throw: a problem at its path). */
function copyAt(container: object, key: string | number, walk: Walk, depth: number): unknown {
  walk.keys.push(key);
  try {
    let item: unknown;
    try {
      item = (container as { [key: string]: unknown })[key];
    } catch {
      walk.problems.addReceived(pathOf(walk), 'a value whose reading threw (a throwing getter or a revoked Proxy)', PLAIN_DATA);
      return undefined;
    }
    return copy(item, walk, depth + 1);
  } finally {
    walk.keys.pop();
  }
}

function copy(value: unknown, walk: Walk, depth: number): unknown {
  if (typeof value === 'string') {
    if (holdsTokenMarker(value)) walk.sawMarker = true;
    return value;
  }
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  const problems = walk.problems;
  let shape: 'array' | 'plain' | 'kept' | 'refused';
  try {
    shape = Array.isArray(value) ? 'array' : isPlainObject(value) ? (isKeptByReference(value, true) ? 'kept' : 'plain') : typeof value === 'function' || isKeptByReference(value, false) ? 'kept' : 'refused';
  } catch {
    // A revoked Proxy throws on every look (Array.isArray, getPrototypeOf).
    problems.addReceived(pathOf(walk), 'a value that cannot be read (a revoked Proxy)', PLAIN_DATA);
    return undefined;
  }
  if (shape === 'kept' || (walk.keepDates && value instanceof Date)) {
    // A token or an object read through its own API: its strings are not looked into.
    walk.sawMarker = true;
    return value;
  }
  if (shape === 'refused') {
    const refused = refusedShape(value as object)!;
    problems.addReceived(pathOf(walk), refused.received, refused.allowed);
    return undefined;
  }
  const object = value as object;
  if (walk.ancestors.includes(object)) {
    problems.addReceived(pathOf(walk), 'a value that contains itself (a cycle)', `${PLAIN_DATA}, without cycles`);
    return undefined;
  }
  if (depth >= MAX_NESTING) {
    problems.addReceived(pathOf(walk), `a value nested more than ${MAX_NESTING} levels deep (not shown)`, `${PLAIN_DATA}, nested at most ${MAX_NESTING} levels deep`);
    return undefined;
  }
  // A list token (`variable.listValue`) is a one-element array: copied, it stays one.
  walk.ancestors.push(object);
  try {
    if (shape === 'array') {
      const list = object as unknown[];
      let length: number;
      let refused: string | undefined;
      try {
        length = list.length;
        // Its size and holes before any element is read: `a.length = 2 ** 32 - 1` makes a one-element list
        // that a walk over its indexes would take an hour to read.
        refused = listShapeProblem(list);
      } catch {
        problems.addReceived(pathOf(walk), 'a value whose reading threw (a throwing getter or a revoked Proxy)', PLAIN_DATA);
        return undefined;
      }
      if (refused !== undefined) {
        problems.addReceived(pathOf(walk), refused, LIST_RULE);
        return undefined;
      }
      const out: unknown[] = [];
      for (let i = 0; i < length; i++) out.push(copyAt(list, i, walk, depth));
      return out;
    }
    let keys: string[];
    try {
      keys = Object.keys(object);
    } catch {
      problems.addReceived(pathOf(walk), 'a value whose reading threw (a throwing getter or a revoked Proxy)', PLAIN_DATA);
      keys = [];
    }
    const out: { [key: string]: unknown } = {};
    for (const key of keys) {
      if (holdsTokenMarker(key)) walk.sawMarker = true;
      const item = copyAt(object, key, walk, depth);
      // `__proto__` (a JSON key like any other) is defined, not assigned: assignment would set the prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      else out[key] = item;
    }
    return out;
  } finally {
    walk.ancestors.pop();
  }
}

/**
 * The most elements a list of user input may hold: far beyond any list these
 * constructs write (a node list, policy bindings, profile content), and small
 * enough that every walk over a list stays quick.
 */
export const MAX_LIST_LENGTH = 100_000;

const LIST_RULE = `${PLAIN_DATA}; a list of at most ${MAX_LIST_LENGTH.toLocaleString('en-US')} elements, without holes (JSON writes a hole as null)`;

/**
 * What is wrong with the shape of a list of user input, read without walking
 * its length: more than {@link MAX_LIST_LENGTH} elements, or holes (a sparse
 * list: `[, 'x']`, or `length` set beyond its elements). Undefined when it is
 * dense and short enough. Every walk of a user's list (the snapshot, an
 * iterator's list) asks this first.
 */
export function listShapeProblem(list: readonly unknown[]): string | undefined {
  const length = list.length;
  if (length > MAX_LIST_LENGTH) return `a list of ${length.toLocaleString('en-US')} elements (not shown)`;
  for (let i = 0; i < length; i++) {
    if (!(i in list)) return `a list of ${length.toLocaleString('en-US')} elements with holes (not shown)`;
  }
  return undefined;
}

/**
 * The first list inside `value` (a list or map an iterator keeps: not read
 * into a snapshot, since cdktf writes it) whose shape {@link listShapeProblem}
 * refuses, with its path; undefined when there is none. Tokens, cycles and
 * values nested deeper than MAX_NESTING are not walked.
 */
export function listShapeProblemIn(value: unknown, path: string): { readonly path: string; readonly received: string } | undefined {
  const walk = (at: unknown, atPath: string, depth: number, ancestors: Set<object>): { path: string; received: string } | undefined => {
    if (at === null || typeof at !== 'object' || depth >= MAX_NESTING || ancestors.has(at) || Tokenization.isResolvable(at)) return undefined;
    ancestors.add(at);
    try {
      if (Array.isArray(at)) {
        const refused = listShapeProblem(at);
        if (refused !== undefined) return { path: atPath, received: refused };
        for (let i = 0; i < at.length; i++) {
          const found = walk(at[i], `${atPath}/${i}`, depth + 1, ancestors);
          if (found !== undefined) return found;
        }
      } else if (isPlainObject(at)) {
        for (const key of Object.keys(at)) {
          const found = walk((at as { [key: string]: unknown })[key], `${atPath}/${key}`, depth + 1, ancestors);
          if (found !== undefined) return found;
        }
      }
      return undefined;
    } finally {
      ancestors.delete(at);
    }
  };
  try {
    return walk(value, path, 0, new Set());
  } catch {
    return { path, received: 'a value that cannot be read (a revoked Proxy or a throwing getter)' };
  }
}

/** The rule for a list refused by {@link listShapeProblem}. */
export const LIST_SHAPE_RULE = LIST_RULE;

/**
 * Props (or options, state) read once into a snapshot, for the construct
 * about to be created at `constructPath`: a `ValidationError` naming it when
 * they are not a plain object or cannot be read, before anything is added to
 * the tree. `undefined` passes where the props are optional; `keepDates` where
 * the API types values as jsii's `date`.
 */
export function readProps<T>(constructPath: string, value: T, path: string, optional: boolean, keepDates = false): T {
  if (value === undefined && optional) return value;
  const problems = new Problems();
  const allowed = `an object of properties${optional ? ', or nothing' : ''}`;
  try {
    if (!isPlainObject(value) || Tokenization.isResolvable(value)) problems.add(path, value, allowed);
    // A map token (Token.asStringMap) is a plain object too: its properties are known only when Terraform runs.
    else if (isUnresolved(value)) problems.add(path, value, `${allowed}, known at synth time: not a token`);
  } catch {
    problems.addReceived(path, 'a value that cannot be read (a revoked Proxy)', allowed);
  }
  problems.throwIfAnyAt(constructPath);
  const snapshot = snapshotOf(value, path, problems, keepDates) as T;
  problems.throwIfAnyAt(constructPath);
  return snapshot;
}

/**
 * A function's argument read once (a revoked Proxy or a throwing getter is a
 * ValidationError named after the function, not a TypeError); `keepDates`
 * where the API types it as jsii's `date`.
 */
export function readArgument<T>(callable: string, name: string, value: T, keepDates = false): T {
  const problems = new Problems();
  const read = snapshotOf(value, name, problems, keepDates) as T;
  problems.throwIfAnyAt(callable);
  return read;
}
