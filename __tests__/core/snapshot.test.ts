// The props snapshot (lib/core/snapshot.ts) reads every value once: a value that
// contains itself is refused at its path as a cycle (not as a value nested too
// deep), while one object held in two places (a shared value, no cycle) is read
// in both; a plain object is plain data even where it looks like a class's
// instance, and an instance of the library's value classes is kept as it is.
import { Testing, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, KubernetesProvider, Literal, NodeList, NodeListProps, Principal, ReplaceTriggerKind, RestrictionPolicy } from '../../lib';
import { errorOf } from '../support/errors';
import { synthJson } from '../support/synth';

function stack(): TerraformStack {
  return new TerraformStack(Testing.app(), 'st');
}

describe('the props snapshot', () => {
  test('GIVEN content that contains itself THEN the problem is a cycle at the key that closes it, and nothing is declared', () => {
    const content: { [key: string]: unknown } = { A: 'b' };
    content.loop = { again: content };
    const s = stack();
    const error = errorOf(() => new AuthenticationProfile(s, 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: content as any }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/authenticationProfileContent/loop/again', received: 'a value that contains itself (a cycle)' })]);
    expect(s.node.tryFindChild('p')).toBeUndefined();
  });

  // The snapshot records whether its walk met a token marker, so that the checks need not walk the props again
  // (token-marker.ts). A getter that makes a construct takes a snapshot of its own in the middle of the walk:
  // it must not reset what the outer walk already met (here the Literal.text kind, checked as its text).
  test('GIVEN a getter that makes another construct while the props are read THEN a Literal.text met before it is still checked as its text', () => {
    const s = stack();
    new AwsProvider(s, 'aws', { region: 'eu-west-1' });
    const props = {
      authenticationProfileName: 'outer',
      replaceTrigger: Literal.text('bogus') as ReplaceTriggerKind,
      get authenticationProfileContent() {
        new AuthenticationProfile(s, 'inner', { authenticationProfileName: 'inner', authenticationProfileContent: { A: 'b' } });
        return { C: 'd' };
      },
    };
    const error = errorOf(() => new AuthenticationProfile(s, 'outer', props));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/replaceTrigger', received: '"bogus"' })]);
  });

  test('GIVEN one labels object shared by two nodes (no cycle) THEN both nodes are read and written with it', () => {
    const labels = { pool: 'general' };
    const item = (name: string) => ({ metadata: { name, labels }, spec: {} });
    const s = stack();
    new KubernetesProvider(s, 'kubernetes', { configPath: '~/.kube/config' });
    new NodeList(s, 'nodes', { items: [item('a'), item('b')] } as unknown as NodeListProps);
    const manifests = Object.values<any>(synthJson(s).resource.kubernetes_manifest).map((r) => r.manifest.metadata);
    expect(manifests).toEqual([
      { name: 'a', labels: { pool: 'general' } },
      { name: 'b', labels: { pool: 'general' } },
    ]);
  });

  test('GIVEN a plain object shaped like a principal THEN it is refused as not a string; a Principal is taken as it is', () => {
    const s = stack();
    new DatadogProvider(s, 'datadog', {});
    const lookalike = { principalType: 'role', id: '00000000-0000-1111-0000-000000000000', toString: () => 'role:00000000-0000-1111-0000-000000000000' };
    const error = errorOf(() => new RestrictionPolicy(s, 'bad', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [lookalike as any] }] }));
    expect(error.problems.map((p) => p.path)).toEqual(['props/bindings/0/principals/0']);
    new RestrictionPolicy(s, 'good', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [Principal.role('00000000-0000-1111-0000-000000000000')] }] });
    const policy = Object.values<any>(synthJson(s).resource.datadog_restriction_policy)[0];
    expect(policy.bindings).toEqual([{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000000'] }]);
  });
});
