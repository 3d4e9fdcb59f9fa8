// Runs terraform without blocking the event loop, for tests whose server
// (the Redshift emulator) lives in the test process: `terraform()` in
// terraform.ts uses spawnSync, which would stop the server from answering.
import { spawn } from 'child_process';
import { TerraformResult, terraformEnv } from './terraform';

/**
 * Runs `terraform <args>` in `dir`; rejects with terraform's output unless `allowFailure`.
 * Aborting `signal` stops terraform and rejects with the signal's reason.
 */
export function terraformAsync(
  dir: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; allowFailure?: boolean; signal?: AbortSignal } = {},
): Promise<TerraformResult> {
  const binary = process.env.TERRAFORM_BINARY ?? 'terraform';
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { cwd: dir, env: terraformEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      if (options.signal?.aborted) reject(options.signal.reason instanceof Error ? options.signal.reason : e);
      else reject(new Error(`cannot run ${binary}: ${e.message} (install Terraform >= 1.5 or set TERRAFORM_BINARY)`));
    });
    child.on('close', (code) => {
      const result = { code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      if (result.code !== 0 && !options.allowFailure) {
        reject(new Error(`terraform ${args.join(' ')} failed (${result.code}) in ${dir}:\n${result.stderr}\n${result.stdout}`));
      } else {
        resolve(result);
      }
    });
  });
}
