// What a cdktf iterator ranges over, when that is known at synth time: a map
// iterator over an object in code (its keys and elements), or a list iterator
// over a list of strings in code (each element is its own key: cdktf writes
// `toset(list)`). Undefined for an iterator over a reference (a variable, a
// resource's list), which only Terraform knows.
import { IConstruct } from 'constructs';
import { resolvedForOutput, resolvedText } from './hcl-writer';
import { literalValueOf } from './literal-text';
import { isPlainObject } from './plain-object';
import { isUnresolved } from './problems';
import { listShapeProblemIn } from './snapshot';
import { isTokenKey } from './token-keys';
import { parseTemplate, Traversal } from './terraform-template';

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

/** How many instances of a known collection are read, at most (by the string checks and the one-declaration check). */
export const MAX_READ_INSTANCES = 1000;

/** One instance of a known collection: its key, and the text a value reads as in it (or what it reads when that is no text). */
export type InstanceText = { readonly key: string; readonly text: string } | { readonly key: string; readonly notText: unknown };

/**
 * What `value` (a string whose only references are `each.key` and `each.value`
 * lookups, as cdktf writes it for `iterator.key`, `iterator.value`,
 * `iterator.getString(…)`) reads as in each instance of `iterator`'s collection,
 * when that collection is known at synth time: the first `max` instances, in
 * the collection's order. Undefined when the value or the collection is not of
 * that kind (another reference, a directive, a collection only Terraform knows).
 */
export function instanceTexts(scope: IConstruct, iterator: unknown, value: unknown, max: number): InstanceText[] | undefined {
  const collection = knownCollection(scope, iterator);
  if (collection === undefined) return undefined;
  const template = resolvedText(scope, value);
  if (template === undefined) return undefined;
  const parsed = parseTemplate(template);
  if (parsed.error !== undefined) return undefined;
  const parts = parsed.parts;
  const lookups = parts.map((part) => (part.kind === 'interpolation' ? eachLookup(part.traversal) : undefined));
  if (parts.some((part, i) => part.kind === 'directive' || (part.kind === 'interpolation' && part.literal === undefined && lookups[i] === undefined))) return undefined;
  const out: InstanceText[] = [];
  for (const [key, element] of Object.entries(collection).slice(0, max)) {
    let text = '';
    let notText: { value: unknown } | undefined;
    for (const [i, part] of parts.entries()) {
      if (part.kind === 'text') text += part.text;
      else if (part.kind === 'interpolation' && part.literal !== undefined) text += part.literal;
      else {
        const got = lookups[i]!(key, element);
        if (typeof got !== 'string' && typeof got !== 'number' && typeof got !== 'boolean') {
          notText = { value: got };
          break;
        }
        text += String(got);
      }
    }
    out.push(notText === undefined ? { key, text } : { key, notText: notText.value });
  }
  return out;
}

/** How an `each.*` traversal reads an instance (its key and element); undefined for any other traversal. */
function eachLookup(t: Traversal | undefined): ((key: string, element: unknown) => unknown) | undefined {
  if (t?.root !== 'each' || t.steps.length === 0 || !('attribute' in t.steps[0])) return undefined;
  const [first, ...rest] = t.steps;
  const name = (first as { attribute: string }).attribute;
  if (name === 'key') return rest.length === 0 ? (key) => key : undefined;
  if (name !== 'value') return undefined;
  return (_key, element) =>
    rest.reduce<unknown>((at, step) => {
      const index = 'attribute' in step ? step.attribute : step.index;
      return at !== null && typeof at === 'object' ? (at as { [k: string]: unknown })[String(index)] : undefined;
    }, element);
}
