// Closed props (issue 18, item 2): every props/options struct of the public API,
// read from the jsii assembly, refuses a property it does not declare, at every
// entry point that takes it (constructors and static methods, nested structs
// included), naming the path and showing the value by type and size only.
// A struct the tables below do not know fails the test: new structs cannot be forgotten.
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import {
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
import { ValidationError } from '../../lib/core/validation-error';
import { stagePackage } from '../../scripts/stage-package';
import { errorOf } from '../support/errors';

const UNKNOWN_KEY = 'unknownKeyXyz';
const MARKER = 'SeCrEt-MaRkEr';

/** A minimal valid value of each input struct (its required members only, where it can). */
const MINIMAL: { [struct: string]: unknown } = {
  AuthenticationProfileProps: { authenticationProfileName: 'p', authenticationProfileContent: { a: '1' } },
  AuthenticationProfileState: {},
  AuthenticationProfileReaderOptions: {},
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
function contextual(where: string, struct: string): unknown {
  if (/^NodeList\..*items > status > config > \w+$/.test(where) && struct === 'NodeConfigSource') {
    return { configMap: { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' } };
  }
  if (/^NodeList\..*items > status > config > \w+ > configMap$/.test(where) && struct === 'ConfigMapNodeConfigSource') {
    return { kubeletConfigKey: 'kubelet', name: 'cm', namespace: 'kube-system', uid: 'u', resourceVersion: '1' };
  }
  return undefined;
}

/** Structs the API returns or reads back, never takes: no entry point accepts them. */
const OUTPUT_ONLY = ['NodeListEntry', 'ReleasedResources', 'ValidationErrorDetails', 'ValidationProblem', 'NodeReadErrorDetails', 'OrgIdLookupErrorDetails', 'ExplainedResource', 'ExplainedFieldChange'];

let ids = 0;
const newStack = () => new TerraformStack(new App(), `s${ids++}`);

/** Each entry point that takes a struct, called with its struct arguments (by parameter name) and valid values for the rest. */
const ENTRY: { [entry: string]: (a: { [param: string]: any }, stack: TerraformStack) => unknown } = {
  'AuthenticationProfile.<init>': (a, s) => new AuthenticationProfile(s, 'x', a.props),
  'AuthenticationProfile.adopt': (a, s) => AuthenticationProfile.adopt(s, 'x', a.props),
  'AuthenticationProfile.release': (a, s) => AuthenticationProfile.release(s, 'x', a.props),
  'AuthenticationProfile.fromAuthenticationProfileName': (a, s) => AuthenticationProfile.fromAuthenticationProfileName(s, 'x', 'p', a.state),
  'AuthenticationProfileReader.list': (a) => AuthenticationProfileReader.list(a.options),
  'AwsProvider.<init>': (a, s) => new AwsProvider(s, 'x', a.props),
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
const READERS = ['AuthenticationProfileReader.list', 'ClusterNodeReader.list', 'CurrentOrg.fetchOrgId', 'RestrictionPolicyReader.read'];

interface Step {
  readonly prop: string;
  readonly collection?: 'array' | 'map';
  readonly struct: string;
}

/** One place a struct is taken: an entry point's parameter, and the properties down to the struct. */
interface Usage {
  readonly entry: string;
  readonly param: string;
  readonly root: string;
  readonly steps: Step[];
  readonly label: string;
}

const short = (fqn: string) => fqn.slice(fqn.lastIndexOf('.') + 1);

function readAssembly(): any {
  const dir = stagePackage('cdktf');
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, '.jsii'), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function structsOf(assembly: any): Set<string> {
  return new Set(Object.entries<any>(assembly.types).filter(([, t]) => t.kind === 'interface' && t.datatype).map(([fqn]) => fqn));
}

// A struct's properties, its bases' included (NodeListProps extends NodeListModel).
function propertiesOf(assembly: any, fqn: string): any[] {
  const type = assembly.types[fqn];
  return [...(type.properties ?? []), ...(type.interfaces ?? []).filter((b: string) => assembly.types[b]).flatMap((b: string) => propertiesOf(assembly, b))];
}

// The struct a type reference names, directly or as a list's or map's element, or in a union.
function structRefs(ref: any, structs: Set<string>): { struct: string; collection?: 'array' | 'map' }[] {
  if (ref === undefined) return [];
  if (ref.fqn !== undefined) return structs.has(ref.fqn) ? [{ struct: ref.fqn }] : [];
  if (ref.collection !== undefined) {
    const collection = ref.collection.kind === 'array' ? 'array' : 'map';
    return structRefs(ref.collection.elementtype, structs).filter((r) => r.collection === undefined).map((r) => ({ ...r, collection }));
  }
  if (ref.union !== undefined) return ref.union.types.flatMap((t: any) => structRefs(t, structs));
  return [];
}

function usagesOf(assembly: any): Usage[] {
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
    const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? []).filter((m: any) => m.static)];
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

function minimalOf(struct: string, where: string): any {
  const value = contextual(where, short(struct)) ?? MINIMAL[short(struct)];
  if (value === undefined) throw new Error(`no minimal value for ${short(struct)}: add one to MINIMAL`);
  return clone(value);
}

/**
 * The arguments of an entry point with the struct of `usage` at its place,
 * built from minimal values; `extra` is added to that struct. Also returns the
 * problem path of the struct (`props/items/0/metadata`).
 */
function argumentsFor(usage: Usage, usages: Usage[], extra: object): { args: { [param: string]: any }; structPath: string } {
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

/** What the call threw (awaited for the readers); undefined when it returned. */
async function thrown(f: () => unknown): Promise<unknown> {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
}

let assembly: any;
let usages: Usage[];

beforeAll(() => {
  assembly = readAssembly();
  usages = usagesOf(assembly);
}, 120_000);

describe('closed props: every struct of the jsii assembly', () => {
  test('GIVEN the assembly THEN every struct is either taken by an entry point (and has a minimal value) or listed as output only', () => {
    const structs = [...structsOf(assembly)].map(short).sort();
    const taken = new Set(usages.flatMap((u) => [u.root, ...u.steps.map((s) => s.struct)]).map(short));
    // A base struct (NodeListModel) is checked through the structs that extend it.
    const bases = new Set([...structsOf(assembly)].flatMap((fqn) => assembly.types[fqn].interfaces ?? []).map(short));
    const unknown = structs.filter((s) => !taken.has(s) && !OUTPUT_ONLY.includes(s) && !bases.has(s));
    expect(unknown).toEqual([]);
    expect(structs.filter((s) => taken.has(s) && MINIMAL[s] === undefined)).toEqual([]);
    expect(OUTPUT_ONLY.filter((s) => taken.has(s))).toEqual([]);
    const entries = [...new Set(usages.map((u) => u.entry))].sort();
    expect(entries.filter((e) => ENTRY[e] === undefined)).toEqual([]);
    expect(Object.keys(ENTRY).filter((e) => !entries.includes(e))).toEqual([]);
    // The count the report gives: entry points and places a struct is taken.
    expect(entries.length).toBe(25);
    expect(usages.length).toBeGreaterThan(60);
    if (process.env.CLOSED_PROPS_LIST) console.log(usages.map((u) => u.label).join('\n'));
  });

  test('GIVEN each place a struct is taken, with minimal valid values THEN the entry point accepts them', async () => {
    const refused: string[] = [];
    for (const usage of usages) {
      if (READERS.includes(usage.entry)) continue;
      const { args } = argumentsFor(usage, usages, {});
      const error = await thrown(() => ENTRY[usage.entry](args, newStack()));
      if (error !== undefined) refused.push(`${usage.label}: ${(error as Error).message}`);
    }
    expect(refused).toEqual([]);
  });

  test('GIVEN each place a struct is taken, with an unknown property THEN the entry point refuses it, naming its path, without showing its value, and writes nothing', async () => {
    const wrong: string[] = [];
    for (const usage of usages) {
      const { args, structPath } = argumentsFor(usage, usages, { [UNKNOWN_KEY]: MARKER });
      const stack = newStack();
      const error = (await thrown(() => ENTRY[usage.entry](args, stack))) as any;
      // Nothing is written when an entry point refuses its props.
      const written = Object.keys(JSON.parse(Testing.synth(stack))).filter((block) => ['provider', 'resource', 'data', 'import', 'terraform'].includes(block));
      if (written.length > 0) wrong.push(`${usage.label}: refused, yet the stack writes ${written.join(', ')}`);
      const expectedPath = `${structPath}/${UNKNOWN_KEY}`;
      const message = String(error?.message ?? '');
      if (READERS.includes(usage.entry)) {
        if (error?.reason !== 'invalid-options') wrong.push(`${usage.label}: expected reason invalid-options, got ${message || 'nothing'}`);
      } else if (!(error instanceof ValidationError)) {
        wrong.push(`${usage.label}: expected a ValidationError, got ${message || 'nothing'}`);
        continue;
      } else if (!error.problems.some((p) => p.path === expectedPath)) {
        wrong.push(`${usage.label}: no problem at ${expectedPath}: ${message}`);
      }
      if (!message.includes(`${expectedPath}: received a string of ${MARKER.length} characters (not shown)`)) wrong.push(`${usage.label}: message does not name ${expectedPath} by type and size: ${message}`);
      if (!message.includes('no such property')) wrong.push(`${usage.label}: message does not say the property is unknown: ${message}`);
      if (message.includes(MARKER)) wrong.push(`${usage.label}: message shows the value`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('closed props: the cases of issue 18', () => {
  const refusal = errorOf;

  test('GIVEN a misspelt maxContentLenght THEN it is refused by name, not dropped with its quota check', () => {
    const error = refusal(() => new AuthenticationProfile(newStack(), 'p', { authenticationProfileName: 'p', authenticationProfileContent: '{"a":"1"}', maxContentLenght: 1 } as any));
    expect(error.problems).toEqual([
      expect.objectContaining({ path: 'props/maxContentLenght', received: 'a number (not shown)', allowed: expect.stringContaining('no such property; known properties: authenticationProfileName, authenticationProfileContent, maxContentLength') }),
    ]);
  });

  test('GIVEN a misspelt labelSelecter THEN ClusterNodes refuses it rather than read every node', () => {
    const error = refusal(() => new ClusterNodes(newStack(), 'n', { labelSelecter: 'pool=gpu' } as any));
    expect(error.problems.map((p) => p.path)).toEqual(['props/labelSelecter']);
    expect(error.message).not.toContain('pool=gpu');
  });

  test('GIVEN a stray password THEN NodeList refuses it without echoing it', () => {
    const error = refusal(() => new NodeList(newStack(), 'n', { items: [{ metadata: { name: 'n1' } }], password: 'hunter2-hunter2' } as any));
    expect(error.message).toContain('props/password: received a string of 15 characters (not shown); allowed: no such property');
    expect(error.message).not.toContain('hunter2');
  });
});
