// What AuthenticationProfile and AwsProvider are (lib/construct-descriptor.ts).
import { ConstructDescriptor, DeclaredResource, literalText, ProviderPlace } from '../construct-descriptor';
import { nameTriggerFieldChanges, profileFieldChanges, triggerName } from '../explain/profile-fields';

/**
 * The region a resource is managed in: its own `region` (aws provider 6.x),
 * else its provider configuration's; `~provider` where the configuration sets
 * none (the environment's, the same for every resource of that configuration);
 * undefined where either is a token.
 */
export function awsRegionOf(values: { readonly [attribute: string]: unknown }, provider: ProviderPlace): string | undefined {
  if (values.region !== undefined && values.region !== null) return literalText(values.region);
  const configured = provider.settings?.region;
  return configured === undefined || configured === null ? '~provider' : literalText(configured);
}

/**
 * The profile (`aws_redshift_authentication_profile`). A profile is one per
 * name in an account and region: a second create of the name fails with
 * AuthenticationProfileAlreadyExistsFault (Redshift API reference,
 * CreateAuthenticationProfile), so its identity is the provider configuration
 * (the account), the region and the name.
 */
export const PROFILE_RESOURCE: DeclaredResource = {
  kind: 'profile',
  description: 'the aws_redshift_authentication_profile of an AuthenticationProfile',
  terraformTypes: ['aws_redshift_authentication_profile'],
  id: { fixed: 'Resource' },
  fieldChanges: (_type, before, after) => profileFieldChanges(before, after),
  identity: (values, provider) => {
    const name = literalText(values.authentication_profile_name);
    const region = awsRegionOf(values, provider);
    if (name === undefined || region === undefined) return undefined;
    return { key: `${provider.key}\u0000${region}\u0000${name}`, shown: `profile ${JSON.stringify(name)}${region === '~provider' ? '' : ` in ${region}`}` };
  },
  identityProp: 'authenticationProfileName',
  conflict: 'the second create fails with AuthenticationProfileAlreadyExistsFault after the first succeeded (Redshift API reference, CreateAuthenticationProfile)',
};

/** The resource that carries the profile's name and replaces the profile when it changes. */
export const NAME_TRIGGER_RESOURCE: DeclaredResource = {
  kind: 'name trigger',
  description: "the terraform_data (or null_resource) carrying an AuthenticationProfile's name",
  terraformTypes: ['terraform_data', 'null_resource'],
  id: { fixed: 'NameTrigger' },
  // cdktf's name for it: `<construct path, "_"-joined>_NameTrigger_<hash>`.
  formerAddress: /(^|\.)[^.]*_NameTrigger_[0-9A-F]{8}(\[|$)/,
  fieldChanges: nameTriggerFieldChanges,
  triggers: { kind: 'profile', prop: 'authenticationProfileName', value: triggerName },
};

/** AuthenticationProfile: a profile and its name trigger, always both. */
export const AUTHENTICATION_PROFILE: ConstructDescriptor = {
  className: 'AuthenticationProfile',
  docsPage: 'docs/authentication-profile.md',
  declares: [[PROFILE_RESOURCE, NAME_TRIGGER_RESOURCE]],
  eachInstance: { authenticationProfileName: (key) => key },
  minimal: {
    AuthenticationProfileProps: (n: number) => ({ authenticationProfileName: `p${n}`, authenticationProfileContent: { a: '1' } }),
    AuthenticationProfileState: {},
  },
  entryPoints: {
    '<init>': {},
    // With forEach, each instance's import reads a live profile by a name known only per instance: validated only.
    adopt: { validateOnly: ['forEach'] },
    release: {},
    fromAuthenticationProfileName: { defaults: { authenticationProfileName: 'p' }, use: 'authenticationProfileName' },
    generateConfigForImport: { judged: 'validate', defaults: { authenticationProfileName: 'p' } },
    movedFrom: { defaults: { previousPath: 'old' } },
  },
};

/** AwsProvider: declares no resource; its configuration is read by the profiles that use it. */
export const AWS_PROVIDER: ConstructDescriptor = {
  className: 'AwsProvider',
  docsPage: 'docs/authentication-profile.md',
  declares: [],
  minimal: { AwsProviderProps: {} },
  entryPoints: {
    // These settings make the provider call the network when it is configured (no cloud in the judges).
    '<init>': { validateOnly: ['skipCredentialsValidation', 'skipRequestingAccountId', 'skipMetadataApiCheck', 'endpoints'] },
  },
  provides: { className: 'AuthenticationProfile' },
};
