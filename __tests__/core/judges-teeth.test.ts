// The judges' teeth (issue 43, Done when): a test-only construct written with a
// first version's defects (__tests__/constructs-defective/careless-subnet-group.ts)
// is loaded beside the proof construct (__tests__/constructs/), compiled by jsii
// into this file's own assembly, and each judge must fail on it, naming the
// construct and the position:
// - the positions judge: the whole-list tokens `subnetIds` takes and the `any`
//   token `tags` takes, each refused by terraform; `namePrefix`, which no value
//   reaches;
// - the one-declaration judge: its identity leaves the region out;
// - the catalog: its kind and Terraform type are the proof construct's.
// The same judges pass the proof construct, which has none of these defects.
import { catalogCollisions, constructCatalog, DEFECTIVE_CONSTRUCTS_DIR, TEST_CONSTRUCTS_DIR, useTestConstructDirs } from '../support/construct-catalog';
import { identityFailures } from '../support/identity-judge';
import { readAssembly, usagesOf } from '../support/jsii-positions';
import { enumeratedCases, judgeNamed, NamedVerdict, PositionJudge, positionsOf, positionsOfClass } from '../support/position-judge';

const CARELESS = 'CarelessSubnetGroup';
const INIT = `${CARELESS}.<init>(props)`;

beforeAll(() => {
  useTestConstructDirs([TEST_CONSTRUCTS_DIR, DEFECTIVE_CONSTRUCTS_DIR]);
  readAssembly();
}, 600_000);

describe('the judges fail a construct with known defects, naming it and the position', () => {
  test('GIVEN its kind and Terraform type claimed by RdsSubnetGroup too THEN the catalog names both classes and both files', () => {
    expect(catalogCollisions()).toEqual([
      'kind "subnet group" is claimed by RdsSubnetGroup (__tests__/constructs/rds-subnet-group.ts) and CarelessSubnetGroup (__tests__/constructs-defective/careless-subnet-group.ts)',
      'Terraform type aws_db_subnet_group is claimed by RdsSubnetGroup (__tests__/constructs/rds-subnet-group.ts) and CarelessSubnetGroup (__tests__/constructs-defective/careless-subnet-group.ts)',
    ]);
  });

  test('GIVEN an identity without the region THEN the one-declaration judge names the construct and the two regions; the proof construct passes', () => {
    const careless = constructCatalog().filter((c) => c.descriptor.className === CARELESS);
    const failures = identityFailures(careless);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^CarelessSubnetGroup: the same two, in regions us-east-1 and eu-west-1: expected accepted \(another live object\), got refused: .*s\/second/);
    expect(identityFailures(constructCatalog().filter((c) => c.descriptor.className === 'RdsSubnetGroup'))).toEqual([]);
  }, 120_000);

  describe('the positions judge', () => {
    let judge: PositionJudge;
    let verdict: NamedVerdict;
    beforeAll(async () => {
      judge = await PositionJudge.start();
      const assembly = readAssembly();
      // Its region is judged by the one-declaration judge above; the offline aws provider (5.x) has no per-resource region.
      const positions = positionsOfClass(positionsOf(assembly), CARELESS).filter((p) => p.prop !== 'region');
      verdict = await judgeNamed(judge, enumeratedCases(positions), usagesOf(assembly));
      process.stdout.write(`${verdict.summary}\n`);
    }, 900_000);
    afterAll(() => judge?.stop());

    test('GIVEN whole-list string, number and any tokens at subnetIds, and any tokens at tags THEN terraform refuses each, named by position and token kind', () => {
      const refused = [...verdict.refusedCases].filter((l) => l.startsWith(INIT));
      for (const kind of ['a string token', 'a number token', 'a bool token', 'an any token (a string reference)', 'an any token (a map reference)', 'an any token (an object reference)']) {
        expect(refused).toContain(`${INIT} > subnetIds <- ${kind}`);
      }
      for (const kind of ['an any token (a string reference)', 'an any token (a list reference)']) {
        expect(refused).toContain(`${INIT} > tags <- ${kind}`);
      }
      expect(verdict.refusedByTerraform.join('\n')).toMatch(/set of string required/);
      expect(verdict.refusedByTerraform.join('\n')).toMatch(/map of string required/);
      // Nothing else is wrong with it.
      expect(refused.filter((l) => !/ > (subnetIds|tags) <- /.test(l))).toEqual([]);
      expect(verdict.wrong).toEqual([]);
    });

    test('GIVEN namePrefix beside the name its minimal value sets, and no alternative THEN it is unreached, named with what refused each value', () => {
      expect(verdict.unreached).toHaveLength(1);
      expect(verdict.unreached[0]).toMatch(/^CarelessSubnetGroup\.<init>\(props\) > namePrefix: no value reaches it .*props\/namePrefix: no name prefix beside a name/);
    });
  });
});
