// A node's field changes, from each resource NodeList writes: the
// kubernetes_manifest's manifest (labels, annotations, taints, and any other
// field by its manifest path), kubernetes_labels, kubernetes_annotations and
// kubernetes_node_taint; each names its node. Beside the construct:
// descriptors.ts names it, lib/explain/ reads it from there.
import { ChangeSide, child, display, isOpaque, sameValue, SENSITIVE } from '../core/change-side';
import { ExplainedFieldChange } from '../core/field-change';
import { byCodeUnit, diffMap, diffOtherAttributes, diffTree, diffValue, isPresent } from '../core/field-diff';

const MANIFEST_HANDLED = new Set(['manifest', 'object']);
const KEYED_HANDLED = new Set(['labels', 'annotations', 'taint', 'metadata', 'api_version', 'kind']);
const MANIFEST_SKIP = new Set(['.metadata.labels', '.metadata.annotations', '.spec.taints', '.metadata.name', '.apiVersion', '.kind']);

/** The node a resource is for: the manifest's or the metadata block's name. */
export function nodeNameOf(type: string, before: ChangeSide, after: ChangeSide): string | undefined {
  for (const side of [after, before]) {
    const name =
      type === 'kubernetes_manifest'
        ? child(child(child(side, 'manifest'), 'metadata'), 'name')
        : Array.isArray(child(side, 'metadata').value)
          ? child(child(child(side, 'metadata'), 0), 'name')
          : child(child(side, 'metadata'), 'name');
    // A name marked sensitive (before_sensitive / after_sensitive) is never shown, not even as the node.
    if (name.sensitive === true && name.value !== null && name.value !== undefined) return SENSITIVE;
    if (typeof name.value === 'string') return name.value;
  }
  return undefined;
}

/**
 * Whether the planned values say a kubernetes resource is a node's (its
 * manifest's or its `kind` is Node): true, false, or undefined when neither
 * side holds a kind (null, unknown, a manifest without one).
 */
export function nodeKindSaid(type: string, before: ChangeSide, after: ChangeSide): boolean | undefined {
  if (type === 'kubernetes_node_taint') return true;
  const kindOf = (side: ChangeSide) => (type === 'kubernetes_manifest' ? child(child(side, 'manifest'), 'kind') : child(side, 'kind')).value;
  const kinds = [kindOf(after), kindOf(before)].filter((k) => typeof k === 'string');
  return kinds.length === 0 ? undefined : kinds.includes('Node');
}

/** The field changes of one node resource. */
export function nodeFieldChanges(type: string, before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  switch (type) {
    case 'kubernetes_manifest': {
      const b = child(before, 'manifest');
      const a = child(after, 'manifest');
      const meta = (s: ChangeSide) => child(s, 'metadata');
      return [
        ...diffMap('labels', child(meta(b), 'labels'), child(meta(a), 'labels')),
        ...diffMap('annotations', child(meta(b), 'annotations'), child(meta(a), 'annotations')),
        ...taintChanges(child(child(b, 'spec'), 'taints'), child(child(a, 'spec'), 'taints')),
        ...(isPresent(b) && isPresent(a) ? diffTree('', b, a, MANIFEST_SKIP).map((c) => ({ ...c, field: c.field.replace(/^\./, '') || 'manifest' })) : []),
        ...diffOtherAttributes(before, after, MANIFEST_HANDLED),
      ];
    }
    case 'kubernetes_labels':
      return [...diffMap('labels', child(before, 'labels'), child(after, 'labels')), ...diffOtherAttributes(before, after, KEYED_HANDLED)];
    case 'kubernetes_annotations':
      return [...diffMap('annotations', child(before, 'annotations'), child(after, 'annotations')), ...diffOtherAttributes(before, after, KEYED_HANDLED)];
    default:
      return [...taintChanges(child(before, 'taint'), child(after, 'taint')), ...diffOtherAttributes(before, after, KEYED_HANDLED)];
  }
}

// Taints are identified by key and effect (the rule the constructs check): a new value is a change of that taint.
function taintChanges(before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  if (isOpaque(before) || isOpaque(after)) return diffValue('taints', before, after);
  const b = taintsByIdentity(before);
  const a = taintsByIdentity(after);
  const out: ExplainedFieldChange[] = [];
  for (const identity of [...new Set([...b.keys(), ...a.keys()])].sort(byCodeUnit)) {
    const had = b.get(identity);
    const has = a.get(identity);
    if (had !== undefined && has !== undefined && sameValue(had, has)) continue;
    out.push({
      field: 'taints',
      key: identity,
      change: had === undefined ? 'added' : has === undefined ? 'removed' : 'changed',
      ...(had === undefined ? {} : { before: display(had) }),
      ...(has === undefined ? {} : { after: display(has) }),
    });
  }
  return out;
}

// `key:effect` → the taint's value (with its other fields, such as timeAdded, when it has any).
function taintsByIdentity(side: ChangeSide): Map<string, ChangeSide> {
  const out = new Map<string, ChangeSide>();
  if (!isPresent(side) || !Array.isArray(side.value)) return out;
  side.value.forEach((_t, i) => {
    const taint = child(side, i);
    const key = child(taint, 'key');
    const effect = child(taint, 'effect');
    const identity = `${isOpaque(key) ? display(key) : String(key.value)}:${isOpaque(effect) ? display(effect) : String(effect.value)}`;
    const rest = Object.keys((taint.value as object) ?? {}).filter((k) => k !== 'key' && k !== 'effect' && k !== 'value' && (taint.value as any)[k] != null);
    out.set(identity, rest.length === 0 ? child(taint, 'value') : withoutIdentity(taint));
  });
  return out;
}

function withoutIdentity(taint: ChangeSide): ChangeSide {
  const { key: _k, effect: _e, ...rest } = taint.value as { [name: string]: unknown };
  return { value: rest, unknown: taint.unknown, sensitive: taint.sensitive };
}
