import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack } from '../../lib/core/framework';
import { KubernetesProvider, NodeList } from '../../lib';

/**
 * Reads the cluster's worker nodes, and adopts two existing nodes into state with
 * `import` blocks (`apiVersion=v1,kind=Node,name=<name>`).
 */
export class NodesLookupAdoptStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new KubernetesProvider(this, 'kubernetes', { configPath: '~/.kube/config' });
    const workers = NodeList.fromCluster(this, 'workers', { labelSelector: 'pool=general', limit: 500 });
    new TerraformOutput(this, 'worker_objects', { value: workers.objects });
    NodeList.adopt(this, 'existing', {
      items: [
        { metadata: { name: 'edge-1', labels: { site: 'lab' } }, spec: { providerID: 'baremetal://edge-1' } },
        { metadata: { name: 'edge-2', labels: { site: 'lab' } }, spec: { providerID: 'baremetal://edge-2' } },
      ],
    });
  }
}
