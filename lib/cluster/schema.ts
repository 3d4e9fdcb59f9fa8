// JSON Schema of NodeList props (TypeScript names), compiled once at module load.
// Structure, types, enums and required fields; the rules a schema cannot say
// (name formats, uniqueness, sizes, spec-versus-status) are in validation.ts.
import { compileSchema } from '../core/json-schema';

const str = (description = 'a string') => ({ type: 'string', description });
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
  kubeletConfigKey: str('the ConfigMap key holding the KubeletConfiguration'),
  name: str('metadata.name of the ConfigMap'),
  namespace: str('metadata.namespace of the ConfigMap'),
  resourceVersion: str(),
  uid: str(),
}, ['kubeletConfigKey', 'name', 'namespace']);

const configSource = obj('a NodeConfigSource object', { configMap: configMapSource });

const managedFieldsEntry = obj('a ManagedFieldsEntry object', {
  apiVersion: str('group/version, e.g. "v1"'),
  fieldsType: { description: 'FieldsV1 (the only fields format)', enum: ['FieldsV1'] },
  fieldsV1: { description: 'a FieldsV1 JSON value' },
  manager: str(),
  operation: { description: 'Apply or Update', enum: ['Apply', 'Update'] },
  subresource: str('a subresource name, or empty for the main resource'),
  time: str('an RFC 3339 timestamp'),
});

const ownerReference = obj('an OwnerReference object', {
  apiVersion: str('the owner\'s API version'),
  kind: str('the owner\'s kind'),
  name: str('the owner\'s name'),
  uid: str('the owner\'s uid'),
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
  creationTimestamp: str('an RFC 3339 timestamp'),
  deletionTimestamp: str('an RFC 3339 timestamp'),
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
  timeAdded: str('an RFC 3339 timestamp'),
}, ['key', 'effect']);

const nodeSpec = obj('a NodeSpec object', {
  podCIDR: str('a CIDR such as 10.244.1.0/24'),
  podCIDRs: stringList('a list of CIDRs, at most one per IP family'),
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
  capacity: stringMap('an object of resource names to quantities ("4", "16Gi")'),
  allocatable: stringMap('an object of resource names to quantities ("4", "16Gi")'),
  phase: { description: 'Pending, Running or Terminated', enum: ['Pending', 'Running', 'Terminated'] },
  conditions: list('a list of NodeCondition objects', obj('a NodeCondition object', {
    type: str('the condition type, e.g. Ready'),
    status: { description: 'True, False or Unknown', enum: ['True', 'False', 'Unknown'] },
    lastHeartbeatTime: str('an RFC 3339 timestamp'),
    lastTransitionTime: str('an RFC 3339 timestamp'),
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
  images: list('a list of ContainerImage objects', obj('a ContainerImage object', {
    names: stringList('a list of image names'),
    sizeBytes: { type: 'integer', minimum: 0, description: 'a number of bytes' },
  }, ['names'])),
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
});

/** Checks the structure of NodeList props. */
export const checkNodeListStructure = compileSchema({
  type: 'object',
  properties: {
    items: list('a list of Node objects', node),
    metadata: listMeta,
    mode: { description: 'Manifest or LabelsAnnotationsTaints (NodeListMode)', enum: ['Manifest', 'LabelsAnnotationsTaints'] },
    fieldManager: str('a field manager name'),
    forceConflicts: bool,
  },
  required: ['items'],
});
