// Baseline for AuthenticationProfile: no aws binding is installed, so the baseline is a plain
// TerraformResource writing the same aws_redshift_authentication_profile block (and terraform_data
// trigger) with no validation, and a plain TerraformProvider for hashicorp/aws.
import { Construct } from 'constructs';
import { TerraformProvider, TerraformResource, TerraformResourceLifecycle } from '../lib/core/framework';

export class BaseAwsProvider extends TerraformProvider {
  constructor(scope: Construct, id: string, private readonly region: string) {
    super(scope, id, {
      terraformResourceType: 'aws',
      terraformGeneratorMetadata: { providerName: 'aws', providerVersionConstraint: '>= 5.0, < 7.0' },
      terraformProviderSource: 'hashicorp/aws',
    });
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return { region: this.region };
  }
}

export interface BaseProfileConfig {
  readonly name: string;
  readonly content: string;
  readonly lifecycle?: TerraformResourceLifecycle;
}

export class BaseAuthenticationProfileResource extends TerraformResource {
  constructor(scope: Construct, id: string, private readonly config: BaseProfileConfig) {
    super(scope, id, {
      terraformResourceType: 'aws_redshift_authentication_profile',
      terraformGeneratorMetadata: { providerName: 'aws' },
      lifecycle: config.lifecycle,
    });
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return { authentication_profile_name: this.config.name, authentication_profile_content: this.config.content };
  }
}

export class BaseTerraformData extends TerraformResource {
  constructor(scope: Construct, id: string, private readonly triggersReplace: string) {
    super(scope, id, { terraformResourceType: 'terraform_data', terraformGeneratorMetadata: { providerName: 'terraform' } });
  }

  protected synthesizeAttributes(): { [name: string]: any } {
    return { triggers_replace: this.triggersReplace };
  }
}

/** The profile the library writes: a terraform_data trigger carrying the name, and the profile replaced by it. */
export function baseProfile(scope: Construct, id: string, name: string, content: string): BaseAuthenticationProfileResource {
  const holder = new Construct(scope, id);
  const trigger = new BaseTerraformData(holder, 'NameTrigger', name);
  return new BaseAuthenticationProfileResource(holder, 'Resource', {
    name,
    content,
    lifecycle: { replaceTriggeredBy: [`terraform_data.${trigger.friendlyUniqueId}`] },
  });
}
