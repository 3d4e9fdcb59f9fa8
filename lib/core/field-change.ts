// One change of one field, in the construct's own terms: what each
// construct's field differ (lib/warehouse/profile-fields.ts,
// lib/monitoring/policy-fields.ts, lib/cluster/node-fields.ts) returns and the
// explanation (lib/explain/explained.ts) reports. It sits in core so that the
// constructs and explain both import it from below.

/** One change of one field, in the construct's own terms. */
export interface ExplainedFieldChange {
  /**
   * The prop the change is in, as the construct's props spell it:
   * `authenticationProfileName`, `authenticationProfileContent`, `bindings`,
   * `resourceId`, `labels`, `annotations`, `taints`, or a manifest path
   * (`spec.podCIDR`) for a node's other fields.
   */
  readonly field: string;
  /**
   * Which entry of the field: a content key, a relation, a label or annotation
   * key, a taint as `key:effect`.
   *
   * @default - the whole field
   */
  readonly key?: string;
  /** `added`, `removed` or `changed`. */
  readonly change: string;
  /**
   * The value before, as shown to readers: quoted JSON, `(sensitive)`,
   * `(known after apply)`, or its type and size under a credential-looking key.
   *
   * @default - none (added)
   */
  readonly before?: string;
  /**
   * The value after, shown as `before` is.
   *
   * @default - none (removed)
   */
  readonly after?: string;
}
