import { Construct } from 'constructs';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, Problems } from '../core/problems';
import { checkProviderIdentity } from '../core/provider-identity';
import { checkBoolean } from '../core/scalar-positions';
import { readProps } from '../core/snapshot';
import { wire } from '../core/wire';
import { WireProvider } from '../core/wire-elements';
import { checkSecretReference } from '../core/secret-reference';
import { checkUrl, UrlRule } from '../core/url-rule';

/** The default version constraint of `DataDog/datadog`: the restriction policy schema is the same throughout. */
export const DEFAULT_DATADOG_VERSION_CONSTRAINT = '>= 3.82.0, < 5.0.0';

/**
 * The API URL of each Datadog site, for {@link DatadogProviderProps.apiUrl}.
 *
 * @see https://docs.datadoghq.com/getting_started/site/
 */
export class DatadogApiUrl {
  /** US1 (datadoghq.com), the provider's default. */
  public static readonly US1 = 'https://api.datadoghq.com';
  /** US3 (us3.datadoghq.com). */
  public static readonly US3 = 'https://api.us3.datadoghq.com';
  /** US5 (us5.datadoghq.com). */
  public static readonly US5 = 'https://api.us5.datadoghq.com';
  /** EU1 (datadoghq.eu). */
  public static readonly EU1 = 'https://api.datadoghq.eu';
  /** AP1 (ap1.datadoghq.com). */
  public static readonly AP1 = 'https://api.ap1.datadoghq.com';
  /** AP2 (ap2.datadoghq.com). */
  public static readonly AP2 = 'https://api.ap2.datadoghq.com';
  /** US1-FED (ddog-gov.com). */
  public static readonly US1_FED = 'https://api.ddog-gov.com';

  private constructor() {}
}

/**
 * Props of a {@link DatadogProvider}.
 *
 * Keys are never literals: leave `apiKey` / `appKey` out and the provider reads
 * `DD_API_KEY` / `DD_APP_KEY` from the environment when Terraform runs, or pass
 * references to sensitive `TerraformVariable`s without defaults. A literal key
 * is a `ValidationError`, so keys never land in synthesized files.
 */
export interface DatadogProviderProps {
  /**
   * The API URL of the Datadog site, without the `/api/` path (see {@link DatadogApiUrl}).
   *
   * @default - `DD_HOST` from the environment when Terraform runs, else https://api.datadoghq.com
   */
  readonly apiUrl?: string;

  /**
   * The API key, as a reference to a sensitive `TerraformVariable` with no default.
   *
   * @default - `DD_API_KEY` from the environment when Terraform runs
   */
  readonly apiKey?: string;

  /**
   * The application key, as a reference to a sensitive `TerraformVariable` with no default.
   *
   * @default - `DD_APP_KEY` from the environment when Terraform runs
   */
  readonly appKey?: string;

  /**
   * Whether the provider calls the API to check the keys when it starts.
   * `false` lets `terraform validate` and offline plans run without keys.
   *
   * @default - the provider's default: true
   */
  readonly validate?: boolean;

  /**
   * Alias, for a second datadog provider in one stack.
   *
   * @default - the default datadog provider
   */
  readonly alias?: string;

  /**
   * Version constraint for `DataDog/datadog`. `CurrentOrg`'s default source,
   * the `datadog_current_user` data source, needs 4.16.0 or later.
   *
   * @default ">= 3.82.0, < 5.0.0"
   */
  readonly versionConstraint?: string;
}

/** The rule for a Datadog API URL (DatadogProvider, CurrentOrg). */
export const DATADOG_API_URL: UrlRule = {
  allowed: 'an absolute http(s) URL without the /api/ path, e.g. https://api.datadoghq.eu',
  check: (url) => (/\/api\/?$/.test(url.pathname) ? 'it ends with /api/: give the site URL' : undefined),
};

const checkProps = compileSchema({
  type: 'object',
  properties: {
    // Checked by checkUrl, which never prints a URL whole.
    apiUrl: {},
    apiKey: {},
    appKey: {},
    // Checked by the bool pipeline.
    validate: {},
    // Checked by checkProviderIdentity (the string pipeline).
    alias: {},
    versionConstraint: {},
  },
  additionalProperties: false,
});

/**
 * The `DataDog/datadog` provider: the site's API URL, and keys from the
 * environment or sensitive variables only.
 *
 * @example
 * new DatadogProvider(stack, 'datadog', { apiUrl: DatadogApiUrl.EU1 }); // keys from DD_API_KEY, DD_APP_KEY
 */
export class DatadogProvider extends WireProvider {
  /** The version constraint written to `required_providers`. */
  public readonly versionConstraint: string;

  /**
   * @param scope the scope in which to define this provider (a stack, or a construct inside one)
   * @param id the scoped construct id
   * @param props the provider's settings (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: DatadogProviderProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    const problems = new Problems();
    checkProps(props, problems);
    checkUrl(props.apiUrl, problems, 'props/apiUrl', DATADOG_API_URL, { construct: scope, path: constructPathOf(scope, id) });
    const identity = checkProviderIdentity(props, problems);
    checkBoolean(props.validate, problems, 'props/validate', scope);
    checkSecretReference(scope, props.apiKey, problems, 'props/apiKey', 'DD_API_KEY');
    checkSecretReference(scope, props.appKey, problems, 'props/appKey', 'DD_APP_KEY');
    // Refused before the provider exists: nothing is added to the tree, nothing written.
    problems.throwIfAnyAt(constructPathOf(scope, id));
    const versionConstraint = identity.versionConstraint ?? DEFAULT_DATADOG_VERSION_CONSTRAINT;
    super(scope, id, {
      providerName: 'datadog',
      source: 'DataDog/datadog',
      versionConstraint,
      alias: identity.alias,
      attributes: () => ({
        api_url: wire.string(props.apiUrl),
        api_key: wire.string(props.apiKey),
        app_key: wire.string(props.appKey),
        // The provider's schema types `validate` as a string, "true" or "false".
        validate: wire.string(props.validate === undefined ? undefined : String(props.validate)),
      }),
    });
    this.versionConstraint = versionConstraint;
  }
}
