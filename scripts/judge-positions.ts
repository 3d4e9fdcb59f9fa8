// `npm run judge:positions -- --cases=N --rounds=R [--seed=S]`: the long run of
// the positions judge (__tests__/core/positions.terraform.test.ts runs one round
// of one value per position). Each round gives every position of the public API
// N values, builds each case, and has the real terraform validate and plan
// what was accepted (JSON and HCL). Reports every case refused at the wrong
// path, every other exception, and everything Terraform refused that synth
// accepted. Exit code 1 when there is one. CDK_FRAMEWORK=cdktn for cdktn.
import { readAssembly, usagesOf } from '../__tests__/support/jsii-positions';
import { casesOf, PositionJudge, positionsOf, unjudgedEntries } from '../__tests__/support/position-judge';

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
  const perPosition = Number(option('cases') ?? 3);
  const rounds = Number(option('rounds') ?? 5);
  const seed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
  const assembly = readAssembly();
  const positions = positionsOf(assembly);
  const usages = usagesOf(assembly);
  const unjudged = unjudgedEntries(positions);
  if (unjudged.length > 0) throw new Error(`entry points the judge does not know: ${unjudged.join(', ')}`);
  const judge = await PositionJudge.start();
  const started = Date.now();
  const totals = { cases: 0, refused: 0, accepted: 0, wrong: 0, terraform: 0 };
  try {
    for (let round = 0; round < rounds; round++) {
      const cases = casesOf(positions, seed + round, perPosition);
      const byCase = new Map(cases.map((c) => [c.n, c]));
      const verdict = await judge.judge(cases, usages);
      totals.cases += cases.length;
      for (const o of verdict.outcomes) {
        totals[o.kind] += 1;
        if (o.kind === 'wrong') console.log(`seed ${seed + round}: ${o.case.position.label} <- ${o.case.value.label}: ${o.detail}`);
      }
      for (const r of verdict.terraformRefusals) {
        totals.terraform += 1;
        const named = r.cases.map((n) => `${byCase.get(n)?.position.label} <- ${byCase.get(n)?.value.label}`).join('; ') || 'no case named';
        console.log(`seed ${seed + round}: terraform ${r.format} ${r.command} refused: ${r.summary}: ${r.detail.replace(/\s+/g, ' ').slice(0, 300)}\n  <- ${named}`);
      }
      console.log(`round ${round + 1}/${rounds} (seed ${seed + round}): ${cases.length} cases, ${verdict.outcomes.filter((o) => o.kind === 'accepted').length} accepted`);
    }
  } finally {
    await judge.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `${positions.length} positions, ${rounds} rounds of ${perPosition} value(s) each (seeds ${seed}..${seed + rounds - 1}) in ${seconds} s: ${totals.cases} cases, ${totals.refused} refused with a ValidationError where they belong, ${totals.accepted} accepted and judged by terraform; ${totals.terraform} refused by terraform, ${totals.wrong} wrong`,
  );
  process.exit(totals.terraform + totals.wrong === 0 ? 0 : 1);
}

void main();
