// `npm run synth`: synthesizes every example stack into cdktf.out/ (or
// $CDKTF_OUTDIR) without the cdktf CLI; `--hcl` writes cdk.tf instead of
// cdk.tf.json. All or nothing: a failed synth leaves the old output as it was.
import * as path from 'path';
import { buildExamples } from '../examples/app';
import { synthAtomically } from './synth-atomically';

const hcl = process.argv.includes('--hcl');
const outdir = process.env.CDKTF_OUTDIR ?? 'cdktf.out';
try {
  const stacks = synthAtomically(outdir, buildExamples, hcl);
  console.log(`synthesized ${stacks.length} stacks (${hcl ? 'HCL' : 'JSON'}) into ${path.join(outdir, 'stacks')}:`);
  for (const stack of stacks) console.log(`  ${stack}`);
} catch (error) {
  console.error(`synth failed; ${outdir} left as it was.\n${(error as Error).message}`);
  process.exit(1);
}
