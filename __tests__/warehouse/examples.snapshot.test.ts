import * as fs from 'fs';
import * as path from 'path';
import { Testing } from '../../lib/core/framework';
import { synthApp } from '../support/synth';
import { readGuardrailsRecord, recordedFindings } from '../../lib/core/guardrail-findings';
import { ProfileAdoptStack } from '../../examples/warehouse/profile-adopt';
import { ProfileCreateStack } from '../../examples/warehouse/profile-create';
import { ProfileLookupStack } from '../../examples/warehouse/profile-lookup';
import { ProfileGuardrailsStack, TeamPrefixRule } from '../../examples/warehouse/profile-guardrails';

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

  test('guardrails: enforced, with a team rule; the one finding is an acknowledged note, and the team rule fires on another name', () => {
    // A real synth (validations run, the stack's metadata kept).
    const out = synthApp((app) => new ProfileGuardrailsStack(app, 'warehouse-profile-guardrails'), false);
    const json = JSON.parse(fs.readFileSync(path.join(out, 'stacks', 'warehouse-profile-guardrails', 'cdk.tf.json'), 'utf8'));
    expect(recordedFindings(readGuardrailsRecord(json['//'].metadata)).map((f) => [f.rule, f.constructPath, f.acknowledged?.reason])).toEqual([['WMC-6', 'lab/sandbox', 'the lab provisions its users at sign-in']]);
    const rule = new TeamPrefixRule('analytics-');
    expect(rule.check({ constructPath: 'p', constructClass: 'AuthenticationProfile', props: { authenticationProfileName: 'finance-sso' } })).toEqual([{ propPath: 'authenticationProfileName', message: 'finance-sso does not start with analytics-' }]);
    expect(rule.check({ constructPath: 'p', constructClass: 'AuthenticationProfile', props: { authenticationProfileName: 'analytics-x' } })).toEqual([]);
  });
});
