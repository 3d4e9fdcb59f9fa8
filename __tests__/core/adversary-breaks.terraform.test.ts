// The valid neighbours of the adversary's breaks (adversary-breaks.test.ts),
// judged by the real terraform: one stack holding each of them passes
// `terraform validate` and `terraform plan`, as JSON and as HCL (the offline
// aws provider; plan -refresh=false creates only, so no Redshift call; were there
// one, AWS_ENDPOINT_URL_REDSHIFT sends it to a closed loopback port).
import { Fn, Op, TerraformIterator, TerraformSelf, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';
import { stackFile } from '../support/synth';
import { init, planJson, terraform, workdir } from '../support/terraform';

const TIMEOUT = 10 * 60 * 1000;
const OFFLINE = { skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true };
// The endpoint through the environment, not an `endpoints` block: the block costs each command seconds (redshift-emulator.ts).
const CLOSED_ENDPOINT = { AWS_ENDPOINT_URL_REDSHIFT: 'http://127.0.0.1:9' };

function build(stack: TerraformStack): void {
  // break 01: a second aws provider, aliased.
  new AwsProvider(stack, 'aws', { region: 'us-east-1', ...OFFLINE });
  const west = new AwsProvider(stack, 'west', { region: 'us-west-2', alias: 'west', ...OFFLINE });
  const env = new TerraformVariable(stack, 'env', { type: 'string', default: 'prod' });
  // breaks 04 and 10: iterator.key and iterator.value with forEach, iterator.value as a content value;
  // break 03: a condition with a variable; break 02: self in a postcondition.
  const map = TerraformIterator.fromMap({ 'nb-analysts': 'one', 'nb-admins': 'two' });
  new AuthenticationProfile(stack, 'mapped', {
    forEach: map,
    authenticationProfileName: map.key,
    authenticationProfileContent: { Greeting: map.value, Client_ID: 'ExampleClientID' },
    lifecycle: {
      precondition: [{ condition: Op.neq(Fn.lower(env.stringValue), 'none'), errorMessage: Fn.join('', ['Env must be set for ', map.key, '.']) }],
      postcondition: [{ condition: Op.neq(TerraformSelf.getString('id'), 'none'), errorMessage: Fn.join('', ['Profile ', TerraformSelf.getString('id'), ' has no id.']) }],
    },
  });
  // break 06: a list of strings, with the aliased provider.
  const list = TerraformIterator.fromList(['nb-list-a', 'nb-list-b']);
  new AuthenticationProfile(stack, 'listed', { forEach: list, provider: west, authenticationProfileName: list.value, authenticationProfileContent: { A: 'b' } });
  // break 05: keys distinct in NFC.
  const nfc = TerraformIterator.fromMap({ '\u00e9': 'nb-nfc-1', e: 'nb-nfc-2' });
  new AuthenticationProfile(stack, 'nfc', { forEach: nfc, authenticationProfileName: nfc.value, authenticationProfileContent: { A: 'b' } });
}

describe('the neighbours of the adversary breaks: terraform validate and plan accept them', () => {
  test.each([false, true])('GIVEN one stack holding each neighbour (hcl: %s) THEN terraform validate and plan accept it', (hcl) => {
    const { file, text } = stackFile('nb', build, hcl);
    const dir = workdir({ [file]: text });
    init(dir);
    expect(terraform(dir, ['validate', '-no-color'], { env: CLOSED_ENDPOINT }).stdout).toContain('The configuration is valid');
    const plan = planJson(dir, ['-refresh=false', '-lock=false'], CLOSED_ENDPOINT);
    const created = (plan.resource_changes ?? []).filter((c) => c.type === 'aws_redshift_authentication_profile' && c.change.actions.join() === 'create');
    expect(created.map((c) => c.change.after.authentication_profile_name).sort()).toEqual(['nb-admins', 'nb-analysts', 'nb-list-a', 'nb-list-b', 'nb-nfc-1', 'nb-nfc-2']);
    const greeting = created.find((c) => c.change.after.authentication_profile_name === 'nb-admins')!.change.after.authentication_profile_content;
    expect(JSON.parse(greeting)).toEqual({ Client_ID: 'ExampleClientID', Greeting: 'two' });
  }, TIMEOUT);
});
