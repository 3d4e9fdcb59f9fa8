// The descriptors of this library's constructs (lib/core/construct-descriptor.ts),
// each written beside its construct. `explain` reads resources by them; the
// judges under __tests__/ walk them with the jsii assembly, and
// __tests__/core/descriptors.test.ts fails naming a construct class exported
// without one.
import { ConstructDescriptor } from './core/construct-descriptor';
import { IMPORT_TARGET } from './core/descriptors';
import { CLUSTER_NODES, KUBERNETES_PROVIDER, NODE_LIST } from './cluster/descriptors';
import { CURRENT_ORG, DATADOG_PROVIDER, HTTP_PROVIDER, RESTRICTION_POLICY } from './monitoring/descriptors';
import { AUTHENTICATION_PROFILE, AWS_PROVIDER } from './warehouse/descriptors';

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
