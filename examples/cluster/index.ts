import { App } from '../../lib/core/framework';
import { KubeletNodesStack } from './kubelet-nodes';
import { NodesLookupAdoptStack } from './nodes-lookup-adopt';
import { SmallClusterStack } from './small-cluster';

/** The cluster example stacks, by stack name. */
export const CLUSTER_EXAMPLES: { [name: string]: (app: App, name: string) => void } = {
  'cluster-small-cluster': (app, name) => new SmallClusterStack(app, name),
  'cluster-kubelet-nodes': (app, name) => new KubeletNodesStack(app, name),
  'cluster-nodes-lookup-adopt': (app, name) => new NodesLookupAdoptStack(app, name),
};
