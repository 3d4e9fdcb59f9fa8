export { PlanExplanation } from './plan-explanation';
export { ExplainGate } from './gates';
export type { ExplainedResource, ExplainedFieldChange } from './explained';
