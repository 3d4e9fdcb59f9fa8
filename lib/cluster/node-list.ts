import { createHash } from 'crypto';
import { Construct } from 'constructs';
import {
  Annotations,
  IResolvable,
  ITerraformDependable,
  TerraformProvider,
  TerraformResource,
} from '../core/framework';
import { ProviderMetaArguments } from '../core/meta-argument-props';
import { ImportBlocks } from '../core/import-blocks';
import { MovedBlocks } from '../core/moved-blocks';
import { ReleasedResources, releaseOwnedResources } from '../core/removed-blocks';
import { literalView } from '../core/literal-text';
import { checkMetaArguments } from '../core/meta-arguments';
import { constructPathOf, Problems, requireKnown } from '../core/problems';
import { readProps } from '../core/snapshot';
import { isCredentialLookingKey } from '../core/received-value';
import { ReferenceScope } from '../core/stack-references';
import { checkWrittenStrings } from '../core/string-position';
import { checkBoolean } from '../core/scalar-positions';
import { ValidationError } from '../core/validation-error';
import { wire, WireAttributes } from '../core/wire';
import { WireResource } from '../core/wire-elements';
import { ClusterNodes, ClusterNodesProps } from './cluster-nodes';
import { KubeJson, nodeManifest, nodeToKube } from './mappers';
import { nodeListFromKubectlJson } from './kubectl-json';
import { ListMeta, Node, NodeListModel, Taint } from './model';
import { NodeListFindings, validateNodeList } from './validation';
import { recordOrigin } from '../core/construct-origin';
import { recordGuardrailSubject } from '../core/guardrail-findings';
import { LiveObjects } from '../core/live-objects';
import { NODE_ANNOTATIONS_RESOURCE, NODE_LABELS_RESOURCE, NODE_LIST, NODE_MANIFEST_RESOURCE, NODE_TAINTS_RESOURCE } from './descriptors';
import { DeclaredResource } from '../construct-descriptor';

/** How a {@link NodeList} manages its nodes. */
export enum NodeListMode {
  /**
   * One `kubernetes_manifest` per node: the node object itself (`apiVersion: v1`,
   * `kind: Node`, writable metadata, spec), applied server-side. For nodes this
   * configuration owns, including nodes registered without a kubelet.
   */
  MANIFEST = 'Manifest',
  /**
   * For nodes that their kubelets registered: manage only what a user may own on
   * such a node, with `kubernetes_labels`, `kubernetes_annotations` and
   * `kubernetes_node_taint` per node (each only when the node has some). Other
   * spec fields are not sent. Requires the nodes to exist.
   */
  LABELS_ANNOTATIONS_TAINTS = 'LabelsAnnotationsTaints',
}

/** Props of a {@link NodeList}. */
export interface NodeListProps extends NodeListModel, ProviderMetaArguments {
  /**
   * How the nodes are managed.
   *
   * @default NodeListMode.MANIFEST
   */
  readonly mode?: NodeListMode;

  /**
   * Field manager name for the server-side apply (`field_manager.name` of
   * `kubernetes_manifest`, `field_manager` of the labels, annotations and taint
   * resources).
   *
   * @default - the provider's default, `Terraform` (`tf-taint` for taints)
   */
  readonly fieldManager?: string;

  /**
   * Take over fields another manager owns (`field_manager.force_conflicts` of
   * `kubernetes_manifest`, `force` of the other resources).
   *
   * @default false
   */
  readonly forceConflicts?: boolean | IResolvable;
}

/** What a {@link NodeList} declares for one node. */
export interface NodeListEntry {
  /** The node's name. */
  readonly name: string;
  /** Index of the node in `items`. */
  readonly index: number;
  /** The node as Kubernetes JSON, exactly as given (status included), with the exact wire keys. */
  readonly object: { [key: string]: any };
  /**
   * The manifest object of the node: `apiVersion`, `kind`, writable metadata and
   * spec (what `kubernetes_manifest` applies in manifest mode).
   */
  readonly manifest: { [key: string]: any };
  /**
   * The Terraform resources of the node: one `kubernetes_manifest`, or up to one
   * each of `kubernetes_labels`, `kubernetes_annotations`, `kubernetes_node_taint`.
   */
  readonly resources: TerraformResource[];
  /** Terraform `id` of each resource, in the order of `resources` (references, known after apply). */
  readonly resourceIds: string[];
  /**
   * Terraform `id` of the node's `kubernetes_manifest` (a reference, known after apply).
   *
   * @default - undefined in labels/annotations/taints mode
   */
  readonly id?: string;
}

const MAX_LISTED = 5;

/**
 * A list of nodes (`cluster:core/v1:NodeList`), applied the way kubectl applies a
 * `List`: item by item.
 *
 * In {@link NodeListMode.MANIFEST} (the default) each node becomes one
 * `kubernetes_manifest`. `status` is validated and never sent (it is read-only and
 * the provider refuses it). In {@link NodeListMode.LABELS_ANNOTATIONS_TAINTS} only
 * the labels, annotations and taints of existing nodes are managed.
 *
 * The list's {@link NodeList.id} is derived from the node names: the SHA-256 of the
 * sorted names joined by newlines, as 64 hex digits. It is known at synth time and
 * does not depend on the order of `items`.
 *
 * @example
 * new NodeList(stack, 'Nodes', {
 *   items: [{ metadata: { name: 'worker-1', labels: { pool: 'general' } },
 *             spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: TaintEffect.NO_SCHEDULE }] } }],
 * });
 */
export class NodeList extends Construct {
  /**
   * The Terraform type of the construct's resources in the default mode
   * ({@link NodeListMode.MANIFEST}): `kubernetes_manifest`, one per node, as
   * cdktf's generated resource classes declare it, so that cdktf's `Testing`
   * matchers take the class
   * (`expect(Testing.synth(stack)).toHaveResourceWithProperties(NodeList, { manifest: … })`).
   * In {@link NodeListMode.LABELS_ANNOTATIONS_TAINTS} the resources are
   * `kubernetes_labels`, `kubernetes_annotations` and `kubernetes_node_taint`:
   * give the matchers those types (`{ tfResourceType: 'kubernetes_labels' }`).
   */
  public static readonly tfResourceType: string = NODE_MANIFEST_RESOURCE.terraformTypes[0];

  /**
   * Reads the cluster's nodes (data `kubernetes_resources`, `kind = "Node"`).
   * Declares nothing. Same as `new ClusterNodes(scope, id, props)`.
   *
   * @param scope the scope in which to define the data source's construct
   * @param id the scoped construct id
   * @param props selectors, limit and provider of the read
   * @returns the construct holding the data source and the nodes it reads
   */
  public static fromCluster(scope: Construct, id: string, props: ClusterNodesProps = {}): ClusterNodes {
    return new ClusterNodes(scope, id, props);
  }

  /**
   * Reads the output of `kubectl get nodes -o json` or of the raw list,
   * `kubectl get --raw /api/v1/nodes` (its text, or the parsed object), as
   * NodeList props, as it is: the list's and items' `apiVersion` and `kind` are
   * checked (`v1`, `List`/`NodeList`, `Node`, or none on the items, as in a raw
   * list) and dropped, the wire
   * key `Port` is read as `port`, and status and system metadata are kept (they
   * are validated and never sent). Pass the result to `new NodeList` or
   * `NodeList.adopt`, with `mode` and the other props added as needed.
   *
   * @param output the command's output, as text or as the parsed JSON object
   * @returns the props: `items` and, when present, `metadata`
   */
  public static propsFromKubectlJson(output: any): NodeListProps {
    return nodeListFromKubectlJson(output);
  }

  /**
   * Declares nodes that already exist and adopts them into Terraform state: one
   * `import` block per node, id `apiVersion=v1,kind=Node,name=<name>`. Manifest
   * mode only (the other resources cannot be imported).
   *
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the nodes and settings, as for the constructor (a `mode` other than `MANIFEST` is a `ValidationError`)
   * @returns the declared list
   */
  public static adopt(scope: Construct, id: string, props: NodeListProps): NodeList {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    if (literalView(props.mode) !== undefined && literalView(props.mode) !== NodeListMode.MANIFEST) {
      const problems = new Problems();
      problems.add('props/mode', props.mode, 'Manifest: only kubernetes_manifest resources can be imported');
      throw new ValidationError(constructPathOf(scope, id), [...problems.list]);
    }
    const list = new NodeList(scope, id, props);
    const imports = ImportBlocks.of(list);
    for (const entry of list.nodes) {
      const resource = entry.resources[0] as WireResource;
      imports.add(() => resource.address, `apiVersion=v1,kind=Node,name=${entry.name}`, props.provider);
    }
    return list;
  }

  /**
   * Stops managing nodes without destroying them, the counterpart of
   * `adopt`: instead of the resources, writes
   * `removed { from = <address>; lifecycle { destroy = false } }` for each
   * resource the construct would declare (every node resource of the mode:
   * `kubernetes_manifest`, or the labels, annotations and taint resources), in
   * the JSON and the HCL output (Terraform 1.7 or later). Give the id and props
   * the construct had, so the addresses are the ones in the state; the props
   * are checked as for the constructor. After the apply, the live nodes are
   * kept and are no longer in the state; then the call can go. The kubernetes
   * provider must stay in the stack: Terraform reads the state with it.
   *
   * @param scope the scope the construct was defined in
   * @param id the construct's id
   * @param props the construct's props, as they were
   * @returns the addresses the blocks name; nothing is declared, so there is nothing to reference
   */
  public static release(scope: Construct, id: string, props: NodeListProps): ReleasedResources {
    return releaseOwnedResources(new NodeList(scope, id, props));
  }

  /** The nodes, as given. */
  public readonly items: Node[];
  /**
   * The list metadata, as given.
   *
   * @default - none
   */
  public readonly metadata?: ListMeta;
  /** The mode the nodes are managed in. */
  public readonly mode: NodeListMode;
  /** The list's id: SHA-256 (hex) of the sorted node names joined by "\n". */
  public readonly id: string;
  /** What is declared for each node, in the order of `items`. */
  public readonly nodes: NodeListEntry[];

  private readonly byName = new Map<string, NodeListEntry>();

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the nodes and how to manage them (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: NodeListProps) {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    super(scope, id);
    recordOrigin(this, NODE_LIST.className, NodeList);
    recordGuardrailSubject(this, NODE_LIST.className, props, NODE_LIST.rules ?? []);
    // A node resource's problem path names its item: read at synth, from the entries built below.
    LiveObjects.of(this).add(this, NODE_LIST, (resourceId) => this.nodes.find((entry) => entry.resources.some((r) => r.node.id === resourceId))?.index);
    const mode = props.mode ?? NodeListMode.MANIFEST;
    const problems = new Problems();
    refuseRepetition(props, problems);
    checkMetaArguments(this, props, problems, {}, 'kubernetes', false);
    checkBoolean(props.forceConflicts, problems, 'props/forceConflicts', this);
    // A Literal.text value is checked as the text it stands for, and written literally.
    const view = literalView(props);
    const findings = validateNodeList(view, problems, mode === NodeListMode.LABELS_ANNOTATIONS_TAINTS, { construct: this });
    requireKnown(props.mode, problems, 'props/mode', 'it chooses which resources are declared');
    // Every string written (the writable metadata and the spec) read as Terraform reads it.
    if (problems.isClean('props/items')) checkWrittenNodes(props.items, problems, { construct: this });
    problems.throwIfAny(this);

    this.items = props.items;
    this.metadata = props.metadata;
    this.mode = mode;
    this.warn(findings, props.items, mode);

    const names = view.items.map((n) => n.metadata.name as string);
    this.id = createHash('sha256').update([...names].sort().join('\n')).digest('hex');

    const common = { provider: props.provider, dependsOn: props.dependsOn };
    this.nodes = props.items.map((node, index) => {
      const name = names[index];
      const manifest = nodeManifest(node);
      const resources =
        mode === NodeListMode.MANIFEST
          ? [manifestResource(this, name, manifest, props, common)]
          : partResources(this, name, node, props, common);
      const entry = new Entry(name, index, node, manifest, resources, mode === NodeListMode.MANIFEST);
      this.byName.set(name, entry);
      return entry;
    });
  }

  /**
   * What is declared for one node, by name.
   *
   * @param name the node's `metadata.name`
   * @returns the node's entry, or undefined when no item has that name
   */
  public nodeNamed(name: string): NodeListEntry | undefined {
    return this.byName.get(name);
  }

  /**
   * Declares that this list was at `previousPath` before (renamed, or moved
   * into another scope), so that Terraform moves every node resource in its state
   * instead of destroying and recreating them: a `moved { from, to }` block
   * per resource, in the JSON and the HCL output (Terraform 1.1 or later).
   *
   * The former addresses are computed with the stack's own logical-id
   * allocation (`allocateLogicalId`, also when the stack overrides it) for the
   * former path; a resource whose logical id was overridden
   * (`overrideLogicalId`) keeps its address wherever the construct is, and gets
   * no block (if the override itself changed, use cdktf's `moveFromId` on that
   * resource).
   * Keep the call until every state (each workspace, each environment) has
   * applied the move; one former path per construct.
   *
   * @param previousPath the construct's former path below its stack: its former id (`"analysts"`), or the ids of its former scopes and its own joined by `/` (`"team/analysts"`); a token, an empty id or the current path is a `ValidationError`
   */
  public movedFrom(previousPath: string): void {
    MovedBlocks.of(this).add(this, previousPath);
  }

  private warn(findings: NodeListFindings, items: Node[], mode: NodeListMode): void {
    const annotations = Annotations.of(this);
    const at = (indexes: number[], field: string) => {
      const shown = indexes.slice(0, MAX_LISTED).map((i) => `items/${i}/${field}`).join(', ');
      return indexes.length > MAX_LISTED ? `${shown} and ${indexes.length - MAX_LISTED} more` : shown;
    };
    if (findings.withStatus.length > 0) {
      annotations.addWarning(
        `NodeList: status is read-only and never sent (kubernetes_manifest refuses it); it was validated only: ${at(findings.withStatus, 'status')}`,
      );
    }
    if (findings.withReadOnlyMetadata.length > 0) {
      annotations.addWarning(
        `NodeList: metadata fields populated by the system (uid, resourceVersion, generation, creationTimestamp, deletionTimestamp, deletionGracePeriodSeconds, managedFields, generateName) are validated and never sent: ${at(findings.withReadOnlyMetadata, 'metadata')}`,
      );
    }
    if (findings.listSelfLink) {
      annotations.addWarning('NodeList: metadata/selfLink is deprecated (the API server no longer populates it); accepted, not sent');
    }
    if (findings.withSelfLink.length > 0) {
      annotations.addWarning(`NodeList: selfLink is deprecated (the API server no longer populates it); accepted, never sent: ${at(findings.withSelfLink, 'metadata/selfLink')}`);
    }
    if (findings.withConfigSource.length > 0) {
      annotations.addWarning(
        `NodeList: spec.configSource is deprecated (dynamic kubelet configuration, deprecated in Kubernetes 1.22 and removed from the kubelet in 1.24: no kubelet acts on it); accepted${mode === NodeListMode.MANIFEST ? ' and sent as given' : ', not sent in this mode'}: ${at(findings.withConfigSource, 'spec/configSource')}`,
      );
    }
    if (findings.withExternalID.length > 0) {
      annotations.addWarning(
        `NodeList: spec.externalID is deprecated (use providerID); accepted${mode === NodeListMode.MANIFEST ? ' and sent as given' : ', not sent in this mode'}: ${at(findings.withExternalID, 'spec/externalID')}`,
      );
    }
    if (findings.withPhase.length > 0) {
      annotations.addWarning(`NodeList: status.phase is deprecated (no longer populated); accepted, never sent: ${at(findings.withPhase, 'status/phase')}`);
    }
    if (findings.withConfigStatus.length > 0) {
      annotations.addWarning(
        `NodeList: status.config (NodeConfigStatus) is deprecated (dynamic kubelet configuration, removed from the kubelet in Kubernetes 1.24); validated, never sent: ${at(findings.withConfigStatus, 'status/config')}`,
      );
    }
    if (mode === NodeListMode.LABELS_ANNOTATIONS_TAINTS) {
      const ignored: number[] = [];
      const timeAdded: number[] = [];
      items.forEach((node, i) => {
        const spec = node.spec;
        if (spec === undefined) return;
        if (
          spec.podCIDR !== undefined || spec.podCIDRs !== undefined || spec.providerID !== undefined ||
          spec.unschedulable !== undefined || spec.configSource !== undefined || spec.externalID !== undefined
        ) ignored.push(i);
        if (Array.isArray(spec.taints) && spec.taints.some((t) => t.timeAdded !== undefined)) timeAdded.push(i);
      });
      if (ignored.length > 0) {
        annotations.addWarning(
          `NodeList: in LabelsAnnotationsTaints mode only labels, annotations and taints are managed; other spec fields are not sent: ${at(ignored, 'spec')}`,
        );
      }
      if (timeAdded.length > 0) {
        annotations.addWarning(`NodeList: kubernetes_node_taint has no timeAdded; it is not sent: ${at(timeAdded, 'spec/taints')}`);
      }
    }
  }
}

/**
 * `forEach` and `count` are refused with the reason (they are not props): a
 * NodeList declares one resource per node, named after the node at synth time
 * (so removing a node touches no other); Terraform's repetition would make
 * every node resource a set of instances whose names are known only at plan
 * time. Repeat in code instead: one item per node.
 */
/** The parts of each item that are written, through the string pipeline (checkWrittenStrings). */
function checkWrittenNodes(items: readonly Node[], problems: Problems, referencesFrom: ReferenceScope): void {
  // A taint's `key` is shown: `key` alone is not credential-looking (received-value.ts).
  const concealedUnder = isCredentialLookingKey;
  items.forEach((node, i) => {
    const meta = node.metadata;
    for (const field of ['name', 'labels', 'annotations', 'ownerReferences', 'finalizers'] as const) {
      checkWrittenStrings(meta[field], `props/items/${i}/metadata/${field}`, problems, referencesFrom, concealedUnder);
    }
    checkWrittenStrings(node.spec, `props/items/${i}/spec`, problems, referencesFrom, concealedUnder);
  });
}

function refuseRepetition(props: NodeListProps, problems: Problems): void {
  for (const key of ['forEach', 'count']) {
    const value = (props as unknown as { [key: string]: unknown })[key];
    if (value === undefined) continue;
    problems.add(
      `props/${key}`,
      value,
      'nothing: a NodeList cannot be repeated by Terraform (it declares one resource per node, named after the node at synth time, ' +
        'so the node names must be known then); list the nodes in items, built in code from your data',
    );
  }
}

// Computed on first use: a reference token captures a stack trace, which costs
// seconds over 10,000 nodes when nobody reads the ids; so does the full object.
class Entry implements NodeListEntry {
  private cachedObject?: { [key: string]: any };
  private cachedIds?: string[];

  constructor(
    public readonly name: string,
    public readonly index: number,
    private readonly source: Node,
    public readonly manifest: { [key: string]: any },
    public readonly resources: TerraformResource[],
    private readonly manifestMode: boolean,
  ) {}

  public get object(): { [key: string]: any } {
    return (this.cachedObject ??= nodeToKube(this.source));
  }

  public get resourceIds(): string[] {
    return (this.cachedIds ??= this.resources.map((r) => r.getStringAttribute('id')));
  }

  public get id(): string | undefined {
    return this.manifestMode ? this.resourceIds[0] : undefined;
  }
}

interface Common {
  readonly provider?: TerraformProvider;
  readonly dependsOn?: ITerraformDependable[];
}

function manifestResource(scope: Construct, name: string, manifest: KubeJson, props: NodeListProps, common: Common): WireResource {
  const fieldManager =
    props.fieldManager !== undefined || props.forceConflicts !== undefined
      ? wire.block({ name: wire.string(props.fieldManager), force_conflicts: wire.boolean(props.forceConflicts) })
      : undefined;
  return new WireResource(scope, itemId(NODE_MANIFEST_RESOURCE, name), {
    terraformType: NODE_MANIFEST_RESOURCE.terraformTypes[0],
    providerName: 'kubernetes',
    ...common,
    attributes: () => ({ manifest: wire.any(manifest), field_manager: fieldManager }),
  });
}

function partResources(scope: Construct, name: string, node: Node, props: NodeListProps, common: Common): WireResource[] {
  const resources: WireResource[] = [];
  const metadata = wire.block({ name: wire.string(name) });
  const manager = wire.string(props.fieldManager);
  const force = wire.boolean(props.forceConflicts);
  // kubernetes_labels and kubernetes_annotations share one shape: a map on an existing object.
  for (const [kind, declared] of [['labels', NODE_LABELS_RESOURCE], ['annotations', NODE_ANNOTATIONS_RESOURCE]] as const) {
    const entries = node.metadata[kind];
    if (entries === undefined || Object.keys(entries).length === 0) continue;
    resources.push(
      new WireResource(scope, itemId(declared, name), {
        terraformType: declared.terraformTypes[0],
        providerName: 'kubernetes',
        ...common,
        attributes: (): WireAttributes => ({
          api_version: wire.string('v1'),
          kind: wire.string('Node'),
          metadata,
          [kind]: wire.stringMap(entries),
          field_manager: manager,
          force,
        }),
      }),
    );
  }
  const taints = node.spec?.taints;
  if (taints !== undefined && taints.length > 0) {
    resources.push(
      new WireResource(scope, itemId(NODE_TAINTS_RESOURCE, name), {
        terraformType: NODE_TAINTS_RESOURCE.terraformTypes[0],
        providerName: 'kubernetes',
        ...common,
        attributes: (): WireAttributes => ({
          metadata,
          taint: wire.blockList(taints.map(taintBlock)),
          field_manager: manager,
          force,
        }),
      }),
    );
  }
  return resources;
}

/** A node resource's construct id: the node's name and the kind's suffix (its descriptor's). */
function itemId(resource: DeclaredResource, name: string): string {
  return 'perItemSuffix' in resource.id ? `${name}${resource.id.perItemSuffix}` : name;
}

// kubernetes_node_taint requires `value`; a taint without one is written with "".
function taintBlock(taint: Taint): WireAttributes {
  return { key: wire.string(taint.key), value: wire.string(taint.value ?? ''), effect: wire.string(taint.effect) };
}
