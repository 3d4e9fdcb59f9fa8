import { Construct } from 'constructs';
import { IResolvable } from '../core/framework';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, isUnresolved, Problems, requireKnown } from '../core/problems';
import { checkProviderIdentity } from '../core/provider-identity';
import { checkBoolean } from '../core/scalar-positions';
import { checkString, positionAt, StringPosition } from '../core/string-position';
import { TextGrammar } from '../core/text-grammar';
import { constraintLowerBoundAtLeast } from '../core/version-constraint';
import { awsProviderAcceptsRegion } from './aws-regions';
import { readProps } from '../core/snapshot';
import { wire } from '../core/wire';
import { WireProvider } from '../core/wire-elements';
import { isPlainObject } from '../core/plain-object';
import { checkUrl } from '../core/url-rule';

/**
 * Props of an {@link AwsProvider}. Access keys are not props: the provider reads
 * them from the environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
 * `AWS_PROFILE`, …), so they never land in synthesized files.
 */
export interface AwsProviderProps {
  /**
   * The AWS region.
   *
   * @default - `AWS_REGION` or `AWS_DEFAULT_REGION` from the environment at plan time
   */
  readonly region?: string;

  /**
   * Endpoint overrides by service name, e.g. `{ redshift: 'http://127.0.0.1:4566' }`.
   *
   * @default - the public AWS endpoints
   */
  readonly endpoints?: { [service: string]: string };

  /**
   * Skip the STS call that checks the credentials (for planning without a cloud).
   *
   * @default false
   */
  readonly skipCredentialsValidation?: boolean | IResolvable;

  /**
   * Skip the calls that find the account id (for planning without a cloud).
   *
   * @default false
   */
  readonly skipRequestingAccountId?: boolean | IResolvable;

  /**
   * Skip the EC2 metadata API check (for planning without a cloud).
   *
   * @default false
   */
  readonly skipMetadataApiCheck?: boolean | IResolvable;

  /**
   * Skip the check that the region name is one AWS knows.
   *
   * @default false
   */
  readonly skipRegionValidation?: boolean | IResolvable;

  /**
   * Alias, for a second aws provider in one stack.
   *
   * @default - the default aws provider
   */
  readonly alias?: string;

  /**
   * Version constraint for `hashicorp/aws`. The default accepts 5.x and 6.x; this
   * library emits no per-resource `region`, which 5.x would reject.
   *
   * @default ">= 5.0, < 7.0"
   */
  readonly versionConstraint?: string;
}

/**
 * An AWS region: with region validation (the provider's default), one of the
 * regions every provider version the constraint admits accepts
 * (aws-regions.ts, the provider's own list); with `skipRegionValidation`, any
 * lowercase id of letters, digits and hyphens.
 */
export function regionPosition(skipValidation: unknown, versionConstraint: string): StringPosition {
  const majors: (5 | 6)[] = constraintLowerBoundAtLeast(versionConstraint, [6, 0, 0]) ? [6] : [5, 6];
  const grammar = TextGrammar.repeat(TextGrammar.char(/[a-z0-9-]/), 1);
  if (skipValidation === true) return { rule: 'an AWS region id such as eu-west-1 (lowercase letters, digits and hyphens)', grammar };
  return {
    rule: `an AWS region the aws provider ${majors.map((m) => `${m}.x`).join(' and ')} accepts, such as eu-west-1 (or set skipRegionValidation: true for a region newer than the provider)`,
    grammar,
    check: (region) => (majors.every((m) => awsProviderAcceptsRegion(region, m)) ? undefined : `an AWS region the aws provider ${majors.map((m) => `${m}.x`).join(' and ')} knows, such as eu-west-1 (the provider refuses any other when it is configured: "invalid AWS Region"); set skipRegionValidation: true for a region newer than the provider`),
  };
}

const DEFAULT_VERSION_CONSTRAINT = '>= 5.0, < 7.0';

const checkProps = compileSchema({
  type: 'object',
  properties: {
    // Checked by the string and bool pipelines.
    region: {},
    endpoints: {
      description: 'service names to absolute http(s) URLs',
      type: 'object',
      // Each checked by checkUrl, which never prints a URL whole.
      additionalProperties: {},
    },
    skipCredentialsValidation: {},
    skipRequestingAccountId: {},
    skipMetadataApiCheck: {},
    skipRegionValidation: {},
    // Checked by checkProviderIdentity (the string pipeline).
    alias: {},
    versionConstraint: {},
  },
  additionalProperties: false,
});

/**
 * The `hashicorp/aws` provider, with what this library's resources need:
 * region, endpoint overrides, and the settings to plan without a cloud.
 */
export class AwsProvider extends WireProvider {
  /**
   * @param scope the scope in which to define this provider (a stack, or a construct inside one)
   * @param id the scoped construct id
   * @param props the provider's settings (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: AwsProviderProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    const problems = new Problems();
    checkProps(props, problems);
    const referencesFrom = { construct: scope, path: constructPathOf(scope, id) };
    for (const setting of ['skipCredentialsValidation', 'skipRequestingAccountId', 'skipMetadataApiCheck', 'skipRegionValidation'] as const) {
      checkBoolean(props[setting], problems, `props/${setting}`, scope);
    }
    const identity = checkProviderIdentity(props, problems);
    const versionConstraint = identity.versionConstraint ?? DEFAULT_VERSION_CONSTRAINT;
    checkString(props.region, positionAt(regionPosition(props.skipRegionValidation, versionConstraint), referencesFrom), problems, 'props/region');
    const endpoints: unknown = props.endpoints;
    if (isPlainObject(endpoints) && !isUnresolved(endpoints)) {
      for (const [service, url] of Object.entries(endpoints)) checkUrl(url, problems, `props/endpoints/${service}`, { allowed: 'an absolute http(s) URL' }, referencesFrom);
    }
    requireKnown(props.endpoints, problems, 'props/endpoints', 'Terraform writes endpoints as a block; each URL may be a token');
    // Refused before the provider exists: nothing is added to the tree, nothing written.
    problems.throwIfAnyAt(constructPathOf(scope, id));
    super(scope, id, {
      providerName: 'aws',
      source: 'hashicorp/aws',
      versionConstraint,
      alias: identity.alias,
      attributes: () => ({
        region: wire.string(props.region),
        skip_credentials_validation: wire.boolean(props.skipCredentialsValidation),
        skip_requesting_account_id: wire.boolean(props.skipRequestingAccountId),
        skip_metadata_api_check: wire.boolean(props.skipMetadataApiCheck),
        skip_region_validation: wire.boolean(props.skipRegionValidation),
        endpoints: props.endpoints === undefined || isUnresolved(props.endpoints) ? undefined : wire.blockList([endpointsBlock(props.endpoints)]),
      }),
    });
  }
}

function endpointsBlock(endpoints: { [service: string]: string }) {
  const block: { [name: string]: ReturnType<typeof wire.string> } = {};
  for (const [service, url] of Object.entries(endpoints)) block[service] = wire.string(url);
  return block;
}

