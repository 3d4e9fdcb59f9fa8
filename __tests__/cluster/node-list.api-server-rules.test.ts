// The API server's own rules and the OpenAPI formats for node fields (issue 12),
// and the current node model (declaredFeatures, shardInfo).
import { Node, NodeList, NodeListProps } from '../../lib';
import { errorOf, newStack, node } from './helpers';

function problemsFor(bad: Node): { path: string; received: string; allowed: string }[] {
  return errorOf(() => new NodeList(newStack(), 'nodes', { items: [node('a'), bad] })).problems;
}

function expectProblem(bad: Node, path: string, allowed: RegExp): void {
  const problems = problemsFor(bad);
  const problem = problems.find((p) => p.path === path);
  if (problem === undefined) throw new Error(`no problem at ${path}: ${JSON.stringify(problems)}`);
  expect(problem.allowed).toMatch(allowed);
}

function accepted(props: NodeListProps): NodeList {
  return new NodeList(newStack(), 'nodes', props);
}

describe('formats', () => {
  test.each([
    ['metadata/creationTimestamp', { metadata: { name: 'b', creationTimestamp: 'yesterday' } }],
    ['metadata/deletionTimestamp', { metadata: { name: 'b', deletionTimestamp: '2024-02-30T00:00:00Z' } }],
    ['metadata/managedFields/0/time', { metadata: { name: 'b', managedFields: [{ time: '2024-01-01 10:00:00' }] } }],
    ['spec/taints/0/timeAdded', { metadata: { name: 'b' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule', timeAdded: 'yesterday' }] } }],
    ['status/conditions/0/lastHeartbeatTime', { metadata: { name: 'b' }, status: { conditions: [{ type: 'Ready', status: 'True', lastHeartbeatTime: '12:00' }] } }],
  ])('GIVEN %s that is not an RFC 3339 time THEN it is refused', (field, bad) => {
    expectProblem(bad as Node, `props/items/1/${field}`, /RFC 3339 timestamp/);
  });

  test('GIVEN RFC 3339 times with offsets and fractions THEN they are accepted', () => {
    expect(() => accepted({ items: [{ metadata: { name: 'b', creationTimestamp: '2024-02-29T23:59:59.123+02:00' }, spec: { taints: [{ key: 'k', effect: 'NoSchedule' as any, timeAdded: '2024-01-01T00:00:00Z' }] } }] })).not.toThrow();
  });

  // "Gi" and "-" used to be here: resource.ParseQuantity accepts both (as 0), so they are accepted now (issue 18).
  test.each(['1e', '4 cores', '1.5.2', '.e-10', ' 1', '1Ki5'])('GIVEN the capacity %j THEN it is refused as a quantity', (quantity) => {
    expectProblem({ metadata: { name: 'b' }, status: { capacity: { cpu: quantity } } }, 'props/items/1/status/capacity/cpu', /a quantity/);
  });

  test('GIVEN quantities in every suffix form THEN they are accepted', () => {
    const capacity = { a: '4', b: '16Gi', c: '500m', d: '1e3', e: '0.5', f: '+1Ki', g: '1E-2', h: '102625208Ki' };
    expect(() => accepted({ items: [{ metadata: { name: 'b' }, status: { capacity, allocatable: capacity } }] })).not.toThrow();
  });

  test('GIVEN quantities ParseQuantity reads as zero ("Gi", "-", ".") THEN they are accepted, as the API server accepts them', () => {
    expect(() => accepted({ items: [{ metadata: { name: 'b' }, status: { capacity: { a: 'Gi', b: '-', c: '.' } } }] })).not.toThrow();
  });

  test.each([
    ['cpu', '-1', /non-negative/],
    ['pods', '110.5', /whole number: pods is counted in integers/],
    ['example.com/gpu', '0.5', /whole number: example.com\/gpu is counted in integers \(an extended resource\)/],
  ])('GIVEN the capacity and allocatable %s %j THEN ValidateNodeResources refuses both', (name, value, allowed) => {
    const bad = { metadata: { name: 'b' }, status: { capacity: { [name]: value }, allocatable: { [name]: value } } };
    expectProblem(bad, `props/items/1/status/capacity/${name}`, allowed);
    expectProblem(bad, `props/items/1/status/allocatable/${name}`, allowed);
  });

  test('GIVEN fractional cpu and memory, whole pods and GPUs THEN they are accepted', () => {
    const capacity = { 'cpu': '3.5', 'memory': '16Gi', 'pods': '110', 'example.com/gpu': '8', 'hugepages-2Mi': '1.5Mi' };
    expect(() => accepted({ items: [{ metadata: { name: 'b' }, status: { capacity, allocatable: capacity } }] })).not.toThrow();
  });

  test.each(['2024-05-01t12:00:00Z', '2024-05-01T12:00:00z', '2024-05-01T12:00:00+25:00', '2024-06-30T23:59:60Z'])('GIVEN the timestamp %j that Go refuses THEN it is refused', (time) => {
    expectProblem({ metadata: { name: 'b', creationTimestamp: time } }, 'props/items/1/metadata/creationTimestamp', /RFC 3339 timestamp/);
  });

  test('GIVEN timestamps Go accepts (one-digit hour, comma fraction, +24:00) THEN they are accepted', () => {
    for (const time of ['2024-05-01T1:00:00Z', '2024-05-01T12:00:00,5Z', '2024-05-01T12:00:00+24:00']) {
      expect(() => accepted({ items: [{ metadata: { name: 'b', creationTimestamp: time } }] })).not.toThrow();
    }
  });

  test('GIVEN a podCIDR with a zone THEN it is refused; with leading zeros THEN it is accepted', () => {
    expectProblem({ metadata: { name: 'b' }, spec: { podCIDR: 'fe80::1%eth0/64' } }, 'props/items/1/spec/podCIDR', /a CIDR/);
    expect(() => accepted({ items: [{ metadata: { name: 'b' }, spec: { podCIDR: '010.244.001.000/24' } }] })).not.toThrow();
  });

  test('GIVEN an IPv4 CIDR and an IPv4-mapped IPv6 CIDR THEN they are one family (IPv4) and the second is refused', () => {
    expectProblem({ metadata: { name: 'b' }, spec: { podCIDRs: ['10.0.0.0/24', '::ffff:10.1.0.0/120'] } }, 'props/items/1/spec/podCIDRs/1', /other IP family/);
  });

  test.each([
    ['spec/podCIDR', { podCIDR: '10.244.1.0' }],
    ['spec/podCIDR', { podCIDR: '10.244.1.0/33' }],
    ['spec/podCIDRs/1', { podCIDRs: ['10.244.1.0/24', 'fd00::/129'] }],
  ])('GIVEN %s that is not a CIDR THEN it is refused', (field, spec) => {
    expectProblem({ metadata: { name: 'b' }, spec }, `props/items/1/${field}`, /a CIDR/);
  });
});

describe('what the API server refuses', () => {
  test.each(['apiVersion', 'kind', 'name', 'uid'])('GIVEN an owner reference with an empty %s THEN it is refused', (field) => {
    const reference = { apiVersion: 'v1', kind: 'Pod', name: 'p', uid: 'u', [field]: '' };
    expectProblem({ metadata: { name: 'b', ownerReferences: [reference] } }, `props/items/1/metadata/ownerReferences/0/${field}`, /not empty/);
  });

  test('GIVEN two controller owner references THEN the second is refused', () => {
    const ref = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', name, uid: name, controller: true });
    expectProblem({ metadata: { name: 'b', ownerReferences: [ref('x'), ref('y')] } }, 'props/items/1/metadata/ownerReferences/1/controller', /only one owner reference may be the controller/);
  });

  test('GIVEN a finalizer that is not a qualified name THEN it is refused', () => {
    expectProblem({ metadata: { name: 'b', finalizers: ['example.com/ok', 'not ok'] } }, 'props/items/1/metadata/finalizers/1', /qualified name/);
  });

  test('GIVEN both orphan and foregroundDeletion finalizers THEN they are refused', () => {
    expectProblem({ metadata: { name: 'b', finalizers: ['orphan', 'foregroundDeletion'] } }, 'props/items/1/metadata/finalizers', /not both "orphan" and "foregroundDeletion"/);
  });

  test('GIVEN more than two podCIDRs THEN they are refused', () => {
    expectProblem({ metadata: { name: 'b' }, spec: { podCIDRs: ['10.0.0.0/24', 'fd00::/64', '10.0.1.0/24'] } }, 'props/items/1/spec/podCIDRs', /at most two CIDRs/);
  });

  test('GIVEN two podCIDRs of one IP family THEN the second is refused', () => {
    expectProblem({ metadata: { name: 'b' }, spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24', '10.0.1.0/24'] } }, 'props/items/1/spec/podCIDRs/1', /other IP family/);
  });

  test('GIVEN a dual-stack pair THEN it is accepted', () => {
    expect(() => accepted({ items: [{ metadata: { name: 'b' }, spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24', 'fd00:10:244::/64'] } }] })).not.toThrow();
  });

  test('GIVEN spec.configSource without a source THEN configMap is required', () => {
    expectProblem({ metadata: { name: 'b' }, spec: { configSource: {} } }, 'props/items/1/spec/configSource/configMap', /a value is required/);
  });

  test.each([
    ['name', 'Kubelet_Config', /DNS-1123 subdomain/],
    ['namespace', 'kube.system', /DNS-1123 label/],
    ['kubeletConfigKey', 'kubelet config', /letters, digits, "-", "_" and "."/],
  ])('GIVEN a config map reference with an invalid %s THEN it is refused', (field, value, allowed) => {
    const configMap = { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet', [field]: value };
    expectProblem({ metadata: { name: 'b' }, spec: { configSource: { configMap } } }, `props/items/1/spec/configSource/configMap/${field}`, allowed);
  });
});

describe('the current node model', () => {
  test('GIVEN status.declaredFeatures and ListMeta.shardInfo THEN they are accepted, and status is not sent', () => {
    const list = accepted({
      items: [{ metadata: { name: 'b' }, status: { declaredFeatures: ['InPlacePodVerticalScaling'] } }],
      metadata: { shardInfo: { selector: 'shard=1' } },
    });
    expect(list.nodes[0].object.status).toEqual({ declaredFeatures: ['InPlacePodVerticalScaling'] });
    expect(list.nodes[0].manifest.status).toBeUndefined();
    expect(list.metadata?.shardInfo).toEqual({ selector: 'shard=1' });
  });
});
