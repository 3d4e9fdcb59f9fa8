// Issue 19 (items 1 and 2), judged by the real terraform on both frameworks:
// the meta-arguments in every form pass `terraform validate` (a user's
// replaceTriggeredBy and dependsOn entries, where cdktf's own rendering is
// refused), and restriction policies repeated with forEach are planned by the
// echo providers, both outputs alike. The profile lifecycle with forEach is in
// iteration.terraform.test.ts.
import { TerraformCount, TerraformIterator, TerraformStack, TerraformVariable, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';
import { WireResource } from '../../lib/core/wire-elements';
import { HclJudge } from '../support/hcl-judge';
import { stackFile } from '../support/synth';
import { init, terraform, workdir } from '../support/terraform';

const TIMEOUT = 10 * 60 * 1000;
const NAMES = { analysts: 'iter-analysts', engineers: 'iter-engineers', finance: 'iter-finance' };
const CONTENT = { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID' };

describe('meta-arguments in every form: terraform validate (offline aws provider), JSON and HCL', () => {
  const build = (stack: TerraformStack) => {
    new AwsProvider(stack, 'aws', { region: 'us-east-1', skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true });
    // A user's own resource, as a @cdktf/provider-* class would be.
    const marker = new WireResource(stack, 'marker', { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({}) });
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)', default: NAMES });
    const iterator = TerraformIterator.fromMap(profiles.value);
    const adopted = AuthenticationProfile.adopt(stack, 'adopted', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT });
    const count = TerraformCount.of(2);
    new AuthenticationProfile(stack, 'counted', {
      count,
      authenticationProfileName: `counted-${Token.asString(count.index)}`,
      authenticationProfileContent: CONTENT,
      dependsOn: [marker, adopted, { fqn: marker.getStringAttribute('id') }],
      lifecycle: { replaceTriggeredBy: [marker, adopted, 'terraform_data.marker.output', marker.getStringAttribute('id'), marker.fqn] },
    });
    const list = TerraformIterator.fromList(['iter-x', 'iter-y']);
    new AuthenticationProfile(stack, 'listed', { forEach: list, authenticationProfileName: list.value, authenticationProfileContent: CONTENT, lifecycle: { replaceTriggeredBy: [marker] } });
  };

  test.each([false, true])('GIVEN the stack (hcl: %s) THEN terraform validate accepts it', (hcl) => {
    const { file, text } = stackFile('iter', build, hcl);
    const dir = workdir({ [file]: text });
    init(dir);
    const result = terraform(dir, ['validate', '-no-color'], { allowFailure: true });
    expect(result.stderr + result.stdout).toContain('The configuration is valid');
  });

  test('GIVEN replaceTriggeredBy as cdktf writes a resource ("${type.name}") THEN terraform refuses it, and the plain address the library writes passes', () => {
    const config = (trigger: string) => JSON.stringify({ resource: { terraform_data: { p: {}, marker: { lifecycle: { replace_triggered_by: [trigger] } } } } });
    const cdktfWay = workdir({ 'main.tf.json': config('${terraform_data.p}') });
    const refused = terraform(cdktfWay, ['init', '-input=false', '-no-color', '-backend=false'], { allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr + refused.stdout).toContain('Invalid character');
    const plain = workdir({ 'main.tf.json': config('terraform_data.p') });
    terraform(plain, ['init', '-input=false', '-no-color', '-backend=false']);
    expect(terraform(plain, ['validate', '-no-color']).stdout).toContain('The configuration is valid');
  });
});

describe('RestrictionPolicy with forEach: the echo providers plan both outputs alike', () => {
  let judge: HclJudge;
  beforeAll(async () => {
    judge = await HclJudge.start();
  });
  afterAll(async () => {
    await judge?.stop();
  });

  test(
    'GIVEN forEach over a map variable, and adopt with forEach over a list THEN each output plans one policy per entry and one import per element',
    async () => {
      const verdict = await judge.judge((app) => {
        const stack = new TerraformStack(app, 'policies');
        new DatadogProvider(stack, 'datadog', {});
        const dashboards = new TerraformVariable(stack, 'dashboards', { type: 'map(string)', default: { sales: 'abc-def-ghi', ops: 'jkl-mno-pqr', hr: 'stu-vwx-yz1' } });
        const iterator = TerraformIterator.fromMap(dashboards.value);
        new RestrictionPolicy(stack, 'policy', {
          forEach: iterator,
          resourceId: RestrictionPolicyResourceId.dashboard(iterator.value),
          bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }],
        });
        const notebooks = TerraformIterator.fromList(['nb-1', 'nb-2']);
        RestrictionPolicy.adopt(stack, 'adopted', { forEach: notebooks, resourceId: RestrictionPolicyResourceId.notebook(notebooks.value) });
      });
      expect(verdict.json.outcome).toBe('ok');
      expect(verdict.agree).toBe(true);
      const resources = (verdict.json.reading as any).resources as Array<{ address: string; actions: string[]; importing?: { id: string }; after: any }>;
      const created = resources.filter((r) => r.actions.join() === 'create').map((r) => [r.address, r.after.resource_id]);
      expect(created).toEqual(
        expect.arrayContaining([
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["sales"\]$/), 'dashboard:abc-def-ghi'],
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["ops"\]$/), 'dashboard:jkl-mno-pqr'],
          [expect.stringMatching(/^datadog_restriction_policy\.policy_\w+\["hr"\]$/), 'dashboard:stu-vwx-yz1'],
        ]),
      );
      expect(created).toHaveLength(3);
      const imported = resources.filter((r) => r.importing !== undefined).map((r) => [r.address.replace(/_\w+\[/, '['), r.importing!.id]);
      expect(imported).toEqual([
        ['datadog_restriction_policy.adopted["nb-1"]', 'notebook:nb-1'],
        ['datadog_restriction_policy.adopted["nb-2"]', 'notebook:nb-2'],
      ]);
      process.stdout.write(`policies plan (json and hcl): ${created.length} creates, ${imported.length} imports\n`);
    },
    TIMEOUT,
  );
});
