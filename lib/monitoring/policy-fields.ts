// A restriction policy's field changes: its resource id, and its bindings per
// relation as principals added and removed. Terraform holds `bindings` as a
// set of blocks, so adding one principal shows the whole set replaced; here it
// is one principal added to one relation. Beside the construct: descriptors.ts
// names it, lib/explain/ reads it from there.
import { ChangeSide, child, display, isOpaque } from '../core/change-side';
import { ExplainedFieldChange } from '../core/field-change';
import { byCodeUnit, diffOtherAttributes, diffValue, isPresent } from '../core/field-diff';

const HANDLED = new Set(['resource_id', 'bindings']);

/** The field changes of a `datadog_restriction_policy`. */
export function policyFieldChanges(before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  return [
    ...diffValue('resourceId', child(before, 'resource_id'), child(after, 'resource_id')),
    ...bindingChanges(child(before, 'bindings'), child(after, 'bindings')),
    ...diffOtherAttributes(before, after, HANDLED),
  ];
}

function bindingChanges(before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  if (isOpaque(before) || isOpaque(after)) return diffValue('bindings', before, after);
  const b = principalsByRelation(before);
  const a = principalsByRelation(after);
  const out: ExplainedFieldChange[] = [];
  for (const relation of [...new Set([...b.keys(), ...a.keys()])].sort(byCodeUnit)) {
    const had = b.get(relation) ?? new Map<string, string>();
    const has = a.get(relation) ?? new Map<string, string>();
    for (const [identity, shown] of [...has].sort(([x], [y]) => byCodeUnit(x, y))) {
      if (!had.has(identity)) out.push({ field: 'bindings', key: relation, change: 'added', after: shown });
    }
    for (const [identity, shown] of [...had].sort(([x], [y]) => byCodeUnit(x, y))) {
      if (!has.has(identity)) out.push({ field: 'bindings', key: relation, change: 'removed', before: shown });
    }
  }
  return out;
}

// relation → principal (its identity: the value, or a marker for an unknown one) → how it is shown.
function principalsByRelation(side: ChangeSide): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  if (!isPresent(side) || !Array.isArray(side.value)) return out;
  side.value.forEach((_binding, i) => {
    const binding = child(side, i);
    const relation = child(binding, 'relation');
    const key = typeof relation.value === 'string' && !isOpaque(relation) ? relation.value : display(relation);
    const principals = out.get(key) ?? new Map<string, string>();
    out.set(key, principals);
    const list = child(binding, 'principals');
    if (isOpaque(list) || !Array.isArray(list.value)) {
      principals.set(`\u0000${display(list)}`, display(list));
      return;
    }
    list.value.forEach((_p, j) => {
      const principal = child(list, j);
      const shown = display(principal);
      principals.set(isOpaque(principal) ? `\u0000${shown}#${j}` : String(principal.value), shown);
    });
  });
  return out;
}
