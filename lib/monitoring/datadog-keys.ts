// The one rule for Datadog API and application keys: never a literal. A key is
// read by the provider from DD_API_KEY / DD_APP_KEY, or given as a reference to
// a sensitive TerraformVariable without a default. Internal.
import { IConstruct } from 'constructs';
import { DefaultTokenResolver, StringConcat, TerraformStack, TerraformVariable, Tokenization } from '../core/cdktf';
import { isUnresolved, Problems } from '../core/problems';

const VARIABLE_REFERENCE = /^\$\{var\.([A-Za-z_][A-Za-z0-9_-]*)\}$/;

/**
 * Checks a key prop. `envVar` names where the key comes from when the prop is
 * left out; pass undefined where the key is required.
 * A literal is reported without its value: the error must not leak it.
 */
export function checkKeyReference(scope: IConstruct, value: unknown, problems: Problems, path: string, envVar?: string): void {
  const allowed =
    'a reference to a sensitive TerraformVariable with no default (`variable.stringValue`)' +
    (envVar ? `, or nothing, for the provider to read ${envVar} from the environment` : '') +
    '; a literal key would be written into the synthesized files';
  if (value === undefined) {
    if (!envVar) problems.add(path, undefined, allowed);
    return;
  }
  if (!isUnresolved(value)) {
    const length = typeof value === 'string' ? `a literal string of ${value.length} characters` : `a literal ${typeof value}`;
    problems.add(path, `${length} (not shown)`, allowed);
    return;
  }
  const stack = TerraformStack.of(scope);
  let resolved: unknown;
  try {
    resolved = Tokenization.resolve(value, { scope: stack, resolver: new DefaultTokenResolver(new StringConcat()) });
  } catch {
    resolved = undefined;
  }
  const match = typeof resolved === 'string' ? VARIABLE_REFERENCE.exec(resolved) : null;
  const variable = match
    ? (stack.node.findAll().find((c) => c instanceof TerraformVariable && c.friendlyUniqueId === match[1]) as TerraformVariable | undefined)
    : undefined;
  if (variable === undefined) {
    problems.add(path, typeof resolved === 'string' ? resolved : 'a reference', allowed);
  } else if (variable.sensitive !== true) {
    problems.add(path, resolved, `a variable declared with \`sensitive: true\` (var.${match![1]} is not), so Terraform hides it in plans and logs`);
  } else if (variable.default !== undefined) {
    problems.add(path, resolved, `a variable with no default (var.${match![1]} has one, and a default is written into the synthesized files)`);
  }
}
