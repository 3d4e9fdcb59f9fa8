import { ListMeta, ObjectMeta } from './meta';
import { NodeSpec } from './node-spec';
import { NodeStatus } from './node-status';

/**
 * A worker machine of the cluster (`Node`, core/v1). The construct writes
 * `apiVersion: v1` and `kind: Node` itself.
 */
export interface Node {
  /** Standard object metadata, in which `name` is required. */
  readonly metadata: ObjectMeta;
  /**
   * Desired behaviour of the node.
   *
   * @default - an empty spec
   */
  readonly spec?: NodeSpec;
  /**
   * Most recently observed status. Populated by the system and read-only: it is
   * validated and never sent (the provider refuses it); a warning says so.
   *
   * @default - none
   */
  readonly status?: NodeStatus;
}

/**
 * A list of nodes (`NodeList`, core/v1): the items and list metadata of what
 * `kubectl get nodes -o json` returns, in the typed model (read that output with
 * `NodeList.propsFromKubectlJson`, which also takes its `apiVersion`/`kind` and wire keys).
 */
export interface NodeListModel {
  /** The nodes. */
  readonly items: Node[];
  /**
   * Standard list metadata (paging).
   *
   * @default - none
   */
  readonly metadata?: ListMeta;
}
