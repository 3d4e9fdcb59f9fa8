import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack } from '../../lib/core/framework';
import { CurrentOrg, DatadogApiUrl, DatadogProvider, Principal, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';

/**
 * Restricts a dashboard and a workflow. The org principal is read at plan time
 * from `datadog_current_user` (provider 4.16 or later). Keys come from
 * DD_API_KEY and DD_APP_KEY when Terraform runs.
 */
export class PolicyCreateStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new DatadogProvider(this, 'datadog', { apiUrl: DatadogApiUrl.EU1, versionConstraint: '>= 4.16.0, < 5.0.0' });
    const org = new CurrentOrg(this, 'org');

    const dashboard = new RestrictionPolicy(this, 'dashboard', {
      resourceId: RestrictionPolicyResourceId.dashboard('abc-def-ghi'),
      bindings: [
        {
          relation: 'editor',
          principals: [Principal.team('00000000-0000-1111-0000-000000000002'), 'role:00000000-0000-1111-0000-000000000001'],
        },
        { relation: 'viewer', principals: [org.principal] },
        // Same relation again: merged with the binding above; the duplicate role is kept once.
        {
          relation: 'editor',
          principals: [Principal.user('00000000-0000-1111-0000-000000000003'), Principal.role('00000000-0000-1111-0000-000000000001')],
        },
      ],
    });

    new RestrictionPolicy(this, 'workflow', {
      resourceId: RestrictionPolicyResourceId.workflow('11111111-2222-3333-4444-555555555555'),
      bindings: [
        { relation: 'runner', principals: [org.principal] },
        { relation: 'editor', principals: ['team:00000000-0000-1111-0000-000000000002'] },
      ],
    });

    new TerraformOutput(this, 'dashboard_policy_id', { value: dashboard.id });
    new TerraformOutput(this, 'dashboard_policy_resource_id', { value: dashboard.resourceId });
    new TerraformOutput(this, 'dashboard_policy_bindings', { value: dashboard.bindings });
    new TerraformOutput(this, 'org_id', { value: org.orgId });
  }
}
