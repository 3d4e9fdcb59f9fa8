// cdktf's HCL writer renders a `lifecycle` block as plain attributes, which
// Terraform refuses in two places: `replace_triggered_by` and `ignore_changes`
// entries come out as quoted strings ("A single static variable reference is
// required"), and `precondition` / `postcondition` as an attribute list instead
// of blocks ("Unsupported argument"). This rewrites the block with types, and
// the conditions' expressions through the one HCL writer, so the HCL output
// means what the JSON output means.
import { IConstruct } from 'constructs';
import { hclValueForCdktf } from './hcl-writer';

/**
 * Rewrites the lifecycle of `out[kind][type][name]`, if any, and its
 * `depends_on` (cdktf quotes each address: "A single static variable reference
 * is required"), and returns `out`.
 */
export function withHclLifecycle(scope: IConstruct, out: any, kind: 'resource' | 'data', type: string, name: string): any {
  const block = out?.[kind]?.[type]?.[name];
  if (block?.lifecycle) block.lifecycle = hclLifecycle(scope, block.lifecycle);
  if (Array.isArray(block?.depends_on) && block.depends_on.every((d: unknown) => typeof d === 'string' && !d.includes('${'))) {
    block.depends_on = { value: `[${block.depends_on.join(', ')}]`, isBlock: false, type: 'reference' };
  }
  return out;
}

function hclLifecycle(scope: IConstruct, lifecycle: { [key: string]: any }): any {
  const typed: { [key: string]: any } = {};
  for (const [key, value] of Object.entries(lifecycle)) {
    if (value === undefined) continue;
    if (key === 'replace_triggered_by' || key === 'ignore_changes') {
      // Static references (`type.name`, attribute names), never templates.
      typed[key] = { value: Array.isArray(value) ? `[${value.join(', ')}]` : value, isBlock: false, type: 'reference' };
    } else if (key === 'precondition' || key === 'postcondition') {
      typed[key] = {
        value: (value as { condition: unknown; error_message: unknown }[]).map((c) => ({
          condition: hclValueForCdktf(scope, c.condition),
          error_message: hclValueForCdktf(scope, c.error_message),
        })),
        isBlock: true,
        type: 'list',
        storageClassType: 'blockList',
      };
    } else {
      typed[key] = hclValueForCdktf(scope, value);
    }
  }
  return { value: typed, isBlock: true, type: 'struct' };
}
