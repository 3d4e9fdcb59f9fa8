import { Construct } from 'constructs';
import { TerraformOutput, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { ConditionStatus, KubernetesProvider, NodeList, NodeListProps, TaintEffect } from '../../lib';

/** A small cluster: a control-plane node and two workers, with conditions, taints and config status. */
export const SMALL_CLUSTER: NodeListProps = {
  metadata: { resourceVersion: '48213', remainingItemCount: 0 },
  items: [
    {
      metadata: {
        name: 'cp-1.cluster.example.com',
        labels: { 'node-role.kubernetes.io/control-plane': '', 'topology.kubernetes.io/zone': 'eu-west-1a' },
        annotations: { 'node.alpha.kubernetes.io/ttl': '0' },
      },
      spec: {
        podCIDR: '10.244.0.0/24',
        podCIDRs: ['10.244.0.0/24', 'fd00:10:244::/64'],
        providerID: 'aws:///eu-west-1a/i-0abc',
        taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: TaintEffect.NO_SCHEDULE }],
      },
      status: {
        capacity: { cpu: '4', memory: '16Gi', pods: '110' },
        allocatable: { cpu: '3800m', memory: '15Gi', pods: '110' },
        conditions: [
          { type: 'Ready', status: ConditionStatus.TRUE, reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: '2024-05-01T10:00:00Z', lastTransitionTime: '2024-04-01T08:00:00Z' },
          { type: 'MemoryPressure', status: ConditionStatus.FALSE, reason: 'KubeletHasSufficientMemory' },
        ],
        addresses: [
          { type: 'InternalIP', address: '10.0.1.10' },
          { type: 'Hostname', address: 'cp-1' },
        ],
        daemonEndpoints: { kubeletEndpoint: { port: 10250 } },
        nodeInfo: {
          machineID: 'ec2a1b', systemUUID: 'ec2a1b-uuid', bootID: 'boot-1', kernelVersion: '6.1.0',
          osImage: 'Debian GNU/Linux 12 (bookworm)', containerRuntimeVersion: 'containerd://1.7.13',
          kubeletVersion: 'v1.30.1', kubeProxyVersion: 'v1.30.1', operatingSystem: 'linux', architecture: 'amd64',
        },
        images: [{ names: ['registry.k8s.io/pause:3.9'], sizeBytes: 321520 }],
        runtimeHandlers: [{ name: '', features: { recursiveReadOnlyMounts: true, userNamespaces: false } }],
        features: { supplementalGroupsPolicy: true },
      },
    },
    {
      metadata: { name: 'worker-1.cluster.example.com', labels: { pool: 'general' } },
      spec: { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'], providerID: 'aws:///eu-west-1b/i-0def' },
      status: {
        conditions: [{ type: 'Ready', status: ConditionStatus.UNKNOWN, reason: 'NodeStatusUnknown' }],
        daemonEndpoints: { kubeletEndpoint: { port: 10250 } },
        config: {
          assigned: { configMap: { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet', uid: 'a1b2', resourceVersion: '77' } },
          active: { configMap: { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet', uid: 'a1b2', resourceVersion: '77' } },
          lastKnownGood: { configMap: { name: 'kubelet-config', namespace: 'kube-system', kubeletConfigKey: 'kubelet', uid: 'a1b2', resourceVersion: '70' } },
        },
      },
    },
    {
      metadata: { name: 'gpu-1.cluster.example.com', labels: { pool: 'gpu', 'nvidia.com/gpu.present': 'true' } },
      spec: {
        unschedulable: true,
        taints: [
          { key: 'nvidia.com/gpu', value: 'present', effect: TaintEffect.NO_SCHEDULE },
          { key: 'nvidia.com/gpu', value: 'present', effect: TaintEffect.NO_EXECUTE },
        ],
      },
    },
  ],
};

/**
 * Declares a small cluster's nodes as `kubernetes_manifest` resources (status
 * validated, not sent), with the provider reading a kubeconfig.
 */
export class SmallClusterStack extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const kubeconfig = new TerraformVariable(this, 'kubeconfig', { type: 'string', default: '~/.kube/config', description: 'Path of the kubeconfig' });
    new KubernetesProvider(this, 'kubernetes', { configPath: kubeconfig.stringValue, configContext: 'example' });
    const nodes = new NodeList(this, 'nodes', SMALL_CLUSTER);
    new TerraformOutput(this, 'node_list_id', { value: nodes.id });
    new TerraformOutput(this, 'node_ids', { value: nodes.nodes.map((n) => n.id) });
  }
}
