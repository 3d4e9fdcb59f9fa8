// `explain` on real plans: the real terraform and aws provider against the
// Redshift emulator. One stack of several profiles is applied once; then the
// code changes (a rename, a content change, a new profile, an adopted one, a
// construct moved with movedFrom, one released with release, one deleted) and a profile is changed in the
// emulator behind Terraform's back; one normal plan and one refresh-only plan
// hold every scenario. The second stack is written as HCL, so the construct
// paths come from the HCL synth's metadata.json.
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, PlanExplanation } from '../../lib';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { ReattachedProvider, startReattachedAwsProvider } from '../support/provider-reattach';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { stackFile } from '../support/synth';
import { init, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';
import { docSample, reportIsValid, runCommand, SECRET_MARKERS } from './support';

const TIMEOUT = 10 * 60 * 1000;
const STACK = 'explained';

let emulator: RedshiftEmulator;
let provider: ReattachedProvider | undefined;
let dir: string;
let env: NodeJS.ProcessEnv;
let plan: string;
let refreshOnly: string;
const addresses: { [construct: string]: { profile: string; trigger: string } } = {};

function profile(stack: TerraformStack, id: string, name: string, content: { [key: string]: string }, adopt = false): void {
  const made = (adopt ? AuthenticationProfile.adopt : (s: TerraformStack, i: string, p: any) => new AuthenticationProfile(s, i, p))(stack, id, {
    authenticationProfileName: name,
    authenticationProfileContent: content,
  });
  addresses[id] = { profile: made.address, trigger: `terraform_data.${(made.replaceTriggerResource as WireResource).friendlyUniqueId}` };
}

function marker(stack: TerraformStack, value: string): void {
  // A resource no construct of this library made.
  new WireResource(stack, 'marker', { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({ triggers_replace: wire.string(value) }) });
}

const before = (stack: TerraformStack) => {
  new AwsProvider(stack, 'aws', emulator.awsProviderProps());
  profile(stack, 'renamed', 'ex-rename-old', { Client_ID: 'renamed' });
  profile(stack, 'updated', 'ex-updated', { Client_ID: 'one', client_secret: 's3cret-one', Dropped: 'x' });
  profile(stack, 'legacy', 'ex-moved', { Client_ID: 'moved' });
  profile(stack, 'retired', 'ex-retired', { Client_ID: 'retired' });
  profile(stack, 'drifted', 'ex-drifted', { A: '1' });
  profile(stack, 'deleted', 'ex-deleted', { Client_ID: 'deleted' });
  marker(stack, 'v1');
};

const after = (stack: TerraformStack) => {
  new AwsProvider(stack, 'aws', emulator.awsProviderProps());
  profile(stack, 'renamed', 'ex-rename-new', { Client_ID: 'renamed' });
  profile(stack, 'updated', 'ex-updated', { Client_ID: 'two', client_secret: 's3cret-two', Added: 'y' });
  profile(stack, 'moved', 'ex-moved', { Client_ID: 'moved' });
  (stack.node.findChild('moved') as AuthenticationProfile).movedFrom('legacy');
  AuthenticationProfile.release(stack, 'retired', { authenticationProfileName: 'ex-retired', authenticationProfileContent: { Client_ID: 'retired' } });
  profile(stack, 'drifted', 'ex-drifted', { A: '1' });
  profile(stack, 'created', 'ex-created', { Client_ID: 'created' });
  profile(stack, 'adopted', 'ex-adopted', { Client_ID: 'adopted' }, true);
  marker(stack, 'v2');
};

beforeAll(async () => {
  emulator = await RedshiftEmulator.start();
  emulator.putProfile('ex-adopted', '{"Client_ID":"adopted"}');
  const first = stackFile(STACK, before, false);
  dir = workdir({ [first.file]: first.text });
  init(dir);
  provider = await startReattachedAwsProvider(dir, emulator.providerEnv());
  env = { ...emulator.providerEnv(), ...provider?.env };
  await terraformAsync(dir, ['apply', '-input=false', '-no-color', '-auto-approve'], { env });

  // Behind Terraform's back: the drifted profile gets a new value and a credential-looking key.
  emulator.removeProfile('ex-drifted');
  emulator.putProfile('ex-drifted', '{"A":"2","ApiToken":"tok-drift-value"}');

  // The code changes; written as HCL this time (construct paths from metadata.json).
  const second = stackFile(STACK, after, true);
  fs.rmSync(path.join(dir, first.file));
  fs.writeFileSync(path.join(dir, second.file), second.text);
  fs.writeFileSync(path.join(dir, 'metadata.json'), second.metadata!);
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=tfplan'], { env });
  plan = (await terraformAsync(dir, ['show', '-json', 'tfplan'], { env })).stdout;
  await terraformAsync(dir, ['plan', '-refresh-only', '-input=false', '-no-color', '-out=refresh.tfplan'], { env });
  refreshOnly = (await terraformAsync(dir, ['show', '-json', 'refresh.tfplan'], { env })).stdout;
}, TIMEOUT);

afterAll(async () => {
  await provider?.stop();
  await emulator?.stop();
});

describe('explain: profiles on a real plan (aws provider, Redshift emulator)', () => {
  test('GIVEN the normal plan THEN each profile construct has its action, cause and fields in its own terms', () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    const of = (construct: string, kind = 'profile') => explained.changes.find((r) => r.constructPath === construct && r.kind === kind)!;

    expect(of('renamed')).toMatchObject({ actions: ['replace'], causes: ['renamed through the replace trigger: "ex-rename-old" → "ex-rename-new"'] });
    expect(of('renamed').fields).toEqual([{ field: 'authenticationProfileName', change: 'changed', before: '"ex-rename-old"', after: '"ex-rename-new"' }]);
    expect(of('renamed', 'name trigger')).toMatchObject({ actions: ['replace'], causes: ['authenticationProfileName cannot change in place (forces replacement)'] });

    expect(of('updated')).toMatchObject({ actions: ['update'], causes: ['the configuration differs from the state'] });
    expect(of('updated').fields).toEqual([
      { field: 'authenticationProfileContent', key: 'Added', change: 'added', after: '"y"' },
      { field: 'authenticationProfileContent', key: 'Client_ID', change: 'changed', before: '"one"', after: '"two"' },
      { field: 'authenticationProfileContent', key: 'Dropped', change: 'removed', before: '"x"' },
      { field: 'authenticationProfileContent', key: 'client_secret', change: 'changed', before: 'a string of 10 characters (not shown)', after: 'a string of 10 characters (not shown)' },
    ]);

    expect(of('moved')).toMatchObject({ actions: ['move'], previousAddress: addresses.legacy.profile, fields: [] });
    expect(of('moved').causes[0]).toMatch(/^moved from aws_redshift_authentication_profile\.legacy_[0-9A-F]{8}$/);
    expect(of('created')).toMatchObject({ actions: ['create'], causes: ['new in the configuration'] });
    expect(of('created').fields).toEqual([
      { field: 'authenticationProfileName', change: 'added', after: '"ex-created"' },
      { field: 'authenticationProfileContent', key: 'Client_ID', change: 'added', after: '"created"' },
    ]);
    expect(of('adopted')).toMatchObject({ actions: ['import'], causes: ['import block (id "ex-adopted")'], fields: [] });

    // Drift seen by the normal plan's refresh, in the construct's terms; and the update that puts it back.
    expect(explained.drift).toEqual([
      expect.objectContaining({
        constructPath: 'drifted',
        kind: 'profile',
        actions: ['changed outside Terraform'],
        causes: ['changed outside Terraform'],
        fields: [
          { field: 'authenticationProfileContent', key: 'A', change: 'changed', before: '"1"', after: '"2"' },
          { field: 'authenticationProfileContent', key: 'ApiToken', change: 'added', after: 'a string of 15 characters (not shown)' },
        ],
      }),
    ]);
    expect(of('drifted').actions).toEqual(['update']);

    // A released construct is named by the path its removed blocks carry (in metadata.json for this HCL synth).
    expect(explained.changes.filter((r) => r.constructPath === 'retired').map((r) => `${r.kind} ${r.actions.join('+')}: ${r.causes.join('; ')}`)).toEqual([
      'profile remove from state: removed block with destroy = false (the resource is kept; Terraform forgets it)',
      'name trigger remove from state: removed block with destroy = false (the resource is kept; Terraform forgets it)',
    ]);
    // Deleted resources are no longer in the configuration: listed by kind and address.
    const gone = explained.changes.filter((r) => r.constructPath === undefined && r.kind !== 'other');
    expect(gone.map((r) => `${r.kind} ${r.actions.join('+')}: ${r.causes.join('; ')}`).sort()).toEqual([
      'name trigger delete: no longer in the configuration',
      'profile delete: no longer in the configuration',
    ]);
    expect(explained.changes.find((r) => r.kind === 'other')).toMatchObject({ address: 'terraform_data.marker', actions: ['replace'], fields: [] });

    // The other formats and the golden reports.
    expect(explained.toText()).toMatchSnapshot('text');
    expect(explained.toMarkdown()).toMatchSnapshot('markdown');
    expect(JSON.parse(explained.toJson())).toMatchSnapshot('json');
    expect(reportIsValid(explained.toJson())).toBe(true);
  });

  test('GIVEN the refresh-only plan THEN only the drift is reported, as changed outside Terraform', () => {
    const explained = PlanExplanation.fromPlan(refreshOnly, dir);
    expect(explained.drift.map((r) => [r.constructPath, r.kind, r.actions[0]])).toEqual([['drifted', 'profile', 'changed outside Terraform']]);
    // Applying it records the moved block's move in state: a move, not drift.
    expect(explained.changes.filter((r) => r.actions.join() !== 'no-op').map((r) => [r.constructPath, r.kind, r.actions.join('+')])).toEqual([
      ['moved', 'profile', 'move'],
      ['moved', 'name trigger', 'move'],
    ]);
    // The plan lists no unchanged instance: they come from its prior state, so the untouched constructs are counted (issue 44).
    expect(explained.planMode).toBe('refresh-only');
    // Terraform prints no Plan line for it: the moves are in its drift, and it states the drift (jsonformat/plan.go renderHuman).
    expect(explained.toText().split('\n').slice(0, 2)).toEqual(['Note: Objects have changed outside of Terraform', '1 construct changed, 3 unchanged, 1 changed outside Terraform']);
    expect(explained.toText()).toMatchSnapshot('text');
    expect(explained.toMarkdown()).toMatchSnapshot('markdown');
    expect(JSON.parse(explained.toJson())).toMatchSnapshot('json');
    expect(reportIsValid(explained.toJson())).toBe(true);
  });

  test('GIVEN any report of these plans THEN no secret value and no absolute path appears in it', () => {
    for (const json of [plan, refreshOnly]) {
      const explained = PlanExplanation.fromPlan(json, dir);
      for (const report of [explained.toText(), explained.toMarkdown(), explained.toJson()]) {
        for (const secret of SECRET_MARKERS) expect(report).not.toContain(secret);
        expect(report).not.toContain(dir);
        expect(report).not.toMatch(/(^|[\s"'`(])\/(tmp|work|home|usr)\//m);
      }
    }
    // The plan itself holds them: the explanation is what keeps them out.
    expect(plan).toContain('s3cret-two');
  });

  test('GIVEN the saved binary plan files THEN the command runs terraform show itself; --fail-on gates exit 3 with the report still written', async () => {
    const text = await runCommand(['explain', '--plan', path.join(dir, 'tfplan'), '--stack', dir]);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toBe(PlanExplanation.fromPlan(plan, dir).toText().replace(/\n$/, ''));
    const refresh = await runCommand(['explain', '--plan', path.join(dir, 'refresh.tfplan'), '--stack', dir, '--fail-on', 'replace,delete,drift', '--format', 'json']);
    expect(refresh).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: drift' });
    expect(reportIsValid(refresh.stdout)).toBe(true);
    // The same plans as `terraform show -json` text: no terraform run.
    fs.writeFileSync(path.join(dir, 'plan.json'), plan);
    fs.writeFileSync(path.join(dir, 'refresh.json'), refreshOnly);
    expect(await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--fail-on', 'drift,replace'])).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: replace, drift' });
    expect(await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--fail-on', 'delete'])).toMatchObject({ code: 3, stderr: 'explain: --fail-on matched: delete' });
    expect(await runCommand(['explain', '--plan', path.join(dir, 'refresh.json'), '--stack', dir, '--fail-on', 'replace,delete'])).toMatchObject({ code: 0, stderr: '' });
  });

  test('GIVEN the saved plan THEN the report\'s first line is Terraform\'s own count, as `terraform show` prints it', async () => {
    const shown = (await terraformAsync(dir, ['show', '-no-color', 'tfplan'], { env })).stdout;
    const terraformLine = shown.split('\n').find((l) => l.startsWith('Plan: '));
    expect(terraformLine).toBeDefined();
    const explained = PlanExplanation.fromPlan(plan, dir);
    expect(explained.toText().split('\n')[0]).toBe(terraformLine);
    // This plan has every kind Terraform counts: an import, adds, changes, destroys and forgets.
    expect(explained.terraformCounts).toEqual({ import: 1, add: 6, change: 2, destroy: 5, forget: 2 });
  });

  test('GIVEN the real plan THEN every replaced or deleted construct has an annotation and a SARIF result, on the line that declared it when it still is in the code', () => {
    const explained = PlanExplanation.fromPlan(plan, dir);
    const risky = explained.constructs.filter((c) => c.actions.some((a) => a === 'replace' || a === 'delete'));
    expect(risky.map((c) => c.constructPath).sort()).toEqual(['deleted', 'renamed']);
    const sarif = JSON.parse(explained.toSarif()).runs[0].results;
    const annotations = explained.toGithubAnnotations();
    const source = fs.readFileSync(__filename, 'utf8').split('\n');
    for (const c of risky) {
      const result = sarif.find((r: any) => r.partialFingerprints['constructPath/v1'].startsWith(`/${c.constructPath}:`));
      const location = result.locations[0].physicalLocation;
      const annotation = annotations.find((a) => a.includes(`title=${c.constructPath}`))!;
      if (c.inConfiguration) {
        expect(location.artifactLocation.uri).toBe('__tests__/explain/profiles.terraform.test.ts');
        // The declaring line is the one that calls the construct's constructor (here, inside this file's helper).
        expect(source[location.region.startLine - 1]).toContain('AuthenticationProfile');
        expect(annotation).toContain(`file=__tests__/explain/profiles.terraform.test.ts,line=${location.region.startLine}::`);
      } else {
        // Gone from the code: no line to point at; SARIF points at the app's cdktf.json, the annotation at none.
        expect(location.artifactLocation.uri).toBe('cdktf.json');
        expect(annotation).not.toContain('file=');
      }
    }
  });

  test('GIVEN the rename alone THEN the README sample is what explain prints for it', () => {
    const renamed = new Set([addresses.renamed.profile, addresses.renamed.trigger]);
    const parsed = JSON.parse(plan);
    const only = { ...parsed, resource_changes: parsed.resource_changes.filter((c: any) => renamed.has(c.address)), resource_drift: [] };
    const explained = PlanExplanation.fromPlan(JSON.stringify(only), dir);
    expect(docSample('explain-rename-text', explained.toText())).toBe(explained.toText());
    expect(docSample('explain-rename-markdown', explained.toMarkdown())).toBe(explained.toMarkdown());
  });

  test('GIVEN the content change alone THEN the docs\' sample is what explain prints for it', () => {
    const updated = new Set([addresses.updated.profile, addresses.updated.trigger]);
    const parsed = JSON.parse(plan);
    const only = { ...parsed, resource_changes: parsed.resource_changes.filter((c: any) => updated.has(c.address)), resource_drift: [] };
    const explained = PlanExplanation.fromPlan(JSON.stringify(only), dir);
    expect(docSample('explain-content-text', explained.toText())).toBe(explained.toText());
    expect(docSample('explain-content-markdown', explained.toMarkdown())).toBe(explained.toMarkdown());
  });
});
