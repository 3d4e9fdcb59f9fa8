import { Construct } from 'constructs';
import { IResolvable } from '../core/framework';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, Problems } from '../core/problems';
import { checkProviderIdentity } from '../core/provider-identity';
import { checkBoolean } from '../core/scalar-positions';
import { checkString } from '../core/string-position';
import { TextGrammar } from '../core/text-grammar';
import { readProps } from '../core/snapshot';
import { checkSecretReference } from '../core/secret-reference';
import { wire } from '../core/wire';
import { WireProvider } from '../core/wire-elements';
import { checkUrl } from '../core/url-rule';

/**
 * Props of a {@link KubernetesProvider}.
 *
 * Two ways to reach a cluster: a kubeconfig (`configPath`, `configContext`), or a
 * `host` with credentials. Credentials (`token`, `clientCertificate`,
 * `clientKey`) are never literals in synthesized files: leave them out and set
 * `KUBE_TOKEN`, `KUBE_CLIENT_CERT_DATA`, `KUBE_CLIENT_KEY_DATA` in the
 * environment, or pass a sensitive `TerraformVariable`'s value. A literal is a
 * `ValidationError`.
 */
export interface KubernetesProviderProps {
  /**
   * Path of the kubeconfig file.
   *
   * @default - `KUBE_CONFIG_PATH` from the environment, else no kubeconfig
   */
  readonly configPath?: string;
  /**
   * Context of the kubeconfig to use.
   *
   * @default - `KUBE_CTX`, else the kubeconfig's current context
   */
  readonly configContext?: string;
  /**
   * API server URL, e.g. `https://10.0.0.1:6443`.
   *
   * @default - `KUBE_HOST`, else the kubeconfig's
   */
  readonly host?: string;
  /**
   * PEM-encoded CA certificate of the API server (public, may be a literal).
   *
   * @default - `KUBE_CLUSTER_CA_CERT_DATA`, else the kubeconfig's
   */
  readonly clusterCaCertificate?: string;
  /**
   * Bearer token: a sensitive variable's value, never a literal.
   *
   * @default - `KUBE_TOKEN` from the environment
   */
  readonly token?: string;
  /**
   * PEM-encoded client certificate: a sensitive variable's value, never a literal.
   *
   * @default - `KUBE_CLIENT_CERT_DATA` from the environment
   */
  readonly clientCertificate?: string;
  /**
   * PEM-encoded client key: a sensitive variable's value, never a literal.
   *
   * @default - `KUBE_CLIENT_KEY_DATA` from the environment
   */
  readonly clientKey?: string;
  /**
   * Skip the TLS verification of the API server (tests only).
   *
   * @default false
   */
  readonly insecure?: boolean | IResolvable;
  /**
   * Alias, for a second kubernetes provider in one stack.
   *
   * @default - the default kubernetes provider
   */
  readonly alias?: string;
  /**
   * Version constraint for `hashicorp/kubernetes`. The default admits 2.x from
   * 2.21 and 3.x: every block the library writes has the same schema in both.
   *
   * @default ">= 2.21, < 4.0"
   */
  readonly versionConstraint?: string;
}

/**
 * The default constraint admits hashicorp/kubernetes 2.x and 3.x. Read at tag
 * v3.2.1 of hashicorp/terraform-provider-kubernetes (CHANGELOG.md 3.0.0 to 3.2.1,
 * docs/guides/v3-upgrade-guide.md), every block the library writes keeps its 2.x
 * schema in 3.x (the schema code of the resources and the data source below is
 * the same at v2.21.0, v2.38.0 and v3.2.1; the provider's attributes keep their
 * names and types), and each name, type and required/optional flag matches what
 * lib/cluster/node-list.ts and cluster-nodes.ts write:
 * - provider `config_path`, `config_context`, `host`, `cluster_ca_certificate`,
 *   `token`, `client_certificate`, `client_key` (strings), `insecure` (bool):
 *   kubernetes/provider.go `Provider()`, manifest/provider/provider_config.go.
 * - `kubernetes_manifest`: `manifest` (dynamic, required), block `field_manager`
 *   { `name` string, `force_conflicts` bool } (max 1): manifest/provider/provider.go
 *   `GetProviderResourceSchema`.
 * - `kubernetes_labels` / `kubernetes_annotations`: `api_version`, `kind` (required),
 *   block `metadata` { `name` } (required, max 1), `labels` (map, required) /
 *   `annotations` (map), `field_manager` (string), `force` (bool):
 *   kubernetes/resource_kubernetes_labels.go, resource_kubernetes_annotations.go.
 * - `kubernetes_node_taint`: block `metadata` { `name` } (required, max 1), blocks
 *   `taint` { `key`, `value`, `effect` all required strings } (at least 1),
 *   `field_manager`, `force`: kubernetes/resource_kubernetes_node_taint.go,
 *   kubernetes/schema_node_spec.go `nodeTaintFields`.
 * - data `kubernetes_resources`: `api_version`, `kind` (required), `label_selector`,
 *   `field_selector` (strings), `limit` (number), `objects` (dynamic, computed):
 *   manifest/provider/provider.go `GetProviderDataSourceSchema`.
 * What 3.0.0 changed that a user meets: plugin protocol 6 (Terraform >= 1.0);
 * the non-`_v1` resources deprecated (the library writes none of them);
 * `kubernetes_manifest` no longer lets `KUBE_*` environment variables override
 * the provider configuration (manifest/provider/configure.go: the environment is
 * read only where the configuration leaves a setting out, as the library's
 * secrets are). 3.2.1 fixes "Unexpected Identity Change" after a slow apply.
 * The same schema is served to terraform in the tests: KUBERNETES_3 in
 * __tests__/support/echo-provider/schemas.ts, used by
 * __tests__/cluster/kubernetes-3.terraform.test.ts.
 */
const DEFAULT_VERSION_CONSTRAINT = '>= 2.21, < 4.0';

const SECRET_PROPS = ['token', 'clientCertificate', 'clientKey'] as const;
const SECRET_ENV: { [prop: string]: string } = {
  token: 'KUBE_TOKEN',
  clientCertificate: 'KUBE_CLIENT_CERT_DATA',
  clientKey: 'KUBE_CLIENT_KEY_DATA',
};

/** The provider's text settings, each any non-empty text. */
const TEXT_SETTINGS: readonly [keyof KubernetesProviderProps & ('configPath' | 'configContext' | 'clusterCaCertificate'), string][] = [
  ['configPath', 'a path to a kubeconfig file'],
  ['configContext', 'a kubeconfig context name'],
  ['clusterCaCertificate', 'a PEM-encoded certificate'],
];
const NON_EMPTY = TextGrammar.repeat(TextGrammar.char(/[\s\S]/u), 1);

const checkProps = compileSchema({
  type: 'object',
  properties: {
    // Checked by the string pipeline (TEXT_SETTINGS).
    configPath: {},
    configContext: {},
    // Checked by checkUrl, which never prints a URL whole.
    host: {},
    clusterCaCertificate: {},
    // Checked by checkSecretReference, which never shows their values.
    token: {},
    clientCertificate: {},
    clientKey: {},
    // Checked by the bool pipeline.
    insecure: {},
    // Checked by checkProviderIdentity (the string pipeline).
    alias: {},
    versionConstraint: {},
  },
  additionalProperties: false,
});

/** The `hashicorp/kubernetes` provider, with no secret ever written as a literal. */
export class KubernetesProvider extends WireProvider {
  /**
   * @param scope the scope in which to define this provider (a stack, or a construct inside one)
   * @param id the scoped construct id
   * @param props the provider's settings (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: KubernetesProviderProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    const problems = new Problems();
    checkProps(props, problems);
    checkUrl(props.host, problems, 'props/host', { allowed: 'an http(s) URL such as https://10.0.0.1:6443' }, { construct: scope, path: constructPathOf(scope, id) });
    const identity = checkProviderIdentity(props, problems);
    checkBoolean(props.insecure, problems, 'props/insecure', scope);
    for (const [prop, rule] of TEXT_SETTINGS) checkString(props[prop], { rule, grammar: NON_EMPTY, referencesFrom: { construct: scope, path: constructPathOf(scope, id) } }, problems, `props/${prop}`);
    for (const prop of SECRET_PROPS) checkSecretReference(scope, props[prop], problems, `props/${prop}`, SECRET_ENV[prop]);
    if ((props.clientKey === undefined) !== (props.clientCertificate === undefined)) {
      const missing = props.clientKey === undefined ? 'clientKey' : 'clientCertificate';
      problems.add(`props/${missing}`, undefined, 'a value when the other half of the client certificate pair is given (or neither)');
    }
    // Refused before the provider exists: nothing is added to the tree, nothing written.
    problems.throwIfAnyAt(constructPathOf(scope, id));
    super(scope, id, {
      providerName: 'kubernetes',
      source: 'hashicorp/kubernetes',
      versionConstraint: identity.versionConstraint ?? DEFAULT_VERSION_CONSTRAINT,
      alias: identity.alias,
      attributes: () => ({
        config_path: wire.string(props.configPath),
        config_context: wire.string(props.configContext),
        host: wire.string(props.host),
        cluster_ca_certificate: wire.string(props.clusterCaCertificate),
        token: wire.string(props.token),
        client_certificate: wire.string(props.clientCertificate),
        client_key: wire.string(props.clientKey),
        insecure: wire.boolean(props.insecure),
      }),
    });
  }
}
