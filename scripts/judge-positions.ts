// `npm run judge:positions -- --values=N --rounds=R [--construct=NAME] [--seed=S]`:
// the long random run of the positions judge. `npm test`
// (__tests__/core/positions.terraform.test.ts) gives every position each token
// kind, a plain value and its minimal value, plus one drawn value; this run gives
// every position (or those of one class: `--construct=RdsSubnetGroup`) N drawn
// values per round, R rounds, with other seeds: the hostile alphabet, token kinds
// mixed with text, Literal.text and JavaScript shapes that one value per position
// meets only by chance. `--enumerate` adds the enumeration of `npm test` to the
// first round. It builds each case and has the real terraform validate and plan
// what was accepted (JSON and HCL); it reports every case refused at the wrong
// path, every other exception, everything Terraform refused that synth accepted,
// and (with --enumerate) every position no value reached. Exit code 1 when there
// is one. CDK_FRAMEWORK=cdktn for cdktn. Run it after a change to a construct's
// checks, and for a new construct (`--construct=NAME --values=6 --rounds=3`).
import { readAssembly, usagesOf } from '../__tests__/support/jsii-positions';
import { casesOf, enumeratedCases, judgeNamed, PositionJudge, positionsOf, positionsOfClass, unjudgedEntries } from '../__tests__/support/position-judge';

function option(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
  const perPosition = Number(option('values') ?? option('cases') ?? 3);
  const rounds = Number(option('rounds') ?? 5);
  const only = option('construct');
  const enumerate = process.argv.includes('--enumerate');
  const seed = option('seed') === undefined ? Date.now() % 2 ** 31 : Number(option('seed'));
  const assembly = readAssembly();
  const all = positionsOf(assembly);
  const positions = only === undefined ? all : positionsOfClass(all, only);
  if (positions.length === 0) throw new Error(`no positions of ${only}: a class of the assembly (a construct, or a value class such as Principal)`);
  const usages = usagesOf(assembly);
  const unjudged = unjudgedEntries(positions);
  if (unjudged.length > 0) throw new Error(`entry points the judge does not know: ${unjudged.join(', ')}`);
  const judge = await PositionJudge.start();
  const started = Date.now();
  let failures = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const enumerated = enumerate && round === 0 ? enumeratedCases(positions) : [];
      const drawn = casesOf(positions, seed + round, perPosition).map((c, i) => ({ ...c, n: enumerated.length + i }));
      const verdict = await judgeNamed(judge, [...enumerated, ...drawn], usages, enumerate && round === 0);
      for (const line of [...verdict.wrong, ...verdict.refusedByTerraform, ...verdict.unreached]) console.log(`seed ${seed + round}: ${line}`);
      failures += verdict.wrong.length + verdict.refusedByTerraform.length + verdict.unreached.length;
      console.log(`round ${round + 1}/${rounds} (seed ${seed + round}): ${verdict.summary}`);
    }
  } finally {
    await judge.stop();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${positions.length} positions${only === undefined ? '' : ` of ${only}`}, ${rounds} rounds of ${perPosition} value(s) each (seeds ${seed}..${seed + rounds - 1}) in ${seconds} s: ${failures} failure(s)`);
  process.exit(failures === 0 ? 0 : 1);
}

void main();
