import { App } from '../lib/core/framework';
import { CLUSTER_EXAMPLES } from './cluster';
import { MONITORING_EXAMPLES } from './monitoring';
import { ProfileAdoptStack } from './warehouse/profile-adopt';
import { ProfileCreateStack } from './warehouse/profile-create';
import { ProfileGuardrailsStack } from './warehouse/profile-guardrails';
import { ProfileLookupStack } from './warehouse/profile-lookup';

/** Every example stack, by stack name. `npm run synth` and the tests build them all. */
export const EXAMPLE_STACKS: { [name: string]: (app: App, name: string) => void } = {
  'warehouse-profile-create': (app, name) => new ProfileCreateStack(app, name),
  'warehouse-profile-adopt': (app, name) => new ProfileAdoptStack(app, name),
  'warehouse-profile-lookup': (app, name) => new ProfileLookupStack(app, name),
  'warehouse-profile-guardrails': (app, name) => new ProfileGuardrailsStack(app, name),
  ...MONITORING_EXAMPLES,
  ...CLUSTER_EXAMPLES,
};

/** Adds every example stack to `app`. */
export function buildExamples(app: App): void {
  for (const [name, build] of Object.entries(EXAMPLE_STACKS)) build(app, name);
}
