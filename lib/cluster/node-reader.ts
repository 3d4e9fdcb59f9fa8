// The nodes of a live cluster as NodeList props: `GET /api/v1/nodes` in chunks
// (`limit` + `continue`), through @kubernetes/client-node for the kubeconfig
// and its authentication (tokens, client certificates, exec and auth-provider
// plugins, proxies), converted exactly as `kubectl get nodes -o json` output is.
//
// The client is not a dependency of the package (jsii accepts only jsii
// modules as peers): users who read install it, and it is loaded on the first
// call only, so importing this library never loads it.

import * as http from 'http';
import { NODE_READ_ERROR_BRAND } from '../core/errors';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, describeTimeout, httpGet, isTimeoutError, RequestTimeouts, TIMEOUT_VARIABLES, timeoutSetting } from '../core/http-timeouts';
import { compileSchema } from '../core/json-schema';
import { LibraryError } from '../core/library-error';
import { Problems, problemSummary } from '../core/problems';
import { IReadProgress, progressOptionProblem } from '../core/read-progress';
import { describeValue } from '../core/received-value';
import { KnownSecret, serverExcerpt } from '../core/server-text';
import { nodeListFromKubectlJson } from './kubectl-json';
import { NodeListProps } from './node-list';

type KubernetesClient = typeof import('@kubernetes/client-node');
type KubeConfig = InstanceType<KubernetesClient['KubeConfig']>;

/** Why `ClusterNodeReader.list` failed. */
export enum NodeReadFailure {
  /** The options are unusable (a chunk size that is not a positive whole number, …), so nothing was sent. */
  INVALID_OPTIONS = 'invalid-options',
  /** `@kubernetes/client-node` (1.x) could not be loaded: it is not installed, or this Node.js cannot `require` it (Node 20.19 or later can). */
  CLIENT_UNAVAILABLE = 'client-unavailable',
  /** The kubeconfig could not be read or used: missing or unparsable file, unknown context, no cluster, a refused setting. */
  KUBECONFIG = 'kubeconfig',
  /** 401: the credentials are missing, wrong or expired. */
  UNAUTHORIZED = 'unauthorized',
  /** 403: the user may not list nodes (a cluster-scoped `list` on `nodes` is needed). */
  FORBIDDEN = 'forbidden',
  /** Continue tokens kept expiring (HTTP 410) more often than `maxRestarts` allows. */
  EXPIRED = 'expired',
  /** 5xx: the API server failed. */
  SERVER_ERROR = 'server-error',
  /** Another status that is not 200. */
  HTTP_ERROR = 'http-error',
  /** No connection within `connectTimeoutMs`, silence longer than `idleTimeoutMs`, or no complete answer within `requestTimeoutMs`. */
  TIMEOUT = 'timeout',
  /** The connection failed (refused, reset, TLS, DNS). */
  NETWORK = 'network',
  /** 200, but the body is not a NodeList of v1 Nodes. */
  UNEXPECTED_RESPONSE = 'unexpected-response',
}

/** Options of `ClusterNodeReader.list`. */
export interface ClusterNodeReaderOptions {
  /**
   * Path of the kubeconfig file to read.
   *
   * @default - the client's standard loading (`KubeConfig.loadFromDefault`): the files in `KUBECONFIG`, else `~/.kube/config`, else the in-cluster service account
   */
  readonly kubeconfigPath?: string;

  /**
   * Name of the kubeconfig context to use.
   *
   * @default - the kubeconfig's `current-context`
   */
  readonly context?: string;

  /**
   * Nodes per request (the `limit` parameter; the server may return fewer).
   *
   * @default 500
   */
  readonly chunkSize?: number;

  /**
   * How many times an expired continue token (HTTP 410) is recovered from,
   * by continuing inconsistently with the token the server offers or by
   * restarting the list from the beginning. One more expiry fails the read with
   * `NodeReadFailure.EXPIRED`.
   *
   * @default 3
   */
  readonly maxRestarts?: number;

  /**
   * Time allowed for each request, headers and body, in milliseconds.
   *
   * @default - the environment's `WMC_REQUEST_TIMEOUT_MS`, else 60000
   */
  readonly requestTimeoutMs?: number;

  /**
   * Time allowed for each request's TCP connection (DNS included), in milliseconds.
   *
   * @default - the environment's `WMC_CONNECT_TIMEOUT_MS`, else 10000
   */
  readonly connectTimeoutMs?: number;

  /**
   * The longest silence allowed once connected (no byte received or sent:
   * waiting for the headers, or a body that stalls), in milliseconds.
   *
   * @default - the environment's `WMC_IDLE_TIMEOUT_MS`, else 30000
   */
  readonly idleTimeoutMs?: number;

  /**
   * Receives the number of nodes read after each page, with an estimate of the total.
   *
   * @default - no progress reports
   */
  readonly progress?: IReadProgress;
}

/**
 * The error `ClusterNodeReader.list` throws: why, the list URL, the last status,
 * how many requests were sent and how many expiries were recovered from. The
 * message ends with them in brackets, so other jsii languages read them with
 * `Errors.nodeReadDetails`. Messages never contain tokens, passwords, keys or
 * the kubeconfig's content.
 *
 * @internal jsii cannot describe a subclass of `Error`; TypeScript users catch it as usual.
 */
export class NodeReadError extends LibraryError {
  /** Why the read failed. */
  public readonly reason: NodeReadFailure;
  /** The list URL, without credentials or query. */
  public readonly url: string;
  /** The HTTP status of the last answer, when there was one. */
  public readonly status?: number;
  /** How many list requests were sent. */
  public readonly requests: number;
  /** How many expired continue tokens were recovered from. */
  public readonly restarts: number;

  constructor(reason: NodeReadFailure, url: string, message: string, requests: number, restarts: number, status?: number) {
    super(
      NODE_READ_ERROR_BRAND,
      'NodeReadError',
      `ClusterNodeReader.list: ${url}: ${message} [reason: ${reason}; status: ${status ?? 'none'}; requests: ${requests}; restarts: ${restarts}]`,
    );
    this.reason = reason;
    this.url = url;
    this.status = status;
    this.requests = requests;
    this.restarts = restarts;
  }
}

const CLIENT_MODULE = '@kubernetes/client-node';
const NO_SERVER = 'no-server';

/**
 * Reads the nodes of a live cluster, for `new NodeList(...)` or `NodeList.adopt(...)`.
 *
 * @example
 * const props = await ClusterNodeReader.list({ context: 'prod', chunkSize: 200 });
 * NodeList.adopt(stack, 'Nodes', props);
 */
export class ClusterNodeReader {
  /**
   * Lists the cluster's nodes, as `kubectl get nodes -o json` would show them
   * (`metadata.managedFields` left out, as kubectl does by default), and returns
   * them as NodeList props (through `NodeList.propsFromKubectlJson`).
   *
   * The list is read in chunks of `chunkSize` (`limit` and `continue`). When a
   * continue token has expired (HTTP 410, reason `Expired`), the read continues
   * with the token the 410 Status carries in `metadata.continue` (an
   * inconsistent continuation: nodes changed meanwhile may show their newer
   * state, nodes created meanwhile before the current position are missed), or,
   * when it carries none, restarts from the beginning; at most `maxRestarts`
   * times in all. Each node is listed once (by name, the copy read last).
   * `remainingItemCount` only feeds the progress estimate.
   *
   * `@kubernetes/client-node` 1.x (installed by the caller: it is not a
   * dependency of this package) is loaded on the first call; it reads the
   * kubeconfig and supplies the credentials and the connection (TLS, proxy) of
   * each request. A plain `http://` server needs
   * `insecure-skip-tls-verify: true` in its kubeconfig cluster (the client's rule).
   *
   * @param options where to read from and how; all optional
   * @returns the props: `items` (each node with its status and system metadata, as the server returned them) and, for a consistent list, `metadata.resourceVersion`
   */
  public static async list(options: ClusterNodeReaderOptions = {}): Promise<NodeListProps> {
    const settings = checkOptions(options);
    const client = loadClient();
    const config = loadConfig(client, options);
    const url = listUrl(config);
    return readAll(config, url, settings, kubeconfigSecrets(config));
  }

  private constructor() {}
}

interface Settings {
  readonly chunkSize: number;
  readonly maxRestarts: number;
  readonly timeouts: RequestTimeouts;
  readonly progress?: IReadProgress;
}

/** What a read has done so far, and what it must not show. */
interface ReadState {
  requests: number;
  restarts: number;
  /** The credentials known so far (the kubeconfig's, and each request's Authorization header): never shown. */
  readonly secrets: KnownSecret[];
}

// Which options exist; checkOptions checks their values.
const checkOptionNames = compileSchema({
  type: 'object',
  properties: { kubeconfigPath: {}, context: {}, chunkSize: {}, maxRestarts: {}, requestTimeoutMs: {}, connectTimeoutMs: {}, idleTimeoutMs: {}, progress: {} },
  additionalProperties: false,
});

function checkOptions(options: ClusterNodeReaderOptions): Settings {
  const fail = (message: string): never => {
    throw new NodeReadError(NodeReadFailure.INVALID_OPTIONS, NO_SERVER, message, 0, 0);
  };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) fail(`options must be an object, not ${describeValue(options)}`);
  const problems = new Problems();
  checkOptionNames(options, problems, 'options');
  if (problems.list.length > 0) fail(problemSummary(problems.list));
  const whole = (value: unknown, fallback: number, name: string, min: number): number => {
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      fail(`${name} must be a whole number, at least ${min}, not ${describeValue(value)}`);
    }
    return value as number;
  };
  const text = (value: unknown, name: string) => {
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) fail(`${name} must be a non-empty string, not ${describeValue(value)}`);
  };
  text(options.kubeconfigPath, 'kubeconfigPath');
  text(options.context, 'context');
  const progressProblem = progressOptionProblem(options.progress);
  if (progressProblem !== undefined) fail(progressProblem);
  const progress = options.progress;
  const timeout = (value: unknown, name: string, variable: string, fallback: number): number => {
    const setting = timeoutSetting(value, name, variable, fallback);
    return typeof setting === 'number' ? setting : fail(setting.problem);
  };
  return {
    chunkSize: whole(options.chunkSize, 500, 'chunkSize', 1),
    maxRestarts: whole(options.maxRestarts, 3, 'maxRestarts', 0),
    timeouts: {
      totalTimeoutMs: timeout(options.requestTimeoutMs, 'requestTimeoutMs', TIMEOUT_VARIABLES.total, 60_000),
      connectTimeoutMs: timeout(options.connectTimeoutMs, 'connectTimeoutMs', TIMEOUT_VARIABLES.connect, DEFAULT_CONNECT_TIMEOUT_MS),
      idleTimeoutMs: timeout(options.idleTimeoutMs, 'idleTimeoutMs', TIMEOUT_VARIABLES.idle, DEFAULT_IDLE_TIMEOUT_MS),
    },
    progress,
  };
}

/** The client, loaded on first use (it is an ES module: Node 20.19 and later `require` it). */
function loadClient(): KubernetesClient {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(CLIENT_MODULE) as KubernetesClient;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === 'MODULE_NOT_FOUND'
        ? `${CLIENT_MODULE} is not installed; install version 1.x (npm install ${CLIENT_MODULE}@1)`
        : `${CLIENT_MODULE} could not be loaded (${code ?? (error as Error).name}): it is an ES module, which require() loads on Node.js 20.19 or later`;
    throw new NodeReadError(NodeReadFailure.CLIENT_UNAVAILABLE, NO_SERVER, why, 0, 0);
  }
}

function loadConfig(client: KubernetesClient, options: ClusterNodeReaderOptions): KubeConfig {
  const config = new client.KubeConfig();
  const fail = (message: string): never => {
    throw new NodeReadError(NodeReadFailure.KUBECONFIG, NO_SERVER, message, 0, 0);
  };
  try {
    if (options.kubeconfigPath !== undefined) config.loadFromFile(options.kubeconfigPath);
    else config.loadFromDefault();
  } catch (error) {
    // Never the parser's message: it may quote the file, tokens included.
    const code = (error as { code?: string }).code;
    const source = options.kubeconfigPath !== undefined ? `the kubeconfig file ${options.kubeconfigPath}` : 'the default kubeconfig (KUBECONFIG, ~/.kube/config or in-cluster)';
    fail(`${source} could not be ${code === 'ENOENT' || code === 'EACCES' ? `read (${code})` : 'read or parsed'}`);
  }
  if (options.context !== undefined) {
    if (config.getContextObject(options.context) === null) {
      const known = config.getContexts().map((c) => c.name);
      fail(`no context named ${JSON.stringify(options.context)} in the kubeconfig (contexts: ${known.length > 0 ? known.map((n) => JSON.stringify(n)).join(', ') : 'none'})`);
    }
    config.setCurrentContext(options.context);
  }
  const cluster = config.getCurrentCluster();
  if (cluster === null || typeof cluster.server !== 'string' || cluster.server === '') {
    fail(`the context ${JSON.stringify(config.getCurrentContext())} names no cluster with a server URL`);
  }
  return config;
}

/**
 * Every credential the kubeconfig's current user holds (token, password, client
 * key, auth-provider settings), to keep out of messages whatever the server echoes.
 */
function kubeconfigSecrets(config: KubeConfig): KnownSecret[] {
  const user = config.getCurrentUser() as { [key: string]: unknown } | null;
  const secrets: KnownSecret[] = [];
  const add = (name: string, value: unknown) => {
    if (typeof value !== 'string' || value === '') return;
    secrets.push({ name, value });
    // Base64 settings (client-key-data): the decoded key as well.
    if (/Data$/.test(name) && /^[A-Za-z0-9+/=\s]+$/.test(value)) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      for (const line of decoded.split('\n')) if (line.trim().length >= 16 && !/^-----/.test(line.trim())) secrets.push({ name, value: line.trim() });
    }
  };
  if (user !== null) {
    for (const key of ['token', 'password', 'keyData']) add(key, user[key]);
    const providerConfig = (user.authProvider as { config?: { [key: string]: unknown } } | undefined)?.config;
    for (const [key, value] of Object.entries(providerConfig ?? {})) add(`authProvider.${key}`, value);
  }
  return secrets;
}

/** `<server>/api/v1/nodes`, without user:password (the client sends those as a header). */
function listUrl(config: KubeConfig): string {
  const server = config.getCurrentCluster()!.server;
  let parsed: URL;
  try {
    parsed = new URL(server);
  } catch {
    throw new NodeReadError(NodeReadFailure.KUBECONFIG, NO_SERVER, 'the cluster\'s server is not an absolute URL', 0, 0);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new NodeReadError(NodeReadFailure.KUBECONFIG, NO_SERVER, `the cluster's server must be an http(s) URL, not ${parsed.protocol}`, 0, 0);
  }
  return `${parsed.protocol}//${parsed.host}${parsed.pathname.replace(/\/+$/, '')}/api/v1/nodes`;
}

async function readAll(config: KubeConfig, url: string, settings: Settings, secrets: KnownSecret[]): Promise<NodeListProps> {
  const counters: ReadState = { requests: 0, restarts: 0, secrets };
  // Each attempt starts from the beginning; a restart drops what the previous one read
  // (the new list is complete on its own, and keeping the old copies would bring back
  // nodes deleted meanwhile).
  for (;;) {
    const nodes = new Map<string, { [key: string]: unknown }>();
    let token: string | undefined;
    let resourceVersion: string | undefined;
    let consistent = true;
    let restart = false;
    do {
      const answer = await getPage(config, url, settings, counters, token);
      if (answer.status === 410 && token !== undefined) {
        counters.restarts++;
        const offered = continueOf(answer.body);
        if (counters.restarts > settings.maxRestarts) {
          throw new NodeReadError(
            NodeReadFailure.EXPIRED,
            url,
            `410 Gone: the continue token expired ${counters.restarts} times, more than maxRestarts (${settings.maxRestarts}); the list takes longer than the server keeps tokens: raise chunkSize or maxRestarts${statusDetail(answer.body, counters.secrets)}`,
            counters.requests,
            counters.restarts - 1,
            410,
          );
        }
        if (offered !== undefined) {
          // The server offers to go on from the same position, on its current state.
          token = offered;
          consistent = false;
          continue;
        }
        restart = true;
        break;
      }
      if (answer.status !== 200) throw statusError(answer, url, counters);
      const page = parsePage(answer.body, url, counters);
      if (resourceVersion === undefined) resourceVersion = page.resourceVersion;
      for (const item of page.items) {
        const name = (item.metadata as { name?: unknown } | undefined)?.name;
        const key = typeof name === 'string' ? name : `\u0000unnamed-${nodes.size}`;
        // The copy read last is the newest: drop the older one, so the order is that of the last reads.
        nodes.delete(key);
        nodes.set(key, item);
      }
      token = page.continue;
      const estimate = token === undefined ? nodes.size : page.remainingItemCount === undefined ? undefined : nodes.size + page.remainingItemCount;
      settings.progress?.onProgress(nodes.size, estimate);
    } while (token !== undefined);
    if (restart) continue;
    return toProps([...nodes.values()], consistent ? resourceVersion : undefined, url, counters);
  }
}

function toProps(items: { [key: string]: unknown }[], resourceVersion: string | undefined, url: string, counters: ReadState): NodeListProps {
  // As `kubectl get nodes -o json` prints a list: each item with its apiVersion and kind
  // (typed lists omit them), and without metadata.managedFields (--show-managed-fields=false).
  const list = {
    apiVersion: 'v1',
    kind: 'NodeList',
    metadata: resourceVersion === undefined || resourceVersion === '' ? {} : { resourceVersion },
    items: items.map((item) => ({ apiVersion: 'v1', kind: 'Node', ...withoutManagedFields(item) })),
  };
  try {
    return nodeListFromKubectlJson(list);
  } catch (error) {
    throw new NodeReadError(
      NodeReadFailure.UNEXPECTED_RESPONSE,
      url,
      `the server's nodes are not v1 Nodes: ${serverExcerpt((error as Error).message, counters.secrets)}`,
      counters.requests,
      counters.restarts,
      200,
    );
  }
}

function withoutManagedFields(item: { [key: string]: unknown }): { [key: string]: unknown } {
  const metadata = item.metadata;
  if (metadata === null || typeof metadata !== 'object' || !('managedFields' in metadata)) return item;
  const { managedFields: _dropped, ...rest } = metadata as { [key: string]: unknown };
  return { ...item, metadata: rest };
}

interface Page {
  readonly items: { [key: string]: unknown }[];
  readonly continue?: string;
  readonly remainingItemCount?: number;
  readonly resourceVersion?: string;
}

function parsePage(body: string, url: string, counters: ReadState): Page {
  const fail = (what: string): never => {
    throw new NodeReadError(NodeReadFailure.UNEXPECTED_RESPONSE, url, `200, but ${what}`, counters.requests, counters.restarts, 200);
  };
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    fail(`the body is not JSON (${body.length} characters)`);
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.kind !== 'NodeList' || parsed.apiVersion !== 'v1' || !Array.isArray(parsed.items)) {
    fail(`the body is not a v1 NodeList (kind ${describeValue(parsed?.kind)}, apiVersion ${describeValue(parsed?.apiVersion)})`);
  }
  if (parsed.items.some((item: unknown) => item === null || typeof item !== 'object' || Array.isArray(item))) fail('an item is not an object');
  const meta = parsed.metadata !== null && typeof parsed.metadata === 'object' ? parsed.metadata : {};
  const token = typeof meta.continue === 'string' && meta.continue !== '' ? meta.continue : undefined;
  const remaining = Number.isSafeInteger(meta.remainingItemCount) && meta.remainingItemCount >= 0 ? meta.remainingItemCount : undefined;
  const resourceVersion = typeof meta.resourceVersion === 'string' ? meta.resourceVersion : undefined;
  return { items: parsed.items, continue: token, remainingItemCount: remaining, resourceVersion };
}

/** The token a 410 Status offers for an inconsistent continuation, if any. */
function continueOf(body: string): string | undefined {
  try {
    const status = JSON.parse(body);
    const token = status?.metadata?.continue;
    return typeof token === 'string' && token !== '' ? token : undefined;
  } catch {
    return undefined;
  }
}

function statusError(answer: Answer, url: string, counters: ReadState): NodeReadError {
  const { status, body } = answer;
  const detail = statusDetail(body, counters.secrets);
  const [reason, text] =
    status === 401
      ? [NodeReadFailure.UNAUTHORIZED, '401 Unauthorized: the credentials are missing, wrong or expired']
      : status === 403
        ? [NodeReadFailure.FORBIDDEN, '403 Forbidden: the user may not list nodes (cluster-scoped list on nodes)']
        : status >= 500
          ? [NodeReadFailure.SERVER_ERROR, `${status}: the API server failed`]
          : [NodeReadFailure.HTTP_ERROR, `${status}: unexpected status`];
  return new NodeReadError(reason, url, `${text}${detail}`, counters.requests, counters.restarts, status);
}

/** The reason and message of a Kubernetes Status body, as a suffix for messages. */
function statusDetail(body: string, secrets: KnownSecret[]): string {
  try {
    const status = JSON.parse(body);
    if (status?.kind === 'Status') {
      const reason = typeof status.reason === 'string' && status.reason !== '' ? `${status.reason}: ` : '';
      return typeof status.message === 'string' ? `; the server says: ${serverExcerpt(reason + status.message, secrets)}` : '';
    }
  } catch {
    // not JSON
  }
  return body.trim() === '' ? '' : `; body: ${body.length} characters (not shown)`;
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

async function getPage(config: KubeConfig, url: string, settings: Settings, counters: ReadState, token: string | undefined): Promise<Answer> {
  const query = new URLSearchParams({ limit: String(settings.chunkSize) });
  if (token !== undefined) query.set('continue', token);
  const target = `${url}?${query}`;
  // The client's own request setup, per request (exec plugins and auth providers refresh their tokens).
  let init: { agent?: unknown; headers?: unknown };
  try {
    init = (await config.applyToFetchOptions({ method: 'GET' })) as { agent?: unknown; headers?: unknown };
  } catch (error) {
    // Authenticator messages can quote plugin output: only the client's own setting refusals are shown.
    const message = String((error as Error)?.message ?? '');
    const shown = /^HTTP protocol is not allowed when skipTLSVerify is not set or false$|^Unsupported proxy type$/.test(message) ? message : (error as Error)?.name ?? 'error';
    throw new NodeReadError(
      NodeReadFailure.KUBECONFIG,
      url,
      `the client could not prepare the request from the kubeconfig (${shown}): check the user's credentials settings and the cluster's TLS settings`,
      counters.requests,
      counters.restarts,
    );
  }
  counters.requests++;
  const headers: { [name: string]: string } = {};
  const given = init.headers as { forEach?: (f: (value: string, key: string) => void) => void } | undefined;
  given?.forEach?.((value, key) => {
    headers[key] = value;
  });
  headers.accept = 'application/json';
  // The credentials this request carries: the Authorization header (a static token, or one an exec
  // plugin or auth provider just made) and the client key the agent holds (from client-key or its data).
  const remember = (name: string, value: unknown) => {
    if (typeof value === 'string' && value !== '' && !counters.secrets.some((known) => known.value === value)) counters.secrets.push({ name, value });
  };
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization') continue;
    remember('authorization', value);
    const credential = /^\S+\s+(.+)$/.exec(value)?.[1];
    remember('token', credential);
    if (/^basic\s/i.test(value) && credential !== undefined) remember('password', Buffer.from(credential, 'base64').toString('utf8').split(':').slice(1).join(':'));
  }
  const key = (init.agent as { options?: { key?: unknown } } | undefined)?.options?.key;
  for (const line of (typeof key === 'string' ? key : Buffer.isBuffer(key) ? key.toString('utf8') : '').split('\n')) {
    if (line.trim().length >= 16 && !line.startsWith('-----')) remember('client-key', line.trim());
  }
  const agent = init.agent as http.Agent | undefined;
  try {
    const answer = await httpGet(target, headers, settings.timeouts, agent);
    return { status: answer.status, body: answer.body };
  } catch (error) {
    if (isTimeoutError(error)) {
      throw new NodeReadError(NodeReadFailure.TIMEOUT, url, describeTimeout(error, 'requestTimeoutMs'), counters.requests, counters.restarts);
    }
    const e = error as { code?: string; name?: string };
    throw new NodeReadError(NodeReadFailure.NETWORK, url, `the request failed: ${e.code ?? e.name ?? 'error'}`, counters.requests, counters.restarts);
  } finally {
    agent?.destroy?.();
  }
}
