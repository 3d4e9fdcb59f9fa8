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
import { literalValueOf, needsLiteral } from '../core/literal-text';

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

/** The module for authentication profiles, sorted by name. */
export function profilesModule(profiles: readonly AuthenticationProfileProps[], provider: ProviderDeclaration, imports: ModuleImports): string {
  const sorted = [...profiles].sort((a, b) => compare(a.authenticationProfileName, b.authenticationProfileName));
  const ids = constructIds(sorted.map((p) => p.authenticationProfileName));
  const body = sorted.map(
    (p, i) =>
      `  AuthenticationProfile.adopt(scope, ${literal(ids[i])}, {\n` +
      `    authenticationProfileName: ${liveString(p.authenticationProfileName)},\n` +
      // Always literal: the construct parses the content, and a JSON escape such as `\u0024{` parses to `${`.
      `    authenticationProfileContent: Literal.text(${literal(textOf(p.authenticationProfileContent as string))}),\n` +
      '  });',
  );
  return module({
    what: `${count(sorted.length, 'authentication profile')}`,
    command: 'adopt profiles',
    constructs: ['AuthenticationProfile'],
    functionName: 'declareAdoptedProfiles',
    stackName: 'AdoptedProfilesStack',
    body,
    provider,
    imports,
  });
}

/** The module for restriction policies, sorted by resource id. */
export function policiesModule(policies: readonly RestrictionPolicyProps[], provider: ProviderDeclaration, imports: ModuleImports): string {
  const sorted = [...policies].sort((a, b) => compare(textOf(String(a.resourceId)), textOf(String(b.resourceId))));
  const ids = constructIds(sorted.map((p) => textOf(String(p.resourceId))));
  const body = sorted.map((p, i) => {
    const bindings = [...(p.bindings ?? [])]
      .map((b) => ({ relation: textOf(b.relation), principals: b.principals.map((x) => textOf(String(x))).sort(compare) }))
      .sort((a, b) => compare(a.relation, b.relation))
      .map((b) => `      { relation: ${liveText(b.relation)}, principals: [${b.principals.map(liveText).join(', ')}] },\n`)
      .join('');
    return (
      `  RestrictionPolicy.adopt(scope, ${literal(ids[i])}, {\n` +
      `    resourceId: ${liveText(textOf(String(p.resourceId)))},\n` +
      `    bindings: [${bindings ? `\n${bindings}    ` : ''}],\n` +
      '  });'
    );
  });
  return module({
    what: `${count(sorted.length, 'restriction policy', 'restriction policies')}`,
    command: 'adopt policies',
    constructs: ['RestrictionPolicy'],
    functionName: 'declareAdoptedPolicies',
    stackName: 'AdoptedPoliciesStack',
    body,
    provider,
    imports,
  });
}

/** The module for a cluster's nodes, sorted by name, with every field read. */
export function nodesModule(nodes: NodeListProps, provider: ProviderDeclaration, imports: ModuleImports): string {
  const items = [...nodes.items].sort((a, b) => compare(textOf(a.metadata.name ?? ''), textOf(b.metadata.name ?? '')));
  const body = [`  NodeList.adopt(scope, 'nodes', {\n    items: ${indent(liveValue(items), 4)},\n  });`];
  return module({
    what: count(items.length, 'node'),
    command: 'adopt nodes',
    constructs: ['NodeList'],
    functionName: 'declareAdoptedNodes',
    stackName: 'AdoptedNodesStack',
    body,
    provider,
    imports,
  });
}

interface ModuleParts {
  readonly what: string;
  readonly command: string;
  readonly constructs: string[];
  readonly functionName: string;
  readonly stackName: string;
  readonly body: string[];
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

/** The text a read string stands for (readers wrap some in Literal.text). */
function textOf(value: string): string {
  return literalValueOf(value) ?? value;
}

/** A read string as TypeScript (see liveText). */
function liveString(value: string): string {
  return liveText(textOf(value));
}

/**
 * A live text as TypeScript: the text itself, inside `Literal.text(…)` when
 * Terraform would read it as a template. Never looked up again: text shaped
 * like a token is text.
 */
function liveText(text: string): string {
  return needsLiteral(text) ? `Literal.text(${literal(text)})` : literal(text);
}

/** A read JSON value as TypeScript, laid out as JSON.stringify(value, null, 2) lays it out, keys sorted, strings as liveString. */
function liveValue(value: unknown, depth = 0): string {
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (typeof value === 'string') return liveString(value);
  if (Array.isArray(value)) {
    return value.length === 0 ? '[]' : `[\n${value.map((v) => inner + liveValue(v, depth + 1)).join(',\n')}\n${outer}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as { [key: string]: unknown })[k] !== undefined).sort(compare);
    if (keys.length === 0) return '{}';
    return `{\n${keys.map((k) => `${inner}${literal(textOf(k))}: ${liveValue((value as { [key: string]: unknown })[k], depth + 1)}`).join(',\n')}\n${outer}}`;
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
