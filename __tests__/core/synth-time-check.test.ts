// The stack's checks share one walk of its constructs per pass (synth-time-check.ts):
// what is added between two synths is seen by every check of the next one, also
// when the check that walks first has been removed from the tree.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformResource, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';
import { errorOf } from '../support/errors';

const PROFILE = { authenticationProfileName: 'analysts', authenticationProfileContent: { A: 'b' } };

function stack(): TerraformStack {
  return new TerraformStack(Testing.app(), 'st');
}

describe('the stack checks read one walk per pass', () => {
  test('GIVEN a synthesized stack, then a second default aws provider THEN the next synth refuses it (the provider check walks anew)', () => {
    const s = stack();
    new AwsProvider(s, 'first', { region: 'eu-west-1' });
    new AuthenticationProfile(s, 'p', PROFILE);
    expect(() => Testing.synth(s)).not.toThrow();
    new AwsProvider(s, 'second', { region: 'eu-west-1' });
    const error = errorOf(() => Testing.synth(s));
    expect(error.constructPath).toBe('st/second');
    expect(error.message).toContain('Duplicate provider configuration');
  });

  test('GIVEN a synthesized stack, then a second profile of the same name THEN the next synth refuses it (the check after the first reads that pass\'s walk)', () => {
    const s = stack();
    new AwsProvider(s, 'aws', { region: 'eu-west-1' });
    new AuthenticationProfile(s, 'p', PROFILE);
    expect(() => Testing.synth(s)).not.toThrow();
    new AuthenticationProfile(s, 'again', PROFILE);
    const error = errorOf(() => Testing.synth(s));
    expect(error.constructPath).toBe('st/again');
    expect(error.message).toContain('st/p declares already');
  });

  test('GIVEN the first check removed from the tree THEN the next check walks itself and sees a resource other code added since', () => {
    const s = stack();
    new AwsProvider(s, 'aws', { region: 'eu-west-1' });
    new AuthenticationProfile(s, 'p', PROFILE);
    expect(() => Testing.synth(s)).not.toThrow();
    // The provider check is the stack's first (the provider made it); it no longer runs.
    expect(s.node.tryRemoveChild('ProviderConfigurations')).toBe(true);
    // Found only by a walk: a plain resource of the profile's type and name.
    new TerraformResource(s, 'plain', { terraformResourceType: 'aws_redshift_authentication_profile', terraformGeneratorMetadata: { providerName: 'aws' } }).addOverride(
      'authentication_profile_name',
      'analysts',
    );
    const error = errorOf(() => Testing.synth(s));
    expect(error.constructPath).toBe('st/p');
    expect(error.message).toContain('st/plain');
  });

  test('GIVEN an app synthesized (prepare, then write) THEN a conflict is refused before any file is written', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'synth-time-check-'));
    try {
      const app = new App({ outdir });
      const s = new TerraformStack(app, 'st');
      new AwsProvider(s, 'aws', { region: 'eu-west-1' });
      new AuthenticationProfile(s, 'p', PROFILE);
      new AuthenticationProfile(s, 'again', PROFILE);
      expect(errorOf(() => app.synth()).constructPath).toBe('st/again');
      expect(fs.existsSync(path.join(outdir, 'stacks', 'st', 'cdk.tf.json'))).toBe(false);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });
});
