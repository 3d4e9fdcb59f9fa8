// The blocks this library synthesizes equal what the official
// @cdktf/provider-kubernetes classes synthesize for the same input (deep imports:
// the package root takes seconds to load).
import { Construct } from 'constructs';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { Annotations } from '@cdktf/provider-kubernetes/lib/annotations';
import { DataKubernetesResources } from '@cdktf/provider-kubernetes/lib/data-kubernetes-resources';
import { Labels } from '@cdktf/provider-kubernetes/lib/labels';
import { Manifest } from '@cdktf/provider-kubernetes/lib/manifest';
import { NodeTaint } from '@cdktf/provider-kubernetes/lib/node-taint';
import { KubernetesProvider as OfficialProvider } from '@cdktf/provider-kubernetes/lib/provider';
import { ClusterNodesProps, KubernetesProvider, KubernetesProviderProps, Node, NodeList, NodeListMode, NodeListProps } from '../../lib';
import { nodeManifest } from '../../lib/cluster/mappers';

/** The resource, data and provider blocks of a stack, metadata (`//`) dropped. */
function blocks(stack: TerraformStack): any {
  const json = JSON.parse(Testing.synth(stack));
  const strip = (value: any): any => {
    if (Array.isArray(value)) return value.map(strip);
    if (value !== null && typeof value === 'object') {
      const out: any = {};
      for (const key of Object.keys(value).sort()) if (key !== '//') out[key] = strip(value[key]);
      return out;
    }
    return value;
  };
  return strip({ resource: json.resource, data: json.data, provider: json.provider });
}

function stackPair(): [TerraformStack, TerraformStack] {
  const app = Testing.app();
  return [new TerraformStack(app, 'ours'), new TerraformStack(app, 'official')];
}

const NODES: { [name: string]: Node[] } = {
  'minimal node': [{ metadata: { name: 'n1' } }],
  'labels, annotations, taints': [
    {
      metadata: { name: 'worker-1.example.com', labels: { pool: 'general', 'topology.kubernetes.io/zone': 'eu-1a' }, annotations: { 'example.com/note': 'a "quoted" $${not} value\nwith a newline' } },
      spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, { key: 'spot', effect: 'PreferNoSchedule' }] },
    },
  ],
  'full spec with deprecated fields and status': [
    {
      metadata: {
        name: 'cp-1',
        labels: { 'node-role.kubernetes.io/control-plane': '' },
        ownerReferences: [{ apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'm-1', uid: 'u-1', controller: true }],
        finalizers: ['example.com/protect'],
        uid: 'node-uid',
        resourceVersion: '991',
        managedFields: [{ manager: 'kubelet', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:metadata': {} } }],
      },
      spec: {
        podCIDR: '10.244.0.0/24',
        podCIDRs: ['10.244.0.0/24', 'fd00::/64'],
        providerID: 'aws:///eu-west-1a/i-1',
        externalID: 'i-1',
        unschedulable: false,
        configSource: { configMap: { name: 'kc', namespace: 'kube-system', kubeletConfigKey: 'kubelet' } },
      },
      status: { phase: 'Running', daemonEndpoints: { kubeletEndpoint: { port: 10250 } } },
    },
  ],
  'three nodes, mixed': [
    { metadata: { name: 'a', labels: { x: '1' } } },
    { metadata: { name: 'b', annotations: { 'y.example/z': '' } } },
    { metadata: { name: 'c' }, spec: { taints: [{ key: 'k', value: 'v', effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' }] } },
  ],
};

const OPTIONS: { [name: string]: Partial<NodeListProps> } = {
  'default options': {},
  'field manager and force': { fieldManager: 'platform', forceConflicts: true },
  'force only': { forceConflicts: false },
};

const MANIFEST_CASES = Object.entries(NODES).flatMap(([n, items]) => Object.entries(OPTIONS).map(([o, options]) => [`${n}, ${o}`, items, options] as const));

describe('differential: manifest mode equals the official Manifest class', () => {
  test.each(MANIFEST_CASES)('%s', (_name, items, options) => {
    const [ours, official] = stackPair();
    new NodeList(ours, 'nodes', { items, ...options });
    const scope = new Construct(official, 'nodes');
    for (const node of items) {
      new Manifest(scope, node.metadata.name!, {
        manifest: nodeManifest(node),
        fieldManager:
          options.fieldManager !== undefined || options.forceConflicts !== undefined
            ? { name: options.fieldManager, forceConflicts: options.forceConflicts }
            : undefined,
      });
    }
    expect(blocks(ours)).toEqual(blocks(official));
    // The manifest itself is the plain Kubernetes object: apiVersion, kind, writable metadata, spec.
    const manifest = Object.values<any>(blocks(ours).resource.kubernetes_manifest)[0].manifest;
    expect(Object.keys(manifest).sort()).toEqual(items[0].spec ? ['apiVersion', 'kind', 'metadata', 'spec'] : ['apiVersion', 'kind', 'metadata']);
    expect(manifest.status).toBeUndefined();
  });
});

describe('differential: labels/annotations/taints mode equals the official Labels, Annotations, NodeTaint classes', () => {
  test.each(MANIFEST_CASES)('%s', (_name, items, options) => {
    const [ours, official] = stackPair();
    new NodeList(ours, 'nodes', { items, mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, ...options });
    const scope = new Construct(official, 'nodes');
    for (const node of items) {
      const name = node.metadata.name!;
      const meta = { fieldManager: options.fieldManager, force: options.forceConflicts };
      if (node.metadata.labels && Object.keys(node.metadata.labels).length > 0) {
        new Labels(scope, `${name}-labels`, { apiVersion: 'v1', kind: 'Node', metadata: { name }, labels: node.metadata.labels, ...meta });
      }
      if (node.metadata.annotations && Object.keys(node.metadata.annotations).length > 0) {
        new Annotations(scope, `${name}-annotations`, { apiVersion: 'v1', kind: 'Node', metadata: { name }, annotations: node.metadata.annotations, ...meta });
      }
      const taints = node.spec?.taints ?? [];
      if (taints.length > 0) {
        new NodeTaint(scope, `${name}-taints`, {
          metadata: { name },
          taint: taints.map((t) => ({ key: t.key, value: t.value ?? '', effect: t.effect })),
          ...meta,
        });
      }
    }
    expect(blocks(ours)).toEqual(blocks(official));
  });
});

const LOOKUPS: [string, ClusterNodesProps][] = [
  ['every node', {}],
  ['label selector', { labelSelector: 'pool=general,!gpu' }],
  ['field selector', { fieldSelector: 'spec.unschedulable=false' }],
  ['all filters and a limit', { labelSelector: 'node-role.kubernetes.io/worker', fieldSelector: 'metadata.name!=cp-1', limit: 50 }],
];

describe('differential: the lookup equals the official DataKubernetesResources class', () => {
  test.each(LOOKUPS)('%s', (_name, props) => {
    const [ours, official] = stackPair();
    NodeList.fromCluster(ours, 'nodes', props);
    new DataKubernetesResources(new Construct(official, 'nodes'), 'Resource', { apiVersion: 'v1', kind: 'Node', ...props });
    expect(blocks(ours)).toEqual(blocks(official));
  });
});

describe('differential: the provider equals the official KubernetesProvider class', () => {
  test.each<[string, (stack: TerraformStack) => KubernetesProviderProps]>([
    ['kubeconfig path and context', () => ({ configPath: '~/.kube/config', configContext: 'kind-dev' })],
    ['host, CA and insecure', () => ({ host: 'https://10.0.0.1:6443', clusterCaCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----', insecure: false })],
  ])('%s', (_name, props) => {
    const [ours, official] = stackPair();
    new KubernetesProvider(ours, 'kubernetes', props(ours));
    new OfficialProvider(official, 'kubernetes', props(official));
    expect(blocks(ours)).toEqual(blocks(official));
  });
});
