// The `type:id` format shared by principals and restriction policy resource ids.
// Internal: not exported from lib/index.ts.
import { isUnresolved, Problems } from '../core/problems';
import { ValidationError } from '../core/validation-error';
import { literalView } from '../core/literal-text';

// No whitespace, control or format characters (zero-width, bidi, BOM: invisible,
// so an id that holds one is not the id a reader sees), and in Unicode NFC:
// Terraform reads every string in NFC, so another form would address another resource.
const ID_PATTERN = /^[^\s\p{Cc}\p{Cf}]+$/u;

/** What an id accepts, for error lines. */
export const ID_RULE = 'a non-empty id in Unicode NFC with no whitespace, control or format characters (Terraform reads every string in NFC)';

/** A `type:id` string split at its first colon; the id may itself contain colons. */
export interface TypeAndId {
  readonly type: string;
  readonly id: string;
}

/** Splits `raw` at the first colon, or undefined when it has none. */
export function splitTypeAndId(raw: string): TypeAndId | undefined {
  const colon = raw.indexOf(':');
  if (colon < 0) return undefined;
  return { type: raw.slice(0, colon), id: raw.slice(colon + 1) };
}

/** True when `id` is a valid id (see {@link ID_RULE}). */
export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id) && id === id.normalize('NFC');
}

/**
 * Checks a literal `type:id` string: `typeAllowed` decides the type, the id
 * follows {@link ID_RULE}. Returns its parts, or undefined after recording a
 * problem at `path` (with `rule` as what is allowed). Callers handle tokens first.
 */
export function checkTypeAndIdString(
  raw: unknown,
  problems: Problems,
  path: string,
  rule: string,
  typeAllowed: (type: string) => boolean,
): TypeAndId | undefined {
  const parts = typeof raw === 'string' ? splitTypeAndId(raw) : undefined;
  if (parts === undefined || !typeAllowed(parts.type)) {
    problems.add(path, raw, rule);
    return undefined;
  }
  if (!isValidId(parts.id)) {
    problems.add(path, raw, `${ID_RULE} after "${parts.type}:"`);
    return undefined;
  }
  return parts;
}

/**
 * Checks an id given to a factory (`Principal.role(id)`, `RestrictionPolicyResourceId.dashboard(id)`).
 * Unresolved tokens pass: they are known only when Terraform runs.
 */
export function checkFactoryId(id: unknown, problems: Problems, path = 'id'): void {
  // A factory's argument as given: a Literal.text value is checked as its text.
  id = literalView(id);
  if (isUnresolved(id)) return;
  if (typeof id !== 'string' || !isValidId(id)) problems.add(path, id, ID_RULE);
}

/** Throws a {@link ValidationError} named after a factory (there is no construct yet). */
export function throwIfProblems(factory: string, problems: Problems): void {
  if (problems.list.length > 0) throw new ValidationError(factory, [...problems.list]);
}
