// Property (issue 24 item 13): live policies and profiles made of the hostile
// string alphabet are stored in the loopback emulators, read by `adopt`
// through the real readers, and the module it writes always synthesizes; the
// resources it skipped are exactly those their construct refuses when declared
// on its own (with Literal.text, as a user would declare live text), and the
// exit code is 4 exactly when it skipped some. No value of a profile's content
// reaches stderr or the module's comment.
//
// Small in `npm test`; ADOPT_REFUSAL_RUNS=200 (and ADOPT_REFUSAL_SEED) for long runs.
import * as fc from 'fast-check';
import { propertyRuns, propertySeed } from '../support/property-runs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AuthenticationProfile, Literal, RestrictionPolicy } from '../../lib';
import { runAdopt } from '../../lib/cli/adopt';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { ValidationError } from '../../lib/core/validation-error';
import { loadAdoptedModule } from '../support/adopted-module';
import { DatadogEmulator } from '../support/datadog-emulator';
import { hostileString, LIVE_CLASSES } from '../support/hostile-strings';
import { REFUSED_CONTENT_KEYS, RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';

const RUNS = Number(process.env.ADOPT_REFUSAL_RUNS ?? 6);
const SEED = propertySeed(Number(process.env.ADOPT_REFUSAL_SEED ?? 20261201));

async function adopt(args: string[]): Promise<{ code: number; stderr: string[]; out: string }> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-refusals-')), 'adopted.ts');
  const stderr: string[] = [];
  const code = await runAdopt([...args, '--out', out], { stderr: (line) => stderr.push(line) });
  return { code, stderr, out };
}

/** Whether the construct refuses it, declared alone and synthesized (its ValidationError; any other error fails the test). */
function refuses(declare: (stack: TerraformStack) => void): boolean {
  const stack = new TerraformStack(Testing.app(), 'own');
  try {
    declare(stack);
    Testing.synth(stack);
    return false;
  } catch (error) {
    if (error instanceof ValidationError) return true;
    throw error;
  }
}

function importIds(config: any): string[] {
  return (config.import ?? []).map((i: any) => i.id).sort();
}

const hostile = (maxFragments = 3) => hostileString({ classes: LIVE_CLASSES, maxFragments });
const seen = { policies: { adopted: 0, skipped: 0 }, profiles: { adopted: 0, skipped: 0 } };

describe('adopt policies, hostile live relations and principals', () => {
  let datadog: DatadogEmulator;
  const saved = { ...process.env };
  beforeAll(async () => {
    datadog = await DatadogEmulator.start({ newerResourceTypes: ['x-app'] });
    Object.assign(process.env, { DD_API_KEY: datadog.apiKey, DD_APP_KEY: datadog.appKey });
  });
  afterAll(async () => {
    process.env = saved;
    await datadog.stop();
  });

  test(`${RUNS} runs: the module synthesizes; skipped exactly what RestrictionPolicy refuses; exit 4 exactly when it skipped some`, async () => {
    const relation = fc.oneof({ arbitrary: fc.constantFrom('viewer', 'editor'), weight: 2 }, { arbitrary: hostile(), weight: 1 });
    const principal = fc.oneof(
      { arbitrary: fc.constantFrom('role:r', 'team:t-1', 'user:u@example.com'), weight: 3 },
      { arbitrary: fc.tuple(fc.constantFrom('role', 'team', 'user', 'org'), hostile()).map(([t, id]) => `${t}:${id}`), weight: 1 },
      { arbitrary: hostile(), weight: 1 },
    );
    const binding = fc.record({ relation, principals: fc.uniqueArray(principal, { minLength: 1, maxLength: 3 }) });
    const policies = fc.array(fc.uniqueArray(binding, { minLength: 1, maxLength: 3, selector: (b) => b.relation }), { minLength: 1, maxLength: 4 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(policies, async (generated) => {
        run += 1;
        const live = generated.map((bindings, i) => ({ resourceId: `x-app:r${run}-p${i}`, bindings }));
        for (const p of live) datadog.putPolicy(p.resourceId, p.bindings);
        const result = await adopt(['policies', ...live.flatMap((p) => ['--resource-id', p.resourceId]), '--api-url', datadog.url]);

        const refused = live.filter((p) =>
          refuses((stack) => RestrictionPolicy.adopt(stack, 'p', { resourceId: p.resourceId, bindings: p.bindings.map((b) => ({ relation: Literal.text(b.relation), principals: b.principals.map(Literal.text) })) })),
        );
        const accepted = live.filter((p) => !refused.includes(p));
        expect(result.code).toBe(refused.length === 0 ? 0 : 4);
        const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
        expect(skipped.map((line) => /^adopt: skipped restriction policy "([^"]+)"/.exec(line)?.[1])).toEqual(refused.map((p) => p.resourceId).sort());
        const stack: TerraformStack = new (loadAdoptedModule(result.out).AdoptedPoliciesStack)(Testing.app(), 'adopted');
        expect(importIds(synthJson(stack))).toEqual(accepted.map((p) => p.resourceId).sort());
        seen.policies.adopted += accepted.length;
        seen.policies.skipped += refused.length;
      }),
      propertyRuns({ numRuns: RUNS, seed: SEED }),
    );
  }, 120_000);
});

describe('adopt profiles, hostile live contents', () => {
  let emulator: RedshiftEmulator;
  const saved = { ...process.env };
  beforeAll(async () => {
    emulator = await RedshiftEmulator.start({ maxProfiles: 100 });
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret-for-offline-tests', AWS_REGION: 'us-east-1' });
  });
  afterAll(async () => {
    process.env = saved;
    await emulator.stop();
  });

  test(`${RUNS} runs: the module synthesizes; skipped exactly what AuthenticationProfile refuses; no content value on stderr or in the comment; exit 4 exactly when it skipped some`, async () => {
    // What the service stores: a JSON object without its (exactly matched) credential keys. The construct also
    // wants string values, and refuses a credential key as Terraform reads it (NFC: the Kelvin sign is K).
    const key = fc.oneof(
      { arbitrary: fc.constantFrom('Tenant', 'AllowDBUserOverride', 'Client_ID', 'Access\u212aeyID', 'SecretAccess\u212aey'), weight: 2 },
      { arbitrary: hostile(4), weight: 2 },
    ).filter((k) => !REFUSED_CONTENT_KEYS.includes(k));
    // Every value is marked, to find any that leaks into a message.
    const value = fc.oneof(
      { arbitrary: hostile(), weight: 6 },
      { arbitrary: fc.constantFrom<unknown>(5439, true, null, { nested: '' }, ['a']), weight: 1 },
    );
    const content = fc.record({
      entries: fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 4, selector: ([k]) => k }),
      indent: fc.constantFrom(undefined, 2),
    });
    const profiles = fc.array(content, { minLength: 1, maxLength: 4 });
    let marks = 0;
    const mark = (v: unknown): unknown => (typeof v === 'string' ? `${v}~V${marks++}~` : v !== null && typeof v === 'object' && !Array.isArray(v) ? { nested: `~V${marks++}~` } : v);
    await fc.assert(
      fc.asyncProperty(profiles, async (generated) => {
        for (const name of emulator.profileNames()) emulator.removeProfile(name);
        const live = generated.map((c, i) => ({
          name: `p-${i}`,
          content: JSON.stringify(Object.fromEntries(c.entries.map(([k, v]) => [k, mark(v)])), null, c.indent),
        }));
        for (const p of live) emulator.putProfile(p.name, p.content);
        const result = await adopt(['profiles', '--endpoint', emulator.url]);

        const refused = live.filter((p) => refuses((stack) => AuthenticationProfile.adopt(stack, 'p', { authenticationProfileName: p.name, authenticationProfileContent: Literal.text(p.content) })));
        const accepted = live.filter((p) => !refused.includes(p));
        expect(result.code).toBe(refused.length === 0 ? 0 : 4);
        const skipped = result.stderr.filter((line) => line.startsWith('adopt: skipped '));
        expect(skipped.map((line) => /^adopt: skipped authentication profile "([^"]+)"/.exec(line)?.[1])).toEqual(refused.map((p) => p.name));
        expect(result.stderr.join('\n')).not.toMatch(/~V\d+~/);
        const source = fs.readFileSync(result.out, 'utf8');
        expect(source.split('\n').filter((line) => line.startsWith('//')).join('\n')).not.toMatch(/~V\d+~/);
        const stack: TerraformStack = new (loadAdoptedModule(result.out).AdoptedProfilesStack)(Testing.app(), 'adopted');
        expect(importIds(synthJson(stack))).toEqual(accepted.map((p) => p.name));
        seen.profiles.adopted += accepted.length;
        seen.profiles.skipped += refused.length;
      }),
      propertyRuns({ numRuns: RUNS, seed: SEED }),
    );
  }, 120_000);
});

test('both outcomes were reached for each kind (adopted and skipped)', () => {
  expect(seen.policies.adopted).toBeGreaterThan(0);
  expect(seen.policies.skipped).toBeGreaterThan(0);
  expect(seen.profiles.adopted).toBeGreaterThan(0);
  expect(seen.profiles.skipped).toBeGreaterThan(0);
});
