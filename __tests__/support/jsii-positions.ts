// The public API as the jsii assembly describes it: every entry point (a
// constructor or static method) that takes a struct, every place a struct is
// taken (nested ones included), and a minimal valid value of each struct. The
// closed-props test and the positions judge both walk it: a struct or entry
// point the tables below do not know fails them, so new ones cannot be forgotten.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createHash } from 'crypto';
import { TerraformStack } from '../../lib/core/framework';
import {
  PlanExplanation,
  AuthenticationProfile,
  AuthenticationProfileReader,
  AwsProvider,
  ClusterNodeReader,
  ClusterNodes,
  CurrentOrg,
  DatadogProvider,
  HttpProvider,
  ImportTarget,
  KubernetesProvider,
  NodeConfigStatusMachine,
  NodeList,
  RestrictionPolicy,
  RestrictionPolicyReader,
} from '../../lib';
import { stagePackage } from '../../scripts/stage-package';

/** A minimal valid value of each input struct (its required members only, where it can). */
export const MINIMAL: { [struct: string]: unknown } = {
  AuthenticationProfileProps: { authenticationProfileName: 'p', authenticationProfileContent: { a: '1' } },
  AuthenticationProfileState: {},
  AuthenticationProfileReaderOptions: {},
  ExplainTextOptions: {},
  ExplainCiOptions: {},
  ExplainHtmlOptions: {},
  AwsProviderProps: {},
  ClusterNodeReaderOptions: {},
  ClusterNodesProps: {},
  CurrentOrgProps: {},
  DatadogProviderProps: {},
  FetchOrgIdOptions: { apiUrl: 'https://api.datadoghq.com', apiKey: 'api-key', appKey: 'app-key' },
  HttpProviderProps: {},
  ImportTargetConfig: { terraformType: 'aws_redshift_authentication_profile', importId: 'p' },
  KubernetesProviderProps: {},
  RestrictionPolicyBinding: { relation: 'viewer', principals: ['role:abc'] },
  RestrictionPolicyProps: { resourceId: 'dashboard:abc' },
  RestrictionPolicyReaderOptions: { resourceIds: ['dashboard:abc'] },
  RestrictionPolicyState: {},
  NodeListProps: { items: [{ metadata: { name: 'n1' } }] },
  Node: { metadata: { name: 'n1' } },
  ObjectMeta: { name: 'n1' },
  OwnerReference: { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Machine', name: 'm', uid: 'u' },
  // Every member is optional in the type, but the API server's ValidateManagedFields requires an operation.
  ManagedFieldsEntry: { operation: 'Update' },
  ListMeta: {},
  ShardInfo: { selector: 's' },
  NodeSpec: {},
  Taint: { key: 'dedicated', effect: 'NoSchedule' },
  NodeConfigSource: { configMap: { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system' } },
  ConfigMapNodeConfigSource: { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system' },
  NodeStatus: {},
  NodeCondition: { type: 'Ready', status: 'True' },
  NodeAddress: { type: 'InternalIP', address: '10.0.0.1' },
  NodeDaemonEndpoints: {},
  DaemonEndpoint: { port: 10250 },
  NodeSystemInfo: {
    machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: '6.1', osImage: 'os', containerRuntimeVersion: 'containerd://1.7',
    kubeletVersion: 'v1.32.0', kubeProxyVersion: 'v1.32.0', operatingSystem: 'linux', architecture: 'amd64',
  },
  NodeSwapStatus: {},
  ContainerImage: {},
  AttachedVolume: { name: 'v', devicePath: '/dev/xvdf' },
  NodeConfigStatus: {},
  NodeRuntimeHandler: {},
  NodeRuntimeHandlerFeatures: {},
  NodeFeatures: {},
  NodeConfigState: { status: {} },
  NodeConfigEvent: { type: 'SoakCheck' },
};

/** Where a struct's minimal value depends on where it sits (the status.config sources require uid and resourceVersion). */
export function contextual(where: string, struct: string): unknown {
  if (/^NodeList\..*items > status > config > \w+$/.test(where) && struct === 'NodeConfigSource') {
    return { configMap: { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' } };
  }
  if (/^NodeList\..*items > status > config > \w+ > configMap$/.test(where) && struct === 'ConfigMapNodeConfigSource') {
    return { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' };
  }
  return undefined;
}

/** Structs the API returns or reads back, never takes: no entry point accepts them. */
export const OUTPUT_ONLY = ['NodeListEntry', 'ReleasedResources', 'ValidationErrorDetails', 'ValidationProblem', 'NodeReadErrorDetails', 'OrgIdLookupErrorDetails', 'ExplainedResource', 'ExplainedFieldChange', 'ExplainedConstruct', 'ExplainedConstructField', 'ExplainedOutput', 'TerraformCounts'];

/** A plan of nothing, explained against a stack of nothing: the instance PlanExplanation's renderings are called on. */
function emptyExplanation(): PlanExplanation {
  const plan = { format_version: '1.2', terraform_version: '1.11.4', planned_values: {}, configuration: {}, applyable: true, complete: true, errored: false, resource_changes: [] };
  return PlanExplanation.fromPlanAndConfig(JSON.stringify(plan), JSON.stringify({ '//': { metadata: { stackName: 's' } } }));
}

/** Each entry point that takes a struct, called with its struct arguments (by parameter name) and valid values for the rest. */
export const ENTRY: { [entry: string]: (a: { [param: string]: any }, stack: TerraformStack) => unknown } = {
  'AuthenticationProfile.<init>': (a, s) => new AuthenticationProfile(s, 'x', a.props),
  'AuthenticationProfile.adopt': (a, s) => AuthenticationProfile.adopt(s, 'x', a.props),
  'AuthenticationProfile.release': (a, s) => AuthenticationProfile.release(s, 'x', a.props),
  'AuthenticationProfile.fromAuthenticationProfileName': (a, s) => AuthenticationProfile.fromAuthenticationProfileName(s, 'x', 'p', a.state),
  'AuthenticationProfileReader.list': (a) => AuthenticationProfileReader.list(a.options),
  'AwsProvider.<init>': (a, s) => new AwsProvider(s, 'x', a.props),
  'PlanExplanation.toText': (a) => emptyExplanation().toText(a.options),
  'PlanExplanation.toSarif': (a) => emptyExplanation().toSarif(a.options),
  'PlanExplanation.toGithubAnnotations': (a) => emptyExplanation().toGithubAnnotations(a.options),
  'PlanExplanation.toHtml': (a) => emptyExplanation().toHtml(a.options),
  'ClusterNodeReader.list': (a) => ClusterNodeReader.list(a.options),
  'ClusterNodes.<init>': (a, s) => new ClusterNodes(s, 'x', a.props),
  'CurrentOrg.<init>': (a, s) => new CurrentOrg(s, 'x', a.props),
  'CurrentOrg.fetchOrgId': (a) => CurrentOrg.fetchOrgId(a.options),
  'DatadogProvider.<init>': (a, s) => new DatadogProvider(s, 'x', a.props),
  'HttpProvider.<init>': (a, s) => new HttpProvider(s, 'x', a.props),
  'ImportTarget.<init>': (a, s) => new ImportTarget(s, 'x', a.config),
  'KubernetesProvider.<init>': (a, s) => new KubernetesProvider(s, 'x', a.props),
  'NodeConfigStatusMachine.next': (a) => NodeConfigStatusMachine.next(a.current, a.event, new Date('2024-05-01T10:00:00Z')),
  'NodeConfigStatusMachine.sameSource': (a) => NodeConfigStatusMachine.sameSource(a.a, a.b),
  'NodeList.<init>': (a, s) => new NodeList(s, 'x', a.props),
  'NodeList.adopt': (a, s) => NodeList.adopt(s, 'x', a.props),
  'NodeList.release': (a, s) => NodeList.release(s, 'x', a.props),
  'NodeList.fromCluster': (a, s) => NodeList.fromCluster(s, 'x', a.props),
  'RestrictionPolicy.<init>': (a, s) => new RestrictionPolicy(s, 'x', a.props),
  'RestrictionPolicy.adopt': (a, s) => RestrictionPolicy.adopt(s, 'x', a.props),
  'RestrictionPolicy.release': (a, s) => RestrictionPolicy.release(s, 'x', a.props),
  'RestrictionPolicy.fromResourceId': (a, s) => RestrictionPolicy.fromResourceId(s, 'x', 'dashboard:abc', a.state),
  'RestrictionPolicyReader.read': (a) => RestrictionPolicyReader.read(a.options),
};

/**
 * Entry points that read a live service: they fail with their own documented
 * error (reason `invalid-options`, nothing sent) rather than a ValidationError,
 * and cannot be called with valid options here.
 */
export const READERS = ['AuthenticationProfileReader.list', 'ClusterNodeReader.list', 'CurrentOrg.fetchOrgId', 'RestrictionPolicyReader.read'];

export interface Step {
  readonly prop: string;
  readonly collection?: 'array' | 'map';
  readonly struct: string;
}

/** One place a struct is taken: an entry point's parameter, and the properties down to the struct. */
export interface Usage {
  readonly entry: string;
  readonly param: string;
  readonly root: string;
  readonly steps: Step[];
  readonly label: string;
}

export const short = (fqn: string) => fqn.slice(fqn.lastIndexOf('.') + 1);

/**
 * The assembly jsii compiles from lib/ (cdktf edition), cached by the sources'
 * hash in the temporary directory: one jsii build per change of lib/, whichever
 * tests read it.
 */
export function readAssembly(): any {
  const root = path.resolve(__dirname, '..', '..');
  const hash = createHash('sha256');
  const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  for (const file of [...files(path.join(root, 'lib')), path.join(root, 'package.json')].sort()) hash.update(file).update(fs.readFileSync(file));
  const cached = path.join(os.tmpdir(), `wmc-jsii-${hash.digest('hex').slice(0, 16)}.json`);
  if (fs.existsSync(cached)) return JSON.parse(fs.readFileSync(cached, 'utf8'));
  const dir = stagePackage('cdktf');
  try {
    const text = fs.readFileSync(path.join(dir, '.jsii'), 'utf8');
    fs.writeFileSync(`${cached}.${process.pid}`, text);
    fs.renameSync(`${cached}.${process.pid}`, cached);
    return JSON.parse(text);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function structsOf(assembly: any): Set<string> {
  return new Set(Object.entries<any>(assembly.types).filter(([, t]) => t.kind === 'interface' && t.datatype).map(([fqn]) => fqn));
}

// A struct's properties, its bases' included (NodeListProps extends NodeListModel).
export function propertiesOf(assembly: any, fqn: string): any[] {
  const type = assembly.types[fqn];
  return [...(type.properties ?? []), ...(type.interfaces ?? []).filter((b: string) => assembly.types[b]).flatMap((b: string) => propertiesOf(assembly, b))];
}

// The struct a type reference names, directly or as a list's or map's element, or in a union.
export function structRefs(ref: any, structs: Set<string>): { struct: string; collection?: 'array' | 'map' }[] {
  if (ref === undefined) return [];
  if (ref.fqn !== undefined) return structs.has(ref.fqn) ? [{ struct: ref.fqn }] : [];
  if (ref.collection !== undefined) {
    const collection = ref.collection.kind === 'array' ? 'array' : 'map';
    return structRefs(ref.collection.elementtype, structs).filter((r) => r.collection === undefined).map((r) => ({ ...r, collection }));
  }
  if (ref.union !== undefined) return ref.union.types.flatMap((t: any) => structRefs(t, structs));
  return [];
}

export function usagesOf(assembly: any): Usage[] {
  const structs = structsOf(assembly);
  const usages: Usage[] = [];
  const walk = (entry: string, param: string, root: string, steps: Step[], seen: Set<string>) => {
    const at = steps.length === 0 ? root : steps[steps.length - 1].struct;
    const label = `${entry}(${param})${steps.map((s) => ` > ${s.prop}`).join('')}`;
    usages.push({ entry, param, root, steps, label });
    for (const property of propertiesOf(assembly, at)) {
      for (const ref of structRefs(property.type, structs)) {
        if (seen.has(ref.struct)) continue;
        walk(entry, param, root, [...steps, { prop: property.name, collection: ref.collection, struct: ref.struct }], new Set([...seen, ref.struct]));
      }
    }
  };
  for (const [fqn, type] of Object.entries<any>(assembly.types)) {
    if (type.kind !== 'class') continue;
    // Constructors, static methods and instance methods (PlanExplanation's renderings take options structs).
    const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? [])];
    for (const callable of callables) {
      if (callable.protected) continue;
      for (const parameter of callable.parameters ?? []) {
        for (const ref of structRefs(parameter.type, structs)) {
          if (ref.collection !== undefined) throw new Error(`${short(fqn)}.${callable.name}(${parameter.name}): a list or map of structs as a parameter; extend this test`);
          walk(`${short(fqn)}.${callable.name}`, parameter.name, ref.struct, [], new Set([ref.struct]));
        }
      }
    }
  }
  return usages;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

export function minimalOf(struct: string, where: string): any {
  const value = contextual(where, short(struct)) ?? MINIMAL[short(struct)];
  if (value === undefined) throw new Error(`no minimal value for ${short(struct)}: add one to MINIMAL`);
  return clone(value);
}

/**
 * The arguments of an entry point with the struct of `usage` at its place,
 * built from minimal values; `extra` is added to that struct. Also returns the
 * problem path of the struct (`props/items/0/metadata`).
 */
export function argumentsFor(usage: Usage, usages: Usage[], extra: object): { args: { [param: string]: any }; structPath: string } {
  const args: { [param: string]: any } = {};
  for (const u of usages) if (u.entry === usage.entry && u.steps.length === 0) args[u.param] = minimalOf(u.root, `${u.entry}(${u.param})`);
  let parent = args[usage.param];
  const segments = [usage.param];
  let where = `${usage.entry}(${usage.param})`;
  usage.steps.forEach((step) => {
    where += ` > ${step.prop}`;
    if (step.collection === 'array') {
      parent[step.prop] ??= [minimalOf(step.struct, where)];
      parent = parent[step.prop][0];
      segments.push(step.prop, '0');
    } else if (step.collection === 'map') {
      parent[step.prop] ??= { k: minimalOf(step.struct, where) };
      parent = parent[step.prop].k;
      segments.push(step.prop, 'k');
    } else {
      parent[step.prop] ??= minimalOf(step.struct, where);
      parent = parent[step.prop];
      segments.push(step.prop);
    }
  });
  Object.assign(parent, extra);
  return { args, structPath: segments.join('/') };
}
