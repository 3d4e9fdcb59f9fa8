// What NodeList, ClusterNodes and KubernetesProvider are (lib/construct-descriptor.ts);
// a node's field differ is beside it, in node-fields.ts.
import { BlockValues, ConstructDescriptor, DeclaredResource, literalText, ProviderPlace } from '../construct-descriptor';
import { nodeFieldChanges, nodeNameOf } from './node-fields';
import { NODE_RULES, nodeListPropsAtPlan } from './node-rules';

/** A block's nested block: cdktf writes a single nested block as an object, some bindings as a list of one. */
function nested(values: unknown, name: string): BlockValues | undefined {
  const block = (values as BlockValues | null | undefined)?.[name];
  const one = Array.isArray(block) ? block[0] : block;
  return one !== null && typeof one === 'object' ? (one as BlockValues) : undefined;
}

/**
 * A node is one per name in a cluster: Node is cluster-scoped (kubernetes/kubernetes
 * pkg/registry/core/node/strategy.go, `nodeStrategy.NamespaceScoped()` returns
 * false; Kubernetes API reference, Node v1 core: `/api/v1/nodes/{name}`, no
 * namespace), and a name is unique among the objects of one kind and scope.
 * Its identity is the provider configuration (the cluster) and the name,
 * whichever resource manages it (a manifest, labels, annotations, taints), in
 * either mode. Objects of other kinds (a ConfigMap's manifest) are not nodes.
 */
function nodeIdentity(apiVersion: unknown, kind: unknown, metadata: BlockValues | undefined, provider: ProviderPlace): { key: string; shown: string } | undefined {
  if (apiVersion !== 'v1' || kind !== 'Node') return undefined;
  const name = literalText(metadata?.name);
  return name === undefined ? undefined : { key: `${provider.key}\u0000${name}`, shown: `node ${JSON.stringify(name)}` };
}

/** Where a node's name is in NodeListProps (`{item}`: the node's index in `items`). */
const NODE_NAME_PROP = 'items/{item}/metadata/name';

/** Two declarations of one node. */
const NODE_CONFLICT =
  'two resources would apply one node (server-side apply: each apply sets the fields its configuration holds and drops those it no longer holds, so the last one wins or conflicts; Kubernetes API reference, Node v1 core, and "Server-Side Apply")';

/** What a resource's values say of its kind (a ConfigMap's manifest is not a node's). */
function saysNode(kind: unknown): boolean | undefined {
  return typeof kind === 'string' ? kind === 'Node' : undefined;
}

const fieldChanges = nodeFieldChanges;
const itemName = nodeNameOf;

/** A node's `kubernetes_manifest` (NodeListMode.MANIFEST): one per node, its id the node's name. */
export const NODE_MANIFEST_RESOURCE: DeclaredResource = {
  kind: 'node manifest',
  description: "a NodeList node's kubernetes_manifest",
  terraformTypes: ['kubernetes_manifest'],
  id: { perItemSuffix: '' },
  saysOwn: (_type, values) => saysNode(nested(values, 'manifest')?.kind),
  fieldChanges,
  itemName,
  identityProp: NODE_NAME_PROP,
  conflict: NODE_CONFLICT,
  identity: (values, provider) => {
    const manifest = nested(values, 'manifest');
    return nodeIdentity(manifest?.apiVersion, manifest?.kind, nested(manifest, 'metadata'), provider);
  },
};

/** A node's labels and annotations (NodeListMode.LABELS_ANNOTATIONS_TAINTS): `<node>-labels`, `<node>-annotations`. */
function keyedResource(part: 'labels' | 'annotations'): DeclaredResource {
  return {
    kind: `node ${part}`,
    description: `a NodeList node's kubernetes_${part}`,
    terraformTypes: [`kubernetes_${part}`],
    id: { perItemSuffix: `-${part}` },
    saysOwn: (_type, values) => saysNode((values as BlockValues | null | undefined)?.kind),
    fieldChanges,
    itemName,
    identityProp: NODE_NAME_PROP,
    conflict: NODE_CONFLICT,
    identity: (values, provider) => nodeIdentity(values.api_version, values.kind, nested(values, 'metadata'), provider),
  };
}

export const NODE_LABELS_RESOURCE = keyedResource('labels');
export const NODE_ANNOTATIONS_RESOURCE = keyedResource('annotations');

/** A node's taints (NodeListMode.LABELS_ANNOTATIONS_TAINTS): `<node>-taints`; kubernetes_node_taint is a node's only. */
export const NODE_TAINTS_RESOURCE: DeclaredResource = {
  kind: 'node taints',
  description: "a NodeList node's kubernetes_node_taint",
  terraformTypes: ['kubernetes_node_taint'],
  id: { perItemSuffix: '-taints' },
  saysOwn: () => true,
  fieldChanges,
  itemName,
  identityProp: NODE_NAME_PROP,
  conflict: NODE_CONFLICT,
  identity: (values, provider) => nodeIdentity('v1', 'Node', nested(values, 'metadata'), provider),
};

const NODE = (n: number) => ({ metadata: { name: `n${n}` } });
const CONFIG_MAP_SOURCE = { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system' };

/** NodeList: per node, a manifest; or its labels, annotations and taints. */
export const NODE_LIST: ConstructDescriptor = {
  className: 'NodeList',
  docsPage: 'docs/node-list.md',
  rules: NODE_RULES,
  propsAtPlan: nodeListPropsAtPlan,
  declares: [[NODE_MANIFEST_RESOURCE], [NODE_LABELS_RESOURCE, NODE_ANNOTATIONS_RESOURCE, NODE_TAINTS_RESOURCE]],
  minimal: {
    NodeListProps: (n: number) => ({ items: [NODE(n)] }),
    Node: NODE,
    ObjectMeta: (n: number) => NODE(n).metadata,
    OwnerReference: { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'm', uid: 'u' },
    // Every member is optional in the type, but the API server's ValidateManagedFields requires an operation.
    ManagedFieldsEntry: { operation: 'Update' },
    ListMeta: {},
    ShardInfo: { selector: 's' },
    NodeSpec: {},
    Taint: { key: 'dedicated', effect: 'NoSchedule' },
    NodeConfigSource: { configMap: CONFIG_MAP_SOURCE },
    ConfigMapNodeConfigSource: CONFIG_MAP_SOURCE,
    NodeStatus: {},
    NodeCondition: { type: 'Ready', status: 'True' },
    NodeAddress: { type: 'InternalIP', address: '10.0.0.1' },
    NodeDaemonEndpoints: {},
    DaemonEndpoint: { port: 10250 },
    NodeSystemInfo: {
      machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: '6.1', osImage: 'os', containerRuntimeVersion: 'containerd://1.7',
      kubeletVersion: 'v1.32.0', kubeProxyVersion: 'v1.32.0', operatingSystem: 'linux', architecture: 'amd64',
    },
    NodeSwapStatus: {},
    ContainerImage: {},
    AttachedVolume: { name: 'v', devicePath: '/dev/xvdf' },
    NodeConfigStatus: {},
    NodeRuntimeHandler: {},
    NodeRuntimeHandlerFeatures: {},
    NodeFeatures: {},
  },
  unreachable: {
    // NodeConfigSource is one type for spec and status; the kubelet reports these in status.config alone.
    'items > spec > configSource > configMap > uid': 'forbidden in spec.configSource (Kubernetes pkg/apis/core/validation/validation.go, validateConfigMapNodeConfigSourceSpec: "uid must not be set in spec")',
    'items > spec > configSource > configMap > resourceVersion': 'forbidden in spec.configSource (Kubernetes pkg/apis/core/validation/validation.go, validateConfigMapNodeConfigSourceSpec: "resourceVersion must not be set in spec")',
  },
  entryPoints: {
    '<init>': {},
    adopt: {},
    release: {},
    fromCluster: {},
    propsFromKubectlJson: { feeds: '<init>', defaults: { output: { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'k1' } }] } } },
    movedFrom: { defaults: { previousPath: 'old' } },
    nodeNamed: { judged: 'call', defaults: { name: 'n1' } },
  },
};

/** ClusterNodes: a data source (the cluster's nodes read at plan time); declares no resource. */
export const CLUSTER_NODES: ConstructDescriptor = {
  className: 'ClusterNodes',
  docsPage: 'docs/node-list.md',
  declares: [],
  minimal: { ClusterNodesProps: {} },
  alternatives: { 'ClusterNodesProps.fieldSelector': { fieldSelector: 'spec.unschedulable=false' } },
  entryPoints: { '<init>': {} },
};

/** KubernetesProvider: its configuration is read by the node lists that use it. */
export const KUBERNETES_PROVIDER: ConstructDescriptor = {
  className: 'KubernetesProvider',
  docsPage: 'docs/node-list.md',
  declares: [],
  minimal: { KubernetesProviderProps: {} },
  // The provider's grammars, and a client certificate pair (both halves sensitive variables' values).
  alternatives: {
    'KubernetesProviderProps.host': { host: 'https://10.0.0.1:6443' },
    'KubernetesProviderProps.token': (_n: number, sensitive: string) => ({ token: sensitive }),
    'KubernetesProviderProps.clientKey': (_n: number, sensitive: string) => ({ clientKey: sensitive, clientCertificate: sensitive }),
    'KubernetesProviderProps.clientCertificate': (_n: number, sensitive: string) => ({ clientKey: sensitive, clientCertificate: sensitive }),
    'KubernetesProviderProps.versionConstraint': { versionConstraint: '>= 2.21, < 4.0' },
  },
  entryPoints: { '<init>': {} },
  provides: { className: 'NodeList' },
};
