// Starts the aws provider once, in its debug mode, and lets every terraform
// command of a test run reattach to it (TF_REATTACH_PROVIDERS) instead of
// launching the 700 MB binary again: the provider's start-up is most of each
// command's cost. It is the same binary `terraform init` installed. Set
// E2E_PROVIDER_REATTACH=0 to let terraform launch the provider itself.
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { terraformEnv } from './terraform';

export interface ReattachedProvider {
  /** Environment for terraform commands: `TF_REATTACH_PROVIDERS`. */
  readonly env: NodeJS.ProcessEnv;
  /** Stops the provider process. */
  stop(): Promise<void>;
}

/** The aws provider binary `terraform init` installed in `dir`. */
export function installedAwsProvider(dir: string): string {
  const root = path.join(dir, '.terraform', 'providers', 'registry.terraform.io', 'hashicorp', 'aws');
  for (const version of fs.readdirSync(root)) {
    for (const platform of fs.readdirSync(path.join(root, version))) {
      const folder = path.join(root, version, platform);
      const binary = fs.readdirSync(folder).find((f) => f.startsWith('terraform-provider-aws'));
      if (binary) return path.join(folder, binary);
    }
  }
  throw new Error(`no aws provider installed under ${root}: run terraform init first`);
}

/**
 * Starts the aws provider installed in `initialisedDir` with `env` (its
 * credentials and proxy settings: the provider reads them, not terraform).
 * Returns undefined when E2E_PROVIDER_REATTACH=0.
 */
export async function startReattachedAwsProvider(initialisedDir: string, env: NodeJS.ProcessEnv): Promise<ReattachedProvider | undefined> {
  if (process.env.E2E_PROVIDER_REATTACH === '0') return undefined;
  const binary = installedAwsProvider(initialisedDir);
  // AWS_CA_BUNDLE (set on some machines) makes the provider's second
  // configuration in one process fail ("unable to add custom RootCAs
  // HTTPClient"); a reattached provider is configured once per command.
  const child: ChildProcess = spawn(binary, ['-debug'], {
    env: terraformEnv({ ...env, AWS_CA_BUNDLE: undefined }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString('utf8')).slice(-20000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const reattach = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the aws provider did not start within 180 s:\n${output}`)), 180_000);
    const onData = () => {
      const match = /TF_REATTACH_PROVIDERS='([^']+)'/.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.off('exit', onExit);
        resolve(match[1]);
      }
    };
    const onExit = () => fail(new Error(`the aws provider exited before it was ready:\n${output}`));
    function fail(e: Error) {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.kill('SIGTERM');
      reject(e);
    }
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
  return {
    env: { TF_REATTACH_PROVIDERS: reattach },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
