// The authority for the profile's identity (issue 31 item 4): the real
// terraform and the real aws provider, offline against the Redshift emulator
// (../support/redshift-emulator.ts), apply two declarations of one profile
// name under one provider configuration. Such a stack reaches terraform only
// when the library does not see it (two stacks' outputs concatenated, as a
// hand-merged configuration would be): the apply creates one profile and fails
// the other with AuthenticationProfileAlreadyExistsFault, after the first was
// created. The same two declarations in one stack are refused at synth
// (lib/core/live-objects.ts), so they never reach an apply.
import { TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider } from '../../lib';
import { errorOf } from '../support/errors';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';
import { init, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const TIMEOUT = 10 * 60 * 1000;
const NAME = 'twice-analysts';
const PROFILE = 'aws_redshift_authentication_profile';

/** Terraform's diagnostics as one line (it may wrap them and draws a box around them). */
const oneLine = (text: string) => text.replace(/[│╷╵]/g, ' ').replace(/\s+/g, ' ');

describe('two declarations of one profile name: what the check prevents', () => {
  let emulator: RedshiftEmulator;

  beforeAll(async () => {
    emulator = await RedshiftEmulator.start();
  }, TIMEOUT);

  afterAll(async () => {
    await emulator?.stop();
  });

  /** A stack with the emulator's aws provider and one profile `id` named NAME. */
  const declare = (stack: TerraformStack, id: string) => new AuthenticationProfile(stack, id, { authenticationProfileName: NAME, authenticationProfileContent: { AllowDBUserOverride: '1' } });
  const withProvider = (name: string) => {
    const stack = new TerraformStack(Testing.app(), name);
    new AwsProvider(stack, 'aws', emulator.awsProviderProps());
    return stack;
  };

  test(
    'GIVEN two profiles of one name under one provider, concatenated from two stacks WHEN terraform applies THEN one is created and the other fails with AuthenticationProfileAlreadyExistsFault; in one stack THEN the library refuses them at synth naming both',
    async () => {
      // Each stack alone is one declaration (the check passes); their resources merged are the stack the check refuses.
      const firstStack = withProvider('first');
      declare(firstStack, 'first');
      const secondStack = withProvider('second');
      declare(secondStack, 'second');
      const config = synthJson(firstStack);
      const second = synthJson(secondStack);
      for (const [type, blocks] of Object.entries<object>(second.resource)) config.resource[type] = { ...config.resource[type], ...blocks };
      delete config.terraform.backend;
      const addresses = Object.keys(config.resource[PROFILE]).map((name) => `${PROFILE}.${name}`);
      expect(addresses).toHaveLength(2);

      const dir = workdir({ 'main.tf.json': JSON.stringify(config, null, 2) });
      init(dir);
      const abort = new AbortController();
      const off = emulator.onStray((request) => abort.abort(new Error(`terraform reached for an address other than the emulator (${request}); stopped it`)));
      const env = emulator.providerEnv();
      let applied;
      try {
        applied = await terraformAsync(dir, ['apply', '-input=false', '-no-color', '-auto-approve'], { env, allowFailure: true, signal: abort.signal });
      } finally {
        off();
      }
      expect(emulator.strayRequests).toEqual([]);
      expect(applied.code).toBe(1);
      const diagnostics = oneLine(applied.stderr);
      expect(diagnostics).toContain('AuthenticationProfileAlreadyExistsFault');
      const creates = emulator.calls.filter((c) => c.action === 'CreateAuthenticationProfile');
      expect(creates.map((c) => [c.params.AuthenticationProfileName, c.errorCode ?? 'created'])).toEqual([
        [NAME, 'created'],
        [NAME, 'AuthenticationProfileAlreadyExistsFault'],
      ]);
      expect(emulator.profileNames()).toEqual([NAME]);
      // The state holds the one that was created; the other is left to fail again at every apply.
      const state = (await terraformAsync(dir, ['state', 'list'], { env })).stdout.split('\n').filter((l) => l.startsWith(`${PROFILE}.`));
      expect(state).toHaveLength(1);
      expect(addresses).toContain(state[0]);
      process.stdout.write(`apply of two profiles named ${NAME}: exit ${applied.code}, created ${state[0]}; the other: ${/Error: [^\n]*AuthenticationProfileAlreadyExistsFault[^\n]*/.exec(applied.stderr)?.[0] ?? diagnostics.slice(diagnostics.indexOf('AuthenticationProfileAlreadyExistsFault') - 200, diagnostics.indexOf('AuthenticationProfileAlreadyExistsFault') + 120)}\n`);

      // The same two declarations in one stack: refused before terraform sees them.
      const together = withProvider('together');
      declare(together, 'first');
      declare(together, 'second');
      const error = errorOf(() => synthJson(together));
      expect(error.constructPath).toBe('together/second');
      expect(error.problems[0].path).toBe('props/authenticationProfileName');
      expect(error.problems[0].received).toBe(`profile "${NAME}" in us-east-1, which together/first declares already (its props/authenticationProfileName)`);
      expect(error.problems[0].allowed).toContain('AuthenticationProfileAlreadyExistsFault');
    },
    TIMEOUT,
  );
});
