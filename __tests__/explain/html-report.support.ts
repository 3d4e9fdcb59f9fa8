// Shared by the HTML report's tests: the plans they render (a real-looking one
// from real constructs, hostile strings in it; one of 7,000 changes), what a
// card must read, and the strict check of the page's markup.
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, KubernetesProvider, NodeList, NodeListMode, PlanExplanation, RestrictionPolicy, TaintEffect } from '../../lib';
import { ExplainedConstruct } from '../../lib/explain/explained';
import { HTML_CSP } from '../../lib/explain/render-html';
import { planBetween } from '../support/plan-between';
import { PLAN_HEADER } from './support';
import { fragmentsOf } from '../support/hostile-strings';
import { readJsonStack, synthApp } from '../support/synth';

/** Text that breaks HTML, the script and the style, with every fragment of the hostile alphabet after it. */
export const HOSTILE = `</script><script>alert(1)</script><img src=https://evil.example/x.png onerror=alert(2)>&amp;&lt;"'\`</style><!--${fragmentsOf().join('')}`;

/** A short hostile string (for keys and names that must stay readable in a screenshot). */
export const HOSTILE_SHORT = `<b>x</b>&amp;"'</script>\u202e\u0000\n`;

const STACK = 'warehouse';

function build(version: 1 | 2) {
  return (app: App) => {
    const stack = new TerraformStack(app, STACK);
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new AuthenticationProfile(stack, 'renamed', { authenticationProfileName: version === 1 ? 'ex-rename-old' : 'ex-rename-new', authenticationProfileContent: { Client_ID: 'renamed' } });
    new AuthenticationProfile(stack, 'updated', {
      authenticationProfileName: 'ex-updated',
      authenticationProfileContent: version === 1 ? { Client_ID: 'one', client_secret: 's3cret-one', Dropped: 'x' } : { Client_ID: 'two', client_secret: 's3cret-two', Added: 'y' },
    });
    new RestrictionPolicy(stack, 'dashboard', {
      resourceId: 'dashboard:abc-def-ghi',
      bindings: [{ relation: 'viewer', principals: version === 1 ? ['role:00000000-0000-1111-0000-00000000000a'] : ['role:00000000-0000-1111-0000-00000000000a', 'role:00000000-0000-1111-0000-00000000000c'] }],
    });
    new NodeList(stack, 'nodes', {
      mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
      items: [
        {
          metadata: { name: 'node-a', labels: { pool: version === 1 ? 'general' : 'gpu', zone: 'z1' }, annotations: { owner: version === 1 ? 'team-a' : 'team-b' } },
          spec: { taints: version === 1 ? [] : [{ key: 'dedicated', value: 'batch', effect: TaintEffect.NO_SCHEDULE }] },
        },
      ],
    });
    if (version === 1) new AuthenticationProfile(stack, 'deleted', { authenticationProfileName: 'ex-deleted', authenticationProfileContent: { Client_ID: 'deleted' } });
  };
}

/** The plan and the stack configuration of the real-looking fixture, and the hostile strings it carries. */
export interface Fixture {
  readonly plan: any;
  readonly config: any;
}

/**
 * A plan between two syntheses of real constructs: a profile renamed through
 * its replace trigger, profile content changed (a credential-looking key
 * among them), a principal added to a policy, a node's labels, annotations and
 * taints, a profile deleted, the policy changed outside Terraform, a resource
 * these constructs did not make, outputs; hostile strings in a construct path,
 * class and source, content keys and values, label keys and values, an
 * address, an output's name and values.
 */
export function realisticFixture(): Fixture {
  const before = readJsonStack(synthApp(build(1), false), STACK);
  const config = readJsonStack(synthApp(build(2), false), STACK);
  const plan = JSON.parse(planBetween(before, config));
  const find = (type: string, prefix: string) => plan.resource_changes.find((r: any) => r.type === type && r.address.startsWith(`${type}.${prefix}`));
  // The rename, as Terraform plans it: the trigger replaced, the profile replaced by it.
  const trigger = find('terraform_data', 'renamed');
  Object.assign(trigger, { action_reason: 'replace_because_cannot_update' });
  trigger.change = { ...trigger.change, actions: ['delete', 'create'], replace_paths: [['triggers_replace']] };
  const renamed = find('aws_redshift_authentication_profile', 'renamed');
  Object.assign(renamed, { action_reason: 'replace_by_triggers' });
  renamed.change = { ...renamed.change, actions: ['delete', 'create'] };
  // Hostile content keys and values.
  const updated = find('aws_redshift_authentication_profile', 'updated');
  const content = JSON.parse(updated.change.after.authentication_profile_content);
  updated.change.after.authentication_profile_content = JSON.stringify({ ...content, [HOSTILE_SHORT]: HOSTILE_SHORT, Hostile: HOSTILE });
  // Hostile label key and value on the node.
  const labels = find('kubernetes_labels', 'nodes');
  labels.change.after.labels = { ...labels.change.after.labels, [HOSTILE_SHORT]: HOSTILE };
  // A construct path, class and source that hold markup: its metadata as a stack could carry it.
  const policy = find('datadog_restriction_policy', 'dashboard');
  const policyName = policy.address.split('.')[1];
  const metadata = config.resource.datadog_restriction_policy[policyName]['//'].metadata;
  metadata.path = `${STACK}/team<i>${HOSTILE_SHORT}</i>/dashboard/Resource`;
  metadata.construct = `RestrictionPolicy<script>`;
  metadata.source = `src/<b>app</b>.ts:42`;
  // The policy changed outside Terraform.
  plan.resource_drift = [
    {
      address: policy.address,
      mode: 'managed',
      type: 'datadog_restriction_policy',
      change: { actions: ['update'], before: policy.change.before, after: { ...policy.change.before, bindings: [{ relation: 'editor', principals: ['role:00000000-0000-1111-0000-0000000000dd'] }] } },
    },
  ];
  // A resource these constructs did not make, at a hostile address; outputs.
  plan.resource_changes.push({ address: `aws_s3_bucket.logs[${JSON.stringify(HOSTILE)}]`, mode: 'managed', type: 'aws_s3_bucket', change: { actions: ['delete'], before: { bucket: 'b' }, after: null } });
  plan.output_changes = {
    dashboard_url: { actions: ['update'], before: 'https://app.datadoghq.example/dash/1', after: 'https://app.datadoghq.example/dash/2', after_unknown: false, before_sensitive: false, after_sensitive: false },
    [`out${HOSTILE_SHORT}`]: { actions: ['create'], before: null, after: HOSTILE, after_unknown: false, before_sensitive: false, after_sensitive: false },
  };
  return { plan, config };
}

/** The fixture, explained. */
export function realisticExplanation(): PlanExplanation {
  const { plan, config } = realisticFixture();
  return PlanExplanation.fromPlanAndConfig(JSON.stringify(plan), JSON.stringify(config));
}

/**
 * A plan of `count` changes, each to its own construct, of five kinds in turn:
 * profile content changed, a principal added, node labels changed, a profile
 * created, a policy deleted. The stack configuration is built in memory, as
 * cdktf writes it.
 */
export function bigFixture(count: number): Fixture {
  const resource: { [type: string]: { [name: string]: object } } = {};
  const resource_changes: object[] = [];
  const declare = (type: string, name: string, i: number, constructClass: string) => {
    // A node list's resources are named after the node (`<node>-labels`), the others `Resource`.
    const own = constructClass === 'NodeList' ? `node-${i}-labels` : 'Resource';
    (resource[type] ??= {})[name] = { '//': { metadata: { path: `big/team-${i % 50}/c${i}/${own}`, construct: constructClass, source: `src/app.ts:${100 + i}` } } };
    // A profile is declared with its name trigger, as the construct always declares it (explain attributes only that shape).
    if (constructClass === 'AuthenticationProfile') {
      (resource.terraform_data ??= {})[`c${i}_NameTrigger_0123ABCD`] = { '//': { metadata: { path: `big/team-${i % 50}/c${i}/NameTrigger`, construct: constructClass, source: `src/app.ts:${100 + i}` } } };
    }
  };
  for (let i = 0; i < count; i++) {
    const name = `c${i}_0123ABCD`;
    switch (i % 5) {
      case 0:
        declare('aws_redshift_authentication_profile', name, i, 'AuthenticationProfile');
        resource_changes.push(change('aws_redshift_authentication_profile', name, ['update'], { authentication_profile_name: `p${i}`, authentication_profile_content: `{"A":"1","B":"x${i}"}` }, { authentication_profile_name: `p${i}`, authentication_profile_content: `{"A":"2","C":"y${i}"}` }));
        break;
      case 1:
        declare('datadog_restriction_policy', name, i, 'RestrictionPolicy');
        resource_changes.push(change('datadog_restriction_policy', name, ['update'], { resource_id: `dashboard:${i}`, bindings: [{ relation: 'viewer', principals: ['role:a'] }] }, { resource_id: `dashboard:${i}`, bindings: [{ relation: 'viewer', principals: ['role:a', `role:b${i}`] }] }));
        break;
      case 2:
        declare('kubernetes_labels', name, i, 'NodeList');
        resource_changes.push(change('kubernetes_labels', name, ['update'], { api_version: 'v1', kind: 'Node', metadata: [{ name: `node-${i}` }], labels: { pool: 'general', zone: 'z1' } }, { api_version: 'v1', kind: 'Node', metadata: [{ name: `node-${i}` }], labels: { pool: 'gpu', zone: 'z1', new: 'x' } }));
        break;
      case 3:
        declare('aws_redshift_authentication_profile', name, i, 'AuthenticationProfile');
        resource_changes.push(change('aws_redshift_authentication_profile', name, ['create'], null, { authentication_profile_name: `p${i}`, authentication_profile_content: `{"A":"1"}` }));
        break;
      default:
        declare('datadog_restriction_policy', name, i, 'RestrictionPolicy');
        resource_changes.push(change('datadog_restriction_policy', name, ['delete'], { resource_id: `dashboard:${i}`, bindings: [{ relation: 'viewer', principals: ['role:a'] }] }, null));
    }
  }
  return { plan: { ...PLAN_HEADER, resource_changes }, config: { '//': { metadata: { stackName: 'big', version: '0.21.0' } }, resource } };
}

function change(type: string, name: string, actions: string[], before: object | null, after: object | null): object {
  return { address: `${type}.${name}`, mode: 'managed', type, change: { actions, before, after, after_unknown: {}, before_sensitive: {}, after_sensitive: {} } };
}

/** What a card shows, as the page's DOM is read back (textContent). */
export interface CardText {
  readonly stack: string;
  readonly actions: string;
  readonly path: string;
  readonly class: string | null;
  readonly cause: string | null;
  readonly source: string | null;
  readonly addresses: string[];
  readonly rows: string[][];
}

/**
 * What each card of a report must read: the explanation's own strings (already
 * escaped onto one line), each in its place; the rows as [group, key, change,
 * before, after], grouped by node, field and (for a policy) relation.
 */
export function expectedCards(stack: string, constructs: readonly ExplainedConstruct[]): CardText[] {
  return constructs.map((c) => {
    const groups = new Map<string, string[][]>();
    for (const f of c.fields) {
      const node = f.node === undefined ? [] : [f.node];
      const label = f.key === undefined ? node : f.field === 'bindings' ? [...node, f.field, f.key] : [...node, f.field];
      const key = f.key === undefined ? f.field : f.field === 'bindings' ? 'principal' : f.key;
      const groupKey = JSON.stringify(label);
      if (!groups.has(groupKey)) groups.set(groupKey, []);
      groups.get(groupKey)!.push([label.join(' '), key, f.change, f.before ?? '', f.after ?? '']);
    }
    const cause = c.causes.join('; ');
    return {
      stack,
      actions: c.actions.join(' + '),
      path: `${c.constructPath}${c.instanceKey ?? ''}`,
      class: c.constructClass ?? null,
      cause: cause === '' || cause === c.actions.join(' + ') ? null : cause,
      source: c.source ?? null,
      addresses: c.addresses,
      rows: [...groups.values()].flat(),
    };
  });
}

/** The tags a page may hold: the renderer's own (no img, a, link, iframe, object, form…). */
const TAGS = new Set([
  'html', 'head', 'meta', 'title', 'style', 'body', 'header', 'main', 'section', 'h1', 'h2', 'h3', 'h4', 'p', 'strong', 'code', 'span',
  'fieldset', 'legend', 'label', 'input', 'button', 'div', 'article', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td', 'script',
]);
/** The attributes a tag may carry: none that loads anything (src, href, srcset, action, style…) or runs code (on…). */
const ATTRIBUTES = new Set(['lang', 'charset', 'http-equiv', 'content', 'name', 'type', 'value', 'checked', 'hidden', 'id', 'class', 'role', 'scope', 'colspan', 'aria-label', 'aria-labelledby', 'aria-live', 'data-stack', 'data-actions']);
const META_CONTENT = new Set([HTML_CSP.replace(/'/g, '&#39;'), 'no-referrer', 'width=device-width, initial-scale=1']);
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)>/y;
const ATTRIBUTE = /\s+([a-z-]+)(?:="([^"<>]*)")?/g;

/**
 * The page's markup problems, strictly: every `<` opens or closes one of the
 * renderer's own tags (so no text of the plan made one), with only allowed
 * attributes in double quotes; every `&` starts one of the five character
 * references the renderer writes; one style and one script, neither with a `<`
 * nor a URL; no attribute value or CSS that refers to a URL. Empty when none.
 */
export function markupProblems(html: string): string[] {
  const problems: string[] = [];
  const at = (i: number) => JSON.stringify(html.slice(i, i + 60));
  if (!html.startsWith('<!DOCTYPE html>\n')) problems.push('no <!DOCTYPE html> first');
  for (let i = html.indexOf('<', 1); i >= 0; i = html.indexOf('<', i + 1)) {
    TAG.lastIndex = i;
    const m = TAG.exec(html);
    if (m === null || !TAGS.has(m[2])) {
      problems.push(`not a tag of the page at ${i}: ${at(i)}`);
      continue;
    }
    for (const [, name, value] of m[3].matchAll(ATTRIBUTE)) {
      if (!ATTRIBUTES.has(name)) problems.push(`attribute ${name} at ${i}: ${at(i)}`);
      // Values that hold the plan's own text (a stack's name) are text, never loaded; the meta tags' are the page's own.
      if (name === 'content' && value !== undefined && !META_CONTENT.has(value)) problems.push(`a meta content of its own at ${i}: ${at(i)}`);
      const text = name === 'data-stack' || name === 'value' || name === 'content';
      if (!text && value !== undefined && /(?:https?:|\/\/|url\s*\(|javascript:|data:)/i.test(value)) problems.push(`a URL in ${name} at ${i}: ${at(i)}`);
    }
  }
  // Outside the style and the script (raw text, the page's own), an & only starts a reference.
  const outside = html.replace(/<(style|script)>[^<]*<\/\1>/g, '');
  for (let i = outside.indexOf('&'); i >= 0; i = outside.indexOf('&', i + 1)) {
    if (!/^&(?:amp|lt|gt|quot|#39);/.test(outside.slice(i, i + 6))) problems.push(`a bare & at ${i}: ${JSON.stringify(outside.slice(i, i + 60))}`);
  }
  for (const element of ['style', 'script']) {
    const blocks = [...html.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, 'g'))];
    const opened = html.split(`<${element}`).length - 1;
    if (blocks.length !== 1 || opened !== 1) problems.push(`${opened} <${element}> elements, ${blocks.length} well-formed`);
    for (const [, body] of blocks) if (/https?:|\/\/[a-z]|url\s*\(|@import|fetch\s*\(|XMLHttpRequest|import\s*\(|\bsrc\b/i.test(body)) problems.push(`a URL or a load in the ${element}`);
  }
  return problems;
}

