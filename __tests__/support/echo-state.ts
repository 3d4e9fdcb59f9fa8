// A Terraform state (format 4) that holds a synthesized stack's resources as
// if applied, for the echo providers (./echo-provider), which plan but do not
// apply: planning the next version of the stack against it gives Terraform's
// real update plan. Each resource's attributes are its configuration's, shaped
// by the echo schema (blocks as lists, dynamic values with their cty type),
// computed ids set to `<name>-id`.
import { AttributeSchema, BlockSchema, ctyTypeOf, ProviderSchema } from './echo-provider/schemas';

const META_ARGUMENTS = new Set(['//', 'lifecycle', 'depends_on', 'provider', 'count', 'for_each']);

/** The state file's text for every resource of `config` (a cdk.tf.json) whose type one of `providers` serves. */
export function echoStateOf(config: any, providers: readonly ProviderSchema[]): string {
  const resources: unknown[] = [];
  for (const [type, byName] of Object.entries<any>(config.resource ?? {})) {
    const provider = providers.find((p) => p.resources[type] !== undefined);
    if (provider === undefined) throw new Error(`no echo schema serves ${type}`);
    for (const [name, block] of Object.entries<any>(byName)) {
      resources.push({
        mode: 'managed',
        type,
        name,
        provider: `provider["${provider.address.toLowerCase()}"]`,
        instances: [{ schema_version: 0, attributes: stateOfBlock(block, provider.resources[type], name), sensitive_attributes: [] }],
      });
    }
  }
  return JSON.stringify({ version: 4, terraform_version: '1.11.0', serial: 1, lineage: 'echo-state', outputs: {}, resources, check_results: null }, null, 2);
}

function stateOfBlock(config: any, schema: BlockSchema, name: string): { [key: string]: unknown } {
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(config)) {
    if (!META_ARGUMENTS.has(key) && schema.attributes[key] === undefined && schema.blocks?.[key] === undefined) throw new Error(`the echo schema has no ${key}`);
  }
  for (const [attribute, s] of Object.entries(schema.attributes)) out[attribute] = stateOfAttribute(config[attribute], s, attribute, name);
  for (const [blockName, nested] of Object.entries(schema.blocks ?? {})) {
    const given = config[blockName];
    const items = given === undefined || given === null ? [] : Array.isArray(given) ? given : [given];
    out[blockName] = items.map((item) => stateOfBlock(item, nested.block, name));
  }
  return out;
}

function stateOfAttribute(value: unknown, schema: AttributeSchema, attribute: string, name: string): unknown {
  if (value === undefined || value === null) return attribute === 'id' && schema.computed ? `${name}-id` : null;
  return schema.type === 'dynamic' ? { value, type: ctyTypeOf(value) } : value;
}
