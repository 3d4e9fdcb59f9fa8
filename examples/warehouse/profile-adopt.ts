import { Construct } from 'constructs';
import { TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';

/**
 * Adopts existing profiles into Terraform state: one declared here with an
 * `import` block, one with only an import block, for
 * `terraform plan -generate-config-out=generated.tf`.
 */
export class ProfileAdoptStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new AwsProvider(this, 'aws', { region: 'us-east-1' });
    AuthenticationProfile.adopt(this, 'legacy', {
      authenticationProfileName: 'legacy-bi-tools',
      authenticationProfileContent: '{"databaseMetadataCurrentDbOnly": "true", "App_Name": "bi"}',
    });
    AuthenticationProfile.generateConfigForImport(this, 'handmade', 'handmade-profile');
  }
}
