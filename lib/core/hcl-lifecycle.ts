// cdktf's HCL writer renders a `lifecycle` block as plain attributes, which
// Terraform refuses in two places: `replace_triggered_by` and `ignore_changes`
// entries come out as quoted strings ("A single static variable reference is
// required"), and `precondition` / `postcondition` as an attribute list instead
// of blocks ("Unsupported argument"). This rewrites the block with types so the
// HCL output means what the JSON output means.

/** Rewrites the lifecycle of `out[kind][type][name]`, if any, and returns `out`. */
export function withHclLifecycle(out: any, kind: 'resource' | 'data', type: string, name: string): any {
  const block = out?.[kind]?.[type]?.[name];
  if (block?.lifecycle) block.lifecycle = hclLifecycle(block.lifecycle);
  return out;
}

function hclLifecycle(lifecycle: { [key: string]: any }): any {
  const typed: { [key: string]: any } = {};
  for (const [key, value] of Object.entries(lifecycle)) {
    if (value === undefined) continue;
    if (key === 'replace_triggered_by' || key === 'ignore_changes') {
      typed[key] = { value: Array.isArray(value) ? `[${value.join(', ')}]` : value, isBlock: false, type: 'reference' };
    } else if (key === 'precondition' || key === 'postcondition') {
      typed[key] = {
        value: (value as { condition: string; error_message: string }[]).map((c) => ({
          condition: simpleString(c.condition),
          error_message: simpleString(c.error_message),
        })),
        isBlock: true,
        type: 'list',
        storageClassType: 'blockList',
      };
    } else if (typeof value === 'boolean') {
      typed[key] = { value, isBlock: false, type: 'simple', storageClassType: 'boolean' };
    } else {
      typed[key] = value;
    }
  }
  return { value: typed, isBlock: true, type: 'struct' };
}

function simpleString(value: string) {
  return { value, isBlock: false, type: 'simple', storageClassType: 'string' };
}
