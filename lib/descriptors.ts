// The descriptors of this library's constructs (lib/construct-descriptor.ts),
// each written beside its construct. `explain` reads resources by them; the
// judges under __tests__/ walk them with the jsii assembly, and
// __tests__/core/descriptors.test.ts fails naming a construct class exported
// without one.
import { ConstructDescriptor } from './construct-descriptor';
import { CLUSTER_NODES, KUBERNETES_PROVIDER, NODE_LIST } from './cluster/descriptors';
import { CURRENT_ORG, DATADOG_PROVIDER, HTTP_PROVIDER, RESTRICTION_POLICY } from './monitoring/descriptors';
import { AUTHENTICATION_PROFILE, AWS_PROVIDER } from './warehouse/descriptors';

/** ImportTarget (lib/core/import-blocks.ts, below the descriptors): an import block with no resource, for `terraform plan -generate-config-out`; Terraform must generate it, so it is validated only. */
export const IMPORT_TARGET: ConstructDescriptor = {
  className: 'ImportTarget',
  docsPage: 'docs/adopt.md',
  declares: [],
  minimal: { ImportTargetConfig: { terraformType: 'aws_redshift_authentication_profile', importId: 'p' } },
  entryPoints: { '<init>': { judged: 'validate' } },
};

/** Every construct class of the library, described. */
export const CONSTRUCT_DESCRIPTORS: readonly ConstructDescriptor[] = [
  AUTHENTICATION_PROFILE,
  AWS_PROVIDER,
  RESTRICTION_POLICY,
  CURRENT_ORG,
  DATADOG_PROVIDER,
  HTTP_PROVIDER,
  NODE_LIST,
  CLUSTER_NODES,
  KUBERNETES_PROVIDER,
  IMPORT_TARGET,
];
