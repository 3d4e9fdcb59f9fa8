// Tokens of every type (issue 18, items 4 and 6): for each prop of each
// construct, a token of each type the prop's type allows skips exactly the
// checks it cannot satisfy, and the rest still run: an unrelated invalid prop
// in the same call is still reported. Where the value must be known at synth
// time (it decides which resources exist, Terraform writes it as a block, or
// reads it only as a literal), the token is refused, and the rest still run too.
import { App, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AwsProvider,
  ClusterNodes,
  CurrentOrg,
  DatadogProvider,
  HttpProvider,
  ImportTarget,
  KubernetesProvider,
  NodeList,
  RestrictionPolicy,
} from '../../lib';
import { ValidationError } from '../../lib/core/validation-error';

/** The token types: cdktf's four encodings, an IResolvable (for `boolean | IResolvable`), and a sensitive variable's string (for secrets). */
type Kind = 'string' | 'number' | 'list' | 'map' | 'resolvable' | 'secret';

function tokenOf(stack: TerraformStack, kind: Kind): unknown {
  if (kind === 'secret') return new TerraformVariable(stack, 'secret', { sensitive: true }).stringValue;
  const v = new TerraformVariable(stack, 'tok', {});
  switch (kind) {
    case 'string':
      return v.stringValue;
    case 'number':
      return v.numberValue;
    case 'list':
      return v.listValue;
    case 'map':
      return Token.asStringMap(v.value);
    case 'resolvable':
      return Token.asAny(v.value);
  }
}

/** One prop (a path into the props) and the token types its type allows. */
interface Row {
  /** Path into the props, e.g. `items.0.metadata.labels`. */
  readonly prop: string;
  readonly kinds: Kind[];
  /** Why a token is refused there; undefined where tokens are accepted. */
  readonly refused?: string;
  /** Valid props for this row, when the construct's default base does not suit it. */
  readonly base?: object;
  /** The value is validated but never written (status, list metadata, a quota). */
  readonly notWritten?: boolean;
  /** An unrelated invalid prop for this row, when the construct's default one is this prop. */
  readonly invalid?: Invalid;
}

/** An invalid value at `prop`, reported at `path`. */
interface Invalid {
  readonly prop: string;
  readonly value: unknown;
  readonly path: string;
}

interface Construct {
  readonly name: string;
  readonly make: (stack: TerraformStack, props: any) => unknown;
  readonly base: object;
  readonly invalid: Invalid;
  readonly rows: Row[];
}

const node = (extra: object = {}) => ({ items: [{ metadata: { name: 'n1' }, ...extra }] });
const nodeInfo = {
  machineID: 'm', systemUUID: 's', bootID: 'b', kernelVersion: '6.1', osImage: 'os', containerRuntimeVersion: 'containerd://1.7',
  kubeletVersion: 'v1.32.0', kubeProxyVersion: 'v1.32.0', operatingSystem: 'linux', architecture: 'amd64',
};
const LAT = 'LabelsAnnotationsTaints';

const CONSTRUCTS: Construct[] = [
  {
    name: 'AuthenticationProfile',
    make: (s, p) => new AuthenticationProfile(s, 'x', p),
    base: { authenticationProfileName: 'p', authenticationProfileContent: { a: '1' } },
    invalid: { prop: 'authenticationProfileName', value: 'bad_name', path: 'props/authenticationProfileName' },
    rows: [
      { prop: 'authenticationProfileName', kinds: ['string'], invalid: { prop: 'maxContentLength', value: 0, path: 'props/maxContentLength' } },
      { prop: 'authenticationProfileContent', kinds: ['string', 'map'] },
      { prop: 'authenticationProfileContent.a', kinds: ['string'] },
      // The bug of issue 18: a number token read as a quota of -8.1e+298 bytes.
      { prop: 'maxContentLength', kinds: ['number'], notWritten: true },
      { prop: 'replaceTrigger', kinds: ['string'], refused: 'it chooses the type of the trigger resource' },
    ],
  },
  {
    name: 'AwsProvider',
    make: (s, p) => new AwsProvider(s, 'x', p),
    base: {},
    invalid: { prop: 'region', value: 'Nowhere', path: 'props/region' },
    rows: [
      { prop: 'region', kinds: ['string'], invalid: { prop: 'alias', value: '1bad', path: 'props/alias' } },
      { prop: 'endpoints', kinds: ['map'], refused: 'Terraform writes endpoints as a block' },
      { prop: 'endpoints.redshift', kinds: ['string'] },
      { prop: 'skipCredentialsValidation', kinds: ['resolvable'] },
      { prop: 'skipRequestingAccountId', kinds: ['resolvable'] },
      { prop: 'skipMetadataApiCheck', kinds: ['resolvable'] },
      { prop: 'skipRegionValidation', kinds: ['resolvable'] },
      { prop: 'alias', kinds: ['string'], refused: 'Terraform reads a provider alias as a literal' },
      { prop: 'versionConstraint', kinds: ['string'], refused: 'Terraform reads required_providers versions as literals' },
    ],
  },
  {
    name: 'DatadogProvider',
    make: (s, p) => new DatadogProvider(s, 'x', p),
    base: {},
    invalid: { prop: 'apiUrl', value: 'nope', path: 'props/apiUrl' },
    rows: [
      { prop: 'apiUrl', kinds: ['string'], invalid: { prop: 'alias', value: '1bad', path: 'props/alias' } },
      { prop: 'apiKey', kinds: ['secret'] },
      { prop: 'appKey', kinds: ['secret'] },
      { prop: 'alias', kinds: ['string'], refused: 'Terraform reads a provider alias as a literal' },
      { prop: 'versionConstraint', kinds: ['string'], refused: 'Terraform reads required_providers versions as literals' },
    ],
  },
  {
    name: 'HttpProvider',
    make: (s, p) => new HttpProvider(s, 'x', p),
    base: {},
    invalid: { prop: 'versionConstraint', value: '', path: 'props/versionConstraint' },
    rows: [
      { prop: 'alias', kinds: ['string'], refused: 'Terraform reads a provider alias as a literal' },
      { prop: 'versionConstraint', kinds: ['string'], refused: 'literals', invalid: { prop: 'alias', value: '1bad', path: 'props/alias' } },
    ],
  },
  {
    name: 'KubernetesProvider',
    make: (s, p) => new KubernetesProvider(s, 'x', p),
    base: {},
    invalid: { prop: 'host', value: 'nope', path: 'props/host' },
    rows: [
      { prop: 'configPath', kinds: ['string'] },
      { prop: 'configContext', kinds: ['string'] },
      { prop: 'host', kinds: ['string'], invalid: { prop: 'configPath', value: '', path: 'props/configPath' } },
      { prop: 'clusterCaCertificate', kinds: ['string'] },
      { prop: 'token', kinds: ['secret'] },
      // The pair: the other half is the same sensitive variable.
      { prop: 'clientCertificate', kinds: ['secret'], base: { clientKey: 'SECRET' } },
      { prop: 'clientKey', kinds: ['secret'], base: { clientCertificate: 'SECRET' } },
      { prop: 'insecure', kinds: ['resolvable'] },
      { prop: 'alias', kinds: ['string'], refused: 'Terraform reads a provider alias as a literal' },
      { prop: 'versionConstraint', kinds: ['string'], refused: 'Terraform reads required_providers versions as literals' },
    ],
  },
  {
    name: 'ClusterNodes',
    make: (s, p) => new ClusterNodes(s, 'x', p),
    base: {},
    invalid: { prop: 'limit', value: 0, path: 'props/limit' },
    rows: [
      { prop: 'labelSelector', kinds: ['string'] },
      { prop: 'fieldSelector', kinds: ['string'] },
      { prop: 'limit', kinds: ['number'], invalid: { prop: 'labelSelector', value: '', path: 'props/labelSelector' } },
    ],
  },
  {
    name: 'CurrentOrg',
    make: (s, p) => new CurrentOrg(s, 'x', p),
    base: { source: 'http', apiKey: 'SECRET', appKey: 'SECRET' },
    invalid: { prop: 'apiUrl', value: 'nope', path: 'props/apiUrl' },
    rows: [
      { prop: 'source', kinds: ['string'], refused: 'it chooses the data source', base: {} },
      { prop: 'apiUrl', kinds: ['string'], invalid: { prop: 'apiKey', value: 'literal-key', path: 'props/apiKey' } },
      { prop: 'apiKey', kinds: ['secret'] },
      { prop: 'appKey', kinds: ['secret'] },
    ],
  },
  {
    name: 'RestrictionPolicy',
    make: (s, p) => new RestrictionPolicy(s, 'x', p),
    base: { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:abc'] }] },
    invalid: { prop: 'bindings.0.relation', value: 'bogus', path: 'props/bindings/0/relation' },
    rows: [
      { prop: 'resourceId', kinds: ['string'], invalid: { prop: 'bindings.0.principals.0', value: 'nobody', path: 'props/bindings/0/principals/0' } },
      { prop: 'bindings', kinds: ['list'], refused: 'Terraform writes each binding as a block', invalid: { prop: 'resourceId', value: 'nocolon', path: 'props/resourceId' } },
      { prop: 'bindings.0', kinds: ['resolvable'], refused: 'Terraform writes each binding as a block', invalid: { prop: 'resourceId', value: 'nocolon', path: 'props/resourceId' } },
      { prop: 'bindings.0.relation', kinds: ['string'], invalid: { prop: 'bindings.0.principals.0', value: 'nobody', path: 'props/bindings/0/principals/0' } },
      { prop: 'bindings.0.principals', kinds: ['list'] },
      { prop: 'bindings.0.principals.0', kinds: ['string'] },
    ],
  },
  {
    name: 'ImportTarget',
    // Terraform needs the resource type's provider to import it: the stack declares it.
    make: (s, p) => {
      new AwsProvider(s, 'aws', {});
      return new ImportTarget(s, 'x', p);
    },
    base: { terraformType: 'aws_redshift_authentication_profile', importId: 'p' },
    invalid: { prop: 'importId', value: '', path: 'config/importId' },
    rows: [
      { prop: 'importId', kinds: ['string'], invalid: { prop: 'terraformType', value: '1bad', path: 'config/terraformType' } },
      { prop: 'terraformType', kinds: ['string'], refused: 'it is part of the import address' },
    ],
  },
  {
    name: 'NodeList',
    make: (s, p) => new NodeList(s, 'x', p),
    base: node(),
    invalid: { prop: 'items.0.metadata.finalizers', value: ['bad finalizer!'], path: 'props/items/0/metadata/finalizers/0' },
    rows: [
      { prop: 'items', kinds: ['list'], refused: 'one resource is declared per node', invalid: { prop: 'fieldManager', value: 7, path: 'props/fieldManager' } },
      { prop: 'items.0', kinds: ['resolvable'], refused: 'its name names its resources', invalid: { prop: 'fieldManager', value: 7, path: 'props/fieldManager' } },
      { prop: 'items.0.metadata', kinds: ['resolvable'], refused: 'its name names the node\'s resources', invalid: { prop: 'fieldManager', value: 7, path: 'props/fieldManager' } },
      { prop: 'items.0.metadata.name', kinds: ['string'], refused: 'it names the node\'s resources' },
      { prop: 'mode', kinds: ['string'], refused: 'it chooses which resources are declared' },
      { prop: 'fieldManager', kinds: ['string'] },
      { prop: 'forceConflicts', kinds: ['resolvable'] },
      { prop: 'metadata.continue', kinds: ['string'], notWritten: true },
      { prop: 'metadata.remainingItemCount', kinds: ['number'], notWritten: true },
      { prop: 'metadata.resourceVersion', kinds: ['string'], notWritten: true },
      { prop: 'items.0.metadata.labels', kinds: ['map'] },
      { prop: 'items.0.metadata.labels.pool', kinds: ['string'] },
      { prop: 'items.0.metadata.annotations', kinds: ['map'] },
      { prop: 'items.0.metadata.annotations.note', kinds: ['string'] },
      { prop: 'items.0.metadata.finalizers', kinds: ['list'], invalid: { prop: 'items.0.metadata.labels', value: { 'bad key!': 'v' }, path: 'props/items/0/metadata/labels/bad key!' } },
      { prop: 'items.0.metadata.finalizers.0', kinds: ['string'], invalid: { prop: 'items.0.metadata.labels', value: { 'bad key!': 'v' }, path: 'props/items/0/metadata/labels/bad key!' } },
      { prop: 'items.0.metadata.ownerReferences', kinds: ['list'] },
      { prop: 'items.0.metadata.generation', kinds: ['number'], notWritten: true },
      { prop: 'items.0.metadata.deletionGracePeriodSeconds', kinds: ['number'], notWritten: true },
      { prop: 'items.0.metadata.creationTimestamp', kinds: ['string'], notWritten: true },
      { prop: 'items.0.spec', kinds: ['resolvable'] },
      { prop: 'items.0.status', kinds: ['resolvable'], notWritten: true },
      { prop: 'items.0.spec.podCIDR', kinds: ['string'] },
      { prop: 'items.0.spec.podCIDRs', kinds: ['list'] },
      { prop: 'items.0.spec.podCIDRs.1', kinds: ['string'], base: node({ spec: { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24', 'fd00::/64'] } }) },
      { prop: 'items.0.spec.providerID', kinds: ['string'] },
      { prop: 'items.0.spec.taints', kinds: ['list'] },
      { prop: 'items.0.spec.taints.0.key', kinds: ['string'], base: node({ spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }) },
      { prop: 'items.0.spec.taints.0.value', kinds: ['string'], base: node({ spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }) },
      { prop: 'items.0.status.capacity', kinds: ['map'], notWritten: true },
      { prop: 'items.0.status.capacity.cpu', kinds: ['string'], notWritten: true },
      { prop: 'items.0.status.daemonEndpoints.kubeletEndpoint.port', kinds: ['number'], notWritten: true },
      { prop: 'items.0.status.images', kinds: ['list'], notWritten: true },
      { prop: 'items.0.status.images.0.sizeBytes', kinds: ['number'], notWritten: true, base: node({ status: { images: [{ names: ['img'] }] } }) },
      { prop: 'items.0.status.nodeInfo.swap.capacity', kinds: ['number'], notWritten: true, base: node({ status: { nodeInfo } }) },
      { prop: 'items.0.status.volumesInUse', kinds: ['list'], notWritten: true },
      // Labels/annotations/taints mode: maps are attributes (a token is fine), taints are blocks.
      { prop: 'items.0.metadata.labels', kinds: ['map'], base: { mode: LAT, ...node() } },
      { prop: 'items.0.metadata.annotations', kinds: ['map'], base: { mode: LAT, ...node() } },
      { prop: 'items.0.spec', kinds: ['resolvable'], base: { mode: LAT, ...node() }, refused: 'kubernetes_node_taint writes its taints as blocks' },
      { prop: 'items.0.spec.taints', kinds: ['list'], base: { mode: LAT, ...node() }, refused: 'kubernetes_node_taint writes each taint as a block' },
      { prop: 'items.0.spec.taints.0', kinds: ['resolvable'], base: { mode: LAT, ...node() }, refused: 'kubernetes_node_taint writes each taint as a block' },
      { prop: 'items.0.spec.taints.0.value', kinds: ['string'], base: { mode: LAT, ...node({ spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] } }) } },
      { prop: 'fieldManager', kinds: ['string'], base: { mode: LAT, ...node({ metadata: { name: 'n1', labels: { a: 'b' } } }) } },
    ],
  },
];

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Sets `value` at a dotted path, creating objects (or lists, before a numeric segment) on the way. */
function setAt(target: any, dotted: string, value: unknown): void {
  const segments = dotted.split('.');
  let at = target;
  segments.slice(0, -1).forEach((segment, i) => {
    if (at[segment] === undefined) at[segment] = /^\d+$/.test(segments[i + 1]) ? [] : {};
    at = at[segment];
  });
  at[segments[segments.length - 1]] = value;
}

/** Props for a case: the base, the secrets replaced by a sensitive variable, the token at the row's prop. */
function propsFor(stack: TerraformStack, construct: Construct, row: Row, kind: Kind): any {
  const props = clone(row.base ?? construct.base);
  const token = tokenOf(stack, kind);
  let secret: unknown;
  const secrets = (value: any): any => {
    if (value === 'SECRET') return (secret ??= kind === 'secret' ? token : tokenOf(stack, 'secret'));
    if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) value[key] = secrets(value[key]);
    return value;
  };
  secrets(props);
  setAt(props, row.prop, token);
  return props;
}

function errorOf(f: () => unknown): ValidationError | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  return undefined;
}

const cases = CONSTRUCTS.flatMap((construct) =>
  construct.rows.flatMap((row) => row.kinds.map((kind) => ({ label: `${construct.name} ${row.base && (row.base as any).mode ? `(${(row.base as any).mode}) ` : ''}${row.prop} <- ${kind} token`, construct, row, kind }))),
);

let ids = 0;
const newStack = () => new TerraformStack(new App(), `s${ids++}`);
const propPath = (row: Row) => `props/${row.prop.split('.').join('/')}`;

describe('tokens of every type skip exactly the checks they cannot satisfy', () => {
  test('the table covers every construct, and every token type somewhere', () => {
    expect(CONSTRUCTS.map((c) => c.name).sort()).toEqual(
      ['AuthenticationProfile', 'AwsProvider', 'ClusterNodes', 'CurrentOrg', 'DatadogProvider', 'HttpProvider', 'ImportTarget', 'KubernetesProvider', 'NodeList', 'RestrictionPolicy'],
    );
    expect([...new Set(cases.map((c) => c.kind))].sort()).toEqual(['list', 'map', 'number', 'resolvable', 'secret', 'string']);
  });

  test.each(cases.filter((c) => c.row.refused === undefined))('GIVEN $label THEN it is accepted and written as a reference', ({ construct, row, kind }) => {
    const stack = newStack();
    const error = errorOf(() => construct.make(stack, propsFor(stack, construct, row, kind)));
    expect(error?.message).toBeUndefined();
    const json = Testing.synth(stack);
    if (!row.notWritten) expect(json).toContain(kind === 'secret' ? '${var.secret}' : 'var.tok');
    expect(() => Testing.synthHcl(stack)).not.toThrow();
  });

  test.each(cases.filter((c) => c.row.refused === undefined))('GIVEN $label and an unrelated invalid prop THEN only the invalid prop is reported', ({ construct, row, kind }) => {
    const stack = newStack();
    const invalid = row.invalid ?? construct.invalid;
    const props = propsFor(stack, construct, row, kind);
    setAt(props, invalid.prop, invalid.value);
    const error = errorOf(() => construct.make(stack, props));
    expect(error).toBeDefined();
    const paths = error!.problems.map((p) => p.path);
    expect(paths).toContain(invalid.path);
    const tokenPath = construct.name === 'ImportTarget' ? `config/${row.prop}` : propPath(row);
    expect(paths.filter((p) => p === tokenPath || p.startsWith(`${tokenPath}/`))).toEqual([]);
  });

  test.each(cases.filter((c) => c.row.refused !== undefined))('GIVEN $label THEN it is refused, and an unrelated invalid prop is still reported', ({ construct, row, kind }) => {
    const stack = newStack();
    const invalid = row.invalid ?? construct.invalid;
    const props = propsFor(stack, construct, row, kind);
    setAt(props, invalid.prop, invalid.value);
    const error = errorOf(() => construct.make(stack, props));
    expect(error).toBeDefined();
    const tokenPath = construct.name === 'ImportTarget' ? `config/${row.prop}` : propPath(row);
    const atToken = error!.problems.find((p) => p.path === tokenPath);
    expect(atToken?.allowed).toContain(row.refused);
    expect(error!.problems.map((p) => p.path)).toContain(invalid.path);
  });
});
