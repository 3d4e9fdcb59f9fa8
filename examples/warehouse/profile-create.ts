import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';

/**
 * Creates an authentication profile. `terraform plan -var plan_without_cloud=true`
 * plans it with fake keys and no AWS account.
 */
export class ProfileCreateStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const offline = new TerraformVariable(this, 'plan_without_cloud', {
      type: 'bool',
      default: false,
      description: 'Skip the AWS account checks, to plan with fake keys',
    });
    new AwsProvider(this, 'aws', {
      region: 'us-east-1',
      skipCredentialsValidation: offline.booleanValue,
      skipRequestingAccountId: offline.booleanValue,
      skipMetadataApiCheck: offline.booleanValue,
    });
    const profile = new AuthenticationProfile(this, 'analysts', {
      authenticationProfileName: 'analysts-sso',
      authenticationProfileContent: {
        AllowDBUserOverride: '1',
        Client_ID: 'ExampleClientID',
        App_ID: 'example-app',
      },
    });
    new TerraformOutput(this, 'profile_id', { value: profile.id });
  }
}
