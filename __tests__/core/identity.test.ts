// The one-declaration check, judged from the descriptors for every construct
// that manages a live object (issue 43, What to build 3): built from its
// minimal props, two declarations of one identity are refused naming both
// paths; under another provider configuration, in another region (where its
// props name one) and in another stack they are accepted
// (__tests__/support/identity-judge.ts). The judge's teeth, an identity
// without its region, are in judges-teeth.test.ts.
import { constructCatalog } from '../support/construct-catalog';
import { declaredResources } from '../../lib/construct-descriptor';
import { identityFailures } from '../support/identity-judge';
import { readAssembly } from '../support/jsii-positions';

beforeAll(() => {
  readAssembly();
}, 600_000);

/** Every construct of the catalog whose kinds have an identity: a construct added with its descriptor is judged here with no edit. */
const JUDGED = constructCatalog()
  .filter((c) => declaredResources(c.descriptor).some((r) => r.identity !== undefined))
  .map((c) => c.descriptor.className);

describe('one live object, one declaration: every construct that manages one, from its descriptor', () => {
  test('GIVEN the catalog THEN the constructs judged include each of the library\'s that manages a live object, and the test-only proof', () => {
    expect(JUDGED).toEqual(expect.arrayContaining(['AuthenticationProfile', 'RestrictionPolicy', 'NodeList', 'RdsSubnetGroup']));
  });

  test.each(JUDGED)(
    'GIVEN %s THEN one identity twice is refused naming both paths; another alias, region and stack are accepted',
    (className) => {
      expect(identityFailures(constructCatalog().filter((c) => c.descriptor.className === className))).toEqual([]);
    },
    120_000,
  );
});
