// The meta-arguments a user gives the constructs (`dependsOn`,
// `lifecycle.replaceTriggeredBy`, `forEach`, `count`), written as Terraform
// accepts them in both outputs.
//
// cdktf writes a resource object in `replace_triggered_by` as `"${type.name}"`,
// which Terraform refuses ("Invalid character"; toolchain.md), writes a string
// in `depends_on` as nothing at all (it reads the string's `fqn`), and its HCL
// writer quotes both lists ("A single static variable reference is required").
// Here every entry becomes a plain address (`type.name`, `type.name[each.key]`,
// `type.name.attribute`) at synth time, whatever it was given as: a resource, a
// construct of this library (its main resource), a string address, or a
// reference (`resource.fqn`, `resource.id`).
import { Construct, IConstruct } from 'constructs';
import { ITerraformIterator, TerraformCount, TerraformProvider, TerraformResource, TerraformResourceLifecycle, Token } from './framework';
import { resolvedForOutput, resolvedText } from './hcl-writer';
import { literalValueOf, stringPieces } from './literal-text';
import { isPlainObject } from './plain-object';
import { constructPathOf, isUnresolved, Problems } from './problems';
import { ReferenceScope, StackReference, stackReferenceOf, StackReferences } from './stack-references';
import { iteratorList } from './iterator-collection';
import { checkNumber } from './scalar-positions';
import { LIST_SHAPE_RULE, listShapeProblemIn } from './snapshot';
import { checkString, checkWrittenStrings, positionAt, StringPosition, tokenTraversalRoots } from './string-position';

/**
 * The schema entries of the cdktf meta-argument props (`provider`,
 * `lifecycle`, `dependsOn`, `forEach`, `count`): cdktf's own objects, passed to
 * the framework as given and checked by this module, not by the schema.
 */
export const META_ARGUMENT_PROPERTIES = { provider: {}, lifecycle: {}, dependsOn: {}, forEach: {}, count: {} } as const;

/** Which list an entry belongs to: `depends_on` takes whole objects only. */
export type ReferenceList = 'dependsOn' | 'replaceTriggeredBy';

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_-]*';
// An index Terraform reads statically: a number, a quoted key, each.key, count.index.
const INDEX = '\\[(?:[0-9]+|"(?:[^"\\\\]|\\\\.)*"|each\\.key|count\\.index|\\*)\\]|\\.\\*';
const TRAVERSAL = new RegExp(`^${IDENTIFIER}(?:\\.${IDENTIFIER}|${INDEX})+$`);
const PARTS = new RegExp(`\\.${IDENTIFIER}|${INDEX}`, 'g');

export const REFERENCE_RULE =
  'a resource, a construct of this library, or a reference known at synth time: an address such as "type.name" or "type.name[each.key]", or resource.fqn / resource.id';

/** `${expr}` as `expr`, when the whole text is that one interpolation. */
function unwrapped(text: string): string {
  const match = /^\$\{([^{}]*)\}$/s.exec(text);
  return match ? match[1].trim() : text;
}

/** The address `text` names, cut to the whole object for `depends_on`; undefined when it is not a static reference. */
export function plainAddress(text: string, list: ReferenceList): string | undefined {
  const address = unwrapped(text);
  if (!TRAVERSAL.test(address)) return undefined;
  if (list === 'replaceTriggeredBy') return address;
  // depends_on: "References in depends_on must be to a whole object (resource, etc), not to an attribute of an object."
  // The object is the root and one attribute step (`type.name`, `module.m`), two for `data.type.name`.
  const root = address.slice(0, address.indexOf('.'));
  const steps = address.slice(root.length).match(PARTS) ?? [];
  const whole = root === 'data' ? 2 : 1;
  const kept = steps.slice(0, whole).filter((step) => /^\.[A-Za-z_]/.test(step));
  return kept.length === whole ? `${root}${kept.join('')}` : undefined;
}

/** What an address refers to (its root and first attribute steps), for the synth-time check of its target. */
function referenceOfAddress(address: string): StackReference | undefined {
  const root = address.slice(0, address.search(/[.[]|$/));
  const attributes = (address.slice(root.length).match(PARTS) ?? []).map((step) => (/^\.[A-Za-z_]/.test(step) ? step.slice(1) : undefined));
  return stackReferenceOf(root, attributes);
}

// Which objects each list may name: Terraform's rules (replace_triggered_by:
// "only managed resources"; depends_on: "resources, data sources, modules"
// and the values it can wait for, variables and locals).
const NAMEABLE: { readonly [list in ReferenceList]: readonly StackReference['kind'][] } = {
  replaceTriggeredBy: ['resource'],
  dependsOn: ['resource', 'data', 'module', 'variable', 'local'],
};

function isConstruct(value: unknown): value is IConstruct {
  return typeof value === 'object' && value !== null && typeof (value as IConstruct).node?.findAll === 'function';
}

function hasFqn(value: unknown): value is { fqn: string } {
  return typeof value === 'object' && value !== null && typeof (value as { fqn?: unknown }).fqn === 'string';
}

/**
 * The references an entry stands for, as given (a token or a string): its
 * `fqn`; for a construct without one (a `NodeList`), the `fqn` of every
 * resource it declares. Undefined for anything else.
 */
function referencesOf(entry: unknown): string[] | undefined {
  if (typeof entry === 'string') return [entry];
  if (hasFqn(entry)) return [entry.fqn];
  if (isConstruct(entry)) {
    const resources = entry.node.findAll().filter((c): c is TerraformResource => TerraformResource.isTerraformResource(c));
    return resources.length > 0 ? resources.map((r) => r.fqn) : undefined;
  }
  return undefined;
}

/**
 * Checks `entries` at construction time: each must name something Terraform
 * takes in that list. A token is resolved to see what it names (a reference
 * resolves to itself: no Terraform value is needed). What a string address
 * names is checked at synth time, when the stack is complete (stack-references.ts).
 */
export function checkReferences(scope: IConstruct, entries: unknown, problems: Problems, path: string, list: ReferenceList): void {
  if (entries === undefined) return;
  if (!Array.isArray(entries) || isUnresolved(entries)) {
    problems.add(path, entries, `a list, each entry ${REFERENCE_RULE}`);
    return;
  }
  const allowed = list === 'dependsOn' ? `${REFERENCE_RULE} (depends_on takes whole resources, data sources, modules, variables or locals)` : `${REFERENCE_RULE} (replace_triggered_by takes managed resources only)`;
  entries.forEach((entry, i) => {
    const references = referencesOf(entry);
    const addresses = references?.map((r) => addressOrUndefined(scope, r, list));
    const named = addresses?.map((a) => (a === undefined ? undefined : referenceOfAddress(a)));
    if (named === undefined || named.some((n) => n === undefined || !NAMEABLE[list].includes(n.kind))) {
      problems.add(`${path}/${i}`, entry, allowed);
      return;
    }
    // A string names what the stack must declare when it is synthesized; a resource or construct is declared already.
    if (typeof entry === 'string') {
      for (const reference of named) StackReferences.of(scope).add({ construct: scope }, `${path}/${i}`, entry, reference!);
    }
  });
}

function addressOrUndefined(scope: IConstruct, reference: string, list: ReferenceList): string | undefined {
  const text = Token.isUnresolved(reference) ? resolvedText(scope, reference) : reference;
  return typeof text === 'string' ? plainAddress(text, list) : undefined;
}

/**
 * The plain addresses of `entries` at synth time (checked at construction by
 * {@link checkReferences}; an entry that no longer resolves to an address is
 * written as it resolves, for Terraform to report).
 */
export function plainAddresses(scope: IConstruct, entries: readonly unknown[] | undefined, list: ReferenceList): string[] {
  const out: string[] = [];
  for (const entry of entries ?? []) {
    for (const reference of referencesOf(entry) ?? [String(entry)]) {
      const address = addressOrUndefined(scope, reference, list);
      out.push(address ?? String(resolvedForOutput(scope, reference)));
    }
  }
  return out;
}

/** How a resource is repeated: by `for_each`, by `count`, or not. */
export type Repetition = 'forEach' | 'count' | undefined;

/** The repetition of a resource, as its meta-arguments stand now. */
export function repetitionOf(resource: { forEach?: unknown; count?: number | TerraformCount }): Repetition {
  if (resource.forEach !== undefined) return 'forEach';
  if (resource.count !== undefined) return 'count';
  return undefined;
}

/** The index of the current instance in a resource repeated as `repetition`: `[each.key]`, `[count.index]`, or nothing. */
export function instanceIndex(repetition: Repetition): string {
  return repetition === 'forEach' ? '[each.key]' : repetition === 'count' ? '[count.index]' : '';
}

const ITERATOR_RULE = 'a cdktf iterator (TerraformIterator.fromMap, fromList, fromComplexList, fromResources, …)';
/**
 * The most instances a known `count` may ask for. Terraform sets no bound, but
 * it plans every instance in memory: a plan of millions never finishes (one of
 * 2^53 instances, which Terraform's validate accepts, hangs the plan), and a
 * count that large is a mistake rather than a stack. A number token is not
 * bounded (it is known only at plan time).
 */
export const MAX_COUNT = 100_000;

const COUNT_RULE = `a whole number of instances from 0 to ${MAX_COUNT.toLocaleString('en-US')} (Terraform plans every instance in memory), a number token, or a TerraformCount`;

/**
 * Checks `forEach` and `count` of `props` (at `props/forEach`, `props/count`)
 * and returns how the construct is repeated. A number token (a variable's
 * `numberValue`) is known only at plan time and skips the number checks.
 */
export function checkRepetition(props: { readonly forEach?: unknown; readonly count?: unknown }, problems: Problems, scope?: IConstruct): Repetition {
  const { forEach, count } = props;
  if (forEach !== undefined && typeof (forEach as { _getForEachExpression?: unknown })?._getForEachExpression !== 'function') {
    problems.add('props/forEach', forEach, ITERATOR_RULE);
  } else if (forEach !== undefined && iteratorDataProblem(forEach, problems)) {
    // An iterator's list or map in code is not read into the props' snapshot: its lists are
    // checked for holes and size before anything walks them (snapshot.ts).
  } else if (forEach !== undefined) {
    // The collection an iterator made from data in code is written as for_each:
    // Terraform reads its keys and strings as templates too.
    let collection: unknown;
    try {
      collection = (forEach as ITerraformIterator)._getForEachExpression();
    } catch {
      problems.add('props/forEach', forEach, ITERATOR_RULE);
    }
    // cdktf's map iterator hands its map over as one string token (Token.asString(map)): the map
    // in code is what is written. A collection that is a reference (a variable's map) is Terraform's to read.
    const inCode = (forEach as { map?: unknown }).map;
    const written = isPlainObject(inCode) && !isUnresolved(inCode) ? inCode : collection;
    if (typeof written !== 'string' && !isUnresolved(written)) checkWrittenStrings(written, 'props/forEach', problems, scope === undefined ? undefined : { construct: scope });
    // cdktf writes a list iterator's strings into `toset([...])` unescaped: a quote, a backslash or a
    // line break there makes an expression Terraform cannot read.
    const list = iteratorList(forEach) ?? [];
    // cdktf writes a list iterator as toset([...]): Terraform takes a set of strings only ("Invalid
    // for_each set argument: … a map, or set of strings, and you have provided a value of type set of
    // number"; hashicorp/terraform internal/terraform/eval_for_each.go, v1.11.0).
    const notText = list.findIndex((e) => typeof e !== 'string' && !(typeof e === 'number' && isUnresolved(e)));
    if (notText >= 0) {
      problems.add(`props/forEach/${notText}`, list[notText], 'a string: Terraform iterates a set of strings only (Invalid for_each set argument); give strings (String(n)), or iterate a map with TerraformIterator.fromMap');
    }
    // Terraform reads every string as Unicode NFC: two keys equal in NFC are one attribute twice
    // ("Duplicate object attribute"; hashicorp/hcl v2.23.0 json/structure.go, objectVal).
    const map = (forEach as { map?: unknown }).map;
    const clash = isPlainObject(map) && !isUnresolved(map) ? nfcDuplicateKey(map, 'props/forEach') : undefined;
    if (clash !== undefined) {
      problems.add(clash.path, clash.key, `a key distinct from every other in Unicode NFC: Terraform reads every string as NFC, and ${JSON.stringify(clash.other)} reads as the same key (Duplicate object attribute)`);
    }
    const broken = list.findIndex((e) => typeof e === 'string' && /["\\\p{Cc}\u2028\u2029]/u.test(e));
    if (broken >= 0) {
      problems.add(`props/forEach/${broken}`, list[broken], 'a list element without quotes, backslashes or control characters (cdktf writes the list into toset([...]) without escaping them, which Terraform cannot read): iterate a map with TerraformIterator.fromMap instead');
    }
  }
  if (count !== undefined && !TerraformCount.isTerraformCount(count)) checkNumber(count, { rule: COUNT_RULE, integer: true, minimum: 0, maximum: MAX_COUNT }, problems, 'props/count', scope);
  if (forEach !== undefined && count !== undefined) {
    problems.add('props/count', count, 'nothing when forEach is given (Terraform takes either for_each or count)');
  }
  return repetitionOf(props as { forEach?: unknown; count?: number | TerraformCount });
}

/** The first object key in `value` (an iterator's map, at any depth) equal to an earlier one of its object in NFC; undefined when none. */
function nfcDuplicateKey(value: unknown, path: string, visited = new Set<object>()): { path: string; key: string; other: string } | undefined {
  if (value === null || typeof value !== 'object' || visited.has(value) || isUnresolved(value)) return undefined;
  // Each object once: a map that holds itself (refused by the collection's own checks) ends here.
  visited.add(value);
  const seen = new Map<string, string>();
  for (const [key, item] of Object.entries(value)) {
    if (!Array.isArray(value)) {
      const nfc = key.normalize('NFC');
      const other = seen.get(nfc);
      if (other !== undefined) return { path: `${path}/${key}`, key, other };
      seen.set(nfc, key);
    }
    const inner = nfcDuplicateKey(item, `${path}/${key}`, visited);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Records a problem when the list or map an iterator keeps holds a list too long or with holes; true then. */
function iteratorDataProblem(forEach: unknown, problems: Problems): boolean {
  const data = forEach as { list?: unknown; map?: unknown };
  let found: ReturnType<typeof listShapeProblemIn>;
  try {
    found = listShapeProblemIn(data.list ?? data.map, 'props/forEach');
  } catch {
    found = { path: 'props/forEach', received: 'a value that cannot be read (a revoked Proxy or a throwing getter)' };
  }
  if (found === undefined) return false;
  problems.addReceived(found.path, found.received, LIST_SHAPE_RULE);
  return true;
}

/** Whether a repetition makes more than one instance, or may (a token count, an iterator). */
export function mayRepeat(props: { readonly forEach?: unknown; readonly count?: unknown }): boolean {
  if (props.forEach !== undefined) return true;
  const count = props.count;
  if (count === undefined) return false;
  return typeof count !== 'number' || isUnresolved(count) || count > 1;
}

/** Why `adopt` takes no `count` (Terraform docs, "Import" block reference: an import block takes for_each, not count). */
export const IMPORT_REPEATS_WITH_FOR_EACH_ONLY = "Terraform's import blocks repeat with for_each only: use forEach";

/** `adopt` takes `forEach`, not `count`: Terraform's import blocks repeat with for_each only. */
export function refuseCountInAdopt(scope: Construct, id: string, props: unknown): void {
  if (props === null || typeof props !== 'object' || (props as { count?: unknown }).count === undefined) return;
  const problems = new Problems();
  problems.add('props/count', (props as { count?: unknown }).count, `nothing in adopt (${IMPORT_REPEATS_WITH_FOR_EACH_ONLY})`);
  problems.throwIfAnyAt(constructPathOf(scope, id));
}

/** The lifecycle settings cdktf's `TerraformResourceLifecycle` declares, each checked as Terraform reads it. */
const LIFECYCLE_KEYS = ['createBeforeDestroy', 'preventDestroy', 'ignoreChanges', 'replaceTriggeredBy', 'precondition', 'postcondition'];
const CONDITION_KEYS = ['condition', 'errorMessage'];
const LITERAL_BOOLEAN = 'true or false, known at synth time (Terraform reads lifecycle settings as literals)';

/** Where a condition's error message is written: any text (its template grammar and references checked). */
const ERROR_MESSAGE: StringPosition = { rule: 'the text Terraform shows when the condition fails' };

/**
 * Checks `lifecycle` as Terraform reads the block: known settings only (a
 * misspelt `preventDestory` is refused, not written), literal booleans,
 * `ignoreChanges` naming attributes of the resource (`attributes`: prop name
 * → Terraform attribute; either is accepted) or "all", `replaceTriggeredBy`
 * naming managed resources, and conditions whose condition is an expression
 * (a token: a literal refers to nothing, which Terraform refuses).
 */
function checkLifecycle(scope: IConstruct, lifecycle: unknown, problems: Problems, attributes: { readonly [prop: string]: string }, referencesFrom: ReferenceScope): void {
  const path = 'props/lifecycle';
  if (lifecycle === undefined) return;
  if (!isPlainObject(lifecycle) || isUnresolved(lifecycle)) {
    problems.add(path, lifecycle, `lifecycle settings { ${LIFECYCLE_KEYS.join(', ')} }`);
    return;
  }
  for (const key of Object.keys(lifecycle)) {
    if (!LIFECYCLE_KEYS.includes(key)) problems.addConcealed(`${path}/${key}`, lifecycle[key], `no such setting; known settings: ${LIFECYCLE_KEYS.join(', ')}`);
  }
  for (const key of ['createBeforeDestroy', 'preventDestroy']) {
    const value = lifecycle[key];
    if (value !== undefined && typeof value !== 'boolean') problems.add(`${path}/${key}`, value, LITERAL_BOOLEAN);
  }
  const ignore = lifecycle.ignoreChanges;
  const names = [...Object.keys(attributes), ...Object.values(attributes)];
  const ignoreRule = `"all", or a list of the resource's attributes known at synth time: ${names.join(', ')}`;
  if (ignore !== undefined && literalValueOf(ignore) !== 'all' && ignore !== 'all') {
    if (!Array.isArray(ignore) || isUnresolved(ignore)) problems.add(`${path}/ignoreChanges`, ignore, ignoreRule);
    else ignore.forEach((name, i) => {
      if (!names.includes(literalValueOf(name) ?? (name as string))) problems.add(`${path}/ignoreChanges/${i}`, name, ignoreRule);
    });
  }
  checkReferences(scope, lifecycle.replaceTriggeredBy, problems, `${path}/replaceTriggeredBy`, 'replaceTriggeredBy');
  for (const kind of ['precondition', 'postcondition']) {
    const conditions = lifecycle[kind];
    if (conditions === undefined) continue;
    const rule = `a list of { condition, errorMessage }, condition an expression (a token such as Op.neq(variable.stringValue, "none")) that refers to something: Terraform refuses a literal`;
    if (!Array.isArray(conditions) || isUnresolved(conditions)) {
      problems.add(`${path}/${kind}`, conditions, rule);
      continue;
    }
    conditions.forEach((condition, i) => {
      const at = `${path}/${kind}/${i}`;
      if (!isPlainObject(condition) || isUnresolved(condition)) {
        problems.add(at, condition, rule);
        return;
      }
      for (const key of Object.keys(condition)) if (!CONDITION_KEYS.includes(key)) problems.addConcealed(`${at}/${key}`, condition[key], `no such property; known properties: ${CONDITION_KEYS.join(', ')}`);
      if (!isWholeToken(condition.condition)) problems.add(`${at}/condition`, condition.condition, rule);
      else checkConditionReferences(condition.condition, kind as 'precondition' | 'postcondition', problems, `${at}/condition`, referencesFrom);
      if (condition.errorMessage === undefined) problems.add(`${at}/errorMessage`, undefined, 'a value is required (the text Terraform shows when the condition fails)');
      else checkString(condition.errorMessage, positionAt(ERROR_MESSAGE, referencesFrom, { selfAllowed: kind === 'postcondition' }), problems, `${at}/errorMessage`);
    });
  }
}

/**
 * Checks what a condition refers to, in the expression its token writes (read
 * with Terraform's template scanner, terraform-template.ts):
 *
 * - at least one object: Terraform refuses a condition whose
 *   `Variables()` are empty ("Invalid precondition expression: The condition
 *   expression must refer to at least one object from elsewhere in the
 *   configuration"; hashicorp/terraform internal/configs/checks.go,
 *   decodeCheckRuleBlock, v1.11.0);
 * - `self` only in a postcondition ("Invalid \"self\" reference: … can be used
 *   only in resource provisioner, connection, and postcondition blocks";
 *   internal/lang/eval.go, v1.11.0);
 * - `each` and `count` only where the resource is repeated that way (checked
 *   at synth, stack-references.ts).
 */
function checkConditionReferences(condition: unknown, kind: 'precondition' | 'postcondition', problems: Problems, path: string, referencesFrom: ReferenceScope): void {
  const read = tokenTraversalRoots(condition, referencesFrom.construct);
  if (read === undefined) return;
  if (read.roots.length === 0) {
    problems.add(path, read.text, `an expression that refers to at least one object (a variable, a resource, a data source, self in a postcondition…): Terraform refuses a condition that refers to none, its result would be a constant (Invalid ${kind} expression)`);
    return;
  }
  if (read.roots.includes('undefined')) {
    problems.add(path, read.text, `${UNDEFINED_OPERAND} (Terraform: Invalid reference)`);
    return;
  }
  if (kind === 'precondition' && read.roots.includes('self')) {
    problems.add(path, read.text, 'an expression without self: Terraform allows self only in a postcondition (Invalid "self" reference); refer to the resource\'s inputs (variables, other resources) instead');
    return;
  }
  for (const root of new Set(read.roots)) {
    if (root === 'each' || root === 'count') StackReferences.of(referencesFrom.construct).add(referencesFrom, path, read.text, { kind: root });
  }
}

/**
 * cdktf 0.21 writes a falsy operand of `Op.*` (`""`, `0`, `false`, `undefined`) as the bare word
 * `undefined` (`Op.neq(x, "")` is `${(x != undefined)}`), which Terraform reads as a reference to a
 * resource type ("Invalid reference", "There is no variable named \"undefined\"").
 */
export const UNDEFINED_OPERAND = 'an expression without a "", 0, false or undefined operand: cdktf writes one as the word undefined, which Terraform reads as a reference ("${(x != undefined)}"); compare with a non-empty value, or write the constant with Token.asString(…) of a variable';

/** A value that is one expression: a token object, or a string that is exactly one token. */
function isWholeToken(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'object') return isUnresolved(value) && !Array.isArray(value);
  if (typeof value !== 'string') return false;
  const pieces = stringPieces(value);
  return pieces !== undefined && pieces.length === 1 && pieces[0].kind === 'token' && pieces[0].tokenKind === 'string';
}

/**
 * Checks a `provider` meta-argument: nothing, or a provider construct (Terraform
 * reads `provider` as a static reference to a provider configuration) of the
 * provider the resource's type belongs to, `providerName` (the local name:
 * `aws` for `aws_redshift_authentication_profile`); Terraform refuses another
 * provider's configuration ("The provider … does not support resource type …").
 */
export function checkProvider(provider: unknown, problems: Problems, path: string, providerName?: string): void {
  if (provider === undefined) return;
  if (!TerraformProvider.isTerraformProvider(provider)) {
    problems.add(path, provider, 'a provider construct of this stack (AwsProvider, DatadogProvider, KubernetesProvider, HttpProvider, or a cdktf provider), or nothing for the default one');
  } else if (providerName !== undefined && provider.terraformResourceType !== providerName) {
    problems.addReceived(
      path,
      `a configuration of the ${provider.terraformResourceType} provider (${provider.node.path})`,
      `a configuration of the ${providerName} provider, or nothing for the default one: Terraform refuses a resource of another provider's type under it ("The provider … does not support resource type …")`,
    );
  }
}

/**
 * Checks `provider` (a configuration of `providerName`, the provider of the
 * construct's resources), `dependsOn`, `lifecycle` and, unless `repeats` is
 * false, `forEach` and `count` of `props`. `attributes` maps the construct's
 * props to the resource's Terraform attributes, for `lifecycle.ignoreChanges`.
 */
export function checkMetaArguments(
  scope: IConstruct,
  props: object,
  problems: Problems,
  attributes: { readonly [prop: string]: string },
  providerName: string,
  repeats = true,
  referencesFrom?: ReferenceScope,
): void {
  const { dependsOn, lifecycle, provider } = props as { dependsOn?: unknown; lifecycle?: unknown; provider?: unknown };
  checkProvider(provider, problems, 'props/provider', providerName);
  checkReferences(scope, dependsOn, problems, 'props/dependsOn', 'dependsOn');
  // Where the conditions are evaluated: the resource, repeated as the construct is.
  checkLifecycle(scope, lifecycle, problems, attributes, referencesFrom ?? { construct: scope, repeated: () => props as { forEach?: unknown; count?: unknown }, forEach: (props as { forEach?: unknown }).forEach });
  if (repeats) checkRepetition(props, problems, scope);
}

/**
 * The lifecycle to give the resource: `ignoreChanges` as Terraform reads it,
 * each prop name replaced by its attribute (checked by {@link checkMetaArguments}).
 */
export function resourceLifecycle(lifecycle: TerraformResourceLifecycle | undefined, attributes: { readonly [prop: string]: string }): TerraformResourceLifecycle | undefined {
  const ignore = lifecycle?.ignoreChanges;
  if (lifecycle === undefined || ignore === undefined) return lifecycle;
  const ignoreChanges = typeof ignore === 'string' ? 'all' : ignore.map((name) => attributes[literalValueOf(name) ?? name] ?? literalValueOf(name) ?? name);
  return { ...lifecycle, ignoreChanges };
}
