import { Construct } from 'constructs';
import { TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { CurrentOrg, CurrentOrgSource, DatadogApiUrl, DatadogProvider, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';

/**
 * For providers older than 4.16: the org id comes from a `hashicorp/http` data
 * source. The http provider cannot read DD_API_KEY, so both providers take the
 * keys from sensitive variables (set `TF_VAR_dd_api_key`, `TF_VAR_dd_app_key`).
 */
export class PolicyOrgHttpStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const apiKey = new TerraformVariable(this, 'dd_api_key', { type: 'string', sensitive: true, description: 'Datadog API key' });
    const appKey = new TerraformVariable(this, 'dd_app_key', { type: 'string', sensitive: true, description: 'Datadog application key' });
    new DatadogProvider(this, 'datadog', {
      apiUrl: DatadogApiUrl.US5,
      apiKey: apiKey.stringValue,
      appKey: appKey.stringValue,
      versionConstraint: '>= 3.82.0, < 4.16.0',
    });
    const org = new CurrentOrg(this, 'org', {
      source: CurrentOrgSource.HTTP,
      apiUrl: DatadogApiUrl.US5,
      apiKey: apiKey.stringValue,
      appKey: appKey.stringValue,
    });
    new RestrictionPolicy(this, 'notebook', {
      resourceId: RestrictionPolicyResourceId.notebook('12345'),
      bindings: [{ relation: 'viewer', principals: [org.principal] }],
    });
  }
}
