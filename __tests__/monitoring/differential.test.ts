// The wire proof: no datadog provider binary runs here, so the blocks this
// library writes are compared with those of the official schema-generated
// binding, @cdktf/provider-datadog (deep-imported: its root index takes seconds).
import { TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { DatadogProvider as OfficialDatadogProvider } from '@cdktf/provider-datadog/lib/provider';
import { RestrictionPolicy as OfficialRestrictionPolicy } from '@cdktf/provider-datadog/lib/restriction-policy';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const framework = require('../../scripts/framework');
import { CurrentOrg } from '../../lib/monitoring/current-org';
import { DatadogApiUrl, DatadogProvider } from '../../lib/monitoring/datadog-provider';
import { Principal } from '../../lib/monitoring/principal';
import { RestrictionPolicyRelations } from '../../lib/monitoring/relations';
import { RestrictionPolicy, RestrictionPolicyBinding } from '../../lib/monitoring/restriction-policy';
import { RestrictionPolicyResourceId } from '../../lib/monitoring/resource-id';
import { synthJson } from '../support/synth';

interface Plain {
  readonly relation: string;
  readonly principals: string[];
}

interface Case {
  readonly name: string;
  /** What this library is given. */
  readonly resourceId: (stack: TerraformStack) => RestrictionPolicyResourceId | string;
  readonly bindings?: (stack: TerraformStack) => RestrictionPolicyBinding[];
  /**
   * What the official binding is given, written out by hand: the input in the
   * documented canonical form (sorted; duplicates dropped; same relation merged).
   */
  readonly official?: (stack: TerraformStack) => Plain[];
  /**
   * True when the input differs from `official` only in ways Terraform's sets
   * ignore (order, repeated elements): then the official binding given the raw
   * input must also be equal as Terraform sets.
   */
  readonly setEquivalentToRaw: boolean;
}

const id = (n: number) => `00000000-0000-1111-0000-${String(n).padStart(12, '0')}`;
const role = (n: number) => `role:${id(n)}`;
const team = (n: number) => `team:${id(n)}`;
const user = (n: number) => `user:${id(n)}`;
const ORG = 'org:10000000-0000-1111-0000-000000000000';

// One case per group of the relations table, each with every relation of the group.
const RELATION_GROUPS = ['dashboard', 'workflow', 'connection', 'on-call-schedule', 'logs-pipeline', 'case-management-project', 'status-page', 'feature-flag'];
const everyRelationCases: Case[] = RELATION_GROUPS.map((type, g) => {
  const relations = [...RestrictionPolicyRelations.forResourceType(type)!].sort();
  const canonical = relations.map((relation, i) => ({ relation, principals: [role(g * 10 + i)] }));
  return {
    name: `every relation of ${type} (${relations.join(', ')})`,
    resourceId: () => `${type}:abc-${g}`,
    bindings: () => [...canonical].reverse(),
    official: () => canonical,
    setEquivalentToRaw: true,
  };
});

const manyPrincipals = Array.from({ length: 60 }, (_, i) => [role, team, user][i % 3](i));

const CASES: Case[] = [
  {
    name: 'empty bindings',
    resourceId: () => 'dashboard:empty',
    bindings: () => [],
    official: () => [],
    setEquivalentToRaw: true,
  },
  {
    name: 'no bindings at all',
    resourceId: () => 'notebook:1234',
    setEquivalentToRaw: true,
  },
  {
    name: 'one role, from a factory',
    resourceId: () => RestrictionPolicyResourceId.dashboard('abc-def-ghi'),
    bindings: () => [{ relation: 'viewer', principals: [Principal.role(id(1))] }],
    official: () => [{ relation: 'viewer', principals: [role(1)] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'many principals (60, every type but org), unsorted',
    resourceId: () => 'slo:0123456789abcdef',
    bindings: () => [{ relation: 'editor', principals: [...manyPrincipals].reverse() }],
    official: () => [{ relation: 'editor', principals: [...manyPrincipals].sort() }],
    setEquivalentToRaw: true,
  },
  {
    name: 'org principal, literal',
    resourceId: () => 'monitor:98765',
    bindings: () => [{ relation: 'viewer', principals: [Principal.org('10000000-0000-1111-0000-000000000000')] }],
    official: () => [{ relation: 'viewer', principals: [ORG] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'org principal, read at plan time by CurrentOrg',
    resourceId: () => 'dashboard:with-org',
    bindings: (stack) => [{ relation: 'viewer', principals: [orgOf(stack).principal, role(1)] }],
    official: (stack) => [{ relation: 'viewer', principals: [orgOf(stack).principal.toString(), role(1)] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'the same principal twice in one binding',
    resourceId: () => 'dashboard:dup-principal',
    bindings: () => [{ relation: 'editor', principals: [team(2), Principal.team(id(2)), role(1), team(2)] }],
    official: () => [{ relation: 'editor', principals: [role(1), team(2)] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'the same relation in two bindings (merged)',
    resourceId: () => 'dashboard:dup-relation',
    bindings: () => [
      { relation: 'viewer', principals: [user(3), role(1)] },
      { relation: 'editor', principals: [team(2)] },
      { relation: 'viewer', principals: [role(1), ORG] },
    ],
    official: () => [
      { relation: 'editor', principals: [team(2)] },
      { relation: 'viewer', principals: [ORG, role(1), user(3)] },
    ],
    setEquivalentToRaw: false,
  },
  {
    name: 'identical bindings repeated',
    resourceId: () => 'notebook:repeat',
    bindings: () => [
      { relation: 'viewer', principals: [role(1)] },
      { relation: 'viewer', principals: [role(1)] },
    ],
    official: () => [{ relation: 'viewer', principals: [role(1)] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'unknown resource type with its own relation',
    resourceId: () => RestrictionPolicyResourceId.of('quantum-widget', 'q-1'),
    bindings: () => [{ relation: 'operator', principals: [user(9)] }],
    official: () => [{ relation: 'operator', principals: [user(9)] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'resource id and principal from variables (tokens)',
    resourceId: (stack) => RestrictionPolicyResourceId.dashboard(variable(stack, 'dashboard_id').stringValue),
    bindings: (stack) => [{ relation: 'editor', principals: [Principal.user(variable(stack, 'user_id').stringValue)] }],
    official: (stack) => [{ relation: 'editor', principals: [`user:${variable(stack, 'user_id').stringValue}`] }],
    setEquivalentToRaw: true,
  },
  {
    name: 'ids with punctuation and non-ASCII letters',
    resourceId: () => 'reference-table:tbl_01.v2~x',
    bindings: () => [{ relation: 'viewer', principals: ['user:zoë@example', 'role:a:b:c'] }],
    official: () => [{ relation: 'viewer', principals: ['role:a:b:c', 'user:zoë@example'] }],
    setEquivalentToRaw: true,
  },
  ...everyRelationCases,
];

function orgOf(stack: TerraformStack): CurrentOrg {
  return (stack.node.tryFindChild('org') as CurrentOrg | undefined) ?? new CurrentOrg(stack, 'org');
}

function variable(stack: TerraformStack, name: string): TerraformVariable {
  return (stack.node.tryFindChild(name) as TerraformVariable | undefined) ?? new TerraformVariable(stack, name, { type: 'string' });
}

/**
 * The two policy blocks, this library's and the official binding's, each from its own stack of one app: in one
 * stack, two policies on one resource id are two declarations of one policy, refused at synth (live-objects.ts).
 * Variables and the org are the same objects by name in each stack, so their references read alike.
 */
function synthBoth(c: Case, officialBindings: (stack: TerraformStack) => Plain[] | undefined): { ours: any; official: any } {
  const app = Testing.app();
  const [stack, officialStack] = ['stack', 'official'].map((name) => new TerraformStack(app, name));
  for (const s of [stack, officialStack]) new DatadogProvider(s, 'datadog');
  const ours = new RestrictionPolicy(stack, 'policy', { resourceId: c.resourceId(stack), bindings: c.bindings?.(stack) });
  const official = new OfficialRestrictionPolicy(officialStack, 'policy', {
    resourceId: String(c.resourceId(officialStack)),
    bindings: officialBindings(officialStack),
  });
  return {
    ours: synthJson(stack).resource.datadog_restriction_policy[ours.resource.friendlyUniqueId],
    official: synthJson(officialStack).resource.datadog_restriction_policy[official.friendlyUniqueId],
  };
}

/** A block as Terraform reads it: `bindings` a set of objects whose `principals` is a set of strings. */
function asTerraformSets(block: any): any {
  if (block.bindings === undefined) return block;
  const bindings = block.bindings.map((b: any) => ({ ...b, principals: [...new Set<string>(b.principals)].sort() }));
  const unique = [...new Map(bindings.map((b: any) => [JSON.stringify(b), b])).values()];
  return { ...block, bindings: unique.sort((a: any, b: any) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) };
}

describe('datadog_restriction_policy: this library against @cdktf/provider-datadog', () => {
  test("the official binding is the running framework's own (@cdktn/provider-datadog under cdktn)", () => {
    const binding = framework.name === 'cdktn' ? '@cdktn/provider-datadog' : '@cdktf/provider-datadog';
    expect(require.resolve('@cdktf/provider-datadog/lib/provider')).toContain(`${binding}/lib/provider`);
  });

  test('the table has at least ten cases, covering every relation of the table', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(10);
    const covered = new Set(everyRelationCases.flatMap((c) => c.official!(undefined as any).map((b) => b.relation)));
    const all = new Set(RestrictionPolicyRelations.knownResourceTypes().flatMap((t) => RestrictionPolicyRelations.forResourceType(t)!));
    expect([...covered].sort()).toEqual([...all].sort());
  });

  test.each(CASES.map((c) => [c.name, c] as const))('%s: the block deep-equals the official one given the canonical input', (_name, c) => {
    const { ours, official } = synthBoth(c, (stack) => c.official?.(stack));
    expect(ours).toBeDefined();
    expect(ours).toEqual(official);
    expect(JSON.stringify(ours)).toBe(JSON.stringify(official));
  });

  test.each(CASES.filter((c) => c.setEquivalentToRaw).map((c) => [c.name, c] as const))(
    '%s: as Terraform sets, the block equals the official one given the raw input',
    (_name, c) => {
      const raw = (stack: TerraformStack): Plain[] | undefined =>
        c.bindings?.(stack).map((b) => ({ relation: b.relation, principals: b.principals.map(String) }));
      const { ours, official } = synthBoth(c, raw);
      expect(asTerraformSets(ours)).toEqual(asTerraformSets(official));
    },
  );
});

describe('datadog provider block: this library against @cdktf/provider-datadog', () => {
  interface ProviderCase {
    readonly name: string;
    readonly ours: (keys: { api: string; app: string }) => ConstructorParameters<typeof DatadogProvider>[2];
    readonly official: (keys: { api: string; app: string }) => ConstructorParameters<typeof OfficialDatadogProvider>[2];
  }
  const PROVIDER_CASES: ProviderCase[] = [
    { name: 'no settings (keys and URL from the environment)', ours: () => ({}), official: () => ({}) },
    { name: 'EU site', ours: () => ({ apiUrl: DatadogApiUrl.EU1 }), official: () => ({ apiUrl: 'https://api.datadoghq.eu' }) },
    {
      name: 'keys from sensitive variables, validate off',
      ours: (k) => ({ apiKey: k.api, appKey: k.app, validate: false, apiUrl: DatadogApiUrl.US5 }),
      official: (k) => ({ apiKey: k.api, appKey: k.app, validate: 'false', apiUrl: 'https://api.us5.datadoghq.com' }),
    },
    { name: 'validate on', ours: () => ({ validate: true }), official: () => ({ validate: 'true' }) },
    { name: 'alias', ours: () => ({ alias: 'eu', apiUrl: DatadogApiUrl.EU1 }), official: () => ({ alias: 'eu', apiUrl: 'https://api.datadoghq.eu' }) },
  ];

  function providerBlock(build: (stack: TerraformStack, keys: { api: string; app: string }) => void): any {
    const stack = new TerraformStack(Testing.app(), 'stack');
    const api = new TerraformVariable(stack, 'dd_api_key', { type: 'string', sensitive: true });
    const app = new TerraformVariable(stack, 'dd_app_key', { type: 'string', sensitive: true });
    build(stack, { api: api.stringValue, app: app.stringValue });
    return synthJson(stack).provider.datadog;
  }

  test.each(PROVIDER_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const ours = providerBlock((stack, keys) => new DatadogProvider(stack, 'datadog', c.ours(keys)));
    const official = providerBlock((stack, keys) => new OfficialDatadogProvider(stack, 'datadog', c.official(keys)));
    expect(ours).toEqual(official);
  });
});
