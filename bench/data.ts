// Inputs shared by the library and baseline variants, so both write the same blocks.

export function profileName(i: number): string {
  return `profile-${i}`;
}

export function profileContent(i: number): { [key: string]: string } {
  return { AllowDBUserOverride: '1', App_ID: 'example-app', Client_ID: `client-${i}` };
}

/** Canonical JSON (keys sorted): what the library writes; the baseline writes it precomputed. */
export function profileContentJson(i: number): string {
  const c = profileContent(i);
  return JSON.stringify(Object.fromEntries(Object.keys(c).sort().map((k) => [k, c[k]])));
}

function uuid(prefix: string, i: number): string {
  return `${prefix}-0000-1111-0000-${String(i).padStart(12, '0')}`;
}

export function dashboardId(i: number): string {
  return `abc-def-${i}`;
}

/** Bindings already sorted and deduplicated, as the library would write them. */
export function policyBindings(i: number): { relation: string; principals: string[] }[] {
  return [
    { relation: 'editor', principals: [`role:${uuid('00000000', i)}`, `team:${uuid('00000002', i)}`] },
    { relation: 'viewer', principals: [`org:${uuid('00000009', 0)}`] },
  ];
}

export function nodeName(i: number): string {
  return `worker-${i}.cluster.example.com`;
}

export function nodeItem(i: number) {
  return {
    metadata: { name: nodeName(i), labels: { pool: 'general', 'topology.kubernetes.io/zone': 'eu-west-1a' } },
    spec: {
      podCIDR: `10.${(i >> 8) & 255}.${i & 255}.0/24`,
      providerID: `aws:///eu-west-1a/i-${i.toString(16).padStart(8, '0')}`,
      taints: [{ key: 'dedicated', value: 'general', effect: 'NoSchedule' }],
    },
    status: {
      capacity: { cpu: '4', memory: '16Gi', pods: '110' },
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
      daemonEndpoints: { kubeletEndpoint: { port: 10250 } },
    },
  };
}

/** The manifest kubernetes_manifest applies: apiVersion, kind, writable metadata, spec (no status). */
export function nodeManifestOf(i: number) {
  const item = nodeItem(i);
  return { apiVersion: 'v1', kind: 'Node', metadata: item.metadata, spec: item.spec };
}
