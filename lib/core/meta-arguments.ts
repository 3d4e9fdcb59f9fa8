// The meta-arguments a user gives the constructs (`dependsOn`,
// `lifecycle.replaceTriggeredBy`, `forEach`, `count`), written as Terraform
// accepts them in both outputs.
//
// cdktf writes a resource object in `replace_triggered_by` as `"${type.name}"`,
// which Terraform refuses ("Invalid character"; toolchain.md), writes a string
// in `depends_on` as nothing at all (it reads the string's `fqn`), and its HCL
// writer quotes both lists ("A single static variable reference is required").
// Here every entry becomes a plain address (`type.name`, `type.name[each.key]`,
// `type.name.attribute`) at synth time, whatever it was given as: a resource, a
// construct of this library (its main resource), a string address, or a
// reference (`resource.fqn`, `resource.id`).
import { Construct, IConstruct } from 'constructs';
import { TerraformCount, TerraformResource, Token } from './framework';
import { resolvedForOutput } from './hcl-writer';
import { isPlainObject } from './plain-object';
import { constructPathOf, isUnresolved, Problems } from './problems';

/**
 * The schema entries of the cdktf meta-argument props (`provider`,
 * `lifecycle`, `dependsOn`, `forEach`, `count`): cdktf's own objects, passed to
 * the framework as given and checked by this module, not by the schema.
 */
export const META_ARGUMENT_PROPERTIES = { provider: {}, lifecycle: {}, dependsOn: {}, forEach: {}, count: {} } as const;

/** Which list an entry belongs to: `depends_on` takes whole objects only. */
export type ReferenceList = 'dependsOn' | 'replaceTriggeredBy';

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_-]*';
// An index Terraform reads statically: a number, a quoted key, each.key, count.index.
const INDEX = '\\[(?:[0-9]+|"(?:[^"\\\\]|\\\\.)*"|each\\.key|count\\.index|\\*)\\]|\\.\\*';
const TRAVERSAL = new RegExp(`^${IDENTIFIER}(?:\\.${IDENTIFIER}|${INDEX})+$`);
const PARTS = new RegExp(`\\.${IDENTIFIER}|${INDEX}`, 'g');

export const REFERENCE_RULE =
  'a resource, a construct of this library, or a reference known at synth time: an address such as "type.name" or "type.name[each.key]", or resource.fqn / resource.id';

/** `${expr}` as `expr`, when the whole text is that one interpolation. */
function unwrapped(text: string): string {
  const match = /^\$\{([^{}]*)\}$/s.exec(text);
  return match ? match[1].trim() : text;
}

/** The address `text` names, cut to the whole object for `depends_on`; undefined when it is not a static reference. */
export function plainAddress(text: string, list: ReferenceList): string | undefined {
  const address = unwrapped(text);
  if (!TRAVERSAL.test(address)) return undefined;
  if (list === 'replaceTriggeredBy') return address;
  // depends_on: "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object."
  // The object is the root and one attribute step (`type.name`, `module.m`), two for `data.type.name`.
  const root = address.slice(0, address.indexOf('.'));
  const steps = address.slice(root.length).match(PARTS) ?? [];
  const whole = root === 'data' ? 2 : 1;
  const kept = steps.slice(0, whole).filter((step) => /^\.[A-Za-z_]/.test(step));
  return kept.length === whole ? `${root}${kept.join('')}` : undefined;
}

function isConstruct(value: unknown): value is IConstruct {
  return typeof value === 'object' && value !== null && typeof (value as IConstruct).node?.findAll === 'function';
}

function hasFqn(value: unknown): value is { fqn: string } {
  return typeof value === 'object' && value !== null && typeof (value as { fqn?: unknown }).fqn === 'string';
}

/**
 * The references an entry stands for, as given (a token or a string): its
 * `fqn`; for a construct without one (a `NodeList`), the `fqn` of every
 * resource it declares. Undefined for anything else.
 */
function referencesOf(entry: unknown): string[] | undefined {
  if (typeof entry === 'string') return [entry];
  if (hasFqn(entry)) return [entry.fqn];
  if (isConstruct(entry)) {
    const resources = entry.node.findAll().filter((c): c is TerraformResource => TerraformResource.isTerraformResource(c));
    return resources.length > 0 ? resources.map((r) => r.fqn) : undefined;
  }
  return undefined;
}

/**
 * Checks `entries` at construction time: each must name something Terraform
 * takes in that list. A token is resolved to see what it names (a reference
 * resolves to itself: no Terraform value is needed).
 */
export function checkReferences(scope: IConstruct, entries: unknown, problems: Problems, path: string, list: ReferenceList): void {
  if (entries === undefined) return;
  if (!Array.isArray(entries) || isUnresolved(entries)) {
    problems.add(path, entries, `a list, each entry ${REFERENCE_RULE}`);
    return;
  }
  entries.forEach((entry, i) => {
    const references = referencesOf(entry);
    const bad = references === undefined || references.some((r) => addressOrUndefined(scope, r, list) === undefined);
    if (bad) problems.add(`${path}/${i}`, entry, list === 'dependsOn' ? `${REFERENCE_RULE} (depends_on takes whole resources, data sources or modules)` : REFERENCE_RULE);
  });
}

function addressOrUndefined(scope: IConstruct, reference: string, list: ReferenceList): string | undefined {
  let text: unknown = reference;
  if (Token.isUnresolved(reference)) {
    try {
      text = resolvedForOutput(scope, reference);
    } catch {
      return undefined;
    }
  }
  return typeof text === 'string' ? plainAddress(text, list) : undefined;
}

/**
 * The plain addresses of `entries` at synth time (checked at construction by
 * {@link checkReferences}; an entry that no longer resolves to an address is
 * written as it resolves, for Terraform to report).
 */
export function plainAddresses(scope: IConstruct, entries: readonly unknown[] | undefined, list: ReferenceList): string[] {
  const out: string[] = [];
  for (const entry of entries ?? []) {
    for (const reference of referencesOf(entry) ?? [String(entry)]) {
      const address = addressOrUndefined(scope, reference, list);
      out.push(address ?? String(resolvedForOutput(scope, reference)));
    }
  }
  return out;
}

/** How a resource is repeated: by `for_each`, by `count`, or not. */
export type Repetition = 'forEach' | 'count' | undefined;

/** The repetition of a resource, as its meta-arguments stand now. */
export function repetitionOf(resource: { forEach?: unknown; count?: number | TerraformCount }): Repetition {
  if (resource.forEach !== undefined) return 'forEach';
  if (resource.count !== undefined) return 'count';
  return undefined;
}

/** The index of the current instance in a resource repeated as `repetition`: `[each.key]`, `[count.index]`, or nothing. */
export function instanceIndex(repetition: Repetition): string {
  return repetition === 'forEach' ? '[each.key]' : repetition === 'count' ? '[count.index]' : '';
}

const ITERATOR_RULE = 'a cdktf iterator (TerraformIterator.fromMap, fromList, fromComplexList, fromResources, …)';
const COUNT_RULE = 'a whole number of instances, at least 0, or a TerraformCount';

/**
 * Checks `forEach` and `count` of `props` (at `props/forEach`, `props/count`)
 * and returns how the construct is repeated. A number token (a variable's
 * `numberValue`) is known only at plan time and skips the number checks.
 */
export function checkRepetition(props: { readonly forEach?: unknown; readonly count?: unknown }, problems: Problems): Repetition {
  const { forEach, count } = props;
  if (forEach !== undefined && typeof (forEach as { _getForEachExpression?: unknown })?._getForEachExpression !== 'function') {
    problems.add('props/forEach', forEach, ITERATOR_RULE);
  }
  if (count !== undefined && !TerraformCount.isTerraformCount(count)) {
    const known = typeof count === 'number' && !isUnresolved(count);
    if (typeof count !== 'number' || (known && (!Number.isInteger(count) || count < 0))) problems.add('props/count', count, COUNT_RULE);
  }
  if (forEach !== undefined && count !== undefined) {
    problems.add('props/count', count, 'nothing when forEach is given (Terraform takes either for_each or count)');
  }
  return repetitionOf(props as { forEach?: unknown; count?: number | TerraformCount });
}

/** Whether a repetition makes more than one instance, or may (a token count, an iterator). */
export function mayRepeat(props: { readonly forEach?: unknown; readonly count?: unknown }): boolean {
  if (props.forEach !== undefined) return true;
  const count = props.count;
  if (count === undefined) return false;
  return typeof count !== 'number' || isUnresolved(count) || count > 1;
}

/** `adopt` takes `forEach`, not `count`: Terraform's import blocks repeat with for_each only. */
export function refuseCountInAdopt(scope: Construct, id: string, props: unknown): void {
  if (props === null || typeof props !== 'object' || (props as { count?: unknown }).count === undefined) return;
  const problems = new Problems();
  problems.add('props/count', (props as { count?: unknown }).count, "nothing in adopt (Terraform's import blocks repeat with for_each only: use forEach)");
  problems.throwIfAnyAt(constructPathOf(scope, id));
}

/** Checks `dependsOn`, `lifecycle.replaceTriggeredBy` and, unless `repeats` is false, `forEach` and `count` of `props`. */
export function checkMetaArguments(scope: IConstruct, props: object, problems: Problems, repeats = true): void {
  const { dependsOn, lifecycle } = props as { dependsOn?: unknown; lifecycle?: unknown };
  checkReferences(scope, dependsOn, problems, 'props/dependsOn', 'dependsOn');
  if (lifecycle !== undefined && (!isPlainObject(lifecycle) || isUnresolved(lifecycle))) {
    problems.add('props/lifecycle', lifecycle, 'lifecycle settings { replaceTriggeredBy, ignoreChanges, … }');
  } else {
    const triggers = (lifecycle as { replaceTriggeredBy?: unknown } | undefined)?.replaceTriggeredBy;
    checkReferences(scope, triggers, problems, 'props/lifecycle/replaceTriggeredBy', 'replaceTriggeredBy');
  }
  if (repeats) checkRepetition(props, problems);
}
