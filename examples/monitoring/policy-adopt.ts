import { Construct } from 'constructs';
import { TerraformStack } from '../../lib/core/framework';
import { DatadogProvider, Principal, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';

/**
 * Adopts existing policies into Terraform state: one declared here with an
 * `import` block (id: the resource id), one with only an import block, for
 * `terraform plan -generate-config-out=generated.tf`.
 */
export class PolicyAdoptStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new DatadogProvider(this, 'datadog');
    RestrictionPolicy.adopt(this, 'slo', {
      resourceId: RestrictionPolicyResourceId.slo('0123456789abcdef0123456789abcdef'),
      bindings: [{ relation: 'editor', principals: [Principal.role('00000000-0000-1111-0000-000000000001')] }],
    });
    RestrictionPolicy.generateConfigForImport(this, 'handmade', 'security-rule:abc-123-def');
  }
}
