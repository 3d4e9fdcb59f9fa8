// The explanation per construct, for people: a construct's resources folded into
// one headline (Terraform's symbol, the construct's actions, each cause once),
// its field changes beneath; the name trigger folded into the profile it
// replaces. Resources these constructs did not make stay listed by address.
import { formerConstructName, instanceKeyOf } from './construct-map';
import { REPLACE_WITHOUT_DESTROY } from './actions';
import { ExplainedConstruct, ExplainedConstructField, ExplainedResource, TerraformCounts } from './explained';
import { OTHER_KIND } from './resource-kind';
import { ACTION_ORDER } from './summary';

/**
 * Terraform's symbol for each action, as its plan renderer prints them
 * (hashicorp/terraform internal/command/format/diff.go `DiffActionSymbol`,
 * v1.11): `+` create, `~` update, `-/+` delete then create, `+/-` create then
 * delete, `-` delete, `.` forget, `+/.` create then forget, `<=` read; a move or
 * an import with nothing else to do gets none (three spaces, as there).
 */
export function symbolOf(actions: readonly string[], terraformActions: readonly (readonly string[])[]): string {
  const has = (a: string) => actions.includes(a);
  // A deposed object destroyed and the current one created: a replacement, as far as the construct goes.
  if (has('replace') || (has('delete') && has('create'))) return terraformActions.some((t) => t.join() === 'create,delete') && !terraformActions.some((t) => t.join() === 'delete,create') ? '+/-' : '-/+';
  if (has(REPLACE_WITHOUT_DESTROY)) return '+/.';
  if (has('delete') || has('deleted outside Terraform')) return '-';
  if (has('remove from state')) return '.';
  if (has('create')) return '+';
  if (has('update') || has('changed outside Terraform')) return '~';
  if (has('read')) return '<=';
  return '   ';
}

/** The plan's changes grouped by construct (instance), in the explanation's order; unchanged constructs included. */
export function groupByConstruct(resources: readonly ExplainedResource[], folds: ReadonlyMap<string, string>): ExplainedConstruct[] {
  const groups = new Map<string, ExplainedResource[]>();
  for (const r of resources) {
    if (r.kind === OTHER_KIND) continue;
    const key = `${labelOf(r)}\u0000${instanceKeyOf(r.address)}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [r]);
    else group.push(r);
  }
  return [...groups.values()].map((group) => construct(group, folds));
}

/** True for a construct the plan leaves as it is. */
export function isUnchangedConstruct(c: ExplainedConstruct): boolean {
  return c.actions.length === 1 && c.actions[0] === 'no-op';
}

function labelOf(r: ExplainedResource): string {
  // A name cdktf did not write gives no construct name: the address stands in.
  return r.constructPath ?? (formerConstructName(r.address) || r.address);
}

function construct(resources: ExplainedResource[], folds: ReadonlyMap<string, string>): ExplainedConstruct {
  const first = resources[0];
  // A trigger's replacement is the cause of the resource it replaces ("renamed through the replace trigger"): folded, not listed.
  const changedKinds = new Set(resources.filter((r) => !isNoOp(r)).map((r) => r.kind));
  const headline = resources.filter((r) => !changedKinds.has(folds.get(r.kind) ?? ''));
  const actions = orderedActions(headline.flatMap((r) => r.actions));
  const causes = unique(headline.filter((r) => !isNoOp(r) || headline.length === 1).flatMap((r) => r.causes));
  const fields: ExplainedConstructField[] = [];
  const seen = new Set<string>();
  for (const r of resources) {
    // A node's resource created, replaced or deleted with no field to show: the node itself is the change.
    if (r.node !== undefined && r.fields.length === 0 && !isNoOp(r)) {
      const change = r.actions.includes('delete') || r.actions.includes('remove from state') ? 'removed' : r.actions.includes('create') ? 'added' : 'changed';
      fields.push({ node: r.node, field: r.kind, change });
    }
    for (const f of r.fields) {
      const field: ExplainedConstructField = r.node === undefined ? f : { ...f, node: r.node };
      const key = JSON.stringify([field.node, field.field, field.key, field.change, field.before, field.after]);
      if (seen.has(key)) continue;
      seen.add(key);
      fields.push(field);
    }
  }
  const instanceKey = instanceKeyOf(first.address);
  const constructClass = resources.find((r) => r.constructClass !== undefined)?.constructClass;
  const source = resources.find((r) => r.source !== undefined)?.source;
  return {
    constructPath: labelOf(first),
    ...(instanceKey === '' ? {} : { instanceKey }),
    inConfiguration: first.constructPath !== undefined,
    ...(constructClass === undefined ? {} : { constructClass }),
    ...(source === undefined ? {} : { source }),
    symbol: symbolOf(actions, headline.map((r) => r.terraformActions)),
    actions,
    causes: causes.length === 0 ? ['no change'] : causes,
    addresses: resources.map((r) => r.address),
    fields,
  };
}

function isNoOp(r: ExplainedResource): boolean {
  return r.actions.length === 1 && r.actions[0] === 'no-op';
}

function orderedActions(actions: readonly string[]): string[] {
  const set = new Set(actions);
  if (set.size > 1) set.delete('no-op');
  const known = ACTION_ORDER.filter((a) => set.has(a));
  return [...known, ...[...set].filter((a) => !ACTION_ORDER.includes(a)).sort()];
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/**
 * Terraform's own count of the plan's resource changes, as its `Plan:` line
 * gives it (data source reads and drift are not counted): a replacement adds
 * one and destroys one; `["create","forget"]` forgets one.
 */
export function terraformCounts(changes: readonly ExplainedResource[]): TerraformCounts {
  const counts = { import: 0, add: 0, change: 0, destroy: 0, forget: 0 };
  for (const r of changes) {
    if (r.actions.includes('import')) counts.import++;
    switch (r.terraformActions.join()) {
      case 'create':
        counts.add++;
        break;
      case 'update':
        counts.change++;
        break;
      case 'delete':
        counts.destroy++;
        break;
      case 'delete,create':
      case 'create,delete':
        counts.add++;
        counts.destroy++;
        break;
      case 'forget':
        counts.forget++;
        break;
      case 'create,forget':
        // Terraform's Plan line counts plans.CreateThenForget in neither add nor destroy (jsonformat/plan.go, v1.11.4–v1.15.9).
        counts.forget++;
        break;
    }
  }
  return counts;
}
