// explain reports the guardrails (issue 45, What to build 3): the findings
// recorded at synth, per construct, in every format (text, Markdown, HTML,
// JSON, the job summary, annotations within GitHub's per-step limits, SARIF
// with the rules' metadata and each finding on its source line, an
// acknowledged one suppressed with its reason), a value known only at plan
// checked on the planned value (and said so), and `--fail-on guardrail[:level]`.
// A real plan: the real terraform and aws provider against the Redshift emulator.
import * as fs from 'fs';
import * as path from 'path';
import { Construct } from 'constructs';
import { TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, ExplainGate, Guardrails, PlanExplanation } from '../../lib';
import { renderJobSummary } from '../../lib/explain/render-job-summary';
import { readGuardrailsRecord } from '../../lib/core/guardrail-findings';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { stackFile } from '../support/synth';
import { init, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';
import { multitoolErrors, reportIsValid, runCommand } from './support';

let emulator: RedshiftEmulator;
let provider: ReattachedProvider | undefined;
let dir: string;
let plan: string;

const THIS_FILE = '__tests__/explain/guardrails.terraform.test.ts';

function build(stack: TerraformStack): void {
  new AwsProvider(stack, 'aws', emulator.awsProviderProps());
  // At synth: TLS off, in the code.
  new AuthenticationProfile(stack, 'legacy', { authenticationProfileName: 'g-legacy', authenticationProfileContent: { SSL: 'false', Client_ID: 'legacy' } }); // @declared:legacy
  // At plan: the mode comes from a variable, known only then.
  const mode = new TerraformVariable(stack, 'ssl_mode', { type: 'string', default: 'disable' });
  new AuthenticationProfile(stack, 'tokened', { authenticationProfileName: 'g-tokened', authenticationProfileContent: { sslmode: mode.stringValue } }); // @declared:tokened
  // Acknowledged, in a scope of its own.
  const lab = new Construct(stack, 'lab');
  new AuthenticationProfile(lab, 'sandbox', { authenticationProfileName: 'g-sandbox', authenticationProfileContent: { AutoCreate: 'true' } });
  Guardrails.of(lab).acknowledge({ rule: 'WMC-6', reason: 'the lab provisions its users', until: '2999-12-31' });
}

beforeAll(async () => {
  emulator = await RedshiftEmulator.start();
  const synth = stackFile('guarded', build, false);
  dir = workdir({ [synth.file]: synth.text });
  init(dir);
  provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
  const env = { ...emulator.providerEnv(), ...provider?.env };
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
  plan = (await terraformAsync(dir, ['show', '-json', 'tfplan'], { env })).stdout;
}, 600_000);

afterAll(async () => {
  await provider?.stop();
  await emulator?.stop();
});

const lineOf = (marker: string) => fs.readFileSync(__filename, 'utf8').split('\n').findIndex((l) => l.includes(`// ${marker}`)) + 1;

describe('explain: the guardrails, on a real plan', () => {
  test('GIVEN findings at synth and a token known at plan THEN each is reported once, where it was declared; the token\'s says it was checked at plan', () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    const report = JSON.parse(explained.toJson());
    expect(reportIsValid(explained.toJson())).toBe(true);
    expect(report.guardrails.findings.map((f: any) => [f.rule, f.level, f.constructPath, f.propPath, f.checkedAt, f.acknowledged?.reason ?? null, f.source])).toEqual([
      ['WMC-1', 'error', 'legacy', 'authenticationProfileContent/SSL', 'synth', null, `${THIS_FILE}:${lineOf('@declared:legacy')}`],
      ['WMC-6', 'note', 'lab/sandbox', 'authenticationProfileContent/AutoCreate', 'synth', 'the lab provisions its users', expect.stringMatching(/^__tests__\/explain\/guardrails\.terraform\.test\.ts:\d+$/)],
      ['WMC-2', 'error', 'tokened', 'authenticationProfileContent/sslmode', 'plan', null, `${THIS_FILE}:${lineOf('@declared:tokened')}`],
    ]);
    expect(report.guardrails.rules['WMC-2']).toMatchObject({ level: 'error', authority: expect.stringMatching(/^https:\/\/docs\.aws\.amazon\.com\//) });
    const text = explained.toText();
    expect(text.split('\n')[1]).toContain('3 guardrail findings (2 errors, 1 note; 1 acknowledged)');
    expect(text).toContain('\nGuardrails:\n  WMC-1 (error) legacy authenticationProfileContent/SSL: SSL = "false"');
    expect(text).toContain('WMC-2 (error) tokened authenticationProfileContent/sslmode: sslmode = "disable": the connection may be unencrypted');
    expect(text).toContain('(checked at plan: the value was known only then)');
    expect(text).toContain('(acknowledged: the lab provisions its users, until 2999-12-31)');
    expect(explained.toMarkdown()).toContain('#### Guardrails');
    expect(explained.toMarkdown()).toMatch(/\| error \| \[WMC-1\]\(https:\/\/docs\.aws\.amazon\.com\/[^)]+\) \| `legacy` \| `authenticationProfileContent\/SSL` \|/);
    expect(explained.toHtml()).toContain('<table class="guardrails">');
    expect(renderJobSummary([{ report: explained._report }], [])).toContain('#### Guardrails');
  });

  test('GIVEN SARIF THEN each guardrail rule is a rule with its authority as helpUri, each finding a result on its declaring line, the acknowledged one suppressed; Microsoft\'s Multitool finds no error', () => {
    const sarif = PlanExplanation.fromPlan(plan, dir).toSarif();
    const run = JSON.parse(sarif).runs[0];
    const rules = run.tool.driver.rules.filter((r: any) => r.id.startsWith('WMC-'));
    expect(rules.map((r: any) => r.id).sort()).toEqual(['WMC-1', 'WMC-2', 'WMC-6']);
    for (const r of rules) {
      expect(r.helpUri).toMatch(/^https:\/\//);
      expect(r.shortDescription.text.length).toBeGreaterThan(0);
      expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
    }
    const results = run.results.filter((r: any) => r.ruleId.startsWith('WMC-'));
    const legacy = results.find((r: any) => r.ruleId === 'WMC-1');
    expect(legacy.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: THIS_FILE, uriBaseId: '%SRCROOT%' }, region: { startLine: lineOf('@declared:legacy') } });
    expect(run.tool.driver.rules[legacy.ruleIndex].id).toBe('WMC-1');
    expect(results.find((r: any) => r.ruleId === 'WMC-6').suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'the lab provisions its users' }]);
    expect(multitoolErrors(sarif)).toEqual([]);
  }, 120_000);

  test('GIVEN annotations THEN the guardrail errors are error annotations on their lines, within the per-level limit', () => {
    const annotations = PlanExplanation.fromPlan(plan, dir).toGithubAnnotations();
    expect(annotations.filter((a) => a.startsWith('::error')).map((a) => /line=(\d+)/.exec(a)?.[1])).toEqual([String(lineOf('@declared:legacy')), String(lineOf('@declared:tokened'))]);
    expect(annotations.find((a) => a.includes('WMC-6'))).toMatch(/^::notice /);
  });

  test('GIVEN --fail-on guardrail[:level] THEN 3 when an unacknowledged finding of that level or above is there; an acknowledged note stops no gate', async () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    expect(explained.gatesMatched([ExplainGate.GUARDRAIL])).toEqual([ExplainGate.GUARDRAIL]);
    expect(explained.gatesMatched([ExplainGate.GUARDRAIL_NOTE])).toEqual([ExplainGate.GUARDRAIL_NOTE]);
    const failed = await runCommand(['explain', '--plan', path.join(dir, 'tfplan'), '--stack', dir, '--fail-on', 'guardrail:error']);
    expect(failed).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: guardrail' });
    // The stack's recorded acknowledgements apply at plan too: with WMC-1 acknowledged at synth and WMC-2 (checked at plan)
    // acknowledged for the whole stack, no gate stops.
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
    const guardrails = readGuardrailsRecord(config['//'].metadata) as any;
    expect(guardrails.checkAtPlan).toEqual(['tokened']);
    // Each construct's recorded findings are [rule, propPath, message, state?]: WMC-1's marked acknowledged.
    const findings = Object.fromEntries(Object.entries(guardrails.findings).map(([at, list]: [string, any]) => [at, list.map((f: any[]) => (f[0] === 'WMC-1' ? [f[0], f[1], f[2], { acknowledged: { reason: 'r1', scopePath: 's' } }] : f))]));
    const acknowledgements = [...guardrails.acknowledgements, { rule: 'WMC-2', reason: 'r2', scopePath: '' }];
    const acknowledged = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify({ ...config, '//': { ...config['//'], metadata: { ...config['//'].metadata, guardrails: JSON.stringify({ ...guardrails, acknowledgements, findings }) } } }));
    expect(acknowledged.gatesMatched([ExplainGate.GUARDRAIL, ExplainGate.GUARDRAIL_WARNING, ExplainGate.GUARDRAIL_NOTE])).toEqual([]);
    expect(JSON.parse(acknowledged.toJson()).guardrails.findings.find((f: any) => f.rule === 'WMC-2')).toMatchObject({ checkedAt: 'plan', acknowledged: { reason: 'r2' } });
  });

  test('GIVEN metadata holding hostile text THEN every rendering shows it on one line, escaped', () => {
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
    const hostile = '<script>alert(1)</script>\u001b[31m\n::error::x\u202e';
    const record = readGuardrailsRecord(config['//'].metadata) as any;
    const findings = Object.fromEntries(Object.entries(record.findings).map(([at, list]: [string, any]) => [`${at}${hostile}`, list.map((f: any[]) => [f[0], hostile, hostile, ...f.slice(3)])]));
    const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify({ ...config, '//': { ...config['//'], metadata: { ...config['//'].metadata, guardrails: JSON.stringify({ ...record, findings }) } } }));
    // Markup is text in the page; a control character, a bidi override or a line break is shown as an escape in every rendering.
    expect(explained.toHtml()).not.toContain('<script>alert');
    expect(explained.toHtml()).toContain('&lt;script&gt;alert(1)');
    for (const rendering of [explained.toText(), explained.toMarkdown(), explained.toHtml(), explained.toJson(), explained.toSarif()]) {
      expect(rendering).not.toContain('\u001b');
      expect(rendering).not.toContain('\u202e');
      expect(rendering).not.toMatch(/^::error::x/m);
    }
  });
});
