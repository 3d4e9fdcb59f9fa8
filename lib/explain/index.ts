export { PlanExplanation } from './plan-explanation';
export type { ExplainCiOptions, ExplainHtmlOptions, ExplainTextOptions } from './plan-explanation';
export { ExplainGate } from './gates';
export type { ExplainedResource, ExplainedConstruct, ExplainedConstructField, ExplainedOutput, TerraformCounts } from './explained';
export type { ExplainedFieldChange } from '../core/field-change';
