/**
 * True for plain data objects: `{…}` literals, JSON results, null-prototype
 * objects. Realm-independent: the jsii kernel hands structs over from another
 * realm, whose `Object.prototype` is not this one, so the test is "a prototype
 * that itself has none" rather than `=== Object.prototype`.
 */
export function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}
