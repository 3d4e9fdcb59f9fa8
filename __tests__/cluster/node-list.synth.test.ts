import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createHash } from 'crypto';
import { App, TerraformOutput, TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { KubernetesProvider, Node, NodeList, NodeListMode, ValidationError } from '../../lib';
import { nodeToKube } from '../../lib/cluster/mappers';
import { CLUSTER_EXAMPLES } from '../../examples/cluster';
import { SMALL_CLUSTER, SmallClusterStack } from '../../examples/cluster/small-cluster';
import { comparableBlocks, parseHclStack, readJsonStack, synthApp, synthJson } from '../support/synth';
import { errorOf, newStack, node } from './helpers';

describe('NodeList synthesis', () => {
  test('GIVEN the small-cluster example THEN the synthesized stack matches the snapshot', () => {
    const stack = new SmallClusterStack(Testing.app(), 'cluster-small-cluster');
    expect(synthJson(stack)).toMatchSnapshot();
  });

  test('GIVEN every cluster example THEN each synthesizes with validations', () => {
    for (const [name, build] of Object.entries(CLUSTER_EXAMPLES)) {
      const app = Testing.app();
      build(app, name);
      const stack = app.node.findChild(name) as TerraformStack;
      expect(Object.keys(synthJson(stack).resource ?? synthJson(stack).data).length).toBeGreaterThan(0);
    }
  });

  test('GIVEN a node with status THEN the manifest has no status key and the entry object keeps it with exact wire keys', () => {
    const stack = newStack();
    const list = new NodeList(stack, 'nodes', SMALL_CLUSTER);
    const manifests = Object.values<any>(synthJson(stack).resource.kubernetes_manifest);
    expect(manifests.map((m) => Object.keys(m.manifest).sort())).toEqual([
      ['apiVersion', 'kind', 'metadata', 'spec'],
      ['apiVersion', 'kind', 'metadata', 'spec'],
      ['apiVersion', 'kind', 'metadata', 'spec'],
    ]);
    const cp = list.nodeNamed('cp-1.cluster.example.com')!;
    expect(cp.object.status.daemonEndpoints).toEqual({ kubeletEndpoint: { Port: 10250 } });
    expect(cp.manifest.spec.podCIDRs).toEqual(['10.244.0.0/24', 'fd00:10:244::/64']);
    expect(cp.manifest.status).toBeUndefined();
  });

  test('GIVEN the small cluster THEN each node object (status and config status included) matches the snapshot', () => {
    const list = new NodeList(newStack(), 'nodes', SMALL_CLUSTER);
    expect(list.nodes.map((n) => n.object)).toMatchSnapshot();
  });

  test('GIVEN read-only metadata THEN the manifest sends only name, labels, annotations, ownerReferences, finalizers', () => {
    const stack = newStack();
    const list = new NodeList(stack, 'nodes', {
      items: [{
        metadata: {
          name: 'a', uid: 'u', resourceVersion: '5', generation: 2, creationTimestamp: '2024-01-01T00:00:00Z', selfLink: '/api/v1/nodes/a',
          managedFields: [{ manager: 'kubelet', operation: 'Update', fieldsType: 'FieldsV1' }], finalizers: ['example.com/f'], labels: { l: 'v' },
        },
      }],
    });
    expect(list.nodes[0].manifest.metadata).toEqual({ name: 'a', labels: { l: 'v' }, finalizers: ['example.com/f'] });
    expect(list.nodes[0].object.metadata.uid).toBe('u');
  });

  test('GIVEN items and metadata THEN they are exposed as given, with an id derived from the sorted names', () => {
    const stack = newStack();
    const items: Node[] = [node('b'), node('a'), node('c')];
    const list = new NodeList(stack, 'nodes', { items, metadata: { resourceVersion: '7' } });
    // The props as read once (a snapshot): equal to what was given.
    expect(list.items).toEqual(items);
    expect(list.metadata).toEqual({ resourceVersion: '7' });
    expect(list.id).toBe(createHash('sha256').update('a\nb\nc').digest('hex'));
    // The same nodes in another order, in a stack of their own (one node in two lists of one stack is refused).
    const reordered = new NodeList(newStack(), 'again', { items: [node('c'), node('b'), node('a')] });
    expect(reordered.id).toBe(list.id);
    expect(list.nodes.map((n) => n.name)).toEqual(['b', 'a', 'c']);
    new TerraformOutput(stack, 'first_id', { value: list.nodes[0].id });
    expect(synthJson(stack).output.first_id.value).toMatch(/^\$\{kubernetes_manifest\.nodes_b_[0-9A-F]+\.id\}$/);
  });

  test('GIVEN the taint mode THEN each node gets only the resources it needs, and no manifest', () => {
    const stack = newStack();
    const list = new NodeList(stack, 'nodes', {
      mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
      items: [node('a', { metadata: { name: 'a', labels: { x: 'y' } } }), node('b'), node('c', { spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } })],
    });
    const resources = synthJson(stack).resource;
    expect(Object.keys(resources).sort()).toEqual(['kubernetes_labels', 'kubernetes_node_taint']);
    expect(list.nodes.map((n) => n.resources.length)).toEqual([1, 0, 1]);
    expect(list.nodes[0].id).toBeUndefined();
    expect(Object.values<any>(resources.kubernetes_node_taint)[0].taint).toEqual([{ key: 'k', value: '', effect: 'NoSchedule' }]);
  });

  test('GIVEN adopt THEN one import block per node with id apiVersion=v1,kind=Node,name=<name>', () => {
    const stack = newStack();
    const list = NodeList.adopt(stack, 'nodes', { items: [node('edge-1'), node('edge-2')] });
    const json = synthJson(stack);
    expect(json.import).toEqual(
      list.nodes.map((n) => ({ id: `apiVersion=v1,kind=Node,name=${n.name}`, to: `kubernetes_manifest.${Object.keys(json.resource.kubernetes_manifest)[n.index]}` })),
    );
  });

  test('GIVEN the lookup THEN objects is a reference to the data source attribute', () => {
    const stack = newStack();
    const nodes = NodeList.fromCluster(stack, 'workers', { labelSelector: 'pool=general' });
    new TerraformOutput(stack, 'objects', { value: nodes.objects });
    expect(synthJson(stack).output.objects.value).toMatch(/^\$\{data\.kubernetes_resources\.workers_[0-9A-F]+\.objects\}$/);
    expect(errorOf(() => NodeList.fromCluster(stack, 'bad', { limit: 0 })).message).toContain('props/limit: received 0; allowed: a whole number of nodes, at least 1');
  });

  test('GIVEN values from variables THEN they are not checked and are written as references', () => {
    const stack = newStack();
    const pool = new TerraformVariable(stack, 'pool', { type: 'string' });
    new NodeList(stack, 'nodes', { items: [node('a', { metadata: { name: 'a', labels: { pool: pool.stringValue } } })] });
    const manifest = Object.values<any>(synthJson(stack).resource.kubernetes_manifest)[0].manifest;
    expect(manifest.metadata.labels.pool).toBe('${var.pool}');
  });
});

describe('NodeList HCL output', () => {
  test('GIVEN the cluster examples THEN the HCL output has the same blocks as the JSON output', async () => {
    const build = (app: App) => {
      for (const [name, b] of Object.entries(CLUSTER_EXAMPLES)) b(app, name);
      const stack = new TerraformStack(app, 'cluster-tricky');
      new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
      new NodeList(stack, 'nodes', {
        items: [{
          metadata: { name: 'n', annotations: { 'example.com/text': 'quote " backslash \\ braces {a} } $5 100% newline\n' } },
          spec: { podCIDRs: ['10.0.0.0/24'], taints: [{ key: 'k', effect: 'NoSchedule' }] },
        }],
      });
      // Another node: one node in two lists of one stack is refused (live-objects.ts).
      new NodeList(stack, 'parts', {
        mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
        forceConflicts: true,
        items: [{ metadata: { name: 'm', labels: { a: 'b' }, annotations: { 'c/d': 'e "f"' } }, spec: { taints: [{ key: 'k', value: 'v', effect: 'NoExecute' }] } }],
      });
    };
    const jsonOut = synthApp(build, false);
    const hclOut = synthApp(build, true);
    for (const name of [...Object.keys(CLUSTER_EXAMPLES), 'cluster-tricky']) {
      const fromJson = comparableBlocks(readJsonStack(jsonOut, name));
      const fromHcl = comparableBlocks(await parseHclStack(hclOut, name));
      expect(fromHcl).toEqual(fromJson);
    }
  });
});

describe('NodeList at scale', () => {
  test('GIVEN 10,000 nodes THEN app.synth() writes 10,000 manifests', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodelist-10k-'));
    try {
      const app = new App({ outdir });
      const stack = new TerraformStack(app, 'big');
      new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
      const items: Node[] = Array.from({ length: 10000 }, (_, i) => ({
        metadata: { name: `node-${i}.pool-${i % 10}.example.com`, labels: { pool: `pool-${i % 10}` } },
        spec: { podCIDR: `10.${Math.floor(i / 256)}.${i % 256}.0/24`, taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] },
        status: { conditions: [{ type: 'Ready', status: 'True' }] },
      }));
      const list = NodeList.adopt(stack, 'nodes', { items });
      app.synth();
      const json = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 'big', 'cdk.tf.json'), 'utf8'));
      expect(Object.keys(json.resource.kubernetes_manifest)).toHaveLength(10000);
      expect(json.import).toHaveLength(10000);
      expect(list.nodeNamed('node-9999.pool-9.example.com')?.index).toBe(9999);
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  test('GIVEN 10,000 nodes with one duplicate name at the end THEN the error names that index', () => {
    const items: Node[] = Array.from({ length: 10000 }, (_, i) => node(`n-${i}`));
    items.push(node('n-17'));
    expect(errorOf(() => new NodeList(newStack(), 'nodes', { items })).problems).toEqual([
      { path: 'props/items/10000/metadata/name', received: '"n-17"', allowed: 'a name no other item has (items/17 is also named "n-17")' },
    ]);
  });
});

describe('mappers write the exact Kubernetes keys', () => {
  test('GIVEN a node using every renamed field THEN the JSON keys are the Kubernetes ones', () => {
    const json = nodeToKube({
      metadata: { name: 'a' },
      spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24'], providerID: 'p://a', externalID: 'e', configSource: { configMap: { name: 'c', namespace: 'n', kubeletConfigKey: 'k' } } },
      status: {
        daemonEndpoints: { kubeletEndpoint: { port: 10250 } },
        nodeInfo: { machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: 'k', osImage: 'o', containerRuntimeVersion: 'c', kubeletVersion: 'v', kubeProxyVersion: 'v', operatingSystem: 'linux', architecture: 'arm64', swap: { capacity: 1024 } },
        config: { assigned: { configMap: { name: 'c', namespace: 'n', kubeletConfigKey: 'k', uid: 'u', resourceVersion: '1' } } },
        runtimeHandlers: [{ features: { recursiveReadOnlyMounts: true, userNamespaces: true } }],
        features: { supplementalGroupsPolicy: false },
      },
    });
    expect(json).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'a' },
      spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24'], providerID: 'p://a', externalID: 'e', configSource: { configMap: { name: 'c', namespace: 'n', kubeletConfigKey: 'k' } } },
      status: {
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        nodeInfo: { machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: 'k', osImage: 'o', containerRuntimeVersion: 'c', kubeletVersion: 'v', kubeProxyVersion: 'v', operatingSystem: 'linux', architecture: 'arm64', swap: { capacity: 1024 } },
        config: { assigned: { configMap: { name: 'c', namespace: 'n', kubeletConfigKey: 'k', uid: 'u', resourceVersion: '1' } } },
        runtimeHandlers: [{ features: { recursiveReadOnlyMounts: true, userNamespaces: true } }],
        features: { supplementalGroupsPolicy: false },
      },
    });
  });
});

describe('KubernetesProvider', () => {
  test('GIVEN a literal token THEN a ValidationError that does not echo it', () => {
    const error = errorOf(() => new KubernetesProvider(new TerraformStack(Testing.app(), 's'), 'k', { host: 'https://h', token: 'abc123secret' }));
    expect(error.message).toContain('props/token: received a string of 12 characters (not shown); allowed: a reference to a sensitive TerraformVariable');
    expect(error.message).toContain('KUBE_TOKEN');
    expect(error.message).not.toContain('abc123secret');
  });

  test('GIVEN a token from a variable that is not sensitive THEN it is refused too', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    const plain = new TerraformVariable(stack, 'kube_token', { type: 'string' });
    const error = errorOf(() => new KubernetesProvider(stack, 'k', { host: 'https://h', token: plain.stringValue }));
    expect(error.problems[0]).toMatchObject({ path: 'props/token', received: '"${var.kube_token}"' });
    expect(error.problems[0].allowed).toMatch(/sensitive: true/);
    const secret = new TerraformVariable(stack, 'kube_token_secret', { type: 'string', sensitive: true });
    expect(() => new KubernetesProvider(stack, 'k2', { host: 'https://h', token: secret.stringValue, alias: 'two' })).not.toThrow();
  });

  test('GIVEN a literal client key THEN a ValidationError', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    const cert = new TerraformVariable(stack, 'cert', { type: 'string', sensitive: true });
    const error = errorOf(() => new KubernetesProvider(stack, 'k', { host: 'https://h', clientCertificate: cert.stringValue, clientKey: '-----BEGIN KEY-----' }));
    expect(error.problems.map((p) => p.path)).toEqual(['props/clientKey']);
  });

  test('GIVEN a client certificate without its key THEN the key is required', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    const cert = new TerraformVariable(stack, 'cert', { type: 'string', sensitive: true });
    expect(errorOf(() => new KubernetesProvider(stack, 'k', { clientCertificate: cert.stringValue })).message).toContain('props/clientKey: received nothing');
  });

  test('GIVEN a host that is not a URL THEN it is reported', () => {
    expect(errorOf(() => new KubernetesProvider(new TerraformStack(Testing.app(), 's'), 'k', { host: '10.0.0.1' })).message).toContain(
      'props/host: received "10.0.0.1"; allowed: an http(s) URL',
    );
  });

  test('GIVEN a sensitive variable token THEN it is written as a reference', () => {
    const stack = new TerraformStack(Testing.app(), 's');
    const token = new TerraformVariable(stack, 'token', { type: 'string', sensitive: true });
    new KubernetesProvider(stack, 'k', { host: 'https://h', token: token.stringValue });
    expect(synthJson(stack).provider.kubernetes).toEqual([{ host: 'https://h', token: '${var.token}' }]);
    expect(ValidationError).toBeDefined();
  });
});
