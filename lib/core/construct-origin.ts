// Where a construct of this library was declared, and which class it is: both
// written into cdktf's metadata of every resource it owns (`"//".metadata`, in
// cdk.tf.json, or in metadata.json of an HCL synth), so that `explain` can show
// a reviewer the construct's class and the line of the user's code that made it.
// The metadata is not configuration: Terraform ignores "//" and metadata.json.
import * as path from 'path';
import { IConstruct } from 'constructs';

/**
 * The context key that turns the recording of source locations off: set it to
 * `false` (in cdktf.json's `context`, or `new App({ context: { … } })`).
 */
export const SOURCE_LOCATION_CONTEXT = 'cdktf-warehouse-monitoring-cluster:sourceLocation';

/** What a construct of this library records about itself. */
export interface ConstructOrigin {
  /** The construct's class, as the library exports it (`AuthenticationProfile`). */
  readonly construct: string;
  /**
   * `file:line` of the user's code that created the construct, relative to the
   * app's directory (the working directory of the synth), with `/` separators.
   */
  readonly source?: string;
}

const ORIGIN = Symbol.for('cdktf-warehouse-monitoring-cluster/origin');

// This library's own modules (lib/ in the repository, dist/lib/ in the package): their frames are not the user's.
const LIBRARY_DIRECTORY = path.resolve(__dirname, '..');
// The frameworks' frames are not the user's either (a construct made inside an aspect or a cdktf callback).
const FRAMEWORK_FILE = /[\\/]node_modules[\\/](?:cdktf|cdktn|constructs|jsii|@jsii)[\\/]|^node:|^internal[\\/]/;
// `at fn (file:line:column)` or `at file:line:column`: the last `:line:column` of the frame.
const FRAME_LOCATION = /(?:\(|\bat )((?:file:\/\/)?[^()\n]*?):(\d+):\d+\)?\s*$/;

/**
 * Records the construct's class and, unless the app turned it off, the line of
 * the user's code that created it: one stack capture per construct, never per
 * resource or element (bench/run.ts measures its cost).
 */
export function recordOrigin(construct: IConstruct, constructClass: string): void {
  const enabled = construct.node.tryGetContext(SOURCE_LOCATION_CONTEXT);
  const source = enabled === false || enabled === 'false' ? undefined : callerLocation();
  const origin: ConstructOrigin = { construct: constructClass, ...(source === undefined ? {} : { source }) };
  Object.defineProperty(construct, ORIGIN, { value: origin, enumerable: false });
}

/** The origin recorded by the nearest construct of this library at or above `scope`, if any. */
export function originOf(scope: IConstruct): ConstructOrigin | undefined {
  for (let c: IConstruct | undefined = scope; c !== undefined; c = c.node.scope) {
    const origin = (c as unknown as { [ORIGIN]?: ConstructOrigin })[ORIGIN];
    if (origin !== undefined) return origin;
  }
  return undefined;
}

/** The first frame of the current stack outside this library and the frameworks, as `file:line`. */
function callerLocation(): string | undefined {
  const holder: { stack?: string } = {};
  const limit = Error.stackTraceLimit;
  // A construct made by the user's own helper functions sits a few frames deeper than the constructor.
  Error.stackTraceLimit = 40;
  try {
    Error.captureStackTrace(holder, recordOrigin);
  } finally {
    Error.stackTraceLimit = limit;
  }
  for (const line of (holder.stack ?? '').split('\n').slice(1)) {
    const match = FRAME_LOCATION.exec(line);
    if (match === null) continue;
    const file = match[1].startsWith('file://') ? decodeURIComponent(match[1].slice('file://'.length)) : match[1];
    if (!path.isAbsolute(file) || FRAMEWORK_FILE.test(file) || isInside(file, LIBRARY_DIRECTORY)) continue;
    return `${path.relative(process.cwd(), file).split(path.sep).join('/')}:${match[2]}`;
  }
  return undefined;
}

function isInside(file: string, directory: string): boolean {
  const relative = path.relative(directory, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
