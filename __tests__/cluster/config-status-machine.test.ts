import {
  NODE_CONFIG_SOAK_MILLISECONDS,
  NodeConfigEventType,
  NodeConfigSource,
  NodeConfigState,
  NodeConfigStatusMachine,
  nextNodeConfigStatus,
} from '../../lib';
import { errorOf } from '../support/errors';

const source = (resourceVersion: string): NodeConfigSource => ({
  configMap: { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet', uid: 'uid-1', resourceVersion },
});
const V1 = source('1');
const V2 = source('2');
const T0 = new Date('2024-05-01T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const TEN_MINUTES = 10 * 60 * 1000;

const soaking: NodeConfigState = { status: { assigned: V2, active: V2, lastKnownGood: V1 }, assignedRecordUpdatedAt: T0 };

describe('nextNodeConfigStatus: the soak period', () => {
  test('the soak period is 10 minutes', () => {
    expect(NODE_CONFIG_SOAK_MILLISECONDS).toBe(TEN_MINUTES);
  });

  test('GIVEN Assigned Active WHEN 1 ms before 10 minutes THEN nothing changes', () => {
    expect(nextNodeConfigStatus(soaking, { type: NodeConfigEventType.SOAK_CHECK }, at(TEN_MINUTES - 1))).toEqual(soaking);
  });

  test('GIVEN Assigned Active WHEN exactly 10 minutes THEN Assigned becomes LastKnownGood', () => {
    const next = nextNodeConfigStatus(soaking, { type: NodeConfigEventType.SOAK_CHECK }, at(TEN_MINUTES));
    expect(next.status).toEqual({ assigned: V2, active: V2, lastKnownGood: V2 });
  });

  test('GIVEN Assigned Active WHEN 1 ms after 10 minutes THEN Assigned becomes LastKnownGood, the record time is kept', () => {
    const next = nextNodeConfigStatus(soaking, { type: NodeConfigEventType.SOAK_CHECK }, at(TEN_MINUTES + 1));
    expect(next).toEqual({ status: { assigned: V2, active: V2, lastKnownGood: V2 }, assignedRecordUpdatedAt: T0 });
  });

  test('GIVEN Assigned no longer Active (rolled back) WHEN 11 minutes THEN nothing changes', () => {
    const rolledBack: NodeConfigState = { status: { assigned: V2, active: V1, lastKnownGood: V1, error: 'bad' }, assignedRecordUpdatedAt: T0 };
    expect(nextNodeConfigStatus(rolledBack, { type: NodeConfigEventType.SOAK_CHECK }, at(TEN_MINUTES + 60000))).toEqual(rolledBack);
  });

  test('GIVEN no record time WHEN much later THEN nothing changes', () => {
    const unknown: NodeConfigState = { status: { assigned: V2, active: V2 } };
    expect(nextNodeConfigStatus(unknown, { type: NodeConfigEventType.SOAK_CHECK }, at(10 * TEN_MINUTES))).toEqual(unknown);
  });

  test('GIVEN a different ConfigMap version Active WHEN after the soak THEN nothing changes', () => {
    const other: NodeConfigState = { status: { assigned: V2, active: source('3') }, assignedRecordUpdatedAt: T0 };
    expect(nextNodeConfigStatus(other, { type: NodeConfigEventType.SOAK_CHECK }, at(TEN_MINUTES + 1))).toEqual(other);
  });
});

describe('nextNodeConfigStatus: reset, errors', () => {
  test('GIVEN LastKnownGood set WHEN spec.configSource is reset to nil THEN LastKnownGood is nil at once (local defaults)', () => {
    const next = nextNodeConfigStatus(soaking, { type: NodeConfigEventType.CONFIG_SOURCE_RESET }, at(1));
    expect(next.status.lastKnownGood).toBeUndefined();
    expect(next).toEqual({ status: {}, assignedRecordUpdatedAt: undefined });
  });

  test('GIVEN using Assigned WHEN loading or validating fails THEN roll back to LastKnownGood and set error', () => {
    const next = nextNodeConfigStatus(soaking, { type: NodeConfigEventType.LOAD_OR_VALIDATION_ERROR, message: 'failed to validate config' }, at(1));
    expect(next.status).toEqual({ assigned: V2, active: V1, lastKnownGood: V1, error: 'failed to validate config' });
  });

  test('GIVEN no LastKnownGood WHEN loading fails THEN the local defaults are Active (active nil) and error is set', () => {
    const next = nextNodeConfigStatus({ status: { assigned: V2, active: V2 } }, { type: NodeConfigEventType.LOAD_OR_VALIDATION_ERROR, message: 'e' }, at(1));
    expect(next.status).toEqual({ assigned: V2, error: 'e' });
  });

  test('GIVEN syncing Assigned WHEN downloading or checkpointing fails THEN error is set without rollback', () => {
    const next = nextNodeConfigStatus(soaking, { type: NodeConfigEventType.DOWNLOAD_OR_CHECKPOINT_ERROR, message: 'download failed' }, at(1));
    expect(next.status).toEqual({ assigned: V2, active: V2, lastKnownGood: V1, error: 'download failed' });
  });

  test('GIVEN an error event without a message THEN a ValidationError naming event/message', () => {
    const error = errorOf(() => nextNodeConfigStatus(soaking, { type: NodeConfigEventType.DOWNLOAD_OR_CHECKPOINT_ERROR }, at(1)));
    expect(error.constructPath).toBe('NodeConfigStatusMachine.next');
    expect(error.problems).toEqual([expect.objectContaining({ path: 'event/message', received: 'nothing' })]);
  });

  test('GIVEN an unknown event type THEN a ValidationError listing the types', () => {
    const error = errorOf(() => nextNodeConfigStatus(soaking, { type: 'Reboot' as NodeConfigEventType }, at(1)));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'event/type', received: '"Reboot"', allowed: expect.stringContaining('SoakCheck') })]);
  });

  test('NodeConfigStatusMachine is the same machine for every jsii language', () => {
    const event = { type: NodeConfigEventType.LOAD_OR_VALIDATION_ERROR, message: 'bad config' };
    expect(NodeConfigStatusMachine.next(soaking, event, at(1))).toEqual(nextNodeConfigStatus(soaking, event, at(1)));
    expect(NodeConfigStatusMachine.SOAK_MILLISECONDS).toBe(10 * 60 * 1000);
    expect(NodeConfigStatusMachine.sameSource(soaking.status.active, soaking.status.assigned)).toBe(true);
    expect(NodeConfigStatusMachine.sameSource(undefined, soaking.status.assigned)).toBe(false);
  });

  test('the input state is not modified', () => {
    const copy = JSON.parse(JSON.stringify(soaking));
    nextNodeConfigStatus(soaking, { type: NodeConfigEventType.LOAD_OR_VALIDATION_ERROR, message: 'x' }, at(1));
    nextNodeConfigStatus(soaking, { type: NodeConfigEventType.CONFIG_SOURCE_RESET }, at(1));
    expect(JSON.parse(JSON.stringify(soaking))).toEqual(copy);
  });
});
