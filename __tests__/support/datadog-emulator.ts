/**
 * An emulator of the Datadog API endpoints this library calls, for tests that
 * drive the library's HTTP clients over a real socket.
 *
 * - `GET /api/v2/current_user`: the current user, with the org id at
 *   `data.relationships.org.data.id` (what `fetchOrgId` reads).
 * - `GET | POST | DELETE /api/v2/restriction_policy/{resource_id}` as the API
 *   documents them: GET answers 200 with the policy, or with empty bindings for
 *   a resource that has none; POST replaces the policy (body
 *   `{data:{id,type:'restriction_policy',attributes:{bindings}}}`, `data.id`
 *   equal to the path's id) and answers it; DELETE answers 204. A malformed id
 *   (no `type:`) or an unsupported resource type is a 400. Resources listed in
 *   `missingResources` answer 404 (the API documents no 404 for GET, but the
 *   Terraform provider handles one as "gone").
 * - Auth as the service checks it: no or a wrong `DD-API-KEY` is a 401, no or a
 *   wrong `DD-APPLICATION-KEY` a 403. Errors are JSON:API-style `{errors:[…]}`.
 * - Rate limiting on demand: `rateLimit(n, headers)` answers the next n
 *   requests 429 with the given headers (`Retry-After`, `X-RateLimit-Reset`).
 *   `delayMs` holds every answer back; `inFlight`/`maxInFlight` count
 *   concurrent requests. `failNext(status, body)` answers the next request so
 *   (the body possibly made from the request's headers, to echo the keys).
 *   `stall` answers each request with the headers and the first bytes of a
 *   body, then goes silent (the connection stays open).
 * - Listens on 127.0.0.1 only, on a free port; records every request (`calls`).
 */
import * as http from 'http';
import { AddressInfo } from 'net';

/** Resource types the API accepts in a restriction policy's resource id. */
export const SUPPORTED_RESOURCE_TYPES: readonly string[] = [
  'dashboard', 'integration-service', 'integration-webhook', 'notebook', 'powerpack', 'reference-table', 'security-rule',
  'slo', 'synthetics-global-variable', 'synthetics-test', 'synthetics-private-location', 'monitor', 'workflow',
  'app-builder-app', 'connection', 'connection-group', 'rum-application', 'cross-org-connection', 'spreadsheet',
  'on-call-schedule', 'on-call-escalation-policy', 'on-call-team-routing-rules', 'logs-pipeline', 'case-management-project',
];

/** A binding as the API returns it. */
export interface EmulatedBinding {
  readonly relation: string;
  readonly principals: string[];
}

/** One request the emulator answered. */
export interface DatadogCall {
  readonly method: string;
  /** The path as sent (still URL-encoded). */
  readonly path: string;
  /** The resource id, decoded, for restriction-policy calls. */
  readonly resourceId?: string;
  readonly status: number;
  readonly apiKey?: string;
  readonly appKey?: string;
}

export interface DatadogEmulatorOptions {
  /** @default 'emulated-api-key' */
  readonly apiKey?: string;
  /** @default 'emulated-app-key' */
  readonly appKey?: string;
  /** @default '10000000-0000-1111-0000-000000000000' */
  readonly orgId?: string;
  /** Resource types accepted besides `SUPPORTED_RESOURCE_TYPES`: types the service added after the library's table. @default none */
  readonly newerResourceTypes?: readonly string[];
}

export class DatadogEmulator {
  /** Starts an emulator on 127.0.0.1 on a free port. */
  public static async start(options: DatadogEmulatorOptions = {}): Promise<DatadogEmulator> {
    const emulator = new DatadogEmulator(options);
    await new Promise<void>((resolve, reject) => {
      emulator.server.once('error', reject);
      emulator.server.listen(0, '127.0.0.1', () => resolve());
    });
    return emulator;
  }

  public readonly apiKey: string;
  public readonly appKey: string;
  public readonly orgId: string;
  /** Types accepted besides SUPPORTED_RESOURCE_TYPES. */
  public readonly newerResourceTypes: readonly string[];
  /** Every request answered, in order of arrival. */
  public readonly calls: DatadogCall[] = [];
  /** Resource ids answered 404. */
  public readonly missingResources = new Set<string>();
  /** Milliseconds every answer is held back. */
  public delayMs = 0;
  /** When true, each request gets the headers and the first bytes of a 200 body, then silence. */
  public stall = false;
  /** Requests answered by stalling. */
  public stalledRequests = 0;
  /** Requests being answered now, and the most seen at once. */
  public inFlight = 0;
  public maxInFlight = 0;

  private readonly policies = new Map<string, EmulatedBinding[]>();
  private readonly scripted: { status: number; body: string | ((headers: http.IncomingHttpHeaders) => string); headers: http.OutgoingHttpHeaders }[] = [];
  private readonly server: http.Server;

  private constructor(options: DatadogEmulatorOptions) {
    this.apiKey = options.apiKey ?? 'emulated-api-key';
    this.appKey = options.appKey ?? 'emulated-app-key';
    this.orgId = options.orgId ?? '10000000-0000-1111-0000-000000000000';
    this.newerResourceTypes = options.newerResourceTypes ?? [];
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  /** `http://127.0.0.1:<port>` */
  public get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Stops listening. */
  public async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Sets a resource's policy directly (as if made in the UI). */
  public putPolicy(resourceId: string, bindings: EmulatedBinding[]): void {
    this.policies.set(resourceId, bindings.map((b) => ({ relation: b.relation, principals: [...b.principals] })));
  }

  /** A resource's stored bindings, or undefined. */
  public policy(resourceId: string): EmulatedBinding[] | undefined {
    return this.policies.get(resourceId);
  }

  /** Answers the next `count` requests 429 with `headers`. */
  public rateLimit(count: number, headers: http.OutgoingHttpHeaders = { 'retry-after': '0' }): void {
    for (let i = 0; i < count; i++) this.scripted.push({ status: 429, body: JSON.stringify({ errors: ['Too many requests'] }), headers });
  }

  /** Answers the next request with `status` and `body` (a text, or one made from the request's headers). */
  public failNext(status: number, body: string | ((headers: http.IncomingHttpHeaders) => string), headers: http.OutgoingHttpHeaders = {}): void {
    this.scripted.push({ status, body, headers });
  }

  /** Calls to the restriction-policy endpoint (of one method when given). */
  public policyCalls(method?: string): DatadogCall[] {
    return this.calls.filter((c) => c.resourceId !== undefined && (method === undefined || c.method === method));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (this.stall) {
        this.stalledRequests++;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write('{"data":{"type":"restriction_po');
        return;
      }
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      setTimeout(() => {
        this.inFlight--;
        if (res.destroyed) return;
        const answer = this.answer(req, Buffer.concat(chunks).toString('utf8'));
        this.calls.push({ ...answer.call, status: answer.status });
        const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(body);
      }, this.delayMs);
    });
  }

  private answer(req: http.IncomingMessage, rawBody: string): {
    status: number;
    body?: unknown;
    headers?: http.OutgoingHttpHeaders;
    call: Omit<DatadogCall, 'status'>;
  } {
    const path = (req.url ?? '').split('?')[0];
    const apiKey = header(req, 'dd-api-key');
    const appKey = header(req, 'dd-application-key');
    const policyMatch = /^\/api\/v2\/restriction_policy\/([^/]+)$/.exec(path);
    let resourceId: string | undefined;
    if (policyMatch) {
      try {
        resourceId = decodeURIComponent(policyMatch[1]);
      } catch {
        resourceId = policyMatch[1];
      }
    }
    const call = { method: req.method ?? '', path, resourceId, apiKey, appKey };
    const error = (status: number, ...errors: string[]) => ({ status, body: { errors }, call });

    const scripted = this.scripted.shift();
    if (scripted) return { status: scripted.status, body: typeof scripted.body === 'string' ? scripted.body : scripted.body(req.headers), headers: scripted.headers, call };
    if (apiKey !== this.apiKey) return error(401, 'Unauthorized');
    if (appKey !== this.appKey) return error(403, 'Forbidden');

    if (path === '/api/v2/current_user') {
      if (req.method !== 'GET') return error(405, 'Method Not Allowed');
      return {
        status: 200,
        call,
        body: {
          data: {
            type: 'users',
            id: '00000000-0000-0000-0000-00000000abcd',
            attributes: { handle: 'emulated@example.com', name: 'Emulated User' },
            relationships: { org: { data: { id: this.orgId, type: 'orgs' } } },
          },
          included: [],
        },
      };
    }
    if (resourceId === undefined) return error(404, 'Not found');

    const colon = resourceId.indexOf(':');
    if (colon <= 0 || colon === resourceId.length - 1) return error(400, `Invalid resource id ${resourceId}: expected type:id`);
    if (!SUPPORTED_RESOURCE_TYPES.includes(resourceId.slice(0, colon)) && !this.newerResourceTypes.includes(resourceId.slice(0, colon))) return error(400, `Unsupported resource type ${resourceId.slice(0, colon)}`);
    if (this.missingResources.has(resourceId)) return error(404, 'Not found');
    const policy = (bindings: EmulatedBinding[]) => ({ data: { id: resourceId, type: 'restriction_policy', attributes: { bindings } } });

    switch (req.method) {
      case 'GET':
        return { status: 200, body: policy(this.policies.get(resourceId) ?? []), call };
      case 'POST': {
        let parsed: any;
        try {
          parsed = JSON.parse(rawBody);
        } catch {
          return error(400, 'Invalid JSON');
        }
        const data = parsed?.data;
        if (data?.type !== 'restriction_policy' || data.id !== resourceId || !Array.isArray(data.attributes?.bindings)) {
          return error(400, 'Bad Request: data must be {id (the resource id), type: restriction_policy, attributes: {bindings}}');
        }
        const bindings: EmulatedBinding[] = data.attributes.bindings;
        if (bindings.some((b) => typeof b?.relation !== 'string' || !Array.isArray(b.principals) || b.principals.some((p) => typeof p !== 'string'))) {
          return error(400, 'Bad Request: each binding is {relation, principals}');
        }
        this.putPolicy(resourceId, bindings);
        return { status: 200, body: policy(this.policies.get(resourceId)!), call };
      }
      case 'DELETE':
        this.policies.delete(resourceId);
        return { status: 204, call };
      default:
        return error(405, 'Method Not Allowed');
    }
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
