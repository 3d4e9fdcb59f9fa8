import { Construct, IConstruct } from 'constructs';
import { TerraformProvider, TerraformResource, TerraformStack } from '../core/framework';
import { ResourceMetaArguments } from '../core/meta-argument-props';
import { ImportBlocks, ImportTarget } from '../core/import-blocks';
import { compileSchema } from '../core/json-schema';
import { MovedBlocks } from '../core/moved-blocks';
import { ReleasedResources, releaseOwnedResources } from '../core/removed-blocks';
import { literalView } from '../core/literal-text';
import { checkMetaArguments, instanceIndex, mayRepeat, META_ARGUMENT_PROPERTIES, refuseCountInAdopt, repetitionOf, resourceLifecycle } from '../core/meta-arguments';
import { constructPathOf, isUnresolved, Problems, requireKnown } from '../core/problems';
import { readProps } from '../core/snapshot';
import { checkNumber } from '../core/scalar-positions';
import { checkString, positionAt, StringPosition } from '../core/string-position';
import { ReferenceScope } from '../core/stack-references';
import { TextGrammar } from '../core/text-grammar';
import { constraintLowerBoundAtLeast } from '../core/version-constraint';
import { regionPosition } from './aws-provider';
import { awsProviderAcceptsRegion } from './aws-regions';
import { addReplaceTrigger, ReplaceTriggerKind } from '../core/replace-trigger';
import { wire } from '../core/wire';
import { WireResource } from '../core/wire-elements';
import { CheckedProfileContent, checkProfileContent, contentByteLength, CREDENTIAL_KEYS } from './authentication-profile-content';
import { recordOrigin } from '../core/construct-origin';
import { recordGuardrailSubject } from '../core/guardrail-findings';
import { fixedId } from '../construct-descriptor';
import { LiveObjects } from '../core/live-objects';
import { AUTHENTICATION_PROFILE, NAME_TRIGGER_RESOURCE, PROFILE_RESOURCE } from './descriptors';

const TERRAFORM_TYPE = PROFILE_RESOURCE.terraformTypes[0];

/** The resource's Terraform attributes by prop name (for `lifecycle.ignoreChanges`). */
const ATTRIBUTES = { authenticationProfileName: 'authentication_profile_name', authenticationProfileContent: 'authentication_profile_content' };

/**
 * Props of an {@link AuthenticationProfile}.
 */
export interface AuthenticationProfileProps extends ResourceMetaArguments {
  /**
   * Name of the profile, unique in the account and region. Changing it replaces
   * the profile (a new one is created, the old one deleted).
   *
   * 1 to 63 characters: letters, digits and hyphens.
   */
  readonly authenticationProfileName: string;

  /**
   * Content of the profile: a JSON object of string keys to string values,
   * given as an object or as a string holding that JSON.
   *
   * Always synthesized as canonical JSON (keys sorted, no insignificant
   * whitespace), so equivalent inputs give byte-identical output. Changing it
   * updates the profile in place. Credential keys (`Password`, `AccessKeyID`, …)
   * are refused, as the service refuses them.
   *
   * @see https://docs.aws.amazon.com/redshift/latest/mgmt/redshift-iam-access-control-native-idp.html
   */
  readonly authenticationProfileContent: string | { [key: string]: string };

  /**
   * The account's quota on the content length, in UTF-8 bytes of the canonical
   * JSON. The service documents no default, so none is assumed.
   *
   * @default - the length is not checked at synth time
   */
  readonly maxContentLength?: number;

  /**
   * The resource that carries the name and replaces the profile when it changes.
   *
   * @default ReplaceTriggerKind.TERRAFORM_DATA
   */
  readonly replaceTrigger?: ReplaceTriggerKind;

  /**
   * The region to manage the profile in: the aws provider 6.x's per-resource
   * `region` argument (hashicorp/terraform-provider-aws,
   * website/docs/guides/enhanced-region-support.html.markdown: Optional and
   * Computed, validated against the provider's partition, a change replaces the
   * resource). One of the regions provider 6.x knows (aws-regions.ts). Only
   * with an aws provider whose version constraint admits 6.x and later alone
   * (`versionConstraint: '>= 6.0, < 7.0'`): provider 5.x refuses the argument,
   * so a stack whose constraint admits 5.x is a `ValidationError` at synth.
   * `adopt` imports the profile from that region (`<name>@<region>`, the
   * provider's import id for a region).
   *
   * @default - the region of the profile's aws provider
   */
  readonly region?: string;
}

/**
 * Known state of an existing profile, for {@link AuthenticationProfile.fromAuthenticationProfileName}.
 */
export interface AuthenticationProfileState {
  /**
   * The profile's content, when known. Exposed, canonical, as `authenticationProfileContent`.
   *
   * @default - unknown: `authenticationProfileContent` is undefined
   */
  readonly authenticationProfileContent?: string | { [key: string]: string };
}

/**
 * An authentication profile, declared by this stack or referenced by name.
 */
export interface IAuthenticationProfile extends IConstruct {
  /** The provider's id of the profile: its name. */
  readonly id: string;
  /** Name of the profile. */
  readonly authenticationProfileName: string;
  /** Canonical JSON content, when known. */
  readonly authenticationProfileContent?: string;
}

const NAME_RULE = '1 to 63 characters: letters, digits and hyphens (no underscores)';

/** The profile name, as the service checks it (the provider checks nothing: a bad name fails only at apply). */
const NAME: StringPosition = { rule: NAME_RULE, grammar: TextGrammar.repeat(TextGrammar.char(/[A-Za-z0-9-]/), 1, 63) };

const checkProps = compileSchema({
  type: 'object',
  required: ['authenticationProfileName', 'authenticationProfileContent'],
  properties: {
    // Checked by the string pipeline (NAME) and by checkProfileContent, which shows no value that may be a credential.
    authenticationProfileName: { description: NAME_RULE },
    authenticationProfileContent: {},
    // Checked by the number pipeline.
    maxContentLength: {},
    replaceTrigger: { description: 'terraform_data or null_resource', enum: ['terraform_data', 'null_resource'] },
    // Checked by the string pipeline (a region provider 6.x knows).
    region: {},
    ...META_ARGUMENT_PROPERTIES,
  },
  additionalProperties: false,
});

const checkState = compileSchema({
  type: 'object',
  // Checked by checkProfileContent, which shows no value that may be a credential.
  properties: { authenticationProfileContent: {} },
  additionalProperties: false,
});

/** A per-resource region: one provider 6.x knows (it checks the region against its partition). */
const PER_RESOURCE_REGION: StringPosition = {
  ...regionPosition(true, '>= 6.0'),
  rule: 'an AWS region the aws provider 6.x knows, such as eu-west-1',
  check: (region) => (awsProviderAcceptsRegion(region, 6) ? undefined : 'an AWS region the aws provider 6.x knows, such as eu-west-1 (the provider checks a per-resource region against the regions of its partition)'),
};

/** What the checks of the props yield: the content and the region to write. */
interface CheckedProfile {
  readonly content: string;
  /** The region as written: its text when known (a Literal.text region as its text). */
  readonly region?: string;
}

function validateProps(scope: IConstruct, props: AuthenticationProfileProps, referencesFrom: ReferenceScope): CheckedProfile {
  const problems = new Problems();
  const name = checkString(props.authenticationProfileName, positionAt(NAME, referencesFrom), problems, 'props/authenticationProfileName');
  const region = checkString(props.region, positionAt(PER_RESOURCE_REGION, referencesFrom), problems, 'props/region');
  // A Literal.text value is checked as its text (the enum); strings are checked by the pipeline.
  checkProps(literalView(props), problems);
  requireKnown(props.replaceTrigger, problems, 'props/replaceTrigger', 'it chooses the type of the trigger resource');
  checkNumber(props.maxContentLength, { rule: 'a whole number of bytes, at least 1', integer: true, minimum: 1 }, problems, 'props/maxContentLength');
  checkMetaArguments(scope, props, problems, ATTRIBUTES, 'aws', true, referencesFrom);
  if (mayRepeat(props) && problems.isClean('props/forEach') && problems.isClean('props/count') && name?.text !== undefined) {
    problems.add(
      'props/authenticationProfileName',
      props.authenticationProfileName,
      'with forEach or count, a name that differs per instance (iterator.value, iterator.getString(…), or one built with count.index): every instance would be the same profile',
    );
  }
  let content: CheckedProfileContent | undefined;
  if (problems.isClean('props/authenticationProfileContent')) {
    content = checkProfileContent(props.authenticationProfileContent, problems, 'props/authenticationProfileContent', referencesFrom);
  }
  const max = props.maxContentLength;
  // A number token (a variable's numberValue) is a huge negative double: not a quota to compare with.
  if (content?.text !== undefined && max !== undefined && !isUnresolved(max) && problems.isClean('props/maxContentLength')) {
    const length = contentByteLength(content.text);
    if (length > max) {
      problems.add('props/authenticationProfileContent', `${length} bytes of canonical JSON`, `at most ${max} bytes (maxContentLength, the account quota)`);
    }
  }
  problems.throwIfAny(scope);
  return { content: content!.written, region: props.region === undefined ? undefined : region?.text ?? props.region };
}

/**
 * A per-resource region needs the aws provider 6.x: checked at synth time,
 * when the stack's providers are declared, against the constraint of the
 * provider the profile uses (its own, else the stack's default aws provider).
 */
function requireProvider6(profile: IConstruct, provider: TerraformProvider | undefined): void {
  const stack = TerraformStack.of(profile);
  const used =
    provider ??
    stack.node.findAll().find((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c) && c.terraformResourceType === 'aws' && (c as { alias?: string }).alias === undefined);
  const constraint = used?.terraformGeneratorMetadata?.providerVersionConstraint;
  if (constraint !== undefined && constraintLowerBoundAtLeast(constraint, [6, 0, 0])) return;
  const problems = new Problems();
  problems.add(
    'props/region',
    constraint ?? 'no aws provider',
    `a region only with an aws provider whose version constraint admits 6.x and later alone (AwsProvider versionConstraint: ">= 6.0, < 7.0"): provider 5.x refuses a per-resource region${constraint === undefined ? '' : ` (the profile's provider allows "${constraint}")`}`,
  );
  problems.throwIfAny(profile);
}

/**
 * A data-warehouse authentication profile (`aws_redshift_authentication_profile`).
 *
 * Renaming replaces the profile; the construct makes that explicit with a
 * trigger resource that carries the name and a `replace_triggered_by` on the
 * profile. Content changes update it in place.
 *
 * @example
 * new AuthenticationProfile(stack, 'Profile', {
 *   authenticationProfileName: 'analysts',
 *   authenticationProfileContent: { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID' },
 * });
 */
export class AuthenticationProfile extends Construct implements IAuthenticationProfile {
  /**
   * The Terraform type of the construct's main resource,
   * `aws_redshift_authentication_profile`, as cdktf's generated resource classes
   * declare it: cdktf's `Testing` matchers take the class
   * (`expect(Testing.synth(stack)).toHaveResourceWithProperties(AuthenticationProfile, { … })`).
   * The name trigger (`terraform_data` or `null_resource`) is a second resource.
   */
  public static readonly tfResourceType: string = TERRAFORM_TYPE;

  /**
   * The content keys the service refuses to store, because they are
   * credentials (`AccessKeyID`, `Password`, …): pass those to the driver at
   * connect time.
   */
  public static readonly CREDENTIAL_KEYS: string[] = [...CREDENTIAL_KEYS];

  /**
   * References an existing profile by name. Emits nothing; use it where a
   * profile name is needed. No data source exists for profiles, so nothing is
   * read: the content is what `state` says, if anything.
   *
   * @param scope the scope in which to define the reference
   * @param id the scoped construct id
   * @param authenticationProfileName name of the existing profile, checked like `AuthenticationProfileProps.authenticationProfileName`
   * @param state what is known of the profile (its content), checked like the props
   * @returns the profile, whose `id` and `authenticationProfileName` are the given name
   */
  public static fromAuthenticationProfileName(
    scope: Construct,
    id: string,
    authenticationProfileName: string,
    state?: AuthenticationProfileState,
  ): IAuthenticationProfile {
    return new ExistingAuthenticationProfile(scope, id, authenticationProfileName, state);
  }

  /**
   * Declares a profile that already exists and adopts it into Terraform state
   * with an `import` block (id: the profile name). After the first apply it is
   * managed like any other profile.
   *
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the configuration of the profile, as for the constructor (the import also uses `provider`, and `forEach`: one import per instance, id each instance's name; `count` is refused)
   * @returns the declared profile
   */
  public static adopt(scope: Construct, id: string, props: AuthenticationProfileProps): AuthenticationProfile {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    refuseCountInAdopt(scope, id, props);
    const profile = new AuthenticationProfile(scope, id, props);
    const resource = profile.resource;
    // A profile in another region is imported as `<name>@<region>` (the provider 6.x's import id for a region).
    const name = literalView(props.authenticationProfileName);
    ImportBlocks.of(profile).add(
      () => `${profile.address}${instanceIndex(repetitionOf(resource))}`,
      profile.region === undefined ? name : `${name}@${profile.region}`,
      props.provider,
      props.forEach === undefined ? undefined : () => resource.forEach,
    );
    return profile;
  }

  /**
   * Stops managing a profile without destroying it, the counterpart of
   * `adopt`: instead of the resources, writes
   * `removed { from = <address>; lifecycle { destroy = false } }` for each
   * resource the construct would declare (the profile and its name trigger), in the JSON and the
   * HCL output (Terraform 1.7 or later). Give the id and props the construct
   * had, so the addresses are the ones in the state; the props are checked as
   * for the constructor. After the apply, the live profile is kept and is no
   * longer in the state; then the call can go. With `forEach` or `count`, one
   * block per resource covers every instance (removed blocks take no instance
   * keys). The aws (and, with `NULL_RESOURCE`, the null) provider must stay in the stack: Terraform reads the
   * state with it.
   *
   * @param scope the scope the construct was defined in
   * @param id the construct's id
   * @param props the construct's props, as they were
   * @returns the addresses the blocks name; nothing is declared, so there is nothing to reference
   */
  public static release(scope: Construct, id: string, props: AuthenticationProfileProps): ReleasedResources {
    return releaseOwnedResources(new AuthenticationProfile(scope, id, props));
  }

  /**
   * Emits only an `import` block for an existing profile, with no resource:
   * `terraform plan -generate-config-out=FILE` then writes its configuration.
   *
   * @param scope the scope in which to define the import target
   * @param id the scoped construct id
   * @param authenticationProfileName name of the existing profile, used as the import id and checked like `AuthenticationProfileProps.authenticationProfileName`
   * @param provider the aws provider to import with (when omitted, the import block names none)
   * @returns the import target; its `address`, `aws_redshift_authentication_profile.<logical id>`, is the address the generated configuration will have
   */
  public static generateConfigForImport(
    scope: Construct,
    id: string,
    authenticationProfileName: string,
    provider?: TerraformProvider,
  ): ImportTarget {
    const problems = new Problems();
    checkString(authenticationProfileName, NAME, problems, 'authenticationProfileName');
    problems.throwIfAnyAt(constructPathOf(scope, id));
    return new ImportTarget(scope, id, { terraformType: TERRAFORM_TYPE, importId: authenticationProfileName, provider });
  }

  /** The `aws_redshift_authentication_profile` resource. */
  public readonly resource: TerraformResource;
  /** The resource carrying the name, whose replacement replaces the profile. */
  public readonly replaceTriggerResource: TerraformResource;
  /** The canonical JSON content this construct synthesizes. */
  public readonly canonicalContent: string;
  /**
   * The region the profile is managed in, as written.
   *
   * @default - the region of the profile's aws provider
   */
  public readonly region?: string;
  /** The profile's Terraform address, `aws_redshift_authentication_profile.<logical id>`. */
  public get address(): string {
    // Read when asked: an `overrideLogicalId` on `resource` after construction is seen.
    return this.wireResource.address;
  }
  private readonly wireResource: WireResource;

  /** The profile's id (its name), as a reference known after apply. */
  public get id(): string {
    return this.wireResource.stringReference('id');
  }

  /** Name of the profile, as a reference to the resource's attribute. */
  public get authenticationProfileName(): string {
    return this.wireResource.stringReference('authentication_profile_name');
  }

  /**
   * Content of the profile, as a reference to the resource's attribute. Always
   * set on a declared profile; typed optional as in {@link IAuthenticationProfile}.
   */
  public get authenticationProfileContent(): string | undefined {
    return this.wireResource.stringReference('authentication_profile_content');
  }

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the configuration of the profile (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: AuthenticationProfileProps) {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    super(scope, id);
    recordOrigin(this, AUTHENTICATION_PROFILE.className, AuthenticationProfile);
    recordGuardrailSubject(this, AUTHENTICATION_PROFILE.className, props, AUTHENTICATION_PROFILE.rules ?? []);
    LiveObjects.of(this).add(this, AUTHENTICATION_PROFILE);
    // The trigger is repeated as the profile is, read from the profile at synth time.
    let profileResource: WireResource | undefined;
    const checked = validateProps(this, props, { construct: this, repeated: () => profileResource, forEach: props.forEach });
    this.canonicalContent = checked.content;
    this.region = checked.region;
    const name = props.authenticationProfileName;
    const content = this.canonicalContent;
    const provider = props.provider;

    // The kind as its text: a Literal.text kind was checked as its text, and chooses as its text.
    const triggerKind = literalView(props.replaceTrigger) ?? ReplaceTriggerKind.TERRAFORM_DATA;
    const trigger = addReplaceTrigger(this, fixedId(NAME_TRIGGER_RESOURCE)!, triggerKind, 'authentication_profile_name', name, () => profileResource);
    this.replaceTriggerResource = trigger;
    const resource = new WireResource(this, fixedId(PROFILE_RESOURCE)!, {
      terraformType: TERRAFORM_TYPE,
      providerName: 'aws',
      provider: props.provider,
      dependsOn: props.dependsOn,
      lifecycle: resourceLifecycle(props.lifecycle, ATTRIBUTES),
      forEach: props.forEach,
      count: props.count,
      replaceTriggeredBy: [trigger],
      attributes: () => {
        if (checked.region !== undefined) requireProvider6(this, provider);
        return {
          authentication_profile_name: wire.string(name),
          authentication_profile_content: wire.string(content),
          region: wire.string(checked.region),
        };
      },
    });
    profileResource = resource;
    this.resource = resource;
    this.wireResource = resource;
  }

  /**
   * Declares that this profile was at `previousPath` before (renamed, or moved
   * into another scope), so that Terraform moves the profile and its name trigger in its state
   * instead of destroying and recreating them: a `moved { from, to }` block
   * per resource, in the JSON and the HCL output (Terraform 1.1 or later).
   *
   * The former addresses are computed with the stack's own logical-id
   * allocation (`allocateLogicalId`, also when the stack overrides it) for the
   * former path; a resource whose logical id was overridden
   * (`overrideLogicalId`) keeps its address wherever the construct is, and gets
   * no block (if the override itself changed, use cdktf's `moveFromId` on that
   * resource). With `forEach` or `count`, each block moves every instance.
   * Keep the call until every state (each workspace, each environment) has
   * applied the move; one former path per construct.
   *
   * @param previousPath the construct's former path below its stack: its former id (`"analysts"`), or the ids of its former scopes and its own joined by `/` (`"team/analysts"`); a token, an empty id or the current path is a `ValidationError`
   */
  public movedFrom(previousPath: string): void {
    MovedBlocks.of(this).add(this, previousPath);
  }

  /**
   * The profile resource's reference, `${aws_redshift_authentication_profile.<logical id>}`
   * as a token, so that the construct itself can be given wherever cdktf takes a
   * dependable (`dependsOn: [profile]`, `lifecycle.replaceTriggeredBy: [profile]`).
   */
  public get fqn(): string {
    return this.resource.fqn;
  }
}

class ExistingAuthenticationProfile extends Construct implements IAuthenticationProfile {
  public readonly id: string;
  public readonly authenticationProfileName: string;
  public readonly authenticationProfileContent?: string;

  constructor(scope: Construct, id: string, name: string, state?: AuthenticationProfileState) {
    state = readProps(constructPathOf(scope, id), state, 'state', true);
    super(scope, id);
    const problems = new Problems();
    checkString(name, NAME, problems, 'authenticationProfileName');
    if (state !== undefined) checkState(state, problems, 'state');
    let content: string | undefined;
    if (state?.authenticationProfileContent !== undefined) {
      content = checkProfileContent(state.authenticationProfileContent, problems, 'state/authenticationProfileContent')?.written;
    }
    problems.throwIfAny(this);
    this.id = name;
    this.authenticationProfileName = name;
    this.authenticationProfileContent = content;
  }
}
