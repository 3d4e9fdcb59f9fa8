/**
 * Standard metadata of a list response (`ListMeta`, meta/v1).
 *
 * Paging: a client that lists with a `limit` gets at most that many items and,
 * when the server has more, a `continue` token. The next request sends the same
 * query plus `continue=<token>`; the token is opaque and valid only for a few
 * minutes (an expired token answers `410 Gone`, after which the client starts the
 * list again). `remainingItemCount` estimates how many items are left; it is
 * absent on the last chunk, when selectors were used, and on servers older than
 * v1.15, so clients must not rely on it.
 */
export interface ListMeta {
  /**
   * Opaque token for the next chunk of a list that was requested with a limit.
   * Continuing a consistent list may fail when the server configuration changed or
   * more than a few minutes passed. The `resourceVersion` returned with a continue
   * value equals that of the first response, unless the token came from an error.
   *
   * @default - no more chunks
   */
  readonly continue?: string;

  /**
   * Number of subsequent items not in this response: an estimate for the size of
   * the collection, a non-negative integer. Unset when the list is complete, when
   * label or field selectors were used, and on servers before v1.15.
   *
   * @default - unknown or none left
   */
  readonly remainingItemCount?: number;

  /**
   * The server's internal version of the list. Opaque; passed back unmodified.
   * Populated by the system. Read-only.
   *
   * @default - none
   */
  readonly resourceVersion?: string;

  /**
   * Deprecated: a legacy read-only field the system no longer populates.
   * Accepted with a warning.
   *
   * @default - none
   * @deprecated the API server no longer sets selfLink (since Kubernetes 1.20)
   */
  readonly selfLink?: string;

  /**
   * Set when the list is a filtered subset of the collection, selected by a
   * shard selector on the request: it echoes the selector back. Such a list is
   * not the whole collection.
   *
   * @default - the list is not sharded
   */
  readonly shardInfo?: ShardInfo;
}

/**
 * The shard selector that produced a list response (ListMeta.shardInfo).
 */
export interface ShardInfo {
  /** The shard selector string of the request. */
  readonly selector: string;
}

/**
 * An object that owns the node (`OwnerReference`, meta/v1). A node is garbage
 * collected when all its owners are gone.
 */
export interface OwnerReference {
  /**
   * API version of the owner, e.g. `cluster.x-k8s.io/v1beta1` or `v1`: a version,
   * after at most one `/` (`apps/` has none). A v1 `Event` may not be an owner.
   */
  readonly apiVersion: string;
  /** Kind of the owner, e.g. `Machine`. */
  readonly kind: string;
  /** Name of the owner. */
  readonly name: string;
  /** UID of the owner. */
  readonly uid: string;
  /**
   * True when the owner is the managing controller. At most one owner may be.
   *
   * @default false
   */
  readonly controller?: boolean;
  /**
   * True when the owner cannot be deleted from the key-value store until this
   * reference is removed (foreground deletion).
   *
   * @default false
   */
  readonly blockOwnerDeletion?: boolean;
}

/**
 * One entry of `metadata.managedFields` (`ManagedFieldsEntry`, meta/v1): which
 * workflow manages which fields. Populated by the system; read-only for this
 * library (validated, never sent).
 */
export interface ManagedFieldsEntry {
  /**
   * Version of the resource the field set applies to, formatted `group/version`
   * (`v1` for the core group). Tracked because field sets cannot be converted
   * automatically.
   *
   * @default - none
   */
  readonly apiVersion?: string;
  /**
   * Discriminator of the fields format. The only possible value is `FieldsV1`
   * (empty is accepted too).
   *
   * @default - none
   */
  readonly fieldsType?: string;
  /**
   * The field set, in the `FieldsV1` JSON format (a trie of `f:`, `k:`, `v:`, `i:` keys).
   *
   * @default - none
   */
  readonly fieldsV1?: any;
  /**
   * Identifier of the workflow managing the fields, e.g. `kubelet`: at most 128
   * bytes of printable characters (Go's `unicode.IsPrint`: no control, format or
   * space characters but the ASCII space).
   *
   * @default - none
   */
  readonly manager?: string;
  /**
   * Operation that created the entry: `Apply` or `Update`. The API server
   * refuses an entry without one.
   *
   * @default - none: an entry without an operation is a `ValidationError`
   */
  readonly operation?: string;
  /**
   * Name of the subresource used for the update (e.g. `status`), or empty for the
   * main resource, at most 256 bytes. Distinguishes managers that share a name.
   * Unrelated to `apiVersion`, which always refers to the main resource.
   *
   * @default - the main resource
   */
  readonly subresource?: string;
  /**
   * When the entry was added (RFC 3339). Also updated when the manager adds a
   * field, changes an owned value or removes a field; not when another manager
   * took a field over.
   *
   * @default - none
   */
  readonly time?: string;
}

/**
 * Standard object metadata (`ObjectMeta`, meta/v1) of a node.
 *
 * Only `name`, `labels`, `annotations`, `ownerReferences` and `finalizers` are
 * written by a user; the other fields are populated by the system. This library
 * validates them and does not send them (a server-side apply refuses
 * `managedFields`, and `uid`/`resourceVersion` would act as preconditions that
 * break the next apply).
 */
export interface ObjectMeta {
  /**
   * Name of the node, unique in the cluster: a DNS-1123 subdomain (lowercase
   * letters, digits, `-` and `.`, starting and ending with a letter or digit, at
   * most 253 characters). Required by this library (a node list item is addressed
   * by name); usually the host name.
   *
   * @default - none: optional in the Kubernetes model, but a `NodeList` item without
   *   a name is a `ValidationError`
   */
  readonly name?: string;
  /**
   * Prefix for a server-generated name. Not usable for nodes managed here, which
   * need a name; accepted for completeness when it is a DNS-1123 subdomain (a
   * trailing `-` allowed).
   *
   * @default - none
   */
  readonly generateName?: string;
  /**
   * Must be empty: nodes are cluster-scoped.
   *
   * @default - none
   */
  readonly namespace?: string;
  /**
   * Deprecated: a legacy read-only field the system no longer populates.
   * Accepted with a warning, never sent.
   *
   * @default - none
   * @deprecated the API server no longer sets selfLink (since Kubernetes 1.20)
   */
  readonly selfLink?: string;
  /**
   * Unique id of the node in time and space. Populated by the system. Read-only.
   *
   * @default - none
   */
  readonly uid?: string;
  /**
   * Internal version of the node, for optimistic concurrency. Populated by the
   * system. Read-only.
   *
   * @default - none
   */
  readonly resourceVersion?: string;
  /**
   * Sequence number of a specific generation of the desired state. Populated by
   * the system. Read-only.
   *
   * @default - none
   */
  readonly generation?: number;
  /**
   * When the node was created (RFC 3339). Populated by the system. Read-only.
   *
   * @default - none
   */
  readonly creationTimestamp?: string;
  /**
   * When the node will be deleted (RFC 3339), set by the server on a graceful
   * deletion request. Read-only.
   *
   * @default - none
   */
  readonly deletionTimestamp?: string;
  /**
   * Seconds allowed for a graceful termination, set with `deletionTimestamp`.
   * Read-only.
   *
   * @default - none
   */
  readonly deletionGracePeriodSeconds?: number;
  /**
   * Labels: keys are qualified names (optional DNS subdomain prefix and `/`,
   * then a name of at most 63 characters `[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?`);
   * values at most 63 characters of the same form, or empty.
   *
   * @default - none
   */
  readonly labels?: { [key: string]: string };
  /**
   * Annotations: keys are qualified names like label keys, values are free text.
   * All keys and values together at most 256 KiB.
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
  /**
   * Objects the node depends on.
   *
   * @default - none
   */
  readonly ownerReferences?: OwnerReference[];
  /**
   * Finalizers that must be removed before the node is deleted: qualified names
   * with a `/` (`example.com/cleanup`), or one of the standard `kubernetes`,
   * `orphan`, `foregroundDeletion`; not both `orphan` and `foregroundDeletion`.
   *
   * @default - none
   */
  readonly finalizers?: string[];
  /**
   * Which workflow manages which fields. Populated by the system. Read-only:
   * validated, never sent.
   *
   * @default - none
   */
  readonly managedFields?: ManagedFieldsEntry[];
}
