// Terraform's verdict at every position of the public API (issue 24, What to
// build 2; issue 43, What to build 1 and 2). The jsii assembly lists the
// positions (every property of every struct an entry point takes, nested ones
// included, and every parameter of its own). Each gets, with no random draw,
// every kind of token Terraform tells apart (string, number, bool, list, map,
// and `any` references to a string, a list, a map and an object), plain values
// of its type and its minimal value; and one value drawn from the hostile
// alphabet, cdktf's token kinds, Literal.text and JavaScript shapes (seed
// POSITION_SEED, POSITION_CASES values). Each case is refused with a
// ValidationError at its path, or accepted, and then the real terraform
// validates and plans the accepted ones, as JSON and as HCL
// (__tests__/support/position-judge.ts). A position that no value reaches
// fails, naming what refused each value. The enumeration judges the library's
// rules, one code on both frameworks: it runs in the cdktf pass of `npm test`;
// the cdktn pass gives each position its drawn values, the framework's tokens
// among them. `npm run judge:positions -- --values=N --rounds=R
// [--construct=NAME] [--seed=S] [--enumerate]` is the long random run.
import { readAssembly, usagesOf } from '../support/jsii-positions';
import { casesOf, enumeratedCases, judgeNamed, PositionJudge, positionsOf, unjudgedEntries } from '../support/position-judge';
import { propertySeed } from '../support/property-runs';

const PER_POSITION = Number(process.env.POSITION_CASES ?? 1);
const ENUMERATE = (process.env.CDK_FRAMEWORK ?? 'cdktf') === 'cdktf';
const SEED = propertySeed(Number(process.env.POSITION_SEED ?? 24));

describe('every position: refused with a ValidationError at its path, or accepted by terraform (JSON and HCL)', () => {
  let judge: PositionJudge;
  beforeAll(async () => {
    judge = await PositionJudge.start();
  }, 300_000);
  afterAll(() => judge?.stop());

  test(
    `GIVEN ${ENUMERATE ? 'every token kind, a plain value and the minimal value at each position, and ' : ''}${PER_POSITION} drawn value(s) (seed ${SEED}) THEN each is refused where it belongs or accepted by terraform validate and plan${ENUMERATE ? ', and every position is reached' : ''}`,
    async () => {
      const assembly = readAssembly();
      const positions = positionsOf(assembly);
      expect(unjudgedEntries(positions)).toEqual([]);
      const enumerated = ENUMERATE ? enumeratedCases(positions) : [];
      const drawn = casesOf(positions, SEED, PER_POSITION).map((c, i) => ({ ...c, n: enumerated.length + i }));
      const verdict = await judgeNamed(judge, [...enumerated, ...drawn], usagesOf(assembly), ENUMERATE);
      process.stdout.write(`${verdict.summary}\n`);
      expect({ wrong: verdict.wrong, refusedByTerraform: verdict.refusedByTerraform, unreached: verdict.unreached }).toEqual({ wrong: [], refusedByTerraform: [], unreached: [] });
    },
    1_200_000,
  );
});
