// Issue 44, item 2: the CI formats within GitHub's limits, saying what they
// leave out (lib/explain/github-limits.ts). Plans over each limit, built in
// memory: a stack of RestrictionPolicies cloned from one real synth (the limits
// concern counts, not Terraform), and constructs the configuration no longer
// has. SARIF: at most 25,000 results in one run (one run, whatever the number
// of stacks), under 10 MB gzipped, the most severe kept, a run notification
// counting the rest, judged by Microsoft's SARIF Multitool; annotations: 10 per
// level per step, the most severe first, then one notice naming the rest, as the
// runner reads the log; the job summary within 1 MiB, replacements first.
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { gzipSync } from 'zlib';
import { TerraformStack } from '../../lib/core/framework';
import { DatadogProvider, ExplainGate, PlanExplanation, RestrictionPolicy } from '../../lib';
import { ExplainedConstruct } from '../../lib/explain/explained';
import {
  ANNOTATIONS_PER_JOB,
  ANNOTATIONS_PER_LEVEL_PER_STEP,
  JOB_SUMMARY_MAX_BYTES,
  SARIF_MAX_GZIP_BYTES,
  SARIF_MAX_RESULTS_PER_RUN,
  SARIF_MAX_RUNS_PER_FILE,
} from '../../lib/explain/github-limits';
import { renderGithubAnnotations } from '../../lib/explain/render-github';
import { renderJobSummary } from '../../lib/explain/render-job-summary';
import { renderMarkdown } from '../../lib/explain/render-markdown';
import { renderSarif } from '../../lib/explain/render-sarif';
import { renderStacksGithub, renderStacksSarif, renderStacksText } from '../../lib/explain/render-stacks';
import { RISK_RULES, Risk, risksOf } from '../../lib/explain/risks';
import { commandsInLog, RunnerCommand } from '../support/github-actions/runner-commands';
import { synthApp } from '../support/synth';
import { multitoolErrors, PLAN_HEADER, runCommand } from './support';

const ACTIONS = path.join(__dirname, '..', 'support', 'github-actions');

/** A real synth's stack of one RestrictionPolicy: the template every policy of the plans is cloned from. */
let template: any;
let source: string;
beforeAll(() => {
  const out = synthApp((app) => {
    const stack = new TerraformStack(app, 'limits');
    new DatadogProvider(stack, 'datadog', {});
    // An editor bound: no guardrail finding (WMC-9) adds results of its own to the counts judged here.
    new RestrictionPolicy(stack, 'template', { resourceId: 'dashboard:template', bindings: [{ relation: 'viewer', principals: ['role:a'] }, { relation: 'editor', principals: ['role:b'] }] }); // @declared:policy
  }, false);
  template = JSON.parse(fs.readFileSync(path.join(out, 'stacks', 'limits', 'cdk.tf.json'), 'utf8'));
  source = Object.keys(template['//'].metadata.constructOrigins.RestrictionPolicy)[0];
});

const address = (name: string) => `datadog_restriction_policy.${name}_0123ABCD`;

/** The stack's cdk.tf.json with a RestrictionPolicy for each name, declared on the template's line. */
function policyConfig(names: readonly string[]): string {
  const config = JSON.parse(JSON.stringify(template));
  const [block] = Object.values<any>(config.resource.datadog_restriction_policy);
  const policies: { [name: string]: unknown } = {};
  for (const name of names) policies[`${name}_0123ABCD`] = { ...block, '//': { metadata: { path: `limits/${name}/Resource`, uniqueId: `${name}_0123ABCD` } }, resource_id: `dashboard:${name}` };
  config.resource = { datadog_restriction_policy: policies };
  config['//'].metadata.constructOrigins = { RestrictionPolicy: { [source]: [...names] } };
  delete config.terraform.backend;
  return JSON.stringify(config);
}

const policy = (name: string, principal: string) => ({ resource_id: `dashboard:${name}`, bindings: [{ relation: 'viewer', principals: [principal] }, { relation: 'editor', principals: ['role:b'] }] });
const change = (name: string, actions: string[], before: object | null, after: object | null, extra: object = {}) => ({ address: address(name), mode: 'managed', type: 'datadog_restriction_policy', change: { actions, before, after }, ...extra });
const replaced = (name: string) => ({
  address: address(name),
  mode: 'managed',
  type: 'datadog_restriction_policy',
  change: { actions: ['delete', 'create'], before: { ...policy(name, 'role:a'), resource_id: `dashboard:old-${name}` }, after: policy(name, 'role:a'), replace_paths: [['resource_id']] },
  action_reason: 'replace_because_cannot_update',
});
const updated = (name: string) => change(name, ['update'], policy(name, 'role:a'), policy(name, 'role:b'));
const imported = (name: string) => {
  const c = change(name, ['no-op'], policy(name, 'role:a'), policy(name, 'role:a'));
  return { ...c, change: { ...c.change, importing: { id: `dashboard:${name}` } } };
};
const drifted = (name: string) => change(name, ['update'], policy(name, 'role:a'), policy(name, 'role:z'));
/** A construct the configuration no longer has: destroyed. */
const gone = (i: number) => ({ address: `datadog_restriction_policy.gone_${i}_0123ABCD`, mode: 'managed', type: 'datadog_restriction_policy', change: { actions: ['delete'], before: { resource_id: `dashboard:gone-${i}` }, after: null }, action_reason: 'delete_because_no_resource_config' });

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, '0')}`);

function explain(config: string, resourceChanges: object[], resourceDrift: object[] = []): PlanExplanation {
  return PlanExplanation.fromPlanAndConfig(JSON.stringify({ ...PLAN_HEADER, resource_changes: resourceChanges, resource_drift: resourceDrift }), config);
}

const gzipped = (text: string) => gzipSync(text).length;

/** Every limit GitHub's code scanning puts on a SARIF file, checked. */
function expectWithinCodeScanningLimits(sarif: string): any {
  const log = JSON.parse(sarif);
  expect(log.runs.length).toBeLessThanOrEqual(SARIF_MAX_RUNS_PER_FILE);
  // One run per tool and category: no two runs with one tool and one automationDetails.id.
  const keys = log.runs.map((r: any) => `${r.tool.driver.name}\u0000${r.automationDetails?.id ?? ''}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const run of log.runs) expect(run.results.length).toBeLessThanOrEqual(SARIF_MAX_RESULTS_PER_RUN);
  expect(gzipped(sarif)).toBeLessThanOrEqual(SARIF_MAX_GZIP_BYTES);
  return log;
}

describe('SARIF within code scanning\'s limits', () => {
  test('GIVEN a destroy plan of 25,001 constructs THEN one run of 25,000 results, a run notification counting the 1 left out, and the text and Markdown reports saying so', () => {
    const explained = explain(policyConfig([]), Array.from({ length: 25_001 }, (_, i) => gone(i)));
    const log = expectWithinCodeScanningLimits(explained.toSarif({ failOn: [ExplainGate.DELETE] }));
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].results).toHaveLength(25_000);
    const [notification, ...others] = log.runs[0].invocations[0].toolExecutionNotifications;
    expect(others).toEqual([]);
    expect(notification).toEqual({
      level: 'warning',
      message: { text: expect.stringMatching(/^1 of the plan's 25,001 results are left out of this run \(1 delete\): code scanning takes at most 25,000 results per run\./) },
      properties: { leftOut: 1, limit: 25_000, byRule: { delete: 1 } },
    });
    const note = 'so --format sarif keeps the 25,000 most severe and leaves out 1 (its run\'s notification counts them by rule).';
    expect(explained.toText().split('\n')[2]).toMatch(new RegExp(`^This plan has 25,001 replaced, deleted, drifted, imported or released constructs: .*${note.replace(/[.()]/g, '\\$&')}$`));
    expect(explained.toMarkdown()).toContain(`_This plan has 25,001 replaced, deleted, drifted, imported or released constructs: code scanning takes at most 25,000 results per SARIF run, ${note}_`);
    // At 25,000 nothing is left out, and nothing is said.
    const atLimit = explain(policyConfig([]), Array.from({ length: 25_000 }, (_, i) => gone(i)));
    expect(JSON.parse(atLimit.toSarif()).runs[0].invocations).toEqual([{ executionSuccessful: true }]);
    expect(atLimit.toText().split('\n')[2]).toBe('');
  });

  test('GIVEN a 30,000-change plan (40 replacements, 29,960 deletions) THEN a file GitHub accepts: 25,000 results, the replacements first, the 5,000 deletions left out counted in the run; the SARIF Multitool finds no error', () => {
    const replacements = names('replaced', 40);
    const changes = [...Array.from({ length: 29_960 }, (_, i) => gone(i)), ...replacements.map(replaced)];
    const explained = explain(policyConfig(replacements), changes);
    const sarif = explained.toSarif();
    const log = expectWithinCodeScanningLimits(sarif);
    const results = log.runs[0].results;
    expect(results).toHaveLength(25_000);
    expect(results.slice(0, 40).map((r: any) => r.ruleId)).toEqual(Array(40).fill('replace'));
    expect(results.slice(0, 40).map((r: any) => r.message.text.split(' ')[0])).toEqual(replacements);
    expect(new Set(results.map((r: any) => r.partialFingerprints['constructPath/v1'])).size).toBe(25_000);
    expect(log.runs[0].invocations[0].toolExecutionNotifications.map((n: any) => n.properties)).toEqual([{ leftOut: 5_000, limit: 25_000, byRule: { delete: 5_000 } }]);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toMatch(/^5,000 of the plan's 30,000 results are left out of this run \(5,000 delete\): code scanning takes at most 25,000 results per run\. The run holds the 25,000 most severe/);
    expect(multitoolErrors(sarif)).toEqual([]);
  }, 180_000);

  test('GIVEN results over 10 MB gzipped THEN the run is cut further to fit, the most severe kept, and a second notification says how many and why', () => {
    // 30,000 risks whose causes do not compress (as long values quoted from a plan): 20,000 drift, then 10,000 replacements.
    const noise = (i: number) => Array.from({ length: 9 }, (_, j) => createHash('sha512').update(`${i}/${j}`).digest('base64')).join('');
    const construct = (i: number, actions: string[]): ExplainedConstruct => ({ constructPath: `p-${i}`, inConfiguration: true, constructClass: 'RestrictionPolicy', source: `main.ts:${i + 1}`, symbol: '-/+', actions, causes: [noise(i)], addresses: [], fields: [] });
    const risks: Risk[] = [
      ...Array.from({ length: 20_000 }, (_, i) => ({ rule: RISK_RULES[2], construct: construct(i, ['changed outside Terraform']), level: 'warning' as const })),
      ...Array.from({ length: 10_000 }, (_, i) => ({ rule: RISK_RULES[0], construct: construct(20_000 + i, ['replace']), level: 'warning' as const })),
    ];
    const sarif = renderSarif(risks);
    const log = expectWithinCodeScanningLimits(sarif);
    const results = log.runs[0].results;
    expect(results.length).toBeGreaterThan(10_000);
    expect(results.length).toBeLessThan(25_000);
    // Close to the limit: cut in proportion, not far below it.
    expect(gzipped(sarif)).toBeGreaterThan(SARIF_MAX_GZIP_BYTES * 0.8);
    expect(results.slice(0, 10_000).every((r: any) => r.ruleId === 'replace')).toBe(true);
    const [byCount, bySize] = log.runs[0].invocations[0].toolExecutionNotifications;
    expect(byCount.properties).toEqual({ leftOut: 5_000, limit: 25_000, byRule: { drift: 5_000 } });
    const cut = 25_000 - results.length;
    expect(bySize.properties).toEqual({ leftOut: cut, limit: SARIF_MAX_GZIP_BYTES, byRule: { drift: cut } });
    expect(bySize.message.text).toContain('code scanning takes a SARIF file of at most 10,000,000 bytes gzip-compressed');
  }, 120_000);

  test('GIVEN a file of 21 runs THEN the SARIF Multitool\'s GitHub rules report an error (the judge knows the limit)', () => {
    const log = JSON.parse(explain(policyConfig([]), [gone(1)]).toSarif());
    log.runs = Array.from({ length: SARIF_MAX_RUNS_PER_FILE + 1 }, () => log.runs[0]);
    expect(multitoolErrors(JSON.stringify(log))).toEqual([expect.stringMatching(/^GH1013: /)]);
  }, 60_000);

  test('GIVEN 25 stacks THEN still one run (at most 20 per file, never two of one tool and category), each result naming its stack', () => {
    const stacks = Array.from({ length: 25 }, (_, i) => ({ stack: `stack-${i}`, report: explain(policyConfig([]), [gone(i)])._report }));
    const log = expectWithinCodeScanningLimits(renderStacksSarif(stacks, []));
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].results.map((r: any) => r.message.text.split(':')[0])).toEqual(stacks.map((s) => `stack ${s.stack}`));
  });
});

describe('annotations within a step\'s limits', () => {
  /** The commands the runner reads from the log, by name. */
  const byCommand = (commands: readonly RunnerCommand[]) => {
    const out: { [name: string]: RunnerCommand[] } = {};
    for (const c of commands) (out[c.command] ??= []).push(c);
    return out;
  };

  test('GIVEN 40 replacements with updates, deletions, drift and imports mixed in, --fail-on replace,delete THEN 10 error annotations, the replacements; 10 warnings; 9 notices and one notice naming the rest', async () => {
    const replacements = names('replaced', 40);
    const updates = names('updated', 60);
    const drift = names('drifted', 12);
    const imports = names('imported', 12);
    // The report's own order mixes them (by construct path): deleted, drifted, imported, replaced, updated.
    const config = policyConfig([...updates, ...replacements, ...drift, ...imports].sort());
    const plan = { ...PLAN_HEADER, resource_changes: [...updates.map(updated), ...Array.from({ length: 15 }, (_, i) => gone(i)), ...replacements.map(replaced), ...imports.map(imported), ...drift.map((d) => change(d, ['no-op'], policy(d, 'role:a'), policy(d, 'role:a')))], resource_drift: drift.map(drifted) };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-limits-'));
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), config);
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));
    const run = await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--format', 'github', '--fail-on', 'replace,delete']);
    expect(run.code).toBe(3);
    // As the runner reads the log: the annotations, then the report with commands stopped.
    const read = commandsInLog(run.stdout);
    const commands = read.flatMap((p) => (p.kind === 'command' ? [p.command] : []));
    expect(read.map((p) => p.kind)).toEqual([...commands.map(() => 'command'), 'stop', 'resume']);
    const { error, warning, notice } = byCommand(commands);
    expect(error).toHaveLength(ANNOTATIONS_PER_LEVEL_PER_STEP);
    expect(error.map((c) => c.properties.title)).toEqual(replacements.slice(0, 10).map((r) => `${r}: replace`));
    expect(warning).toHaveLength(ANNOTATIONS_PER_LEVEL_PER_STEP);
    expect(warning.every((c) => c.properties.title.endsWith(': drift'))).toBe(true);
    expect(notice).toHaveLength(ANNOTATIONS_PER_LEVEL_PER_STEP);
    expect(notice.slice(0, 9).every((c) => c.properties.title.endsWith(': import'))).toBe(true);
    expect(commands.length).toBeLessThanOrEqual(ANNOTATIONS_PER_JOB);
    // The last annotation: one notice naming the rest, per level and rule, and where they are.
    const last = notice[9];
    expect(commands[commands.length - 1]).toBe(last);
    expect(last.properties).toEqual({ title: 'explain: 50 more risks not annotated' });
    expect(last.data).toBe(
      'GitHub shows at most 10 error, 10 warning and 10 notice annotations per step, so explain annotated the most severe and left out 50 more: ' +
        '45 errors (30 replace, 15 delete), 2 warnings (2 drift), 3 notices (3 import). ' +
        "They are listed in the job summary, the most severe first, and in the report in this step's log.",
    );
    // The notice is the command @actions/core itself writes for it.
    const theirs = execFileSync(process.execPath, [path.join(ACTIONS, 'core-annotation.mjs'), JSON.stringify({ level: 'notice', message: last.data, properties: { title: last.properties.title } })], { encoding: 'utf8', cwd: ACTIONS });
    expect(run.stdout.split('\n')).toContain(theirs.replace(/\n$/, ''));
    // The report in the log still lists every replacement.
    for (const r of replacements) expect(run.stdout).toContain(`-/+ ${r} (RestrictionPolicy) replace`);
  });

  test('GIVEN as many of a level as a step shows THEN all of them, and no notice; one more THEN 10 and the notice', () => {
    const construct = (i: number): ExplainedConstruct => ({ constructPath: `p-${i}`, inConfiguration: true, symbol: '-', actions: ['delete'], causes: ['gone'], addresses: [], fields: [] });
    const risks = (n: number): Risk[] => Array.from({ length: n }, (_, i) => ({ rule: RISK_RULES[1], construct: construct(i), level: 'warning' }));
    expect(renderGithubAnnotations(risks(10))).toHaveLength(10);
    expect(renderGithubAnnotations(risks(10)).every((a) => a.startsWith('::warning '))).toBe(true);
    const eleven = renderGithubAnnotations(risks(11));
    expect(eleven).toHaveLength(11);
    expect(eleven[10]).toMatch(/^::notice title=explain%3A 1 more risk not annotated::.* left out 1 more: 1 warning \(1 delete\)\. /);
  });

  test('GIVEN many stacks THEN one step\'s limits hold for all the stacks together, the most severe of any stack first', () => {
    const stacks = ['a', 'b', 'c'].map((stack) => ({ stack, report: explain(policyConfig([]), Array.from({ length: 8 }, (_, i) => gone(i)))._report }));
    const annotations = renderStacksGithub(stacks, [ExplainGate.DELETE]);
    expect(annotations).toHaveLength(11);
    expect(annotations.slice(0, 10).every((a) => a.startsWith('::error title=stack '))).toBe(true);
    expect(annotations[10]).toMatch(/^::notice title=explain%3A 14 more risks not annotated::.* 14 errors \(14 delete\)\. /);
  });
});

describe('the job summary within 1 MiB', () => {
  test('GIVEN a report over 1 MiB, 8,000 updates before 40 replacements in construct order THEN a summary within 1 MiB listing every replacement first, which a plain cut would have lost', () => {
    const updates = names('a-updated', 8_000);
    const replacements = names('z-replaced', 40);
    const explained = explain(policyConfig([...updates, ...replacements]), [...updates.map(updated), ...replacements.map(replaced), ...Array.from({ length: 5 }, (_, i) => gone(i))]);
    const report = explained._report;
    const full = renderMarkdown(report);
    expect(Buffer.byteLength(full)).toBeGreaterThan(JOB_SUMMARY_MAX_BYTES);
    // Cut at 1 MiB in the report's order, the replacements are gone (the judge has teeth).
    expect(Buffer.from(full).subarray(0, JOB_SUMMARY_MAX_BYTES).toString()).not.toContain('z-replaced');

    const summary = renderJobSummary([{ report }], [ExplainGate.REPLACE]);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(JOB_SUMMARY_MAX_BYTES);
    expect(Buffer.byteLength(summary)).toBeGreaterThan(JOB_SUMMARY_MAX_BYTES - 2048);
    const rows = summary.split('\n').filter((l) => /^\| `[^`]+` \| /.test(l));
    // The refused gate's first (the replacements), then the deletions, then the updates as far as they fit.
    expect(rows.slice(0, 40).map((r) => r.split(' | ')[1])).toEqual(replacements.map((r) => `\`${r}\``));
    expect(rows.slice(40, 45).every((r) => r.includes('| delete |'))).toBe(true);
    expect(rows.slice(45).every((r) => r.includes('| update |'))).toBe(true);
    const shownUpdates = rows.length - 45;
    expect(summary).toContain(`_${(8_000 - shownUpdates).toLocaleString('en-US')} more rows are left out here, the least severe: ${(8_000 - shownUpdates).toLocaleString('en-US')} update._`);
    // 40 replacement errors: 30 not annotated, which the summary names.
    expect(summary).toContain('_GitHub shows at most 10 annotations of each level per step: 30 more are not annotated: 30 errors (30 replace); the rows below list them');
    // Every row is a row of the table: after its header, nothing else between.
    const lines = summary.split('\n');
    const header = lines.findIndex((l) => l.startsWith('| | Construct or resource |'));
    expect(lines[header + 1]).toBe('|---|---|---|---|---|---|');
    expect(lines.slice(header + 2, header + 2 + rows.length)).toEqual(rows);
  });

  test('GIVEN a report within 1 MiB THEN the summary is the Markdown report, after a line naming the annotations left out', () => {
    const replacements = names('replaced', 12);
    const explained = explain(policyConfig(replacements), replacements.map(replaced));
    const summary = renderJobSummary([{ report: explained._report }], [ExplainGate.REPLACE]);
    expect(summary).toBe(`_GitHub shows at most 10 annotations of each level per step: 2 more are not annotated: 2 errors (2 replace); this summary lists them, as it lists every change._\n\n${explained.toMarkdown()}`);
    // No gate refused: 12 warnings, 2 not annotated; no risk left out: the report alone.
    expect(renderJobSummary([{ report: explained._report }], [])).toContain('not annotated: 2 warnings (2 replace);');
    expect(renderJobSummary([{ report: explain(policyConfig([]), [gone(1)])._report }], [])).toBe(explain(policyConfig([]), [gone(1)]).toMarkdown());
  });

  test('GIVEN the text of many stacks whose risks together pass 25,000 THEN the first stack\'s report says so, once', () => {
    const stacks = ['a', 'b'].map((stack) => ({ stack, report: explain(policyConfig([]), Array.from({ length: 12_501 }, (_, i) => gone(i)))._report }));
    expect(risksOf(stacks[0].report, []).length).toBe(12_501);
    const text = renderStacksText(stacks, false);
    expect(text.split('\n').filter((l) => l.startsWith('This plan has 25,002 '))).toHaveLength(1);
    expect(text.split('\n')[3]).toMatch(/^This plan has 25,002 .* leaves out 2 /);
  });
});
