import * as fs from 'fs';
import * as path from 'path';
import { App } from '../lib/core/framework';

/**
 * Synthesizes an app into `outdir` all or nothing: the stacks are written to a
 * staging directory that replaces `outdir` only when synthesis succeeded, so a
 * failed synth leaves the previous output as it was and no partial one.
 * Returns the names of the synthesized stacks.
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
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(staging, target);
  return fs.readdirSync(path.join(target, 'stacks')).sort();
}
