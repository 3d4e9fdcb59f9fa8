// A list (or set) of strings and a map of strings given as a construct's prop.
// Terraform's type conversion is the authority (hashicorp/go-cty's convert
// package): a string, number or bool becomes no collection ("set of string
// required", "map of string required"), a list no map, a map no list. So:
// - a literal collection has each string read through the string pipeline at
//   its own path (a map's keys as the keys of written strings are read);
// - a whole-collection token is accepted where it is of the collection's kind
//   (a list token for a list, a map token for a map) or a reference of
//   unknown type (`Token.asAny(…)`), in both cases when the variable it names,
//   if any, has a type Terraform converts; a string, number, bool or other
//   kind's token is refused.
import { IConstruct } from 'constructs';
import { isUnresolved, Problems } from './problems';
import { checkString, checkWrittenStrings, StringPosition } from './string-position';
import { holdsTokenMarker } from './token-marker';
import { variableCollectionProblem } from './token-types';

/** What a collection position allows, beside its strings' rule. */
export interface CollectionPosition {
  /** What the collection is, for the error line (`a set of subnet ids`). */
  readonly rule: string;
  /** The fewest items a literal collection may have. @default 0 */
  readonly minItems?: number;
}

/** What a whole value is: a literal collection, a token of a kind, or something else. */
function tokenKind(value: unknown): 'list' | 'map' | 'scalar' | 'reference' | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return isUnresolved(value) ? 'scalar' : undefined;
  if (Array.isArray(value)) return isUnresolved(value) ? 'list' : undefined;
  if (value !== null && typeof value === 'object' && isUnresolved(value)) return Object.keys(value).some((k) => holdsTokenMarker(k)) ? 'map' : 'reference';
  return undefined;
}

function checkCollectionToken(value: unknown, want: 'list' | 'map', position: CollectionPosition, problems: Problems, path: string, scope: IConstruct | undefined): boolean | undefined {
  const kind = tokenKind(value);
  if (kind === undefined) return undefined;
  const other = want === 'list' ? 'map' : 'list';
  if (kind === 'scalar' || kind === other) {
    const what = kind === 'scalar' ? 'a string, number or bool token' : `a ${other} token`;
    problems.add(path, value, `${position.rule}: a ${want} of strings, or a ${want} token (${want === 'list' ? 'Token.asList(…), variable.listValue' : 'Token.asStringMap(…)'}); ${what} is not one (Terraform: "${want} of string required")`);
    return false;
  }
  const problem = scope === undefined ? undefined : variableCollectionProblem(scope, kind === 'list' ? (value as unknown[])[0] : value, want);
  if (problem !== undefined) {
    problems.add(path, value, `${position.rule}: a ${want} of strings (${problem})`);
    return false;
  }
  return true;
}

/**
 * Checks a list (or set) of strings at `path`: each item at `element`'s rules,
 * or a list token. Returns whether the value may be written; `undefined` (an
 * absent optional prop) is.
 */
export function checkStringList(value: unknown, position: CollectionPosition, element: StringPosition, problems: Problems, path: string, scope?: IConstruct): boolean {
  if (value === undefined) return true;
  const token = checkCollectionToken(value, 'list', position, problems, path, scope);
  if (token !== undefined) return token;
  if (!Array.isArray(value)) {
    problems.add(path, value, `${position.rule}: a list of strings`);
    return false;
  }
  if (value.length < (position.minItems ?? 0)) {
    problems.add(path, value, `${position.rule}: at least ${position.minItems} item${position.minItems === 1 ? '' : 's'}`);
    return false;
  }
  for (let i = 0; i < value.length; i++) {
    // A hole reads as undefined: refused as one (Terraform has no absent list item).
    if (value[i] === undefined) problems.add(`${path}/${i}`, value[i], element.rule);
    else checkString(value[i], element, problems, `${path}/${i}`);
  }
  return problems.isClean(path);
}

/**
 * Checks a map of strings at `path`: each value at `value`'s rules and each key
 * as a written key (no template sequence, or a token Terraform knows), or a map
 * token. Returns whether the value may be written.
 */
export function checkStringMap(given: unknown, position: CollectionPosition, value: StringPosition, problems: Problems, path: string, scope?: IConstruct): boolean {
  if (given === undefined) return true;
  const token = checkCollectionToken(given, 'map', position, problems, path, scope);
  if (token !== undefined) return token;
  if (given === null || typeof given !== 'object' || Array.isArray(given) || Object.getPrototypeOf(given) !== Object.prototype) {
    problems.add(path, given, `${position.rule}: an object of string values`);
    return false;
  }
  const entries = given as { [key: string]: unknown };
  for (const key of Object.keys(entries)) {
    if (typeof entries[key] !== 'string' && !isUnresolved(entries[key])) problems.addUnderKey(key, `${path}/${key}`, entries[key], `${value.rule} (a string)`);
  }
  // The keys as written keys, then each value at the position's rules.
  if (problems.isClean(path)) checkWrittenStrings(given, path, problems, value.referencesFrom);
  if (problems.isClean(path)) for (const key of Object.keys(entries)) checkString(entries[key], value, problems, `${path}/${key}`);
  return problems.isClean(path);
}
