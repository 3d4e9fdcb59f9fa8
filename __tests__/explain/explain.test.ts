// explain without terraform: malformed plans and stacks, unknown and sensitive
// values, the construct map of a JSON and of an HCL synth, Markdown safety,
// and the command's exit codes and messages.
import { Construct } from 'constructs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, ExplainGate, KubernetesProvider, NodeList, NodeListMode, PlanExplanation, ReplaceTriggerKind, RestrictionPolicy, ValidationError } from '../../lib';
import { ConstructMap } from '../../lib/explain/construct-map';
import { readPlanJson } from '../../lib/explain/plan-json';
import { errorOf } from '../support/errors';
import { synthApp } from '../support/synth';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { PLAN_HEADER, reportIsValid, runCommand } from './support';

function build(app: App): void {
  const stack = new TerraformStack(app, 'mapped');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  new DatadogProvider(stack, 'datadog', {});
  new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  new AuthenticationProfile(stack, 'analysts', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: '1' } });
  new AuthenticationProfile(stack, 'nulled', { authenticationProfileName: 'nulled', authenticationProfileContent: { A: '1' }, replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
  new RestrictionPolicy(stack, 'dashboard', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] });
  new NodeList(stack, 'nodes', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'n1', labels: { a: 'b' } } }] });
  const team = new Construct(stack, 'team');
  released = RestrictionPolicy.release(team, 'retired', { resourceId: 'dashboard:old' }).addresses;
}
let released: string[] = [];

let jsonDir: string;
let hclDir: string;
const config = () => JSON.parse(fs.readFileSync(path.join(jsonDir, 'cdk.tf.json'), 'utf8'));

beforeAll(() => {
  jsonDir = path.join(synthApp(build, false), 'stacks', 'mapped');
  hclDir = path.join(synthApp(build, true), 'stacks', 'mapped');
});

/** PLAN_HEADER's keys, for plans written as JSON text. */
const HEAD = JSON.stringify(PLAN_HEADER).slice(1, -1);

/** A plan of one resource change. */
function planOf(address: string, type: string, change: object, extra: object = {}): string {
  return JSON.stringify({ ...PLAN_HEADER, resource_changes: [{ address, mode: 'managed', type, change, ...extra }] });
}

const addressOf = (type: string, prefix: string) => `${type}.${Object.keys(config().resource[type]).find((n) => n.startsWith(prefix))}`;

describe('explain: the construct map', () => {
  test('GIVEN a JSON synth and an HCL synth (cdk.tf + metadata.json) of one app THEN both map every resource to the same construct path and id', () => {
    const addresses = Object.entries<any>(config().resource).flatMap(([type, byName]) => Object.keys(byName).map((name) => `${type}.${name}`));
    expect(addresses).toHaveLength(6);
    expect(fs.existsSync(path.join(hclDir, 'cdk.tf.json'))).toBe(false);
    const json = ConstructMap.fromStackDirectory(jsonDir);
    const hcl = ConstructMap.fromStackDirectory(hclDir);
    for (const address of addresses) expect(hcl.originOf(address)).toEqual(json.originOf(address));
    expect(addresses.map((a) => `${json.originOf(a)!.constructPath}/${json.originOf(a)!.resourceId}`).sort()).toEqual([
      'analysts/NameTrigger',
      'analysts/Resource',
      'dashboard/Resource',
      'nodes/n1-labels',
      'nulled/NameTrigger',
      'nulled/Resource',
    ]);
    expect(json.originOf(`${addresses[0]}["key.with.dots"]`)).toEqual(json.originOf(addresses[0]));
    // A released construct's removed blocks carry its path, in both synths.
    expect(released).toHaveLength(1);
    expect(json.originOf(released[0])).toEqual({ constructPath: 'team/retired', resourceId: 'Resource', constructClass: 'RestrictionPolicy', source: expect.stringMatching(/^__tests__\/explain\/explain\.test\.ts:\d+$/) });
    expect(hcl.originOf(released[0])).toEqual(json.originOf(released[0]));
  });

  test('GIVEN a directory without a synthesized stack, or with a cdk.tf but no metadata.json THEN a ValidationError names it', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-stack-'));
    expect(errorOf(() => ConstructMap.fromStackDirectory(empty)).message).toContain('received a directory without cdk.tf.json or cdk.tf');
    // A missing directory, or a file, says so.
    expect(errorOf(() => ConstructMap.fromStackDirectory(path.join(empty, 'missing'))).problems[0]).toMatchObject({ path: 'stack/missing', received: 'no such directory' });
    fs.writeFileSync(path.join(empty, 'plan.json'), '{}');
    expect(errorOf(() => ConstructMap.fromStackDirectory(path.join(empty, 'plan.json'))).problems[0]).toMatchObject({ path: 'stack/plan.json', received: 'a file, not a directory' });
    fs.writeFileSync(path.join(empty, 'cdk.tf'), '');
    expect(errorOf(() => ConstructMap.fromStackDirectory(empty)).message).toContain('a cdk.tf without the metadata.json of its synth');
    fs.writeFileSync(path.join(empty, 'metadata.json'), '[1]');
    expect(errorOf(() => ConstructMap.fromStackDirectory(empty)).problems[0].path).toBe('stack/metadata.json');
    // An object of another shape (cases/70) is refused too, not read as a stack without resources.
    fs.writeFileSync(path.join(empty, 'metadata.json'), '{"x":1}');
    expect(errorOf(() => ConstructMap.fromStackDirectory(empty)).problems[0]).toMatchObject({ path: 'stack/metadata.json', received: 'an object without "//" (the stack\'s metadata) or "resource"' });
  });

  test('GIVEN a stack directory named with a million characters, or with a line break THEN the message names its start on one line (found by the hostile-input property, seed 115)', () => {
    const huge = errorOf(() => ConstructMap.fromStackDirectory('x'.repeat(1_000_000)));
    expect(huge.message.length).toBeLessThan(1_000);
    expect(huge.problems[0].path).toMatch(/^stack\/x+… \(1000000 characters\)$/);
    expect(errorOf(() => ConstructMap.fromStackDirectory('a\nb')).problems[0].path).toBe('stack/a\\u000ab');
  });
});

describe('explain: plans of the wrong shape', () => {
  test.each([
    ['not JSON', '{"resource_changes": [', 'plan'],
    ['a list', '[]', 'plan'],
    ['resource_changes not a list', `{${HEAD}, "resource_changes": {}}`, 'plan/resource_changes'],
    ['an entry without address', `{${HEAD}, "resource_changes": [{"type": "x", "change": {"actions": ["create"]}}]}`, 'plan/resource_changes/0/address'],
    ['an unknown action', `{${HEAD}, "resource_changes": [{"address": "a.b", "type": "a", "change": {"actions": ["explode"]}}]}`, 'plan/resource_changes/0/change/actions'],
    ['replace_paths of the wrong shape', `{${HEAD}, "resource_drift": [{"address": "a.b", "type": "a", "change": {"actions": ["update"], "replace_paths": "name"}}]}`, 'plan/resource_drift/0/change/replace_paths'],
    ['a format of Terraform 2', JSON.stringify({ ...PLAN_HEADER, format_version: '2.0' }), 'plan/format_version'],
  ])('GIVEN %s THEN a ValidationError names the JSON path', (_what, text, problemPath) => {
    const error = errorOf(() => readPlanJson(text));
    expect(error.constructPath).toBe('plan');
    expect(error.problems.map((p) => p.path)).toEqual([problemPath]);
  });

  test('GIVEN any JSON value as a plan THEN explain answers or throws a ValidationError, never another error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ resource_changes: fc.array(fc.jsonValue(), { maxLength: 3 }), resource_drift: fc.jsonValue(), deferred_changes: fc.jsonValue(), action_invocations: fc.array(fc.jsonValue(), { maxLength: 3 }), deferred_action_invocations: fc.jsonValue() }, { requiredKeys: [] }).map((r) => ({ ...PLAN_HEADER, ...r }))), (value) => {
        try {
          PlanExplanation.fromPlanAndConfig(JSON.stringify(value), JSON.stringify(config()));
        } catch (e) {
          expect(e).toBeInstanceOf(ValidationError);
        }
      }),
      propertyRuns({ seed: 120, numRuns: 300 }),
    );
  });

  test('GIVEN anything as the arguments of PlanExplanation.fromPlan and fromPlanAndConfig THEN a result or a ValidationError, never another error', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (plan, stack) => {
        for (const call of [() => PlanExplanation.fromPlan(plan as any, stack as any), () => PlanExplanation.fromPlanAndConfig(plan as any, stack as any)]) {
          try {
            call();
          } catch (e) {
            expect(e).toBeInstanceOf(ValidationError);
          }
        }
      }),
      propertyRuns({ seed: 121, numRuns: 300 }),
    );
  });

  test('GIVEN well-formed entries with values of any shape THEN explain answers, and its JSON report matches the schema', () => {
    const address = addressOf('aws_redshift_authentication_profile', 'analysts');
    const side = fc.oneof(fc.jsonValue(), fc.record({ authentication_profile_content: fc.jsonValue(), authentication_profile_name: fc.jsonValue() }));
    fc.assert(
      fc.property(side, side, fc.jsonValue(), fc.jsonValue(), (before, after, unknown, sensitive) => {
        const plan = planOf(address, 'aws_redshift_authentication_profile', { actions: ['update'], before, after, after_unknown: unknown, after_sensitive: sensitive });
        expect(reportIsValid(PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config())).toJson())).toBe(true);
      }),
      propertyRuns({ seed: 122, numRuns: 200 }),
    );
  });
});

describe('explain: only plans are read', () => {
  const EVERY_PLAN = 'the output of `terraform show -json PLANFILE`: every plan has format_version, terraform_version, planned_values and configuration (and applyable, complete and errored since Terraform 1.8)';
  // `terraform show -json` of a state (Terraform 1.11: jsonstate format 1.0), its values in clear, and the state file itself.
  const shownState = { format_version: '1.0', terraform_version: '1.11.4', values: { outputs: { pw: { sensitive: true, value: 'hunter2', type: 'string' } }, root_module: {} } };
  const stateFile = { version: 4, terraform_version: '1.11.4', serial: 3, lineage: '5d1c0e2a', outputs: { pw: { value: 'hunter2', type: 'string', sensitive: true } }, resources: [], check_results: null };

  test.each([
    ['{"hello":"world"}', { hello: 'world' }, 'an object without format_version, terraform_version, planned_values and configuration'],
    ['an empty object', {}, 'an object without format_version, terraform_version, planned_values and configuration'],
    ['`terraform show -json` of a state', shownState, 'an object without planned_values, configuration, applyable, complete and errored: this looks like a state, not a plan (`terraform show -json` of a state: it has "values" where a plan has planned_values)'],
    ['`terraform show -json` of an empty state', { format_version: '1.0' }, 'an object without terraform_version, planned_values and configuration: this looks like a state, not a plan (`terraform show -json` of an empty state)'],
    ['a state file (terraform.tfstate)', stateFile, 'an object without format_version, planned_values, configuration, applyable, complete and errored: this looks like a state, not a plan (a state file such as terraform.tfstate: it has "lineage" and "serial")'],
    ['a plan of Terraform 1.11 without applyable, complete and errored', { format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {} }, 'an object without applyable, complete and errored'],
    ['a plan of Terraform 1.7 without errored', { format_version: '1.2', terraform_version: '1.7.5', planned_values: {}, configuration: {} }, 'an object without errored'],
  ])('GIVEN %s THEN one problem at "plan" names the keys every plan has that it lacks, and says where it looks like a state', (_what, value, received) => {
    const error = errorOf(() => readPlanJson(JSON.stringify(value)));
    expect(error.problems).toEqual([{ path: 'plan', received, allowed: EVERY_PLAN }]);
    expect(error.message).not.toContain('hunter2');
  });

  test('GIVEN a plan lacking any one key Terraform always writes THEN that key is named; a plan of Terraform 1.5 needs no applyable, complete or errored', () => {
    for (const key of Object.keys(PLAN_HEADER)) {
      const { [key]: _dropped, ...rest } = PLAN_HEADER as { [key: string]: unknown };
      expect([key, errorOf(() => readPlanJson(rest)).problems.map((p) => p.received)]).toEqual([key, [`an object without ${key}`]]);
    }
    expect(() => readPlanJson({ format_version: '1.2', terraform_version: '1.5.7', planned_values: {}, configuration: {} })).not.toThrow();
    expect(() => readPlanJson({ ...PLAN_HEADER, resource_changes: undefined })).not.toThrow();
  });

  test('GIVEN the keys every plan has, of the wrong type THEN each JSON path is named, no value under planned_values or configuration shown', () => {
    const error = errorOf(() =>
      readPlanJson({ ...PLAN_HEADER, format_version: 1.2, terraform_version: 11, planned_values: ['hunter2'], configuration: 'hunter2', applyable: 'yes', complete: null, errored: 0 }),
    );
    expect(error.problems.map((p) => p.path)).toEqual(['plan/format_version', 'plan/terraform_version', 'plan/planned_values', 'plan/configuration', 'plan/applyable', 'plan/complete', 'plan/errored']);
    expect(error.message).not.toContain('hunter2');
  });

  test('GIVEN a state or {"hello":"world"} as --plan, with every gate THEN exit 1 and one line naming what is missing, never a report that passes the gates', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-not-plan-'));
    const gates = ['--fail-on', 'replace,delete,drift'];
    const hello = await runCommand(['explain', '--plan', write(dir, 'hello.json', '{"hello":"world"}'), '--stack', jsonDir, ...gates]);
    expect(hello).toEqual({
      code: 1,
      stdout: '',
      stderr: `explain: cannot read the plan: plan: received an object without format_version, terraform_version, planned_values and configuration; allowed: ${EVERY_PLAN}`,
    });
    for (const state of [shownState, stateFile]) {
      const run = await runCommand(['explain', '--plan', write(dir, 'state.json', JSON.stringify(state)), '--stack', jsonDir, ...gates]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.split('\n')).toHaveLength(1);
      expect(run.stderr).toContain('this looks like a state, not a plan');
      expect(run.stderr).not.toContain('hunter2');
    }
  });
});

describe('explain: what is shown', () => {
  test('GIVEN content unknown after apply, a sensitive name, and a trigger-forced replacement of a null_resource THEN unknown reads (known after apply), sensitive (sensitive)', () => {
    const profile = addressOf('aws_redshift_authentication_profile', 'nulled');
    const trigger = addressOf('null_resource', 'nulled');
    const plan = JSON.stringify({
      ...PLAN_HEADER,
      resource_changes: [
        {
          address: profile,
          type: 'aws_redshift_authentication_profile',
          action_reason: 'replace_by_triggers',
          change: {
            actions: ['create', 'delete'],
            before: { authentication_profile_name: 'secret-old', authentication_profile_content: '{"A":"1"}', id: 'x' },
            after: { authentication_profile_name: 'secret-new', authentication_profile_content: null },
            after_unknown: { authentication_profile_content: true, id: true },
            before_sensitive: { authentication_profile_name: true },
            after_sensitive: { authentication_profile_name: true },
          },
        },
        {
          address: trigger,
          type: 'null_resource',
          action_reason: 'replace_because_cannot_update',
          change: { actions: ['delete', 'create'], before: { triggers: { authentication_profile_name: 'nulled' } }, after: { triggers: { authentication_profile_name: 'nulled-2' } }, replace_paths: [['triggers']] },
        },
      ],
    });
    const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config()));
    expect(explained.changes[0]).toMatchObject({
      constructPath: 'nulled',
      kind: 'profile',
      actions: ['replace'],
      causes: ['renamed through the replace trigger: "nulled" → "nulled-2"'],
      fields: [
        { field: 'authenticationProfileName', change: 'changed', before: '(sensitive)', after: '(sensitive)' },
        { field: 'authenticationProfileContent', change: 'changed', before: 'a string of 9 characters (not shown)', after: '(known after apply)' },
      ],
    });
    expect(explained.changes[1]).toMatchObject({ kind: 'name trigger', causes: ['authenticationProfileName cannot change in place (forces replacement)'] });
    expect(explained.toText() + explained.toMarkdown() + explained.toJson()).not.toContain('secret-');
  });

  test('GIVEN label keys and values that hold Markdown and table syntax and line breaks THEN every Markdown row keeps its 6 cell borders and the text stays one line per change', () => {
    const address = addressOf('kubernetes_labels', 'nodes');
    const hostile = 'a|b`c*d_<script>[x](y)\n| --- |';
    const plan = planOf(address, 'kubernetes_labels', {
      actions: ['update'],
      before: { api_version: 'v1', kind: 'Node', metadata: [{ name: 'n1' }], labels: { [hostile]: 'x' } },
      after: { api_version: 'v1', kind: 'Node', metadata: [{ name: 'n1' }], labels: { [hostile]: hostile } },
    });
    const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config()));
    const markdown = explained.toMarkdown();
    const rows = markdown.split('\n').filter((l) => l.startsWith('| `~` | `nodes`'));
    expect(rows).toHaveLength(1);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(8);
    // The change itself, one list item in the construct's section, the key and the values in code spans (one
    // backtick inside: fences of two), so that the syntax in them reads literally (forgery.test.ts renders it).
    expect(markdown.split('\n').filter((l) => l === '- `n1` ``labels a|b`c*d_<script>[x](y)\\u000a| --- |``: `"x"` → ``"a|b`c*d_<script>[x](y)\\n| --- |"``')).toHaveLength(1);
    expect(markdown.split('\n').filter((l) => l.includes('<script>'))).toHaveLength(1);
    expect(explained.toText().split('\n').filter((l) => l.includes(' n1 labels a|b'))).toHaveLength(1);
  });

  test('GIVEN a construct path that holds a pipe and backticks (a construct id may) THEN its code span keeps the Markdown row whole', () => {
    const config = { resource: { datadog_restriction_policy: { odd: { '//': { metadata: { path: 'mapped/team|a`b/Resource' } } } } } };
    const plan = planOf('datadog_restriction_policy.odd', 'datadog_restriction_policy', {
      actions: ['update'],
      before: { resource_id: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] },
      after: { resource_id: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a', 'role:b|c'] }] },
    });
    const rows = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config)).toMarkdown().split('\n').filter((l) => l.startsWith('| `~` | ``team'));
    expect(rows).toHaveLength(1);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(8);
  });

  test('GIVEN gates THEN gatesMatched answers the ones the plan matches, in the order replace, delete, drift', () => {
    const policy = addressOf('datadog_restriction_policy', 'dashboard');
    const plan = JSON.stringify({
      ...PLAN_HEADER,
      resource_changes: [{ address: policy, type: 'datadog_restriction_policy', action_reason: 'delete_because_no_resource_config', change: { actions: ['delete'], before: { resource_id: 'dashboard:abc' }, after: null } }],
      resource_drift: [{ address: policy, type: 'datadog_restriction_policy', change: { actions: ['update'], before: { resource_id: 'dashboard:abc', bindings: [] }, after: { resource_id: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:z'] }] } } }],
    });
    const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config()));
    expect(explained.gatesMatched([ExplainGate.DRIFT, ExplainGate.DELETE, ExplainGate.REPLACE])).toEqual([ExplainGate.DELETE, ExplainGate.DRIFT]);
    expect(explained.gatesMatched([ExplainGate.REPLACE])).toEqual([]);
    for (const bad of [undefined, 'drift', ['drift', 'create'], [null]]) expect(errorOf(() => explained.gatesMatched(bad as any)).problems[0].path).toBe('gates');
    expect(explained.drift[0].fields).toEqual([{ field: 'bindings', key: 'viewer', change: 'added', after: '"role:z"' }]);
  });
});

describe('explain: resources not made by these constructs', () => {
  test('GIVEN a profile imported with configuration from -generate-config-out (in no construct) THEN it is listed by address with Terraform\'s action, not as a construct', () => {
    const plan = JSON.stringify({
      ...PLAN_HEADER,
      resource_changes: [
        {
          address: 'aws_redshift_authentication_profile.generated',
          type: 'aws_redshift_authentication_profile',
          change: { actions: ['no-op'], before: { authentication_profile_name: 'g' }, after: { authentication_profile_name: 'g' }, importing: { id: 'g' } },
        },
        {
          address: 'aws_redshift_authentication_profile.gone_0123ABCD',
          type: 'aws_redshift_authentication_profile',
          action_reason: 'delete_because_no_resource_config',
          change: { actions: ['delete'], before: { authentication_profile_name: 'gone' }, after: null },
        },
      ],
    });
    const explained = PlanExplanation.fromPlanAndConfig(plan, JSON.stringify(config()));
    expect(explained.changes.map((r) => [r.address, r.kind, r.actions.join('+')])).toEqual([
      ['aws_redshift_authentication_profile.gone_0123ABCD', 'profile', 'delete'],
      ['aws_redshift_authentication_profile.generated', 'other', 'import'],
    ]);
    expect(explained.toText()).toContain('\nResources not made by these constructs:\n    aws_redshift_authentication_profile.generated import: import block (id "g")\n');
    expect(explained.toText()).toContain('\n  - gone (no longer in the configuration) delete: no longer in the configuration\n');
  });
});

describe('explain: a construct path only for what these constructs made', () => {
  // One stack: these constructs, and resources of the same types in plain Constructs, where ids alone could mislead.
  const data = (scope: Construct, id: string, type = 'terraform_data', attributes: () => any = () => ({ input: wire.string(id) })) =>
    new WireResource(scope, id, { terraformType: type, providerName: type === 'terraform_data' ? 'terraform' : type.split('_')[0], attributes });
  const mixed = (app: App) => {
    const stack = new TerraformStack(app, 'mixed');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new AuthenticationProfile(stack, 'profile', { authenticationProfileName: 'p', authenticationProfileContent: { A: '1' } });
    new RestrictionPolicy(stack, 'policy', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] });
    new NodeList(stack, 'nodes', { items: [{ metadata: { name: 'n1', labels: { a: 'b' } } }] });
    new NodeList(stack, 'parts', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'n2', labels: { a: 'b' } } }] });
    data(stack, 'alpha');
    data(new Construct(stack, 'zulu'), 'marker');
    // A terraform_data named NameTrigger without a profile, a profile without its trigger, a ConfigMap's manifest.
    data(new Construct(stack, 'fake'), 'NameTrigger');
    data(new Construct(stack, 'lone'), 'Resource', 'aws_redshift_authentication_profile', () => ({ authentication_profile_name: wire.string('lone'), authentication_profile_content: wire.string('{}') }));
    data(new Construct(stack, 'cm'), 'settings', 'kubernetes_manifest', () => ({ manifest: wire.any({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'default' } }) }));
  };
  let dirs: { json: string; hcl: string };
  let addresses: string[];
  beforeAll(() => {
    dirs = { json: path.join(synthApp(mixed, false), 'stacks', 'mixed'), hcl: path.join(synthApp(mixed, true), 'stacks', 'mixed') };
    const resources = JSON.parse(fs.readFileSync(path.join(dirs.json, 'cdk.tf.json'), 'utf8')).resource;
    addresses = Object.entries<any>(resources).flatMap(([type, byName]) => Object.keys(byName).map((name) => `${type}.${name}`));
  });
  // Every resource of the stack updated, its values saying nothing of a construct but the ConfigMap's kind.
  const valuesOf = (address: string, x: number) => (address.startsWith('kubernetes_manifest.cm_') ? { manifest: { apiVersion: 'v1', kind: 'ConfigMap', data: { x } } } : { x });
  const plan = () => ({ ...PLAN_HEADER, resource_changes: addresses.map((address) => ({ address, mode: 'managed', type: address.split('.')[0], change: { actions: ['update'], before: valuesOf(address, 1), after: valuesOf(address, 2) } })) });

  test('GIVEN a terraform_data in a plain Construct, and look-alikes of these constructs\' resources THEN none has a construct path; theirs have (JSON and HCL synth alike)', () => {
    expect(addresses).toHaveLength(10);
    for (const dir of [dirs.json, dirs.hcl]) {
      const map = ConstructMap.fromStackDirectory(dir);
      const explained = PlanExplanation._fromPlanAndMap(plan(), map);
      // These constructs' resources by construct path, then the others by address alone (the plain Construct
      // `zulu` no longer sorts its marker as a construct's, nor before terraform_data.alpha).
      expect(explained.changes.map((r) => [r.constructPath ?? '-', r.kind, r.address.replace(/_[0-9A-F]{8}$/, '')])).toEqual([
        ['nodes', 'node manifest', 'kubernetes_manifest.nodes_n1'],
        ['parts', 'node labels', 'kubernetes_labels.parts_n2-labels'],
        ['policy', 'policy', 'datadog_restriction_policy.policy'],
        ['profile', 'profile', 'aws_redshift_authentication_profile.profile'],
        ['profile', 'name trigger', 'terraform_data.profile_NameTrigger'],
        ['-', 'other', 'aws_redshift_authentication_profile.lone'],
        ['-', 'other', 'kubernetes_manifest.cm_settings'],
        ['-', 'other', 'terraform_data.alpha'],
        ['-', 'other', 'terraform_data.fake_NameTrigger'],
        ['-', 'other', 'terraform_data.zulu_marker'],
      ]);
      const others = explained.changes.filter((r) => r.kind === 'other').map((r) => r.address);
      // The map attributes none of them; but an HCL synth's metadata.json holds no values, so the ConfigMap's kind is read from the plan there.
      expect(others.filter((a) => map.originOf(a) !== undefined).map((a) => a.replace(/_[0-9A-F]{8}$/, ''))).toEqual(dir === dirs.json ? [] : ['kubernetes_manifest.cm_settings']);
      const report = JSON.parse(explained.toJson());
      expect(report.changes.filter((r: any) => r.kind === 'other' && 'constructPath' in r)).toEqual([]);
      expect(reportIsValid(explained.toJson())).toBe(true);
      expect(explained.toText()).toContain(`Resources not made by these constructs:\n  ~ ${others[0]} update:`);
    }
  });

  test('GIVEN the plain Construct\'s terraform_data deleted (its count index gone) THEN it stays another\'s resource, even named like a trigger', async () => {
    const fake = addresses.find((a) => a.startsWith('terraform_data.fake_NameTrigger_'))!;
    const deleted = { ...PLAN_HEADER, resource_changes: [{ address: `${fake}[1]`, mode: 'managed', type: 'terraform_data', action_reason: 'delete_because_count_index', change: { actions: ['delete'], before: { input: 'x' }, after: null } }] };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-others-'));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(deleted));
    const run = await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dirs.json, '--format', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).changes).toEqual([expect.objectContaining({ address: `${fake}[1]`, kind: 'other', actions: ['delete'] })]);
    expect(JSON.parse(run.stdout).changes[0]).not.toHaveProperty('constructPath');
  });
});

describe('explain: the command', () => {
  let planFile: string;
  beforeAll(() => {
    planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'explain-cli-')), 'plan.json');
    const policy = addressOf('datadog_restriction_policy', 'dashboard');
    fs.writeFileSync(planFile, planOf(policy, 'datadog_restriction_policy', { actions: ['delete'], before: { resource_id: 'dashboard:abc' }, after: null }));
  });

  test('GIVEN a plan JSON file THEN 0 and the report on stdout; --fail-on delete THEN 3, the report still written; --fail-on replace THEN 0', async () => {
    const ok = await runCommand(['explain', '--plan', planFile, '--stack', jsonDir, '--format', 'markdown']);
    expect(ok).toMatchObject({ code: 0, stderr: '' });
    expect(ok.stdout).toContain('| `-` | `dashboard` | `RestrictionPolicy` | delete | `destroy plan: every object is destroyed (terraform destroy, or plan -destroy)` | `__tests__/explain/explain.test.ts:');
    const gated = await runCommand(['explain', '--plan', planFile, '--stack', jsonDir, '--fail-on', 'delete']);
    expect(gated).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: delete' });
    expect(gated.stdout).toContain('  - dashboard (RestrictionPolicy) delete: destroy plan: every object is destroyed (terraform destroy, or plan -destroy) [__tests__/explain/explain.test.ts:');
    expect((await runCommand(['explain', '--plan', planFile, '--stack', jsonDir, '--fail-on', 'replace'])).code).toBe(0);
  });

  test.each([
    ['a missing plan file', (dir: string) => ['--plan', path.join(dir, 'missing.json'), '--stack', jsonDir], 'explain: cannot read the plan "missing.json": no such file'],
    ['a plan that is not JSON', (dir: string) => ['--plan', write(dir, 'bad.json', 'not json'), '--stack', jsonDir], 'explain: cannot read the plan: plan: received text of 8 characters that is not JSON'],
    ['JSON of the wrong shape', (dir: string) => ['--plan', write(dir, 'shape.json', `{${HEAD},"resource_changes":[{"address":7}]}`), '--stack', jsonDir], 'explain: cannot read the plan: plan/resource_changes/0/address: received 7; allowed: a resource address'],
    ['a stack dir without a synthesized stack', (dir: string) => ['--plan', planFile, '--stack', dir], 'explain: cannot read the stack: stack/explain-bad-'],
    ['a binary plan file terraform cannot read', (dir: string) => ['--plan', write(dir, 'broken.tfplan', 'PK\u0003\u0004 not a real plan'), '--stack', jsonDir], 'explain: terraform show -json failed (exit 1): Error: Failed to read the given file as a state or plan file State read error: Error reading broken.tfplan as a statefile'],
  ])('GIVEN %s THEN exit 1 with one line on stderr', async (_what, args, start) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-bad-'));
    const result = await runCommand(['explain', ...args(dir)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(1);
    expect(result.stderr.startsWith(start)).toBe(true);
    expect(result.stderr).not.toContain(dir);
  });

  test.each([
    [[], '--plan FILE is required'],
    [['--plan', 'x', '--format', 'yaml'], '--format must be one of text, markdown, json, html, github, sarif, not "yaml"'],
    [['--plan', 'x', '--fail-on', 'replace,create'], '--fail-on takes replace, delete, drift, guardrail, guardrail:warning, guardrail:note, not "create"'],
    [['--plan', 'x', '--colour'], "Unknown option '--colour'"],
    [['stray'], 'Unexpected argument'],
    [['--plan', 'x', '--fail-on', ''], '--fail-on takes one or more of replace, delete, drift, guardrail, guardrail:warning, guardrail:note, not an empty list'],
    [['--plan', 'x', '--fail-on', ' , '], '--fail-on takes one or more of replace, delete, drift, guardrail, guardrail:warning, guardrail:note, not an empty list'],
    [['--plan', 'a', '--plan', 'b'], '--plan is given more than once'],
    [['--plan', 'a', '--stack', 'x', '--stack=y'], '--stack is given more than once'],
  ])('GIVEN the arguments %j THEN exit 2, the error then the usage on stderr', async (args, message) => {
    const result = await runCommand(['explain', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toContain(message);
    expect(result.stderr).toContain('usage: ');
  });

  test('GIVEN --help THEN the usage, with the exit codes, on stdout; the command lists explain', async () => {
    const help = await runCommand(['explain', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('3 a --fail-on gate matched');
    expect((await runCommand(['--help'])).stdout).toMatch(/\n {2}explain +explain a terraform plan per construct/);
  });
});

function write(dir: string, name: string, text: string): string {
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}
