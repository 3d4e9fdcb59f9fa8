// Bounds on every request a reader sends: the connection, the longest silence,
// and the whole request. One implementation for the three readers: a GET over
// Node's http(s) (`httpGet`, for Datadog and Kubernetes) and an agent whose
// sockets carry the same bounds (`GuardedAgents`, for the AWS SDK, whose own
// requestTimeout stops counting once the headers are in and so never ends a
// body that stalls).
import * as http from 'http';
import * as https from 'https';
import * as net from 'net';
import { describeValue } from './received-value';

/** Which bound ended a request. */
export type TimeoutPhase = 'connect' | 'idle' | 'total';

/** The three bounds of one request, in milliseconds. */
export interface RequestTimeouts {
  /** From the request's start until its TCP connection is open (DNS included). */
  readonly connectTimeoutMs: number;
  /** The longest time without a byte received or sent, once connected (waiting for the headers included). */
  readonly idleTimeoutMs: number;
  /** The whole request, from its start to the last byte of the answer. */
  readonly totalTimeoutMs: number;
}

/** The default connect timeout: 10 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** The default idle timeout: 30 s. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** The environment variables that set the bounds when an option does not. */
export const TIMEOUT_VARIABLES = {
  connect: 'WMC_CONNECT_TIMEOUT_MS',
  idle: 'WMC_IDLE_TIMEOUT_MS',
  total: 'WMC_REQUEST_TIMEOUT_MS',
} as const;

/** A request ended by one of its bounds. */
export interface TimeoutError extends Error {
  readonly phase: TimeoutPhase;
  readonly limitMs: number;
}

/** Whether `error` is a request ended by one of its bounds. */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof Error && (error as Partial<TimeoutError>).phase !== undefined && error.name === 'RequestTimeoutError';
}

function timeoutError(phase: TimeoutPhase, limitMs: number): TimeoutError {
  const error = new Error(describeTimeout({ phase, limitMs })) as Error & { phase: TimeoutPhase; limitMs: number; code: string };
  error.name = 'RequestTimeoutError';
  error.phase = phase;
  error.limitMs = limitMs;
  // The code Node and the AWS SDK give their own timeouts: the SDK retries it as transient.
  error.code = 'ETIMEDOUT';
  return error;
}

/**
 * What happened, for a message: which bound, its value, and the option that sets it.
 *
 * @param timeout the bound that ended the request
 * @param totalOption the caller's name for the total bound (`timeoutMs`, `requestTimeoutMs`)
 * @returns e.g. "no byte for 30000 ms (idleTimeoutMs)"
 */
export function describeTimeout(timeout: { phase: TimeoutPhase; limitMs: number }, totalOption = 'timeoutMs'): string {
  switch (timeout.phase) {
    case 'connect':
      return `no connection within ${timeout.limitMs} ms (connectTimeoutMs)`;
    case 'idle':
      return `no byte for ${timeout.limitMs} ms (idleTimeoutMs): the server went silent`;
    default:
      return `no complete answer within ${timeout.limitMs} ms (${totalOption})`;
  }
}

/**
 * One bound from an option, else its environment variable, else the default.
 *
 * @param option the option's value
 * @param optionName the option's name, for the problem
 * @param variable the environment variable
 * @param fallback the default
 * @param env the environment
 * @returns the milliseconds, or a problem saying which setting is wrong
 */
export function timeoutSetting(option: unknown, optionName: string, variable: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number | { problem: string } {
  if (option !== undefined) {
    if (typeof option !== 'number' || !Number.isFinite(option) || option <= 0) {
      return { problem: `${optionName} must be a positive number of milliseconds, not ${describeValue(option)}` };
    }
    return option;
  }
  const raw = env[variable];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\s*\d+(\.\d+)?\s*$/.test(raw) || Number(raw) <= 0) {
    return { problem: `the environment variable ${variable} must be a positive number of milliseconds, not ${describeValue(raw)}` };
  }
  return Number(raw);
}

/**
 * Watches one request: the connection within `connectTimeoutMs`, no silence
 * longer than `idleTimeoutMs`, all within `totalTimeoutMs` (counted from this
 * call). Calls `onTimeout` at most once; returns the function that stops the
 * watch (call it when the answer is complete or the request failed).
 */
function watch(timeouts: RequestTimeouts, onTimeout: (error: TimeoutError) => void): { attach: (socket: net.Socket) => void; stop: () => void } {
  let stopped = false;
  let socket: net.Socket | undefined;
  const fire = (phase: TimeoutPhase, limitMs: number) => {
    if (stopped) return;
    stop();
    onTimeout(timeoutError(phase, limitMs));
  };
  const onIdle = () => fire('idle', timeouts.idleTimeoutMs);
  const total = setTimeout(() => fire('total', timeouts.totalTimeoutMs), timeouts.totalTimeoutMs);
  const connect = setTimeout(() => fire('connect', timeouts.connectTimeoutMs), timeouts.connectTimeoutMs);
  const connected = () => {
    clearTimeout(connect);
    if (stopped || socket === undefined) return;
    socket.setTimeout(timeouts.idleTimeoutMs);
    socket.on('timeout', onIdle);
  };
  function stop() {
    stopped = true;
    clearTimeout(total);
    clearTimeout(connect);
    if (socket !== undefined) {
      socket.removeListener('timeout', onIdle);
      socket.removeListener('connect', connected);
      if (!socket.destroyed) socket.setTimeout(0);
    }
  }
  const attach = (s: net.Socket) => {
    if (stopped || socket !== undefined) return;
    socket = s;
    if (s.connecting) s.once('connect', connected);
    else connected();
  };
  return { attach, stop };
}

/** An answer: status, headers, body as text. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/**
 * GET `url` with `headers`, within the bounds; no redirect is followed. A
 * bound that ends the request rejects with a {@link TimeoutError}; other
 * failures reject with Node's error (its `code`: ECONNREFUSED, …).
 *
 * @param url an http(s) URL
 * @param headers the request headers
 * @param timeouts the bounds
 * @param agent the agent (a kubeconfig's TLS settings, a proxy), or Node's default
 * @returns the answer
 */
export async function httpGet(url: string, headers: { [name: string]: string }, timeouts: RequestTimeouts, agent?: http.Agent): Promise<HttpAnswer> {
  try {
    return await getOnce(url, headers, timeouts, agent);
  } catch (error) {
    // A kept-alive socket the server closed while idle fails at once: the request never reached the
    // server, and Node's docs say to send it again (http `request.reusedSocket`). Once, on a new socket.
    if ((error as { reusedSocket?: boolean }).reusedSocket === true) return getOnce(url, headers, timeouts, agent);
    throw error;
  }
}

function getOnce(url: string, headers: { [name: string]: string }, timeouts: RequestTimeouts, agent?: http.Agent): Promise<HttpAnswer> {
  const transport = url.startsWith('https:') ? https : http;
  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (error: unknown, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      guard.stop();
      if (error === undefined) resolve(answer!);
      else reject(error);
    };
    const guard = watch(timeouts, (timeout) => {
      settle(timeout);
      request.destroy(timeout);
    });
    let answered = false;
    const request = transport.request(url, { method: 'GET', headers, agent }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => settle(error));
      response.on('aborted', () => settle(Object.assign(new Error('the connection closed before the end of the answer'), { code: 'ECONNRESET' })));
      response.on('end', () => settle(undefined, { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('socket', (socket) => guard.attach(socket));
    // ECONNRESET before any answer on a socket that carried an earlier request: marked, for one new try.
    request.on('error', (error) => settle((error as { code?: string }).code === 'ECONNRESET' && request.reusedSocket && !answered ? Object.assign(error, { reusedSocket: true }) : error));
    request.end();
  });
}

/**
 * An http and an https agent whose sockets carry the bounds, one request per
 * socket (no keep-alive), for clients that send through an agent they are
 * given (the AWS SDK's `NodeHttpHandler`). The bounds count from the socket's
 * creation; a bound ends the socket with a {@link TimeoutError}, and the last
 * one is kept in `lastTimeout` (cleared when the next socket opens), for the
 * caller to say why its request failed, whatever error the client made of it.
 */
export class GuardedAgents {
  /** The bound that ended the latest socket, if it was ended by one. */
  public lastTimeout: TimeoutError | undefined;
  /** For http URLs. */
  public readonly http: http.Agent;
  /** For https URLs. */
  public readonly https: https.Agent;

  constructor(timeouts: RequestTimeouts) {
    const guarded = <A extends http.Agent>(agent: A): A => {
      const create = (agent as unknown as { createConnection: (...args: unknown[]) => net.Socket }).createConnection;
      (agent as unknown as { createConnection: (...args: unknown[]) => net.Socket }).createConnection = (...args: unknown[]) => {
        this.lastTimeout = undefined;
        const socket = create.apply(agent, args);
        const guard = watch(timeouts, (timeout) => {
          this.lastTimeout = timeout;
          socket.destroy(timeout);
        });
        guard.attach(socket);
        socket.once('close', guard.stop);
        return socket;
      };
      return agent;
    };
    this.http = guarded(new http.Agent({ keepAlive: false }));
    this.https = guarded(new https.Agent({ keepAlive: false }));
  }

  /** Closes every socket. */
  public destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
