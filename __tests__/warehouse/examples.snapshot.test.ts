import { Testing } from '../../lib/core/framework';
import { ProfileAdoptStack } from '../../examples/warehouse/profile-adopt';
import { ProfileCreateStack } from '../../examples/warehouse/profile-create';
import { ProfileLookupStack } from '../../examples/warehouse/profile-lookup';

// Reviewed snapshots of the synthesized warehouse examples (Testing.synth: keys
// sorted, no absolute paths or versions).
describe('warehouse example stacks', () => {
  test('create: provider settings from a variable, canonical content, name trigger', () => {
    expect(Testing.synth(new ProfileCreateStack(Testing.app(), 'warehouse-profile-create'))).toMatchSnapshot();
  });

  test('adopt: one declared profile with an import block, one import-only block', () => {
    expect(Testing.synth(new ProfileAdoptStack(Testing.app(), 'warehouse-profile-adopt'))).toMatchSnapshot();
  });

  test('lookup: outputs only, no resource', () => {
    expect(Testing.synth(new ProfileLookupStack(Testing.app(), 'warehouse-profile-lookup'))).toMatchSnapshot();
  });
});
