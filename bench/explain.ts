// `npm run bench:explain [-- --rounds=7 --nodes=5000 --profiles=1000]`: `explain`
// on a big plan, against reading the plan JSON in the same run.
// The stack (NodeList of N nodes in manifest mode, P profiles) is synthesized
// twice with the real constructs (every 10th node's label changed, every 10th
// profile renamed, every 7th profile's content changed) and the plan is built
// from the two synthesized stacks (__tests__/support/plan-between.ts): no
// provider plans 5,000 Kubernetes nodes offline. Each round times, in this
// order: JSON.parse of the plan text (the baseline); explain (read the stack
// directory's construct map, read and check the plan, explain every resource);
// explain and render all three formats. The ratios are medians over rounds.
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack } from '../lib/core/framework';
import { AuthenticationProfile, AwsProvider, KubernetesProvider, NodeList, PlanExplanation } from '../lib';
import { ConstructMap } from '../lib/explain/construct-map';
import { planBetween } from '../__tests__/support/plan-between';
import { synthApp } from '../__tests__/support/synth';
import { SOURCE_LOCATION_CONTEXT } from '../lib/core/construct-origin';

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = option('rounds', 7);
const NODES = option('nodes', 5000);
const PROFILES = option('profiles', 1000);

function stackDir(version: 1 | 2, sourceLocations = true): string {
  const out = synthApp((app: App) => {
    if (!sourceLocations) app.node.setContext(SOURCE_LOCATION_CONTEXT, false);
    const stack = new TerraformStack(app, 'big');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new NodeList(stack, 'nodes', {
      items: Array.from({ length: NODES }, (_, i) => ({
        metadata: { name: `node-${i}`, labels: { pool: version === 2 && i % 10 === 0 ? 'gpu' : 'general', zone: `z${i % 3}` }, annotations: { owner: `team-${i % 7}` } },
        spec: { podCIDR: `10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`, taints: i % 5 === 0 ? [{ key: 'dedicated', value: 'batch', effect: 'NoSchedule' as any }] : [] },
      })),
    });
    for (let i = 0; i < PROFILES; i++) {
      new AuthenticationProfile(stack, `profile-${i}`, {
        authenticationProfileName: version === 2 && i % 10 === 0 ? `profile-${i}-v2` : `profile-${i}`,
        authenticationProfileContent: { Client_ID: `client-${i}`, AllowDBUserOverride: version === 2 && i % 7 === 0 ? '0' : '1', client_secret: `secret-${i}` },
      });
    }
  }, false);
  return path.join(out, 'stacks', 'big');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

function main(): void {
  const t0 = process.hrtime.bigint();
  const before = stackDir(1);
  const after = stackDir(2);
  const read = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
  const plan = planBetween(read(before), read(after));
  const resources = JSON.parse(plan).resource_changes.length;
  process.stdout.write(`explain bench: ${NODES} nodes, ${PROFILES} profiles: ${resources} resource changes, plan ${(plan.length / 1e6).toFixed(1)} MB (setup ${(ms(t0) / 1000).toFixed(1)} s)\n`);

  const formats: { [name: string]: (e: PlanExplanation) => number } = {
    text: (e) => e.toText().length,
    markdown: (e) => e.toMarkdownParts().length,
    json: (e) => e.toJson().length,
    html: (e) => e.toHtml().length,
    sarif: (e) => e.toSarif().length,
    // As the command writes it: the annotations, the text for the log, the Markdown for the job summary.
    github: (e) => e.toGithubAnnotations().length + e.toText().length + e.toMarkdown().length,
  };
  // The guardrails checked at plan, timed inside each explain (issue 45: explain's throughput unchanged when
  // no rule fires): their share of it, in the same run.
  const planGuardrails = require('../lib/explain/plan-guardrails');
  const checkAtPlan = planGuardrails.guardrailsAtPlan;
  let guardrailsMs = 0;
  planGuardrails.guardrailsAtPlan = (...args: unknown[]) => {
    const start = process.hrtime.bigint();
    try {
      return checkAtPlan(...args);
    } finally {
      guardrailsMs += ms(start);
    }
  };
  const guardrailShare: number[] = [];
  const parse: number[] = [];
  const explain: number[] = [];
  const render: { [name: string]: number[] } = Object.fromEntries(Object.keys(formats).map((f) => [f, []]));
  let changed = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    let start = process.hrtime.bigint();
    JSON.parse(plan);
    const p = ms(start);
    start = process.hrtime.bigint();
    guardrailsMs = 0;
    const explained = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackDirectory(after));
    const e = ms(start);
    const g = guardrailsMs;
    changed = explained.changes.filter((c) => c.actions[0] !== 'no-op').length;
    const times: { [name: string]: number } = {};
    for (const [name, renderIt] of Object.entries(formats)) {
      // Each format from a fresh explanation: explain + that format, as the command does it.
      start = process.hrtime.bigint();
      const fresh = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackDirectory(after));
      if (renderIt(fresh) === 0) throw new Error(`empty ${name} report`);
      times[name] = ms(start);
    }
    if (round === 0) continue; // warm-up
    parse.push(p);
    explain.push(e);
    guardrailShare.push(g / (e - g));
    for (const name of Object.keys(formats)) render[name].push(times[name]);
  }
  // The source location each construct records: synth with it, against synth without it, in the same run.
  const synthOn: number[] = [];
  const synthOff: number[] = [];
  for (let round = 0; round < 3; round++) {
    let start = process.hrtime.bigint();
    stackDir(2, false);
    synthOff.push(ms(start));
    start = process.hrtime.bigint();
    stackDir(2, true);
    synthOn.push(ms(start));
  }
  const base = median(parse);
  process.stdout.write(
    [
      `changed resources explained: ${changed}`,
      `| measure | median of ${ROUNDS} | ratio to JSON.parse |`,
      '|---|---|---|',
      `| JSON.parse of the plan (baseline) | ${base.toFixed(1)} ms | 1.00 |`,
      `| explain (construct map + read + explain) | ${median(explain).toFixed(1)} ms | ${(median(explain) / base).toFixed(2)} |`,
      `| of which the guardrails checked at plan | ${(median(guardrailShare) * 100).toFixed(1)}% of the rest of explain | |`,
      ...Object.keys(formats).map((f) => `| explain + ${f} | ${median(render[f]).toFixed(1)} ms | ${(median(render[f]) / base).toFixed(2)} |`),
      '',
      `| synth of the ${PROFILES + 1} constructs (median of 3) | ms | ratio to synth without source locations |`,
      '|---|---|---|',
      `| without source locations (baseline) | ${median(synthOff).toFixed(0)} | 1.00 |`,
      `| with source locations (one stack capture per construct) | ${median(synthOn).toFixed(0)} | ${(median(synthOn) / median(synthOff)).toFixed(2)} |`,
      '',
    ].join('\n'),
  );
}

main();
