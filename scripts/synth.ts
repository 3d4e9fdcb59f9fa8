// Synthesizes every example stack into cdktf.out/ (or $CDKTF_OUTDIR) without the
// cdktf CLI. `--hcl` writes cdk.tf instead of cdk.tf.json. The stacks are written
// to a fresh directory that replaces the old one only when synthesis succeeded:
// a failed synth leaves no partial output.
import * as fs from 'fs';
import * as path from 'path';
import { App } from 'cdktf';
import { buildExamples } from '../examples/app';

const hcl = process.argv.includes('--hcl');
const outdir = path.resolve(process.env.CDKTF_OUTDIR ?? 'cdktf.out');
const staging = `${outdir}.staging-${process.pid}`;

try {
  if (hcl) process.env.SYNTH_HCL_OUTPUT = 'true';
  const app = new App({ outdir: staging, hclOutput: hcl });
  buildExamples(app);
  app.synth();
} catch (error) {
  fs.rmSync(staging, { recursive: true, force: true });
  console.error(`synth failed, ${path.relative(process.cwd(), outdir) || outdir} left as it was:\n${(error as Error).message}`);
  process.exit(1);
}

fs.rmSync(outdir, { recursive: true, force: true });
fs.renameSync(staging, outdir);
const stacks = fs.readdirSync(path.join(outdir, 'stacks')).sort();
console.log(`synthesized ${stacks.length} stacks (${hcl ? 'HCL' : 'JSON'}) into ${path.relative(process.cwd(), outdir)}/stacks:`);
for (const stack of stacks) console.log(`  ${stack}/${fs.readdirSync(path.join(outdir, 'stacks', stack)).filter((f) => f.startsWith('cdk.tf')).join(', ')}`);
