// The pull-request workflow: source locations in the stack's metadata, GitHub
// annotations (workflow commands, read back as @actions/core escapes them),
// SARIF 2.1.0 judged by Microsoft's SARIF Multitool (the SARIF SDK's own
// validator: the JSON schema and the spec's rules), Markdown parts under
// GitHub's comment limit, the job summary and colour on a terminal.
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, Aspects, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, ExplainGate, KubernetesProvider, NodeList, NodeListMode, PlanExplanation, RestrictionPolicy } from '../../lib';
import { SOURCE_LOCATION_CONTEXT } from '../../lib/core/construct-origin';
import { wantsColor } from '../../lib/cli/explain';
import { escapeData, escapeProperty, renderGithubAnnotations } from '../../lib/explain/render-github';
import { RISK_RULES } from '../../lib/explain/risks';
import { errorOf } from '../support/errors';
import { synthApp } from '../support/synth';
import { PLAN_HEADER, runCommand } from './support';

const THIS_FILE = '__tests__/explain/ci-formats.test.ts';
/** Scripts that run GitHub's own packages (ESM) in a child process. */
const ACTIONS = path.join(__dirname, '..', 'support', 'github-actions');
/** The line of this file that holds `marker` (a comment on the line that declares a construct). */
const lineOf = (marker: string) => fs.readFileSync(__filename, 'utf8').split('\n').findIndex((l) => l.includes(marker)) + 1;

function build(app: App): void {
  const stack = new TerraformStack(app, 'ci');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  new DatadogProvider(stack, 'datadog', {});
  new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
  new AuthenticationProfile(stack, 'renamed', { authenticationProfileName: 'new-name', authenticationProfileContent: { A: '1' } }); // @declared:renamed
  new RestrictionPolicy(stack, 'dashboard', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:a'] }] }); // @declared:dashboard
  new NodeList(stack, 'nodes', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'n1', labels: { a: 'b' } } }] }); // @declared:nodes
  new AuthenticationProfile(stack, 'imported', { authenticationProfileName: 'imp', authenticationProfileContent: { A: '1' } }); // @declared:imported
}

let dir: string;
let config: any;
const addressOf = (type: string, prefix: string) => `${type}.${Object.keys(config.resource[type]).find((n) => n.startsWith(prefix))}`;

/** A plan with a rename (replace), a deleted construct, an update, an import and drift. */
function plan(): object {
  const profile = addressOf('aws_redshift_authentication_profile', 'renamed');
  const trigger = addressOf('terraform_data', 'renamed');
  const imported = addressOf('aws_redshift_authentication_profile', 'imported');
  const policy = addressOf('datadog_restriction_policy', 'dashboard');
  const labels = addressOf('kubernetes_labels', 'nodes');
  const change = (address: string, type: string, body: object, extra: object = {}) => ({ address, mode: 'managed', type, change: body, ...extra });
  const node = (labels: object) => ({ api_version: 'v1', kind: 'Node', metadata: [{ name: 'n1' }], labels });
  return {
    ...PLAN_HEADER,
    resource_changes: [
      change(profile, 'aws_redshift_authentication_profile', { actions: ['delete', 'create'], before: { authentication_profile_name: 'old-name', authentication_profile_content: '{"A":"1"}' }, after: { authentication_profile_name: 'new-name', authentication_profile_content: '{"A":"1"}' } }, { action_reason: 'replace_by_triggers' }),
      change(trigger, 'terraform_data', { actions: ['delete', 'create'], before: { triggers_replace: 'old-name' }, after: { triggers_replace: 'new-name' }, replace_paths: [['triggers_replace']] }, { action_reason: 'replace_because_cannot_update' }),
      change(imported, 'aws_redshift_authentication_profile', { actions: ['no-op'], before: { authentication_profile_name: 'imp' }, after: { authentication_profile_name: 'imp' }, importing: { id: 'imp' } }),
      change('datadog_restriction_policy.gone_0123ABCD', 'datadog_restriction_policy', { actions: ['delete'], before: { resource_id: 'dashboard:old' }, after: null }, { action_reason: 'delete_because_no_resource_config' }),
      change(labels, 'kubernetes_labels', { actions: ['update'], before: node({ a: 'b' }), after: node({ a: 'c' }) }),
      change(policy, 'datadog_restriction_policy', { actions: ['no-op'], before: { resource_id: 'dashboard:abc' }, after: { resource_id: 'dashboard:abc' } }),
    ],
    resource_drift: [change(policy, 'datadog_restriction_policy', { actions: ['update'], before: { resource_id: 'dashboard:abc', bindings: [] }, after: { resource_id: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:z'] }] } })],
  };
}

let planFile: string;
beforeAll(() => {
  dir = path.join(synthApp(build, false), 'stacks', 'ci');
  config = JSON.parse(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8'));
  planFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'explain-ci-')), 'plan.json');
  fs.writeFileSync(planFile, JSON.stringify(plan()));
});

describe('where each construct was declared', () => {
  test("GIVEN constructs made in this file THEN the stack's metadata records each once, with its class and this file's line, relative to the app directory; no resource repeats it", () => {
    const origins = config['//'].metadata.constructOrigins;
    expect(origins).toEqual({
      AuthenticationProfile: { [`${THIS_FILE}:${lineOf('@declared:renamed')}`]: ['renamed'], [`${THIS_FILE}:${lineOf('@declared:imported')}`]: ['imported'] },
      RestrictionPolicy: { [`${THIS_FILE}:${lineOf('@declared:dashboard')}`]: ['dashboard'] },
      NodeList: { [`${THIS_FILE}:${lineOf('@declared:nodes')}`]: ['nodes'] },
    });
    // The resources keep cdktf's own metadata (path, uniqueId) only: the construct's is written once.
    for (const byName of Object.values<any>(config.resource)) for (const block of Object.values<any>(byName)) expect(Object.keys(block['//'].metadata).sort()).toEqual(['path', 'uniqueId']);
    // Never an absolute path (cdktf's own local backend path aside, which is not ours).
    const sources = Object.values<any>(origins).flatMap((bySource) => Object.keys(bySource));
    for (const source of sources) expect(path.isAbsolute(source) || source.includes(process.cwd())).toBe(false);
  });

  test(`GIVEN the context key ${SOURCE_LOCATION_CONTEXT} set to false THEN no source is recorded; the class still is`, () => {
    const out = synthApp((app) => {
      app.node.setContext(SOURCE_LOCATION_CONTEXT, false);
      build(app);
    }, false);
    const synthesized = JSON.parse(fs.readFileSync(path.join(out, 'stacks', 'ci', 'cdk.tf.json'), 'utf8'));
    expect(synthesized['//'].metadata.constructOrigins).toEqual({ AuthenticationProfile: { '': ['renamed', 'imported'] }, RestrictionPolicy: { '': ['dashboard'] }, NodeList: { '': ['nodes'] } });
    expect(JSON.stringify(synthesized)).not.toContain(THIS_FILE);
  });

  test("GIVEN constructs made through a factory, a user's subclass and an aspect THEN each records the user's line that made it", () => {
    // The capture starts below the constructor of the library's class (a subclass's super call is the
    // user's line) and skips the library's own frames (adopt, release); a construct made in an aspect is
    // at the aspect's line, above cdktf's frames that called it: lib/core/construct-origin.ts.
    class TeamPolicy extends RestrictionPolicy {
      constructor(scope: TerraformStack, id: string) {
        super(scope, id, { resourceId: `dashboard:${id}`, bindings: [{ relation: 'viewer', principals: ['role:a'] }] }); // @declared:subclass
      }
    }
    const out = synthApp((app) => {
      const stack = new TerraformStack(app, 'origins');
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      new DatadogProvider(stack, 'datadog', {});
      AuthenticationProfile.adopt(stack, 'adopted', { authenticationProfileName: 'adopted', authenticationProfileContent: { A: '1' } }); // @declared:adopt
      RestrictionPolicy.release(stack, 'released', { resourceId: 'dashboard:released' }); // @declared:release
      new TeamPolicy(stack, 'team');
      Aspects.of(stack).add({
        visit: (node) => {
          if (node === stack && stack.node.tryFindChild('fromAspect') === undefined) {
            new RestrictionPolicy(stack, 'fromAspect', { resourceId: 'dashboard:aspect' }); // @declared:aspect
          }
        },
      });
    }, false);
    const synthesized = JSON.parse(fs.readFileSync(path.join(out, 'stacks', 'origins', 'cdk.tf.json'), 'utf8'));
    const at = (marker: string) => `${THIS_FILE}:${lineOf(marker)}`;
    expect(synthesized['//'].metadata.constructOrigins).toEqual({
      AuthenticationProfile: { [at('@declared:adopt')]: ['adopted'] },
      RestrictionPolicy: { [at('@declared:release')]: ['released'], [at('@declared:subclass')]: ['team'], [at('@declared:aspect')]: ['fromAspect'] },
    });
  });

  test("GIVEN a construct made behind more of a framework's frames than the first capture holds THEN a deeper capture finds the user's line", () => {
    // A framework's module (its path is under node_modules/cdktf/) that makes the construct three of its own
    // frames below its caller, as a framework's callbacks do. It is written at run time: the repository keeps
    // no node_modules.
    const framework = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'origins-')), 'node_modules', 'cdktf', 'lib', 'deep.js');
    fs.mkdirSync(path.dirname(framework), { recursive: true });
    fs.writeFileSync(framework, 'exports.make = (C, ...a) => twice(() => new C(...a));\nfunction twice(f) { return once(f); }\nfunction once(f) { return f(); }\n');
    const { make } = require(framework);
    const out = synthApp((app) => {
      const stack = new TerraformStack(app, 'deep');
      new DatadogProvider(stack, 'datadog', {});
      make(RestrictionPolicy, stack, 'behindFramework', { resourceId: 'dashboard:deep' }); // @declared:behind-framework
    }, false);
    const synthesized = JSON.parse(fs.readFileSync(path.join(out, 'stacks', 'deep', 'cdk.tf.json'), 'utf8'));
    expect(synthesized['//'].metadata.constructOrigins).toEqual({ RestrictionPolicy: { [`${THIS_FILE}:${lineOf('@declared:behind-framework')}`]: ['behindFramework'] } });
  });

  test('GIVEN the report THEN each construct shows where it was declared, in every format', () => {
    const explained = PlanExplanation.fromPlan(JSON.stringify(plan()), dir);
    const at = `${THIS_FILE}:${lineOf('@declared:renamed')}`;
    expect(explained.constructs.find((c) => c.constructPath === 'renamed')).toMatchObject({ symbol: '-/+', constructClass: 'AuthenticationProfile', source: at, actions: ['replace'] });
    for (const out of [explained.toText(), explained.toMarkdown(), explained.toJson(), explained.toSarif(), explained.toGithubAnnotations().join('\n')]) {
      expect(out).toContain(THIS_FILE);
    }
  });
});

describe('GitHub annotations', () => {
  test('GIVEN the plan THEN one annotation per replaced, deleted, drifted, imported construct, on its declaring line, the most severe first; errors for the refused gates', () => {
    const explained = PlanExplanation.fromPlan(JSON.stringify(plan()), dir);
    const file = escapeProperty(THIS_FILE);
    expect(explained.toGithubAnnotations({ failOn: [ExplainGate.DELETE] })).toEqual([
      // No longer in the code: no line to point at; the annotation still names it.
      '::error title=gone (no longer in the configuration)%3A delete::gone (no longer in the configuration) delete: no longer in the configuration',
      `::warning title=renamed%3A replace,file=${file},line=${lineOf('@declared:renamed')}::renamed (AuthenticationProfile) replace: renamed through the replace trigger: "old-name" → "new-name"`,
      `::warning title=dashboard%3A drift,file=${file},line=${lineOf('@declared:dashboard')}::dashboard (RestrictionPolicy) changed outside Terraform`,
      // The dashboard binds no editor: a guardrail warning on the same line (after the changes' risks of its level).
      expect.stringMatching(new RegExp(`^::warning title=dashboard%3A WMC 9,file=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},line=${lineOf('@declared:dashboard')}::dashboard \\(RestrictionPolicy\\) WMC-9 bindings: no principal is bound to editor`)),
      `::notice title=imported%3A import,file=${file},line=${lineOf('@declared:imported')}::imported (AuthenticationProfile) import: import block (id "imp")`,
    ]);
    expect(explained.toGithubAnnotations({ failOn: [ExplainGate.REPLACE, ExplainGate.DRIFT], sourceRoot: 'infra/app/' })[0]).toMatch(/^::error title=renamed%3A replace,file=infra\/app\/__tests__\/explain\/ci-formats\.test\.ts,line=\d+::/);
  });

  test('GIVEN hostile construct paths, files and causes THEN each annotation is the command @actions/core itself writes for it', () => {
    const hostile = ['a,b', 'x::error::y', '50%0A', 'line\nbreak\r', 'c:\\d', 'é\u202e', '%25'];
    for (const text of hostile) {
      const construct = { constructPath: `team/${text}`, inConfiguration: true, constructClass: 'RestrictionPolicy', source: `${text}/main.ts:7`, symbol: '-', actions: ['delete'], causes: [`cause ${text}`], addresses: [], fields: [] };
      const ours = renderGithubAnnotations([{ rule: RISK_RULES[1], construct, level: 'warning' }])[0];
      const theirs = execFileSync(process.execPath, [path.join(ACTIONS, 'core-annotation.mjs'), JSON.stringify({ level: 'warning', message: `team/${text} (RestrictionPolicy) delete: cause ${text}`, properties: { title: `team/${text}: delete`, file: `${text}/main.ts`, startLine: 7 } })], { encoding: 'utf8', cwd: ACTIONS });
      expect(ours).toBe(theirs.replace(/\n$/, ''));
    }
  });

  test('GIVEN names holding the command syntax THEN each annotation reads back as one command with the text itself (@actions/core escaping)', () => {
    // The toolkit's own table: % first, then CR and LF; properties also : and ,.
    expect(escapeData('100%\r\n::error::x')).toBe('100%25%0D%0A::error::x');
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
    const unescape = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
    for (const hostile of ['a,b', 'x::error::y', '50%0A', 'line\nbreak', 'c:\\d']) {
      const line = escapeData(`${hostile} delete`);
      expect(line).not.toMatch(/[\r\n]/);
      expect(unescape(line)).toBe(`${hostile} delete`);
    }
  });

  test('GIVEN --format github in GitHub Actions THEN annotations and the text on stdout, the Markdown appended to the job summary', async () => {
    const summary = path.join(path.dirname(planFile), 'summary.md');
    fs.writeFileSync(summary, 'earlier step\n');
    const out: string[] = [];
    const err: string[] = [];
    const { main } = await import('../../lib/cli/main');
    const code = await main(['explain', '--plan', planFile, '--stack', dir, '--format', 'github', '--fail-on', 'delete'], { stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: { GITHUB_STEP_SUMMARY: summary } });
    expect(code).toBe(3);
    const lines = out.join('\n').split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(1);
    expect(lines).toContain('Plan: 1 to import, 2 to add, 1 to change, 3 to destroy.');
    const written = fs.readFileSync(summary, 'utf8');
    expect(written.startsWith('earlier step\n<!-- cdktf-warehouse-monitoring-cluster:explain part 1 -->\n### Terraform plan, by construct')).toBe(true);
  });
});

describe('the documented GitHub Actions workflow', () => {
  /** The errors GitHub's own workflow parser finds in `text`. */
  function parseWorkflow(text: string): { errors: string[]; jobs: number } {
    const out = execFileSync(process.execPath, ['--import', './register-json.mjs', 'parse-workflow.mjs'], { cwd: ACTIONS, input: text, encoding: 'utf8' });
    return JSON.parse(out);
  }
  const documented = () => /<!-- explain-workflow:start -->\n```yaml\n([\s\S]*?)```\n<!-- explain-workflow:end -->/.exec(fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'explain.md'), 'utf8'))![1];

  test('GIVEN docs/explain.md\'s workflow THEN @actions/workflow-parser reads it without an error, and it runs explain in the three CI formats', () => {
    const workflow = documented();
    expect(parseWorkflow(workflow)).toEqual({ errors: [], jobs: 1 });
    for (const format of ['markdown --parts-dir', 'sarif', 'github']) expect(workflow).toContain(`--format ${format}`);
  }, 60_000);

  test('GIVEN the workflow with a key GitHub does not know THEN the parser reports it (the judge has teeth)', () => {
    expect(parseWorkflow(documented().replace('    steps:', '    stepz:')).errors.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('SARIF', () => {
  const MULTITOOL = path.join(path.dirname(require.resolve('@microsoft/sarif-multitool-linux/package.json')), 'Sarif.Multitool');

  /** Microsoft's SARIF Multitool `validate`: the schema and the SARIF rules; its own findings, as SARIF. */
  function multitoolFindings(sarif: string): { level: string; ruleId: string; text: string }[] {
    // npm does not run the package's postinstall (chmod) here: the tests make the binary executable themselves.
    fs.chmodSync(MULTITOOL, 0o755);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sarif-'));
    fs.writeFileSync(path.join(work, 'explain.sarif'), sarif);
    const run = spawnSync(MULTITOOL, ['validate', path.join(work, 'explain.sarif'), '--output', path.join(work, 'findings.sarif')], { encoding: 'utf8', env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1', DOTNET_CLI_TELEMETRY_OPTOUT: '1' } });
    if (run.status !== 0) throw new Error(`the SARIF Multitool failed (${run.status}): ${run.stdout}${run.stderr}`);
    const findings = JSON.parse(fs.readFileSync(path.join(work, 'findings.sarif'), 'utf8'));
    return findings.runs.flatMap((r: any) => r.results ?? []).map((r: any) => ({ level: r.level ?? 'warning', ruleId: r.ruleId, text: r.message?.text ?? r.message?.id ?? '' }));
  }

  test('GIVEN the plan THEN SARIF 2.1.0 with one rule per risk and one result per risky construct on its declaring line, which the SARIF Multitool validates', () => {
    const explained = PlanExplanation.fromPlan(JSON.stringify(plan()), dir);
    const sarif = explained.toSarif({ failOn: [ExplainGate.REPLACE] });
    const log = JSON.parse(sarif);
    expect(log.version).toBe('2.1.0');
    // The changes' rules, then each guardrail rule a result names (the dashboard binds no editor: WMC-9).
    expect(log.runs[0].tool.driver.rules.map((r: any) => r.id)).toEqual(['replace', 'delete', 'drift', 'remove-from-state', 'import', 'WMC-9']);
    const results = log.runs[0].results.map((r: any) => [r.ruleId, r.level, r.locations?.[0]?.physicalLocation.artifactLocation.uri, r.locations?.[0]?.physicalLocation.region.startLine]);
    // The most severe first: errors, warnings, notes; replace, delete, drift, remove from state, import.
    expect(results).toEqual([
      ['replace', 'error', THIS_FILE, lineOf('@declared:renamed')],
      // No longer in the code: located at the app's cdktf.json, so that code scanning takes it.
      ['delete', 'warning', 'cdktf.json', 1],
      ['drift', 'warning', THIS_FILE, lineOf('@declared:dashboard')],
      ['WMC-9', 'warning', THIS_FILE, lineOf('@declared:dashboard')],
      ['import', 'note', THIS_FILE, lineOf('@declared:imported')],
    ]);
    const findings = multitoolFindings(sarif);
    expect(findings.filter((f) => f.level === 'error')).toEqual([]);
  }, 120_000);

  test('GIVEN a broken log THEN the SARIF Multitool reports an error (the judge has teeth)', () => {
    const log = JSON.parse(PlanExplanation.fromPlan(JSON.stringify(plan()), dir).toSarif());
    delete log.runs[0].tool.driver.name;
    log.runs[0].results[0].level = 'severe';
    expect(multitoolFindings(JSON.stringify(log)).filter((f) => f.level === 'error').length).toBeGreaterThan(0);
  }, 120_000);

  test('GIVEN a sourceRoot that is absolute or not text THEN a ValidationError names options/sourceRoot', () => {
    const explained = PlanExplanation.fromPlan(JSON.stringify(plan()), dir);
    for (const bad of ['/abs', 'C:\\x', 42, 'a\nb']) expect(errorOf(() => explained.toSarif({ sourceRoot: bad as any })).problems[0].path).toBe('options/sourceRoot');
    expect(errorOf(() => explained.toSarif({ failOn: ['create' as any] })).problems[0].path).toBe('options/failOn');
  });
});

describe('Markdown parts', () => {
  /** A plan of `n` node label changes across `n / 10` NodeLists of 10 nodes, and `n` other resources deleted. */
  function bigReport(n: number): PlanExplanation {
    const stacks = synthApp((app) => {
      const stack = new TerraformStack(app, 'big');
      new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
      for (let i = 0; i < n / 10; i++) {
        new NodeList(stack, `pool-${i}`, { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: Array.from({ length: 10 }, (_, j) => ({ metadata: { name: `node-${i}-${j}`, labels: { pool: 'a' } } })) });
      }
    }, false);
    const big = path.join(stacks, 'stacks', 'big');
    const cfg = JSON.parse(fs.readFileSync(path.join(big, 'cdk.tf.json'), 'utf8'));
    const node = (name: string, pool: string) => ({ api_version: 'v1', kind: 'Node', metadata: [{ name }], labels: { pool } });
    const resource_changes = Object.entries<any>(cfg.resource.kubernetes_labels).map(([name, block]) => ({
      address: `kubernetes_labels.${name}`,
      mode: 'managed',
      type: 'kubernetes_labels',
      change: { actions: ['update'], before: node(block.metadata.name, 'a'), after: node(block.metadata.name, `b|\`${'x'.repeat(40)}`) },
    }));
    for (let i = 0; i < n; i++) resource_changes.push({ address: `null_resource.gone_${i}`, mode: 'managed', type: 'null_resource', change: { actions: ['delete'], before: {}, after: null } as any });
    return PlanExplanation.fromPlan(JSON.stringify({ ...PLAN_HEADER, resource_changes }), big);
  }

  test('GIVEN a plan of 7,000 changes THEN Markdown parts each under 65,536 characters, each starting with a stable marker, together holding every change', () => {
    const explained = bigReport(3500);
    const parts = explained.toMarkdownParts();
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, i) => {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(65_536);
      expect(part.startsWith(`<!-- cdktf-warehouse-monitoring-cluster:explain part ${i + 1} -->\n_Part ${i + 1} of ${parts.length}._\n`)).toBe(true);
      // Every table row of a part follows a header in that part; every section opened is closed.
      const lines = part.split('\n');
      const firstRow = lines.findIndex((l) => l.startsWith('| `'));
      if (firstRow >= 0) expect(lines[firstRow - 1]).toMatch(/^\|---/);
      expect(lines.filter((l) => l === '<details>').length).toBe(lines.filter((l) => l === '</details>').length);
    });
    const all = parts.join('\n');
    expect(all.split('\n').filter((l) => /^- `node-\d+-\d+` `labels pool`: `"a"` → /.test(l))).toHaveLength(3500);
    expect(all.split('\n').filter((l) => l.startsWith('| `-` | `null_resource.gone_'))).toHaveLength(3500);
    // The same plan gives the same parts: a CI step can update its comments in place.
    expect(bigReport(3500).toMarkdownParts()).toEqual(parts);
  }, 120_000);

  test('GIVEN --parts-dir THEN the parts are written as files, stale ones of a longer report removed', async () => {
    const partsDir = path.join(path.dirname(planFile), 'parts');
    fs.mkdirSync(partsDir, { recursive: true });
    fs.writeFileSync(path.join(partsDir, 'explain-part-9.md'), 'stale');
    const run = await runCommand(['explain', '--plan', planFile, '--stack', dir, '--format', 'markdown', '--parts-dir', partsDir]);
    expect(run.code).toBe(0);
    expect(fs.readdirSync(partsDir)).toEqual(['explain-part-1.md']);
    expect(fs.readFileSync(path.join(partsDir, 'explain-part-1.md'), 'utf8')).toBe(`${run.stdout}\n`);
    expect((await runCommand(['explain', '--plan', planFile, '--stack', dir, '--parts-dir', partsDir])).code).toBe(2);
  });
});

describe('colour', () => {
  test('GIVEN a terminal THEN colour, unless NO_COLOR is set to anything or --no-color is given; never off a terminal', () => {
    const io = (terminal: boolean, env: NodeJS.ProcessEnv) => ({ stderr: () => undefined, stdoutIsTerminal: terminal, env });
    expect(wantsColor(io(true, {}), false)).toBe(true);
    expect(wantsColor(io(true, { NO_COLOR: '1' }), false)).toBe(false);
    expect(wantsColor(io(true, { NO_COLOR: '' }), false)).toBe(true);
    expect(wantsColor(io(true, {}), true)).toBe(false);
    expect(wantsColor(io(false, {}), false)).toBe(false);
    const explained = PlanExplanation.fromPlan(JSON.stringify(plan()), dir);
    expect(explained.toText({ color: true })).toContain('\u001b[31m-\u001b[0m/\u001b[32m+\u001b[0m \u001b[1mrenamed\u001b[0m');
    expect(explained.toText()).not.toContain('\u001b[');
    // Without the escapes, the coloured text is the plain text.
    expect(explained.toText({ color: true }).replace(/\u001b\[[0-9;]*m/g, '')).toBe(explained.toText());
    expect(errorOf(() => explained.toText({ color: 'yes' as any })).problems[0].path).toBe('options/color');
  });

  test('GIVEN the command on a terminal THEN coloured text; with NO_COLOR plain', async () => {
    const { main } = await import('../../lib/cli/main');
    const run = async (env: NodeJS.ProcessEnv) => {
      const out: string[] = [];
      await main(['explain', '--plan', planFile, '--stack', dir], { stdout: (l) => out.push(l), stderr: () => undefined, stdoutIsTerminal: true, env });
      return out.join('\n');
    };
    expect(await run({})).toContain('\u001b[');
    expect(await run({ NO_COLOR: 'true' })).not.toContain('\u001b[');
  });
});
