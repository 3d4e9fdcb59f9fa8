// The transitions of NodeConfigStatus (dynamic kubelet configuration). The
// kubelet feature behind them was deprecated in Kubernetes 1.22 and removed from
// the kubelet in 1.24; this models what the API documents, as a pure function.
import { compileSchema } from '../core/json-schema';
import { describeValue, Problems } from '../core/problems';
import { readArgument, readProps } from '../core/snapshot';
import { ValidationError } from '../core/validation-error';
import { ConfigMapNodeConfigSource, NodeConfigSource, NodeConfigStatus } from './model';
import { NODE_CONFIG_SOURCE_SCHEMA, NODE_CONFIG_STATUS_SCHEMA } from './schema';

const MACHINE = 'NodeConfigStatusMachine.next';

// The shapes of the model (NodeList's schema for status.config); the values the transitions read are checked below.
const checkState = compileSchema({
  type: 'object',
  required: ['status'],
  properties: { status: NODE_CONFIG_STATUS_SCHEMA, assignedRecordUpdatedAt: {} },
  additionalProperties: false,
});
const checkEvent = compileSchema({
  type: 'object',
  required: ['type'],
  properties: { type: {}, message: {} },
  additionalProperties: false,
});
const checkSource = compileSchema(NODE_CONFIG_SOURCE_SCHEMA);

/** How long Assigned must stay Active before it becomes LastKnownGood: 10 minutes. */
export const NODE_CONFIG_SOAK_MILLISECONDS = 10 * 60 * 1000;

/** What happens to a node's configuration. */
export enum NodeConfigEventType {
  /**
   * Time passes (the kubelet checks the soak period at `now`). When 10 minutes or
   * more have passed since the local record of Assigned was updated and Assigned
   * is still Active, Assigned becomes LastKnownGood.
   */
  SOAK_CHECK = 'SoakCheck',
  /**
   * `spec.configSource` is reset to nil (use the local defaults): LastKnownGood
   * becomes nil at once, and so do Assigned and Active (the local default config
   * is in use and assumed good).
   */
  CONFIG_SOURCE_RESET = 'ConfigSourceReset',
  /**
   * A later-stage error: loading or validating the checkpointed Assigned config
   * failed. The node rolls back to LastKnownGood (Active = LastKnownGood, or the
   * local defaults when there is none) and `error` is set. Fixing the config in
   * `spec.configSource` usually resolves it.
   */
  LOAD_OR_VALIDATION_ERROR = 'LoadOrValidationError',
  /**
   * An early-stage error: downloading or checkpointing the config failed. No
   * rollback; `error` is set. It may resolve on kubelet retries.
   */
  DOWNLOAD_OR_CHECKPOINT_ERROR = 'DownloadOrCheckpointError',
}

/** One event for `NodeConfigStatusMachine.next`. */
export interface NodeConfigEvent {
  /** What happened. */
  readonly type: NodeConfigEventType;
  /**
   * The error text, for the two error events (required for them).
   *
   * @default - none
   */
  readonly message?: string;
}

/** The status plus what the kubelet keeps locally about it. */
export interface NodeConfigState {
  /** The node's `status.config`. */
  readonly status: NodeConfigStatus;
  /**
   * When the kubelet's local record of Assigned was last updated (the start of the soak).
   *
   * @default - unknown: the soak never ends
   */
  readonly assignedRecordUpdatedAt?: Date;
}

/**
 * The next configuration status of a node after `event` at time `now`.
 * TypeScript alias of `NodeConfigStatusMachine.next`, which documents the transitions.
 */
export function nextNodeConfigStatus(current: NodeConfigState, event: NodeConfigEvent, now: Date): NodeConfigState {
  now = readArgument(MACHINE, 'now', now, true);
  // Its times are jsii `date`s.
  current = readProps(MACHINE, current, 'current', false, true);
  readProps(MACHINE, current.status, 'current/status', false, true);
  event = readProps(MACHINE, event, 'event', false, true);
  const problems = new Problems();
  checkState(current, problems, 'current');
  checkEvent(event, problems, 'event');
  if (problems.list.length > 0) throw new ValidationError(MACHINE, [...problems.list]);
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new ValidationError(MACHINE, [{ path: 'now', received: describeValue(now), allowed: 'a valid Date' }]);
  }
  const since = current.assignedRecordUpdatedAt;
  if (since !== undefined && (!(since instanceof Date) || Number.isNaN(since.getTime()))) {
    throw new ValidationError(MACHINE, [{ path: 'current/assignedRecordUpdatedAt', received: describeValue(since), allowed: 'a valid Date, or nothing' }]);
  }
  const status = current.status;
  switch (event.type) {
    case NodeConfigEventType.SOAK_CHECK: {
      const since = current.assignedRecordUpdatedAt;
      if (status.assigned === undefined || since === undefined) return current;
      if (!sameSource(status.assigned, status.active)) return current;
      if (now.getTime() - since.getTime() < NODE_CONFIG_SOAK_MILLISECONDS) return current;
      if (sameSource(status.assigned, status.lastKnownGood)) return current;
      return { ...current, status: { ...status, lastKnownGood: status.assigned } };
    }
    case NodeConfigEventType.CONFIG_SOURCE_RESET: {
      const next: NodeConfigStatus = { ...status, assigned: undefined, active: undefined, lastKnownGood: undefined };
      return { status: compact(next), assignedRecordUpdatedAt: undefined };
    }
    case NodeConfigEventType.LOAD_OR_VALIDATION_ERROR:
      return { ...current, status: compact({ ...status, active: status.lastKnownGood, error: requireMessage(event) }) };
    case NodeConfigEventType.DOWNLOAD_OR_CHECKPOINT_ERROR:
      return { ...current, status: { ...status, error: requireMessage(event) } };
    default:
      throw new ValidationError(MACHINE, [
        { path: 'event/type', received: describeValue((event as NodeConfigEvent | undefined)?.type), allowed: Object.values(NodeConfigEventType).join(', ') },
      ]);
  }
}

function requireMessage(event: NodeConfigEvent): string {
  if (typeof event.message !== 'string' || event.message === '') {
    throw new ValidationError(MACHINE, [
      { path: 'event/message', received: describeValue(event.message), allowed: `a non-empty string: a ${event.type} event sets the status error text` },
    ]);
  }
  return event.message;
}

function compact(status: NodeConfigStatus): NodeConfigStatus {
  const out: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(status)) if (value !== undefined) out[key] = value;
  return out as NodeConfigStatus;
}

/** True when two config sources name the same ConfigMap at the same version. */
export function sameSource(a: NodeConfigSource | undefined, b: NodeConfigSource | undefined): boolean {
  const problems = new Problems();
  if (a !== undefined) checkSource(a, problems, 'a');
  if (b !== undefined) checkSource(b, problems, 'b');
  if (problems.list.length > 0) throw new ValidationError('NodeConfigStatusMachine.sameSource', [...problems.list]);
  if (a === undefined || b === undefined) return a === b;
  return sameConfigMap(a.configMap, b.configMap);
}

function sameConfigMap(a: ConfigMapNodeConfigSource | undefined, b: ConfigMapNodeConfigSource | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    a.name === b.name && a.namespace === b.namespace && a.kubeletConfigKey === b.kubeletConfigKey &&
    a.uid === b.uid && a.resourceVersion === b.resourceVersion
  );
}

/**
 * The configuration status transitions of a node (dynamic kubelet configuration,
 * removed from the kubelet in Kubernetes 1.24), as static members every jsii
 * language can call. TypeScript can also use `nextNodeConfigStatus` and `sameSource`.
 */
export class NodeConfigStatusMachine {
  /** How long Assigned must stay Active before it becomes LastKnownGood: 10 minutes, in milliseconds. */
  public static readonly SOAK_MILLISECONDS: number = NODE_CONFIG_SOAK_MILLISECONDS;

  /**
   * The next configuration status of a node after `event` at time `now`.
   * TypeScript can also import this as `nextNodeConfigStatus`.
   *
   * | Event | Condition | Next |
   * |---|---|---|
   * | SOAK_CHECK | Assigned is Active, `now - assignedRecordUpdatedAt >= 10 min`, and LastKnownGood is not already Assigned | LastKnownGood = Assigned |
   * | CONFIG_SOURCE_RESET | always | LastKnownGood, Assigned, Active = nil at once; `assignedRecordUpdatedAt` cleared |
   * | LOAD_OR_VALIDATION_ERROR | always | Active = LastKnownGood (rollback; nil when there is none), error = `message` |
   * | DOWNLOAD_OR_CHECKPOINT_ERROR | always | no rollback, error = `message` |
   *
   * A SOAK_CHECK whose condition does not hold returns the state unchanged. An
   * error event without a `message`, or an unknown event type, throws a
   * `ValidationError`. Pure: the input is not modified. The kubelet feature was
   * removed in Kubernetes 1.24.
   *
   * @param current the status and the kubelet's local record of Assigned
   * @param event what happened
   * @param now when it happened
   * @returns the next state: a new object, or `current` itself when a SOAK_CHECK changes nothing
   */
  public static next(current: NodeConfigState, event: NodeConfigEvent, now: Date): NodeConfigState {
    return nextNodeConfigStatus(current, event, now);
  }

  /**
   * True when two config sources name the same ConfigMap at the same version.
   * TypeScript can also import this as `sameSource`.
   *
   * @param a one source
   * @param b the other source
   * @returns true when both are undefined, or when their `configMap`s are both
   *   absent or agree on name, namespace, kubelet config key, uid and resource version
   */
  public static sameSource(a?: NodeConfigSource, b?: NodeConfigSource): boolean {
    return sameSource(readProps('NodeConfigStatusMachine.sameSource', a, 'a', true), readProps('NodeConfigStatusMachine.sameSource', b, 'b', true));
  }

  private constructor() {}
}
