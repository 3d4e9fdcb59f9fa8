import { Construct } from 'constructs';
import { TerraformDataSource, TerraformProvider } from '../core/framework';
import { compileSchema } from '../core/json-schema';
import { constructPathOf, Problems } from '../core/problems';
import { readProps } from '../core/snapshot';
import { checkProvider } from '../core/meta-arguments';
import { checkNumber } from '../core/scalar-positions';
import { wire } from '../core/wire';
import { WireDataSource } from '../core/wire-elements';
import { checkNodeSelectors } from './selectors';

/** Props of {@link ClusterNodes}. */
export interface ClusterNodesProps {
  /**
   * Label selector, e.g. `node-role.kubernetes.io/worker,pool!=gpu`.
   *
   * @default - every node
   */
  readonly labelSelector?: string;
  /**
   * Field selector, e.g. `spec.unschedulable=false`.
   *
   * @default - every node
   */
  readonly fieldSelector?: string;
  /**
   * At most this many nodes are read (the API's `limit`). The provider does not
   * follow `continue` tokens, so the rest are not read.
   *
   * @default - no limit
   */
  readonly limit?: number;
  /**
   * The kubernetes provider to read with.
   *
   * @default - the stack's default kubernetes provider
   */
  readonly provider?: TerraformProvider;
}

const checkProps = compileSchema({
  type: 'object',
  properties: {
    // Checked by checkNodeSelectors (the string pipeline and the API server's grammars).
    labelSelector: {},
    fieldSelector: {},
    // Checked by the number pipeline and checkProvider.
    limit: {},
    provider: {},
  },
  additionalProperties: false,
});

/**
 * The nodes of a cluster, read at plan time with the data source
 * `kubernetes_resources` (`api_version = "v1"`, `kind = "Node"`). Whole objects
 * are returned, status included. Declares nothing.
 */
export class ClusterNodes extends Construct {
  /** The `kubernetes_resources` data source. */
  public readonly dataSource: TerraformDataSource;
  /**
   * The nodes read: a list of whole Node objects (Kubernetes JSON). A reference,
   * known at plan time; use it in Terraform expressions, e.g.
   * `[for n in <objects> : n.metadata.name]`.
   */
  public readonly objects: { [key: string]: any };

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props selectors, limit and provider of the read (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: ClusterNodesProps = {}) {
    props = readProps(constructPathOf(scope, id), props, 'props', true) ?? {};
    super(scope, id);
    const problems = new Problems();
    checkProps(props, problems);
    checkNodeSelectors(props, problems, { construct: this });
    checkNumber(props.limit, { rule: 'a whole number of nodes, at least 1', integer: true, minimum: 1 }, problems, 'props/limit', this);
    checkProvider(props.provider, problems, 'props/provider', 'kubernetes');
    problems.throwIfAny(this);
    const dataSource = new WireDataSource(this, 'Resource', {
      terraformType: 'kubernetes_resources',
      providerName: 'kubernetes',
      provider: props.provider,
      attributes: () => ({
        api_version: wire.string('v1'),
        kind: wire.string('Node'),
        label_selector: wire.string(props.labelSelector),
        field_selector: wire.string(props.fieldSelector),
        limit: wire.number(props.limit),
      }),
    });
    this.dataSource = dataSource;
    this.objects = dataSource.getAnyMapAttribute('objects');
  }
}
