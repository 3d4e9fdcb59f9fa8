// What a saved plan file (`terraform plan -out=FILE`) says that its JSON does
// not: the mode it was made in. The file is a zip (hashicorp/terraform
// internal/plans/planfile/reader.go, v1.11.4) whose `tfplan` entry is the
// protocol buffer `tfplan.Plan` (internal/plans/planproto/planfile.proto:
// `Mode ui_mode = 17`, NORMAL 0, DESTROY 1, REFRESH_ONLY 2). Read here with
// Node's zlib and the protobuf wire format, not a library: one varint field.
import * as zlib from 'zlib';
import { PlanMode } from './plan-mode';

/** planproto `Mode`, by its number on the wire. */
const MODES: readonly PlanMode[] = [PlanMode.NORMAL, PlanMode.DESTROY, PlanMode.REFRESH_ONLY];
const UI_MODE_FIELD = 17;
const PLAN_ENTRY = 'tfplan';

/** The mode of a saved plan file's bytes, or undefined when they are not a plan file this reader knows. */
export function planFileMode(file: Buffer): PlanMode | undefined {
  const entry = zipEntry(file, PLAN_ENTRY);
  if (entry === undefined) return undefined;
  const mode = varintField(entry, UI_MODE_FIELD);
  // proto3 leaves a field at its zero value out: no ui_mode is NORMAL.
  return mode === undefined ? PlanMode.NORMAL : MODES[mode];
}

// One stored or deflated entry of a zip, by name, through the central directory (APPNOTE.TXT 4.3.16, 4.3.12, 4.3.7).
function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  const END = 0x06054b50;
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let n = 0; n < count && at + 46 <= zip.length; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) return undefined;
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) return undefined;
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      try {
        return method === 0 ? data : method === 8 ? zlib.inflateRawSync(data) : undefined;
      } catch {
        return undefined;
      }
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return undefined;
}

// A top-level varint field of a protobuf message; the others are skipped by wire type
// (https://protobuf.dev/programming-guides/encoding/). Undefined when absent or malformed.
function varintField(message: Buffer, field: number): number | undefined {
  let at = 0;
  let found: number | undefined;
  const varint = (): number | undefined => {
    let value = 0;
    for (let shift = 0; shift < 64 && at < message.length; shift += 7) {
      const byte = message[at++];
      if (shift < 49) value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    return undefined;
  };
  while (at < message.length) {
    const key = varint();
    if (key === undefined) return undefined;
    const wireType = key % 8;
    const number = Math.floor(key / 8);
    if (wireType === 0) {
      const value = varint();
      if (value === undefined) return undefined;
      // The last occurrence wins, as for any scalar field.
      if (number === field) found = value;
    } else if (wireType === 2) {
      const length = varint();
      if (length === undefined || at + length > message.length) return undefined;
      at += length;
    } else if (wireType === 1) {
      at += 8;
    } else if (wireType === 5) {
      at += 4;
    } else {
      return undefined;
    }
  }
  return found;
}
