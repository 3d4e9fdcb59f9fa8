// `npm run judge:hcl -- --cases=300 [--seed=N]`: the long run of the HCL judge
// (__tests__/core/hcl-output.property.test.ts runs a few cases of the same
// property). Generates stacks, synthesizes each as JSON and as HCL, has the real
// terraform plan both against echo providers, and reports every stack where
// Terraform read the two files differently. Exit code 1 when one did.
import fc from 'fast-check';
import { firstDifference, HclJudge } from '../__tests__/support/hcl-judge';
import { buildStack, stackRecipe } from '../__tests__/support/hcl-stacks';

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
  const cases = Number(option('cases') ?? 100);
  const seed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
  const judge = await HclJudge.start();
  const started = Date.now();
  let failures = 0;
  let failedPlans = 0;
  try {
    const recipes = fc.sample(stackRecipe, { numRuns: cases, seed });
    for (const [i, recipe] of recipes.entries()) {
      const verdict = await judge.judge((app) => buildStack(app, recipe));
      if (verdict.json.outcome === 'failed') failedPlans += 1;
      if (!verdict.agree) {
        failures += 1;
        console.log(`case ${i}: terraform reads the HCL differently\n  recipe: ${JSON.stringify(recipe)}\n  json: ${verdict.dirs.json}\n  hcl:  ${verdict.dirs.hcl}`);
        console.log(`  first difference (json | hcl): ${firstDifference(verdict.json, verdict.hcl)}`);
      }
    }
  } finally {
    await judge.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${cases} stacks (seed ${seed}) in ${seconds} s: ${failures} read differently; ${failedPlans} plans failed the same way in both (failed conditions)`);
  process.exit(failures === 0 ? 0 : 1);
}

void main();
