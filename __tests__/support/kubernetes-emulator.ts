/**
 * An emulator of the Kubernetes API server for listing nodes, for tests that
 * run the real @kubernetes/client-node and the real kubectl against it.
 *
 * - The list API as kube-apiserver speaks it: `GET /api/v1/nodes?limit=N&continue=T`
 *   answers a `NodeList` whose items are sorted by name and carry no
 *   apiVersion/kind (typed lists omit them), with `metadata.resourceVersion`,
 *   and, when more remain, `metadata.continue` and `metadata.remainingItemCount`
 *   (omitted with `omitRemainingItemCount`, as servers before 1.15 do).
 * - Continue tokens are opaque base64 of `{"v":"meta.k8s.io/v1","rv":R,"start":"<last name>\u0000"}`,
 *   as the server's are. A consistent continuation reads the snapshot at R,
 *   so changes made meanwhile are not seen; R = -1 reads the current state.
 * - Tokens expire as after an etcd compaction (`expireTokens()`, or the options
 *   `expireTokensAfter` / `expireEveryToken`): 410 with a `Status`
 *   (`reason: Expired`), carrying in `metadata.continue` a token for an
 *   inconsistent continuation from the same position unless
 *   `inconsistentContinue` is false (older servers).
 * - Discovery for kubectl: `/version`, `/api` (APIVersions), `/apis`
 *   (APIGroupList), `/api/v1` (APIResourceList); a `Table` when asked for one
 *   (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`), as `kubectl get` without `-o` asks.
 * - Bearer-token authentication when `token` is set (401 Status otherwise).
 * - Misbehaves on demand: `stall` answers list requests with the headers and the
 *   first bytes of a body, then goes silent (the connection stays open);
 *   `failList` answers a list request with a Status of its choosing, made from
 *   the request's headers (to echo credentials, or to send control characters).
 * - Listens on 127.0.0.1 only, on a free port; records every request (`requests`).
 *
 *   const emulator = await KubernetesEmulator.start({ nodes: generateNodes(1234) });
 *   const kubeconfig = emulator.writeKubeconfig(dir);
 *   ...
 *   await emulator.stop();
 */
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as path from 'path';

/** A node as the server stores it (no apiVersion/kind: they are added where the API shows them). */
export type StoredNode = { metadata: { name: string; resourceVersion?: string; [key: string]: any }; [key: string]: any };

export interface KubernetesEmulatorOptions {
  /** The nodes at start. @default - none */
  readonly nodes?: StoredNode[];
  /** When false, a 410 for an expired token carries no `metadata.continue` (clients must restart). @default true */
  readonly inconsistentContinue?: boolean;
  /**
   * The offered inconsistent continuation starts this many items before the
   * expired token's position, so those items are served again. Not what
   * kube-apiserver does; the API does not promise that a continued list never
   * repeats an item, and this lets tests check that clients list each node once.
   * @default 0
   */
  readonly inconsistentOverlap?: number;
  /** Omit `remainingItemCount`, as servers before v1.15 do. @default false */
  readonly omitRemainingItemCount?: boolean;
  /** Expire every outstanding token once, after this many list requests have been answered. @default - never */
  readonly expireTokensAfter?: number;
  /** Answer every consistent continue token with 410 (every list longer than one page fails to continue). @default false */
  readonly expireEveryToken?: boolean;
  /** When set, requests must carry `Authorization: Bearer <token>`. @default - no authentication */
  readonly token?: string;
  /** Answer list requests with the headers and the first bytes of a NodeList, then silence. @default false */
  readonly stall?: boolean;
  /** When it returns a Status, a list request is answered with it (as JSON, with its code as the HTTP status). */
  readonly failList?: (headers: http.IncomingHttpHeaders) => { code: number; reason: string; message: string } | undefined;
  /** Called before each list request is answered, with its 1-based number among list requests. */
  readonly onListRequest?: (count: number, emulator: KubernetesEmulator) => void;
}

/** One request the emulator answered. */
export interface KubernetesRequest {
  readonly method: string;
  readonly path: string;
  readonly query: { readonly [name: string]: string };
  readonly accept: string;
  readonly authorization?: string;
  readonly status: number;
  /** For list requests: the names served. */
  readonly served?: readonly string[];
}

interface Token {
  readonly rv: number;
  readonly start: string;
}

const API_VERSION = 'v1';

export class KubernetesEmulator {
  /** Starts an emulator on 127.0.0.1 on a free port. */
  public static async start(options: KubernetesEmulatorOptions = {}): Promise<KubernetesEmulator> {
    const emulator = new KubernetesEmulator(options);
    await new Promise<void>((resolve, reject) => {
      emulator.server.once('error', reject);
      emulator.server.listen(0, '127.0.0.1', () => resolve());
    });
    return emulator;
  }

  /** Every request answered, in order. */
  public readonly requests: KubernetesRequest[] = [];
  /** Whether an expired token's 410 offers an inconsistent continuation (see the options). */
  public inconsistentContinue: boolean;
  /** See the options. */
  public expireEveryToken: boolean;

  private readonly options: KubernetesEmulatorOptions;
  private readonly nodes = new Map<string, StoredNode>();
  /** Sorted snapshots by resourceVersion, for consistent continuations. */
  private readonly snapshots = new Map<number, StoredNode[]>();
  private revision = 1000;
  /** Tokens of a resourceVersion below this have expired (compacted). */
  private compactedBelow = 0;
  private listCount = 0;
  private readonly server: http.Server;

  private constructor(options: KubernetesEmulatorOptions) {
    this.options = options;
    this.inconsistentContinue = options.inconsistentContinue ?? true;
    this.expireEveryToken = options.expireEveryToken ?? false;
    for (const node of options.nodes ?? []) this.nodes.set(node.metadata.name, this.stamp(node));
    this.snapshot();
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  /** `http://127.0.0.1:<port>` */
  public get url(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** The current resourceVersion. */
  public get resourceVersion(): string {
    return String(this.revision);
  }

  /** Stops listening. */
  public async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Writes a kubeconfig for this emulator (context `emulator`, plus an unrelated
   * context `other` pointing at a closed port) and returns its path. The user
   * has `token` when given, and any other `userSettings` (`password`, `client-key-data`, …).
   * `insecure-skip-tls-verify` is set because the client refuses plain http without it.
   */
  public writeKubeconfig(dir: string, token?: string, userSettings?: { [key: string]: string }): string {
    const file = path.join(dir, 'kubeconfig.yaml');
    const settings = { ...(token === undefined ? {} : { token }), ...userSettings };
    const user = `{ ${Object.entries(settings).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`;
    fs.writeFileSync(
      file,
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: emulator',
        'clusters:',
        `- name: emulator\n  cluster: { server: "${this.url}", insecure-skip-tls-verify: true }`,
        '- name: other\n  cluster: { server: "http://127.0.0.1:1", insecure-skip-tls-verify: true }',
        'users:',
        `- name: tester\n  user: ${user}`,
        'contexts:',
        '- name: emulator\n  context: { cluster: emulator, user: tester }',
        '- name: other\n  context: { cluster: other, user: tester }',
        '',
      ].join('\n'),
    );
    return file;
  }

  /** The stored nodes' names, sorted. */
  public nodeNames(): string[] {
    return [...this.nodes.keys()].sort();
  }

  /** A stored node. */
  public node(name: string): StoredNode | undefined {
    return this.nodes.get(name);
  }

  /** Expires every outstanding continue token (a compaction after a write). */
  public expireTokens(): void {
    this.revision++;
    this.snapshot();
    this.compactedBelow = this.revision;
  }

  /** Adds a node (a write: new resourceVersion). */
  public addNode(node: StoredNode): void {
    this.revision++;
    this.nodes.set(node.metadata.name, this.stamp(node));
    this.snapshot();
  }

  /** Deletes a node (a write); returns whether it existed. */
  public deleteNode(name: string): boolean {
    const existed = this.nodes.delete(name);
    if (existed) {
      this.revision++;
      this.snapshot();
    }
    return existed;
  }

  /** Sets a label on a node (a write: the node gets a new resourceVersion). */
  public labelNode(name: string, key: string, value: string): void {
    const node = this.nodes.get(name);
    if (node === undefined) throw new Error(`no node ${name}`);
    this.revision++;
    this.nodes.set(name, this.stamp({ ...node, metadata: { ...node.metadata, labels: { ...node.metadata.labels, [key]: value } } }));
    this.snapshot();
  }

  /** List requests (`GET /api/v1/nodes`), in order. */
  public listRequests(): KubernetesRequest[] {
    return this.requests.filter((r) => r.path === '/api/v1/nodes');
  }

  private stamp(node: StoredNode): StoredNode {
    return { ...node, metadata: { ...node.metadata, resourceVersion: String(this.revision) } };
  }

  private snapshot(): void {
    this.snapshots.set(this.revision, [...this.nodes.values()].sort((a, b) => compare(a.metadata.name, b.metadata.name)));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', this.url);
      const query: { [name: string]: string } = {};
      for (const [k, v] of url.searchParams) query[k] = v;
      const accept = String(req.headers.accept ?? '');
      const record = (status: number, served?: string[]) =>
        this.requests.push({ method: req.method ?? '', path: url.pathname, query, accept, authorization: req.headers.authorization, status, served });
      const send = (status: number, body: unknown, served?: string[]) => {
        record(status, served);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' }).end(JSON.stringify(body));
      };
      if (this.options.token !== undefined && req.headers.authorization !== `Bearer ${this.options.token}`) {
        send(401, status(401, 'Unauthorized', 'Unauthorized'));
        return;
      }
      if (req.method !== 'GET') {
        send(405, status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`));
        return;
      }
      const p = url.pathname.replace(/\/+$/, '');
      if (p === '/version') return send(200, VERSION);
      if (p === '/api') return send(200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: url.host }] });
      if (p === '/apis') return send(200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
      if (p === '/api/v1') return send(200, RESOURCES);
      if (p === '/api/v1/nodes') {
        const failure = this.options.failList?.(req.headers);
        if (failure !== undefined) return send(failure.code, status(failure.code, failure.reason, failure.message));
        if (this.options.stall) {
          record(200);
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4096' });
          res.write('{"kind":"NodeList","apiVersion":"v1","metadata":{');
          return;
        }
        return this.list(query, accept, send);
      }
      const single = /^\/api\/v1\/nodes\/([^/]+)$/.exec(p);
      if (single !== null) {
        const node = this.nodes.get(decodeURIComponent(single[1]));
        if (node === undefined) return send(404, status(404, 'NotFound', `nodes "${decodeURIComponent(single[1])}" not found`, { name: single[1], kind: 'nodes' }));
        return send(200, { apiVersion: API_VERSION, kind: 'Node', ...node });
      }
      send(404, status(404, 'NotFound', 'the server could not find the requested resource'));
    });
  }

  private list(query: { [name: string]: string }, accept: string, send: (status: number, body: unknown, served?: string[]) => void): void {
    this.listCount++;
    this.options.onListRequest?.(this.listCount, this);
    try {
      const limit = query.limit === undefined ? 0 : Number(query.limit);
      if (!Number.isSafeInteger(limit) || limit < 0) return send(400, status(400, 'BadRequest', `invalid limit ${JSON.stringify(query.limit)}`));
      let token: Token | undefined;
      if (query.continue !== undefined && query.continue !== '') {
        token = decodeToken(query.continue);
        if (token === undefined) return send(400, status(400, 'BadRequest', 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'));
        if (token.rv !== -1 && (token.rv < this.compactedBelow || this.expireEveryToken)) {
          const body = status(
            410,
            'Expired',
            'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter' +
              (this.inconsistentContinue
                ? ', or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.'
                : '.'),
          );
          if (this.inconsistentContinue) body.metadata = { continue: encodeToken({ rv: -1, start: this.backUp(token.start) }) };
          return send(410, body);
        }
      }
      // A consistent continuation reads the snapshot of its resourceVersion; a new or inconsistent one, the current state.
      const rv = token === undefined || token.rv === -1 ? this.revision : token.rv;
      const source = this.snapshots.get(rv) ?? [];
      const from = token === undefined ? 0 : firstAtOrAfter(source, token.start);
      const end = limit === 0 ? source.length : Math.min(source.length, from + limit);
      const items = source.slice(from, end);
      const metadata: { [key: string]: unknown } = { resourceVersion: String(rv) };
      if (end < source.length) {
        metadata.continue = encodeToken({ rv, start: `${items[items.length - 1].metadata.name}\u0000` });
        if (!this.options.omitRemainingItemCount) metadata.remainingItemCount = source.length - end;
      }
      const served = items.map((n) => n.metadata.name);
      if (/as=Table/.test(accept)) return send(200, table(items, metadata), served);
      send(200, { kind: 'NodeList', apiVersion: API_VERSION, metadata, items }, served);
    } finally {
      if (this.options.expireTokensAfter !== undefined && this.listCount === this.options.expireTokensAfter) this.expireTokens();
    }
  }

  /** The start key `inconsistentOverlap` items before `start`, in the current state. */
  private backUp(start: string): string {
    const overlap = this.options.inconsistentOverlap ?? 0;
    if (overlap === 0) return start;
    const current = this.snapshots.get(this.revision) ?? [];
    const at = firstAtOrAfter(current, start);
    return current[Math.max(0, at - overlap)]?.metadata.name ?? start;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function firstAtOrAfter(sorted: StoredNode[], start: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].metadata.name < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function encodeToken(token: Token): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.rv, start: token.start })).toString('base64');
}

function decodeToken(text: string): Token | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    if (parsed?.v !== 'meta.k8s.io/v1' || !Number.isSafeInteger(parsed.rv) || typeof parsed.start !== 'string') return undefined;
    return { rv: parsed.rv, start: parsed.start };
  } catch {
    return undefined;
  }
}

function status(code: number, reason: string, message: string, details?: unknown): { [key: string]: any } {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, ...(details === undefined ? {} : { details }), code };
}

function table(items: StoredNode[], metadata: { [key: string]: unknown }): unknown {
  const column = (name: string, type: string, format = '', priority = 0) => ({ name, type, format, description: name, priority });
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata,
    columnDefinitions: [column('Name', 'string', 'name'), column('Status', 'string'), column('Roles', 'string'), column('Age', 'string'), column('Version', 'string')],
    rows: items.map((node) => {
      const ready = (node.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
      const roles = Object.keys(node.metadata.labels ?? {})
        .filter((k) => k.startsWith('node-role.kubernetes.io/'))
        .map((k) => k.slice('node-role.kubernetes.io/'.length));
      return {
        cells: [node.metadata.name, ready?.status === 'True' ? 'Ready' : 'NotReady', roles.length > 0 ? roles.join(',') : '<none>', '50d', node.status?.nodeInfo?.kubeletVersion ?? ''],
        object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: node.metadata },
      };
    }),
  };
}

const VERSION = {
  major: '1',
  minor: '34',
  gitVersion: 'v1.34.1',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-09-09T00:00:00Z',
  goVersion: 'go1.24.6',
  compiler: 'gc',
  platform: 'linux/amd64',
};

const RESOURCES = {
  kind: 'APIResourceList',
  groupVersion: 'v1',
  resources: [
    {
      name: 'nodes',
      singularName: 'node',
      namespaced: false,
      kind: 'Node',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['no'],
      storageVersionHash: 'XwShjMxG9Fs=',
    },
    { name: 'nodes/proxy', singularName: '', namespaced: false, kind: 'NodeProxyOptions', verbs: ['create', 'delete', 'get', 'patch', 'update'] },
    { name: 'nodes/status', singularName: '', namespaced: false, kind: 'Node', verbs: ['get', 'patch', 'update'] },
  ],
};

const FIXTURE = path.join(__dirname, '..', 'cluster', 'fixtures', 'kubectl-get-nodes.json');

/**
 * `count` realistic nodes, modelled on the two nodes of the kubectl fixture
 * (the first `controlPlanes` like its control-plane node, the others like its
 * worker), as the server stores them: names `node-0000`…, distinct uids,
 * addresses, pod CIDRs (IPv4 /24s below 10.64.0.0/10) and RFC 3339 times.
 */
export function generateNodes(count: number, controlPlanes = Math.min(3, count)): StoredNode[] {
  const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  const strip = ({ apiVersion: _a, kind: _k, ...node }: any) => node;
  const [controlPlane, worker] = fixture.items.map(strip);
  const width = Math.max(4, String(count - 1).length);
  const nodes: StoredNode[] = [];
  for (let i = 0; i < count; i++) {
    const name = `node-${String(i).padStart(width, '0')}`;
    const template = structuredClone(i < controlPlanes ? controlPlane : worker);
    const hex = i.toString(16).padStart(12, '0');
    const ip = `172.${18 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) || 1}`;
    const cidr = `10.${64 + (i >> 8)}.${i & 255}.0/24`;
    const created = new Date(Date.UTC(2026, 9, 2, 8, 14, 31) + i * 1000).toISOString().replace('.000Z', 'Z');
    template.metadata = {
      ...template.metadata,
      name,
      uid: `6f1d2c3b-8a9e-4f70-b1c2-${hex}`,
      creationTimestamp: created,
      labels: { ...template.metadata.labels, 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': `zone-${String.fromCharCode(97 + (i % 3))}` },
    };
    template.spec = { ...template.spec, podCIDR: cidr, podCIDRs: [cidr], providerID: `kind://docker/cluster/${name}` };
    template.status = {
      ...template.status,
      addresses: [
        { address: ip, type: 'InternalIP' },
        { address: name, type: 'Hostname' },
      ],
      nodeInfo: { ...template.status.nodeInfo, bootID: `boot-${hex}`, machineID: `m${hex}`, systemUUID: `uuid-${hex}` },
    };
    nodes.push(template);
  }
  return nodes;
}

/**
 * A `require` that uses Node's own loader, not jest's. @kubernetes/client-node
 * 1.x is an ES module; Node 20.19+ `require`s it, jest's loader on Node 20
 * cannot (it needs Node 24.9). Tests hand the real module to the library with
 * `jest.mock('@kubernetes/client-node', () => nativeRequire('@kubernetes/client-node'))`.
 */
export function nativeRequire(id: string): any {
  // jest's `module` builtin keeps Node's Module as the prototype: its require is Node's.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Module } = require('module') as { Module: any };
  const parent = new Module(__filename);
  parent.filename = __filename;
  parent.paths = Module._nodeModulePaths(__dirname);
  return parent.require(id);
}
