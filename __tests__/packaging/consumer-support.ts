// Installs a packed tarball into a fresh app from the npm registry, compiles a
// strict TypeScript consumer against it and synthesizes: what a user does.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { init, PlanJson, resourceChanges, terraform, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const ROOT = path.resolve(__dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

export interface ConsumerApp {
  readonly dir: string;
  /** The synthesized JSON of a stack. */
  stack(name: string): any;
  /** Runs the compiled consumer again, with `env` added (LIFECYCLE_STEP). */
  synth(env: NodeJS.ProcessEnv): void;
}

/** A fresh app with `dependencies` and the tarball installed, the consumer compiled and run. */
export function consumerApp(tarball: string, packageName: string, framework: 'cdktf' | 'cdktn', dependencies: string[]): ConsumerApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `consumer-${framework}-`));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...dependencies, tarball], { cwd: dir, stdio: 'pipe', timeout: 300_000 });
  const source = fs
    .readFileSync(path.join(__dirname, 'fixtures', 'consumer.ts'), 'utf8')
    .replace("'PACKAGE'", `'${packageName}'`)
    .replace("'FRAMEWORK'", `'${framework}'`);
  fs.writeFileSync(path.join(dir, 'consumer.ts'), source);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, skipLibCheck: false, esModuleInterop: true, outDir: 'out', types: [] },
      files: ['consumer.ts'],
    }),
  );
  execFileSync(TSC, ['-p', 'tsconfig.json'], { cwd: dir, stdio: 'pipe' });
  const synth = (env: NodeJS.ProcessEnv) =>
    execFileSync(process.execPath, ['out/consumer.js'], { cwd: dir, stdio: 'pipe', env: { ...process.env, CDK_FRAMEWORK: '', ...env } });
  synth({});
  return {
    dir,
    stack: (name) => JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.out', 'stacks', name, 'cdk.tf.json'), 'utf8')),
    synth,
  };
}

/** The resource types, data sources and providers a consumer's `all` stack must hold. */
export function expectAllBlocks(all: any): void {
  expect(Object.keys(all.resource).sort()).toEqual(
    ['aws_redshift_authentication_profile', 'datadog_restriction_policy', 'kubernetes_manifest', 'null_resource'].sort(),
  );
  expect(Object.keys(all.provider).sort()).toEqual(['aws', 'datadog', 'kubernetes', 'null']);
  const [profile] = Object.values<any>(all.resource.aws_redshift_authentication_profile);
  expect(profile.authentication_profile_content).toBe('{"a":"1","b":"2"}');
  expect(profile.lifecycle.replace_triggered_by[0]).toMatch(/^null_resource\./);
  const [policy] = Object.values<any>(all.resource.datadog_restriction_policy);
  expect(policy).toMatchObject({ resource_id: 'dashboard:abc-def-ghi', bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }] });
  const [node] = Object.values<any>(all.resource.kubernetes_manifest);
  expect(node.manifest).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } });
}

/**
 * The consumer's `profiles` stack (issue 19 items 2 and 5): a user's
 * `dependsOn` and `replaceTriggeredBy` entries (a cdktf resource) written as
 * plain addresses, beside the name trigger; the real terraform validates it.
 */
export function expectUserLifecycleValid(app: ConsumerApp): void {
  const [profile] = Object.values<any>(app.stack('profiles').resource.aws_redshift_authentication_profile);
  expect(profile.depends_on).toEqual(['terraform_data.marker']);
  expect(profile.lifecycle.replace_triggered_by).toEqual(['terraform_data.marker', expect.stringMatching(/^terraform_data\.analysts_NameTrigger_[0-9A-F]{8}$/)]);
  const dir = path.join(app.dir, 'cdktf.out', 'stacks', 'profiles');
  init(dir);
  expect(terraform(dir, ['validate', '-no-color']).stdout).toMatch(/The configuration is valid/);
}

/**
 * Issue 19 item 5, with the real terraform against the Redshift emulator, in
 * one working directory: the consumer's `lifecycle` stack creates one profile
 * and one trigger per entry of a map variable; renaming one entry replaces
 * only it; the construct moved into a scope (movedFrom) plans every instance
 * moved and nothing else; released, the profiles leave the state and stay in
 * the emulator. Returns the figures printed by the caller.
 */
export async function runLifecycle(app: ConsumerApp): Promise<string> {
  const start = Date.now();
  const emulator = await RedshiftEmulator.start();
  let provider: ReattachedProvider | undefined;
  try {
    const names = { a: 'life-a', b: 'life-b' };
    const dir = workdir({ 'terraform.tfvars.json': JSON.stringify({ profiles: names }) });
    const write = (step: string) => {
      app.synth({ LIFECYCLE_STEP: step });
      const config = app.stack('lifecycle');
      delete config.terraform.backend;
      fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(config, null, 2));
    };
    write('create');
    init(dir);
    provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
    const env = { ...emulator.providerEnv(), ...provider?.env };
    const plan = async (): Promise<PlanJson> => {
      await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
      return JSON.parse((await terraformAsync(dir, ['show', '-json', 'tfplan'], { env })).stdout);
    };
    const apply = () => terraformAsync(dir, ['apply', '-input=false', '-no-color', 'tfplan'], { env });
    const keyed = (changes: { [address: string]: string }) => Object.fromEntries(Object.entries(changes).map(([a, c]) => [a.replace(/\.[^.[]+\[/, '.*['), c]));

    const created = await plan();
    expect(keyed(resourceChanges(created))).toEqual({
      'aws_redshift_authentication_profile.*["a"]': 'create',
      'aws_redshift_authentication_profile.*["b"]': 'create',
      'terraform_data.*["a"]': 'create',
      'terraform_data.*["b"]': 'create',
    });
    await apply();
    expect(emulator.profileNames()).toEqual(['life-a', 'life-b']);

    fs.writeFileSync(path.join(dir, 'terraform.tfvars.json'), JSON.stringify({ profiles: { ...names, b: 'life-b2' } }));
    const renamed = await plan();
    expect(keyed(resourceChanges(renamed))).toEqual({
      'aws_redshift_authentication_profile.*["b"]': 'delete+create (replace_by_triggers)',
      'terraform_data.*["b"]': 'delete+create (replace_because_cannot_update)',
    });
    await apply();
    expect(emulator.profileNames()).toEqual(['life-a', 'life-b2']);

    write('moved');
    const moved = await plan();
    expect(resourceChanges(moved)).toEqual({});
    const moves = (moved.resource_changes ?? []).map((c) => [c.previous_address, c.address]);
    expect(moves).toHaveLength(4);
    for (const [from, to] of moves) {
      expect(from).toMatch(/\.team-profiles_\w+(_NameTrigger_\w+)?\["[ab]"\]$/);
      expect(to).toMatch(/\.warehouse_profiles_\w+\["[ab]"\]$/);
      expect(from!.replace(/\..*\[/, '[')).toBe(to!.replace(/\..*\[/, '['));
    }
    await apply();

    write('released');
    const released = await plan();
    expect(Object.values(resourceChanges(released))).toEqual(Array(4).fill('forget (delete_because_no_resource_config)'));
    await apply();
    expect((await terraformAsync(dir, ['state', 'list'], { env })).stdout.trim()).toBe('');
    expect(emulator.profileNames()).toEqual(['life-a', 'life-b2']);
    return `lifecycle: 2 profiles + 2 triggers created; 1 renamed (1 profile + 1 trigger replaced); ${moves.length} moved, 0 to add/change/destroy; 4 forgotten, 2 profiles kept in the emulator (${((Date.now() - start) / 1000).toFixed(1)} s)`;
  } finally {
    await provider?.stop();
    await emulator.stop();
  }
}
