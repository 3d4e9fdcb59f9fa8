// The built-in guardrails of a NodeList (issue 45): labels and taints that
// Kubernetes' own components set (declared here they drift, or fight them),
// keys Kubernetes reserves, isolation labels a kubelet may set on itself, and
// a NoExecute taint or a cordon on every node of a list. Each rests on the
// Kubernetes documentation ("Well-Known Labels, Annotations and Taints",
// "Labels and Selectors", "Taints and Tolerations", the NodeRestriction
// admission plugin).
import { GuardrailLevel, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../core/guardrail-rule';
import { entriesOf, knownText, listOf, perSubject } from '../core/guardrail-values';

const WELL_KNOWN = 'https://kubernetes.io/docs/reference/labels-annotations-taints/';
const LABELS = 'https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/';
const TAINTS = 'https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/';
const NODE_RESTRICTION = 'https://kubernetes.io/docs/reference/access-authn-authz/admission-controllers/#noderestriction';
const NODES = 'https://kubernetes.io/docs/concepts/architecture/nodes/';
const NODE_LIST = ['NodeList'];

/** Labels the kubelet populates (and sets again when it registers): the Well-Known page, kubelet_node_status.go updateDefaultLabels. */
export const KUBELET_LABELS: readonly string[] = [
  'kubernetes.io/hostname',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'node.kubernetes.io/instance-type',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
  'beta.kubernetes.io/instance-type',
  'node.kubernetes.io/windows-build',
];

/**
 * Taints Kubernetes adds and removes itself: the node controller's and the kubelet's from the node's conditions
 * (pkg/apis/core/well_known_taints.go, all but `out-of-service`, which an administrator sets), and the cloud
 * controller's (staging/src/k8s.io/cloud-provider/api/well_known_taints.go: TaintExternalCloudProvider, TaintNodeShutdown).
 */
export const CONTROLLER_TAINTS: readonly string[] = [
  'node.kubernetes.io/not-ready',
  'node.kubernetes.io/unreachable',
  'node.kubernetes.io/memory-pressure',
  'node.kubernetes.io/disk-pressure',
  'node.kubernetes.io/pid-pressure',
  'node.kubernetes.io/network-unavailable',
  'node.kubernetes.io/unschedulable',
  'node.cloudprovider.kubernetes.io/uninitialized',
  'node.cloudprovider.kubernetes.io/shutdown',
];

/** The taint an administrator adds to a node that is shut down, so that its pods are evicted (non-graceful node shutdown). */
const OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';

/** Keys in the reserved namespaces that Kubernetes documents for administrators to set. */
function adminKey(key: string): boolean {
  return inNamespace(key, 'node-restriction.kubernetes.io') || key.startsWith('node-role.kubernetes.io/') || key === 'node.kubernetes.io/exclude-from-external-load-balancers';
}

/** The prefix of a key (`kubernetes.io` of `kubernetes.io/hostname`), or "" (getLabelNamespace). */
function namespaceOf(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}

/** Whether the key's prefix is `namespace` or a sub-domain of it (the API server's own test: `ns == n || HasSuffix(ns, "."+n)`). */
function inNamespace(key: string, namespace: string): boolean {
  const ns = namespaceOf(key);
  return ns === namespace || ns.endsWith(`.${namespace}`);
}

/** A key under kubernetes.io or k8s.io (NodeRestriction's isKubernetesLabel). */
function isKubernetesKey(key: string): boolean {
  return inNamespace(key, 'kubernetes.io') || inNamespace(key, 'k8s.io');
}

/**
 * The labels kubelets may set on their own Node among the Kubernetes keys (pkg/kubelet/apis/well_known_labels.go
 * at 04575f01: kubeletLabels, and the namespaces kubelet.kubernetes.io and node.kubernetes.io with their sub-domains).
 */
const KUBELET_SETTABLE_LABELS = new Set([
  'kubernetes.io/hostname',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'beta.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
  'failure-domain.kubernetes.io/zone',
  'failure-domain.kubernetes.io/region',
  'kubernetes.io/instance-type',
]);

function isKubeletLabel(key: string): boolean {
  return KUBELET_SETTABLE_LABELS.has(key) || inNamespace(key, 'kubelet.kubernetes.io') || inNamespace(key, 'node.kubernetes.io');
}

/**
 * Whether a kubelet may set the label on its own Node: the NodeRestriction admission plugin forbids only the
 * node-restriction.kubernetes.io namespace and the Kubernetes keys that are not kubelet labels
 * (plugin/pkg/admission/noderestriction/admission.go at 01467da7, getForbiddenLabels).
 */
function kubeletMaySet(key: string): boolean {
  return !inNamespace(key, 'node-restriction.kubernetes.io') && !(isKubernetesKey(key) && !isKubeletLabel(key));
}

/** The zone and region labels a cloud provider populates (WMC-12). */
function cloudLabel(key: string): boolean {
  return /^(topology\.kubernetes\.io|failure-domain\.beta\.kubernetes\.io)\/(zone|region)$/.test(key);
}

interface Item {
  readonly index: number;
  readonly name: string;
  readonly labels: [string, string | undefined][];
  readonly taints: { index: number; key?: string; effect?: string }[];
  readonly unschedulable?: boolean;
}

const itemsOf = perSubject((subject: GuardrailSubject): Item[] =>
  listOf(subject.props.items).map((item: any, index) => ({
    index,
    name: knownText(item?.metadata?.name) ?? `items/${index}`,
    labels: entriesOf(item?.metadata?.labels).map(([k, v]) => [k, knownText(v)] as [string, string | undefined]),
    taints: listOf(item?.spec?.taints).map((t: any, i) => ({ index: i, key: knownText(t?.key), effect: knownText(t?.effect) })),
    unschedulable: typeof item?.spec?.unschedulable === 'boolean' ? item.spec.unschedulable : undefined,
  })),
);

function labelRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { matches: (key: string) => boolean; says: (key: string) => string }): IGuardrailRule {
  const { matches, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: NODE_LIST,
    check: (subject) =>
      itemsOf(subject).flatMap((item) =>
        item.labels.filter(([key]) => matches(key)).map(([key]): GuardrailViolation => ({ propPath: `items/${item.index}/metadata/labels/${key}`, message: `${item.name}: ${says(key)}` })),
      ),
  };
}

/**
 * A condition on every node of a list of two or more: the fleet leaves no node for what it would
 * evict or keep off (a list of one node is a node set apart on purpose).
 */
function everyNodeRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { holds: (item: Item) => boolean; says: (count: number) => string; prop: string; judges?: (subject: GuardrailSubject) => boolean }): IGuardrailRule {
  const { holds, says, prop, judges, ...rule } = spec;
  return {
    ...rule,
    appliesTo: NODE_LIST,
    check: (subject) => {
      if (judges !== undefined && !judges(subject)) return [];
      const items = itemsOf(subject);
      return items.length >= 2 && items.every(holds) ? [{ propPath: `items/*/${prop}`, message: says(items.length) }] : [];
    },
  };
}

/** The built-in rules of a NodeList. */
export const NODE_RULES: readonly IGuardrailRule[] = [
  labelRule({
    id: 'WMC-11',
    title: 'A node list does not declare the labels the kubelet sets',
    level: GuardrailLevel.WARNING,
    authority: WELL_KNOWN,
    remedy: 'Leave the label out: the kubelet populates it (and sets it again when it registers), so a declared value drifts or is overwritten.',
    matches: (key) => KUBELET_LABELS.includes(key),
    says: (key) => `${key} is populated by the kubelet ("The Kubelet populates this …")`,
  }),
  labelRule({
    id: 'WMC-12',
    title: 'A node list does not declare the zone and region the cloud provider sets',
    level: GuardrailLevel.NOTE,
    authority: WELL_KNOWN,
    remedy: 'Leave the label out where a cloud provider runs (the kubelet or the cloud-controller-manager populates it); set it only on nodes no cloud provider labels.',
    matches: cloudLabel,
    says: (key) => `${key} is populated by the kubelet or the cloud-controller-manager from the cloud provider`,
  }),
  labelRule({
    id: 'WMC-13',
    title: 'A node list does not use label keys Kubernetes reserves',
    level: GuardrailLevel.WARNING,
    authority: LABELS,
    remedy: 'Use a key under your own domain (example.com/pool); node-role.kubernetes.io/<role> and node-restriction.kubernetes.io/ are the reserved keys documented for administrators.',
    // The Kubernetes keys a kubelet may not set, but for the administrators' and those WMC-11 and WMC-12 name;
    // the kubelet's own namespaces are its (--node-labels takes them): WMC-14 speaks of those.
    matches: (key) => isKubernetesKey(key) && !isKubeletLabel(key) && !adminKey(key) && !KUBELET_LABELS.includes(key) && !cloudLabel(key),
    says: (key) => `${key}: "The kubernetes.io/ and k8s.io/ prefixes are reserved for Kubernetes core components"`,
  }),
  {
    id: 'WMC-14',
    title: 'Isolation labels are not ones a kubelet may set on itself',
    level: GuardrailLevel.NOTE,
    appliesTo: NODE_LIST,
    authority: NODE_RESTRICTION,
    remedy: 'For labels that keep workloads on chosen nodes, use the node-restriction.kubernetes.io/ prefix (with the Node authorizer and the NodeRestriction admission plugin): kubelets may not set it.',
    // A label in the kubelets' own namespaces; or one that pairs with a taint of the same key on its node, the
    // dedicated-nodes pattern of "Taints and Tolerations" (dedicated=groupName as taint and label), that a kubelet may set.
    check: (subject) =>
      itemsOf(subject).flatMap((item) =>
        item.labels.flatMap(([key]): GuardrailViolation[] => {
          if (KUBELET_LABELS.includes(key) || cloudLabel(key) || adminKey(key)) return [];
          const own = inNamespace(key, 'kubelet.kubernetes.io') || inNamespace(key, 'node.kubernetes.io');
          const paired = !own && kubeletMaySet(key) && item.taints.some((t) => t.key === key);
          if (!own && !paired) return [];
          const why = own ? 'is in a namespace kubelets may set on their own Node' : `keeps workloads apart (the node has a taint of the same key), and a kubelet may set it on its own Node`;
          return [{ propPath: `items/${item.index}/metadata/labels/${key}`, message: `${item.name}: ${key} ${why}, so a compromised node can claim it` }];
        }),
      ),
  },
  {
    id: 'WMC-15',
    title: 'A node list does not declare the taints Kubernetes controllers own',
    level: GuardrailLevel.WARNING,
    appliesTo: NODE_LIST,
    authority: TAINTS,
    remedy: 'Leave the taint out: the node controller (or the kubelet, or the cloud controller) adds and removes it from the node\'s conditions ("The node controller automatically taints a Node when certain conditions are true").',
    check: (subject) =>
      itemsOf(subject).flatMap((item) =>
        item.taints.filter((t) => t.key !== undefined && CONTROLLER_TAINTS.includes(t.key)).map((t) => ({ propPath: `items/${item.index}/spec/taints/${t.index}`, message: `${item.name}: ${t.key} is added and removed by Kubernetes from the node's conditions` })),
      ),
  },
  everyNodeRule({
    id: 'WMC-16',
    title: 'A NoExecute taint is not on every node of a list',
    level: GuardrailLevel.WARNING,
    authority: TAINTS,
    prop: 'spec/taints',
    remedy: 'Taint the nodes meant for the dedicated workload only, or acknowledge the rule where every pod that must run here tolerates the taint.',
    // The out-of-service taint evicts on purpose: an administrator marks nodes that are shut down (non-graceful node shutdown).
    holds: (item) => item.taints.some((t) => t.effect === 'NoExecute' && t.key !== OUT_OF_SERVICE),
    says: (count) => `every node of the list (${count}) has a NoExecute taint: every running pod that does not tolerate it is evicted ("pods that do not tolerate the taint are evicted immediately")`,
  }),
  everyNodeRule({
    id: 'WMC-17',
    title: 'Not every node of a list is cordoned',
    level: GuardrailLevel.WARNING,
    authority: NODES,
    prop: 'spec/unschedulable',
    remedy: 'Cordon the nodes being drained only; or acknowledge the rule for a list taken out of service on purpose.',
    holds: (item) => item.unschedulable === true,
    // Labels, annotations and taints mode sends no other spec field (NodeListMode): a cordon there is not written.
    judges: (subject) => subject.props.mode !== 'LabelsAnnotationsTaints',
    says: (count) => `every node of the list (${count}) is unschedulable: no new pod is scheduled onto any of them`,
  }),
];

/**
 * A NodeList's props as a plan gives them: its nodes' items, from each node's
 * `kubernetes_manifest` (its metadata and spec), or from its
 * `kubernetes_labels` and `kubernetes_node_taint` (labels, annotations and
 * taints mode), grouped by node name.
 */
export function nodeListPropsAtPlan(resources: readonly { readonly terraformType: string; readonly values: unknown }[]): { [prop: string]: unknown } | undefined {
  const items = new Map<string, { metadata: { name: string; labels?: unknown }; spec: { taints?: unknown[]; unschedulable?: unknown } }>();
  const item = (name: string) => {
    let found = items.get(name);
    if (found === undefined) {
      found = { metadata: { name }, spec: {} };
      items.set(name, found);
    }
    return found;
  };
  for (const r of resources) {
    const v = (r.values ?? {}) as { [attribute: string]: any };
    if (r.terraformType === 'kubernetes_manifest') {
      const m = v.manifest;
      const name = knownText(m?.metadata?.name);
      if (name === undefined) continue;
      const it = item(name);
      it.metadata.labels = m.metadata.labels ?? undefined;
      if (Array.isArray(m.spec?.taints)) it.spec.taints = m.spec.taints;
      if (m.spec?.unschedulable !== undefined) it.spec.unschedulable = m.spec.unschedulable;
    } else if (r.terraformType === 'kubernetes_labels') {
      const name = knownText(v.metadata?.[0]?.name);
      if (name !== undefined) item(name).metadata.labels = v.labels ?? undefined;
    } else if (r.terraformType === 'kubernetes_node_taint') {
      const name = knownText(v.metadata?.[0]?.name);
      if (name !== undefined && Array.isArray(v.taint)) item(name).spec.taints = v.taint;
    }
  }
  return items.size === 0 ? undefined : { items: [...items.values()] };
}
