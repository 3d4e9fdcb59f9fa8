// The guardrails' share of a synth (issue 45, What to build 6: at most 5% at 1,000 and 10,000
// constructs): construction and synth of N constructs of each kind, the time spent in the
// guardrails' own code (recording each construct, evaluating the rules, saying and recording the
// findings) measured inside the same synth, as a ratio to the rest of it. A wall-clock comparison with
// the guardrails off is bench/warm.ts <kind> <n> <rounds> guardrails; on these machines it spreads by
// ±10% from run to run, more than the cost it measures. Usage:
//   npm run bench:guardrails -- [n …] [--kinds=nodes,…] [--parts]   (--parts: each entry's own time; default 1000 10000, every kind; 24 synths of 1,000, 8 of 10,000, the first 2 not counted)
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from '../lib/core/framework';
import * as findings from '../lib/core/guardrail-findings';
import { nodes, policies, profiles } from './stacks-lib';

const KINDS: { [kind: string]: (stack: TerraformStack, n: number) => void } = { profiles, policies, nodes };
// Synths of each size: a synth of 1,000 is short, and one pause of the collector moves its figure by points.
const roundsFor = (n: number) => (n <= 1000 ? 24 : 8);
const WARM_UP = 2;

let inside = 0;
// Each part's own share, for --parts.
const parts = new Map<string, number[]>();
let part: { [name: string]: number } = {};
// Each entry of the guardrails' code, timed (nested calls are not: the outermost is counted once).
let depth = 0;
function timed(owner: any, name: string): void {
  const original = owner[name];
  owner[name] = function (this: unknown, ...args: unknown[]) {
    const start = depth === 0 ? performance.now() : 0;
    depth++;
    try {
      return original.apply(this, args);
    } finally {
      depth--;
      if (depth === 0) {
        const spent = performance.now() - start;
        inside += spent;
        part[name] = (part[name] ?? 0) + spent;
      }
    }
  };
}
timed(findings, 'recordGuardrailSubject');
timed(findings.GuardrailFindings.prototype, 'checkAtSynth');
timed(findings.GuardrailFindings.prototype, 'toMetadata');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/**
 * What the findings cost after the guardrails' own code, outside it: cdktf writes the stack's JSON with the record
 * in it, and the manifest with their annotations. Measured on the synthesized files: the JSON written with and
 * without the record, and the guardrails' annotations written (the median of 9 each; the file writes are left out).
 */
function writingCost(outdir: string): number {
  const doc = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 'bench', 'cdk.tf.json'), 'utf8'));
  const without = { ...doc, '//': { ...doc['//'], metadata: { ...doc['//'].metadata, guardrails: undefined } } };
  const annotations = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')).stacks.bench.annotations.filter((a: { message: string }) => /^[A-Z]+-\d+ /.test(a.message));
  const timed = (f: () => unknown) => median(Array.from({ length: 9 }, () => { const start = performance.now(); f(); return performance.now() - start; }));
  return Math.max(0, timed(() => JSON.stringify(doc, null, 2)) - timed(() => JSON.stringify(without, null, 2))) + timed(() => JSON.stringify(annotations, null, 2));
}

const args = process.argv.slice(2);
const kinds = args.find((a) => a.startsWith('--kinds='))?.slice('--kinds='.length).split(',') ?? Object.keys(KINDS);
const ns = args.filter((a) => !a.startsWith('--'));
for (const n of (ns.length > 0 ? ns : ['1000', '10000']).map(Number)) {
  for (const [kind, build] of Object.entries(KINDS).filter(([k]) => kinds.includes(k))) {
    const total: number[] = [];
    const shares: number[] = [];
    const guardrails: number[] = [];
    let written = 0;
    for (let round = 0; round < roundsFor(n); round++) {
      const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-guardrails-'));
      const app = new App({ outdir });
      const stack = new TerraformStack(app, 'bench');
      inside = 0;
      part = {};
      const start = performance.now();
      build(stack, n);
      app.synth();
      const elapsed = performance.now() - start;
      if (round >= WARM_UP) {
        total.push(elapsed);
        guardrails.push(inside);
        shares.push(inside / (elapsed - inside));
        for (const [name, spent] of Object.entries(part)) parts.set(name, [...(parts.get(name) ?? []), spent]);
      }
      if (round === roundsFor(n) - 1) written = writingCost(outdir);
      fs.rmSync(outdir, { recursive: true, force: true });
    }
    const g = median(guardrails);
    const t = median(total);
    console.log(`${kind} × ${n}: synth ${t.toFixed(0)} ms, of which the guardrails ${g.toFixed(1)} ms: ${(median(shares) * 100).toFixed(1)}% of the rest (the median of ${shares.length} synths' shares)`);
    console.log(`  and what cdktf does with them after (the record in the stack's JSON, the annotations in the manifest): ${written.toFixed(1)} ms, ${((written / (t - g)) * 100).toFixed(1)}%`);
    if (args.includes('--parts')) console.log(`  ${[...parts].map(([name, spent]) => `${name} ${median(spent).toFixed(1)} ms`).join(', ')}`);
    parts.clear();
  }
}
