export * from './core/validation-error';
export * from './core/errors';
export { Literal } from './core/literal';
export type { ProviderMetaArguments, ResourceMetaArguments } from './core/meta-argument-props';
export { ImportTarget } from './core/import-blocks';
export type { ImportTargetConfig } from './core/import-blocks';
export type { ReleasedResources } from './core/removed-blocks';
export { ReplaceTriggerKind } from './core/replace-trigger';
export type { IReadProgress } from './core/read-progress';
// guardrails (rules over the constructs' props, at synth)
export { GuardrailLevel } from './core/guardrail-rule';
export type { GuardrailSubject, GuardrailViolation, IGuardrailRule } from './core/guardrail-rule';
export { Guardrails } from './core/guardrails';
export type { GuardrailAcknowledgement } from './core/guardrail-scopes';
export * from './warehouse/authentication-profile';
export { CREDENTIAL_KEYS } from './warehouse/authentication-profile-content';
export * from './warehouse/aws-provider';
export * from './warehouse/profile-reader';
// monitoring (RestrictionPolicy)
export * from './monitoring/restriction-policy';
export { Principal } from './monitoring/principal';
export { RestrictionPolicyResourceId } from './monitoring/resource-id';
export { RestrictionPolicyRelations } from './monitoring/relations';
export { DatadogApiUrl, DatadogProvider } from './monitoring/datadog-provider';
export type { DatadogProviderProps } from './monitoring/datadog-provider';
export * from './monitoring/http-provider';
export * from './monitoring/current-org';
export * from './monitoring/fetch-org-id';
export * from './monitoring/policy-reader';
// cluster (NodeList)
export * from './cluster';
// explain (a plan, in the constructs' terms)
export * from './explain';
