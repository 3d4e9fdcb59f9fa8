// fetchOrgId against a real HTTP server on 127.0.0.1, started here. Each test
// sets how the server answers; retries use zero or tiny waits and timeouts are
// short, so the suite is fast without asserting on time.
import * as http from 'http';
import { AddressInfo } from 'net';
import { CurrentOrg } from '../../lib/monitoring/current-org';
import { fetchOrgId, FetchOrgIdOptions, OrgIdLookupError, OrgIdLookupFailure } from '../../lib/monitoring/fetch-org-id';

const API_KEY = 'test-api-key-1234567890';
const APP_KEY = 'test-app-key-0987654321';
const ORG_ID = '10000000-0000-1111-0000-000000000000';
const CURRENT_USER = JSON.stringify({
  data: { type: 'users', id: 'u-1', relationships: { org: { data: { id: ORG_ID, type: 'orgs' } } } },
  included: [],
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let requests: http.IncomingMessage[];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  requests = [];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function answer(status: number, body: string, headers: http.OutgoingHttpHeaders = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };
}

function options(extra: Partial<FetchOrgIdOptions> = {}): FetchOrgIdOptions {
  return { apiUrl: baseUrl, apiKey: API_KEY, appKey: APP_KEY, timeoutMs: 2000, ...extra };
}

async function failure(extra: Partial<FetchOrgIdOptions> = {}): Promise<OrgIdLookupError> {
  try {
    await fetchOrgId(options(extra));
  } catch (error) {
    if (!(error instanceof OrgIdLookupError)) throw error;
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain(APP_KEY);
    return error;
  }
  throw new Error('expected fetchOrgId to fail');
}

describe('fetchOrgId', () => {
  test('GIVEN a 200 with the org id THEN it is returned, from GET /api/v2/current_user with both key headers', async () => {
    handler = answer(200, CURRENT_USER);
    await expect(fetchOrgId(options({ apiUrl: `${baseUrl}/` }))).resolves.toBe(ORG_ID);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('GET');
    expect(requests[0].url).toBe('/api/v2/current_user');
    expect(requests[0].headers['dd-api-key']).toBe(API_KEY);
    expect(requests[0].headers['dd-application-key']).toBe(APP_KEY);
  });

  test('GIVEN CurrentOrg.fetchOrgId THEN it is the same lookup', async () => {
    handler = answer(200, CURRENT_USER);
    await expect(CurrentOrg.fetchOrgId(options())).resolves.toBe(ORG_ID);
  });

  test('GIVEN a 401 THEN the error blames the API key', async () => {
    handler = answer(401, '{"errors":["Unauthorized"]}');
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.UNAUTHORIZED);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/401 Unauthorized: the API key \(DD-API-KEY\).*the service says: Unauthorized/);
    expect(requests).toHaveLength(1);
  });

  test('GIVEN a 403 THEN the error blames the application key', async () => {
    handler = answer(403, '{"errors":["Forbidden"]}');
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.FORBIDDEN);
    expect(error.message).toMatch(/403 Forbidden: the application key \(DD-APPLICATION-KEY\)/);
    expect(requests).toHaveLength(1);
  });

  test('GIVEN a 429 then a 200 THEN the lookup retries after Retry-After and succeeds', async () => {
    handler = (req, res, n) => (n === 1 ? answer(429, '{"errors":["Too many requests"]}', { 'retry-after': '0' }) : answer(200, CURRENT_USER))(req, res, n);
    await expect(fetchOrgId(options())).resolves.toBe(ORG_ID);
    expect(requests).toHaveLength(2);
  });

  test('GIVEN a 429 with X-RateLimit-Reset THEN it is honoured', async () => {
    handler = (req, res, n) => (n <= 2 ? answer(429, '', { 'x-ratelimit-reset': '0' }) : answer(200, CURRENT_USER))(req, res, n);
    await expect(fetchOrgId(options())).resolves.toBe(ORG_ID);
    expect(requests).toHaveLength(3);
  });

  test('GIVEN 429 on every attempt THEN retries are bounded by maxRetries', async () => {
    handler = answer(429, '{"errors":["Too many requests"]}', { 'retry-after': '0' });
    const error = await failure({ maxRetries: 2 });
    expect(error.reason).toBe(OrgIdLookupFailure.RATE_LIMITED);
    expect(error.attempts).toBe(3);
    expect(requests).toHaveLength(3);
    expect(error.message).toMatch(/still rate limited after 3 attempts \(maxRetries 2\)/);
  });

  test('GIVEN a 429 asking for a longer wait than maxRetryDelayMs THEN it fails at once, naming the wait asked for', async () => {
    handler = answer(429, '', { 'retry-after': '120' });
    const error = await failure({ maxRetryDelayMs: 5000 });
    expect(error.reason).toBe(OrgIdLookupFailure.RATE_LIMITED);
    expect(error.message).toMatch(/asks to wait 120 s \(Retry-After: 120\), more than maxRetryDelayMs \(5000 ms\)/);
    expect(requests).toHaveLength(1);
  });

  test('GIVEN a 429 with Retry-After as a date THEN the date is read', async () => {
    handler = answer(429, '', { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() });
    const error = await failure({ maxRetryDelayMs: 60_000 });
    expect(error.message).toMatch(/asks to wait 3[56]\d\d s \(Retry-After: /);
  });

  test('GIVEN a 429 with X-RateLimit-Reset beyond the limit THEN the header is named', async () => {
    handler = answer(429, '', { 'x-ratelimit-reset': '45' });
    const error = await failure({ maxRetryDelayMs: 1000 });
    expect(error.message).toMatch(/asks to wait 45 s \(X-RateLimit-Reset: 45\)/);
  });

  test('GIVEN a 429 without back-off headers THEN the default delay applies (and is bounded)', async () => {
    handler = answer(429, '');
    const error = await failure({ defaultRetryDelayMs: 1, maxRetries: 1 });
    expect(error.attempts).toBe(2);
    expect(requests).toHaveLength(2);
  });

  test.each([500, 502, 503])('GIVEN a %i THEN a server error, not retried', async (status) => {
    handler = answer(status, 'upstream exploded');
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.SERVER_ERROR);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(new RegExp(`${status}: the service failed.*body: upstream exploded`));
    expect(requests).toHaveLength(1);
  });

  test('GIVEN a server that never answers THEN a timeout error', async () => {
    handler = () => undefined; // holds the request open
    const error = await failure({ timeoutMs: 150 });
    expect(error.reason).toBe(OrgIdLookupFailure.TIMEOUT);
    expect(error.message).toMatch(/no complete answer within 150 ms/);
  });

  test('GIVEN a body that stalls after the headers THEN a timeout error too', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    };
    const error = await failure({ timeoutMs: 150 });
    expect(error.reason).toBe(OrgIdLookupFailure.TIMEOUT);
  });

  test('GIVEN a 200 without data.relationships.org.data.id THEN the missing field is named', async () => {
    handler = answer(200, JSON.stringify({ data: { type: 'users', id: 'u-1', relationships: {} } }));
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.UNEXPECTED_RESPONSE);
    expect(error.message).toMatch(/200, but the body has no data.relationships.org.data.id string \(found nothing\)/);
  });

  test('GIVEN a 200 whose org id is not a string THEN it is refused', async () => {
    handler = answer(200, JSON.stringify({ data: { relationships: { org: { data: { id: 42 } } } } }));
    const error = await failure();
    expect(error.message).toMatch(/found 42/);
  });

  test('GIVEN a 200 that is not JSON THEN it is refused', async () => {
    handler = answer(200, '<html>login</html>');
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.UNEXPECTED_RESPONSE);
    expect(error.message).toMatch(/not JSON: <html>login<\/html>/);
  });

  test('GIVEN a redirect THEN it is not followed (it would carry the keys)', async () => {
    handler = answer(302, '', { location: 'http://127.0.0.2:9/steal' });
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.HTTP_ERROR);
    expect(error.message).toMatch(/302: a redirect to http:\/\/127.0.0.2:9\/steal, not followed/);
    expect(requests).toHaveLength(1);
  });

  test('GIVEN a 404 THEN an http error with the status', async () => {
    handler = answer(404, '{"errors":["Not found"]}');
    const error = await failure();
    expect(error.reason).toBe(OrgIdLookupFailure.HTTP_ERROR);
    expect(error.message).toMatch(/404: an unexpected status; the service says: Not found/);
  });

  test('GIVEN a body that echoes a key THEN the message redacts it', async () => {
    handler = answer(500, `bad key ${API_KEY}`);
    const error = await failure();
    expect(error.message).toContain('bad key <apiKey>');
  });

  test('GIVEN a closed port THEN a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure({ apiUrl: `http://127.0.0.1:${port}` });
    expect(error.reason).toBe(OrgIdLookupFailure.NETWORK);
    expect(error.message).toMatch(/the request failed: ECONNREFUSED/);
  });

  test.each([
    [{ apiUrl: 'api.datadoghq.com' }, /apiUrl must be an absolute http\(s\) URL/],
    [{ apiUrl: 'ftp://example.com' }, /apiUrl must be an absolute http\(s\) URL/],
    [{ apiUrl: 'https://admin:hunter2@api.datadoghq.com' }, /^(?!.*hunter2).*apiUrl must be an absolute http\(s\) URL without credentials/s],
    [{ timeoutMs: Object.create(null) }, /timeoutMs must be a positive number of milliseconds, not \{\}/],
    [{ apiKey: '' }, /apiKey must be a non-empty string/],
    [{ appKey: 'a\nb' }, /appKey must be a non-empty string on one line/],
    [{ timeoutMs: 0 }, /timeoutMs must be a positive number/],
    [{ maxRetries: -1 }, /maxRetries must be a whole number/],
  ] as const)('GIVEN invalid options %j THEN nothing is sent', async (extra, message) => {
    handler = answer(200, CURRENT_USER);
    const error = await failure(extra as Partial<FetchOrgIdOptions>);
    expect(error.reason).toBe(OrgIdLookupFailure.INVALID_OPTIONS);
    expect(error.message).toMatch(message);
    expect(requests).toHaveLength(0);
  });
});
