import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack } from '../../lib/core/framework';
import { RestrictionPolicy } from '../../lib';

/** References a policy that another team manages; emits nothing for it. */
export class PolicyLookupStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const shared = RestrictionPolicy.fromResourceId(this, 'shared', 'dashboard:xyz-123-abc', {
      bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }],
    });
    new TerraformOutput(this, 'shared_policy_id', { value: shared.id });
    new TerraformOutput(this, 'shared_policy_bindings', { value: shared.bindings });
  }
}
