// An object key given as a token (`{ [variable.stringValue]: 'v' }`,
// `{ [Fn.join('', ['po', 'ol'])]: 'v' }`): what Terraform makes of it. It
// reads a JSON object's property names as templates and an HCL object's keys
// as expressions (hashicorp/hcl v2.23.0, the version Terraform 1.11 builds
// with: json/spec.md "Objects", json/structure.go `objectVal`, and
// hclsyntax/expression.go `ObjectConsExpr.Value`):
//
// - A key known at plan (a variable, `path.*`, `terraform.workspace`,
//   `each.*`, `count.index`, a local made of those, any function of those and
//   of literals but the impure ones) is that text.
// - A key not known at plan makes the whole object an unknown value of the
//   dynamic pseudo-type, every other key and value with it ("the entire
//   object's result is an unknown value", json/spec.md): `for_each` refuses
//   it ("Invalid for_each argument", hashicorp/terraform
//   internal/terraform/eval_for_each.go, v1.11.0), and a map of labels plans
//   as "(known after apply)" with none of its entries shown or checked. What
//   is unknown at plan: a resource's or a module's attribute, a data source's
//   (read at plan only when nothing it depends on is pending), and the impure
//   functions `bcrypt`, `timestamp` and `uuid` (internal/lang/functions.go,
//   `impureFunctions`: unknown while planning).
// - A key derived from a sensitive value (a sensitive variable, `sensitive()`)
//   crashes Terraform 1.11.4 reading the JSON syntax ("value is marked, so
//   must be unmarked first": json/structure.go calls AsString on the marked
//   key), while the HCL syntax marks the whole object sensitive.
//
// __tests__/core/token-keys.terraform.test.ts has terraform show each case.
import { IConstruct } from 'constructs';
import { TerraformLocal, TerraformStack, TerraformVariable } from './framework';
import { resolvedForOutput, resolvedText } from './hcl-writer';
import { stringPieces } from './literal-text';
import { templateNames } from './terraform-template';

/** Functions Terraform leaves unknown while planning (internal/lang/functions.go at v1.11.0, `impureFunctions`). */
const IMPURE_FUNCTIONS = ['bcrypt', 'timestamp', 'uuid'];

/** Roots whose values Terraform knows at plan in any root module. */
const KNOWN_ROOTS = ['path', 'terraform', 'each', 'count'];

const ADVICE = 'give the key as text, from a variable, or with Fn.* of variables and literals; or put the value under a fixed key';

/** Whether an object key holds a token (a string or a number token): its text is Terraform's to work out. */
export function isTokenKey(key: string): boolean {
  return stringPieces(key)?.some((piece) => piece.kind === 'token') ?? false;
}

/**
 * Why Terraform cannot use `key` (a string holding a token, resolved in
 * `scope`'s stack) as an object key at plan, as the allowed text of a
 * problem; undefined when it can.
 */
export function tokenKeyProblem(key: string, scope: IConstruct | undefined): string | undefined {
  const written = scope === undefined ? undefined : writtenKey(key, scope);
  if (written === undefined) return `a key whose expression can be read at synth time (this token cannot be resolved here); ${ADVICE}`;
  const found: Found = { unknown: [], sensitive: [] };
  collect(written, TerraformStack.of(scope!), new Set(), found);
  if (found.sensitive.length > 0) {
    return `a key derived from no sensitive value (it is derived from ${list(found.sensitive)}: Terraform 1.11 crashes reading a sensitive object key from JSON, "value is marked", and HCL makes the whole map sensitive); ${ADVICE}`;
  }
  if (found.unknown.length > 0) {
    return `a key Terraform knows at plan (${list(found.unknown)} is known only after apply, and one unknown key makes Terraform's whole object unknown: for_each refuses it, and a map plans as "(known after apply)" with none of its entries shown or checked); ${ADVICE}`;
  }
  return undefined;
}

/** The text cdktf writes for `key` (its tokens resolved in `scope`'s stack); undefined when it cannot be resolved. */
export function writtenKey(key: string, scope: IConstruct): string | undefined {
  return resolvedText(scope, key);
}

interface Found {
  readonly unknown: string[];
  readonly sensitive: string[];
}

/** What the expressions in `value` (resolved; every string read as a template) refer to that is unknown at plan or sensitive. */
function collect(value: unknown, stack: TerraformStack, localsSeen: Set<string>, found: Found, via = ''): void {
  if (Array.isArray(value)) {
    value.forEach((v) => collect(v, stack, localsSeen, found, via));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      collect(k, stack, localsSeen, found, via);
      collect(v, stack, localsSeen, found, via);
    }
    return;
  }
  if (typeof value !== 'string') return;
  const names = templateNames(value);
  if (names === undefined) {
    found.unknown.push(`an expression Terraform cannot read${via}`);
    return;
  }
  for (const { root, attributes } of names.references) {
    const [attribute] = attributes;
    // The object referred to: `var.x`, `local.x`, `module.x`, `data.t.x`, `t.x` (a resource).
    const name = [root, ...attributes.slice(0, root === 'data' ? 2 : 1)].join('.');
    if (KNOWN_ROOTS.includes(root)) continue;
    if (root === 'var') {
      const variable = attribute === undefined ? undefined : declared(stack, TerraformVariable, attribute);
      if (variable?.sensitive === true) found.sensitive.push(`the sensitive variable ${name}${via}`);
    } else if (root === 'local' && attribute !== undefined) {
      if (localsSeen.has(attribute)) continue;
      localsSeen.add(attribute);
      const local = declared(stack, TerraformLocal, attribute);
      if (local === undefined) found.unknown.push(`${name}${via}`);
      else collect(resolvedForOutput(local, localExpression(local)), stack, localsSeen, found, ` (through ${name})`);
    } else if (root === 'data') {
      found.unknown.push(`an attribute of the data source ${name}${via}`);
    } else if (root === 'module') {
      found.unknown.push(`an output of ${name}${via}`);
    } else {
      found.unknown.push(`an attribute of ${name}${via}`);
    }
  }
  for (const fn of names.functions) {
    const bare = fn.replace(/^core::/, '');
    if (bare === 'sensitive') found.sensitive.push(`sensitive(…)${via}`);
    else if (IMPURE_FUNCTIONS.includes(bare)) found.unknown.push(`${fn}()${via}`);
  }
}

/** The element of `stack` of class `type` whose name in Terraform's addresses is `name`. */
function declared<T extends TerraformVariable | TerraformLocal>(stack: TerraformStack, type: new (...args: any[]) => T, name: string): T | undefined {
  return stack.node.findAll().find((c): c is T => c instanceof type && c.friendlyUniqueId === name);
}

/** What a local is set to (its `expression` getter answers a reference to the local itself). */
function localExpression(local: TerraformLocal): unknown {
  return (local.toTerraform() as { locals?: { [name: string]: unknown } }).locals?.[local.friendlyUniqueId];
}

function list(items: readonly string[]): string {
  return [...new Set(items)].join(', ');
}
