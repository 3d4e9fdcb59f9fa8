// Issue 19, items 1 and 2: the constructs take cdktf's meta-arguments as any
// cdktf resource does. `forEach` and `count` repeat everything a construct
// declares alike (the name trigger and the profile's replace_triggered_by
// naming the matching instance; the import block's for_each); every
// `dependsOn` and `replaceTriggeredBy` entry is written as a plain address, in
// JSON and HCL. Terraform's own verdict is in
// __tests__/warehouse/iteration.terraform.test.ts.
import { Construct } from 'constructs';
import {
  Fn,
  TerraformCount,
  TerraformIterator,
  TerraformResource,
  TerraformStack,
  TerraformVariable,
  Testing,
  Token,
} from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, NodeList, ReplaceTriggerKind, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';
import { plainAddress } from '../../lib/core/meta-arguments';
import { WireResource } from '../../lib/core/wire-elements';
import { comparableBlocks, parseHclStack, readJsonStack, synthApp } from '../support/synth';
import { errorOf } from '../support/errors';

const CONTENT = { a: '1' };
let ids = 0;
const newStack = () => new TerraformStack(Testing.app(), `s${ids++}`);
const synth = (stack: TerraformStack) => JSON.parse(Testing.synth(stack));

/** A user's own resource (as @cdktf/provider-* classes are). */
function marker(scope: Construct, id = 'marker'): TerraformResource {
  return new WireResource(scope, id, { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({}) });
}

const refusal = errorOf;

/** The blocks of `build`'s stack as the JSON and as the HCL output hold them (HCL parsed back). */
async function bothOutputs(build: (stack: TerraformStack) => void): Promise<{ json: any; hcl: any }> {
  const make = (hcl: boolean) =>
    synthApp((app) => {
      const stack = new TerraformStack(app, 'stack');
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      new DatadogProvider(stack, 'datadog', {});
      build(stack);
    }, hcl);
  return { json: comparableBlocks(readJsonStack(make(false), 'stack')), hcl: comparableBlocks(await parseHclStack(make(true), 'stack')) };
}

describe('item 2: dependsOn and replaceTriggeredBy entries as Terraform takes them', () => {
  const build = (stack: TerraformStack) => {
    const m = marker(stack);
    const other = new AuthenticationProfile(stack, 'other', { authenticationProfileName: 'other', authenticationProfileContent: CONTENT });
    const policy = new RestrictionPolicy(stack, 'policy', { resourceId: 'dashboard:abc' });
    new AuthenticationProfile(stack, 'p', {
      authenticationProfileName: 'p',
      authenticationProfileContent: CONTENT,
      dependsOn: [m, other, 'terraform_data.marker' as any, { fqn: m.getStringAttribute('id') }, policy],
      lifecycle: { replaceTriggeredBy: [m, other, 'terraform_data.marker.input', m.getStringAttribute('output'), m.fqn, policy] },
    });
  };

  test('GIVEN a resource, a construct of the library, an address and references THEN JSON writes plain addresses (whole objects in depends_on)', () => {
    const stack = newStack();
    build(stack);
    const profile = synth(stack).resource.aws_redshift_authentication_profile.p_97E23C74;
    expect(profile.depends_on).toEqual([
      'terraform_data.marker',
      'aws_redshift_authentication_profile.other_7F016EE3',
      'datadog_restriction_policy.policy_E16B4B70',
    ]);
    expect(profile.lifecycle.replace_triggered_by).toEqual([
      'terraform_data.marker',
      'aws_redshift_authentication_profile.other_7F016EE3',
      'terraform_data.marker.input',
      'terraform_data.marker.output',
      'datadog_restriction_policy.policy_E16B4B70',
      'terraform_data.p_NameTrigger_0F4BC049',
    ]);
    expect(JSON.stringify(profile)).not.toContain('${');
  });

  test('GIVEN the same stack THEN the HCL output writes the same references, unquoted', async () => {
    const { json, hcl } = await bothOutputs(build);
    expect(hcl.resource).toEqual(json.resource);
    const { json: policyJson, hcl: policyHcl } = await bothOutputs((stack) => {
      const m = marker(stack);
      new RestrictionPolicy(stack, 'policy', { resourceId: 'dashboard:abc', dependsOn: [m], lifecycle: { replaceTriggeredBy: [m.fqn] } });
    });
    expect(policyJson.resource.datadog_restriction_policy.policy_E16B4B70).toMatchObject({ depends_on: ['terraform_data.marker'], lifecycle: { replace_triggered_by: ['terraform_data.marker'] } });
    expect(policyHcl.resource).toEqual(policyJson.resource);
  });

  test('GIVEN a NodeList in dependsOn (JavaScript) THEN it stands for every resource it declares', () => {
    const stack = newStack();
    const nodes = new NodeList(stack, 'nodes', { items: [{ metadata: { name: 'n1' } }, { metadata: { name: 'n2' } }] });
    const m = marker(stack);
    new NodeList(stack, 'more', { items: [{ metadata: { name: 'n3' } }], dependsOn: [m, nodes as any] });
    expect(synth(stack).resource.kubernetes_manifest.more_n3_962F822B.depends_on).toEqual(['terraform_data.marker', 'kubernetes_manifest.nodes_n1_31A43C12', 'kubernetes_manifest.nodes_n2_94B56A8E']);
  });

  test('GIVEN entries that name no object THEN the construct refuses each with its path, and writes nothing', () => {
    const stack = newStack();
    const v = new TerraformVariable(stack, 'v', { type: 'string' });
    const error = refusal(() =>
      new AuthenticationProfile(stack, 'p', {
        authenticationProfileName: 'p',
        authenticationProfileContent: CONTENT,
        dependsOn: ['not an address' as any, 42 as any, { fqn: v.stringValue }],
        lifecycle: { replaceTriggeredBy: [Fn.upper(v.stringValue), '${terraform_data.marker}-x', null as any] },
      }),
    );
    expect(error.problems.map((p) => p.path)).toEqual([
      'props/dependsOn/0',
      'props/dependsOn/1',
      'props/lifecycle/replaceTriggeredBy/0',
      'props/lifecycle/replaceTriggeredBy/1',
      'props/lifecycle/replaceTriggeredBy/2',
    ]);
    expect(error.problems[0].allowed).toContain('depends_on takes whole resources');
    expect(synth(stack).resource).toBeUndefined();
  });

  test('GIVEN addresses THEN plainAddress keeps what each list takes', () => {
    expect(plainAddress('${aws_x.y}', 'replaceTriggeredBy')).toBe('aws_x.y');
    expect(plainAddress('aws_x.y[each.key].id', 'replaceTriggeredBy')).toBe('aws_x.y[each.key].id');
    expect(plainAddress('aws_x.y["k"]', 'replaceTriggeredBy')).toBe('aws_x.y["k"]');
    expect(plainAddress('aws_x.y.id', 'dependsOn')).toBe('aws_x.y');
    expect(plainAddress('aws_x.y.*.id', 'dependsOn')).toBe('aws_x.y');
    expect(plainAddress('data.aws_x.y.id', 'dependsOn')).toBe('data.aws_x.y');
    expect(plainAddress('module.m.out', 'dependsOn')).toBe('module.m');
    expect(plainAddress('aws_x', 'dependsOn')).toBeUndefined();
    expect(plainAddress('upper(var.v)', 'replaceTriggeredBy')).toBeUndefined();
  });
});

describe('item 1: forEach and count repeat everything a construct declares', () => {
  const mapStack = (kind?: ReplaceTriggerKind) => {
    const stack = newStack();
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(profiles.value);
    const profile = new AuthenticationProfile(stack, 'p', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT, replaceTrigger: kind });
    return { stack, profile, iterator };
  };

  test('GIVEN forEach over a map THEN the trigger has the same for_each and the profile names its matching instance', () => {
    const { stack } = mapStack();
    const out = synth(stack);
    expect(out.resource.terraform_data.p_NameTrigger_0F4BC049).toEqual({ for_each: '${var.profiles}', triggers_replace: '${each.value}' });
    expect(out.resource.aws_redshift_authentication_profile.p_97E23C74).toMatchObject({
      for_each: '${var.profiles}',
      authentication_profile_name: '${each.value}',
      lifecycle: { replace_triggered_by: ['terraform_data.p_NameTrigger_0F4BC049[each.key]'] },
    });
  });

  test('GIVEN forEach and a null_resource trigger THEN the null_resource is repeated too', () => {
    const { stack } = mapStack(ReplaceTriggerKind.NULL_RESOURCE);
    const out = synth(stack);
    expect(out.resource.null_resource.p_NameTrigger_0F4BC049).toEqual({ for_each: '${var.profiles}', triggers: { authentication_profile_name: '${each.value}' } });
    expect(out.resource.aws_redshift_authentication_profile.p_97E23C74.lifecycle.replace_triggered_by).toEqual(['null_resource.p_NameTrigger_0F4BC049[each.key]']);
  });

  test('GIVEN count (a TerraformCount) THEN the trigger has the same count and the profile names [count.index]', () => {
    const stack = newStack();
    const count = TerraformCount.of(3);
    new AuthenticationProfile(stack, 'p', { count, authenticationProfileName: `p-${Token.asString(count.index)}`, authenticationProfileContent: CONTENT });
    const out = synth(stack);
    expect(out.resource.terraform_data.p_NameTrigger_0F4BC049).toEqual({ count: 3, triggers_replace: 'p-${count.index}' });
    expect(out.resource.aws_redshift_authentication_profile.p_97E23C74).toMatchObject({ count: 3, lifecycle: { replace_triggered_by: ['terraform_data.p_NameTrigger_0F4BC049[count.index]'] } });
  });

  test('GIVEN count as a number token (known at plan time) THEN it skips the number checks and both resources take it', () => {
    const stack = newStack();
    const n = new TerraformVariable(stack, 'n', { type: 'number' });
    const names = new TerraformVariable(stack, 'names', { type: 'list(string)' });
    const count = TerraformCount.of(n.numberValue);
    new AuthenticationProfile(stack, 'p', { count, authenticationProfileName: Fn.element(names.listValue, count.index), authenticationProfileContent: CONTENT });
    new RestrictionPolicy(stack, 'r', { count: n.numberValue, resourceId: RestrictionPolicyResourceId.dashboard(Fn.element(names.listValue, 0)) });
    const out = synth(stack);
    expect(out.resource.terraform_data.p_NameTrigger_0F4BC049).toEqual({ count: '${var.n}', triggers_replace: '${element(var.names, count.index)}' });
    expect(out.resource.aws_redshift_authentication_profile.p_97E23C74.count).toBe('${var.n}');
    expect(Object.values<any>(out.resource.datadog_restriction_policy)[0].count).toBe('${var.n}');
  });

  test('GIVEN forEach set on profile.resource after construction THEN the trigger follows it', () => {
    const stack = newStack();
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(profiles.value);
    const profile = new AuthenticationProfile(stack, 'p', { authenticationProfileName: Token.asString(iterator.value), authenticationProfileContent: CONTENT });
    profile.resource.forEach = iterator;
    const out = synth(stack);
    expect(out.resource.terraform_data.p_NameTrigger_0F4BC049.for_each).toBe('${var.profiles}');
    expect(out.resource.aws_redshift_authentication_profile.p_97E23C74.lifecycle.replace_triggered_by).toEqual(['terraform_data.p_NameTrigger_0F4BC049[each.key]']);
  });

  test('GIVEN adopt with forEach THEN the import block has the same for_each, to the instance, id each name', () => {
    const stack = newStack();
    const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(profiles.value);
    AuthenticationProfile.adopt(stack, 'p', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT });
    const policies = TerraformIterator.fromList(['abc', 'def']);
    RestrictionPolicy.adopt(stack, 'policy', { forEach: policies, resourceId: RestrictionPolicyResourceId.dashboard(policies.value) });
    expect(synth(stack).import).toEqual([
      { for_each: '${var.profiles}', id: '${each.value}', to: 'aws_redshift_authentication_profile.p_97E23C74[each.key]' },
      { for_each: '${toset(["abc", "def"])}', id: 'dashboard:${each.value}', to: 'datadog_restriction_policy.policy_E16B4B70[each.key]' },
    ]);
  });

  test('GIVEN the iterated stacks THEN the HCL output holds what the JSON output holds', async () => {
    const { json, hcl } = await bothOutputs((stack) => {
      const profiles = new TerraformVariable(stack, 'profiles', { type: 'map(string)' });
      const iterator = TerraformIterator.fromMap(profiles.value);
      AuthenticationProfile.adopt(stack, 'p', { forEach: iterator, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT });
      const count = TerraformCount.of(2);
      new AuthenticationProfile(stack, 'c', { count, authenticationProfileName: `c-${Token.asString(count.index)}`, authenticationProfileContent: CONTENT });
      const list = TerraformIterator.fromList(['abc', 'def']);
      new RestrictionPolicy(stack, 'policy', { forEach: list, resourceId: RestrictionPolicyResourceId.dashboard(list.value) });
    });
    expect(hcl).toEqual(json);
  });

  test('GIVEN a map iterator THEN per-instance references go through cdktf\'s iterators', () => {
    const { stack, profile } = mapStack();
    const instances = TerraformIterator.fromResources(profile.resource);
    new RestrictionPolicy(stack, 'policy', { forEach: instances, resourceId: RestrictionPolicyResourceId.of('dashboard', instances.getString('id')) });
    const out = synth(stack);
    expect(out.resource.datadog_restriction_policy.policy_E16B4B70).toMatchObject({ for_each: '${aws_redshift_authentication_profile.p_97E23C74}', resource_id: 'dashboard:${each.value.id}' });
  });

  test('GIVEN one literal name for every instance, or forEach with count THEN the construct refuses them', () => {
    const stack = newStack();
    const iterator = TerraformIterator.fromList(['a', 'b']);
    const sameName = refusal(() => new AuthenticationProfile(stack, 'p', { forEach: iterator, authenticationProfileName: 'same', authenticationProfileContent: CONTENT }));
    expect(sameName.problems).toEqual([expect.objectContaining({ path: 'props/authenticationProfileName', allowed: expect.stringContaining('differs per instance') })]);
    const both = refusal(() => new AuthenticationProfile(stack, 'q', { forEach: iterator, count: 2, authenticationProfileName: iterator.value, authenticationProfileContent: CONTENT }));
    expect(both.problems.map((p) => p.path)).toEqual(['props/count']);
    const samePolicy = refusal(() => new RestrictionPolicy(stack, 'r', { count: 2, resourceId: 'dashboard:abc' }));
    expect(samePolicy.problems.map((p) => p.path)).toEqual(['props/resourceId']);
    const notIterator = refusal(() => new RestrictionPolicy(stack, 's', { forEach: ['a'] as any, count: -1, resourceId: 'dashboard:abc' }));
    expect(notIterator.problems.map((p) => p.path)).toEqual(['props/forEach', 'props/count']);
    // count 1 with a literal name is one profile.
    new AuthenticationProfile(stack, 'one', { count: 1, authenticationProfileName: 'one', authenticationProfileContent: CONTENT });
  });

  test('GIVEN adopt with count THEN it is refused: import blocks repeat with for_each only', () => {
    const stack = newStack();
    const count = TerraformCount.of(2);
    const error = refusal(() => AuthenticationProfile.adopt(stack, 'p', { count, authenticationProfileName: `p-${Token.asString(count.index)}`, authenticationProfileContent: CONTENT }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/count', allowed: expect.stringContaining('for_each only') })]);
    expect(synth(stack).resource).toBeUndefined();
  });

  test('GIVEN forEach or count on a NodeList (JavaScript) THEN it is refused with the reason', () => {
    const stack = newStack();
    const error = refusal(() => new NodeList(stack, 'n', { items: [{ metadata: { name: 'n1' } }], forEach: TerraformIterator.fromList(['a']), count: 2 } as any));
    expect(error.problems.map((p) => p.path)).toEqual(['props/forEach', 'props/count']);
    expect(error.problems[0].allowed).toContain('named after the node at synth time');
  });
});
