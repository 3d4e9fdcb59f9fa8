// Issue 25 item 3: `region` on AuthenticationProfile, the aws provider 6.x's
// per-resource region. A profile with a region synthesizes, and terraform reads
// both outputs against the 6.x schema of the resource (served by the echo
// provider, __tests__/support/echo-provider/schemas.ts AWS_6): it plans the
// region, and an adopted profile is imported as `<name>@<region>`. A stack whose
// aws provider constraint admits 5.x, and a region provider 6.x does not know,
// are ValidationErrors.
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, ValidationError } from '../../lib';
import { AWS, AWS_6 } from '../support/echo-provider/schemas';
import { HclJudge } from '../support/hcl-judge';
import { errorOf } from '../support/errors';

const PROFILE = { authenticationProfileName: 'analysts', authenticationProfileContent: { AllowDBUserOverride: '1' } };

function regional(stack: TerraformStack, versionConstraint = '>= 6.0, < 7.0'): void {
  new AwsProvider(stack, 'aws', { region: 'us-east-1', versionConstraint, skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true });
  new AuthenticationProfile(stack, 'eu', { ...PROFILE, region: 'eu-west-1' });
  AuthenticationProfile.adopt(stack, 'ap', { ...PROFILE, authenticationProfileName: 'adopted', region: 'ap-southeast-6' });
  new AuthenticationProfile(stack, 'home', { ...PROFILE, authenticationProfileName: 'home' });
}

describe('AuthenticationProfile region (aws provider 6.x)', () => {
  test('GIVEN a 6.x provider THEN the region is written, and an adopted profile is imported as <name>@<region>', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    regional(stack);
    const json = JSON.parse(Testing.synth(stack));
    const profiles = Object.values<any>(json.resource.aws_redshift_authentication_profile);
    expect(profiles.map((p) => p.region ?? '(provider)').sort()).toEqual(['(provider)', 'ap-southeast-6', 'eu-west-1']);
    expect(json.import.map((i: { id: string }) => i.id)).toEqual(['adopted@ap-southeast-6']);
  });

  test('GIVEN an aws provider constraint that admits 5.x THEN the region is a ValidationError at synth, naming the profile', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    new AwsProvider(stack, 'aws', {});
    new AuthenticationProfile(stack, 'eu', { ...PROFILE, region: 'eu-west-1' });
    const error = errorOf(() => Testing.synth(stack));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.constructPath).toBe('stack/eu');
    expect(error.problems[0].path).toBe('props/region');
    expect(error.problems[0].allowed).toMatch(/admits 6\.x and later alone/);
  });

  test('GIVEN a region provider 6.x does not know THEN a ValidationError', () => {
    const error = errorOf(() => new AuthenticationProfile(new TerraformStack(Testing.app(), 'stack'), 'p', { ...PROFILE, region: 'xx-nowhere-1' }));
    expect(error.problems.map((p: { path: string }) => p.path)).toEqual(['props/region']);
  });

  test('GIVEN the stack, JSON and HCL THEN terraform plans the regions against the 6.x schema, the adopted profile imported by <name>@<region>', async () => {
    const judge = await HclJudge.start([AWS_6]);
    try {
      const verdict = await judge.judge((app: App) => regional(new TerraformStack(app, 'regions')));
      expect(verdict.json.outcome).toBe('ok');
      expect(verdict.agree).toBe(true);
      const resources = (verdict.json.reading as { resources: { address: string; after: { region?: string }; importing?: { id: string } }[] }).resources;
      const byName = Object.fromEntries(resources.filter((r) => r.address.startsWith('aws_redshift')).map((r) => [r.address.split('.')[1].split('_')[0], r]));
      expect(byName.eu.after.region).toBe('eu-west-1');
      expect(byName.ap.importing?.id).toBe('adopted@ap-southeast-6');
    } finally {
      await judge.stop();
    }
  }, 120_000);

  test('GIVEN the same stack read against the 5.x schema THEN terraform refuses the region: why a constraint admitting 5.x is refused at synth', async () => {
    const judge = await HclJudge.start([AWS]);
    try {
      const verdict = await judge.judge((app: App) => regional(new TerraformStack(app, 'regions')));
      expect(verdict.json.outcome).toBe('failed');
      expect(verdict.hcl.outcome).toBe('failed');
      expect(JSON.stringify(verdict.json.reading)).toMatch(/No argument or block type is named \\"region\\"/);
    } finally {
      await judge.stop();
    }
  }, 120_000);
});
