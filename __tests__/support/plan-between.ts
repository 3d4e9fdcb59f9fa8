// A plan (as `terraform show -json` writes it) between two synthesized
// configurations: each resource's attributes in the first are its before, in
// the second its after, nested blocks as the lists Terraform's plan JSON
// writes. For tests and benchmarks of `explain` where no provider can plan.

const META = new Set(['//', 'lifecycle', 'depends_on', 'provider', 'count', 'for_each']);
// Attributes the constructs write as one object that Terraform holds as a list of one block.
const BLOCKS = new Set(['metadata']);

/** A plan whose resource changes go from the first stack's resources to the second's. */
export function planBetween(before: any, after: any): string {
  const attributes = (config: any) => {
    const out = new Map<string, { type: string; values: any }>();
    for (const [type, byName] of Object.entries<any>(config.resource ?? {})) {
      for (const [name, block] of Object.entries<any>(byName)) {
        const values: any = {};
        for (const [k, v] of Object.entries<any>(block)) if (!META.has(k)) values[k] = BLOCKS.has(k) ? [v] : v;
        out.set(`${type}.${name}`, { type, values });
      }
    }
    return out;
  };
  const b = attributes(before);
  const a = attributes(after);
  const resource_changes = [...new Set([...b.keys(), ...a.keys()])].map((address) => {
    const was = b.get(address)?.values ?? null;
    const is = a.get(address)?.values ?? null;
    const actions = was === null ? ['create'] : is === null ? ['delete'] : JSON.stringify(was) === JSON.stringify(is) ? ['no-op'] : ['update'];
    // Terraform gives every delete of a normal plan its reason (here: the resource left the configuration).
    const reason = is === null ? { action_reason: 'delete_because_no_resource_config' } : {};
    return { address, mode: 'managed', type: (b.get(address) ?? a.get(address))!.type, ...reason, change: { actions, before: was, after: is } };
  });
  // The keys Terraform writes in every plan (lib/explain/plan-json.ts ALWAYS_WRITTEN_KEYS), as Terraform 1.11 writes them.
  return JSON.stringify({ format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes });
}

