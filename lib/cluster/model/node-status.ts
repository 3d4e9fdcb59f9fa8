import { NodeConfigSource } from './node-spec';

/** Values of `NodeCondition.status`. */
export enum ConditionStatus {
  /** The condition holds (`True`). */
  TRUE = 'True',
  /** The condition does not hold (`False`). */
  FALSE = 'False',
  /** The state is not known, e.g. the node controller has not heard from the node recently (`Unknown`). */
  UNKNOWN = 'Unknown',
}

/** Types of `NodeAddress.type`. */
export enum NodeAddressType {
  /** The node's host name, as its kernel reports it unless the kubelet overrides it (`Hostname`). */
  HOSTNAME = 'Hostname',
  /** An IP address typically routable only within the cluster (`InternalIP`). */
  INTERNAL_IP = 'InternalIP',
  /** An IP address typically routable from outside the cluster (`ExternalIP`). */
  EXTERNAL_IP = 'ExternalIP',
  /** A DNS name typically resolvable only within the cluster (`InternalDNS`). */
  INTERNAL_DNS = 'InternalDNS',
  /** A DNS name typically resolvable from outside the cluster (`ExternalDNS`). */
  EXTERNAL_DNS = 'ExternalDNS',
}

/** A condition of a node (`NodeCondition`, core/v1), e.g. `Ready`, `MemoryPressure`. */
export interface NodeCondition {
  /** Type of the condition, e.g. `Ready`, `MemoryPressure`, `DiskPressure`, `PIDPressure`, `NetworkUnavailable`. */
  readonly type: string;
  /** `True`, `False` or `Unknown` (see {@link ConditionStatus}). */
  readonly status: string;
  /**
   * Last time an update on the condition was received (RFC 3339).
   *
   * @default - none
   */
  readonly lastHeartbeatTime?: string;
  /**
   * Last time the condition moved from one status to another (RFC 3339).
   *
   * @default - none
   */
  readonly lastTransitionTime?: string;
  /**
   * Human-readable details about the last transition.
   *
   * @default - none
   */
  readonly message?: string;
  /**
   * Brief, machine-readable reason for the last transition.
   *
   * @default - none
   */
  readonly reason?: string;
}

/** An address of a node (`NodeAddress`, core/v1). */
export interface NodeAddress {
  /** `Hostname`, `InternalIP`, `ExternalIP`, `InternalDNS` or `ExternalDNS` (see {@link NodeAddressType}). */
  readonly type: string;
  /** The address. */
  readonly address: string;
}

/** A port a daemon listens on (`DaemonEndpoint`, core/v1). Its wire key is `Port`. */
export interface DaemonEndpoint {
  /** Port number of the endpoint, 0 to 65535. Written as `Port` (capitalised) on the wire. */
  readonly port: number;
}

/** Endpoints of the daemons running on the node (`NodeDaemonEndpoints`, core/v1). */
export interface NodeDaemonEndpoints {
  /**
   * Endpoint on which the kubelet listens (the seed's `agentEndpoint`).
   *
   * @default - none
   */
  readonly kubeletEndpoint?: DaemonEndpoint;
}

/** Swap memory of a node (`NodeSwapStatus`, core/v1). */
export interface NodeSwapStatus {
  /**
   * Total swap memory in bytes.
   *
   * @default - none
   */
  readonly capacity?: number;
}

/** Identifiers and versions reported by the node (`NodeSystemInfo`, core/v1). */
export interface NodeSystemInfo {
  /** Machine id (`/etc/machine-id`). */
  readonly machineID: string;
  /** System UUID (from the firmware). */
  readonly systemUUID: string;
  /** Boot id, changes on every boot. */
  readonly bootID: string;
  /** Kernel version (`uname -r`). */
  readonly kernelVersion: string;
  /** OS image, e.g. `Debian GNU/Linux 12 (bookworm)`. */
  readonly osImage: string;
  /** Container runtime and version, e.g. `containerd://1.7.0`. */
  readonly containerRuntimeVersion: string;
  /** Kubelet version. */
  readonly kubeletVersion: string;
  /** Kube-proxy version (deprecated in the API: not reliable). */
  readonly kubeProxyVersion: string;
  /** Operating system, e.g. `linux`. */
  readonly operatingSystem: string;
  /** Architecture, e.g. `amd64`. */
  readonly architecture: string;
  /**
   * Swap information.
   *
   * @default - none
   */
  readonly swap?: NodeSwapStatus;
}

/** A container image on the node (`ContainerImage`, core/v1). */
export interface ContainerImage {
  /**
   * Names by which the image is known, e.g. `registry.k8s.io/pause:3.9`.
   * Optional in the API (an image with neither tags nor digests has none: the
   * server writes `"names": null`, which is accepted too).
   *
   * @default - none
   */
  readonly names?: string[];
  /**
   * Size of the image in bytes.
   *
   * @default - unknown
   */
  readonly sizeBytes?: number;
}

/** A volume attached to the node (`AttachedVolume`, core/v1). */
export interface AttachedVolume {
  /** Name of the attached volume. */
  readonly name: string;
  /** Device path where the volume should be available. */
  readonly devicePath: string;
}

/**
 * Status of dynamic kubelet configuration (`NodeConfigStatus`, core/v1).
 * Deprecated in Kubernetes 1.22 and removed from the kubelet in 1.24: current
 * kubelets never set it. See `NodeConfigStatusMachine.next` for its transitions.
 */
export interface NodeConfigStatus {
  /**
   * The checkpointed config the node uses: the current Assigned config or the
   * current LastKnownGood config, depending on whether using Assigned failed.
   *
   * @default - the local defaults
   */
  readonly active?: NodeConfigSource;
  /**
   * The checkpointed config the node will try to use. Updated only after it was
   * checkpointed to disk. After a kubelet restart the node tries to make it Active.
   *
   * @default - none
   */
  readonly assigned?: NodeConfigSource;
  /**
   * The checkpointed config to fall back to when using Assigned fails.
   *
   * @default - the local defaults
   */
  readonly lastKnownGood?: NodeConfigSource;
  /**
   * Human-readable description of problems reconciling `spec.configSource` to the
   * Active config. Test whether it is empty; its text is not stable across versions.
   *
   * @default - no error
   */
  readonly error?: string;
}

/** Features a runtime handler supports (`NodeRuntimeHandlerFeatures`, core/v1). */
export interface NodeRuntimeHandlerFeatures {
  /**
   * True when the handler supports recursive read-only mounts.
   *
   * @default - unknown
   */
  readonly recursiveReadOnlyMounts?: boolean;
  /**
   * True when the handler supports user namespaces, including for volumes.
   *
   * @default - unknown
   */
  readonly userNamespaces?: boolean;
}

/** A container runtime handler (`NodeRuntimeHandler`, core/v1). */
export interface NodeRuntimeHandler {
  /**
   * Handler name, empty for the default handler.
   *
   * @default - the default handler
   */
  readonly name?: string;
  /**
   * Supported features.
   *
   * @default - none reported
   */
  readonly features?: NodeRuntimeHandlerFeatures;
}

/** Features the node supports (`NodeFeatures`, core/v1). */
export interface NodeFeatures {
  /**
   * True when the runtime supports SupplementalGroupsPolicy and ContainerUser.
   *
   * @default - unknown
   */
  readonly supplementalGroupsPolicy?: boolean;
}

/**
 * Most recently observed status of a node (`NodeStatus`, core/v1). Populated by
 * the system and read-only: this library validates it and never sends it.
 */
export interface NodeStatus {
  /**
   * Total resources of the node, by resource name (`cpu`, `memory`, `pods`, …),
   * as quantities (`"4"`, `"16Gi"`).
   *
   * @default - none
   */
  readonly capacity?: { [resource: string]: string };
  /**
   * Resources available for scheduling, as quantities.
   *
   * @default - equal to capacity
   */
  readonly allocatable?: { [resource: string]: string };
  /**
   * Deprecated: the lifecycle phase (`Pending`, `Running`, `Terminated`), never
   * populated any more. Accepted with a warning.
   *
   * @default - none
   * @deprecated no longer populated by the system
   */
  readonly phase?: string;
  /**
   * Current conditions, one per type.
   *
   * @default - none
   */
  readonly conditions?: NodeCondition[];
  /**
   * Addresses reachable to the node.
   *
   * @default - none
   */
  readonly addresses?: NodeAddress[];
  /**
   * Endpoints of daemons running on the node.
   *
   * @default - none
   */
  readonly daemonEndpoints?: NodeDaemonEndpoints;
  /**
   * Identifiers and versions reported by the node.
   *
   * @default - none
   */
  readonly nodeInfo?: NodeSystemInfo;
  /**
   * Container images on the node.
   *
   * @default - none
   */
  readonly images?: ContainerImage[];
  /**
   * Volumes in use (mounted) by the node.
   *
   * @default - none
   */
  readonly volumesInUse?: string[];
  /**
   * Volumes attached to the node.
   *
   * @default - none
   */
  readonly volumesAttached?: AttachedVolume[];
  /**
   * Deprecated: status of dynamic kubelet configuration, removed from the kubelet
   * in 1.24. Its ConfigMap references must carry `uid` and `resourceVersion`.
   *
   * @default - none
   */
  readonly config?: NodeConfigStatus;
  /**
   * Runtime handlers available on the node.
   *
   * @default - none
   */
  readonly runtimeHandlers?: NodeRuntimeHandler[];
  /**
   * Features supported by the node.
   *
   * @default - none
   */
  readonly features?: NodeFeatures;
  /**
   * The features related to feature gates that the node declares (Kubernetes 1.34 and later).
   *
   * @default - none
   */
  readonly declaredFeatures?: string[];
}
