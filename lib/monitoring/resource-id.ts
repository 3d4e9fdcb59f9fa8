import { isUnresolved, Problems } from '../core/problems';
import { checkFactoryId, checkTypeAndIdString, ID_RULE, splitTypeAndId, throwIfProblems } from './type-and-id';
import { literalText, literalView } from '../core/literal-text';

const RESOURCE_TYPE_PATTERN = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;

/** What a resource type accepts, for error lines. */
export const RESOURCE_TYPE_RULE = 'a resource type of lowercase letters and digits, words joined by "-" or "_" (e.g. "dashboard", "synthetics-test")';

/** What a resource id string accepts, for error lines. */
export const RESOURCE_ID_RULE =
  'a resource id formatted "resource_type:resource_id": ' + RESOURCE_TYPE_RULE + ', a colon, then ' + ID_RULE + ' (e.g. "dashboard:abc-def-ghi")';

/**
 * Checks a resource id string. Returns its parts when valid, the type only when
 * the id is a token after a literal `type:`, `undefined` after recording a
 * problem or for a value that is wholly a token.
 * @internal
 */
export function checkResourceIdString(raw: unknown, problems: Problems, path: string): { type?: string; id?: string } | undefined {
  if (typeof raw === 'string' && isUnresolved(raw)) {
    const parts = splitTypeAndId(raw);
    // "dashboard:${TfToken[…]}": the type is literal and can be checked.
    if (parts === undefined || isUnresolved(parts.type)) return {};
    if (!RESOURCE_TYPE_PATTERN.test(parts.type)) {
      problems.add(path, raw, RESOURCE_ID_RULE);
      return undefined;
    }
    return { type: parts.type };
  }
  if (isUnresolved(raw)) return {};
  return checkTypeAndIdString(raw, problems, path, RESOURCE_ID_RULE, (type) => RESOURCE_TYPE_PATTERN.test(type));
}

/**
 * The target of a restriction policy, written `resource_type:resource_id`
 * (e.g. `dashboard:abc-def-ghi`). It is also the policy's id and import id.
 *
 * Build one with a factory (`RestrictionPolicyResourceId.dashboard(id)`,
 * `.of(type, id)`) or parse one with `fromString`. Raw strings are accepted in
 * props too, and checked the same way.
 */
export class RestrictionPolicyResourceId {
  /**
   * A dashboard, by its id (e.g. `datadog_dashboard.id`).
   *
   * @param id the dashboard's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `dashboard:<id>`
   */
  public static dashboard(id: string): RestrictionPolicyResourceId {
    return RestrictionPolicyResourceId.of('dashboard', id);
  }

  /**
   * A notebook, by its id.
   *
   * @param id the notebook's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `notebook:<id>`
   */
  public static notebook(id: string): RestrictionPolicyResourceId {
    return RestrictionPolicyResourceId.of('notebook', id);
  }

  /**
   * A service level objective, by its id.
   *
   * @param id the SLO's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `slo:<id>`
   */
  public static slo(id: string): RestrictionPolicyResourceId {
    return RestrictionPolicyResourceId.of('slo', id);
  }

  /**
   * A monitor, by its id.
   *
   * @param id the monitor's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `monitor:<id>`
   */
  public static monitor(id: string): RestrictionPolicyResourceId {
    return RestrictionPolicyResourceId.of('monitor', id);
  }

  /**
   * A workflow, by its id (relations viewer, runner, editor).
   *
   * @param id the workflow's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `workflow:<id>`
   */
  public static workflow(id: string): RestrictionPolicyResourceId {
    return RestrictionPolicyResourceId.of('workflow', id);
  }

  /**
   * Any resource type, by name and id. A type missing from the library's
   * relations table is accepted (the service adds types over time); the
   * construct then warns and does not check relations.
   *
   * @param resourceType the resource type: lowercase letters and digits, words joined by `-` or `_` (e.g. `synthetics-test`)
   * @param id the resource's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the resource id `<resourceType>:<id>`
   */
  public static of(resourceType: string, id: string): RestrictionPolicyResourceId {
    const problems = new Problems();
    const typeText = literalView(resourceType);
    if (!isUnresolved(typeText) && (typeof typeText !== 'string' || !RESOURCE_TYPE_PATTERN.test(typeText))) {
      problems.add('resourceType', resourceType, RESOURCE_TYPE_RULE);
    }
    checkFactoryId(id, problems);
    throwIfProblems('RestrictionPolicyResourceId.of', problems);
    return new RestrictionPolicyResourceId(resourceType, id);
  }

  /**
   * Parses `resource_type:resource_id`. Throws a `ValidationError` when it is
   * malformed or a token (use `of(type, reference)` for a reference).
   *
   * @param raw a literal `resource_type:resource_id` string, e.g. `dashboard:abc-def-ghi`
   * @returns the resource id, split at the first colon
   */
  public static fromString(raw: string): RestrictionPolicyResourceId {
    const problems = new Problems();
    // A Literal.text value is parsed as its text; its id stays literal.
    const text = literalView(raw);
    if (isUnresolved(text)) {
      problems.add('resourceId', raw, 'a literal string (a reference cannot be parsed at synth time: use RestrictionPolicyResourceId.of(type, reference))');
    } else {
      checkResourceIdString(text, problems, 'resourceId');
    }
    throwIfProblems('RestrictionPolicyResourceId.fromString', problems);
    const parts = splitTypeAndId(text)!;
    return new RestrictionPolicyResourceId(parts.type, text === raw ? parts.id : literalText(parts.id));
  }

  /** The resource type, e.g. `dashboard`. */
  public readonly resourceType: string;
  /** The resource's own id (may be a token, e.g. a dashboard's `id`). */
  public readonly id: string;

  private constructor(resourceType: string, id: string) {
    this.resourceType = resourceType;
    this.id = id;
  }

  /**
   * The wire form, `resource_type:resource_id`.
   *
   * @returns the resource id as the restriction policy API writes it
   */
  public toString(): string {
    return `${this.resourceType}:${this.id}`;
  }
}
