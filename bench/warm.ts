// The cost of source locations, or of the guardrails, in one warm process, without the per-process noise
// of `npm run bench`: construction and synth of N constructs, rounds alternating with the context key on
// and off (the first round of each is a warm-up and not counted). Usage:
//   npx ts-node --transpile-only bench/warm.ts <profiles|policies|nodes> <n> <rounds> [sourceLocation|guardrails]
//   e.g. bench/warm.ts policies 10000 11 guardrails; CDK_FRAMEWORK=cdktn for cdktn
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { build } from './run';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

function main(): void {
  const [construct, nArg, roundsArg, feature = 'sourceLocation'] = process.argv.slice(2);
  const n = Number(nArg);
  const rounds = Number(roundsArg);
  if (!['profiles', 'policies', 'nodes'].includes(construct) || !(n > 0) || !(rounds > 1) || !['sourceLocation', 'guardrails'].includes(feature)) {
    console.error('usage: bench/warm.ts <profiles|policies|nodes> <n> <rounds (at least 2)> [sourceLocation|guardrails]');
    process.exit(2);
  }
  const dir = build();
  // The built library, loaded as the bench's children load it: the project's modules found through NODE_PATH
  // (the build is in a temp dir), cdktf mapped to cdktn when CDK_FRAMEWORK asks (scripts/framework.js).
  process.env.NODE_PATH = path.join(__dirname, '..', 'node_modules');
  require('module').Module._initPaths();
  require(path.join(__dirname, '..', 'scripts', 'framework.js')).register();
  const framework = require(path.join(dir, 'lib', 'core', 'framework'));
  const stacks = require(path.join(dir, 'bench', 'stacks-lib'));
  const key: string =
    feature === 'guardrails' ? require(path.join(dir, 'lib', 'core', 'guardrail-findings')).GUARDRAILS_CONTEXT : require(path.join(dir, 'lib', 'core', 'construct-origin')).SOURCE_LOCATION_CONTEXT;
  const work: { [variant: string]: number[] } = { on: [], off: [] };
  const construction: { [variant: string]: number[] } = { on: [], off: [] };
  for (let round = 0; round < rounds; round++) {
    for (const variant of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-warm-'));
      const app = new framework.App({ outdir, context: variant === 'off' ? { [key]: false } : {} });
      const stack = new framework.TerraformStack(app, 'bench');
      const start = performance.now();
      stacks[construct](stack, n);
      const constructed = performance.now();
      app.synth();
      const end = performance.now();
      if (round > 0) {
        work[variant].push(end - start);
        construction[variant].push(constructed - start);
      }
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }
  const on = median(work.on);
  const off = median(work.off);
  const what = feature === 'guardrails' ? 'the guardrails (the built-in rules)' : 'source locations';
  console.log(`${construct} × ${n}, ${rounds - 1} counted rounds each: construction and synth ${on.toFixed(0)} ms with ${what}, ${off.toFixed(0)} ms without: ${((on / off - 1) * 100).toFixed(1)}%`);
  console.log(`construction alone: ${median(construction.on).toFixed(0)} ms against ${median(construction.off).toFixed(0)} ms (${((median(construction.on) - median(construction.off)) * 1000 / n).toFixed(1)} µs a construct)`);
  fs.rmSync(dir, { recursive: true, force: true });
}

main();
