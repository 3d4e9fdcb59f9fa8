// One explicit mapper per type, writing the exact Kubernetes JSON keys. No generic
// case conversion: it would get `podCIDRs`, `providerID`, `externalID` and `Port` wrong.
import { isUnresolved } from '../core/problems';
import {
  AttachedVolume,
  ConfigMapNodeConfigSource,
  ContainerImage,
  DaemonEndpoint,
  ListMeta,
  ManagedFieldsEntry,
  Node,
  NodeAddress,
  NodeCondition,
  NodeConfigSource,
  NodeConfigStatus,
  NodeDaemonEndpoints,
  NodeFeatures,
  NodeRuntimeHandler,
  NodeRuntimeHandlerFeatures,
  NodeSpec,
  NodeStatus,
  NodeSwapStatus,
  NodeSystemInfo,
  ObjectMeta,
  OwnerReference,
  Taint,
} from './model';

/** A Kubernetes JSON object. */
export type KubeJson = { [key: string]: any };

// Drops undefined values so optional fields do not appear on the wire.
function compact(obj: KubeJson): KubeJson {
  const out: KubeJson = {};
  for (const key in obj) if (obj[key] !== undefined) out[key] = obj[key];
  return out;
}

function mapList<T>(list: T[] | undefined, f: (item: T) => KubeJson): KubeJson[] | undefined {
  if (list === undefined || isUnresolved(list)) return list as KubeJson[] | undefined;
  return list.map(f);
}

function mapOne<T>(value: T | undefined, f: (item: T) => KubeJson): KubeJson | undefined {
  if (value === undefined || isUnresolved(value)) return value as KubeJson | undefined;
  return f(value);
}

export function listMetaToKube(m: ListMeta): KubeJson {
  return compact({
    continue: m.continue,
    remainingItemCount: m.remainingItemCount,
    resourceVersion: m.resourceVersion,
    selfLink: m.selfLink,
    shardInfo: m.shardInfo === undefined || isUnresolved(m.shardInfo) ? m.shardInfo : compact({ selector: m.shardInfo.selector }),
  });
}

export function ownerReferenceToKube(o: OwnerReference): KubeJson {
  return compact({
    apiVersion: o.apiVersion,
    kind: o.kind,
    name: o.name,
    uid: o.uid,
    controller: o.controller,
    blockOwnerDeletion: o.blockOwnerDeletion,
  });
}

export function managedFieldsEntryToKube(e: ManagedFieldsEntry): KubeJson {
  return compact({
    apiVersion: e.apiVersion,
    fieldsType: e.fieldsType,
    fieldsV1: e.fieldsV1,
    manager: e.manager,
    operation: e.operation,
    subresource: e.subresource,
    time: e.time,
  });
}

/** All of ObjectMeta, read-only fields included (the object as given). */
export function objectMetaToKube(m: ObjectMeta): KubeJson {
  return compact({
    name: m.name,
    generateName: m.generateName,
    namespace: m.namespace,
    selfLink: m.selfLink,
    uid: m.uid,
    resourceVersion: m.resourceVersion,
    generation: m.generation,
    creationTimestamp: m.creationTimestamp,
    deletionTimestamp: m.deletionTimestamp,
    deletionGracePeriodSeconds: m.deletionGracePeriodSeconds,
    labels: m.labels,
    annotations: m.annotations,
    ownerReferences: mapList(m.ownerReferences, ownerReferenceToKube),
    finalizers: m.finalizers,
    managedFields: mapList(m.managedFields, managedFieldsEntryToKube),
  });
}

/** The fields of ObjectMeta a client may write: what a manifest sends. */
export function writableObjectMetaToKube(m: ObjectMeta): KubeJson {
  return compact({
    name: m.name,
    labels: m.labels,
    annotations: m.annotations,
    ownerReferences: mapList(m.ownerReferences, ownerReferenceToKube),
    finalizers: m.finalizers,
  });
}

/** ObjectMeta fields populated by the system: validated, never sent. */
export const READ_ONLY_OBJECT_META_FIELDS: readonly (keyof ObjectMeta)[] = [
  'generateName',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'managedFields',
];

export function taintToKube(t: Taint): KubeJson {
  return compact({ key: t.key, value: t.value, effect: t.effect, timeAdded: t.timeAdded });
}

export function configMapNodeConfigSourceToKube(c: ConfigMapNodeConfigSource): KubeJson {
  return compact({
    kubeletConfigKey: c.kubeletConfigKey,
    name: c.name,
    namespace: c.namespace,
    resourceVersion: c.resourceVersion,
    uid: c.uid,
  });
}

export function nodeConfigSourceToKube(s: NodeConfigSource): KubeJson {
  return compact({ configMap: mapOne(s.configMap, configMapNodeConfigSourceToKube) });
}

export function nodeSpecToKube(s: NodeSpec): KubeJson {
  return compact({
    podCIDR: s.podCIDR,
    podCIDRs: s.podCIDRs,
    providerID: s.providerID,
    unschedulable: s.unschedulable,
    taints: mapList(s.taints, taintToKube),
    configSource: mapOne(s.configSource, nodeConfigSourceToKube),
    externalID: s.externalID,
  });
}

export function nodeConditionToKube(c: NodeCondition): KubeJson {
  return compact({
    type: c.type,
    status: c.status,
    lastHeartbeatTime: c.lastHeartbeatTime,
    lastTransitionTime: c.lastTransitionTime,
    reason: c.reason,
    message: c.message,
  });
}

export function nodeAddressToKube(a: NodeAddress): KubeJson {
  return compact({ type: a.type, address: a.address });
}

export function daemonEndpointToKube(d: DaemonEndpoint): KubeJson {
  return compact({ Port: d.port });
}

export function nodeDaemonEndpointsToKube(d: NodeDaemonEndpoints): KubeJson {
  return compact({ kubeletEndpoint: mapOne(d.kubeletEndpoint, daemonEndpointToKube) });
}

export function nodeSwapStatusToKube(s: NodeSwapStatus): KubeJson {
  return compact({ capacity: s.capacity });
}

export function nodeSystemInfoToKube(i: NodeSystemInfo): KubeJson {
  return compact({
    machineID: i.machineID,
    systemUUID: i.systemUUID,
    bootID: i.bootID,
    kernelVersion: i.kernelVersion,
    osImage: i.osImage,
    containerRuntimeVersion: i.containerRuntimeVersion,
    kubeletVersion: i.kubeletVersion,
    kubeProxyVersion: i.kubeProxyVersion,
    operatingSystem: i.operatingSystem,
    architecture: i.architecture,
    swap: mapOne(i.swap, nodeSwapStatusToKube),
  });
}

export function containerImageToKube(c: ContainerImage): KubeJson {
  return compact({ names: c.names, sizeBytes: c.sizeBytes });
}

export function attachedVolumeToKube(v: AttachedVolume): KubeJson {
  return compact({ name: v.name, devicePath: v.devicePath });
}

export function nodeConfigStatusToKube(s: NodeConfigStatus): KubeJson {
  return compact({
    assigned: mapOne(s.assigned, nodeConfigSourceToKube),
    active: mapOne(s.active, nodeConfigSourceToKube),
    lastKnownGood: mapOne(s.lastKnownGood, nodeConfigSourceToKube),
    error: s.error,
  });
}

export function nodeRuntimeHandlerFeaturesToKube(f: NodeRuntimeHandlerFeatures): KubeJson {
  return compact({ recursiveReadOnlyMounts: f.recursiveReadOnlyMounts, userNamespaces: f.userNamespaces });
}

export function nodeRuntimeHandlerToKube(h: NodeRuntimeHandler): KubeJson {
  return compact({ name: h.name, features: mapOne(h.features, nodeRuntimeHandlerFeaturesToKube) });
}

export function nodeFeaturesToKube(f: NodeFeatures): KubeJson {
  return compact({ supplementalGroupsPolicy: f.supplementalGroupsPolicy });
}

export function nodeStatusToKube(s: NodeStatus): KubeJson {
  return compact({
    capacity: s.capacity,
    allocatable: s.allocatable,
    phase: s.phase,
    conditions: mapList(s.conditions, nodeConditionToKube),
    addresses: mapList(s.addresses, nodeAddressToKube),
    daemonEndpoints: mapOne(s.daemonEndpoints, nodeDaemonEndpointsToKube),
    nodeInfo: mapOne(s.nodeInfo, nodeSystemInfoToKube),
    images: mapList(s.images, containerImageToKube),
    volumesInUse: s.volumesInUse,
    volumesAttached: mapList(s.volumesAttached, attachedVolumeToKube),
    config: mapOne(s.config, nodeConfigStatusToKube),
    runtimeHandlers: mapList(s.runtimeHandlers, nodeRuntimeHandlerToKube),
    features: mapOne(s.features, nodeFeaturesToKube),
    declaredFeatures: s.declaredFeatures,
  });
}

/** The whole node as Kubernetes JSON, status included (what `kubectl get node -o json` shows). */
export function nodeToKube(n: Node): KubeJson {
  return compact({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: objectMetaToKube(n.metadata),
    spec: mapOne(n.spec, nodeSpecToKube),
    status: mapOne(n.status, nodeStatusToKube),
  });
}

/**
 * The manifest a `kubernetes_manifest` applies for a node: `apiVersion`, `kind`,
 * the writable metadata and the spec. Never the status, which is read-only.
 */
export function nodeManifest(n: Node): KubeJson {
  return compact({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: writableObjectMetaToKube(n.metadata),
    spec: mapOne(n.spec, nodeSpecToKube),
  });
}
