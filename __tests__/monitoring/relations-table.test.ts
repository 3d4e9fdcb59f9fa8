// The relations table against the restriction-policy documentation that the
// official Datadog API client ships (RestrictionPoliciesApi.updateRestrictionPolicy):
// its list of supported resources (name and type code) and its table of
// supported relations (name and relations).
import * as fs from 'fs';
import { RestrictionPolicyRelations } from '../../lib';

function documentation(): string {
  const api = require.resolve('@datadog/datadog-api-client/dist/packages/datadog-api-client-v2/apis/RestrictionPoliciesApi.d.ts');
  const text = fs.readFileSync(api, 'utf8');
  const start = text.indexOf('#### Supported resources');
  expect(start).toBeGreaterThan(0);
  return text.slice(start, text.indexOf('@param', start)).replace(/^\s*\* ?/gm, '');
}

/** "RUM Applications" and "RUM Application" name the same row. */
const key = (name: string) => name.trim().toLowerCase().replace(/s\b/g, '');

function documentedRelations(): Map<string, string[]> {
  const doc = documentation();
  const codeByName = new Map<string, string>();
  for (const match of doc.matchAll(/^- (.+?): `([a-z0-9_-]+)`$/gm)) codeByName.set(key(match[1]), match[2]);
  const relations = new Map<string, string[]>();
  for (const match of doc.matchAll(/^([A-Za-z][A-Za-z -]+?)\s+\| (`.+)$/gm)) {
    const code = codeByName.get(key(match[1]));
    if (code === undefined) throw new Error(`the relations table names "${match[1].trim()}", which the list of resources does not`);
    relations.set(code, [...match[2].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
  }
  expect(relations.size).toBe(codeByName.size);
  return relations;
}

describe("RestrictionPolicyRelations against the Datadog API client's documentation", () => {
  const documented = documentedRelations();

  test('the documentation lists at least the 28 types of @datadog/datadog-api-client 1.64', () => {
    expect(documented.size).toBeGreaterThanOrEqual(28);
    expect(documented.get('network-path-config')).toEqual(['viewer', 'editor']);
  });

  test('every documented resource type is in the table, with the documented relations', () => {
    const mismatches = [...documented].filter(([type, relations]) => {
      const ours = RestrictionPolicyRelations.forResourceType(type);
      return ours === undefined || [...ours].sort().join() !== [...relations].sort().join();
    });
    expect(mismatches).toEqual([]);
  });

  test('the table has no resource type the documentation does not list', () => {
    expect(RestrictionPolicyRelations.knownResourceTypes().filter((type) => !documented.has(type))).toEqual([]);
  });
});
