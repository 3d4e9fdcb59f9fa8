import { Testing, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { ANNOTATIONS_MAX_BYTES, Node, NodeList, NodeListMode, NodeListProps } from '../../lib';
import { errorOf, newStack, node, warningsOf } from './helpers';

function build(props: NodeListProps, stack: TerraformStack = newStack()): NodeList {
  return new NodeList(stack, 'nodes', props);
}

/** The problem lines of the error thrown for `items` (after two valid nodes, so the bad one is items/2). */
function problemFor(bad: Node, mode?: NodeListMode): string {
  const error = errorOf(() => build({ items: [node('a'), node('b'), bad], mode }));
  expect(error.message).toMatch(/^stack\/nodes: /);
  return error.message;
}

const CM = { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet' };

describe('NodeList rules: required fields', () => {
  test('GIVEN no items THEN props/items is required', () => {
    const message = errorOf(() => build({} as NodeListProps)).message;
    expect(message).toContain('props/items: received nothing; allowed: a value is required');
  });

  test('GIVEN an item without metadata THEN items/2/metadata is required', () => {
    expect(problemFor({} as Node)).toContain('props/items/2/metadata: received nothing; allowed: a value is required');
  });

  test('GIVEN an item without a name THEN items/2/metadata/name is required', () => {
    expect(problemFor({ metadata: { labels: { a: 'b' } } })).toContain('props/items/2/metadata/name: received nothing; allowed: a value is required');
  });

  test('GIVEN a taint without an effect THEN its effect is required', () => {
    const bad = node('c', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }, { key: 'k2' } as any] } });
    expect(problemFor(bad)).toContain('props/items/2/spec/taints/1/effect: received nothing; allowed: a value is required');
  });

  test('GIVEN a condition without a type THEN its type is required', () => {
    const bad = node('c', { status: { conditions: [{ status: 'True' } as any] } });
    expect(problemFor(bad)).toContain('props/items/2/status/conditions/0/type: received nothing; allowed: a value is required');
  });

  test('GIVEN a config source without kubeletConfigKey THEN it is required', () => {
    const bad = node('c', { spec: { configSource: { configMap: { name: 'x', namespace: 'y' } as any } } });
    expect(problemFor(bad)).toContain('props/items/2/spec/configSource/configMap/kubeletConfigKey: received nothing; allowed: a value is required');
  });

  test('GIVEN an attached volume without devicePath THEN it is reported', () => {
    const bad = node('c', { status: { volumesAttached: [{ name: 'v' } as any] } });
    expect(problemFor(bad)).toContain('props/items/2/status/volumesAttached/0/devicePath: received nothing');
  });

  // k8s.io/api v0.32.0 core/v1/types.go: ContainerImage.Names is `+optional`, `json:"names"` (no omitempty: nil is written null).
  test('GIVEN images without names, with names null (as the server writes a nil list) and with names THEN they are accepted', () => {
    const list = build({ items: [node('c', { status: { images: [{ sizeBytes: 1 }, { names: null as any, sizeBytes: 2 }, { names: ['registry.k8s.io/pause:3.9'] }] } })] });
    expect(list.nodes[0].object.status.images).toEqual([{ sizeBytes: 1 }, { names: null, sizeBytes: 2 }, { names: ['registry.k8s.io/pause:3.9'] }]);
  });

  test('GIVEN image names that are not a list THEN they are refused', () => {
    expect(problemFor(node('c', { status: { images: [{ names: 'pause' as any }] } }))).toContain('props/items/2/status/images/0/names: received "pause"; allowed: a list of image names, or null');
  });

  test('GIVEN a kubelet endpoint port out of range THEN the port is reported with the value', () => {
    const bad = node('c', { status: { daemonEndpoints: { kubeletEndpoint: { port: 70000 } } } });
    expect(problemFor(bad)).toContain('props/items/2/status/daemonEndpoints/kubeletEndpoint/port: received 70000; allowed: a port number, 0 to 65535');
  });

  test('GIVEN an unknown property (a typo) THEN it is reported with the known ones', () => {
    const bad = node('c', { spec: { podCidr: '10.0.0.0/24' } as any });
    expect(problemFor(bad)).toMatch(/props\/items\/2\/spec\/podCidr: received a string of 11 characters \(not shown\); allowed: no such property; known properties: podCIDR, podCIDRs, providerID/);
  });
});

describe('NodeList rules: enums', () => {
  test('GIVEN a condition status "Yes" THEN True/False/Unknown are allowed', () => {
    const bad = node('c', { status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'DiskPressure', status: 'Yes' }] } });
    expect(problemFor(bad)).toContain('props/items/2/status/conditions/1/status: received "Yes"; allowed: True, False or Unknown');
  });

  test('GIVEN a managed fields operation "Patch" THEN Apply/Update are allowed', () => {
    const bad = node('c', { metadata: { name: 'c', managedFields: [{ manager: 'kubelet', operation: 'Patch', fieldsType: 'FieldsV1' }] } });
    expect(problemFor(bad)).toContain('props/items/2/metadata/managedFields/0/operation: received "Patch"; allowed: Apply or Update');
  });

  test('GIVEN a managed fields fieldsType "FieldsV2" THEN only FieldsV1 is allowed', () => {
    const bad = node('c', { metadata: { name: 'c', managedFields: [{ operation: 'Apply', fieldsType: 'FieldsV2' }] } });
    expect(problemFor(bad)).toContain('props/items/2/metadata/managedFields/0/fieldsType: received "FieldsV2"; allowed: FieldsV1');
  });

  test('GIVEN a taint effect "NoRun" THEN the three effects are allowed', () => {
    const bad = node('c', { spec: { taints: [{ key: 'k', effect: 'NoRun' }] } });
    expect(problemFor(bad)).toContain('props/items/2/spec/taints/0/effect: received "NoRun"; allowed: NoSchedule, PreferNoSchedule or NoExecute');
  });

  test('GIVEN an address type "PublicIP" THEN the address types are listed', () => {
    const bad = node('c', { status: { addresses: [{ type: 'PublicIP', address: '1.2.3.4' }] } });
    expect(problemFor(bad)).toContain('props/items/2/status/addresses/0/type: received "PublicIP"; allowed: Hostname, InternalIP');
  });
});

describe('NodeList rules: config sources in spec and status', () => {
  test('GIVEN uid in spec.configSource THEN it is forbidden', () => {
    const bad = node('c', { spec: { configSource: { configMap: { ...CM, uid: 'u-1' } } } });
    expect(problemFor(bad)).toContain('props/items/2/spec/configSource/configMap/uid: received "u-1"; allowed: nothing: forbidden in spec.configSource');
  });

  test('GIVEN resourceVersion in spec.configSource THEN it is forbidden', () => {
    const bad = node('c', { spec: { configSource: { configMap: { ...CM, resourceVersion: '12' } } } });
    expect(problemFor(bad)).toContain('props/items/2/spec/configSource/configMap/resourceVersion: received "12"; allowed: nothing: forbidden in spec.configSource');
  });

  test('GIVEN a status.config source without uid THEN uid is required', () => {
    const bad = node('c', { status: { config: { active: { configMap: { ...CM, resourceVersion: '1' } } } } });
    expect(problemFor(bad)).toContain('props/items/2/status/config/active/configMap/uid: received nothing; allowed: a value is required in status.config sources');
  });

  test('GIVEN a status.config source without resourceVersion THEN resourceVersion is required', () => {
    const bad = node('c', { status: { config: { lastKnownGood: { configMap: { ...CM, uid: 'u' } } } } });
    expect(problemFor(bad)).toContain('props/items/2/status/config/lastKnownGood/configMap/resourceVersion: received nothing; allowed: a value is required in status.config sources');
  });
});

describe('NodeList rules: names', () => {
  test('GIVEN an uppercase node name THEN it must be a DNS subdomain', () => {
    expect(problemFor(node('Worker_1'))).toContain('props/items/2/metadata/name: received "Worker_1"; allowed: a DNS-1123 subdomain');
  });

  test('GIVEN a 254-character node name THEN it is too long', () => {
    const name = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`;
    expect(name.length).toBe(254);
    expect(problemFor(node(name))).toContain('props/items/2/metadata/name: received "aaaa');
  });

  test('GIVEN two items with the same name THEN the second names the first', () => {
    expect(problemFor(node('a'))).toContain('props/items/2/metadata/name: received "a"; allowed: a name no other item has (items/0 is also named "a")');
  });

  test('GIVEN a namespace on a node THEN it is refused (cluster-scoped)', () => {
    expect(problemFor({ metadata: { name: 'c', namespace: 'default' } })).toContain('props/items/2/metadata/namespace: received "default"; allowed: nothing: nodes are cluster-scoped');
  });

  test('GIVEN a name that is a token THEN it must be known at synth time', () => {
    const stack = newStack();
    const v = new TerraformVariable(stack, 'name', { type: 'string' });
    const message = errorOf(() => build({ items: [node(v.stringValue)] }, stack)).message;
    expect(message).toContain('props/items/0/metadata/name: received');
    expect(message).toContain('a name known at synth time');
  });
});

describe('NodeList rules: labels, annotations', () => {
  test('GIVEN a label key with two slashes THEN the key is reported', () => {
    const bad = { metadata: { name: 'c', labels: { 'a/b/c': 'x' } } };
    expect(problemFor(bad)).toContain('props/items/2/metadata/labels/a/b/c: received "a/b/c"; allowed: a key that is a qualified name');
  });

  test('GIVEN a label key whose name part has 64 characters THEN the key is reported', () => {
    const key = `example.com/${'k'.repeat(64)}`;
    expect(problemFor({ metadata: { name: 'c', labels: { [key]: 'x' } } })).toContain(`props/items/2/metadata/labels/${key}: received "${key}"`);
  });

  test('GIVEN a label value with a space THEN the value is reported', () => {
    expect(problemFor({ metadata: { name: 'c', labels: { pool: 'gpu pool' } } })).toContain(
      'props/items/2/metadata/labels/pool: received "gpu pool"; allowed: a label value that is empty, or at most 63',
    );
  });

  test('GIVEN an annotation key with an uppercase prefix THEN it is accepted (checked lowercased), a bad one is not', () => {
    expect(() => build({ items: [{ metadata: { name: 'c', annotations: { 'Example.com/Owner': 'x' } } }] })).not.toThrow();
    expect(problemFor({ metadata: { name: 'c', annotations: { '-bad': 'x' } } })).toContain('props/items/2/metadata/annotations/-bad: received "-bad"; allowed: a key that is a qualified name');
  });

  test('GIVEN annotations over 256 KiB in total THEN the total is reported', () => {
    const annotations = { 'a.example.com/big': 'x'.repeat(ANNOTATIONS_MAX_BYTES - 'a.example.com/big'.length + 1) };
    expect(problemFor({ metadata: { name: 'c', annotations } })).toContain(
      `props/items/2/metadata/annotations: received "${ANNOTATIONS_MAX_BYTES + 1} bytes of keys and values"; allowed: at most 262144 bytes (256 KiB) in total`,
    );
  });

  test.each([
    ['a number', 'db-password', 1234, 'a number (not shown)', '1234'],
    ['a boolean', 'api-token', true, 'a boolean (not shown)', 'true'],
    ['an object', 'client_secret', { value: 'hunter2' }, 'an object with 1 key (not shown)', 'hunter2'],
    ['a list', 'ssh-key', ['hunter2'], 'a list of 1 item (not shown)', 'hunter2'],
  ])('GIVEN %s as an annotation value under the credential-looking key %j THEN it is shown by type and size only', (_what, key, value, shown, hidden) => {
    const message = problemFor({ metadata: { name: 'c', annotations: { [key]: value as any } } });
    expect(message).toContain(`props/items/2/metadata/annotations/${key}: received ${shown}; allowed: a string value`);
    expect(message).not.toContain(hidden);
  });

  test('GIVEN a number under an ordinary annotation key THEN it is shown as it is', () => {
    expect(problemFor({ metadata: { name: 'c', annotations: { owner: 1234 as any } } })).toContain('props/items/2/metadata/annotations/owner: received 1234; allowed: a string value');
  });

  test('GIVEN a bad label value or capacity under a credential-looking key THEN it is shown by type and size only', () => {
    const message = problemFor({ metadata: { name: 'c', labels: { 'db-password': 'hunter2 x' } }, status: { capacity: { 'example.com/secret-token': 'hunter3 y' } } });
    expect(message).toContain('props/items/2/metadata/labels/db-password: received a string of 9 characters (not shown); allowed: a label value');
    expect(message).toContain('props/items/2/status/capacity/example.com/secret-token: received a string of 9 characters (not shown); allowed: a quantity');
    expect(message).not.toMatch(/hunter/);
  });

  test('GIVEN annotations of exactly 256 KiB THEN they are accepted', () => {
    const annotations = { 'a.example.com/big': 'x'.repeat(ANNOTATIONS_MAX_BYTES - 'a.example.com/big'.length) };
    expect(() => build({ items: [{ metadata: { name: 'c', annotations } }] })).not.toThrow();
  });
});

describe('NodeList rules: taints and pod CIDRs', () => {
  test('GIVEN two taints with the same key and effect THEN the second names the first', () => {
    const bad = node('c', { spec: { taints: [{ key: 'k', value: 'a', effect: 'NoSchedule' }, { key: 'k', value: 'b', effect: 'NoSchedule' }] } });
    expect(problemFor(bad)).toContain('props/items/2/spec/taints/1: received {"key":"k","effect":"NoSchedule"}; allowed: a (key, effect) pair no other taint of this node has (taints/0 has it)');
  });

  test('GIVEN the same key with two effects THEN manifest mode accepts it and taint mode refuses it', () => {
    const twoEffects = node('c', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }, { key: 'k', effect: 'NoExecute' }] } });
    expect(() => build({ items: [twoEffects] })).not.toThrow();
    expect(problemFor(twoEffects, NodeListMode.LABELS_ANNOTATIONS_TAINTS)).toContain(
      'props/items/2/spec/taints/1/key: received "k"; allowed: a key no other taint of this node has: kubernetes_node_taint refuses duplicate keys (taints/0 has it)',
    );
  });

  test('GIVEN a bad taint key and value THEN both are reported', () => {
    const message = problemFor(node('c', { spec: { taints: [{ key: 'bad key', value: 'v!', effect: 'NoSchedule' }] } }));
    expect(message).toContain('props/items/2/spec/taints/0/key: received "bad key"; allowed: a taint key that is a qualified name');
    expect(message).toContain('props/items/2/spec/taints/0/value: received "v!"; allowed: a taint value that is empty, or at most 63');
  });

  test('GIVEN podCIDRs[0] different from podCIDR THEN podCIDRs/0 is reported', () => {
    const bad = node('c', { spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.1.0/24'] } });
    expect(problemFor(bad)).toContain('props/items/2/spec/podCIDRs/0: received "10.0.1.0/24"; allowed: the same CIDR as podCIDR ("10.0.0.0/24")');
  });
});

describe('NodeList rules: list metadata', () => {
  test('GIVEN remainingItemCount -1 THEN it must be a non-negative integer', () => {
    const message = errorOf(() => build({ items: [node('a')], metadata: { remainingItemCount: -1 } })).message;
    expect(message).toContain('props/metadata/remainingItemCount: received -1; allowed: a non-negative integer');
  });

  test('GIVEN remainingItemCount 1.5 THEN it must be a non-negative integer', () => {
    const message = errorOf(() => build({ items: [node('a')], metadata: { remainingItemCount: 1.5 } })).message;
    expect(message).toContain('props/metadata/remainingItemCount: received 1.5; allowed: a non-negative integer');
  });

  test('GIVEN remainingItemCount 0 and a continue token THEN they are accepted', () => {
    expect(() => build({ items: [node('a')], metadata: { remainingItemCount: 0, continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ' } })).not.toThrow();
  });
});

describe('NodeList rules: all problems at once', () => {
  test('GIVEN three bad items THEN one error lists every problem with its index', () => {
    const error = errorOf(() =>
      build({ items: [node('ok'), node('Bad'), node('c', { status: { conditions: [{ type: 'Ready', status: 'yes' }] } }), node('ok')] }),
    );
    expect(error.problems.map((p) => p.path)).toEqual([
      'props/items/2/status/conditions/0/status',
      'props/items/1/metadata/name',
      'props/items/3/metadata/name',
    ]);
  });

  test('GIVEN adopt in taint mode THEN the mode is refused', () => {
    const message = errorOf(() => NodeList.adopt(newStack(), 'nodes', { items: [node('a')], mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS })).message;
    expect(message).toContain('stack/nodes: 1 invalid property:\n  props/mode: received "LabelsAnnotationsTaints"; allowed: Manifest');
  });
});

describe('NodeList warnings', () => {
  test('GIVEN a status THEN a warning says it is validated and never sent', () => {
    const list = build({ items: [node('a', { status: { conditions: [{ type: 'Ready', status: 'True' }] } })] });
    expect(warningsOf(list)).toEqual([expect.stringContaining('status is read-only and never sent (kubernetes_manifest refuses it); it was validated only: items/0/status')]);
  });

  test.each([
    ['metadata.selfLink', node('a', { metadata: { name: 'a', selfLink: '/api/v1/nodes/a' } }), /selfLink is deprecated .*items\/0\/metadata\/selfLink/],
    ['spec.configSource', node('a', { spec: { configSource: { configMap: CM } } }), /spec.configSource is deprecated .*removed from the kubelet in 1.24.*items\/0\/spec\/configSource/],
    ['spec.externalID', node('a', { spec: { externalID: 'i-1' } }), /spec.externalID is deprecated .*items\/0\/spec\/externalID/],
    ['status.phase', node('a', { status: { phase: 'Running' } }), /status.phase is deprecated .*items\/0\/status\/phase/],
  ])('GIVEN deprecated %s THEN it is accepted with a warning', (_field, item, pattern) => {
    const list = build({ items: [item] });
    expect(warningsOf(list).some((w) => pattern.test(w))).toBe(true);
  });

  test('GIVEN deprecated list metadata.selfLink THEN it is accepted with a warning', () => {
    const list = build({ items: [node('a')], metadata: { selfLink: '/api/v1/nodes' } });
    expect(warningsOf(list)).toEqual([expect.stringContaining('metadata/selfLink is deprecated')]);
  });

  test('GIVEN 8 nodes with status THEN one warning lists 5 and counts the rest', () => {
    const items = Array.from({ length: 8 }, (_, i) => node(`n${i}`, { status: { phase: 'Running' } }));
    const warnings = warningsOf(build({ items }));
    expect(warnings[0]).toContain('items/0/status, items/1/status, items/2/status, items/3/status, items/4/status and 3 more');
  });

  test('GIVEN spec fields in taint mode THEN a warning says they are not sent', () => {
    const list = build({ mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [node('a', { spec: { unschedulable: true } })] });
    expect(warningsOf(list)).toEqual([expect.stringContaining('other spec fields are not sent: items/0/spec')]);
  });

  test('GIVEN valid nodes without deprecated fields THEN there is no warning', () => {
    const stack = new TerraformStack(Testing.app(), 'clean');
    expect(warningsOf(build({ items: [node('a', { spec: { podCIDR: '10.0.0.0/24' } })] }, stack))).toEqual([]);
  });
});
