// The relations each resource type accepts (targets.md §2, and the restriction
// policy API's documentation as @datadog/datadog-api-client 1.64 carries it; a
// test compares the two). The service adds resource types over time: a type
// missing here is accepted with a warning, and its relations are not checked.

const VIEWER_EDITOR = ['viewer', 'editor'];

const RELATIONS_BY_TYPE: { [resourceType: string]: readonly string[] } = {
  ...Object.fromEntries(
    [
      'dashboard',
      'notebook',
      'slo',
      'security-rule',
      'monitor',
      'powerpack',
      'reference-table',
      'synthetics-test',
      'synthetics-global-variable',
      'synthetics-private-location',
      'integration-service',
      'integration-webhook',
      'app-builder-app',
      'connection-group',
      'rum-application',
      'cross-org-connection',
      'spreadsheet',
      'on-call-escalation-policy',
      'on-call-team-routing-rules',
      'monitor-notification-rule',
      'network-path-config',
    ].map((type) => [type, VIEWER_EDITOR]),
  ),
  'workflow': ['viewer', 'runner', 'editor'],
  'connection': ['viewer', 'resolver', 'editor'],
  'on-call-schedule': ['viewer', 'overrider', 'editor'],
  'logs-pipeline': ['viewer', 'processors_editor', 'editor'],
  'case-management-project': ['viewer', 'contributor', 'manager'],
  'status-page': ['viewer', 'responder', 'manager'],
  'feature-flag': ['viewer', 'contributor', 'editor'],
};

/**
 * The relations (levels of access) a restriction policy can grant, by resource type.
 *
 * @see https://docs.datadoghq.com/api/latest/restriction-policies/#supported-relations-for-resources
 */
export class RestrictionPolicyRelations {
  /**
   * The relations of a resource type, or undefined for a type this library does
   * not know (which may still be valid: the service adds types over time).
   *
   * @param resourceType a resource type, e.g. `dashboard`
   * @returns a new array of the type's relations, e.g. `['viewer', 'editor']`, or undefined
   */
  public static forResourceType(resourceType: string): string[] | undefined {
    // Anything but a string (a revoked Proxy, an object) is no resource type.
    if (typeof resourceType !== 'string') return undefined;
    const relations = Object.prototype.hasOwnProperty.call(RELATIONS_BY_TYPE, resourceType) ? RELATIONS_BY_TYPE[resourceType] : undefined;
    return relations === undefined ? undefined : [...relations];
  }

  /**
   * Every resource type whose relations this library knows, sorted.
   *
   * @returns a new array of resource types
   */
  public static knownResourceTypes(): string[] {
    return Object.keys(RELATIONS_BY_TYPE).sort();
  }

  private constructor() {}
}
