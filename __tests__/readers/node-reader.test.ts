// ClusterNodeReader.list against a loopback Kubernetes API emulator, through the
// real @kubernetes/client-node (kubeconfig, auth, agent) and, for comparison, the
// real kubectl.
//
// @kubernetes/client-node 1.x is an ES module: Node 20.19+ require()s it, but jest's
// loader on Node 20 cannot. The mock below hands the library the real module,
// loaded by Node's own loader; nothing of the client or of this library is faked.
jest.mock('@kubernetes/client-node', () => require('../support/kubernetes-emulator').nativeRequire('@kubernetes/client-node'));

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Errors, NodeList } from '../../lib';
import { ClusterNodeReader, NodeReadError, NodeReadFailure } from '../../lib/cluster/node-reader';
import { IReadProgress } from '../../lib/core/read-progress';
import { newStack } from '../cluster/helpers';
import { cloggedPort } from '../support/clogged-port';
import { generateNodes, KubernetesEmulator, KubernetesEmulatorOptions, nativeRequire, StoredNode } from '../support/kubernetes-emulator';
import { synthJson } from '../support/synth';

const ROOT = path.join(__dirname, '..', '..');
const running: KubernetesEmulator[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.stop()));
});

async function emulator(options: KubernetesEmulatorOptions = {}): Promise<{ emulator: KubernetesEmulator; kubeconfig: string; dir: string }> {
  const started = await KubernetesEmulator.start(options);
  running.push(started);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-reader-'));
  return { emulator: started, kubeconfig: started.writeKubeconfig(dir, options.token), dir };
}

/** What `kubectl get nodes -o json` prints for these stored nodes, through propsFromKubectlJson. */
function asKubectlWouldPrint(nodes: StoredNode[]) {
  const printed = nodes.map(({ metadata: { managedFields: _hidden, ...metadata }, ...n }) => ({ apiVersion: 'v1', kind: 'Node', ...n, metadata }));
  return NodeList.propsFromKubectlJson({ apiVersion: 'v1', kind: 'List', items: printed }).items;
}

function names(props: { items: { metadata: { name?: string } }[] }): string[] {
  return props.items.map((n) => n.metadata.name as string);
}

async function failure(promise: Promise<unknown>): Promise<NodeReadError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof NodeReadError) return e;
    throw e;
  }
  throw new Error('expected a NodeReadError, the read succeeded');
}

class Recorder implements IReadProgress {
  public readonly reports: [number, number | undefined][] = [];
  public onProgress(read: number, estimatedTotal?: number): void {
    this.reports.push([read, estimatedTotal]);
  }
}

const NODES = generateNodes(1234);

describe('ClusterNodeReader.list', () => {
  test('GIVEN 1,234 nodes and chunkSize 100 THEN 13 requests with limit=100 follow the continue tokens AND every node comes back as kubectl prints it', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES });
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100 });

    const requests = api.listRequests();
    expect(requests).toHaveLength(13);
    expect(requests.every((r) => r.query.limit === '100' && r.status === 200)).toBe(true);
    expect(requests[0].query.continue).toBeUndefined();
    // Each continuation resumes exactly after the names the previous page served.
    for (let i = 1; i < requests.length; i++) {
      const token = JSON.parse(Buffer.from(requests[i].query.continue, 'base64').toString('utf8'));
      expect(token).toEqual({ v: 'meta.k8s.io/v1', rv: 1000, start: `${requests[i - 1].served!.at(-1)}\u0000` });
    }
    expect(requests.map((r) => r.served!.length)).toEqual([...Array(12).fill(100), 34]);

    expect(props.items).toHaveLength(1234);
    expect(props.items).toEqual(asKubectlWouldPrint(api.nodeNames().map((n) => api.node(n)!)));
    expect(props.metadata).toEqual({ resourceVersion: '1000' });
    // Times as the server wrote them (RFC 3339, no milliseconds), not Date objects.
    expect(props.items[0].metadata.creationTimestamp).toBe('2026-10-02T08:14:31Z');
    expect(props.items[5].status!.conditions![0].lastHeartbeatTime).toBe('2026-11-22T10:01:40Z');
    expect((props.items[5].status!.daemonEndpoints!.kubeletEndpoint as any).port).toBe(10250);
  });

  test('GIVEN a token that expires mid-way and no inconsistent continuation THEN the list restarts from the beginning AND shows the state of the restart, each node once', async () => {
    const { emulator: api, kubeconfig } = await emulator({
      nodes: NODES,
      inconsistentContinue: false,
      expireTokensAfter: 5,
      onListRequest: (n, e) => {
        if (n === 3) {
          e.deleteNode('node-0050'); // already read: must not survive the restart
          e.labelNode('node-1100', 'pool', 'gpu'); // not yet read
        }
      },
    });
    const progress = new Recorder();
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100, progress });

    const requests = api.listRequests();
    expect(requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 410, ...Array(13).fill(200)]);
    expect(requests[6].query.continue).toBeUndefined(); // the restart
    expect(requests.slice(7).every((r) => r.query.continue !== undefined)).toBe(true);
    expect(names(props)).toEqual(api.nodeNames());
    expect(new Set(names(props)).size).toBe(1233);
    expect(names(props)).not.toContain('node-0050');
    expect(props.items.find((n) => n.metadata.name === 'node-1100')!.metadata.labels!.pool).toBe('gpu');
    expect(props.metadata!.resourceVersion).toBe(api.resourceVersion);
    // The restart counts again from 0.
    expect(progress.reports.map(([read]) => read)).toEqual([100, 200, 300, 400, 500, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1233]);
  });

  test('GIVEN a 410 whose Status offers a continue token THEN the read continues inconsistently with it, without restarting, each node once', async () => {
    const { emulator: api, kubeconfig } = await emulator({
      nodes: NODES,
      expireTokensAfter: 5,
      onListRequest: (n, e) => {
        if (n === 3) e.labelNode('node-0900', 'pool', 'gpu'); // after the snapshot: seen only because the list goes on inconsistently
      },
    });
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100 });

    const requests = api.listRequests();
    expect(requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 410, ...Array(8).fill(200)]);
    expect(requests.slice(1).every((r) => r.query.continue !== undefined)).toBe(true);
    const token = JSON.parse(Buffer.from(requests[6].query.continue, 'base64').toString('utf8'));
    expect(token).toEqual({ v: 'meta.k8s.io/v1', rv: -1, start: 'node-0499\u0000' });
    expect(names(props)).toEqual(api.nodeNames());
    expect(props.items.find((n) => n.metadata.name === 'node-0900')!.metadata.labels!.pool).toBe('gpu');
    // Not a snapshot of one resourceVersion: no list metadata.
    expect(props.metadata).toBeUndefined();
  });

  test('GIVEN an inconsistent continuation that serves nodes again, one of them changed THEN each node is listed once, as its newest copy', async () => {
    const { emulator: api, kubeconfig } = await emulator({
      nodes: NODES,
      expireTokensAfter: 5,
      inconsistentOverlap: 30,
      onListRequest: (n, e) => {
        if (n === 6) e.labelNode('node-0480', 'generation', '2');
      },
    });
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100 });

    const served = api.listRequests().flatMap((r) => r.served ?? []);
    expect(served.length).toBe(1234 + 30); // the server did repeat 30 nodes
    expect(props.items).toHaveLength(1234);
    expect(new Set(names(props)).size).toBe(1234);
    const node = props.items.find((n) => n.metadata.name === 'node-0480')!;
    expect(node.metadata.labels!.generation).toBe('2');
    expect(node.metadata.resourceVersion).toBe(api.node('node-0480')!.metadata.resourceVersion);
  });

  test('GIVEN tokens that always expire THEN the read fails after maxRestarts with a typed EXPIRED error that shows no token', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES, expireEveryToken: true, inconsistentContinue: false });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100, maxRestarts: 2 }));

    expect(error.reason).toBe(NodeReadFailure.EXPIRED);
    expect(error.status).toBe(410);
    expect(error.restarts).toBe(2);
    expect(error.requests).toBe(6); // three attempts of two requests
    expect(api.listRequests().map((r) => r.status)).toEqual([200, 410, 200, 410, 200, 410]);
    expect(error.message).toMatch(/more than maxRestarts \(2\)/);
    expect(error.message).toMatch(/the server says: Expired: The provided continue parameter is too old/);
    for (const r of api.listRequests()) if (r.query.continue) expect(error.message).not.toContain(r.query.continue);
    expect(Errors.nodeReadDetails(error.message)).toEqual({ reason: 'expired', url: `${api.url}/api/v1/nodes`, status: 410, requests: 6, restarts: 2 });
    expect(Errors.isNodeReadError(error)).toBe(true);
  });

  test('GIVEN inconsistent continuations that expire too THEN they count against maxRestarts as well', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES, expireEveryToken: true });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100, maxRestarts: 3 }));
    expect(error.reason).toBe(NodeReadFailure.EXPIRED);
    expect(api.listRequests().filter((r) => r.query.continue === undefined)).toHaveLength(1); // never restarted
    expect(api.listRequests().map((r) => r.status)).toEqual([200, 410, 200, 410, 200, 410, 200, 410]);
  });

  test('GIVEN a server without remainingItemCount (before 1.15) THEN the read works AND progress has no estimate until the last page', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES.slice(0, 250), omitRemainingItemCount: true });
    const progress = new Recorder();
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100, progress });
    expect(names(props)).toEqual(api.nodeNames());
    expect(api.listRequests().some((r) => JSON.stringify(r).includes('remainingItemCount'))).toBe(false);
    expect(progress.reports).toEqual([
      [100, undefined],
      [200, undefined],
      [250, 250],
    ]);
  });

  test('GIVEN remainingItemCount THEN progress reports the read count and read + remaining', async () => {
    const { kubeconfig } = await emulator({ nodes: NODES.slice(0, 250) });
    const progress = new Recorder();
    await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 100, progress });
    expect(progress.reports).toEqual([
      [100, 250],
      [200, 250],
      [250, 250],
    ]);
  });

  test('GIVEN the result THEN it feeds new NodeList and NodeList.adopt in a stack, with one import per node named by its name', async () => {
    const { kubeconfig } = await emulator({ nodes: NODES.slice(0, 40) });
    const props = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 15 });
    const list = new NodeList(newStack(), 'nodes', props);
    expect(list.nodes.map((n) => n.name)).toEqual(names(props));

    const stack = newStack();
    NodeList.adopt(stack, 'nodes', props);
    const imports: string[] = synthJson(stack).import.map((i: any) => i.id);
    expect(imports.map((id) => id.replace(/^apiVersion=v1,kind=Node,name=/, '')).sort()).toEqual(names(props));
    expect(imports.every((id) => id.startsWith('apiVersion=v1,kind=Node,name='))).toBe(true);
  });

  test('GIVEN the default loading THEN KUBECONFIG is read AND a bearer token from the kubeconfig is sent', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES.slice(0, 10), token: 'sekret-token-123' });
    // The client runs outside jest's sandbox: it reads the process's own environment.
    const env: NodeJS.ProcessEnv = nativeRequire('process').env;
    const previous = env.KUBECONFIG;
    env.KUBECONFIG = kubeconfig;
    try {
      const props = await ClusterNodeReader.list({ chunkSize: 4 });
      expect(props.items).toHaveLength(10);
    } finally {
      if (previous === undefined) delete env.KUBECONFIG;
      else env.KUBECONFIG = previous;
    }
    expect(api.listRequests().every((r) => r.authorization === 'Bearer sekret-token-123')).toBe(true);
  });

  test('GIVEN a wrong token THEN UNAUTHORIZED, and the message shows no token', async () => {
    const { emulator: api, dir } = await emulator({ nodes: NODES.slice(0, 10), token: 'right-token' });
    const kubeconfig = api.writeKubeconfig(dir, 'wrong-token-456');
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig }));
    expect(error.reason).toBe(NodeReadFailure.UNAUTHORIZED);
    expect(error.status).toBe(401);
    expect(error.message).not.toMatch(/wrong-token-456|right-token/);
  });

  test('GIVEN a context, an unknown context, a missing file or a bad chunk size THEN the context is used or a typed error says what is wrong', async () => {
    const { kubeconfig, dir } = await emulator({ nodes: NODES.slice(0, 3) });
    const other = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, context: 'other' }));
    expect(other.reason).toBe(NodeReadFailure.NETWORK);
    expect(other.url).toBe('http://127.0.0.1:1/api/v1/nodes');

    const unknown = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, context: 'nope' }));
    expect(unknown.reason).toBe(NodeReadFailure.KUBECONFIG);
    expect(unknown.message).toMatch(/no context named "nope" .*"emulator", "other"/);

    const missing = await failure(ClusterNodeReader.list({ kubeconfigPath: path.join(dir, 'absent.yaml') }));
    expect(missing.reason).toBe(NodeReadFailure.KUBECONFIG);
    expect(missing.message).toMatch(/could not be read \(ENOENT\)/);

    const secret = path.join(dir, 'broken.yaml');
    fs.writeFileSync(secret, 'users:\n- name: x\n  user: { token: "tok-in-a-broken-file" \n  ::: [');
    const broken = await failure(ClusterNodeReader.list({ kubeconfigPath: secret }));
    expect(broken.reason).toBe(NodeReadFailure.KUBECONFIG);
    expect(broken.message).not.toContain('tok-in-a-broken-file');

    const bad = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 0 }));
    expect(bad.reason).toBe(NodeReadFailure.INVALID_OPTIONS);
    expect(bad.requests).toBe(0);
  });
});

describe('ClusterNodeReader.list bounds every request (issue 17)', () => {
  test('GIVEN a server that sends the headers and a few bytes of the list, then goes silent THEN timeout after idleTimeoutMs, long before the total', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES.slice(0, 5), stall: true });
    const started = Date.now();
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, idleTimeoutMs: 300, requestTimeoutMs: 60_000 }));
    expect(error.reason).toBe(NodeReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no byte for 300 ms \(idleTimeoutMs\): the server went silent \[reason: timeout; status: none; requests: 1; restarts: 0\]$/);
    expect(api.listRequests()).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  test('GIVEN a server whose connections never complete THEN timeout after connectTimeoutMs', async () => {
    const clogged = await cloggedPort();
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-reader-'));
      const kubeconfig = path.join(dir, 'kubeconfig.yaml');
      fs.writeFileSync(
        kubeconfig,
        `apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: c\n  cluster: { server: "${clogged.url}", insecure-skip-tls-verify: true }\n` +
          'users:\n- name: u\n  user: {}\ncontexts:\n- name: c\n  context: { cluster: c, user: u }\n',
      );
      const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, connectTimeoutMs: 300, requestTimeoutMs: 60_000 }));
      expect(error.reason).toBe(NodeReadFailure.TIMEOUT);
      expect(error.message).toMatch(/no connection within 300 ms \(connectTimeoutMs\)/);
    } finally {
      clogged.close();
    }
  });

  test('GIVEN the stall and an idle bound longer than the total THEN requestTimeoutMs ends the request', async () => {
    const { kubeconfig } = await emulator({ nodes: NODES.slice(0, 5), stall: true });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig, idleTimeoutMs: 60_000, requestTimeoutMs: 300 }));
    expect(error.reason).toBe(NodeReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no complete answer within 300 ms \(requestTimeoutMs\)/);
  });

  test('GIVEN WMC_IDLE_TIMEOUT_MS THEN it bounds the read when no option does; a malformed one is refused, nothing sent', async () => {
    const { emulator: api, kubeconfig } = await emulator({ nodes: NODES.slice(0, 5), stall: true });
    try {
      process.env.WMC_IDLE_TIMEOUT_MS = '250';
      expect((await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig }))).message).toMatch(/no byte for 250 ms \(idleTimeoutMs\)/);
      process.env.WMC_IDLE_TIMEOUT_MS = 'soon';
      const refused = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig }));
      expect(refused.reason).toBe(NodeReadFailure.INVALID_OPTIONS);
      expect(refused.message).toMatch(/WMC_IDLE_TIMEOUT_MS must be a positive number of milliseconds, not "soon"/);
    } finally {
      delete process.env.WMC_IDLE_TIMEOUT_MS;
    }
    expect(api.listRequests()).toHaveLength(1);
  });
});

describe('ClusterNodeReader.list messages show no credential and stay on one line (issue 17)', () => {
  const TOKEN = 'kube-bearer-MARKER-SECRET-71c2';

  test.each([
    [401, 'Unauthorized', NodeReadFailure.UNAUTHORIZED],
    [403, 'Forbidden', NodeReadFailure.FORBIDDEN],
  ] as const)('GIVEN a %i Status that echoes the Authorization header and the token THEN neither is in the message', async (code, reason, failureReason) => {
    const { emulator: api, dir } = await emulator({
      nodes: NODES.slice(0, 3),
      token: TOKEN,
      failList: (headers) => ({ code, reason, message: `user with ${headers.authorization} (token ${TOKEN}, header Authorization: ${headers.authorization}) cannot list resource "nodes"` }),
    });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: api.writeKubeconfig(dir, TOKEN) }));
    expect(api.listRequests()[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(error.reason).toBe(failureReason);
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toContain(`the server says: ${reason}: user with <authorization> (token <token>, header Authorization: <authorization>) cannot list resource "nodes"`);
  });

  test('GIVEN a password and a client key in the kubeconfig THEN a Status echoing them shows neither', async () => {
    const key = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7-MARKER-key-line';
    const pem = `-----BEGIN PRIVATE KEY-----\n${key}\n-----END PRIVATE KEY-----\n`;
    const { emulator: api, dir } = await emulator({
      nodes: NODES.slice(0, 3),
      failList: (headers) => ({
        code: 401,
        reason: 'Unauthorized',
        message: `basic auth ${headers.authorization} for admin:${Buffer.from(String(headers.authorization).slice(6), 'base64').toString().split(':')[1]} refused; key ${key}`,
      }),
    });
    const kubeconfig = api.writeKubeconfig(dir, undefined, { 'username': 'admin', 'password': 'pw-MARKER-SECRET-9d3e', 'client-key-data': Buffer.from(pem).toString('base64') });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig }));
    expect(error.reason).toBe(NodeReadFailure.UNAUTHORIZED);
    expect(api.listRequests()[0].authorization).toMatch(/^Basic /);
    for (const secret of ['pw-MARKER-SECRET-9d3e', key, 'MARKER']) expect(error.message).not.toContain(secret);
    expect(error.message).toContain('the server says: Unauthorized: basic auth <authorization> for admin:<password> refused; key <keyData>');
  });

  test('GIVEN a Status message with terminal escapes, BEL, bidi overrides and line breaks THEN the message is one line with each escaped', async () => {
    const { kubeconfig } = await emulator({
      nodes: NODES.slice(0, 3),
      failList: () => ({ code: 500, reason: 'InternalError', message: 'etcd\nfailed \u001b[2J\u001b[H \u0007\u202e\u2066x\u2069\r' }),
    });
    const error = await failure(ClusterNodeReader.list({ kubeconfigPath: kubeconfig }));
    expect(error.reason).toBe(NodeReadFailure.SERVER_ERROR);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e\u2066\u2069]/);
    expect(error.message).toContain('the server says: InternalError: etcd\\u000afailed \\u001b[2J\\u001b[H \\u0007\\u202e\\u2066x\\u2069\\u000d [reason: server-error');
  });
});

describe('kubectl against the same emulator', () => {
  test('GIVEN kubectl get nodes --chunk-size=7 -o json THEN it lists every node once through continue tokens AND its output reads as the reader\'s result', async () => {
    const { emulator: api, kubeconfig, dir } = await emulator({ nodes: NODES.slice(0, 50) });
    const { stdout } = await run('kubectl', ['get', 'nodes', '--chunk-size=7', `--server=${api.url}`, '-o', 'json'], {
      // A throwaway, absent kubeconfig: no user configuration is read.
      KUBECONFIG: path.join(dir, 'no-kubeconfig'),
    });
    const printed = JSON.parse(stdout);
    const printedNames = printed.items.map((n: any) => n.metadata.name);
    expect(printedNames).toEqual(api.nodeNames());
    expect(new Set(printedNames).size).toBe(50);

    const requests = api.listRequests();
    expect(requests).toHaveLength(8);
    expect(requests.every((r) => r.query.limit === '7')).toBe(true);
    expect(requests[0].query.continue).toBeUndefined();
    expect(requests.slice(1).every((r) => typeof r.query.continue === 'string' && r.query.continue.length > 0)).toBe(true);

    const read = await ClusterNodeReader.list({ kubeconfigPath: kubeconfig, chunkSize: 7 });
    expect(read.items).toEqual(NodeList.propsFromKubectlJson(stdout).items);
  });
});

describe('loading', () => {
  test('GIVEN a fresh Node process THEN requiring the library does not load @kubernetes/client-node AND the first read does', async () => {
    const { kubeconfig } = await emulator({ nodes: NODES.slice(0, 5) });
    const script = `
      const loaded = () => Object.keys(require.cache).some((k) => k.includes('${path.join('@kubernetes', 'client-node')}'));
      const lib = require(${JSON.stringify(path.join(ROOT, 'lib', 'index.ts'))});
      const reader = require(${JSON.stringify(path.join(ROOT, 'lib', 'cluster', 'node-reader.ts'))});
      const before = loaded();
      reader.ClusterNodeReader.list({ kubeconfigPath: ${JSON.stringify(kubeconfig)} }).then((props) => {
        console.log(JSON.stringify({ lib: typeof lib.NodeList, before, after: loaded(), items: props.items.length }));
      }, (e) => { console.error(e); process.exit(1); });
    `;
    const { stdout } = await run(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ lib: 'function', before: false, after: true, items: 5 });
  });
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024, timeout: 90_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(new Error(`${command} is not on PATH: this test needs it (kubectl v1.32 is expected on these machines) and is not skipped`));
      } else if (error) {
        reject(new Error(`${command} ${args.slice(0, 3).join(' ')} failed: ${error.message}\n${stderr}`));
      } else {
        resolve({ stdout, stderr });
      }
    });
  });
}
