// The whole Terraform lifecycle of an AuthenticationProfile, run with the real
// terraform and the real aws provider against the Redshift emulator on
// 127.0.0.1 (see ../support/redshift-emulator.ts). Scenarios in one describe
// share one working directory and run in order; each prints its outcome and
// wall time at the end of the run.
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile } from '../../lib/warehouse/authentication-profile';
import { AwsProvider } from '../../lib/warehouse/aws-provider';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { EmulatorCall, RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';
import { init, PlanJson, TerraformResult, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const SCENARIO_TIMEOUT = 15 * 60 * 1000;
const PROFILE = 'aws_redshift_authentication_profile';

// Given out of order, with characters that XML and Go's JSON encoder escape.
const CONTENT = { Client_ID: 'ExampleClientID', App_ID: 'example', AllowDBUserOverride: '1', IdP_Tenant: 'a&b<c>' };
const CANONICAL = '{"AllowDBUserOverride":"1","App_ID":"example","Client_ID":"ExampleClientID","IdP_Tenant":"a&b<c>"}';
const SAME_CONTENT_OTHER_ORDER = '{ "IdP_Tenant": "a&b<c>", "Client_ID": "ExampleClientID",\n  "AllowDBUserOverride": "1", "App_ID": "example" }';
const CHANGED = { ...CONTENT, AllowDBUserOverride: '0' };
const CHANGED_CANONICAL = '{"AllowDBUserOverride":"0","App_ID":"example","Client_ID":"ExampleClientID","IdP_Tenant":"a&b<c>"}';
const WRITES = ['CreateAuthenticationProfile', 'ModifyAuthenticationProfile', 'DeleteAuthenticationProfile'];

let emulator: RedshiftEmulator;
let provider: ReattachedProvider | undefined;
const outcomes: string[] = [];

/** A scenario: a test whose outcome and wall time are printed after the run. */
function scenario(title: string, body: () => Promise<void>): void {
  test(
    title,
    async () => {
      const start = Date.now();
      let outcome = 'FAILED';
      try {
        await body();
        expect(emulator.strayRequests).toEqual([]);
        outcome = 'passed';
      } finally {
        outcomes.push(`e2e scenario ${title}: ${outcome} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      }
    },
    SCENARIO_TIMEOUT,
  );
}

/** Synthesizes a stack: the aws provider pointed at the emulator, plus what `build` adds. */
function synthesize(build: (stack: TerraformStack) => void): string {
  const stack = new TerraformStack(Testing.app(), 'e2e');
  new AwsProvider(stack, 'aws', emulator.awsProviderProps());
  build(stack);
  return `${JSON.stringify(synthJson(stack), null, 2)}\n`;
}

function writeConfig(dir: string, config: string): void {
  fs.writeFileSync(path.join(dir, 'main.tf.json'), config);
}

/** Runs terraform against the emulator; stops it at once if it reaches for any other address. */
async function tf(dir: string, args: string[], allowFailure = false): Promise<TerraformResult> {
  const abort = new AbortController();
  const off = emulator.onStray((request) =>
    abort.abort(new Error(`terraform ${args[0]} reached for an address other than the emulator (${request}); stopped it`)),
  );
  try {
    return await terraformAsync(dir, args, { env: { ...emulator.providerEnv(), ...provider?.env }, allowFailure, signal: abort.signal });
  } finally {
    off();
  }
}

/** `plan -detailed-exitcode`: 0 no changes, 2 changes (throws on 1). */
async function planExitCode(dir: string): Promise<number> {
  const result = await tf(dir, ['plan', '-input=false', '-no-color', '-detailed-exitcode'], true);
  if (result.code !== 0 && result.code !== 2) throw new Error(`terraform plan failed (${result.code}):\n${result.stderr}\n${result.stdout}`);
  if (result.code === 2) process.stdout.write(`unexpected changes:\n${result.stdout}\n`);
  return result.code;
}

async function savedPlan(dir: string, extraArgs: string[] = []): Promise<PlanJson> {
  await tf(dir, ['plan', '-input=false', '-no-color', '-out=tfplan', ...extraArgs]);
  return JSON.parse((await tf(dir, ['show', '-json', 'tfplan'])).stdout);
}

/** Terraform's state (`terraform state pull`): the profiles' attributes, and all addresses. */
async function state(dir: string): Promise<{ profiles: Array<{ [name: string]: string }>; addresses: string[] }> {
  const raw = JSON.parse((await tf(dir, ['state', 'pull'])).stdout || '{"resources":[]}');
  const resources: any[] = raw.resources ?? [];
  return {
    profiles: resources.filter((r) => r.type === PROFILE).flatMap((r) => r.instances.map((i: any) => i.attributes)),
    addresses: resources.map((r) => `${r.type}.${r.name}`).sort(),
  };
}

const writesOf = (calls: EmulatorCall[]) => calls.filter((c) => WRITES.includes(c.action)).map((c) => [c.action, c.params.AuthenticationProfileName]);

/** Terraform's diagnostics as one line (it may wrap them and draws a box around them). */
const oneLine = (text: string) => text.replace(/[│╷╵]/g, ' ').replace(/\s+/g, ' ');

/** Removes a scenario chain's working directory (kept with E2E_KEEP_WORKDIRS=1, to look into). */
function removeWorkdir(dir: string | undefined): void {
  if (dir && process.env.E2E_KEEP_WORKDIRS !== '1') fs.rmSync(dir, { recursive: true, force: true });
}

let started = 0;

beforeAll(async () => {
  started = Date.now();
  emulator = await RedshiftEmulator.start();
}, SCENARIO_TIMEOUT);

afterAll(async () => {
  await provider?.stop();
  await emulator?.stop();
  const lines = [...outcomes].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  lines.push(`e2e total: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
});

describe('one profile, from create to destroy', () => {
  let dir: string;
  const profileConfig = (name: string, content: string | { [key: string]: string }) =>
    synthesize((stack) => new AuthenticationProfile(stack, 'Profile', { authenticationProfileName: name, authenticationProfileContent: content }));

  beforeAll(async () => {
    dir = workdir({ 'main.tf.json': profileConfig('e2e-analysts', CONTENT) });
    init(dir);
    provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
  }, SCENARIO_TIMEOUT);

  afterAll(() => removeWorkdir(dir));

  scenario('1 apply creates the profile with the canonical content', async () => {
    const mark = emulator.calls.length;
    await tf(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);

    expect(emulator.profileNames()).toEqual(['e2e-analysts']);
    expect(emulator.profile('e2e-analysts')).toBe(CANONICAL);
    const calls = emulator.callsOf(undefined, mark);
    expect(writesOf(calls)).toEqual([['CreateAuthenticationProfile', 'e2e-analysts']]);
    expect(calls.find((c) => c.action === 'CreateAuthenticationProfile')!.params.AuthenticationProfileContent).toBe(CANONICAL);
    expect(calls.every((c) => c.status === 200)).toBe(true);

    const { profiles } = await state(dir);
    expect(profiles).toEqual([{ id: 'e2e-analysts', authentication_profile_name: 'e2e-analysts', authentication_profile_content: CANONICAL }]);
  });

  scenario('2 a second plan reports no changes, also with the content in another key order', async () => {
    const mark = emulator.calls.length;
    expect(await planExitCode(dir)).toBe(0);

    const before = fs.readFileSync(path.join(dir, 'main.tf.json'), 'utf8');
    const reordered = profileConfig('e2e-analysts', SAME_CONTENT_OTHER_ORDER);
    expect(reordered).toBe(before); // canonical content: byte-identical configuration
    writeConfig(dir, reordered);
    expect(await planExitCode(dir)).toBe(0);

    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([]);
    expect(emulator.profile('e2e-analysts')).toBe(CANONICAL);
  });

  scenario('3 a content change updates the profile in place', async () => {
    writeConfig(dir, profileConfig('e2e-analysts', CHANGED));
    const mark = emulator.calls.length;
    const events = emulator.events.length;
    await tf(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);

    const calls = emulator.callsOf(undefined, mark);
    expect(writesOf(calls)).toEqual([['ModifyAuthenticationProfile', 'e2e-analysts']]);
    expect(calls.find((c) => c.action === 'ModifyAuthenticationProfile')!.params.AuthenticationProfileContent).toBe(CHANGED_CANONICAL);
    // Never gone: no delete, and every read of it during the apply found it.
    expect(emulator.events.slice(events)).toEqual([{ kind: 'modified', name: 'e2e-analysts', content: CHANGED_CANONICAL }]);
    expect(calls.filter((c) => c.action === 'DescribeAuthenticationProfiles').every((c) => c.status === 200)).toBe(true);
    expect(emulator.profile('e2e-analysts')).toBe(CHANGED_CANONICAL);

    const { profiles } = await state(dir);
    expect(profiles).toEqual([{ id: 'e2e-analysts', authentication_profile_name: 'e2e-analysts', authentication_profile_content: CHANGED_CANONICAL }]);
  });

  scenario('4 a rename replaces the profile', async () => {
    writeConfig(dir, profileConfig('e2e-analysts-v2', CHANGED));
    const plan = await savedPlan(dir);
    const changes = Object.fromEntries((plan.resource_changes ?? []).map((c) => [c.type, c]));
    // The trigger carries the name: the provider of terraform_data replaces it...
    expect(changes.terraform_data.change.actions).toEqual(['delete', 'create']);
    expect(changes.terraform_data.action_reason).toBe('replace_because_cannot_update');
    // ...which replaces the profile through replace_triggered_by; the aws provider's
    // own rule (authentication_profile_name forces a new resource) agrees.
    const profile = changes[PROFILE] as any;
    expect(profile.change.actions).toEqual(['delete', 'create']);
    expect(profile.action_reason).toBe('replace_by_triggers');
    expect(profile.change.replace_paths).toEqual([['authentication_profile_name']]);

    const mark = emulator.calls.length;
    await tf(dir, ['apply', '-input=false', '-no-color', 'tfplan']);
    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([
      ['DeleteAuthenticationProfile', 'e2e-analysts'],
      ['CreateAuthenticationProfile', 'e2e-analysts-v2'],
    ]);
    expect(emulator.profileNames()).toEqual(['e2e-analysts-v2']);
    expect(emulator.profile('e2e-analysts-v2')).toBe(CHANGED_CANONICAL);

    const { profiles } = await state(dir);
    expect(profiles).toEqual([{ id: 'e2e-analysts-v2', authentication_profile_name: 'e2e-analysts-v2', authentication_profile_content: CHANGED_CANONICAL }]);
  });

  scenario('6 the service refuses (profile quota, content quota, already exists): state and service keep what they had', async () => {
    // The account is full: ours, eight made elsewhere, and one whose name we will ask for.
    for (let i = 1; i <= 8; i++) emulator.putProfile(`e2e-elsewhere-${i}`, `{"n":"${i}"}`);
    emulator.putProfile('e2e-taken', '{"owner":"someone else"}');
    expect(emulator.profileNames()).toHaveLength(emulator.maxProfiles);
    emulator.maxContentLength = 256;
    const serviceBefore = new Map(emulator.profileNames().map((n) => [n, emulator.profile(n)]));
    const stateBefore = await state(dir);

    writeConfig(
      dir,
      synthesize((stack) => {
        new AuthenticationProfile(stack, 'Profile', { authenticationProfileName: 'e2e-analysts-v2', authenticationProfileContent: CHANGED });
        new AuthenticationProfile(stack, 'Eleventh', { authenticationProfileName: 'e2e-eleventh', authenticationProfileContent: CONTENT });
        new AuthenticationProfile(stack, 'Oversized', { authenticationProfileName: 'e2e-oversized', authenticationProfileContent: { ...CONTENT, Scope: 'x'.repeat(300) } });
        new AuthenticationProfile(stack, 'Taken', { authenticationProfileName: 'e2e-taken', authenticationProfileContent: CONTENT });
      }),
    );
    const mark = emulator.calls.length;
    const result = await tf(dir, ['apply', '-input=false', '-no-color', '-auto-approve'], true);

    expect(result.code).toBe(1);
    const errors = oneLine(result.stderr);
    expect(errors).toContain('creating Redshift Authentication Profile (e2e-eleventh)');
    expect(errors).toContain('AuthenticationProfileQuotaExceededFault: The number of authentication profiles has exceeded the quota: the account has 10 of at most 10.');
    expect(errors).toContain('creating Redshift Authentication Profile (e2e-oversized)');
    expect(errors).toMatch(/AuthenticationProfileQuotaExceededFault: The size of the authentication profile has exceeded the quota: \d+ bytes of at most 256\./);
    expect(errors).toContain('creating Redshift Authentication Profile (e2e-taken)');
    expect(errors).toContain('AuthenticationProfileAlreadyExistsFault: The authentication profile e2e-taken already exists.');

    const refused = emulator.callsOf(undefined, mark).filter((c) => WRITES.includes(c.action));
    expect(refused.map((c) => [c.action, c.params.AuthenticationProfileName, c.status, c.errorCode]).sort()).toEqual([
      ['CreateAuthenticationProfile', 'e2e-eleventh', 400, 'AuthenticationProfileQuotaExceededFault'],
      ['CreateAuthenticationProfile', 'e2e-oversized', 400, 'AuthenticationProfileQuotaExceededFault'],
      ['CreateAuthenticationProfile', 'e2e-taken', 400, 'AuthenticationProfileAlreadyExistsFault'],
    ]);
    expect(new Map(emulator.profileNames().map((n) => [n, emulator.profile(n)]))).toEqual(serviceBefore);
    // Only the refused profiles' name triggers were added to state.
    const stateAfter = await state(dir);
    expect(stateAfter.profiles).toEqual(stateBefore.profiles);
    expect(stateAfter.addresses.filter((a) => a.startsWith(PROFILE))).toEqual(stateBefore.addresses.filter((a) => a.startsWith(PROFILE)));
  });

  scenario('7 destroy removes the profile', async () => {
    writeConfig(dir, profileConfig('e2e-analysts-v2', CHANGED));
    const mark = emulator.calls.length;
    await tf(dir, ['destroy', '-input=false', '-no-color', '-auto-approve']);

    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([['DeleteAuthenticationProfile', 'e2e-analysts-v2']]);
    expect(emulator.profile('e2e-analysts-v2')).toBeUndefined();
    // What Terraform does not manage stays.
    expect(emulator.profileNames()).toEqual([...Array.from({ length: 8 }, (_, i) => `e2e-elsewhere-${i + 1}`), 'e2e-taken'].sort());
    expect((await state(dir)).addresses).toEqual([]);
  });
});

describe('adopting a profile made outside Terraform', () => {
  let dir: string;
  const NAME = 'e2e-adopted';
  // The service's bytes (another key order, whitespace): the provider stores what it
  // reads, and the plan then shows no changes because it compares JSON by meaning.
  const ADOPTED_STATE = [{ id: NAME, authentication_profile_name: NAME, authentication_profile_content: SAME_CONTENT_OTHER_ORDER }];
  const adoptConfig = () =>
    synthesize((stack) => AuthenticationProfile.adopt(stack, 'Adopted', { authenticationProfileName: NAME, authenticationProfileContent: CONTENT }));

  beforeAll(() => {
    for (const name of emulator.profileNames()) emulator.removeProfile(name);
    emulator.maxContentLength = undefined;
    emulator.putProfile(NAME, SAME_CONTENT_OTHER_ORDER);
    dir = workdir({ 'main.tf.json': adoptConfig() });
    init(dir);
  }, SCENARIO_TIMEOUT);

  afterAll(() => removeWorkdir(dir));

  scenario('5a adoption with the library import block, then no changes', async () => {
    const mark = emulator.calls.length;
    // Without the import block this apply creates, and the service answers AlreadyExists.
    const apply = await tf(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);
    expect(apply.stdout).toContain('Resources: 1 imported, 1 added, 0 changed, 0 destroyed.');
    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([]);
    expect(emulator.profile(NAME)).toBe(SAME_CONTENT_OTHER_ORDER);

    const { profiles } = await state(dir);
    expect(profiles).toEqual(ADOPTED_STATE);
    expect(await planExitCode(dir)).toBe(0);
    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([]);
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'main.tf.json'), 'utf8'));
    expect(config.import).toEqual([{ id: NAME, to: `${PROFILE}.${Object.keys(config.resource[PROFILE])[0]}` }]);
  });

  scenario('5b adoption with the terraform import command, then no changes', async () => {
    // The same profile, declared without an import block, forgotten by state.
    const config = synthesize((stack) => new AuthenticationProfile(stack, 'Adopted', { authenticationProfileName: NAME, authenticationProfileContent: CONTENT }));
    const parsed = JSON.parse(config);
    expect(parsed.import).toBeUndefined();
    const address = `${PROFILE}.${Object.keys(parsed.resource[PROFILE])[0]}`;
    writeConfig(dir, config);
    await tf(dir, ['state', 'rm', address]);
    expect((await state(dir)).profiles).toEqual([]);

    const mark = emulator.calls.length;
    await tf(dir, ['import', '-input=false', '-no-color', address, NAME]);
    const { profiles } = await state(dir);
    expect(profiles).toEqual(ADOPTED_STATE);
    expect(await planExitCode(dir)).toBe(0);
    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([]);
    expect(emulator.profile(NAME)).toBe(SAME_CONTENT_OTHER_ORDER);
  });

  scenario('5c import-only block and plan -generate-config-out, then no changes', async () => {
    // A fresh state: only the profile exists, in the service.
    for (const f of fs.readdirSync(dir)) if (f.startsWith('terraform.tfstate')) fs.rmSync(path.join(dir, f));
    let target = '';
    writeConfig(
      dir,
      synthesize((stack) => {
        target = AuthenticationProfile.generateConfigForImport(stack, 'Generated', NAME).address;
      }),
    );
    const mark = emulator.calls.length;
    const plan = await savedPlan(dir, ['-generate-config-out=generated.tf']);

    const generated = fs.readFileSync(path.join(dir, 'generated.tf'), 'utf8');
    expect(generated).toContain(`resource "${PROFILE}" "${target.split('.')[1]}"`);
    expect(generated).toMatch(new RegExp(`authentication_profile_name\\s*=\\s*"${NAME}"`));
    const changes = (plan.resource_changes ?? []) as any[];
    expect(changes.map((c) => [c.address, c.change.actions, c.change.importing])).toEqual([[target, ['no-op'], { id: NAME }]]);

    await tf(dir, ['apply', '-input=false', '-no-color', 'tfplan']);
    expect((await state(dir)).profiles).toEqual(ADOPTED_STATE);
    expect(await planExitCode(dir)).toBe(0);
    expect(writesOf(emulator.callsOf(undefined, mark))).toEqual([]);
    expect(emulator.profile(NAME)).toBe(SAME_CONTENT_OTHER_ORDER);
  });
});
