// The TypeScript module the `adopt` command writes: one function that declares
// every resource read with the constructs' adopt() and its live props, and a
// stack that calls it after declaring the provider. Resources are sorted and
// nothing time- or machine-dependent is written, so a re-run on unchanged
// resources gives identical bytes. No credential is ever written: providers
// read theirs from the standard places. Every string read is written as the
// live text itself, inside `Literal.text(…)` where Terraform would otherwise
// read it as a template (lib/core/literal-text.ts).
import { AuthenticationProfileProps } from '../warehouse/authentication-profile';
import { RestrictionPolicyProps } from '../monitoring/restriction-policy';
import { NodeListProps } from '../cluster/node-list';
import { Node } from '../cluster/model';
import { literalText, literalToken, literalValueOf } from '../core/literal-text';
import { escapeForLine } from '../core/server-text';

/** Where the generated module imports from. */
export interface ModuleImports {
  /** This package, e.g. `cdktf-warehouse-monitoring-cluster`. */
  readonly library: string;
  /** The framework, `cdktf` or `cdktn`. */
  readonly framework: string;
}

/** A provider declaration for the generated stack: the class and its props (no secrets). */
export interface ProviderDeclaration {
  readonly className: 'AwsProvider' | 'DatadogProvider' | 'KubernetesProvider';
  readonly props: { readonly [name: string]: string };
}

/**
 * One resource the module declares: its construct id, what names it in the
 * service, and its props exactly as the module passes them (each string its
 * live text, or `Literal.text(text)` where the module writes that). The
 * `adopt` command declares these same props with the constructs before it
 * writes the module (adopt-check.ts).
 */
export interface Declaration<P> {
  /** The construct id in the module; for a node, its position in the sorted items. */
  readonly id: string;
  /** What names it in the service: the profile name, the resource id, the node name. */
  readonly liveId: string;
  /** The props as the module passes them; for a node, the item. */
  readonly props: P;
}

/** A resource the module leaves out because its construct refuses it: a comment names it and why. */
export interface RefusedResource {
  /** The id of its declaration. */
  readonly id: string;
  /** One line: what it is, its live id, and the construct's problems (no value that may be a secret). */
  readonly reason: string;
}

/** The profiles as the module declares them, sorted by name. */
export function profileDeclarations(profiles: readonly AuthenticationProfileProps[]): Declaration<AuthenticationProfileProps>[] {
  const sorted = profiles
    .map((p) => ({ name: textOf(p.authenticationProfileName), content: textOf(p.authenticationProfileContent as string), region: p.region }))
    .sort((a, b) => compare(a.name, b.name));
  const ids = constructIds(sorted.map((p) => p.name));
  return sorted.map((p, i) => ({
    id: ids[i],
    liveId: p.name,
    // The content always literal: the construct parses it, and a JSON escape such as `\u0024{` parses to `${`.
    props: { authenticationProfileName: literalText(p.name), authenticationProfileContent: literalToken(p.content), ...(p.region === undefined ? {} : { region: p.region }) },
  }));
}

/** The policies as the module declares them, sorted by resource id, bindings by relation, principals by text. */
export function policyDeclarations(policies: readonly RestrictionPolicyProps[]): Declaration<RestrictionPolicyProps>[] {
  const sorted = policies.map((p) => ({ resourceId: textOf(String(p.resourceId)), bindings: p.bindings ?? [] })).sort((a, b) => compare(a.resourceId, b.resourceId));
  const ids = constructIds(sorted.map((p) => p.resourceId));
  return sorted.map((p, i) => ({
    id: ids[i],
    liveId: p.resourceId,
    props: {
      resourceId: literalText(p.resourceId),
      bindings: p.bindings
        .map((b) => ({ relation: textOf(b.relation), principals: b.principals.map((x) => textOf(String(x))).sort(compare) }))
        .sort((a, b) => compare(a.relation, b.relation))
        .map((b) => ({ relation: literalText(b.relation), principals: b.principals.map(literalText) })),
    },
  }));
}

/** The nodes as the module declares them (items of one NodeList), sorted by name, with every field read. */
export function nodeDeclarations(nodes: NodeListProps): Declaration<Node>[] {
  return nodes.items
    // Any item the file holds (null, a number): NodeList judges it; its name is only read here.
    .map((item) => ({ name: nameOf(item), item }))
    .sort((a, b) => compare(a.name, b.name))
    .map((n, i) => ({ id: String(i), liveId: n.name, props: asWritten(n.item) as Node }));
}

/** A node's name as text, or '' for an item without one (refused by NodeList). */
function nameOf(item: unknown): string {
  const name = (item as { metadata?: { name?: unknown } } | null)?.metadata?.name;
  return typeof name === 'string' ? textOf(name) : '';
}

/** The module for authentication profiles, sorted by name, without those refused. */
export function profilesModule(profiles: readonly AuthenticationProfileProps[], provider: ProviderDeclaration, imports: ModuleImports, refused: readonly RefusedResource[] = [], guardrails: readonly string[] = []): string {
  const declared = without(profileDeclarations(profiles), refused);
  const body = declared.map(
    (d) =>
      `  AuthenticationProfile.adopt(scope, ${literal(d.id)}, {\n` +
      `    authenticationProfileName: ${tsString(d.props.authenticationProfileName)},\n` +
      `    authenticationProfileContent: ${tsString(d.props.authenticationProfileContent as string)},\n` +
      // The aws provider 6.x's per-resource region (adopt --per-resource-region): the region it was read in.
      (d.props.region === undefined ? '' : `    region: ${tsString(d.props.region)},\n`) +
      '  });',
  );
  return module({
    what: `${count(declared.length, 'authentication profile')}`,
    refusedWhat: (n) => count(n, 'authentication profile'),
    command: 'adopt profiles',
    constructs: ['AuthenticationProfile'],
    functionName: 'declareAdoptedProfiles',
    stackName: 'AdoptedProfilesStack',
    body,
    refused,
    guardrails,
    provider,
    imports,
  });
}

/** The module for restriction policies, sorted by resource id, without those refused. */
export function policiesModule(policies: readonly RestrictionPolicyProps[], provider: ProviderDeclaration, imports: ModuleImports, refused: readonly RefusedResource[] = [], guardrails: readonly string[] = []): string {
  const declared = without(policyDeclarations(policies), refused);
  const body = declared.map((d) => {
    const bindings = (d.props.bindings ?? [])
      .map((b) => `      { relation: ${tsString(b.relation)}, principals: [${b.principals.map((x) => tsString(String(x))).join(', ')}] },\n`)
      .join('');
    return (
      `  RestrictionPolicy.adopt(scope, ${literal(d.id)}, {\n` +
      `    resourceId: ${tsString(String(d.props.resourceId))},\n` +
      `    bindings: [${bindings ? `\n${bindings}    ` : ''}],\n` +
      '  });'
    );
  });
  return module({
    what: `${count(declared.length, 'restriction policy', 'restriction policies')}`,
    refusedWhat: (n) => count(n, 'restriction policy', 'restriction policies'),
    command: 'adopt policies',
    constructs: ['RestrictionPolicy'],
    functionName: 'declareAdoptedPolicies',
    stackName: 'AdoptedPoliciesStack',
    body,
    refused,
    guardrails,
    provider,
    imports,
  });
}

/** The module for a cluster's nodes, sorted by name, with every field read, without those refused. */
export function nodesModule(nodes: NodeListProps, provider: ProviderDeclaration, imports: ModuleImports, refused: readonly RefusedResource[] = [], guardrails: readonly string[] = []): string {
  const items = without(nodeDeclarations(nodes), refused).map((d) => d.props);
  const body = [`  NodeList.adopt(scope, 'nodes', {\n    items: ${indent(tsValue(items), 4)},\n  });`];
  return module({
    what: count(items.length, 'node'),
    refusedWhat: (n) => count(n, 'node'),
    command: 'adopt nodes',
    constructs: ['NodeList'],
    functionName: 'declareAdoptedNodes',
    stackName: 'AdoptedNodesStack',
    body,
    refused,
    guardrails,
    provider,
    imports,
  });
}

function without<P>(declarations: Declaration<P>[], refused: readonly RefusedResource[]): Declaration<P>[] {
  const ids = new Set(refused.map((r) => r.id));
  return declarations.filter((d) => !ids.has(d.id));
}

interface ModuleParts {
  readonly what: string;
  readonly command: string;
  readonly constructs: string[];
  readonly functionName: string;
  readonly stackName: string;
  readonly body: string[];
  /** The resources left out, and how to count them (`2 restriction policies`). */
  readonly refused: readonly RefusedResource[];
  /** The guardrails' findings of what was read (lib/core/guardrail-findings.ts findingLine), one line each. */
  readonly guardrails: readonly string[];
  readonly refusedWhat: (n: number) => string;
  readonly provider: ProviderDeclaration;
  readonly imports: ModuleImports;
}

function module(parts: ModuleParts): string {
  const providerProps = Object.entries(parts.provider.props)
    .sort(([a], [b]) => compare(a, b))
    .map(([name, value]) => `${name}: ${literal(value)}`);
  return [
    `// Generated by \`${parts.command}\` (${parts.imports.library}): ${parts.what}, read from the live service.`,
    '// Each is declared with adopt(): the first `terraform apply` imports it instead of creating it.',
    '// Re-running the command on unchanged resources writes the same bytes.',
    ...refusedComment(parts),
    ...guardrailsComment(parts),
    "import { Construct } from 'constructs';",
    `import { TerraformStack } from ${literal(parts.imports.framework)};`,
    `import { ${[...parts.constructs, parts.provider.className, ...(parts.body.some((line) => line.includes('Literal.text(')) ? ['Literal'] : [])].sort().join(', ')} } from ${literal(parts.imports.library)};`,
    '',
    `/** Declares the ${parts.what} in \`scope\`, each adopted with an import block. */`,
    `export function ${parts.functionName}(scope: Construct): void {`,
    ...parts.body,
    '}',
    '',
    `/** A stack with the provider and the ${parts.what}. */`,
    `export class ${parts.stackName} extends TerraformStack {`,
    '  constructor(scope: Construct, id: string) {',
    '    super(scope, id);',
    `    new ${parts.provider.className}(this, ${literal(parts.provider.className.replace('Provider', '').toLowerCase())}, {${providerProps.length ? ` ${providerProps.join(', ')} ` : ''}});`,
    `    ${parts.functionName}(this);`,
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * Construct ids from names: letters, digits and `-_.:` kept, anything else
 * (`/` is not allowed in an id; template and token text would confuse a reader
 * of paths) as `_`; clashes get a stable suffix.
 */
function constructIds(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[^A-Za-z0-9_.:-]/g, '_') || 'resource';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
    used.add(id);
    return id;
  });
}

/**
 * The comment naming the resources left out: one line each, their reasons
 * escaped onto that line (a line break, control or format character would end
 * the comment or hide text), so the module still compiles.
 */
function refusedComment(parts: ModuleParts): string[] {
  if (parts.refused.length === 0) return [];
  return [
    `// Not declared: ${parts.refusedWhat(parts.refused.length)} whose live values the constructs refuse (the command exited ${EXIT_REFUSED}).`,
    `// Change them in the service and run \`${parts.command}\` again, or declare them by hand:`,
    ...parts.refused.map((r) => `//   ${escapeForLine(r.reason, false)}`),
  ];
}

/**
 * The comment naming what the guardrails find in the live values (the module's synth says them again):
 * one line each, escaped onto it.
 */
function guardrailsComment(parts: ModuleParts): string[] {
  if (parts.guardrails.length === 0) return [];
  return [
    `// Guardrails: ${count(parts.guardrails.length, 'finding')} in the live values (acknowledge one with Guardrails.of(scope).acknowledge({ rule, reason })):`,
    ...parts.guardrails.map((line) => `//   ${escapeForLine(line, false)}`),
  ];
}

/** The exit code of `adopt` when it left resources out: the module declares the others. */
export const EXIT_REFUSED = 4;

/** The text a read string stands for (readers wrap some in Literal.text). */
function textOf(value: string): string {
  return literalValueOf(value) ?? value;
}

/**
 * A read JSON value as the module passes it: each string its text, as
 * `Literal.text(text)` where Terraform would otherwise read it as a template
 * (never looked up again: text shaped like a token is text); keys as text,
 * sorted; undefined members left out.
 */
function asWritten(value: unknown): unknown {
  if (typeof value === 'string') return literalText(textOf(value));
  if (Array.isArray(value)) return value.map(asWritten);
  if (value !== null && typeof value === 'object') {
    // fromEntries: a key such as `__proto__` stays a key.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [textOf(k), asWritten(v)] as const)
        .sort(([a], [b]) => compare(a, b)),
    );
  }
  return value;
}

/** A string as the module writes it: `Literal.text("…")` for a literal, else the JSON string. */
function tsString(value: string): string {
  const text = literalValueOf(value);
  return text === undefined ? literal(value) : `Literal.text(${literal(text)})`;
}

/** A value of `asWritten` as TypeScript, laid out as JSON.stringify(value, null, 2) lays it out, keys sorted. */
function tsValue(value: unknown, depth = 0): string {
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (typeof value === 'string') return tsString(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? '[]' : `[\n${value.map((v) => inner + tsValue(v, depth + 1)).join(',\n')}\n${outer}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort(compare);
    if (keys.length === 0) return '{}';
    return `{\n${keys.map((k) => `${inner}${literal(k)}: ${tsValue((value as { [key: string]: unknown })[k], depth + 1)}`).join(',\n')}\n${outer}}`;
  }
  return literal(value);
}

// Code-point order, the same on every machine and locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

function indent(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
