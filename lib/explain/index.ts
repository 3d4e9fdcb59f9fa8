export { PlanExplanation } from './plan-explanation';
export type { ExplainCiOptions, ExplainHtmlOptions, ExplainTextOptions, PlanReadOptions } from './plan-explanation';
export { PlanMode } from './plan-mode';
export { ExplainGate } from './gates';
export type { ExplainedResource, ExplainedConstruct, ExplainedConstructField, ExplainedOutput, TerraformCounts } from './explained';
export type { ExplainedFieldChange } from '../core/field-change';
