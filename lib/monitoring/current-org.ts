import { Construct } from 'constructs';
import { Annotations, Fn, TerraformDataSource, TerraformProvider, TerraformStack, Token } from '../core/framework';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, isUnresolved, Problems, requireKnown } from '../core/problems';
import { literalView } from '../core/literal-text';
import { readProps } from '../core/snapshot';
import { checkProvider } from '../core/meta-arguments';
import { wire } from '../core/wire';
import { ensureDefaultProvider } from '../core/default-provider';
import { WireDataSource } from '../core/wire-elements';
import { checkSecretReference } from '../core/secret-reference';
import { checkUrl, withoutCredentials } from '../core/url-rule';
import { DATADOG_API_URL, DatadogApiUrl, DatadogProvider } from './datadog-provider';
import { fetchOrgId, FetchOrgIdOptions } from './fetch-org-id';
import { HttpProvider } from './http-provider';
import { constraintLowerBoundAtLeast } from '../core/version-constraint';
import { Principal } from './principal';

/** Where {@link CurrentOrg} reads the org id from, at plan time. */
export enum CurrentOrgSource {
  /**
   * The `datadog_current_user` data source (attribute `org_id`), which needs
   * `DataDog/datadog` 4.16.0 or later. Uses the datadog provider's keys.
   */
  CURRENT_USER_DATA_SOURCE = 'datadog_current_user',
  /**
   * A `hashicorp/http` data source that calls `GET {apiUrl}/api/v2/current_user`
   * and reads `jsondecode(response_body).data.relationships.org.data.id`: for
   * providers older than 4.16. Needs `apiKey` and `appKey` as sensitive variables.
   */
  HTTP = 'http',
}

/** Props of a {@link CurrentOrg}. */
export interface CurrentOrgProps {
  /**
   * Where the org id is read from.
   *
   * @default CurrentOrgSource.CURRENT_USER_DATA_SOURCE
   */
  readonly source?: CurrentOrgSource;

  /**
   * The provider to read with: the datadog provider with
   * `CURRENT_USER_DATA_SOURCE`, the http provider with `HTTP`.
   *
   * @default - the stack's default datadog provider; for `HTTP`, the stack's
   *   default http provider, created (`hashicorp/http` 3.x) when there is none
   */
  readonly provider?: TerraformProvider;

  /**
   * With `HTTP`: the site's API URL (see `DatadogApiUrl`). Ignored otherwise
   * (the datadog provider's `api_url` applies).
   *
   * @default "https://api.datadoghq.com"
   */
  readonly apiUrl?: string;

  /**
   * With `HTTP` (required there): the API key, as a reference to a sensitive
   * `TerraformVariable` with no default. The http provider does not read
   * `DD_API_KEY`; set the variable with `TF_VAR_<name>`.
   *
   * @default - none; an error with `HTTP`
   */
  readonly apiKey?: string;

  /**
   * With `HTTP` (required there): the application key, as a reference to a
   * sensitive `TerraformVariable` with no default.
   *
   * @default - none; an error with `HTTP`
   */
  readonly appKey?: string;
}

const checkProps = compileSchema({
  type: 'object',
  properties: {
    source: { description: 'CurrentOrgSource.CURRENT_USER_DATA_SOURCE or CurrentOrgSource.HTTP', enum: ['datadog_current_user', 'http'] },
    provider: {},
    // Checked by checkUrl, which never prints a URL whole.
    apiUrl: {},
    apiKey: {},
    appKey: {},
  },
  additionalProperties: false,
});

const ORG_ID_PATH = ['data', 'relationships', 'org', 'data', 'id'];

/**
 * The current organization's id, read at plan time, for the org principal
 * (`org:<id>`) of a restriction policy.
 *
 * @example
 * const org = new CurrentOrg(stack, 'Org');                 // datadog_current_user, provider >= 4.16
 * bindings: [{ relation: 'viewer', principals: [org.principal] }]
 */
export class CurrentOrg extends Construct {
  /**
   * The org id at synth time, for scripts that want a literal: calls
   * `GET {apiUrl}/api/v2/current_user` and reads `data.relationships.org.data.id`.
   * TypeScript can also import this as `fetchOrgId`.
   *
   * Each attempt has a timeout. A 429 is retried at most `maxRetries` times,
   * after the wait the service asks for (`Retry-After`, else
   * `X-RateLimit-Reset`), else an exponential one. Redirects are not followed.
   * Every failure rejects with an org-id lookup error (read it with
   * `Errors.orgIdLookupDetails`) whose message never contains the keys.
   *
   * @param options the site's API URL, the keys, and the timeout and retry settings
   * @returns a promise of the org id
   */
  public static fetchOrgId(options: FetchOrgIdOptions): Promise<string> {
    return fetchOrgId(options);
  }

  /** The data source that reads the current user. */
  public readonly dataSource: TerraformDataSource;
  /** The org id, a reference known at plan time. */
  public readonly orgId: string;
  /** Where the org id is read from. */
  public readonly source: CurrentOrgSource;

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props where and how to read the org id (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: CurrentOrgProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    super(scope, id);
    // An enum: a Literal.text value is its text.
    const source = (literalView(props.source) as CurrentOrgSource | undefined) ?? CurrentOrgSource.CURRENT_USER_DATA_SOURCE;
    const problems = new Problems();
    checkProps({ ...props, source: literalView(props.source) }, problems);
    requireKnown(props.source, problems, 'props/source', 'it chooses the data source');
    // The data source of the source chosen: datadog_current_user (datadog), or http's.
    checkProvider(props.provider, problems, 'props/provider', source === CurrentOrgSource.HTTP ? 'http' : 'datadog');
    if (source === CurrentOrgSource.HTTP) {
      checkUrl(props.apiUrl, problems, 'props/apiUrl', DATADOG_API_URL, { construct: this });
      checkSecretReference(this, props.apiKey, problems, 'props/apiKey');
      checkSecretReference(this, props.appKey, problems, 'props/appKey');
    } else {
      for (const name of ['apiUrl', 'apiKey', 'appKey'] as const) {
        if (props[name] !== undefined) problems.add(`props/${name}`, name === 'apiUrl' && typeof props[name] === 'string' ? withoutCredentials(props[name]!) : 'a value (not shown)', 'nothing with CURRENT_USER_DATA_SOURCE: the datadog provider\'s settings apply; set it only with CurrentOrgSource.HTTP');
      }
    }
    problems.throwIfAny(this);
    this.source = source;

    if (source === CurrentOrgSource.HTTP) {
      const base = props.apiUrl ?? DatadogApiUrl.US1;
      const url = isUnresolved(base) ? `${base}/api/v2/current_user` : `${base.replace(/\/+$/, '')}/api/v2/current_user`;
      if (props.provider === undefined) ensureDefaultProvider(this, 'http', (stack) => new HttpProvider(stack, 'hashicorp-http'));
      const data = new WireDataSource(this, 'CurrentUser', {
        terraformType: 'http',
        providerName: 'http',
        provider: props.provider,
        lifecycle: {
          postcondition: [
            {
              condition: '${self.status_code == 200}',
              errorMessage: 'GET /api/v2/current_user did not answer 200: check the API URL, the API key (401) and the application key (403).',
            },
          ],
        },
        attributes: () => ({
          url: wire.string(url),
          request_headers: wire.stringMap({ 'Accept': 'application/json', 'DD-API-KEY': props.apiKey!, 'DD-APPLICATION-KEY': props.appKey! }),
        }),
      });
      this.dataSource = data;
      this.orgId = Token.asString(Fn.lookupNested(Fn.jsondecode(data.getStringAttribute('response_body')), ORG_ID_PATH));
    } else {
      warnIfProviderTooOld(this, props.provider);
      const data = new WireDataSource(this, 'CurrentUser', {
        terraformType: 'datadog_current_user',
        providerName: 'datadog',
        provider: props.provider,
        attributes: () => ({}),
      });
      this.dataSource = data;
      this.orgId = data.getStringAttribute('org_id');
    }
  }

  /** The org principal, `org:<orgId>`, for a binding's principals. */
  public get principal(): Principal {
    return Principal.org(this.orgId);
  }
}

// datadog_current_user exists from DataDog/datadog 4.16.0. Warn when the
// provider this stack declares (so far) allows older versions.
function warnIfProviderTooOld(scope: Construct, provider?: TerraformProvider): void {
  const candidates = provider
    ? [provider]
    : TerraformStack.of(scope).node.findAll().filter((c): c is TerraformProvider => c instanceof TerraformProvider && c.terraformResourceType === 'datadog' && c.alias === undefined);
  for (const candidate of candidates) {
    if (!(candidate instanceof DatadogProvider)) continue;
    if (!lowerBoundAtLeast(candidate.versionConstraint, [4, 16, 0])) {
      Annotations.of(scope).addWarning(
        `CurrentOrg: the datadog_current_user data source needs DataDog/datadog 4.16.0 or later, but the provider's version constraint ` +
          `"${candidate.versionConstraint}" allows older versions. Set versionConstraint to ">= 4.16.0, < 5.0.0", or use CurrentOrgSource.HTTP.`,
      );
    }
  }
}

/** True when a version constraint excludes every version below `minimum` (read with Terraform's grammar). */
function lowerBoundAtLeast(constraint: string, minimum: number[]): boolean {
  return constraintLowerBoundAtLeast(constraint, minimum);
}
