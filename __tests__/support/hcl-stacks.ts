/**
 * Generated stacks for the HCL judge: the three constructs on their create,
 * adopt and import-only paths, with lifecycle conditions, the providers, the
 * replace trigger and the data sources; strings over ASCII, control
 * characters, newlines and non-BMP unicode, with tokens (variables and
 * function calls whose own text holds quotes and backslashes) inside strings,
 * lists, maps and manifests.
 */
import fc from 'fast-check';
import {
  AuthenticationProfile,
  AwsProvider,
  CurrentOrg,
  CurrentOrgSource,
  DatadogProvider,
  HttpProvider,
  KubernetesProvider,
  NodeList,
  NodeListMode,
  Principal,
  ReplaceTriggerKind,
  RestrictionPolicy,
  RestrictionPolicyResourceId,
} from '../../lib';
import { App, Fn, Op, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { fragmentsOf, USER_CLASSES } from './hostile-strings';

const ALPHABET = fragmentsOf(USER_CLASSES);

/** One piece of a generated string: literal text, or a token resolved at synth. */
export type Piece = { readonly text: string } | { readonly token: 'var' | 'format' | 'upper' };

/** A generated stack, as data (printable when a case fails). */
export interface StackRecipe {
  readonly profiles: readonly { mode: 'create' | 'adopt' | 'import'; name: string; content: readonly [string, Piece[]][]; conditions: Condition[]; trigger?: ReplaceTriggerKind }[];
  readonly policies: readonly { mode: 'create' | 'adopt' | 'import'; type: string; id: Piece[]; bindings: readonly [string, Piece[][]][]; withOrg: boolean; conditions: Condition[] }[];
  readonly nodes?: { mode: 'create' | 'adopt' | 'keys'; names: string[]; annotations: readonly [string, Piece[]][]; labelValue: string; taintValue: string };
  readonly currentOrgSource: CurrentOrgSource;
  readonly providerStrings: { apiUrlPath: Piece[]; kubeContext: Piece[]; awsRegion: string };
}

/** A lifecycle condition; `holds: false` makes the plan fail with its message. */
export interface Condition {
  readonly kind: 'precondition' | 'postcondition';
  readonly holds: boolean;
  readonly message: Piece[];
}

// Characters chosen for what breaks writers: quotes, backslashes, template
// sequences and their escapes, braces, controls, newlines, non-BMP unicode.
const TRICKY = ['"', '\\', '\\\\', '\\n', '\n', '\r\n', '\t', '\u0001', '\u001f', '\u007f', '$${', '%%{', '$', '%', '{', '}', '}}', 'ñ', '€', '😀', '𝄞', '\u2028', "'", '<<EOF', '#', '//', '/*', '=', ' '];

/** Text with no unescaped template sequence (`${` or `%{` not written `$${` / `%%{`), in NFC. */
export function isPlainTemplateText(text: string): boolean {
  for (let i = 0; i < text.length; ) {
    if (text.startsWith('$${', i) || text.startsWith('%%{', i)) i += 3;
    else if (text.startsWith('${', i) || text.startsWith('%{', i)) return false;
    else i += 1;
  }
  return text === text.normalize('NFC');
}

const text = (maxLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...TRICKY), fc.constantFrom(...ALPHABET), fc.string({ unit: 'grapheme-ascii', maxLength: 3 }), fc.string({ unit: 'binary', maxLength: 2 })), { maxLength })
    .map((parts) => parts.join(''))
    .filter(isPlainTemplateText);

/** Like `text`, without whitespace and control characters (ids). */
// Ids are NFC with no whitespace, control or format characters; without combining marks, pieces joined stay NFC.
const idText = (maxLength: number) =>
  text(maxLength)
    .map((s) => s.replace(/[\s\p{Cc}\p{Cf}\p{M}\u2028\u2029]/gu, '').normalize('NFC'))
    .filter(isPlainTemplateText);

/**
 * Whether every token of `ps` stays a reference, so that the library takes the
 * string (a stack it refuses tests nothing here; the template rule has its own
 * judge, template-rule.terraform.test.ts): no "$" right before a token (Terraform
 * reads "$${" as an escape), no lone CR before one (Terraform reads the rest of
 * the string as text), and no "$${" whose "${" no "}" closes before one (cdktf
 * writes the token bare inside it).
 */
export function tokensStayReferences(ps: readonly Piece[]): boolean {
  const joined = ps.map((p) => ('text' in p ? p.text : '\u0000')).join('');
  let open = false;
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '\u0000' && (open || joined[i - 1] === '$' || /\r(?!\n)/.test(joined.slice(0, i)))) return false;
    if (joined.startsWith('${', i)) open = true;
    else if (joined[i] === '}') open = false;
  }
  return true;
}

// Adjacent texts must not join into a template sequence either (`%` + `{`).
const pieces = (textArb: fc.Arbitrary<string>, maxPieces: number) =>
  fc
    .array(fc.oneof({ weight: 3, arbitrary: textArb.map((t) => ({ text: t }) as Piece) }, fc.constantFrom<Piece>({ token: 'var' }, { token: 'format' }, { token: 'upper' })), {
      minLength: 1,
      maxLength: maxPieces,
    })
    .filter((ps) => isPlainTemplateText(ps.map((p) => ('text' in p ? p.text : 'T')).join('')) && tokensStayReferences(ps));

const condition = fc.record<Condition>({ kind: fc.constantFrom('precondition', 'postcondition'), holds: fc.constantFrom(true, true, true, false), message: pieces(text(6), 3) });
const conditions = fc.array(condition, { maxLength: 2 });
const profileName = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/);

export const stackRecipe: fc.Arbitrary<StackRecipe> = fc.record({
  profiles: fc.array(
    fc.record({
      mode: fc.constantFrom('create', 'adopt', 'import'),
      name: profileName,
      content: fc.array(fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z_]{0,8}$/), pieces(text(6), 3)), { minLength: 1, maxLength: 3 }),
      conditions,
      trigger: fc.option(fc.constantFrom(ReplaceTriggerKind.TERRAFORM_DATA, ReplaceTriggerKind.NULL_RESOURCE), { nil: undefined }),
    }),
    { maxLength: 2 },
  ),
  policies: fc.array(
    fc.record({
      mode: fc.constantFrom('create', 'adopt', 'import'),
      type: fc.constantFrom('dashboard', 'notebook', 'slo', 'monitor'),
      id: pieces(idText(5).filter((s) => s.length > 0), 2),
      bindings: fc.array(fc.tuple(fc.constantFrom('viewer', 'editor'), fc.array(pieces(idText(4).filter((s) => s.length > 0), 2), { minLength: 1, maxLength: 2 })), {
        maxLength: 2,
      }),
      withOrg: fc.boolean(),
      conditions,
    }),
    { maxLength: 2 },
  ),
  nodes: fc.option(
    fc.record({
      mode: fc.constantFrom('create', 'adopt', 'keys'),
      names: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), { minLength: 1, maxLength: 2 }),
      annotations: fc.array(fc.tuple(fc.stringMatching(/^example\.com\/[a-z]{1,6}$/), pieces(text(6), 3)), { maxLength: 2 }),
      labelValue: fc.stringMatching(/^[a-z0-9]([-a-z0-9_.]{0,8}[a-z0-9])?$/),
      taintValue: fc.stringMatching(/^[a-z0-9]{0,6}$/),
    }),
    { nil: undefined },
  ),
  currentOrgSource: fc.constantFrom(CurrentOrgSource.CURRENT_USER_DATA_SOURCE, CurrentOrgSource.HTTP),
  // A URL path: no query or fragment, which could carry a credential parameter (the URL rule refuses those).
  providerStrings: fc.record({ apiUrlPath: pieces(idText(4).map((t) => t.replace(/[?#]/g, '')), 2), kubeContext: pieces(text(5), 2), awsRegion: fc.constantFrom('us-east-1', 'eu-west-3') }),
});

/** Builds the recipe's stack in `app` (one stack, named `generated`). */
export function buildStack(app: App, recipe: StackRecipe): void {
  const stack = new TerraformStack(app, 'generated');
  const v = new TerraformVariable(stack, 'v', { type: 'string', default: 'V' });
  const render = (ps: Piece[]): string =>
    ps
      .map((p) => {
        if ('text' in p) return p.text;
        if (p.token === 'var') return v.stringValue;
        // A function call whose own text holds a quote, a backslash and a newline escape.
        if (p.token === 'format') return Fn.format(Fn.rawString('%s"\\\n'), [v.stringValue]);
        return Fn.upper(v.stringValue);
      })
      .join('');
  const lifecycleOf = (cs: Condition[]) =>
    cs.length === 0
      ? undefined
      : {
          precondition: cs.filter((c) => c.kind === 'precondition').map((c) => ({ condition: c.holds ? Op.eq(v.stringValue, 'V') : Op.neq(v.stringValue, 'V'), errorMessage: render(c.message) })),
          // Not 0 as an operand: cdktf 0.21 writes a literal 0 in Op.* as "undefined".
          postcondition: cs.filter((c) => c.kind === 'postcondition').map((c) => ({ condition: c.holds ? Op.gte(Fn.lengthOf(v.stringValue), 1) : Op.lt(Fn.lengthOf(v.stringValue), 1), errorMessage: render(c.message) })),
        };

  if (recipe.profiles.length > 0) {
    new AwsProvider(stack, 'aws', { region: recipe.providerStrings.awsRegion, skipCredentialsValidation: true, skipRequestingAccountId: true, skipMetadataApiCheck: true });
  }
  recipe.profiles.forEach((p, i) => {
    const name = `${p.name}-${i}`;
    const content: { [key: string]: string } = {};
    for (const [key, value] of p.content) content[key] = render(value);
    if (p.mode === 'import') AuthenticationProfile.generateConfigForImport(stack, `profile${i}`, name);
    else {
      const props = { authenticationProfileName: name, authenticationProfileContent: content, lifecycle: lifecycleOf(p.conditions), replaceTrigger: p.trigger };
      if (p.mode === 'adopt') AuthenticationProfile.adopt(stack, `profile${i}`, props);
      else new AuthenticationProfile(stack, `profile${i}`, props);
    }
  });

  if (recipe.policies.length > 0) {
    new DatadogProvider(stack, 'datadog', { apiUrl: `https://api.datadoghq.com/${render(recipe.providerStrings.apiUrlPath)}` });
    const org = recipe.policies.some((p) => p.withOrg)
      ? new CurrentOrg(stack, 'org', {
          source: recipe.currentOrgSource,
          ...(recipe.currentOrgSource === CurrentOrgSource.HTTP
            ? {
                provider: new HttpProvider(stack, 'http'),
                apiUrl: 'https://api.datadoghq.com',
                apiKey: new TerraformVariable(stack, 'dd_api_key', { type: 'string', sensitive: true }).stringValue,
                appKey: new TerraformVariable(stack, 'dd_app_key', { type: 'string', sensitive: true }).stringValue,
              }
            : {}),
        })
      : undefined;
    recipe.policies.forEach((p, i) => {
      const resourceId = RestrictionPolicyResourceId.of(p.type, `${render(p.id)}${i}`);
      if (p.mode === 'import') {
        RestrictionPolicy.generateConfigForImport(stack, `policy${i}`, resourceId.toString());
        return;
      }
      const bindings = p.bindings.map(([relation, principals]) => ({
        relation,
        principals: [...principals.map((id) => Principal.team(render(id))), ...(p.withOrg && org ? [org.principal] : [])],
      }));
      const props = { resourceId, bindings, lifecycle: lifecycleOf(p.conditions) };
      if (p.mode === 'adopt') RestrictionPolicy.adopt(stack, `policy${i}`, props);
      else new RestrictionPolicy(stack, `policy${i}`, props);
    });
  }

  if (recipe.nodes) {
    const n = recipe.nodes;
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config', configContext: `ctx${render(recipe.providerStrings.kubeContext)}` });
    const annotations: { [key: string]: string } = {};
    for (const [key, value] of n.annotations) annotations[key] = render(value);
    const items = n.names.map((name) => ({
      metadata: { name, labels: { 'example.com/tier': n.labelValue }, annotations },
      spec: { taints: [{ key: 'example.com/dedicated', value: n.taintValue, effect: 'NoSchedule' }] },
    }));
    if (n.mode === 'adopt') NodeList.adopt(stack, 'nodes', { items });
    else new NodeList(stack, 'nodes', { items, mode: n.mode === 'keys' ? NodeListMode.LABELS_ANNOTATIONS_TAINTS : NodeListMode.MANIFEST });
    NodeList.fromCluster(stack, 'cluster', { labelSelector: 'example.com/tier', fieldSelector: `metadata.name=${n.names[0]}` });
  }
}
