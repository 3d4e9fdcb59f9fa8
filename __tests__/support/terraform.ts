// Runs the real terraform binary for tests. Offline on these machines: the aws
// provider comes from a filesystem mirror, found from TF_PLUGIN_DIR or a search
// of the usual places; where none exists, `terraform init` uses the registry.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const MIRROR_CANDIDATES = [
  '/opt/tf-plugins',
  '/usr/share/terraform/plugins',
  '/usr/local/share/terraform/plugins',
  path.join(os.homedir(), '.terraform.d', 'plugins'),
  path.join(os.homedir(), '.local', 'share', 'terraform', 'plugins'),
];

/** The plugin directory holding hashicorp/aws, or undefined to use the registry. */
export function awsPluginDir(): string | undefined {
  const candidates = process.env.TF_PLUGIN_DIR ? [process.env.TF_PLUGIN_DIR] : MIRROR_CANDIDATES;
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'registry.terraform.io', 'hashicorp', 'aws')));
}

export interface TerraformResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Environment for terraform: fake keys, no CLI config, no colour, no prompts. */
export function terraformEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TF_CLI_CONFIG_FILE: path.join(os.tmpdir(), 'no-terraformrc'),
    TF_IN_AUTOMATION: '1',
    CHECKPOINT_DISABLE: '1',
    AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE',
    AWS_SECRET_ACCESS_KEY: 'fake-secret-for-offline-tests',
    AWS_EC2_METADATA_DISABLED: 'true',
    ...extra,
  };
}

/** Runs `terraform <args>` in `dir`; throws with terraform's output unless `allowFailure`. */
export function terraform(dir: string, args: string[], options: { env?: NodeJS.ProcessEnv; allowFailure?: boolean } = {}): TerraformResult {
  const binary = process.env.TERRAFORM_BINARY ?? 'terraform';
  const run = spawnSync(binary, [...args], {
    cwd: dir,
    env: terraformEnv(options.env),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`cannot run ${binary}: ${run.error.message} (install Terraform >= 1.5 or set TERRAFORM_BINARY)`);
  const result = { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  if (result.code !== 0 && !options.allowFailure) {
    throw new Error(`terraform ${args.join(' ')} failed (${result.code}) in ${dir}:\n${result.stderr}\n${result.stdout}`);
  }
  return result;
}

/** A fresh directory holding `files` (name to content). */
export function workdir(files: { [name: string]: string }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

/** `terraform init` from the offline mirror when there is one. */
export function init(dir: string): TerraformResult {
  const pluginDir = awsPluginDir();
  return terraform(dir, ['init', '-input=false', '-no-color', ...(pluginDir ? [`-plugin-dir=${pluginDir}`] : [])]);
}

/** A plan as `terraform show -json` reports it. */
export interface PlanJson {
  readonly resource_changes?: Array<{
    readonly address: string;
    readonly type: string;
    readonly change: { readonly actions: string[]; readonly before: any; readonly after: any };
    readonly action_reason?: string;
    /** The address the resource had in the state, when a `moved` block moves it. */
    readonly previous_address?: string;
  }>;
  readonly planned_values?: any;
  readonly configuration?: any;
}

/** Each resource change of a plan: address to actions (no-ops left out), and the reason of each replacement. */
export function resourceChanges(plan: PlanJson): { [address: string]: string } {
  const out: { [address: string]: string } = {};
  for (const c of plan.resource_changes ?? []) {
    if (c.change.actions.join() === 'no-op') continue;
    out[c.address] = `${c.change.actions.join('+')}${c.action_reason ? ` (${c.action_reason})` : ''}`;
  }
  return out;
}

/** `terraform plan -out` then `show -json`. */
export function planJson(dir: string, extraArgs: string[] = [], env?: NodeJS.ProcessEnv): PlanJson {
  terraform(dir, ['plan', '-input=false', '-no-color', '-out=tfplan', ...extraArgs], { env });
  return JSON.parse(terraform(dir, ['show', '-json', 'tfplan'], { env }).stdout);
}
