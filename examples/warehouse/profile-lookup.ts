import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile } from '../../lib';

/** References a profile that another team manages; emits nothing for it. */
export class ProfileLookupStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const shared = AuthenticationProfile.fromAuthenticationProfileName(this, 'shared', 'shared-analytics', {
      authenticationProfileContent: { App_Name: 'shared' },
    });
    new TerraformOutput(this, 'shared_profile_name', { value: shared.authenticationProfileName });
    // Not an output of the content: cdktf's HCL writer emits a string that starts with
    // "{" as an object (a cdktf bug), so `synth --hcl` would change its type.
    new TerraformOutput(this, 'shared_profile_id', { value: shared.id });
  }
}
