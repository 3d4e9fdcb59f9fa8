// One scenario in one process, so that peak RSS is per scenario. Prints one line: RESULT <json>.
// Usage: node child.js <kind> <variant> <construct> <n>
//   kind: synth | adopt | cold; variant: lib | lib-nosource (source locations off) | base;
//   construct: profiles | policies | nodes | all.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';

type Variant = 'lib' | 'lib-nosource' | 'base';

interface StackModule {
  profiles?: (stack: any, n: number, adopt?: boolean) => void;
  policies?: (stack: any, n: number) => void;
  nodes?: (stack: any, n: number) => void;
  oneOfEach: (app: any) => void;
}

/** The resources written, and the bytes of the stacks' cdk.tf.json (what every `terraform plan` reads). */
function written(outdir: string): { resources: number; documentBytes: number } {
  let resources = 0;
  let documentBytes = 0;
  const stacks = path.join(outdir, 'stacks');
  for (const stack of fs.readdirSync(stacks)) {
    const text = fs.readFileSync(path.join(stacks, stack, 'cdk.tf.json'), 'utf8');
    documentBytes += Buffer.byteLength(text);
    for (const byName of Object.values<any>(JSON.parse(text).resource ?? {})) resources += Object.keys(byName).length;
  }
  return { resources, documentBytes };
}

function main(): void {
  const [kind, variant, construct, nArg] = process.argv.slice(2) as [string, Variant, string, string];
  const n = Number(nArg);
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-bench-out-'));
  const start = performance.now();
  try {
    /* eslint-disable @typescript-eslint/no-var-requires */
    const cdktf = require('../lib/core/framework');
    let mod: StackModule;
    const lib = variant !== 'base';
    if (kind === 'cold') mod = lib ? require('./stacks-lib') : require('./cold-base');
    else mod = lib ? require('./stacks-lib') : require('./stacks-base');
    const loaded = performance.now();
    // lib-nosource: the library with source locations turned off (lib/core/construct-origin.ts's context key).
    const context = variant === 'lib-nosource' ? { [require('../lib/core/construct-origin').SOURCE_LOCATION_CONTEXT]: false } : {};
    const app = new cdktf.App({ outdir, context });
    if (kind === 'cold') {
      mod.oneOfEach(app);
    } else {
      const stack = new cdktf.TerraformStack(app, 'bench');
      if (kind === 'adopt') mod.profiles!(stack, n, true);
      else (mod as any)[construct](stack, n);
    }
    const built = performance.now();
    app.synth();
    const synthesized = performance.now();
    const result = {
      kind,
      variant,
      construct,
      n,
      // since the process started (performance.timeOrigin): what a user waits for on a cold start
      sinceProcessStartMs: synthesized,
      loadMs: loaded - start,
      constructMs: built - loaded,
      synthMs: synthesized - built,
      // construct + synth: the figure compared for throughput (module loading excluded)
      workMs: synthesized - loaded,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      ...written(outdir),
    };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    fs.rmSync(outdir, { recursive: true, force: true });
  }
}

main();
