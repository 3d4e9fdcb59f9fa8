export * from './core/validation-error';
export { ImportTarget, ImportTargetConfig } from './core/import-blocks';
export { ReplaceTriggerKind } from './core/replace-trigger';
export * from './warehouse/authentication-profile';
export { CREDENTIAL_KEYS } from './warehouse/authentication-profile-content';
export * from './warehouse/aws-provider';
// monitoring (RestrictionPolicy)
// cluster (NodeList)
export * from './cluster';
