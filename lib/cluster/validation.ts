// The NodeList rules a JSON Schema cannot say (uniqueness, sizes, spec against
// status, the API server's cross-field rules), after the structure check of
// schema.ts. The name grammars both use are in kubernetes-names.ts.
import { isPlainObject } from '../core/plain-object';
import { isUnresolved, Problems } from '../core/problems';
import { ReferenceScope } from '../core/stack-references';
import { isTokenKey } from '../core/token-keys';
import { cidrFamily, isDualStackCidrStrings } from './cidr';
import { ANNOTATIONS_MAX_BYTES, isDnsSubdomain, isLabelValue, isQualifiedName, KEY_RULE, NAME_RULE, VALUE_RULE } from './kubernetes-names';
import { checkNodeSpecificAnnotations } from './node-annotations';
import { nodeResourceQuantityProblem } from './quantity';
import { ConfigMapNodeConfigSource, ListMeta, Node, NodeConfigSource } from './model';
import { checkFieldManager, checkObjectMeta } from './object-meta';
import { checkNodeListStructure } from './schema';
import { nfcOf } from '../core/nfc';

/** Which item indexes use each deprecated or never-sent field: the warnings to add. */
export interface NodeListFindings {
  readonly withStatus: number[];
  readonly withSelfLink: number[];
  readonly withConfigSource: number[];
  readonly withExternalID: number[];
  readonly withPhase: number[];
  readonly withConfigStatus: number[];
  readonly withReadOnlyMetadata: number[];
  readonly listSelfLink: boolean;
}

/**
 * Validates NodeList props into `problems`; returns where deprecated fields are used.
 * `taintKeysUniquePerNode`: the `kubernetes_node_taint` mode refuses two taints
 * with the same key even with different effects.
 */
export function validateNodeList(
  props: { items: Node[]; metadata?: ListMeta; fieldManager?: string },
  problems: Problems,
  taintKeysUniquePerNode: boolean,
  referencesFrom?: ReferenceScope,
): NodeListFindings {
  const findings: NodeListFindings = {
    withStatus: [],
    withSelfLink: [],
    withConfigSource: [],
    withExternalID: [],
    withPhase: [],
    withConfigStatus: [],
    withReadOnlyMetadata: [],
    listSelfLink: props.metadata?.selfLink !== undefined,
  };
  // The rest of the props are checked whatever items is (the schema skips a token).
  checkNodeListStructure(props, problems);
  // The apply request's fieldManager: ValidatePatchOptions checks it with ValidateFieldManager.
  // Written into the stack: a token's variable type is checked where the construct says where it is written.
  checkFieldManager(props.fieldManager, 'props/fieldManager', problems, referencesFrom);
  if (isUnresolved(props.items)) {
    problems.add('props/items', props.items, 'a list of nodes known at synth time (one resource is declared per node)');
    return findings;
  }
  if (!Array.isArray(props.items)) return findings;

  const firstIndexByName = new Map<string, number>();
  props.items.forEach((node, i) => {
    const base = `props/items/${i}`;
    if (isUnresolved(node)) problems.add(base, node, 'a node known at synth time (its name names its resources)');
    if (node === null || typeof node !== 'object' || isUnresolved(node)) return;
    checkMetadata(node, i, base, problems, firstIndexByName, findings);
    checkSpec(node, base, problems, taintKeysUniquePerNode, findings, i);
    checkStatus(node, base, problems, findings, i);
  });
  return findings;
}

function checkMetadata(
  node: Node,
  i: number,
  base: string,
  problems: Problems,
  firstIndexByName: Map<string, number>,
  findings: NodeListFindings,
): void {
  const meta = node.metadata;
  if (isUnresolved(meta)) problems.add(`${base}/metadata`, meta, 'metadata known at synth time (its name names the node\'s resources)');
  if (meta === null || typeof meta !== 'object' || isUnresolved(meta)) return;
  const name = meta.name;
  if (typeof name === 'string') {
    if (isUnresolved(name)) {
      problems.add(`${base}/metadata/name`, name, 'a name known at synth time (it names the node\'s resources)');
    } else if (!isDnsSubdomain(name)) {
      problems.add(`${base}/metadata/name`, name, NAME_RULE);
    } else {
      const first = firstIndexByName.get(name);
      if (first === undefined) firstIndexByName.set(name, i);
      else problems.add(`${base}/metadata/name`, name, `a name no other item has (items/${first} is also named "${name}")`);
    }
  } else if (isUnresolved(name)) {
    // A list, number or map token: no name at synth time either.
    problems.add(`${base}/metadata/name`, name, 'a name known at synth time (it names the node\'s resources)');
  }
  if (typeof meta.namespace === 'string' && meta.namespace !== '' && !isUnresolved(meta.namespace)) {
    problems.add(`${base}/metadata/namespace`, meta.namespace, 'nothing: nodes are cluster-scoped');
  }
  if (meta.selfLink !== undefined) findings.withSelfLink.push(i);
  if (
    meta.generateName !== undefined || meta.uid !== undefined || meta.resourceVersion !== undefined ||
    meta.generation !== undefined || meta.creationTimestamp !== undefined || meta.deletionTimestamp !== undefined ||
    meta.deletionGracePeriodSeconds !== undefined || meta.managedFields !== undefined
  ) {
    findings.withReadOnlyMetadata.push(i);
  }
  checkObjectMeta(meta, `${base}/metadata`, problems);
  checkKeyValues(meta.labels, `${base}/metadata/labels`, problems, true);
  checkKeyValues(meta.annotations, `${base}/metadata/annotations`, problems, false);
  if (isPlainObject(meta.annotations) && !isUnresolved(meta.annotations)) checkNodeSpecificAnnotations(meta.annotations, `${base}/metadata/annotations`, problems);
}

// ValidateNode (pkg/apis/core/validation/validation.go, Kubernetes 1.32): more than one podCIDR
// must be dual-stack (netutils.IsDualStackCIDRStrings, family of each network address, see
// cidr.ts) and at most two (the schema's maxItems); duplicates are one family twice.
function checkPodCidrFamilies(cidrs: string[] | undefined, path: string, problems: Problems): void {
  if (!Array.isArray(cidrs) || isUnresolved(cidrs) || cidrs.length !== 2) return;
  if (!cidrs.every((c) => typeof c === 'string' && !isUnresolved(c))) return;
  const { dualStack, error } = isDualStackCidrStrings(cidrs);
  // A CIDR that does not parse is reported at its own index by the schema.
  if (error || dualStack) return;
  problems.add(`${path}/1`, cidrs[1], `a CIDR of the other IP family (podCIDRs holds at most one IPv4 and one IPv6 CIDR; podCIDRs/0 is IPv${cidrFamily(cidrs[0])})`);
}

function checkKeyValues(map: { [key: string]: string } | undefined, path: string, problems: Problems, labels: boolean): void {
  if (map === null || typeof map !== 'object' || isUnresolved(map)) return;
  let bytes = 0;
  let sized = true;
  for (const key of Object.keys(map)) {
    const value = map[key];
    // A key given as a token (a string or number token) is Terraform's to work out: its grammar is the API server's to check.
    if (!isTokenKey(key)) {
      // The API server checks annotation keys lowercased; label keys as given.
      if (!isQualifiedName(labels ? key : key.toLowerCase())) problems.add(`${path}/${key}`, key, `a key that is ${KEY_RULE}`);
      // Counted as Terraform sends them: in NFC.
      bytes += Buffer.byteLength(nfcOf(key), 'utf8');
    } else sized = false;
    if (typeof value !== 'string') continue;
    if (isUnresolved(value)) {
      sized = false;
      continue;
    }
    if (labels && !isLabelValue(value)) {
      // Under a key Terraform works out, the key cannot be judged: the value is concealed.
      if (isTokenKey(key)) problems.addConcealed(`${path}/${key}`, value, `a label value that is ${VALUE_RULE}`);
      else problems.addUnderKey(key, `${path}/${key}`, value, `a label value that is ${VALUE_RULE}`);
    }
    if (!labels) bytes += Buffer.byteLength(nfcOf(value), 'utf8');
  }
  if (!labels && sized && bytes > ANNOTATIONS_MAX_BYTES) {
    problems.add(path, `${bytes} bytes of keys and values`, `at most ${ANNOTATIONS_MAX_BYTES} bytes (256 KiB) in total`);
  }
}

function checkSpec(node: Node, base: string, problems: Problems, taintKeysUniquePerNode: boolean, findings: NodeListFindings, i: number): void {
  const spec = node.spec;
  if (taintKeysUniquePerNode && isUnresolved(spec)) {
    problems.add(`${base}/spec`, spec, 'a spec known at synth time in LabelsAnnotationsTaints mode (kubernetes_node_taint writes its taints as blocks)');
  }
  if (spec === undefined || spec === null || typeof spec !== 'object' || isUnresolved(spec)) return;
  const path = `${base}/spec`;
  if (spec.configSource !== undefined) findings.withConfigSource.push(i);
  if (spec.externalID !== undefined) findings.withExternalID.push(i);
  checkPodCidrFamilies(spec.podCIDRs, `${path}/podCIDRs`, problems);

  const cidrs = spec.podCIDRs;
  if (
    Array.isArray(cidrs) && cidrs.length > 0 && typeof spec.podCIDR === 'string' && typeof cidrs[0] === 'string' &&
    !isUnresolved(cidrs) && !isUnresolved(cidrs[0]) && !isUnresolved(spec.podCIDR) && cidrs[0] !== spec.podCIDR
  ) {
    problems.add(`${path}/podCIDRs/0`, cidrs[0], `the same CIDR as podCIDR (${JSON.stringify(spec.podCIDR)})`);
  }

  // kubernetes_node_taint writes each taint as a block: known at synth time in that mode (an expression is fine in a manifest).
  const TAINT_BLOCKS = 'known at synth time in LabelsAnnotationsTaints mode (kubernetes_node_taint writes each taint as a block)';
  if (taintKeysUniquePerNode && isUnresolved(spec.taints)) problems.add(`${path}/taints`, spec.taints, `a list of taints ${TAINT_BLOCKS}`);
  if (taintKeysUniquePerNode && Array.isArray(spec.taints) && !isUnresolved(spec.taints)) {
    spec.taints.forEach((taint, t) => {
      if (isUnresolved(taint)) problems.add(`${path}/taints/${t}`, taint, `a taint ${TAINT_BLOCKS}`);
    });
  }
  if (Array.isArray(spec.taints) && !isUnresolved(spec.taints)) {
    const seen = new Map<string, number>();
    spec.taints.forEach((taint, t) => {
      if (taint === null || typeof taint !== 'object' || isUnresolved(taint)) return;
      const tpath = `${path}/taints/${t}`;
      const key = taint.key;
      if (typeof key === 'string' && !isUnresolved(key) && !isQualifiedName(key)) problems.add(`${tpath}/key`, key, `a taint key that is ${KEY_RULE}`);
      const value = taint.value;
      if (typeof value === 'string' && !isUnresolved(value) && !isLabelValue(value)) problems.add(`${tpath}/value`, value, `a taint value that is ${VALUE_RULE}`);
      if (typeof key !== 'string' || isUnresolved(key) || typeof taint.effect !== 'string' || isUnresolved(taint.effect)) return;
      const identity = taintKeysUniquePerNode ? key : `${key}\u0000${taint.effect}`;
      const first = seen.get(identity);
      if (first === undefined) seen.set(identity, t);
      else if (taintKeysUniquePerNode) {
        problems.add(`${tpath}/key`, key, `a key no other taint of this node has: kubernetes_node_taint refuses duplicate keys (taints/${first} has it)`);
      } else {
        problems.add(`${tpath}`, { key, effect: taint.effect }, `a (key, effect) pair no other taint of this node has (taints/${first} has it)`);
      }
    });
  }

  const configMap = spec.configSource?.configMap;
  if (configMap !== undefined && configMap !== null && typeof configMap === 'object' && !isUnresolved(configMap)) {
    for (const field of ['uid', 'resourceVersion'] as const) {
      if (configMap[field] !== undefined) {
        problems.add(`${path}/configSource/configMap/${field}`, configMap[field], 'nothing: forbidden in spec.configSource (the kubelet reports it in status.config)');
      }
    }
  }
}

function checkStatus(node: Node, base: string, problems: Problems, findings: NodeListFindings, i: number): void {
  const status = node.status;
  if (status === undefined || status === null || typeof status !== 'object' || isUnresolved(status)) return;
  findings.withStatus.push(i);
  if (status.phase !== undefined) findings.withPhase.push(i);
  checkResourceQuantities(status.capacity, `${base}/status/capacity`, problems);
  checkResourceQuantities(status.allocatable, `${base}/status/allocatable`, problems);
  const config = status.config;
  if (config === undefined || config === null || typeof config !== 'object' || isUnresolved(config)) return;
  findings.withConfigStatus.push(i);
  for (const which of ['active', 'assigned', 'lastKnownGood'] as const) {
    checkStatusSource(config[which], `${base}/status/config/${which}/configMap`, problems);
  }
}

// ValidateNodeResources (kubernetes/kubernetes pkg/apis/core/validation/validation.go, 1.32):
// ValidateResourceQuantityValue on each capacity and allocatable entry. See quantity.ts.
function checkResourceQuantities(quantities: { [name: string]: string } | undefined, path: string, problems: Problems): void {
  if (quantities === null || typeof quantities !== 'object' || isUnresolved(quantities)) return;
  for (const name of Object.keys(quantities)) {
    const value = quantities[name];
    if (typeof value !== 'string' || isUnresolved(value) || isUnresolved(name)) continue;
    const problem = nodeResourceQuantityProblem(name, value);
    if (problem !== undefined) problems.addUnderKey(name, `${path}/${name}`, value, problem);
  }
}

function checkStatusSource(source: NodeConfigSource | undefined, path: string, problems: Problems): void {
  const configMap: ConfigMapNodeConfigSource | undefined = source?.configMap;
  if (configMap === undefined || configMap === null || typeof configMap !== 'object' || isUnresolved(configMap)) return;
  for (const field of ['uid', 'resourceVersion'] as const) {
    if (configMap[field] === undefined) {
      problems.add(`${path}/${field}`, undefined, `a value is required in status.config sources (the ConfigMap's metadata.${field})`);
    }
  }
}
