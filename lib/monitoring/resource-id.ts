import { literalText } from '../core/literal-text';
import { Problems } from '../core/problems';
import { registerValueClass } from '../core/snapshot';
import { checkString, positionAt } from '../core/string-position';
import { ID, readArgument, RESOURCE_ID, RESOURCE_TYPE, splitTypeAndId, throwIfProblems } from './type-and-id';
import { nfcOf } from '../core/nfc';

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
    resourceType = readArgument('RestrictionPolicyResourceId.of', 'resourceType', resourceType);
    id = readArgument('RestrictionPolicyResourceId.of', 'id', id);
    const problems = new Problems();
    checkString(resourceType, RESOURCE_TYPE, problems, 'resourceType');
    checkString(id, ID, problems, 'id');
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
    raw = readArgument('RestrictionPolicyResourceId.fromString', 'resourceId', raw);
    const problems = new Problems();
    const mustBeKnown = 'a reference cannot be parsed at synth time: use RestrictionPolicyResourceId.of(type, reference)';
    const checked = checkString(raw, positionAt(RESOURCE_ID, undefined, { mustBeKnown }), problems, 'resourceId');
    throwIfProblems('RestrictionPolicyResourceId.fromString', problems);
    // The text Terraform would read, written back as exactly that text (plain text that reads as itself stays as given).
    const text = nfcOf(checked!.text!);
    const parts = splitTypeAndId(text)!;
    if (text === raw) return new RestrictionPolicyResourceId(parts.type, parts.id);
    return new RestrictionPolicyResourceId(parts.type, literalText(parts.id));
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

registerValueClass(RestrictionPolicyResourceId);
