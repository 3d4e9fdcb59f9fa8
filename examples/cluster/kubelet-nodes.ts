import { Construct } from 'constructs';
import { TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { KubernetesProvider, NodeList, NodeListMode, TaintEffect } from '../../lib';

/**
 * Nodes their kubelets registered: only labels, annotations and taints are
 * managed, with host and token from variables (the token is sensitive).
 */
export class KubeletNodesStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const host = new TerraformVariable(this, 'host', { type: 'string', description: 'API server URL' });
    const token = new TerraformVariable(this, 'token', { type: 'string', sensitive: true, description: 'Bearer token' });
    new KubernetesProvider(this, 'kubernetes', { host: host.stringValue, token: token.stringValue });
    new NodeList(this, 'nodes', {
      mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
      fieldManager: 'platform-team',
      items: [
        {
          metadata: { name: 'ip-10-0-1-10.ec2.internal', labels: { pool: 'general' }, annotations: { 'example.com/owner': 'platform' } },
        },
        {
          metadata: { name: 'ip-10-0-2-20.ec2.internal', labels: { pool: 'batch' } },
          spec: { taints: [{ key: 'workload', value: 'batch', effect: TaintEffect.PREFER_NO_SCHEDULE }] },
        },
      ],
    });
  }
}
