// explain on what Terraform 1.14–1.16 adds to a plan's JSON (format_version
// still "1.2"): deferred_changes, action_invocations and
// deferred_action_invocations, resource identities; and the keys a newer
// Terraform may add. The plans follow hashicorp/terraform
// internal/command/jsonplan at v1.16.0-rc2 (the newest 1.16 tag the index
// holds): `type plan struct` in plan.go, DeferredResourceChange and
// ResourceChange in resource.go, ActionInvocation, LifecycleActionTrigger,
// InvokeActionTrigger and DeferredActionInvocation in action_invocations.go.
// Terraform 1.11 (the one on these machines) writes none of these: the
// fixture fixtures/terraform-1.16-deferred-and-actions.json is written by hand
// to those structs, for the stack built below.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from '../../lib/core/framework';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { AuthenticationProfile, AwsProvider, DatadogProvider, RestrictionPolicy } from '../../lib';
import { ConstructMap } from '../../lib/explain/construct-map';
import { PlanExplanation } from '../../lib/explain/plan-explanation';
import { readPlanJson } from '../../lib/explain/plan-json';
import { errorOf } from '../support/errors';
import { synthApp } from '../support/synth';
import { PLAN_HEADER, reportIsValid, runCommand } from './support';

const FIXTURE = path.join(__dirname, 'fixtures', 'terraform-1.16-deferred-and-actions.json');
const fixture = () => JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));

let stack: string;
let scratch: string;
beforeAll(() => {
  stack = path.join(
    synthApp((app: App) => {
      const s = new TerraformStack(app, 'actions');
      new AwsProvider(s, 'aws', { region: 'us-east-1' });
      new DatadogProvider(s, 'datadog', {});
      new AuthenticationProfile(s, 'analysts', { authenticationProfileName: 'analysts', authenticationProfileContent: { Client_ID: 'two' } });
      new RestrictionPolicy(s, 'notebook', { resourceId: 'notebook:42', bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-00000000000a'] }] });
      new WireResource(s, 'alpha', { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({ input: wire.string('v2') }) });
    }, false),
    'stacks',
    'actions',
  );
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-1-16-'));
});

/** Writes a plan to a file of the scratch directory; returns its path. */
function planFile(name: string, plan: object): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, JSON.stringify(plan));
  return file;
}

describe('explain: a Terraform 1.16 plan with a deferred delete and action invocations', () => {
  test('GIVEN the fixture THEN its addresses are the synthesized stack\'s (the fixture follows the stack)', () => {
    const config = JSON.parse(fs.readFileSync(path.join(stack, 'cdk.tf.json'), 'utf8'));
    const declared = Object.entries<any>(config.resource).flatMap(([type, byName]) => Object.keys(byName).map((name) => `${type}.${name}`));
    const plan = fixture();
    const inConfig = [...plan.resource_changes, ...plan.deferred_changes.map((d: any) => d.resource_change)].map((c: any) => c.address).filter((a: string) => !a.includes('.retired_'));
    expect(declared.sort()).toEqual(inConfig.sort());
  });

  test('GIVEN a plan with a deferred delete and an action invocation THEN both are named, and --fail-on delete exits 3 (the command)', async () => {
    const run = await runCommand(['explain', '--plan', FIXTURE, '--stack', stack, '--fail-on', 'delete']);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('explain: --fail-on matched: delete');
    const text = run.stdout.split('\n');
    // Terraform's count leaves deferred changes out (Terraform plans them later); the summary counts them.
    // Terraform 1.14+ adds the actions it invokes to its Plan line (jsonformat/plan.go, v1.15.9).
    expect(text[0]).toBe('Plan: 0 to add, 2 to change, 0 to destroy. Actions: 2 to invoke.');
    // The notebook's policy binds no editor: the guardrails say so (WMC-9, recorded at synth).
    expect(text[1]).toBe('1 construct changed, 0 unchanged, 1 other resource changed, nothing changed outside Terraform, 2 deferred to a later plan, 1 guardrail finding (1 warning), 2 actions to run');
    // The deferred delete: a policy no longer in the configuration, its deferral and its own cause.
    expect(text).toContain(
      '  - retired (no longer in the configuration) delete: deferred to a later plan: its provider\'s configuration is not known yet (provider_config_unknown); no longer in the configuration',
    );
    // The deferred update, in the construct's terms.
    const notebook = text.findIndex((l) => l.startsWith('  ~ notebook (RestrictionPolicy) update: deferred to a later plan: its provider\'s configuration is not known yet (provider_config_unknown); the configuration differs from the state ['));
    expect(text.slice(text.indexOf('Deferred to a later plan:'))).toContain(text[notebook]);
    expect(text[notebook + 1]).toBe('      bindings viewer: added "role:00000000-0000-1111-0000-00000000000a"');
    // The action invocations: which action, triggered by which construct's resource, before or after which event.
    expect(run.stdout).toContain(
      [
        'Actions:',
        '  action.aws_lambda_invoke.notify · after update · triggered by analysts · profile · aws_redshift_authentication_profile.analysts_9D5AF161',
        '  action.aws_cloudfront_create_invalidation.flush · before update · triggered by terraform_data.alpha',
      ].join('\n'),
    );
    // The action's config is never shown: its payload is sensitive.
    expect(run.stdout).not.toContain('hunter2');
    expect(run.stdout).not.toContain('notify-analysts');
  });

  test('GIVEN the fixture as JSON and Markdown THEN the report (version 3) validates and names the deferred changes and the actions; no secret', async () => {
    const json = await runCommand(['explain', '--plan', FIXTURE, '--stack', stack, '--format', 'json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(reportIsValid(json.stdout)).toBe(true);
    const report = JSON.parse(json.stdout);
    expect(report.version).toBe(3);
    expect(report.summary).toMatchObject({ actions: { update: 2, 'no-op': 1 }, changedOutsideTerraform: 0, deferred: 2, actionInvocations: 2 });
    expect(report.deferredConstructs.map((c: any) => [c.symbol, c.constructPath, c.actions])).toEqual([
      ['~', 'notebook', ['update']],
      ['-', 'retired', ['delete']],
    ]);
    expect(report.deferred.map((d: any) => [d.reason, d.resource.constructPath ?? '-', d.resource.kind, d.resource.actions])).toEqual([
      ['provider_config_unknown', 'notebook', 'policy', ['update']],
      ['provider_config_unknown', '-', 'policy', ['delete']],
    ]);
    expect(report.actionInvocations).toEqual([
      {
        address: 'action.aws_lambda_invoke.notify',
        type: 'aws_lambda_invoke',
        trigger: 'lifecycle',
        event: 'AfterUpdate',
        when: 'after update',
        resource: { address: 'aws_redshift_authentication_profile.analysts_9D5AF161', constructPath: 'analysts', kind: 'profile' },
        onFailure: 'ActionOnFailureHalt',
      },
      {
        address: 'action.aws_cloudfront_create_invalidation.flush',
        type: 'aws_cloudfront_create_invalidation',
        trigger: 'lifecycle',
        event: 'BeforeUpdate',
        when: 'before update',
        resource: { address: 'terraform_data.alpha', kind: 'other' },
        onFailure: 'ActionOnFailureContinue',
      },
    ]);
    const markdown = await runCommand(['explain', '--plan', FIXTURE, '--stack', stack, '--format', 'markdown']);
    expect(markdown.stdout).toContain('#### Deferred to a later plan\n\n| | Construct | Class | Action | Cause | Declared at |');
    expect(markdown.stdout).toContain(
      '#### Actions\n\n| Action | When | Resource |\n|---|---|---|\n| `action.aws_lambda_invoke.notify` | `after update` | `analysts` profile `aws_redshift_authentication_profile.analysts_9D5AF161` |',
    );
    for (const out of [json.stdout, markdown.stdout]) expect(out).not.toContain('hunter2');
  });

  test('GIVEN --fail-on replace, or a deferred replace THEN the gates count deferred changes as planned ones', async () => {
    expect((await runCommand(['explain', '--plan', FIXTURE, '--stack', stack, '--fail-on', 'replace,drift'])).code).toBe(0);
    const plan = fixture();
    plan.deferred_changes = [plan.deferred_changes[0]];
    expect((await runCommand(['explain', '--plan', planFile('no-delete.json', plan), '--stack', stack, '--fail-on', 'delete'])).code).toBe(0);
    plan.deferred_changes[0].resource_change.change.actions = ['delete', 'create'];
    plan.deferred_changes[0].resource_change.action_reason = 'replace_because_cannot_update';
    const replaced = await runCommand(['explain', '--plan', planFile('replace.json', plan), '--stack', stack, '--fail-on', 'delete,replace']);
    // A replace is the replace gate's (as a planned one is), not the delete gate's.
    expect(replaced).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: replace' });
  });
});

describe('explain: deferred changes', () => {
  const map = () => ConstructMap.fromStackDirectory(stack);
  const deferredOf = (reason: string, address = 'datadog_restriction_policy.notebook_D012A647', extra: object = {}) => ({
    reason,
    resource_change: { address, mode: 'managed', type: 'datadog_restriction_policy', name: 'notebook_D012A647', change: { actions: ['create'], before: null, after: { resource_id: 'notebook:42' } }, ...extra },
  });

  test.each([
    ['unknown', 'Terraform gives no reason'],
    ['instance_count_unknown', 'its count or for_each is not known yet'],
    ['resource_config_unknown', 'its configuration is not known yet'],
    ['provider_config_unknown', "its provider's configuration is not known yet"],
    ['deferred_prereq', 'a resource it needs is deferred too'],
    ['absent_prereq', 'a resource it needs does not exist yet'],
    ['excluded\nforged line', 'for a reason this version of explain does not know'],
  ])('GIVEN the reason %j THEN the first cause says it in words, and names it', (reason, words) => {
    const explained = PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, deferred_changes: [deferredOf(reason)] }, map());
    const [deferred] = explained._extras.deferred;
    expect(deferred.resource.constructPath).toBe('notebook');
    expect(deferred.resource.causes[0]).toBe(`deferred to a later plan: ${words} (${reason.replace('\n', '\\u000a')})`);
    expect(explained.toText().split('\n').filter((l) => l.includes('deferred to a later plan:'))).toHaveLength(1);
    expect(explained.toText()).toContain('\nDeferred to a later plan:\n');
  });

  test('GIVEN instances not known yet ([*], index_unknown) THEN the change is still its construct\'s', () => {
    const change = deferredOf('instance_count_unknown', 'datadog_restriction_policy.notebook_D012A647[*]', { index_unknown: true });
    const explained = PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, deferred_changes: [change] }, map());
    expect(explained._extras.deferred[0].resource).toMatchObject({ address: 'datadog_restriction_policy.notebook_D012A647[*]', constructPath: 'notebook', kind: 'policy' });
  });

  test.each([
    ['not a list', { deferred_changes: {} }, 'plan/deferred_changes'],
    ['an entry without a reason', { deferred_changes: [{ resource_change: deferredOf('x').resource_change }] }, 'plan/deferred_changes/0/reason'],
    ['an entry whose change has an unknown action', { deferred_changes: [{ reason: 'unknown', resource_change: { ...deferredOf('x').resource_change, change: { actions: ['explode'] } } }] }, 'plan/deferred_changes/0/resource_change/change/actions'],
    ['an identity that is not an object', { resource_changes: [{ ...deferredOf('x').resource_change, change: { actions: ['no-op'], before: {}, after: {}, before_identity: 'id-1' } }] }, 'plan/resource_changes/0/change/before_identity'],
  ])('GIVEN %s THEN a ValidationError names the JSON path', (_what, plan, problemPath) => {
    expect(errorOf(() => readPlanJson({ ...PLAN_HEADER, ...plan })).problems.map((p) => p.path)).toEqual([problemPath]);
  });
});

describe('explain: action invocations', () => {
  const map = () => ConstructMap.fromStackDirectory(stack);
  const lifecycle = (event: string, triggering = 'aws_redshift_authentication_profile.analysts_9D5AF161') => ({
    address: 'action.aws_lambda_invoke.notify',
    type: 'aws_lambda_invoke',
    name: 'notify',
    config_values: { function_name: 'f' },
    config_sensitive: {},
    config_unknown: {},
    provider_name: 'registry.terraform.io/hashicorp/aws',
    lifecycle_action_trigger: { triggering_resource_address: triggering, action_trigger_event: event, action_trigger_block_index: 0, actions_list_index: 0 },
  });
  const actionsOf = (plan: object) => PlanExplanation._fromPlanAndMap({ ...PLAN_HEADER, ...plan }, map())._extras.actionInvocations;

  test('GIVEN each lifecycle event THEN it reads before or after create, update, destroy; the resource comes from the stack when the plan does not change it', () => {
    const events = ['BeforeCreate', 'AfterCreate', 'BeforeUpdate', 'AfterUpdate', 'BeforeDestroy', 'AfterDestroy'];
    expect(actionsOf({ action_invocations: events.map((e) => lifecycle(e)) }).map((a) => a.when)).toEqual(['before create', 'after create', 'before update', 'after update', 'before destroy', 'after destroy']);
    expect(actionsOf({ action_invocations: [lifecycle('AfterCreate')] })[0].resource).toEqual({ address: 'aws_redshift_authentication_profile.analysts_9D5AF161', constructPath: 'analysts', kind: 'profile' });
  });

  test('GIVEN an action invoked with -invoke (1.14: an empty trigger; 1.16: its calling resource), and a deferred one THEN each is named so', () => {
    const invoke = { address: 'action.aws_lambda_invoke.notify', type: 'aws_lambda_invoke', name: 'notify', provider_name: 'registry.terraform.io/hashicorp/aws', invoke_action_trigger: {} };
    const explained = PlanExplanation._fromPlanAndMap(
      {
        ...PLAN_HEADER,
        action_invocations: [invoke, { ...invoke, invoke_action_trigger: { calling_resource_address: 'datadog_restriction_policy.notebook_D012A647' } }],
        deferred_action_invocations: [{ reason: 'deferred_prereq', action_invocation: lifecycle('AfterCreate') }],
      },
      map(),
    );
    expect(explained.toText().split('\n').slice(-5, -1)).toEqual([
      'Actions:',
      '  action.aws_lambda_invoke.notify · invoked with -invoke',
      '  action.aws_lambda_invoke.notify · invoked with -invoke · for notebook · policy · datadog_restriction_policy.notebook_D012A647',
      '  action.aws_lambda_invoke.notify · after create · triggered by analysts · profile · aws_redshift_authentication_profile.analysts_9D5AF161 · deferred to a later plan (deferred_prereq)',
    ]);
    expect(explained.toText().split('\n').slice(0, 2)).toEqual(['Plan: 0 to add, 0 to change, 0 to destroy. Actions: 2 to invoke.', '0 constructs changed, 0 unchanged, nothing changed outside Terraform, 1 guardrail finding (1 warning), 2 actions to run']);
    expect(reportIsValid(explained.toJson())).toBe(true);
  });

  test.each([
    ['both triggers', { ...lifecycle('AfterCreate'), invoke_action_trigger: {} }, 'plan/action_invocations/0'],
    ['no trigger', { ...lifecycle('AfterCreate'), lifecycle_action_trigger: undefined }, 'plan/action_invocations/0'],
    ['no address', { ...lifecycle('AfterCreate'), address: undefined }, 'plan/action_invocations/0/address'],
    ['a negative index', { ...lifecycle('AfterCreate'), lifecycle_action_trigger: { ...lifecycle('AfterCreate').lifecycle_action_trigger, actions_list_index: -1 } }, 'plan/action_invocations/0/lifecycle_action_trigger/actions_list_index'],
    ['no event', { ...lifecycle('AfterCreate'), lifecycle_action_trigger: { ...lifecycle('AfterCreate').lifecycle_action_trigger, action_trigger_event: undefined } }, 'plan/action_invocations/0/lifecycle_action_trigger/action_trigger_event'],
  ])('GIVEN an action invocation with %s THEN the command exits 1 naming the JSON path', async (_what, action, problemPath) => {
    const run = await runCommand(['explain', '--plan', planFile('bad-action.json', { ...PLAN_HEADER, action_invocations: [action] }), '--stack', stack, '--fail-on', 'delete']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.startsWith(`explain: cannot read the plan: ${problemPath}: received `)).toBe(true);
  });
});

describe('explain: what a newer Terraform adds', () => {
  test('GIVEN top-level keys explain does not know THEN one warning line names them, the report is still written and the gates still work', async () => {
    const plan = { ...fixture(), list_resources: [{ address: 'list.aws_instance.all' }], 'odd\nkey': 1 };
    const run = await runCommand(['explain', '--plan', planFile('newer.json', plan), '--stack', stack, '--fail-on', 'delete']);
    expect(run.code).toBe(3);
    expect(run.stderr.split('\n')).toEqual([
      'explain: warning: the plan has 2 top-level keys this version of explain does not read, left out of the report: "list_resources", "odd\\nkey" (from a Terraform newer than 1.16?)',
      'explain: --fail-on matched: delete',
    ]);
    expect(run.stdout.startsWith('Plan: 0 to add, 2 to change, 0 to destroy.')).toBe(true);
    // Many keys: the first ten named, the rest counted.
    const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`k${i}`, i]));
    const warned = await runCommand(['explain', '--plan', planFile('many.json', { ...PLAN_HEADER, ...many }), '--stack', stack]);
    expect(warned.stderr).toBe(
      'explain: warning: the plan has 14 top-level keys this version of explain does not read, left out of the report: "k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9" and 4 more (from a Terraform newer than 1.16?)',
    );
    // Every key of Terraform 1.16's plan struct is known: the fixture warns of nothing.
    expect((await runCommand(['explain', '--plan', FIXTURE, '--stack', stack])).stderr).toBe('');
  });

  test.each([
    ['2.0', 1],
    ['2.1', 1],
    ['10.0', 1],
    ['1.3', 0],
    ['1.10', 0],
  ])('GIVEN format_version %s THEN exit %d', async (version, code) => {
    const run = await runCommand(['explain', '--plan', planFile(`format-${version}.json`, { ...fixture(), format_version: version }), '--stack', stack]);
    expect(run.code).toBe(code);
    if (code === 1) expect(run.stderr).toBe(`explain: cannot read the plan: plan/format_version: received "${version}"; allowed: a plan JSON format 1.x (Terraform 1.x; format 2.0 or later is not read)`);
  });
});
