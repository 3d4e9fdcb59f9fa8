// explain over a whole app (`--app-out cdktf.out`): the manifest names the
// stacks; each stack's plan sits in its directory; one report, a section per
// stack, in every format; the gates over all of them.
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, RestrictionPolicy } from '../../lib';
import { planBetween } from '../support/plan-between';
import { synthApp, readJsonStack } from '../support/synth';
import { reportIsValid, runCommand } from './support';

const STACKS = ['warehouse', 'monitoring'];

function app(version: 1 | 2) {
  return (a: App) => {
    const warehouse = new TerraformStack(a, 'warehouse');
    new AwsProvider(warehouse, 'aws', { region: 'us-east-1' });
    new AuthenticationProfile(warehouse, 'analysts', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: version === 1 ? '1' : '2' } });
    const monitoring = new TerraformStack(a, 'monitoring');
    new DatadogProvider(monitoring, 'datadog', {});
    if (version === 1) new RestrictionPolicy(monitoring, 'dashboard', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] });
  };
}

let out: string;
/** The stacks in the order the manifest names them. */
const manifestOrder = () => Object.keys(JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')).stacks);
beforeAll(() => {
  const before = synthApp(app(1), false);
  out = synthApp(app(2), false);
  // Each stack's plan in its own directory, as `terraform plan` there and `terraform show -json` write it.
  for (const stack of STACKS) fs.writeFileSync(path.join(out, 'stacks', stack, 'plan.json'), planBetween(readJsonStack(before, stack), readJsonStack(out, stack)));
});

describe('explain --app-out', () => {
  test('GIVEN an app of two stacks THEN one report with a section per stack, in the manifest\'s order; the gates over both', async () => {
    const text = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--fail-on', 'delete']);
    expect(text.code).toBe(3);
    const sections = text.stdout.split('\n').filter((l) => l.startsWith('=== stack '));
    expect(sections).toEqual(manifestOrder().map((s) => `=== stack ${s} ===`));
    expect(text.stdout).toContain('  ~ analysts (AuthenticationProfile) update: the configuration differs from the state');
    expect(text.stdout).toContain('  - dashboard (no longer in the configuration) delete: ');
    expect(text.stderr).toBe('explain: --fail-on matched: delete');
  });

  test('GIVEN --format json THEN one report per stack under stacks, valid against the schema', async () => {
    const json = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(reportIsValid(json.stdout)).toBe(true);
    const report = JSON.parse(json.stdout);
    expect(Object.keys(report.stacks)).toEqual(manifestOrder());
    expect(report.stacks.warehouse.constructs.map((c: any) => c.constructPath)).toEqual(['analysts']);
  });

  test('GIVEN --format markdown THEN each stack\'s parts carry its name in their marker; SARIF and annotations name the stack', async () => {
    const markdown = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--format', 'markdown']);
    expect(markdown.stdout.split('\n').filter((l) => l.startsWith('<!-- '))).toEqual(manifestOrder().map((s) => `<!-- cdktf-warehouse-monitoring-cluster:explain stack=${s} part 1 -->`));
    const sarif = JSON.parse((await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--format', 'sarif'])).stdout);
    expect(sarif.runs[0].results.map((r: any) => [r.ruleId, r.message.text.split(' ').slice(0, 3).join(' ')])).toEqual([['delete', 'stack monitoring: dashboard']]);
    const github = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--format', 'github']);
    expect(github.stdout.split('\n')[0]).toMatch(/^::warning title=stack monitoring%3A dashboard \(no longer in the configuration\)%3A delete::/);
    const html = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json', '--format', 'html']);
    for (const stack of STACKS) expect(html.stdout).toContain(`data-stack="${stack}"`);
  });

  test('GIVEN a stack without its plan, a directory without a manifest, or --stack too THEN exit 1 (2 for usage) naming what is missing', async () => {
    fs.renameSync(path.join(out, 'stacks', 'monitoring', 'plan.json'), path.join(out, 'stacks', 'monitoring', 'plan.moved'));
    try {
      const missing = await runCommand(['explain', '--app-out', out, '--plan', 'plan.json']);
      expect(missing).toMatchObject({ code: 1, stdout: '' });
      expect(missing.stderr).toBe('explain: stack "monitoring": cannot read the plan "plan.json": no such file');
    } finally {
      fs.renameSync(path.join(out, 'stacks', 'monitoring', 'plan.moved'), path.join(out, 'stacks', 'monitoring', 'plan.json'));
    }
    const noManifest = await runCommand(['explain', '--app-out', path.join(out, 'stacks'), '--plan', 'plan.json']);
    expect(noManifest.code).toBe(1);
    expect(noManifest.stderr).toContain('manifest.json: no such file');
    expect((await runCommand(['explain', '--app-out', out, '--stack', '.', '--plan', 'plan.json'])).code).toBe(2);
  });
});
