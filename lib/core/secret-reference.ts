// The one rule for secrets in provider settings (Datadog keys, Kubernetes tokens
// and client keys): never a literal. A secret is read by the provider from its
// environment variable, or given as a reference to a sensitive TerraformVariable
// without a default, so it is never written into a synthesized file.
import { IConstruct } from 'constructs';
import { DefaultTokenResolver, StringConcat, TerraformStack, TerraformVariable, Tokenization } from './framework';
import { isUnresolved, Problems } from './problems';

const VARIABLE_REFERENCE = /^\$\{var\.([A-Za-z_][A-Za-z0-9_-]*)\}$/;

/**
 * Checks a secret prop. `envVar` names where the provider reads the secret when
 * the prop is left out; pass undefined where the prop is required.
 * A literal is reported without its value: the error must not leak it.
 */
export function checkSecretReference(scope: IConstruct, value: unknown, problems: Problems, path: string, envVar?: string): void {
  const allowed =
    'a reference to a sensitive TerraformVariable with no default (`variable.stringValue`)' +
    (envVar ? `, or nothing, for the provider to read ${envVar} from the environment` : '') +
    '; a literal would be written into the synthesized files';
  if (value === undefined) {
    if (!envVar) problems.add(path, undefined, allowed);
    return;
  }
  if (!isUnresolved(value)) {
    problems.addConcealed(path, value, allowed);
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
  // Any other expression may embed a literal (`Fn.join('', ['…'])`): shown by size only.
  if (variable === undefined) {
    problems.addConcealed(path, resolved, allowed);
  } else if (variable.sensitive !== true) {
    problems.add(path, resolved, `a variable declared with \`sensitive: true\` (var.${match![1]} is not), so Terraform hides it in plans and logs`);
  } else if (variable.default !== undefined) {
    problems.add(path, resolved, `a variable with no default (var.${match![1]} has one, and a default is written into the synthesized files)`);
  }
}
