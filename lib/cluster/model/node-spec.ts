/** Effects of a taint on pods that do not tolerate it. */
export enum TaintEffect {
  /** New pods are not scheduled onto the node. */
  NO_SCHEDULE = 'NoSchedule',
  /** The scheduler tries not to place new pods onto the node. */
  PREFER_NO_SCHEDULE = 'PreferNoSchedule',
  /** New pods are not scheduled and running pods are evicted. */
  NO_EXECUTE = 'NoExecute',
}

/**
 * A taint (`Taint`, core/v1): the node repels pods that do not tolerate it.
 * Taints are unique per (`key`, `effect`).
 */
export interface Taint {
  /** Taint key: a qualified name, like a label key. */
  readonly key: string;
  /**
   * Taint value: at most 63 characters, like a label value.
   *
   * @default - empty
   */
  readonly value?: string;
  /** Effect: `NoSchedule`, `PreferNoSchedule` or `NoExecute` (see {@link TaintEffect}). */
  readonly effect: string;
  /**
   * When the taint was added (RFC 3339), set by the system for `NoExecute` taints.
   *
   * @default - none
   */
  readonly timeAdded?: string;
}

/**
 * A reference to a ConfigMap holding a kubelet configuration
 * (`ConfigMapNodeConfigSource`, core/v1). Part of dynamic kubelet configuration:
 * deprecated in Kubernetes 1.22 and removed from the kubelet in 1.24.
 */
export interface ConfigMapNodeConfigSource {
  /** Which key of the referenced ConfigMap holds the KubeletConfiguration (the seed's `agentConfigKey`). */
  readonly kubeletConfigKey: string;
  /** `metadata.name` of the referenced ConfigMap. */
  readonly name: string;
  /** `metadata.namespace` of the referenced ConfigMap. */
  readonly namespace: string;
  /**
   * `metadata.resourceVersion` of the referenced ConfigMap. Forbidden in
   * `spec.configSource`; required in `status.config` sources.
   *
   * @default - none (as required in `spec.configSource`)
   */
  readonly resourceVersion?: string;
  /**
   * `metadata.uid` of the referenced ConfigMap. Forbidden in `spec.configSource`;
   * required in `status.config` sources.
   *
   * @default - none (as required in `spec.configSource`)
   */
  readonly uid?: string;
}

/**
 * Where a node's kubelet configuration comes from (`NodeConfigSource`, core/v1).
 * Dynamic kubelet configuration was deprecated in Kubernetes 1.22 and removed
 * from the kubelet in 1.24; the fields remain in the API but nothing acts on them.
 */
export interface NodeConfigSource {
  /**
   * The ConfigMap holding the configuration.
   *
   * @default - none
   */
  readonly configMap?: ConfigMapNodeConfigSource;
}

/** Desired behaviour of a node (`NodeSpec`, core/v1). */
export interface NodeSpec {
  /**
   * The pod IP range assigned to the node (CIDR).
   *
   * @default - none
   */
  readonly podCIDR?: string;
  /**
   * The pod IP ranges assigned to the node, at most one per IP family. When
   * `podCIDR` is also set, the first entry must equal it.
   *
   * @default - none
   */
  readonly podCIDRs?: string[];
  /**
   * The node's id at the cloud provider: `<ProviderName>://<ProviderSpecificNodeID>`.
   *
   * @default - none
   */
  readonly providerID?: string;
  /**
   * True to make the node unschedulable (cordon).
   *
   * @default false
   */
  readonly unschedulable?: boolean;
  /**
   * Taints of the node.
   *
   * @default - none
   */
  readonly taints?: Taint[];
  /**
   * Deprecated: where the kubelet should take its configuration from (dynamic
   * kubelet configuration, deprecated in 1.22 and removed from the kubelet in
   * 1.24). Accepted with a warning; `uid` and `resourceVersion` of its ConfigMap
   * reference are forbidden here.
   *
   * @default - none
   * @deprecated dynamic kubelet configuration was removed from the kubelet in Kubernetes 1.24
   */
  readonly configSource?: NodeConfigSource;
  /**
   * Deprecated: not all kubelets set this field. Accepted with a warning.
   *
   * @default - none
   * @deprecated removed after 1.13 in the kubelet; use `providerID`
   */
  readonly externalID?: string;
}
