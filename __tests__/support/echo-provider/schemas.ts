// The schemas the echo provider serves, shaped as the real providers shape
// them where it matters to how Terraform reads a configuration: which names
// are attributes and which are nested blocks (list or set), and the type of
// each attribute. Terraform decodes JSON and HCL against the same schema, so
// a value that reads differently in the two files shows up in the plan.

/** A cty type as the plugin protocol writes it (JSON). */
export type CtyType = 'string' | 'number' | 'bool' | 'dynamic' | ['map' | 'list' | 'set', CtyType] | ['object', { readonly [name: string]: CtyType }];

export interface AttributeSchema {
  readonly type: CtyType;
  readonly required?: boolean;
  /** Default: neither required nor computed. Optional and computed both: what the configuration may set, else the provider. */
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
}

export interface BlockSchema {
  readonly attributes: { readonly [name: string]: AttributeSchema };
  readonly blocks?: {
    readonly [name: string]: { readonly nesting: 'list' | 'set'; readonly block: BlockSchema; readonly minItems?: number; readonly maxItems?: number };
  };
}

export interface ProviderSchema {
  /** Registry address, `registry.terraform.io/<namespace>/<type>`. */
  readonly address: string;
  readonly provider: BlockSchema;
  readonly resources: { readonly [type: string]: BlockSchema };
  readonly dataSources: { readonly [type: string]: BlockSchema };
}

const optional = (type: CtyType, extra: Partial<AttributeSchema> = {}): AttributeSchema => ({ type, ...extra });
const required = (type: CtyType): AttributeSchema => ({ type, required: true });
const computed = (type: CtyType): AttributeSchema => ({ type, computed: true });
const stringMap: CtyType = ['map', 'string'];

export const AWS: ProviderSchema = {
  address: 'registry.terraform.io/hashicorp/aws',
  provider: {
    attributes: {
      region: optional('string'),
      access_key: optional('string', { sensitive: true }),
      secret_key: optional('string', { sensitive: true }),
      skip_credentials_validation: optional('bool'),
      skip_requesting_account_id: optional('bool'),
      skip_metadata_api_check: optional('string'),
      skip_region_validation: optional('bool'),
    },
    blocks: {
      endpoints: { nesting: 'set', block: { attributes: { redshift: optional('string'), sts: optional('string'), iam: optional('string') } } },
    },
  },
  resources: {
    aws_redshift_authentication_profile: {
      attributes: { authentication_profile_name: required('string'), authentication_profile_content: required('string'), id: computed('string') },
    },
  },
  dataSources: {},
};

/**
 * hashicorp/aws 6.x: the profile gains the per-resource `region` argument,
 * Optional and Computed (hashicorp/terraform-provider-aws,
 * website/docs/r/redshift_authentication_profile.html.markdown at 6.x: "`region` -
 * (Optional) Region where this resource will be managed. Defaults to the Region
 * set in the provider configuration."; website/docs/guides/enhanced-region-support.html.markdown:
 * "The new top-level `region` is Optional and Computed"). Served under the same
 * address: a stack judged with it plans as provider 6.x would read it.
 */
export const AWS_6: ProviderSchema = {
  ...AWS,
  resources: {
    aws_redshift_authentication_profile: {
      attributes: { ...AWS.resources.aws_redshift_authentication_profile.attributes, region: optional('string', { computed: true }) },
    },
  },
};

export const DATADOG: ProviderSchema = {
  address: 'registry.terraform.io/datadog/datadog',
  provider: {
    attributes: {
      api_key: optional('string', { sensitive: true }),
      app_key: optional('string', { sensitive: true }),
      api_url: optional('string'),
      validate: optional('string'),
    },
  },
  resources: {
    datadog_restriction_policy: {
      attributes: { resource_id: required('string'), id: computed('string') },
      blocks: { bindings: { nesting: 'set', block: { attributes: { relation: required('string'), principals: required(['set', 'string']) } } } },
    },
  },
  dataSources: {
    datadog_current_user: {
      attributes: { id: computed('string'), email: computed('string'), handle: computed('string'), name: computed('string'), org_id: computed('string') },
    },
  },
};

export const HTTP: ProviderSchema = {
  address: 'registry.terraform.io/hashicorp/http',
  provider: { attributes: {} },
  resources: {},
  dataSources: {
    http: {
      attributes: {
        url: required('string'),
        method: optional('string'),
        request_headers: optional(stringMap),
        request_body: optional('string'),
        id: computed('string'),
        body: computed('string'),
        response_body: computed('string'),
        response_headers: computed(stringMap),
        status_code: computed('number'),
      },
    },
  },
};

const metadata = { nesting: 'list' as const, maxItems: 1, block: { attributes: { name: required('string'), namespace: optional('string') } } };
const keyedMetadata = (mapName: string): BlockSchema => ({
  attributes: {
    api_version: required('string'),
    kind: required('string'),
    [mapName]: optional(stringMap),
    field_manager: optional('string'),
    force: optional('bool'),
    id: computed('string'),
  },
  blocks: { metadata },
});

export const KUBERNETES: ProviderSchema = {
  address: 'registry.terraform.io/hashicorp/kubernetes',
  provider: {
    attributes: {
      config_path: optional('string'),
      config_context: optional('string'),
      host: optional('string'),
      cluster_ca_certificate: optional('string'),
      token: optional('string', { sensitive: true }),
      client_certificate: optional('string'),
      client_key: optional('string', { sensitive: true }),
      insecure: optional('bool'),
    },
  },
  resources: {
    kubernetes_manifest: {
      attributes: { manifest: required('dynamic'), object: { type: 'dynamic', computed: true } },
      blocks: { field_manager: { nesting: 'list', maxItems: 1, block: { attributes: { name: optional('string'), force_conflicts: optional('bool') } } } },
    },
    kubernetes_labels: keyedMetadata('labels'),
    kubernetes_annotations: keyedMetadata('annotations'),
    kubernetes_node_taint: {
      attributes: { field_manager: optional('string'), force: optional('bool'), id: computed('string') },
      blocks: {
        metadata,
        taint: { nesting: 'list', block: { attributes: { key: required('string'), value: required('string'), effect: required('string') } } },
      },
    },
  },
  dataSources: {
    kubernetes_resources: {
      attributes: {
        api_version: required('string'),
        kind: required('string'),
        namespace: optional('string'),
        label_selector: optional('string'),
        field_selector: optional('string'),
        limit: optional('number'),
        objects: computed(['list', 'dynamic']),
      },
    },
  },
};

/**
 * hashicorp/kubernetes 3.x, as the provider declares it at tag v3.2.1 (read from
 * hashicorp/terraform-provider-kubernetes; unchanged since v2.38.0 for every
 * block below but the provider's protocol, 6 from v3.0.0): only what the library
 * writes, whole and with the provider's own required/optional/computed flags,
 * nesting and item counts (KUBERNETES above is a looser sketch of 2.x).
 * - provider: kubernetes/provider.go `Provider()` Schema and
 *   manifest/provider/provider_config.go `GetProviderConfigSchema` (the two
 *   halves of the mux, internal/mux/mux.go, declare the same attributes; none
 *   sensitive).
 * - kubernetes_manifest: manifest/provider/provider.go `GetProviderResourceSchema`
 *   (`manifest` dynamic required; `object` dynamic optional+computed; blocks
 *   `field_manager` {name, force_conflicts}, `wait`, `timeouts`, max 1 each).
 * - kubernetes_labels / kubernetes_annotations: kubernetes/resource_kubernetes_labels.go,
 *   resource_kubernetes_annotations.go (`metadata` required, max 1; `labels`
 *   required; `annotations` or `template_annotations`; `field_manager` string,
 *   default "Terraform"; `force` bool).
 * - kubernetes_node_taint: kubernetes/resource_kubernetes_node_taint.go and
 *   kubernetes/schema_node_spec.go `nodeTaintFields` (`metadata` {name} required,
 *   max 1; `taint` list required, each `key`, `value`, `effect` required).
 * - data kubernetes_resources: manifest/provider/provider.go
 *   `GetProviderDataSourceSchema` (`objects` dynamic optional+computed; `limit` number).
 * SDKv2 resources have an `id` optional+computed; a Required list block is
 * `min_items` 1 on the wire.
 */
const optionalComputed = (type: CtyType): AttributeSchema => ({ type, optional: true, computed: true });
const metadata3 = (withNamespace: boolean): BlockSchema['blocks'] => ({
  metadata: {
    nesting: 'list',
    minItems: 1,
    maxItems: 1,
    block: { attributes: { name: required('string'), ...(withNamespace ? { namespace: optional('string') } : {}) } },
  },
});
export const KUBERNETES_3: ProviderSchema = {
  address: 'registry.terraform.io/hashicorp/kubernetes',
  provider: {
    attributes: {
      host: optional('string'),
      username: optional('string'),
      password: optional('string'),
      insecure: optional('bool'),
      tls_server_name: optional('string'),
      client_certificate: optional('string'),
      client_key: optional('string'),
      cluster_ca_certificate: optional('string'),
      config_paths: optional(['list', 'string']),
      config_path: optional('string'),
      config_context: optional('string'),
      config_context_auth_info: optional('string'),
      config_context_cluster: optional('string'),
      token: optional('string'),
      proxy_url: optional('string'),
      ignore_annotations: optional(['list', 'string']),
      ignore_labels: optional(['list', 'string']),
    },
    blocks: {
      exec: {
        nesting: 'list',
        maxItems: 1,
        block: { attributes: { api_version: required('string'), command: required('string'), env: optional(stringMap), args: optional(['list', 'string']) } },
      },
      experiments: { nesting: 'list', maxItems: 1, block: { attributes: { manifest_resource: optional('bool') } } },
    },
  },
  resources: {
    kubernetes_manifest: {
      attributes: {
        manifest: required('dynamic'),
        object: optionalComputed('dynamic'),
        wait_for: optional(['object', { fields: stringMap }]),
        computed_fields: optional(['list', 'string']),
      },
      blocks: {
        timeouts: { nesting: 'list', maxItems: 1, block: { attributes: { create: optional('string'), update: optional('string'), delete: optional('string') } } },
        field_manager: { nesting: 'list', maxItems: 1, block: { attributes: { name: optional('string'), force_conflicts: optional('bool') } } },
        wait: {
          nesting: 'list',
          maxItems: 1,
          block: {
            attributes: { rollout: optional('bool'), fields: optional(stringMap) },
            blocks: { condition: { nesting: 'list', block: { attributes: { status: optional('string'), type: optional('string') } } } },
          },
        },
      },
    },
    kubernetes_labels: {
      attributes: {
        api_version: required('string'),
        kind: required('string'),
        labels: required(stringMap),
        force: optional('bool'),
        field_manager: optional('string'),
        id: optionalComputed('string'),
      },
      blocks: metadata3(true),
    },
    kubernetes_annotations: {
      attributes: {
        api_version: required('string'),
        kind: required('string'),
        annotations: optional(stringMap),
        template_annotations: optional(stringMap),
        force: optional('bool'),
        field_manager: optional('string'),
        id: optionalComputed('string'),
      },
      blocks: metadata3(true),
    },
    kubernetes_node_taint: {
      attributes: { field_manager: optional('string'), force: optional('bool'), id: optionalComputed('string') },
      blocks: {
        ...metadata3(false),
        taint: { nesting: 'list', minItems: 1, block: { attributes: { key: required('string'), value: required('string'), effect: required('string') } } },
      },
    },
  },
  dataSources: {
    kubernetes_resources: {
      attributes: {
        api_version: required('string'),
        kind: required('string'),
        objects: optionalComputed('dynamic'),
        namespace: optional('string'),
        field_selector: optional('string'),
        label_selector: optional('string'),
        limit: optional('number'),
      },
    },
  },
};

export const NULL: ProviderSchema = {
  address: 'registry.terraform.io/hashicorp/null',
  provider: { attributes: {} },
  resources: { null_resource: { attributes: { triggers: optional(stringMap), id: computed('string') } } },
  dataSources: {},
};

/** Every provider the library's constructs write blocks for, but terraform's built-in one. */
export const ALL_PROVIDERS: readonly ProviderSchema[] = [AWS, DATADOG, HTTP, KUBERNETES, NULL];

/**
 * The cty type Terraform gives a JSON value it decodes as dynamic (a configuration's
 * value, or a state's): arrays are tuples, objects are objects.
 */
export function ctyTypeOf(value: unknown): CtyType | unknown[] {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'bool';
  if (Array.isArray(value)) return ['tuple', value.map(ctyTypeOf)];
  if (value !== null && typeof value === 'object') return ['object', Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ctyTypeOf(v)]))];
  return 'dynamic';
}
