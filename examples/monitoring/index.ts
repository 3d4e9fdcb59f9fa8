import { App } from '../../lib/core/framework';
import { PolicyAdoptStack } from './policy-adopt';
import { PolicyCreateStack } from './policy-create';
import { PolicyLookupStack } from './policy-lookup';
import { PolicyOrgHttpStack } from './policy-org-http';

/** The monitoring example stacks, by stack name. */
export const MONITORING_EXAMPLES: { [name: string]: (app: App, name: string) => void } = {
  'monitoring-policy-create': (app, name) => new PolicyCreateStack(app, name),
  'monitoring-policy-org-http': (app, name) => new PolicyOrgHttpStack(app, name),
  'monitoring-policy-adopt': (app, name) => new PolicyAdoptStack(app, name),
  'monitoring-policy-lookup': (app, name) => new PolicyLookupStack(app, name),
};
