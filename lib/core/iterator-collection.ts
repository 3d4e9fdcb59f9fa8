// What a cdktf iterator ranges over, when that is known at synth time: a map
// iterator over an object in code (its keys and elements), or a list iterator
// over a list of strings in code (each element is its own key: cdktf writes
// `toset(list)`). Undefined for an iterator over a reference (a variable, a
// resource's list), which only Terraform knows.
import { IConstruct } from 'constructs';
import { resolvedForOutput } from './hcl-writer';
import { literalValueOf } from './literal-text';
import { isPlainObject } from './plain-object';
import { isUnresolved } from './problems';
import { listShapeProblemIn } from './snapshot';
import { isTokenKey } from './token-keys';

/** The known collection of `iterator` as a map of instance key to element; undefined when it is not known at synth time. */
export function knownCollection(scope: IConstruct, iterator: unknown): { [key: string]: unknown } | undefined {
  const forEach = iterator as { _getForEachExpression?: () => unknown; list?: unknown } | undefined;
  if (typeof forEach?._getForEachExpression !== 'function') return undefined;
  // A list too long or with holes is refused by the forEach check (meta-arguments.ts); never walked here.
  if (listShapeProblemIn(forEach.list ?? (forEach as { map?: unknown }).map, 'forEach') !== undefined) return undefined;
  // cdktf's ListTerraformIterator keeps its list (the same field in cdktn).
  if (Array.isArray(forEach.list)) {
    const list = forEach.list as unknown[];
    if (isUnresolved(list)) return undefined;
    // Each element's text (a Literal.text element is its text); a reference makes the set unknown.
    const texts = list.map((e) => (typeof e !== 'string' ? undefined : literalValueOf(e) ?? (isUnresolved(e) ? undefined : e)));
    if (texts.some((t) => t === undefined)) return undefined;
    return Object.fromEntries((texts as string[]).map((e) => [e, e]));
  }
  // A key given as a token is Terraform's to work out (token-keys.ts): its text is not known at synth.
  const map = (forEach as { map?: unknown }).map;
  if (isPlainObject(map) && Object.keys(map).some(isTokenKey)) return undefined;
  let collection: unknown;
  try {
    collection = resolvedForOutput(scope, forEach._getForEachExpression());
  } catch {
    return undefined;
  }
  return isPlainObject(collection) ? collection : undefined;
}

/** The list a list iterator keeps, when it is one over a list in code; undefined otherwise. */
export function iteratorList(iterator: unknown): readonly unknown[] | undefined {
  const list = (iterator as { list?: unknown } | undefined)?.list;
  return Array.isArray(list) && !isUnresolved(list) && listShapeProblemIn(list, 'forEach') === undefined ? list : undefined;
}
