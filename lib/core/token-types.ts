// The type a token carries when it is a reference to one of the stack's
// variables (`variable.value`, `.stringValue`, `.numberValue`, `.listValue`,
// `Token.asAny(variable.value)`): the variable's declared type, and the
// default Terraform reads when no value is given. Checked against the type a
// position needs as Terraform converts values (hashicorp/go-cty's convert
// package, which Terraform uses): a bool or a number becomes a string; a
// string becomes a bool only from "true" or "false", a number only from a
// number's text; a collection or object becomes none of them.
import { IConstruct } from 'constructs';
import { TerraformStack, TerraformVariable } from './framework';
import { resolvedText } from './hcl-writer';

/** A primitive type Terraform needs at a position. */
export type TerraformPrimitive = 'string' | 'number' | 'bool';

const VARIABLE_REFERENCE = /^\$\{var\.([A-Za-z_][A-Za-z0-9_-]*)\}$/;

/**
 * What is wrong with `token` where Terraform needs a `want`, when it is a
 * reference to a variable of `scope`'s stack whose type or default Terraform
 * cannot convert; undefined when it can, or when the token is anything else
 * (its type is Terraform's to check).
 */
export function variableTypeProblem(scope: IConstruct, token: unknown, want: TerraformPrimitive): string | undefined {
  const referenced = referencedVariable(scope, token);
  if (referenced === undefined) return undefined;
  const { variable, name } = referenced;
  const type = typeof variable.type === 'string' ? variable.type.replace(/\s+/g, '') : undefined;
  if (type !== undefined && type !== 'any' && !['string', 'number', 'bool'].includes(type)) {
    return `a ${want}: ${name} is declared as ${type}, which Terraform cannot convert to a ${want}`;
  }
  if ((type === 'bool' && want === 'number') || (type === 'number' && want === 'bool')) {
    return `a ${want}: ${name} is declared as ${type}, which Terraform cannot convert to a ${want}`;
  }
  const value: unknown = variable.default;
  if (value === undefined) return undefined;
  if (!convertible(value, want)) return `a ${want}: the default of ${name} (${JSON.stringify(value)?.slice(0, 60)}) is not one, and Terraform cannot convert it`;
  return undefined;
}

/** The variable of `scope`'s stack that `token` is exactly a reference to, with its name as Terraform writes it. */
export function referencedVariable(scope: IConstruct, token: unknown): { variable: TerraformVariable; name: string } | undefined {
  const resolved = resolvedText(scope, token);
  const match = resolved === undefined ? null : VARIABLE_REFERENCE.exec(resolved);
  if (match === null) return undefined;
  const variable = TerraformStack.of(scope)
    .node.findAll()
    .find((c): c is TerraformVariable => c instanceof TerraformVariable && c.friendlyUniqueId === match[1]);
  return variable === undefined ? undefined : { variable, name: `var.${match[1]}` };
}

function convertible(value: unknown, want: TerraformPrimitive): boolean {
  switch (want) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    case 'bool':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$/.test(value));
  }
}

/** A collection Terraform needs at a position: a list (or set) of strings, or a map of strings. */
export type TerraformCollection = 'list' | 'map';

/**
 * What is wrong with `token` where Terraform needs a `want` of strings, when it
 * is a reference to a variable whose declared type Terraform cannot convert
 * to one (go-cty's convert: a primitive becomes no collection, a list no map,
 * a map no list; an object becomes a map, a tuple a list); undefined when it
 * can, or when the token is anything else (its type is Terraform's to check).
 */
export function variableCollectionProblem(scope: IConstruct, token: unknown, want: TerraformCollection): string | undefined {
  const referenced = referencedVariable(scope, token);
  if (referenced === undefined) return undefined;
  const { variable, name } = referenced;
  const type = typeof variable.type === 'string' ? variable.type.replace(/\s+/g, '') : undefined;
  if (type === undefined || type === 'any') return undefined;
  const family = /^(list|set|tuple)\b/.test(type) ? 'list' : /^(map|object)\b/.test(type) ? 'map' : 'primitive';
  if (family === want) return undefined;
  return `${name} is declared as ${type}, which Terraform cannot convert to a ${want} of strings`;
}
