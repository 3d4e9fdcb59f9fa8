// The `type:id` format shared by principals and restriction policy resource ids.
// Internal: not exported from lib/index.ts.
import { isUnresolved, Problems } from '../core/problems';
import { ValidationError } from '../core/validation-error';

/** At least one character, none of them whitespace or a control character. */
const ID_PATTERN = /^[^\s\p{Cc}]+$/u;

/** What an id accepts, for error lines. */
export const ID_RULE = 'a non-empty id with no whitespace or control characters';

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
  return ID_PATTERN.test(id);
}

/**
 * Checks an id given to a factory (`Principal.role(id)`, `RestrictionPolicyResourceId.dashboard(id)`).
 * Unresolved tokens pass: they are known only when Terraform runs.
 */
export function checkFactoryId(id: unknown, problems: Problems, path = 'id'): void {
  if (isUnresolved(id)) return;
  if (typeof id !== 'string' || !isValidId(id)) problems.add(path, id, ID_RULE);
}

/** Throws a {@link ValidationError} named after a factory (there is no construct yet). */
export function throwIfProblems(factory: string, problems: Problems): void {
  if (problems.list.length > 0) throw new ValidationError(factory, [...problems.list]);
}
