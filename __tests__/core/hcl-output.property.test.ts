// The HCL output is the JSON output in another syntax: on generated stacks (the
// three constructs on their create, adopt and import-only paths, conditions,
// providers, tokens inside strings, lists, maps and manifests, strings over
// ASCII, controls, newlines and non-BMP unicode), the real terraform reads both
// files and must find the same thing (see ../support/hcl-judge.ts). HCL_CASES
// sets the number of stacks per framework; `npm run judge:hcl -- --cases=N`
// runs the long variant outside jest.
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { propertyRuns, propertySeed } from '../support/property-runs';
import { ReplaceTriggerKind } from '../../lib';
import { firstDifference, HclJudge } from '../support/hcl-judge';
import { buildStack, StackRecipe, stackRecipe, tokensStayReferences } from '../support/hcl-stacks';
import { synthApp } from '../support/synth';
import { Testing } from '../../lib/core/framework';
import { init, terraform, workdir } from '../support/terraform';

const CASES = Number(process.env.HCL_CASES ?? 30);

describe('HCL output, judged by terraform', () => {
  let judge: HclJudge;
  beforeAll(async () => {
    judge = await HclJudge.start();
  });
  afterAll(async () => {
    await judge?.stop();
  });

  test(`terraform reads the HCL of ${CASES} generated stacks as it reads their JSON`, async () => {
    let plansCompared = 0;
    await fc.assert(
      fc.asyncProperty(stackRecipe, async (recipe) => {
        const verdict = await judge.judge((app) => buildStack(app, recipe));
        if (!verdict.agree) {
          throw new Error(`terraform reads the HCL differently (json | hcl) at ${firstDifference(verdict.json, verdict.hcl)}\nfiles: ${verdict.dirs.json} ${verdict.dirs.hcl}`);
        }
        if (verdict.json.outcome === 'ok') plansCompared += 1;
      }),
      // A failing case is reported as found: shrinking re-runs terraform for minutes.
      propertyRuns({ seed: 114, numRuns: CASES, endOnFailure: true }),
    );
    // Most stacks must plan: a generator whose stacks all fail would prove nothing.
    expect(plansCompared).toBeGreaterThan(CASES / 2);
  });

  test('the judge sees a difference: a stack whose HCL reads another value is caught', async () => {
    // A stack whose plan succeeds (no conditions to fail), so the tamper is what differs.
    const planning = stackRecipe
      .filter((r) => r.profiles.some((p) => p.mode === 'create'))
      .map((r) => ({ ...r, profiles: r.profiles.map((p) => ({ ...p, conditions: [] })), policies: r.policies.map((p) => ({ ...p, conditions: [] })) }));
    const recipe = fc.sample(planning, { numRuns: 1, seed: propertySeed(7) })[0];
    const verdict = await judge.judge((app) => {
      buildStack(app, recipe);
      // Tamper with the HCL renderer's input for one profile: what a writer bug would do.
      const profile = app.node.findAll().find((c) => (c as any).terraformResourceType === 'aws_redshift_authentication_profile') as any;
      const original = profile.synthesizeHclAttributes.bind(profile);
      profile.synthesizeHclAttributes = () => ({ ...original(), authentication_profile_name: { value: '"tampered"', isBlock: false, type: 'reference' } });
    });
    expect(verdict.json.outcome).toBe('ok');
    expect(verdict.agree).toBe(false);
    expect(firstDifference(verdict.json, verdict.hcl)).toContain('tampered');
  });
});

// Issue 30, Why 1: the generator once offered strings whose reference Terraform
// does not read (a lone CR before it), the library refused them, and the
// property failed by chance (it ran without a seed). It offers only stacks the
// library takes; the template rule itself is judged by template-rule.terraform.test.ts.
describe('the generated stacks are ones the library takes', () => {
  test('GIVEN the issue\'s two counterexamples THEN the generator leaves them out; "%" before a token it keeps', () => {
    expect(tokensStayReferences([{ text: '\r$${%\r\n\u0007\u0007' }, { token: 'var' }, { text: '}}%%{^' }])).toBe(false);
    expect(tokensStayReferences([{ text: '<<EOF%\r\u001b[31m\ufeff' }, { token: 'upper' }])).toBe(false);
    expect(tokensStayReferences([{ text: '$' }, { token: 'var' }])).toBe(false);
    expect(tokensStayReferences([{ text: '$${~' }, { token: 'var' }, { text: '%}' }])).toBe(false);
    expect(tokensStayReferences([{ text: '100%' }, { token: 'var' }, { text: '\r' }])).toBe(true);
    expect(tokensStayReferences([{ text: '\r\n$${x}' }, { token: 'format' }])).toBe(true);
  });

  test('GIVEN 100 generated stacks THEN each is built and synthesized without a ValidationError', () => {
    const refused: string[] = [];
    for (const recipe of fc.sample(stackRecipe, { numRuns: 100, seed: propertySeed(30) })) {
      try {
        const app = Testing.app();
        buildStack(app, recipe);
        app.synth();
      } catch (e) {
        refused.push(`${(e as Error).message.slice(0, 400)}\n  recipe: ${JSON.stringify(recipe).slice(0, 400)}`);
      }
    }
    expect(refused).toEqual([]);
  }, 120_000);
});

describe('HCL output of profile stacks, validated by the real aws provider', () => {
  // The offline aws provider is the real schema: the HCL of every generated
  // profile stack (without the null provider, which has no mirror) validates.
  const recipes = fc.sample(
    stackRecipe.map((r): StackRecipe => ({ ...r, policies: [], nodes: undefined, profiles: r.profiles.map((p) => ({ ...p, trigger: p.trigger && ReplaceTriggerKind.TERRAFORM_DATA })) })).filter((r) => r.profiles.length > 0),
    { numRuns: 2, seed: propertySeed(11) },
  );
  let dir: string;
  beforeAll(() => {
    dir = workdir({});
  });

  test.each(recipes.map((recipe, i) => [i, recipe] as const))('generated profile stack %i validates', (_i, recipe) => {
    const out = synthApp((app) => buildStack(app, recipe), true);
    fs.copyFileSync(path.join(out, 'stacks', 'generated', 'cdk.tf'), path.join(dir, 'main.tf'));
    if (!fs.existsSync(path.join(dir, '.terraform'))) init(dir);
    const result = terraform(dir, ['validate', '-no-color'], { allowFailure: true });
    expect(result.stderr + result.stdout).toContain('The configuration is valid');
  });
});
