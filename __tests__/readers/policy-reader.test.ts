// RestrictionPolicyReader (and fetchOrgId) against the Datadog emulator on
// 127.0.0.1: real sockets, the library's own HTTP client. Retries use zero
// waits, so the suite is fast without asserting on time.
import { TerraformStack, Testing } from '../../lib/core/framework';
import { DatadogProvider } from '../../lib/monitoring/datadog-provider';
import { fetchOrgId } from '../../lib/monitoring/fetch-org-id';
import {
  RestrictionPolicyReader,
  RestrictionPolicyReaderOptions,
  RestrictionPolicyReadError,
  RestrictionPolicyReadFailure,
} from '../../lib/monitoring/policy-reader';
import { RestrictionPolicy } from '../../lib/monitoring/restriction-policy';
import { cloggedPort } from '../support/clogged-port';
import { DatadogEmulator } from '../support/datadog-emulator';
import { synthJson } from '../support/synth';

// Marker secrets: no error message may contain them.
const API_KEY = 'api-key-MARKER-SECRET-7f3a9c';
const APP_KEY = 'app-key-MARKER-SECRET-41d0e2';
const ROLE_A = 'role:00000000-0000-1111-0000-00000000000a';
const ROLE_B = 'role:00000000-0000-1111-0000-00000000000b';
const TEAM = 'team:00000000-0000-2222-0000-000000000001';
const ORG = 'org:10000000-0000-1111-0000-000000000000';

let emulator: DatadogEmulator;
const savedEnv = { ...process.env };

beforeEach(async () => {
  emulator = await DatadogEmulator.start({ apiKey: API_KEY, appKey: APP_KEY });
  for (const name of ['DD_API_KEY', 'DD_APP_KEY', 'DD_API_URL', 'DD_SITE']) delete process.env[name];
});

afterEach(async () => {
  await emulator.stop();
  process.env = { ...savedEnv };
});

function options(extra: Partial<RestrictionPolicyReaderOptions> = {}): RestrictionPolicyReaderOptions {
  return { resourceIds: ['dashboard:abc'], apiUrl: emulator.url, apiKey: API_KEY, appKey: APP_KEY, timeoutMs: 2000, ...extra };
}

async function failure(opts: RestrictionPolicyReaderOptions): Promise<RestrictionPolicyReadError> {
  try {
    await RestrictionPolicyReader.read(opts);
  } catch (error) {
    if (!(error instanceof RestrictionPolicyReadError)) throw error;
    for (const secret of [API_KEY, APP_KEY, 'MARKER-SECRET']) expect(error.message).not.toContain(secret);
    expect(error.message).toMatch(/^RestrictionPolicyReader: GET \S+: .* \[reason: [a-z-]+; status: (\d+|none); attempts: \d+\]$/s);
    return error;
  }
  throw new Error('expected RestrictionPolicyReader.read to fail');
}

describe('RestrictionPolicyReader.read', () => {
  test('GIVEN policies THEN each is read with both key headers, in input order, bindings merged and sorted', async () => {
    emulator.putPolicy('dashboard:abc', [
      { relation: 'viewer', principals: [ORG, ROLE_B] },
      { relation: 'editor', principals: [ROLE_B, ROLE_A] },
      { relation: 'viewer', principals: [TEAM, ORG] },
    ]);
    emulator.putPolicy('notebook:n-1', [{ relation: 'editor', principals: [TEAM] }]);
    const read = await RestrictionPolicyReader.read(options({ resourceIds: ['notebook:n-1', 'dashboard:abc'] }));
    expect(read).toEqual([
      { resourceId: 'notebook:n-1', bindings: [{ relation: 'editor', principals: [TEAM] }] },
      {
        resourceId: 'dashboard:abc',
        bindings: [
          { relation: 'editor', principals: [ROLE_A, ROLE_B] },
          { relation: 'viewer', principals: [ORG, ROLE_B, TEAM] },
        ],
      },
    ]);
    expect(emulator.calls.map((c) => `${c.method} ${c.path} ${c.status}`).sort()).toEqual([
      'GET /api/v2/restriction_policy/dashboard%3Aabc 200',
      'GET /api/v2/restriction_policy/notebook%3An-1 200',
    ]);
    expect(emulator.calls.every((c) => c.apiKey === API_KEY && c.appKey === APP_KEY)).toBe(true);
  });

  test('GIVEN no keys or URL in the options THEN DD_API_KEY, DD_APP_KEY and DD_API_URL are used', async () => {
    process.env.DD_API_KEY = API_KEY;
    process.env.DD_APP_KEY = APP_KEY;
    process.env.DD_API_URL = `${emulator.url}/`;
    emulator.putPolicy('slo:s1', [{ relation: 'viewer', principals: [ORG] }]);
    await expect(RestrictionPolicyReader.read({ resourceIds: ['slo:s1'] })).resolves.toEqual([
      { resourceId: 'slo:s1', bindings: [{ relation: 'viewer', principals: [ORG] }] },
    ]);
  });

  test('GIVEN DD_SITE and no keys anywhere THEN nothing is sent, and the error names the site URL and the variables', async () => {
    process.env.DD_SITE = 'datadoghq.eu';
    const error = await failure({ resourceIds: ['slo:s1'] });
    expect(error.reason).toBe(RestrictionPolicyReadFailure.INVALID_OPTIONS);
    expect(error.url).toBe('https://api.datadoghq.eu/api/v2/restriction_policy/');
    expect(error.message).toMatch(/apiKey must be a non-empty string on one line \(pass it, or set DD_API_KEY and DD_APP_KEY\)/);
    expect(emulator.calls).toHaveLength(0);
  });

  test('GIVEN a resource without a policy THEN the service answers empty bindings, read as a policy with no bindings', async () => {
    const read = await RestrictionPolicyReader.read(options({ resourceIds: ['monitor:123'] }));
    expect(read).toEqual([{ resourceId: 'monitor:123', bindings: [] }]);
  });

  test('GIVEN a 404 for one resource THEN it is left out, the others kept in order', async () => {
    emulator.putPolicy('dashboard:a', [{ relation: 'viewer', principals: [ORG] }]);
    emulator.putPolicy('dashboard:c', [{ relation: 'editor', principals: [ROLE_A] }]);
    emulator.missingResources.add('dashboard:b');
    const read = await RestrictionPolicyReader.read(options({ resourceIds: ['dashboard:a', 'dashboard:b', 'dashboard:c'] }));
    expect(read.map((p) => p.resourceId)).toEqual(['dashboard:a', 'dashboard:c']);
    expect(emulator.calls.find((c) => c.resourceId === 'dashboard:b')?.status).toBe(404);
  });

  test('GIVEN a resource id with reserved characters THEN it is URL-encoded in the path and read back as given', async () => {
    const id = 'dashboard:a/b?c#d%e&f';
    emulator.putPolicy(id, [{ relation: 'viewer', principals: [ORG] }]);
    const read = await RestrictionPolicyReader.read(options({ resourceIds: [id] }));
    expect(read[0].resourceId).toBe(id);
    expect(emulator.calls[0].path).toBe('/api/v2/restriction_policy/dashboard%3Aa%2Fb%3Fc%23d%25e%26f');
  });

  test('GIVEN a wrong API key THEN unauthorized, one request, no key in the message', async () => {
    const error = await failure(options({ apiKey: 'wrong-MARKER-SECRET' }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.UNAUTHORIZED);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/401 Unauthorized: the API key \(DD-API-KEY\).*the service says: Unauthorized/);
    expect(emulator.calls).toHaveLength(1);
  });

  test('GIVEN a wrong application key THEN forbidden', async () => {
    const error = await failure(options({ appKey: 'wrong-MARKER-SECRET' }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.FORBIDDEN);
    expect(error.message).toMatch(/403 Forbidden: the application key \(DD-APPLICATION-KEY\) is wrong, or may not read restriction policies/);
  });

  test('GIVEN a body that echoes the keys THEN the message redacts them', async () => {
    emulator.failNext(500, `upstream saw ${API_KEY} and ${APP_KEY}`);
    const error = await failure(options());
    expect(error.reason).toBe(RestrictionPolicyReadFailure.SERVER_ERROR);
    expect(error.message).toContain('upstream saw <apiKey> and <appKey>');
  });

  test('GIVEN an unsupported resource type THEN the 400 is an http error quoting the service', async () => {
    const error = await failure(options({ resourceIds: ['bucket:b1'] }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.HTTP_ERROR);
    expect(error.message).toMatch(/400: an unexpected status; the service says: Unsupported resource type bucket/);
  });

  test('GIVEN 429 then 200 THEN the read retries after Retry-After and succeeds', async () => {
    emulator.rateLimit(2, { 'retry-after': '0' });
    await expect(RestrictionPolicyReader.read(options())).resolves.toEqual([{ resourceId: 'dashboard:abc', bindings: [] }]);
    expect(emulator.calls.map((c) => c.status)).toEqual([429, 429, 200]);
  });

  test('GIVEN 429 on every attempt THEN retries are bounded by maxRetries', async () => {
    emulator.rateLimit(100, { 'x-ratelimit-reset': '0' });
    const error = await failure(options({ maxRetries: 2 }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.RATE_LIMITED);
    expect(error.attempts).toBe(3);
    expect(emulator.calls).toHaveLength(3);
    expect(error.message).toMatch(/still rate limited after 3 attempts \(maxRetries 2\)/);
  });

  test('GIVEN a 429 asking for more than maxRetryDelayMs THEN it fails at once', async () => {
    emulator.rateLimit(1, { 'x-ratelimit-reset': '45' });
    const error = await failure(options({ maxRetryDelayMs: 1000 }));
    expect(error.message).toMatch(/asks to wait 45 s \(X-RateLimit-Reset: 45\)/);
    expect(emulator.calls).toHaveLength(1);
  });

  test('GIVEN a slow service THEN a timeout', async () => {
    emulator.delayMs = 500;
    const error = await failure(options({ timeoutMs: 100 }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.TIMEOUT);
  });

  test.each([
    ['not JSON', '<html>login</html>', /200, but the body is not JSON: <html>login<\/html>/],
    ['another type', JSON.stringify({ data: { id: 'dashboard:abc', type: 'users' } }), /no data of type "restriction_policy"/],
    ['another id', JSON.stringify({ data: { id: 'dashboard:zzz', type: 'restriction_policy', attributes: { bindings: [] } } }), /data.id is "dashboard:zzz", not the resource id asked for \("dashboard:abc"\)/],
    ['bad bindings', JSON.stringify({ data: { id: 'dashboard:abc', type: 'restriction_policy', attributes: { bindings: [{ relation: 'viewer', principals: [1] }] } } }), /bindings\[0\] is not \{ relation: string, principals: string\[\] \}/],
  ])('GIVEN a 200 with %s THEN an unexpected response', async (_what, body, message) => {
    emulator.failNext(200, body);
    const error = await failure(options());
    expect(error.reason).toBe(RestrictionPolicyReadFailure.UNEXPECTED_RESPONSE);
    expect(error.message).toMatch(message);
  });

  test('GIVEN a closed port THEN a network error', async () => {
    const closed = options();
    await emulator.stop();
    const error = await failure(closed);
    expect(error.reason).toBe(RestrictionPolicyReadFailure.NETWORK);
    emulator = await DatadogEmulator.start({ apiKey: API_KEY, appKey: APP_KEY }); // for afterEach
  });

  test.each([
    [{ resourceIds: [] }, /resourceIds must be a non-empty list/],
    [{ resourceIds: ['dashboard'] }, /1 invalid resource id: resourceIds\/0: received "dashboard"; allowed: a resource id formatted "resource_type:resource_id"/],
    [{ resourceIds: ['dashboard:a', 'dashboard:a'] }, /resourceIds\/1: received "dashboard:a"; allowed: each resource id once/],
    [{ concurrency: 0 }, /concurrency must be a whole number, at least 1, not 0/],
    [{ apiUrl: 'https://user:MARKER-SECRET@api.datadoghq.com' }, /apiUrl must be an absolute http\(s\) URL without credentials/],
    [{ appKey: 'a\nb' }, /appKey must be a non-empty string on one line/],
    [{ maxRetries: 1.5 }, /maxRetries must be a whole number/],
  ] as const)('GIVEN invalid options %j THEN nothing is sent', async (extra, message) => {
    const error = await failure(options(extra as Partial<RestrictionPolicyReaderOptions>));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.INVALID_OPTIONS);
    expect(error.attempts).toBe(0);
    expect(error.message).toMatch(message);
    expect(emulator.calls).toHaveLength(0);
  });

  test('GIVEN many resources THEN at most `concurrency` requests are in flight (default 4), results in input order', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `notebook:n${String(i).padStart(2, '0')}`);
    ids.forEach((id, i) => emulator.putPolicy(id, [{ relation: 'viewer', principals: [`role:r${i}`] }]));
    emulator.delayMs = 20;
    const reversed = [...ids].reverse();
    const read = await RestrictionPolicyReader.read(options({ resourceIds: reversed }));
    expect(read.map((p) => p.resourceId)).toEqual(reversed);
    expect(emulator.maxInFlight).toBe(4);

    emulator.maxInFlight = 0;
    await RestrictionPolicyReader.read(options({ resourceIds: ids, concurrency: 2 }));
    expect(emulator.maxInFlight).toBe(2);
  });

  test('GIVEN progress THEN it hears of each resource read, a 404 included, with the number asked for as the total', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => `notebook:p${i}`);
    ids.forEach((id) => emulator.putPolicy(id, [{ relation: 'viewer', principals: [TEAM] }]));
    emulator.missingResources.add(ids[3]);
    const reports: [number, number | undefined][] = [];
    const read = await RestrictionPolicyReader.read(options({ resourceIds: ids, progress: { onProgress: (n, total) => reports.push([n, total]) } }));
    expect(read).toHaveLength(6);
    expect(reports).toEqual(ids.map((_, i) => [i + 1, ids.length]));
  });

  test('GIVEN a progress that is not an object with onProgress THEN invalid-options, nothing sent', async () => {
    for (const progress of [null, 42, {}, { onProgress: 'x' }]) {
      const error = await failure(options({ progress: progress as any }));
      expect(error.reason).toBe(RestrictionPolicyReadFailure.INVALID_OPTIONS);
      expect(error.message).toContain('progress must be an object with an onProgress method');
    }
    expect(emulator.calls).toHaveLength(0);
  });

  test('GIVEN a failure THEN no new request starts after it', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `slo:s${i}`);
    emulator.failNext(200, '{}'); // the first answered: not a policy
    const error = await failure(options({ resourceIds: ids, concurrency: 1 }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.UNEXPECTED_RESPONSE);
    expect(emulator.calls).toHaveLength(1);
  });
});

describe('RestrictionPolicyReader.read bounds every request (issue 17)', () => {
  test('GIVEN a service that sends the headers and a few bytes, then goes silent THEN timeout after idleTimeoutMs, long before the total', async () => {
    emulator.stall = true;
    const started = Date.now();
    const error = await failure(options({ idleTimeoutMs: 300, timeoutMs: 60_000 }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no byte for 300 ms \(idleTimeoutMs\): the server went silent/);
    expect(emulator.stalledRequests).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  test('GIVEN a port whose connections never complete THEN timeout after connectTimeoutMs', async () => {
    const clogged = await cloggedPort();
    try {
      const error = await failure(options({ apiUrl: clogged.url, connectTimeoutMs: 300, timeoutMs: 60_000 }));
      expect(error.reason).toBe(RestrictionPolicyReadFailure.TIMEOUT);
      expect(error.message).toMatch(/no connection within 300 ms \(connectTimeoutMs\)/);
    } finally {
      clogged.close();
    }
  });

  test('GIVEN the stall and an idle bound longer than the total THEN the total ends the request', async () => {
    emulator.stall = true;
    const error = await failure(options({ idleTimeoutMs: 60_000, timeoutMs: 300 }));
    expect(error.reason).toBe(RestrictionPolicyReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no complete answer within 300 ms \(timeoutMs\)/);
  });

  test('GIVEN WMC_IDLE_TIMEOUT_MS THEN it bounds the read when no option does; a malformed one is refused, nothing sent', async () => {
    emulator.stall = true;
    process.env.WMC_IDLE_TIMEOUT_MS = '250';
    expect((await failure(options())).message).toMatch(/no byte for 250 ms \(idleTimeoutMs\)/);
    process.env.WMC_IDLE_TIMEOUT_MS = '-5';
    const refused = await failure(options());
    expect(refused.reason).toBe(RestrictionPolicyReadFailure.INVALID_OPTIONS);
    expect(refused.message).toMatch(/WMC_IDLE_TIMEOUT_MS must be a positive number of milliseconds, not "-5"/);
    expect(emulator.stalledRequests).toBe(1);
  });
});

describe('RestrictionPolicyReader.read messages show no credential and stay on one line (issue 17)', () => {
  test('GIVEN a 401 whose body echoes the key headers the emulator received THEN both keys are replaced by their names, other credential-shaped text redacted', async () => {
    emulator.failNext(401, (headers) =>
      JSON.stringify({ errors: [`Unauthorized: DD-API-KEY ${headers['dd-api-key']}, DD-APPLICATION-KEY ${headers['dd-application-key']}; try 0123456789abcdef0123456789abcdef or Bearer xyz`] }),
    );
    const error = await failure(options());
    expect(error.reason).toBe(RestrictionPolicyReadFailure.UNAUTHORIZED);
    expect(error.message).toContain('the service says: Unauthorized: DD-API-KEY <apiKey>, DD-APPLICATION-KEY <appKey>; try <redacted> or Bearer <redacted>');
  });

  test('GIVEN an error body with terminal escapes, BEL, bidi overrides and line breaks THEN the message is one line with each escaped', async () => {
    emulator.failNext(500, 'upstream\r\nfailed \u001b]0;pwned\u0007 \u202edesrever\u2029end');
    const error = await failure(options());
    expect(error.reason).toBe(RestrictionPolicyReadFailure.SERVER_ERROR);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
    expect(error.message).toContain('body: upstream\\u000d\\u000afailed \\u001b]0;pwned\\u0007 \\u202edesrever\\u2029end');
  });
});

describe('RestrictionPolicyReader.read: values read back are shown on one line too (issue 17)', () => {
  test('GIVEN a 200 whose data.id holds a line separator, a C1 CSI and a bidi override THEN the value shown escapes them', async () => {
    emulator.failNext(200, JSON.stringify({ data: { id: 'dashboard:x\u2028\u009b2J\u202e', type: 'restriction_policy', attributes: { bindings: [] } } }));
    const error = await failure(options());
    expect(error.reason).toBe(RestrictionPolicyReadFailure.UNEXPECTED_RESPONSE);
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
    expect(error.message).toContain('data.id is "dashboard:x\\u2028\\u009b2J\\u202e", not the resource id asked for');
  });
});

describe('fetchOrgId against the emulator', () => {
  test('GIVEN the current user THEN the org id is read', async () => {
    await expect(fetchOrgId({ apiUrl: emulator.url, apiKey: API_KEY, appKey: APP_KEY })).resolves.toBe(emulator.orgId);
    expect(emulator.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(['GET /api/v2/current_user 200']);
  });
});

describe('read, then adopt', () => {
  test('GIVEN what was read THEN RestrictionPolicy.adopt synthesizes import blocks whose ids are the resource ids read', async () => {
    emulator.putPolicy('dashboard:abc-def-ghi', [{ relation: 'editor', principals: [ROLE_A] }, { relation: 'viewer', principals: [ORG] }]);
    emulator.putPolicy('synthetics-test:t-1', [{ relation: 'viewer', principals: [TEAM, ROLE_B] }]);
    emulator.missingResources.add('dashboard:gone');
    const read = await RestrictionPolicyReader.read(options({ resourceIds: ['dashboard:abc-def-ghi', 'dashboard:gone', 'synthetics-test:t-1', 'monitor:7'] }));

    const stack = new TerraformStack(Testing.app(), 'adopted');
    new DatadogProvider(stack, 'datadog');
    const policies = read.map((props, i) => RestrictionPolicy.adopt(stack, `Policy${i}`, props));
    const json = synthJson(stack);

    expect(json.import).toEqual(policies.map((p, i) => ({ id: read[i].resourceId, to: p.address })));
    expect(json.import.map((b: any) => b.id)).toEqual(['dashboard:abc-def-ghi', 'synthetics-test:t-1', 'monitor:7']);
    const resources = json.resource.datadog_restriction_policy;
    expect(resources[policies[0].address.split('.')[1]]).toMatchObject({
      resource_id: 'dashboard:abc-def-ghi',
      bindings: [
        { principals: [ROLE_A], relation: 'editor' },
        { principals: [ORG], relation: 'viewer' },
      ],
    });
    expect(resources[policies[1].address.split('.')[1]].bindings).toEqual([{ principals: [ROLE_B, TEAM], relation: 'viewer' }]);
  });
});
