import { Construct } from 'constructs';
import { TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, GuardrailLevel, Guardrails, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../../lib';

/**
 * A team's own guardrail rule: every profile's name starts with the team's
 * prefix. Written against the constructs' props; a Python, Java, C# or Go class
 * implementing IGuardrailRule does the same.
 */
export class TeamPrefixRule implements IGuardrailRule {
  public readonly id = 'ACME-1';
  public readonly title = "A profile's name starts with its team's prefix";
  public readonly level = GuardrailLevel.ERROR;
  public readonly appliesTo = ['AuthenticationProfile'];
  public readonly authority = 'https://wiki.example.com/platform/naming';
  public readonly remedy = 'Name the profile <team>-<purpose>.';

  constructor(private readonly prefix: string) {}

  public check(subject: GuardrailSubject): GuardrailViolation[] {
    const name = subject.props.authenticationProfileName;
    // A name known only at plan is not judged at synth.
    if (typeof name !== 'string' || Guardrails.isUnknown(name) || name.startsWith(this.prefix)) return [];
    return [{ propPath: 'authenticationProfileName', message: `${name} does not start with ${this.prefix}` }];
  }
}

/**
 * Guardrails: the built-in rules run on every construct; this stack enforces
 * them (an unacknowledged error fails synth), adds its team's rule, and
 * acknowledges one finding with a reason and a date.
 */
export class ProfileGuardrailsStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const offline = new TerraformVariable(this, 'plan_without_cloud', { type: 'bool', default: false, description: 'Skip the AWS account checks, to plan with fake keys' });
    new AwsProvider(this, 'aws', { region: 'us-east-1', skipCredentialsValidation: offline.booleanValue, skipRequestingAccountId: offline.booleanValue, skipMetadataApiCheck: offline.booleanValue });
    const guardrails = Guardrails.of(this);
    guardrails.enforce();
    guardrails.addRule(new TeamPrefixRule('analytics-'));
    new AuthenticationProfile(this, 'analysts', {
      authenticationProfileName: 'analytics-sso',
      authenticationProfileContent: { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID', sslmode: 'verify-full' },
    });
    // The lab creates its database users at sign-in on purpose (WMC-6, a note): acknowledged until the review.
    const lab = new Construct(this, 'lab');
    new AuthenticationProfile(lab, 'sandbox', {
      authenticationProfileName: 'analytics-lab',
      authenticationProfileContent: { Client_ID: 'ExampleClientID', AutoCreate: 'true' },
    });
    Guardrails.of(lab).acknowledge({ rule: 'WMC-6', reason: 'the lab provisions its users at sign-in', until: '2027-06-30' });
  }
}
