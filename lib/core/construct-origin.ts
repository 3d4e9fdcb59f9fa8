// Where a construct of this library was declared, and which class it is:
// written once per construct, in the stack's own metadata (`"//".metadata`
// of cdk.tf.json, or metadata.json of an HCL synth), as an index
// `constructOrigins: { <class>: { <file:line>: [<construct path below the
// stack>, …] } }`, so that `explain` can show a reviewer the construct's class
// and the line of the user's code that made it. cdktf's own metadata of each
// resource (`"//".metadata.path`) leads from a resource to its construct.
// Terraform ignores "//" and metadata.json.
//
// The cost is one stack capture per construct: V8's structured call sites
// (no frame is formatted), the first frame outside this library and the
// frameworks found by its raw position. A raw position is mapped to the
// source's once, by the app's stack handler (ts-node's, source-map-support)
// or else by the runtime's own formatting of one capture (Node's
// --enable-source-maps, jest): constructs made in one loop share one position
// and map once.
import * as path from 'path';
import { IConstruct } from 'constructs';
import { TerraformElement, TerraformStack } from './framework';
import { ORIGINS_METADATA_KEY, OriginIndex } from './origin-index';

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

// This library's own modules (lib/ in the repository, dist/lib/ in the package): their frames are not the user's.
const LIBRARY_PREFIX = path.resolve(__dirname, '..') + path.sep;
// The frameworks' frames are not the user's either (a construct made inside an aspect or a cdktf callback).
const FRAMEWORK_FILE = /[\\/]node_modules[\\/](?:cdktf|cdktn|constructs|jsii|@jsii)[\\/]|^node:|^internal[\\/]/;
// `at fn (file:line:column)` or `at file:line:column`: the last `:line:column` of a formatted frame.
const FRAME_LOCATION = /(?:\(|\bat )((?:file:\/\/)?[^()\n]*?):(\d+):\d+\)?\s*$/;
// The capture starts below the construct's constructor, so the first frame outside this library is
// usually the first or second (a static factory such as adopt, then the caller). V8 charges about 1.7 µs
// for the first frame it walks and 0.65 µs for each further one, the frames above the constructor
// included. Capturing one frame first saved `new` 0.3 µs and cost adopt a second capture, 5 µs.
// Behind more of this library's frames, or a framework's callbacks, a deeper capture finds it.
const FRAMES = [2, 40];

/** A constructor: the frames of its call and of everything it called are not captured. */
type CapturedBelow = abstract new (...args: never[]) => unknown;

/**
 * The source position (`file:line`, relative to the working directory) of a
 * call site of the user's code: formatted by the app's stack handler when
 * there is one (ts-node's, source-map-support), else as `formatted` (the
 * runtime's own formatting of the frame) or the site's raw position.
 */
function sourceOf(site: NodeJS.CallSite, prepare: typeof Error.prepareStackTrace, formatted: string | undefined): string | undefined {
  let file = site.getFileName() ?? undefined;
  let line: number | null | undefined = site.getLineNumber();
  const text = formatted ?? (typeof prepare === 'function' ? String(prepare(new Error(), [site])) : undefined);
  const match = text === undefined ? null : FRAME_LOCATION.exec(text.split('\n').pop() ?? '');
  if (match !== null) {
    file = match[1];
    line = Number(match[2]);
  }
  if (file === undefined || line === null || line === undefined) return undefined;
  if (file.startsWith('file://')) file = decodeURIComponent(file.slice('file://'.length));
  return `${path.relative(process.cwd(), file).split(path.sep).join('/')}:${line}`;
}

/**
 * Source positions by script and raw position (the offset of the call in the
 * running code): one mapping per distinct call site, kept as text (a call site
 * object would keep its frame's objects, a whole app, alive). A script's
 * entry is null when its frames are not the user's (this library's, a
 * framework's, or code without a file), decided once per script.
 */
const SITES = new Map<string, Map<number, string | null> | null>();

/** The positions already mapped in the user's script `file` (a call site's raw file name); null when its frames are not the user's. */
function sitesOf(file: string): Map<number, string | null> | null {
  let sites = SITES.get(file);
  if (sites === undefined) {
    const decoded = file.startsWith('file://') ? decodeURIComponent(file.slice('file://'.length)) : file;
    const user = !decoded.startsWith(LIBRARY_PREFIX) && path.isAbsolute(decoded) && !FRAMEWORK_FILE.test(decoded);
    SITES.set(file, (sites = user ? new Map() : null));
  }
  return sites;
}

/** The structured call sites themselves, as V8 hands them to the handler (one function for every capture). */
const STRUCTURED = (_error: Error, structured: NodeJS.CallSite[]) => structured;

/** The source position of the first of `sites` in the user's code, mapped once per position; null when it has none. */
function userSite(sites: readonly NodeJS.CallSite[], prepare: typeof Error.prepareStackTrace, below: CapturedBelow): string | null | undefined {
  for (let index = 0; index < sites.length; index++) {
    const site = sites[index];
    const mapped = sitesOf(site.getFileName() ?? '');
    if (mapped === null) continue;
    // The offset of the call in its script: one number, where line and column are each looked up.
    const position = site.getPosition();
    let source = mapped.get(position);
    if (source === undefined) {
      // Without a handler of the app's, the runtime's own formatting of a stack is what maps a frame (Node's
      // --enable-source-maps, jest's transformed sources): formatted once for this call site, the same frame read.
      source = sourceOf(site, prepare, prepare === undefined ? formattedFrame(index, below) : undefined) ?? null;
      mapped.set(position, source);
    }
    return source;
  }
  return undefined;
}

/** Frame `index` below the call of `below`, as Node formats a stack (mapped with --enable-source-maps). */
function formattedFrame(index: number, below: CapturedBelow): string {
  const holder: { stack?: string } = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = FRAMES[FRAMES.length - 1];
  try {
    Error.captureStackTrace(holder, below);
  } finally {
    Error.stackTraceLimit = limit;
  }
  // The first line is the error's own; then one line per frame.
  return (holder.stack ?? '').split('\n')[index + 1] ?? '';
}

/**
 * The object every capture is made on: V8 adds the `stack` accessor to a
 * fresh object each time, to this one once (0.2 µs a construct). Emptied
 * after each read, so that it keeps no frame's objects.
 */
const CAPTURE: { stack?: unknown } = {};

/** Where a construct of this library keeps its origin (a property of its own: no table of every construct). */
const ORIGIN = Symbol.for('cdktf-warehouse-monitoring-cluster/origin');

interface RecordedOrigin {
  readonly construct: string;
  readonly source?: string;
}

/**
 * Records the construct's class and, unless the app turned it off, the line of
 * the user's code that created it (bench/run.ts measures its cost): the first
 * frame outside this library below the call of `declaringClass`, the class
 * whose constructor records it (a user's subclass calls it with `super`, on
 * the subclass's line).
 */
export function recordOrigin(construct: IConstruct, constructClass: string, declaringClass: CapturedBelow): void {
  const enabled = construct.node.tryGetContext(SOURCE_LOCATION_CONTEXT);
  let source: string | undefined;
  if (enabled !== false && enabled !== 'false') {
    // Captured here, not in a function of its own: each function between the capture and the constructor is
    // one more frame for V8 to walk. A deeper capture only while every frame captured is the library's or a
    // framework's.
    const prepare = Error.prepareStackTrace;
    for (let capture = 0; capture < FRAMES.length; capture++) {
      const limit = Error.stackTraceLimit;
      let sites: unknown;
      try {
        Error.prepareStackTrace = STRUCTURED;
        Error.stackTraceLimit = FRAMES[capture];
        Error.captureStackTrace(CAPTURE, declaringClass);
        sites = CAPTURE.stack;
      } finally {
        CAPTURE.stack = undefined;
        Error.prepareStackTrace = prepare;
        Error.stackTraceLimit = limit;
      }
      const captured = Array.isArray(sites) ? sites : [];
      const found = userSite(captured, prepare, declaringClass);
      if (found !== undefined || captured.length < FRAMES[capture]) {
        source = found ?? undefined;
        break;
      }
    }
  }
  const origin: RecordedOrigin = source === undefined ? { construct: constructClass } : { construct: constructClass, source };
  Object.defineProperty(construct, ORIGIN, { value: origin, enumerable: false });
  ConstructOrigins.of(construct).add(construct);
}

/** The origin recorded by the nearest construct of this library at or above `scope`, if any. */
export function originOf(scope: IConstruct): ConstructOrigin | undefined {
  for (let c: IConstruct | undefined = scope; c !== undefined; c = c.node.scope) {
    const origin = (c as unknown as { [ORIGIN]?: RecordedOrigin })[ORIGIN];
    if (origin !== undefined) return origin;
  }
  return undefined;
}

const INDEX_ID = 'ConstructOrigins';

/** Writes the stack's index of origins into its metadata; declares nothing. */
class ConstructOrigins extends TerraformElement {
  public static of(scope: IConstruct): ConstructOrigins {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(INDEX_ID) as ConstructOrigins | undefined) ?? new ConstructOrigins(stack, INDEX_ID);
  }

  private readonly constructs: IConstruct[] = [];

  public add(construct: IConstruct): void {
    this.constructs.push(construct);
  }

  public toMetadata(): any {
    const stackPath = TerraformStack.of(this).node.path;
    const index: OriginIndex = {};
    for (const construct of this.constructs) {
      const origin = originOf(construct)!;
      const below = construct.node.path.slice(stackPath.length + 1);
      const bySource = (index[origin.construct] ??= {});
      (bySource[origin.source ?? ''] ??= []).push(below);
    }
    return this.constructs.length === 0 ? {} : { [ORIGINS_METADATA_KEY]: index };
  }

  public toTerraform(): any {
    return {};
  }

  public toHclTerraform(): any {
    return {};
  }
}
