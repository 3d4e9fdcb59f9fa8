/**
 * An emulator of the Redshift API for the four authentication-profile actions,
 * for end-to-end tests that run the real terraform and aws provider.
 *
 * - Wire protocol as the service speaks it: AWS Query (form-encoded POST with
 *   `Action` and `Version=2012-12-01`), XML results in the 2012-12-01 namespace,
 *   and the Query error envelope with the service's fault codes and statuses.
 * - Rules as the service enforces them: name `^[a-zA-Z0-9-]+$` of at most 63,
 *   ten profiles per account (`maxProfiles`), a content quota in bytes
 *   (`maxContentLength`, unset = unlimited: the service documents no default),
 *   content must be a JSON object without credential keys.
 * - Listens on 127.0.0.1 only, on a free port. `providerEnv()` is the environment
 *   of the processes that reach it (terraform, a reattached aws provider): the
 *   provider's SDK reads the Redshift and STS endpoints from
 *   `AWS_ENDPOINT_URL_<SERVICE>`, and the emulator is also their HTTP(S) proxy:
 *   Go does not proxy loopback, so any request to another address reaches the
 *   emulator instead and is refused and recorded in `strayRequests` (tests assert
 *   it stays empty; `onStray` to stop the command at once).
 * - Records every call (`calls`) and every change of the stored profiles
 *   (`events`); `putProfile` creates a profile directly, as if made outside Terraform.
 * - Misbehaves on demand: `stall` answers each request with the headers and the
 *   first bytes of a body, then goes silent (the connection stays open);
 *   `failNext(code, status, message)` answers the next request with that fault,
 *   the message possibly built from the request's headers (to echo credentials).
 *
 *   const emulator = await RedshiftEmulator.start();
 *   new AwsProvider(stack, 'aws', emulator.awsProviderProps());
 *   ... terraform(dir, ['apply', ...], { env: emulator.providerEnv() }) ...
 *   await emulator.stop();
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import { AddressInfo } from 'net';

const NAMESPACE = 'http://redshift.amazonaws.com/doc/2012-12-01/';
const API_VERSION = '2012-12-01';
const NAME_PATTERN = /^[a-zA-Z0-9-]+$/;
const MAX_NAME_LENGTH = 63;

/**
 * Keys the service refuses to store in a profile (credentials). Written out here,
 * not imported from the library: the emulator models the service, independently
 * of the code it tests.
 */
export const REFUSED_CONTENT_KEYS: readonly string[] = [
  'AccessKeyID',
  'access_key_id',
  'SecretAccessKey',
  'secret_access_key_id',
  'PWD',
  'Password',
  'password',
  'AuthProfile',
  'auth_profile',
];

/** Fault codes of the authentication-profile actions, with their HTTP statuses. */
export const FAULTS = {
  AuthenticationProfileAlreadyExistsFault: 400,
  AuthenticationProfileQuotaExceededFault: 400,
  AuthenticationProfileNotFoundFault: 404,
  InvalidAuthenticationProfileRequestFault: 400,
} as const;

export type FaultCode = keyof typeof FAULTS;

export interface RedshiftEmulatorOptions {
  /** Profiles per account. @default 10 */
  readonly maxProfiles?: number;
  /** Content quota, in UTF-8 bytes. @default - unlimited */
  readonly maxContentLength?: number;
}

/** One request the emulator answered. */
export interface EmulatorCall {
  readonly action: string;
  readonly params: { readonly [name: string]: string };
  readonly status: number;
  /** The fault code when the call was refused. */
  readonly errorCode?: string;
}

/** One change of the stored profiles. */
export interface ProfileEvent {
  readonly kind: 'created' | 'modified' | 'deleted';
  readonly name: string;
  readonly content?: string;
}

class Fault extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly status: number = code in FAULTS ? FAULTS[code as FaultCode] : 400,
  ) {
    super(message);
  }
}

export class RedshiftEmulator {
  /** Starts an emulator on 127.0.0.1 on a free port. */
  public static async start(options: RedshiftEmulatorOptions = {}): Promise<RedshiftEmulator> {
    const emulator = new RedshiftEmulator(options);
    await new Promise<void>((resolve, reject) => {
      emulator.server.once('error', reject);
      emulator.server.listen(0, '127.0.0.1', () => resolve());
    });
    return emulator;
  }

  /** Profiles per account; change it between steps to provoke the quota. */
  public maxProfiles: number;
  /** Content quota in UTF-8 bytes (undefined: unlimited). */
  public maxContentLength: number | undefined;
  /** Every request answered, in order. */
  public readonly calls: EmulatorCall[] = [];
  /** Every change of the stored profiles, in order. */
  public readonly events: ProfileEvent[] = [];
  /** Requests for anything but this API on loopback (proxied requests, other paths or methods). */
  public readonly strayRequests: string[] = [];
  /** When true, each request gets the headers and the first bytes of a 200 body, then silence. */
  public stall = false;
  /** Requests answered by stalling. */
  public stalledRequests = 0;

  private readonly scriptedFaults: { code: string; status: number; message: (headers: http.IncomingHttpHeaders) => string; action?: string }[] = [];

  private readonly store = new Map<string, string>();
  private readonly strayListeners = new Set<(request: string) => void>();
  private readonly server: http.Server;

  private constructor(options: RedshiftEmulatorOptions) {
    this.maxProfiles = options.maxProfiles ?? 10;
    this.maxContentLength = options.maxContentLength;
    this.server = http.createServer((req, res) => this.handle(req, res));
    // HTTPS through the proxy: refuse, and remember who was asked for.
    this.server.on('connect', (req: http.IncomingMessage, socket) => {
      this.recordStray(`CONNECT ${req.url}`);
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
  }

  /** `http://127.0.0.1:<port>` */
  public get url(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /**
   * Settings for the aws provider (`AwsProviderProps`, as plain data: the
   * emulator imports nothing from the library) that plan and apply against
   * this emulator without a cloud: no credential or region checks. The
   * endpoints are not among them: they come from {@link providerEnv}. An
   * `endpoints` block costs each terraform command 2.5 s (validate) to 5 s
   * (plan) with aws provider 5.100, even with one endpoint in it.
   */
  public awsProviderProps(): { [setting: string]: unknown } {
    return {
      region: 'us-east-1',
      skipCredentialsValidation: true,
      skipRequestingAccountId: true,
      skipMetadataApiCheck: true,
      skipRegionValidation: true,
    };
  }

  /**
   * Environment of a process that runs the aws provider against this emulator
   * (terraform, or a reattached provider): the endpoints of Redshift, and of
   * STS, so that a credentials check that was not skipped reaches the emulator
   * and fails there (as an unknown action) instead of going to AWS; and the
   * emulator as the HTTP(S) proxy, which catches any other request (see the
   * file comment).
   */
  public providerEnv(): NodeJS.ProcessEnv {
    return {
      AWS_ENDPOINT_URL_REDSHIFT: this.url,
      AWS_ENDPOINT_URL_STS: this.url,
      HTTP_PROXY: this.url,
      HTTPS_PROXY: this.url,
      http_proxy: this.url,
      https_proxy: this.url,
      NO_PROXY: '',
      no_proxy: '',
    };
  }

  /** Stops listening. */
  public async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The stored content of a profile, or undefined. */
  public profile(name: string): string | undefined {
    return this.store.get(name);
  }

  /** Names of the stored profiles, sorted. */
  public profileNames(): string[] {
    return [...this.store.keys()].sort();
  }

  /** Creates a profile directly (outside Terraform), under the service's rules. */
  public putProfile(name: string, content: string): void {
    this.create(name, content);
  }

  /** Deletes a profile directly; returns whether it existed. */
  public removeProfile(name: string): boolean {
    const existed = this.store.delete(name);
    if (existed) this.events.push({ kind: 'deleted', name });
    return existed;
  }

  /**
   * Calls `listener` on each stray request; returns the unsubscribe function.
   * The SDK retries refused requests for minutes: stop the command instead.
   */
  public onStray(listener: (request: string) => void): () => void {
    this.strayListeners.add(listener);
    return () => this.strayListeners.delete(listener);
  }

  private recordStray(request: string): void {
    this.strayRequests.push(request);
    for (const listener of this.strayListeners) listener(request);
  }

  /**
   * Answers the next request with the fault `code`, `status` and `message` (a text, or one made from the request's headers).
   *
   * @param action the next request of this action only (`DeleteAuthenticationProfile`); others are answered as usual
   */
  public failNext(code: string, status: number, message: string | ((headers: http.IncomingHttpHeaders) => string), action?: string): void {
    this.scriptedFaults.push({ code, status, message: typeof message === 'string' ? () => message : message, ...(action === undefined ? {} : { action }) });
  }

  /** Calls of one action (all when omitted), from index `since` of `calls`. */
  public callsOf(action?: string, since = 0): EmulatorCall[] {
    return this.calls.slice(since).filter((c) => action === undefined || c.action === action);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      if (!url.startsWith('/')) {
        // An absolute URI: a plain-HTTP request through the proxy.
        this.recordStray(`${req.method} ${url}`);
        res.writeHead(502, { 'Content-Type': 'text/plain' }).end('the test emulator refuses to proxy\n');
        return;
      }
      const query = new URL(url, this.url).searchParams;
      const form = new URLSearchParams(req.method === 'POST' ? Buffer.concat(chunks).toString('utf8') : '');
      const params: { [name: string]: string } = {};
      for (const [k, v] of query) params[k] = v;
      for (const [k, v] of form) params[k] = v;
      const action = params.Action ?? '';
      const requestId = randomUUID();
      if (this.stall) {
        this.stalledRequests++;
        res.writeHead(200, { 'Content-Type': 'text/xml', 'Content-Length': '4096', 'x-amzn-RequestId': requestId });
        res.write(`<${action}Response xmlns="${NAMESPACE}">`);
        return;
      }
      try {
        const at = this.scriptedFaults.findIndex((f) => f.action === undefined || f.action === action);
        const scripted = at < 0 ? undefined : this.scriptedFaults.splice(at, 1)[0];
        if (scripted !== undefined) throw new Fault(scripted.code, scripted.message(req.headers), scripted.status);
        if (req.method !== 'POST' && req.method !== 'GET') throw new Fault('InvalidAction', `method ${req.method} is not supported`, 405);
        if (!req.headers.authorization && !params['X-Amz-Signature']) {
          throw new Fault('MissingAuthenticationToken', 'Request is missing Authentication Token', 403);
        }
        if (!action) throw new Fault('MissingAction', 'Missing Action');
        if (params.Version !== API_VERSION) {
          throw new Fault('InvalidParameterValue', `Version must be ${API_VERSION}, got ${JSON.stringify(params.Version)}`);
        }
        const result = this.dispatch(action, params);
        this.calls.push({ action, params, status: 200 });
        res
          .writeHead(200, { 'Content-Type': 'text/xml', 'x-amzn-RequestId': requestId })
          .end(
            `<${action}Response xmlns="${NAMESPACE}">\n  <${action}Result>${result}</${action}Result>\n` +
              `  <ResponseMetadata>\n    <RequestId>${requestId}</RequestId>\n  </ResponseMetadata>\n</${action}Response>\n`,
          );
      } catch (e) {
        if (!(e instanceof Fault)) throw e;
        if (e.code === 'InvalidAction' || e.code === 'MissingAuthenticationToken') this.recordStray(`${req.method} ${url} Action=${action}`);
        this.calls.push({ action, params, status: e.status, errorCode: e.code });
        res
          .writeHead(e.status, { 'Content-Type': 'text/xml', 'x-amzn-RequestId': requestId })
          .end(
            `<ErrorResponse xmlns="${NAMESPACE}">\n  <Error>\n    <Type>Sender</Type>\n    <Code>${e.code}</Code>\n` +
              `    <Message>${xml(e.message)}</Message>\n  </Error>\n  <RequestId>${requestId}</RequestId>\n</ErrorResponse>\n`,
          );
      }
    });
  }

  private dispatch(action: string, params: { [name: string]: string }): string {
    switch (action) {
      case 'CreateAuthenticationProfile': {
        const name = required(params, 'AuthenticationProfileName');
        const content = required(params, 'AuthenticationProfileContent');
        this.create(name, content);
        return profileXml(name, content);
      }
      case 'DescribeAuthenticationProfiles': {
        const name = params.AuthenticationProfileName;
        let names: string[];
        if (name !== undefined) {
          if (!this.store.has(name)) throw notFound(name);
          names = [name];
        } else {
          names = this.profileNames();
        }
        const members = names.map((n) => `<member>${profileXml(n, this.store.get(n)!)}</member>`).join('');
        return `<AuthenticationProfiles>${members}</AuthenticationProfiles>`;
      }
      case 'ModifyAuthenticationProfile': {
        const name = required(params, 'AuthenticationProfileName');
        const content = required(params, 'AuthenticationProfileContent');
        if (!this.store.has(name)) throw notFound(name);
        this.checkContent(content);
        this.store.set(name, content);
        this.events.push({ kind: 'modified', name, content });
        return profileXml(name, content);
      }
      case 'DeleteAuthenticationProfile': {
        const name = required(params, 'AuthenticationProfileName');
        if (!this.store.has(name)) throw notFound(name);
        this.store.delete(name);
        this.events.push({ kind: 'deleted', name });
        return `<AuthenticationProfileName>${xml(name)}</AuthenticationProfileName>`;
      }
      default:
        throw new Fault('InvalidAction', `The action ${action} is not valid for this web service (the test emulator serves only the authentication-profile actions of Redshift).`);
    }
  }

  private create(name: string, content: string): void {
    if (name.length > MAX_NAME_LENGTH || !NAME_PATTERN.test(name)) {
      throw new Fault(
        'InvalidAuthenticationProfileRequestFault',
        `The authentication profile request is not valid. The profile name ${JSON.stringify(name)} must be 1 to ${MAX_NAME_LENGTH} letters, digits and hyphens.`,
      );
    }
    if (this.store.has(name)) {
      throw new Fault('AuthenticationProfileAlreadyExistsFault', `The authentication profile ${name} already exists.`);
    }
    this.checkContent(content);
    if (this.store.size >= this.maxProfiles) {
      throw new Fault(
        'AuthenticationProfileQuotaExceededFault',
        `The number of authentication profiles has exceeded the quota: the account has ${this.store.size} of at most ${this.maxProfiles}.`,
      );
    }
    this.store.set(name, content);
    this.events.push({ kind: 'created', name, content });
  }

  private checkContent(content: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw new Fault('InvalidAuthenticationProfileRequestFault', 'The authentication profile request is not valid. The content must be valid JSON.');
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Fault('InvalidAuthenticationProfileRequestFault', 'The authentication profile request is not valid. The content must be a JSON object.');
    }
    const refused = Object.keys(parsed).filter((k) => REFUSED_CONTENT_KEYS.includes(k));
    if (refused.length > 0) {
      throw new Fault(
        'InvalidAuthenticationProfileRequestFault',
        `The authentication profile request is not valid. The content must not contain credentials: ${refused.join(', ')}.`,
      );
    }
    const length = Buffer.byteLength(content, 'utf8');
    if (this.maxContentLength !== undefined && length > this.maxContentLength) {
      throw new Fault(
        'AuthenticationProfileQuotaExceededFault',
        `The size of the authentication profile has exceeded the quota: ${length} bytes of at most ${this.maxContentLength}.`,
      );
    }
  }
}

function required(params: { [name: string]: string }, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') {
    throw new Fault('InvalidAuthenticationProfileRequestFault', `The authentication profile request is not valid. ${name} can't be null or empty.`);
  }
  return value;
}

function notFound(name: string): Fault {
  return new Fault('AuthenticationProfileNotFoundFault', `The authentication profile ${name} can't be found.`);
}

function profileXml(name: string, content: string): string {
  return `<AuthenticationProfileName>${xml(name)}</AuthenticationProfileName><AuthenticationProfileContent>${xml(content)}</AuthenticationProfileContent>`;
}

function xml(text: string): string {
  // CR as a character reference, as AWS writes it: an XML parser folds a raw CR (and CRLF) into LF.
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\r/g, '&#xD;');
}
