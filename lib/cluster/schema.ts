// JSON Schema of NodeList props (TypeScript names), compiled once at module load.
// Structure, types, enums and required fields; the rules a schema cannot say
// (name formats, uniqueness, sizes, spec-versus-status) are in validation.ts.
import { compileSchema, registerFormat } from '../core/json-schema';
import { cidrFamily, isDateTime, isDnsLabel, isQuantity } from './formats';
import { isDnsSubdomain } from './kubernetes-names';

registerFormat('k8s-date-time', isDateTime);
registerFormat('k8s-quantity', isQuantity);
registerFormat('k8s-cidr', (value) => cidrFamily(value) !== undefined);
registerFormat('k8s-dns-subdomain', isDnsSubdomain);
registerFormat('k8s-dns-label', isDnsLabel);

const str = (description = 'a string') => ({ type: 'string', description });
const nonEmpty = (description: string) => ({ type: 'string', minLength: 1, description });
const time = { type: 'string', format: 'k8s-date-time', description: 'an RFC 3339 timestamp such as 2024-05-01T12:00:00Z' };
const quantities = {
  type: 'object',
  description: 'an object of resource names to quantities ("4", "16Gi", "500m")',
  additionalProperties: { type: 'string', format: 'k8s-quantity', description: 'a quantity: a number with an optional suffix (Ki, Mi, Gi, Ti, Pi, Ei, m, k, M, G, T, P, E) or exponent, e.g. "4", "16Gi", "500m"' },
};
const cidr = { type: 'string', format: 'k8s-cidr', description: 'a CIDR such as 10.244.1.0/24 or fd00:10:244:1::/64' };
const bool = { type: 'boolean', description: 'true or false' };
const stringList = (description = 'a list of strings') => ({ type: 'array', description, items: str() });
const stringMap = (description: string) => ({ type: 'object', description, additionalProperties: str('a string value') });
const obj = (description: string, properties: object, required: string[] = []) => ({
  type: 'object',
  description,
  properties,
  required,
  additionalProperties: false,
});
const list = (description: string, items: object) => ({ type: 'array', description, items });

const configMapSource = obj('a ConfigMapNodeConfigSource object', {
  kubeletConfigKey: { type: 'string', pattern: '^[-._a-zA-Z0-9]{1,253}$', description: 'the ConfigMap key holding the KubeletConfiguration: 1 to 253 letters, digits, "-", "_" and "."' },
  name: { type: 'string', format: 'k8s-dns-subdomain', description: 'metadata.name of the ConfigMap, a DNS-1123 subdomain' },
  namespace: { type: 'string', format: 'k8s-dns-label', description: 'metadata.namespace of the ConfigMap, a DNS-1123 label (at most 63 lowercase letters, digits and "-")' },
  resourceVersion: str(),
  uid: str(),
}, ['kubeletConfigKey', 'name', 'namespace']);

// Exactly one source must be set; configMap is the only kind there is.
const configSource = obj('a NodeConfigSource object with its one source, configMap', { configMap: configMapSource }, ['configMap']);

const managedFieldsEntry = obj('a ManagedFieldsEntry object', {
  apiVersion: str('group/version, e.g. "v1"'),
  fieldsType: { description: 'FieldsV1 (the only fields format), or empty', enum: ['FieldsV1', ''] },
  fieldsV1: { description: 'a FieldsV1 JSON value' },
  manager: str(),
  // ValidateManagedFields: an empty operation is refused like any other than these two.
  operation: { description: 'Apply or Update', enum: ['Apply', 'Update'] },
  subresource: str('a subresource name, or empty for the main resource'),
  time,
}, ['operation']);

const ownerReference = obj('an OwnerReference object', {
  apiVersion: nonEmpty('the owner\'s API version, not empty'),
  kind: nonEmpty('the owner\'s kind, not empty'),
  name: nonEmpty('the owner\'s name, not empty'),
  uid: nonEmpty('the owner\'s uid, not empty'),
  controller: bool,
  blockOwnerDeletion: bool,
}, ['apiVersion', 'kind', 'name', 'uid']);

const objectMeta = obj('an ObjectMeta object', {
  name: str('the node name, a DNS-1123 subdomain'),
  generateName: str(),
  namespace: str(),
  selfLink: str(),
  uid: str(),
  resourceVersion: str(),
  generation: { type: 'integer', minimum: 0, description: 'a non-negative integer' },
  creationTimestamp: time,
  deletionTimestamp: time,
  deletionGracePeriodSeconds: { type: 'integer', minimum: 0, description: 'a non-negative integer' },
  labels: stringMap('an object of label keys to string values'),
  annotations: stringMap('an object of annotation keys to string values'),
  ownerReferences: list('a list of OwnerReference objects', ownerReference),
  finalizers: stringList(),
  managedFields: list('a list of ManagedFieldsEntry objects', managedFieldsEntry),
}, ['name']);

const taint = obj('a Taint object', {
  key: str('a qualified name, like a label key'),
  value: str('at most 63 characters, like a label value'),
  effect: { description: 'NoSchedule, PreferNoSchedule or NoExecute', enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] },
  timeAdded: time,
}, ['key', 'effect']);

const nodeSpec = obj('a NodeSpec object', {
  podCIDR: cidr,
  podCIDRs: { type: 'array', maxItems: 2, description: 'a list of at most two CIDRs, at most one per IP family', items: cidr },
  providerID: str('<ProviderName>://<ProviderSpecificNodeID>'),
  unschedulable: bool,
  taints: list('a list of Taint objects', taint),
  configSource,
  externalID: str(),
});

const nodeConfigStatus = obj('a NodeConfigStatus object', {
  active: configSource,
  assigned: configSource,
  lastKnownGood: configSource,
  error: str(),
});

const nodeStatus = obj('a NodeStatus object', {
  capacity: quantities,
  allocatable: quantities,
  phase: { description: 'Pending, Running or Terminated', enum: ['Pending', 'Running', 'Terminated'] },
  conditions: list('a list of NodeCondition objects', obj('a NodeCondition object', {
    type: str('the condition type, e.g. Ready'),
    status: { description: 'True, False or Unknown', enum: ['True', 'False', 'Unknown'] },
    lastHeartbeatTime: time,
    lastTransitionTime: time,
    message: str(),
    reason: str(),
  }, ['type', 'status'])),
  addresses: list('a list of NodeAddress objects', obj('a NodeAddress object', {
    type: { description: 'Hostname, InternalIP, ExternalIP, InternalDNS or ExternalDNS', enum: ['Hostname', 'InternalIP', 'ExternalIP', 'InternalDNS', 'ExternalDNS'] },
    address: str('the address'),
  }, ['type', 'address'])),
  daemonEndpoints: obj('a NodeDaemonEndpoints object', {
    kubeletEndpoint: obj('a DaemonEndpoint object', {
      port: { type: 'integer', minimum: 0, maximum: 65535, description: 'a port number, 0 to 65535' },
    }, ['port']),
  }),
  nodeInfo: obj('a NodeSystemInfo object', {
    machineID: str(),
    systemUUID: str(),
    bootID: str(),
    kernelVersion: str(),
    osImage: str(),
    containerRuntimeVersion: str(),
    kubeletVersion: str(),
    kubeProxyVersion: str(),
    operatingSystem: str(),
    architecture: str(),
    swap: obj('a NodeSwapStatus object', { capacity: { type: 'integer', minimum: 0, description: 'a number of bytes' } }),
  }, ['machineID', 'systemUUID', 'bootID', 'kernelVersion', 'osImage', 'containerRuntimeVersion', 'kubeletVersion', 'kubeProxyVersion', 'operatingSystem', 'architecture']),
  // k8s.io/api core/v1 types.go ContainerImage: names is +optional but not omitempty, so a nil list is written null.
  images: list('a list of ContainerImage objects', obj('a ContainerImage object', {
    names: { type: ['array', 'null'], description: 'a list of image names, or null', items: str() },
    sizeBytes: { type: 'integer', minimum: 0, description: 'a number of bytes' },
  })),
  volumesInUse: stringList(),
  volumesAttached: list('a list of AttachedVolume objects', obj('an AttachedVolume object', {
    name: str('the volume name'),
    devicePath: str('the device path'),
  }, ['name', 'devicePath'])),
  config: nodeConfigStatus,
  runtimeHandlers: list('a list of NodeRuntimeHandler objects', obj('a NodeRuntimeHandler object', {
    name: str(),
    features: obj('a NodeRuntimeHandlerFeatures object', { recursiveReadOnlyMounts: bool, userNamespaces: bool }),
  })),
  features: obj('a NodeFeatures object', { supplementalGroupsPolicy: bool }),
  declaredFeatures: stringList('a list of feature names the node declares'),
});

const node = obj('a Node object with metadata, spec and status', {
  metadata: objectMeta,
  spec: nodeSpec,
  status: nodeStatus,
}, ['metadata']);

const listMeta = obj('a ListMeta object', {
  continue: str('the opaque continue token'),
  remainingItemCount: { type: 'integer', minimum: 0, description: 'a non-negative integer' },
  resourceVersion: str(),
  selfLink: str(),
  shardInfo: obj('a ShardInfo object', { selector: str('the shard selector of the request') }, ['selector']),
});

/** Checks the structure of NodeList props. */
export const checkNodeListStructure = compileSchema({
  type: 'object',
  properties: {
    items: list('a list of Node objects', node),
    metadata: listMeta,
    mode: { description: 'Manifest or LabelsAnnotationsTaints (NodeListMode)', enum: ['Manifest', 'LabelsAnnotationsTaints'] },
    fieldManager: str('a field manager name'),
    // Checked by the bool pipeline (node-list.ts).
    forceConflicts: {},
    // cdktf's own objects: passed to the framework as given.
    provider: {},
    dependsOn: {},
  },
  required: ['items'],
  additionalProperties: false,
});

/** The NodeConfigStatus schema, for `NodeConfigStatusMachine` (config-status-machine.ts). */
export const NODE_CONFIG_STATUS_SCHEMA = nodeConfigStatus;
/** The NodeConfigSource schema, for `NodeConfigStatusMachine.sameSource`. */
export const NODE_CONFIG_SOURCE_SCHEMA = configSource;
