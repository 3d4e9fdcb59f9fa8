import * as fs from 'fs';
import * as path from 'path';
import { App } from '../lib/core/framework';

// The files a synth writes in a stack directory; one of the two is stale after
// switching between JSON and HCL, and Terraform would read both.
const STACK_OUTPUTS = ['cdk.tf.json', 'cdk.tf'];

/**
 * Synthesizes an app into `outdir`, all or nothing, and leaves every file that
 * synthesis does not write where it is: `.terraform/`, `.terraform.lock.hcl`,
 * plan files, `generated.tf` from `-generate-config-out`, a local state.
 *
 * The app is synthesized into a staging directory first: a failed synth
 * changes nothing in `outdir`. Only then is each synthesized file moved into
 * place (a rename: a reader sees the old file or the new one, never part of
 * one), and synthesized stack files that the new output no longer has are
 * removed. Returns the names of the synthesized stacks.
 */
export function synthAtomically(outdir: string, build: (app: App) => void, hcl: boolean): string[] {
  const target = path.resolve(outdir);
  const staging = `${target}.staging-${process.pid}`;
  const previousHcl = process.env.SYNTH_HCL_OUTPUT;
  // cdktf reads this variable as well as the App option (`cdktf synth --hcl` sets it).
  process.env.SYNTH_HCL_OUTPUT = hcl ? 'true' : 'false';
  try {
    const app = new App({ outdir: staging, hclOutput: hcl });
    build(app);
    app.synth();
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (previousHcl === undefined) delete process.env.SYNTH_HCL_OUTPUT;
    else process.env.SYNTH_HCL_OUTPUT = previousHcl;
  }
  const written = filesBelow(staging);
  for (const file of written) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.renameSync(path.join(staging, file), path.join(target, file));
  }
  const writtenSet = new Set(written);
  const stacksDir = path.join(target, 'stacks');
  for (const stack of fs.existsSync(stacksDir) ? fs.readdirSync(stacksDir) : []) {
    for (const output of STACK_OUTPUTS) {
      const file = path.join('stacks', stack, output);
      if (!writtenSet.has(file)) fs.rmSync(path.join(target, file), { force: true });
    }
  }
  fs.rmSync(staging, { recursive: true, force: true });
  const stacks = written.filter((f) => f.startsWith(`stacks${path.sep}`)).map((f) => f.split(path.sep)[1]);
  return [...new Set(stacks)].sort();
}

/** Every file below `dir`, as paths relative to it. */
function filesBelow(dir: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesBelow(dir, relative) : [relative];
  });
}
