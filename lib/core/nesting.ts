// How deep a value nests, measured without recursion: a plan of another
// producer, or a user's props, may nest thousands of levels, and the walks of
// the library (checks, rendering, masks, display) recurse through values.

/** The deepest nesting a value may have: far beyond any provider's schema or Kubernetes object, far below the call stack's bound. */
export const MAX_NESTING = 256;

/** The deepest nesting a plan's values may have (see {@link MAX_NESTING}). */
export const MAX_PLAN_NESTING = MAX_NESTING;

/**
 * The first value nested `limit` levels below `root` that still nests further,
 * with its JSON path (segments); undefined when there is none.
 */
export function tooDeepAt(root: unknown, limit: number = MAX_PLAN_NESTING): { readonly path: string[]; readonly value: unknown } | undefined {
  interface Frame {
    readonly value: unknown;
    readonly depth: number;
    readonly parent?: Frame;
    readonly key?: string;
  }
  const pending: Frame[] = [{ value: root, depth: 0 }];
  while (pending.length > 0) {
    const frame = pending.pop()!;
    if (frame.value === null || typeof frame.value !== 'object') continue;
    if (frame.depth >= limit) return { path: pathOf(frame), value: frame.value };
    for (const key of Object.keys(frame.value)) pending.push({ value: (frame.value as any)[key], depth: frame.depth + 1, parent: frame, key });
  }
  return undefined;

  function pathOf(frame: Frame): string[] {
    const out: string[] = [];
    for (let f: Frame | undefined = frame; f?.key !== undefined; f = f.parent) out.push(f.key);
    return out.reverse();
  }
}
