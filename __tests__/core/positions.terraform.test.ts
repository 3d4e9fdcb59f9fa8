// Issue 24, What to build 2: Terraform's verdict at every position of the
// public API. The jsii assembly lists the positions (every property of every
// struct an entry point takes, nested ones included, and every parameter of
// its own); each gets values of the hostile alphabet, cdktf's token kinds,
// Literal.text and JavaScript shapes. Each case is refused with a
// ValidationError at its path, or accepted, and then the real terraform
// validates and plans the accepted ones, as JSON and as HCL
// (__tests__/support/position-judge.ts). A small size runs here (POSITION_CASES
// values per position, default 1, seed POSITION_SEED);
// `npm run judge:positions -- --cases=N --rounds=R [--seed=S]` is the long run.
import { readAssembly, usagesOf } from '../support/jsii-positions';
import { casesOf, PositionJudge, positionsOf, unjudgedEntries } from '../support/position-judge';
import { propertySeed } from '../support/property-runs';

const PER_POSITION = Number(process.env.POSITION_CASES ?? 1);
const SEED = propertySeed(Number(process.env.POSITION_SEED ?? 24));

describe('every position: refused with a ValidationError at its path, or accepted by terraform (JSON and HCL)', () => {
  let judge: PositionJudge;
  beforeAll(async () => {
    judge = await PositionJudge.start();
  }, 300_000);
  afterAll(() => judge?.stop());

  test(
    `GIVEN ${PER_POSITION} value(s) per position (seed ${SEED}) THEN each is refused where it belongs or accepted by terraform validate and plan`,
    async () => {
      const assembly = readAssembly();
      const positions = positionsOf(assembly);
      expect(unjudgedEntries(positions)).toEqual([]);
      const cases = casesOf(positions, SEED, PER_POSITION);
      const verdict = await judge.judge(cases, usagesOf(assembly));
      const wrong = verdict.outcomes.filter((o) => o.kind === 'wrong').map((o) => `${o.case.position.label} ← ${o.case.value.label}: ${o.detail}`);
      const byCase = new Map(cases.map((c) => [c.n, c]));
      const refusedByTerraform = verdict.terraformRefusals.map(
        (r) => `${r.format} ${r.command}: ${r.summary} (${r.detail.replace(/\s+/g, ' ').slice(0, 200)}) ← ${r.cases.map((n) => `${byCase.get(n)?.position.label} ← ${byCase.get(n)?.value.label}`).join('; ') || 'no case named'}`,
      );
      const count = (kind: string) => verdict.outcomes.filter((o) => o.kind === kind).length;
      process.stdout.write(
        `positions: ${positions.length} positions, ${cases.length} cases: ${count('refused')} refused with a ValidationError, ${count('accepted')} accepted and judged by terraform, ${verdict.terraformRefusals.length} refused by terraform, ${wrong.length} wrong\n`,
      );
      expect(wrong).toEqual([]);
      expect(refusedByTerraform).toEqual([]);
    },
    900_000,
  );
});
