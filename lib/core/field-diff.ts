// The shared ways of comparing two sides of a field: a whole value, a map
// entry by entry, the other attributes of a resource by their prop names.
// In core: each construct's field differ (beside its construct) builds on it.
import { ChangeSide, child, display, isOpaque, sameValue } from './change-side';
import { ExplainedFieldChange } from './field-change';

/** The field as one value: nothing when equal, else one change. */
export function diffValue(field: string, before: ChangeSide, after: ChangeSide, key?: string, conceal = false): ExplainedFieldChange[] {
  const had = isPresent(before);
  const has = isPresent(after);
  if (!had && !has) return [];
  if (had && has && sameValue(before, after)) return [];
  return [
    {
      field,
      ...(key === undefined ? {} : { key }),
      change: !had ? 'added' : !has ? 'removed' : 'changed',
      ...(had ? { before: display(before, conceal) } : {}),
      ...(has ? { after: display(after, conceal) } : {}),
    },
  ];
}

/**
 * A map of string keys, entry by entry: keys added, removed, and changed.
 * A wholly unknown or sensitive map is one change of the whole field.
 *
 * @param conceal keys whose values are shown by type and size only
 */
export function diffMap(field: string, before: ChangeSide, after: ChangeSide, conceal: (key: string) => boolean = () => false): ExplainedFieldChange[] {
  if (isOpaque(before) || isOpaque(after)) return diffValue(field, before, after);
  const keys = new Set([...keysOf(before.value), ...keysOf(after.value)]);
  const out: ExplainedFieldChange[] = [];
  for (const key of [...keys].sort(byCodeUnit)) out.push(...diffValue(field, child(before, key), child(after, key), key, conceal(key)));
  return out;
}

/**
 * The attributes of a resource not named in `handled`, each by its prop name
 * (camelCase), compared as whole values. `id` and other computed attributes
 * unknown after apply on a create are left out: they are not props.
 */
export function diffOtherAttributes(before: ChangeSide, after: ChangeSide, handled: ReadonlySet<string>): ExplainedFieldChange[] {
  const names = new Set([...keysOf(before.value), ...keysOf(after.value)]);
  const out: ExplainedFieldChange[] = [];
  for (const name of [...names].sort(byCodeUnit)) {
    if (handled.has(name) || name === 'id') continue;
    const b = child(before, name);
    const a = child(after, name);
    // Computed attributes (null in the configuration, unknown until apply) are not props.
    if (!isPresent(b) && a.unknown === true) continue;
    out.push(...diffValue(propName(name), b, a));
  }
  return out;
}

/** Nested fields of an object, by dotted path (`spec.podCIDR`), leaves being anything but plain objects. */
export function diffTree(prefix: string, before: ChangeSide, after: ChangeSide, skip: ReadonlySet<string>): ExplainedFieldChange[] {
  // An object on one side and nothing on the other is compared field by field too (a manifest gaining its `spec`).
  const objectOrAbsent = (side: ChangeSide) => !isOpaque(side) && (isObject(side.value) || !isPresent(side));
  if (!objectOrAbsent(before) || !objectOrAbsent(after) || (!isPresent(before) && !isPresent(after))) return diffValue(prefix, before, after);
  const out: ExplainedFieldChange[] = [];
  const keys = new Set([...keysOf(before.value), ...keysOf(after.value)]);
  for (const key of [...keys].sort(byCodeUnit)) {
    const path = `${prefix}.${key}`;
    if (skip.has(path)) continue;
    out.push(...diffTree(path, child(before, key), child(after, key), skip));
  }
  return out;
}

/** `authentication_profile_name` → `authenticationProfileName`: the props' spelling of a Terraform attribute. */
export function propName(attribute: string): string {
  return attribute.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** A side that holds a value (unknown counts: it will hold one). */
export function isPresent(side: ChangeSide): boolean {
  return side.unknown === true || (side.value !== null && side.value !== undefined);
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function keysOf(value: unknown): string[] {
  return isObject(value) ? Object.keys(value) : [];
}

/** Code-unit order, as the constructs sort keys. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
