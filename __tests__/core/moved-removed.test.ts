// Issue 19, item 3: movedFrom writes a `moved` block per resource a construct
// owns, from the address its former path had (the stack's own logical-id
// allocation) to the one it has now; release writes `removed` blocks with
// `destroy = false` instead of the resources. Both outputs say the same.
// Terraform's own verdict is in move-and-release.terraform.test.ts.
import { Construct } from 'constructs';
import { TerraformElement, TerraformIterator, TerraformResource, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AuthenticationProfileProps,
  AwsProvider,
  DatadogProvider,
  KubernetesProvider,
  NodeList,
  NodeListMode,
  NodeListProps,
  ReplaceTriggerKind,
  RestrictionPolicy,
  RestrictionPolicyProps,
} from '../../lib';
import { errorOf } from '../support/errors';
import { comparableBlocks, parseHclStack, readJsonStack, synthApp } from '../support/synth';

const PROFILE: AuthenticationProfileProps = { authenticationProfileName: 'analysts', authenticationProfileContent: { a: '1' } };
const POLICY: RestrictionPolicyProps = { resourceId: 'dashboard:abc-def-ghi' };
const NODES: NodeListProps = {
  mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
  items: [{ metadata: { name: 'worker-1', labels: { pool: 'a' }, annotations: { note: 'b' } } }, { metadata: { name: 'worker-2', labels: { pool: 'c' } } }],
};

let ids = 0;
function newStack(stack: new (scope: Construct, id: string) => TerraformStack = TerraformStack): TerraformStack {
  const s = new stack(Testing.app(), `s${ids++}`);
  new AwsProvider(s, 'aws', { region: 'us-east-1' });
  new DatadogProvider(s, 'datadog', {});
  new KubernetesProvider(s, 'kubernetes', {});
  return s;
}
const synth = (stack: TerraformStack) => JSON.parse(Testing.synth(stack));

/** `type.name` of every resource under `construct`, in tree order. */
function owned(construct: Construct): string[] {
  return construct.node
    .findAll()
    .filter((c): c is TerraformElement & { terraformResourceType: string } => typeof (c as any).terraformResourceType === 'string' && !(c instanceof TerraformStack))
    .map((r) => `${r.terraformResourceType}.${r.friendlyUniqueId}`);
}

type Kind = 0 | 1 | 2;

/** A profile (0), a policy (1) or a node list (2), declared under `scope`. */
function declare(scope: Construct, kind: Kind, id: string): AuthenticationProfile | RestrictionPolicy | NodeList {
  if (kind === 0) return new AuthenticationProfile(scope, id, PROFILE);
  return kind === 1 ? new RestrictionPolicy(scope, id, POLICY) : new NodeList(scope, id, NODES);
}

/** The addresses the constructs have when declared at `path` (below the stack) in a fresh stack. */
function addressesAt(path: string, kind: Kind, stackClass?: new (scope: Construct, id: string) => TerraformStack): string[] {
  const stack = newStack(stackClass);
  const parts = path.split('/');
  let scope: Construct = stack;
  for (const id of parts.slice(0, -1)) scope = new Construct(scope, id);
  return owned(declare(scope, kind, parts[parts.length - 1]));
}

/** A stack whose logical ids are the construct path joined by "__" (an override of cdktf's allocation). */
class PathNamedStack extends TerraformStack {
  protected allocateLogicalId(element: TerraformElement | any): string {
    const node = TerraformElement.isTerraformElement(element) ? element.node : element;
    const scopes = node.scopes as Construct[];
    return scopes.slice(scopes.indexOf(this) + 1).map((c) => c.node.id).join('__');
  }
}

describe('movedFrom', () => {
  test.each([
    ['renamed', 'analysts', 'renamed', undefined],
    ['moved into a scope', 'analysts', 'team/analysts', undefined],
    ['moved out of two scopes and renamed', 'a/b/analysts', 'other', undefined],
    ['moved, in a stack that overrides allocateLogicalId', 'analysts', 'team/analysts', PathNamedStack],
  ])('GIVEN each construct %s THEN a moved block per resource, from the address the former path gives to the current one', (_, from, to, stackClass) => {
    for (const kind of [0, 1, 2] as const) {
      const stack = newStack(stackClass);
      const parts = to.split('/');
      let scope: Construct = stack;
      for (const id of parts.slice(0, -1)) scope = new Construct(scope, id);
      const construct = declare(scope, kind, parts[parts.length - 1]);
      construct.movedFrom(from);
      const former = addressesAt(from, kind, stackClass);
      const current = owned(construct);
      expect(current.length).toBeGreaterThan(0);
      expect(synth(stack).moved).toEqual(former.map((f, i) => ({ from: f, to: current[i] })));
      expect(former).not.toEqual(current);
    }
  });

  test('GIVEN the profile with forEach and NULL_RESOURCE THEN the blocks name whole resources (every instance moves)', () => {
    const stack = newStack();
    const names = new TerraformVariable(stack, 'names', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(names.value);
    const profile = new AuthenticationProfile(new Construct(stack, 'team'), 'analysts', {
      ...PROFILE,
      forEach: iterator,
      authenticationProfileName: iterator.value,
      replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE,
    });
    profile.movedFrom('analysts');
    const moved = synth(stack).moved as { from: string; to: string }[];
    expect(moved.map((m) => m.to)).toEqual(owned(profile));
    expect(moved.map((m) => m.from.split('.')[0])).toEqual(['null_resource', 'aws_redshift_authentication_profile']);
    for (const m of moved) expect(`${m.from}${m.to}`).not.toContain('[');
  });

  test('GIVEN a resource whose logical id was overridden THEN it gets no block (its address does not follow the path)', () => {
    const stack = newStack();
    const list = new NodeList(stack, 'renamed', NODES);
    list.nodes[0].resources[0].overrideLogicalId('kept');
    list.movedFrom('nodes');
    const former = addressesAt('nodes', 2);
    const current = owned(list);
    expect(current[0]).toBe('kubernetes_labels.kept');
    expect(synth(stack).moved).toEqual([1, 2].map((i) => ({ from: former[i], to: current[i] })));
  });


  test.each([0, 1] as Kind[])('GIVEN construct %s whose main resource id is overridden after construction THEN its address, import block and resource key follow the override, and it gets no moved block', (kind) => {
    const stack = newStack();
    const props: any = kind === 0 ? PROFILE : POLICY;
    const construct = kind === 0 ? AuthenticationProfile.adopt(stack, 'renamed', props) : RestrictionPolicy.adopt(stack, 'renamed', props);
    construct.resource.overrideLogicalId('kept');
    construct.movedFrom('before');
    const type = kind === 0 ? 'aws_redshift_authentication_profile' : 'datadog_restriction_policy';
    expect(construct.address).toBe(`${type}.kept`);
    const json = synth(stack);
    expect(Object.keys(json.resource[type])).toEqual(['kept']);
    expect(json.import.map((i: any) => i.to)).toEqual([`${type}.kept`]);
    expect((json.moved ?? []).map((m: any) => m.to)).not.toContain(`${type}.kept`);
  });
  test('GIVEN moves in a stack THEN the HCL output holds the same moved blocks as the JSON output', async () => {
    const build = (hcl: boolean) =>
      synthApp((app) => {
        const stack = new TerraformStack(app, 'stack');
        new AwsProvider(stack, 'aws', { region: 'us-east-1' });
        new DatadogProvider(stack, 'datadog', {});
        new KubernetesProvider(stack, 'kubernetes', {});
        const team = new Construct(stack, 'team');
        for (const kind of [0, 1, 2] as const) declare(team, kind, `c${kind}`).movedFrom(`c${kind}`);
        // Another profile: releasing the one c0 declares would be refused (one live object, one declaration).
        AuthenticationProfile.release(stack, 'old', { ...PROFILE, authenticationProfileName: 'retired' });
      }, hcl);
    const json = comparableBlocks(readJsonStack(build(false), 'stack'));
    const hcl = comparableBlocks(await parseHclStack(build(true), 'stack'));
    expect(json.moved).toHaveLength(6);
    expect(json.removed).toHaveLength(2);
    expect(hcl).toEqual(json);
  });

  test.each([
    ['an empty path', ''],
    ['an empty id', 'team//analysts'],
    ['a trailing slash', 'analysts/'],
    ['the current path', 'team/renamed'],
    ['a token', Token.asString({ toString: () => 'x' } as any)],
    ['a number', 7],
    ['nothing', undefined],
  ])('GIVEN %s THEN a ValidationError names the construct, previousPath and the value; nothing is written', (_, previousPath) => {
    const stack = newStack();
    const profile = new AuthenticationProfile(new Construct(stack, 'team'), 'renamed', PROFILE);
    const error = errorOf(() => profile.movedFrom(previousPath as any));
    expect(error.constructPath).toBe(profile.node.path);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].path).toBe('previousPath');
    expect(error.problems[0].allowed).toMatch(/former path below its stack/);
    expect(synth(stack).moved).toBeUndefined();
  });

  test('GIVEN a second former path for one construct THEN a ValidationError says one per construct', () => {
    const stack = newStack();
    const policy = new RestrictionPolicy(stack, 'policy', POLICY);
    policy.movedFrom('old');
    const error = errorOf(() => policy.movedFrom('older'));
    expect(error.problems.map((p) => [p.path, p.allowed])).toEqual([['previousPath', expect.stringMatching(/one former path per construct/)]]);
    expect(synth(stack).moved).toHaveLength(1);
  });
});

describe('release', () => {
  test.each([
    ['AuthenticationProfile', (s: Construct) => AuthenticationProfile.release(s, 'p', PROFILE), 0],
    ['RestrictionPolicy', (s: Construct) => RestrictionPolicy.release(s, 'p', POLICY), 1],
    ['NodeList', (s: Construct) => NodeList.release(s, 'p', NODES), 2],
  ] as const)('GIVEN %s.release THEN removed blocks with destroy = false for the addresses the construct has, and no resource', (_, release, kind) => {
    const stack = newStack();
    const released = release(new Construct(stack, 'team'));
    expect(released.addresses).toEqual(addressesAt('team/p', kind));
    const config = synth(stack);
    expect(config.resource).toBeUndefined();
    expect(config.removed).toEqual(released.addresses.map((from) => ({ from, lifecycle: { destroy: false } })));
    // Each block carries the released resource's construct path, as cdktf's metadata does (for explain).
    const paths = stack.node.findAll().filter((c) => TerraformResource.isTerraformResource(c)).map((c) => c.node.path);
    expect(paths.length).toBe(released.addresses.length);
    expect(stack.toTerraform().removed.map((r: any) => r['//'].metadata.path)).toEqual(paths);
  });

  test('GIVEN a released profile with forEach THEN one block per resource, without instance keys', () => {
    const stack = newStack();
    const names = new TerraformVariable(stack, 'names', { type: 'map(string)' });
    const iterator = TerraformIterator.fromMap(names.value);
    const released = AuthenticationProfile.release(stack, 'p', { ...PROFILE, forEach: iterator, authenticationProfileName: iterator.value });
    expect(released.addresses).toHaveLength(2);
    expect(synth(stack).removed.map((r: { from: string }) => r.from)).toEqual(released.addresses);
    for (const a of released.addresses) expect(a).not.toContain('[');
  });

  test('GIVEN invalid props THEN the ValidationError the constructor gives, and nothing is written', () => {
    const stack = newStack();
    const error = errorOf(() => AuthenticationProfile.release(stack, 'p', { ...PROFILE, authenticationProfileName: 'no_underscores' }));
    expect(error.constructPath).toBe(`${stack.node.path}/p`);
    expect(error.problems.map((p) => p.path)).toEqual(['props/authenticationProfileName']);
    expect(errorOf(() => RestrictionPolicy.release(stack, 'q', { resourceId: 'nocolon' })).problems.map((p) => p.path)).toEqual(['props/resourceId']);
    expect(errorOf(() => NodeList.release(stack, 'n', { items: [{ metadata: { name: 'Bad Name' } }] })).problems[0].path).toMatch(/^props\/items\/0\/metadata\/name/);
    expect(synth(stack).removed).toBeUndefined();
  });
});
