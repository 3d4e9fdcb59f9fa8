// The one Datadog HTTP client of this library: GET with both key headers, a
// connect, idle and total timeout per attempt, bounded 429 retries (Retry-After, X-RateLimit-Reset or
// exponential), no redirects followed, and typed failures whose messages never
// contain the keys. Used by fetchOrgId and RestrictionPolicyReader; each maps a
// failure to its own error class through a `Fail` factory.
//
// Not @datadog/datadog-api-client: that client ignores Retry-After, sleeps as
// long as X-RateLimit-Reset says with no cap, retries 5xx as well, follows
// redirects (carrying the keys), has no per-attempt timeout, logs failed
// requests itself, and is 133 MB that jsii would have to bundle.

import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, describeTimeout, httpGet, isTimeoutError, RequestTimeouts, TIMEOUT_VARIABLES, timeoutSetting } from '../core/http-timeouts';
import { describeValue } from '../core/received-value';
import { serverExcerpt } from '../core/server-text';

/**
 * Why a Datadog request failed: the values of `OrgIdLookupFailure` and
 * `RestrictionPolicyReadFailure`, which share them.
 */
export type DatadogFailureReason =
  | 'invalid-options'
  | 'unauthorized'
  | 'forbidden'
  | 'rate-limited'
  | 'server-error'
  | 'http-error'
  | 'timeout'
  | 'network'
  | 'unexpected-response';

/** Builds the caller's error for a failure. */
export type Fail = (reason: DatadogFailureReason, url: string, message: string, attempts: number, status?: number) => Error;

/** The request options both callers share (see `FetchOrgIdOptions` for their documentation). */
export interface DatadogRequestOptions {
  /** Sent as `DD-API-KEY`. @default - none: refused as invalid options */
  readonly apiKey?: string;
  /** Sent as `DD-APPLICATION-KEY`. @default - none: refused as invalid options */
  readonly appKey?: string;
  /** Per attempt, in milliseconds. @default - `WMC_REQUEST_TIMEOUT_MS`, else 10000 */
  readonly timeoutMs?: number;
  /** The TCP connection, in milliseconds. @default - `WMC_CONNECT_TIMEOUT_MS`, else 10000 */
  readonly connectTimeoutMs?: number;
  /** The longest silence once connected, in milliseconds. @default - `WMC_IDLE_TIMEOUT_MS`, else 30000 */
  readonly idleTimeoutMs?: number;
  /** Retries of a 429. @default 3 */
  readonly maxRetries?: number;
  /** The longest wait before a retry, in milliseconds. @default 60000 */
  readonly maxRetryDelayMs?: number;
  /** The first wait of a 429 without back-off headers, doubled each retry, in milliseconds. @default 1000 */
  readonly defaultRetryDelayMs?: number;
}

/** Checked request settings. */
export interface DatadogRequestSettings {
  /** The API key. */
  readonly apiKey: string;
  /** The application key. */
  readonly appKey: string;
  /** Per attempt, in milliseconds. */
  readonly timeoutMs: number;
  /** The bounds of each attempt. */
  readonly timeouts: RequestTimeouts;
  /** Retries of a 429. */
  readonly maxRetries: number;
  /** The longest wait before a retry, in milliseconds. */
  readonly maxRetryDelayMs: number;
  /** The first wait of a 429 without back-off headers, in milliseconds. */
  readonly defaultRetryDelayMs: number;
  /** Server text as a message may show it: both keys replaced by `<apiKey>` / `<appKey>`, credential-shaped text redacted, escaped onto one line, shortened. */
  readonly excerpt: (text: string) => string;
}

/** An answer the caller handles itself: a 200, or a status it asked for in `passStatuses`. */
export interface DatadogAnswer {
  /** The HTTP status. */
  readonly status: number;
  /** The response headers. */
  readonly headers: Headers;
  /** The response body, as text. */
  readonly body: string;
  /** How many requests were sent for it. */
  readonly attempts: number;
}

/**
 * Checks the options (nothing is sent when they are unusable).
 *
 * @param options the keys and limits
 * @param url the URL to name in a failure
 * @param fail builds the caller's error
 * @param keyHint appended to a key problem (e.g. where a default comes from)
 * @returns the settings, with an `excerpt` that hides both keys
 */
export function requestSettings(options: DatadogRequestOptions, url: string, fail: Fail, keyHint = ''): DatadogRequestSettings {
  const timeout = (value: unknown, name: string, variable: string, fallback: number): number => {
    const setting = timeoutSetting(value, name, variable, fallback);
    if (typeof setting !== 'number') throw fail('invalid-options', url, setting.problem, 0);
    return setting;
  };
  const timeoutMs = timeout(options.timeoutMs, 'timeoutMs', TIMEOUT_VARIABLES.total, 10_000);
  const timeouts: RequestTimeouts = {
    totalTimeoutMs: timeoutMs,
    connectTimeoutMs: timeout(options.connectTimeoutMs, 'connectTimeoutMs', TIMEOUT_VARIABLES.connect, DEFAULT_CONNECT_TIMEOUT_MS),
    idleTimeoutMs: timeout(options.idleTimeoutMs, 'idleTimeoutMs', TIMEOUT_VARIABLES.idle, DEFAULT_IDLE_TIMEOUT_MS),
  };
  const maxRetries = wholeNumber(options.maxRetries, 3, 'maxRetries', url, fail);
  const maxRetryDelayMs = wholeNumber(options.maxRetryDelayMs, 60_000, 'maxRetryDelayMs', url, fail);
  const defaultRetryDelayMs = wholeNumber(options.defaultRetryDelayMs, 1_000, 'defaultRetryDelayMs', url, fail);
  for (const [name, key] of [['apiKey', options.apiKey], ['appKey', options.appKey]] as const) {
    if (typeof key !== 'string' || key.trim() === '' || /[\r\n]/.test(key)) {
      throw fail('invalid-options', url, `${name} must be a non-empty string on one line${keyHint}`, 0);
    }
  }
  const apiKey = options.apiKey!;
  const appKey = options.appKey!;
  const excerpt = (text: string) => serverExcerpt(text, [{ name: 'apiKey', value: apiKey }, { name: 'appKey', value: appKey }]);
  return { apiKey, appKey, timeoutMs, timeouts, maxRetries, maxRetryDelayMs, defaultRetryDelayMs, excerpt };
}

/**
 * The API's base URL (origin and path, no trailing slash) from `apiUrl`.
 * A refused URL is not put in the message: it may carry a user and password.
 *
 * @param raw the `apiUrl` option
 * @param fail builds the caller's error
 * @returns the base URL
 */
export function apiBaseUrl(raw: unknown, fail: Fail): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw fail(
      'invalid-options',
      'invalid-apiUrl',
      'apiUrl must be an absolute http(s) URL without credentials, query or fragment, e.g. https://api.datadoghq.eu',
      0,
    );
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/**
 * GET `url` with the keys. Returns a 200, or an answer whose status is in
 * `passStatuses`; retries a 429 within the bounds; throws `fail(…)` for the rest.
 *
 * @param url the full URL
 * @param settings from {@link requestSettings}
 * @param fail builds the caller's error
 * @param forbiddenWhat ends the 403 message ("… may not <forbiddenWhat>")
 * @param passStatuses statuses returned to the caller instead of failing
 * @returns the answer
 */
export async function datadogGet(
  url: string,
  settings: DatadogRequestSettings,
  fail: Fail,
  forbiddenWhat: string,
  passStatuses: readonly number[] = [],
): Promise<DatadogAnswer> {
  const { excerpt, maxRetries, maxRetryDelayMs, defaultRetryDelayMs } = settings;
  for (let attempt = 1; ; attempt++) {
    const { status, headers, body } = await request(url, settings, fail, attempt);
    if (status === 200 || passStatuses.includes(status)) return { status, headers, body, attempts: attempt };
    const detail = errorDetail(body, excerpt);
    if (status === 429) {
      const wait = retryDelay(headers, defaultRetryDelayMs * 2 ** (attempt - 1));
      if (attempt > maxRetries) {
        throw fail('rate-limited', url, `429 Too Many Requests: still rate limited after ${attempt} attempts (maxRetries ${maxRetries})${detail}`, attempt, status);
      }
      if (wait.ms > maxRetryDelayMs) {
        throw fail(
          'rate-limited',
          url,
          `429 Too Many Requests: the service asks to wait ${Math.ceil(wait.ms / 1000)} s (${wait.source}), ` +
            `more than maxRetryDelayMs (${maxRetryDelayMs} ms); try again later${detail}`,
          attempt,
          status,
        );
      }
      await sleep(wait.ms);
      continue;
    }
    if (status === 401) {
      throw fail('unauthorized', url, `401 Unauthorized: the API key (DD-API-KEY) is missing, wrong or revoked, or belongs to another site than ${new URL(url).host}${detail}`, attempt, status);
    }
    if (status === 403) {
      throw fail('forbidden', url, `403 Forbidden: the application key (DD-APPLICATION-KEY) is wrong, or may not ${forbiddenWhat}${detail}`, attempt, status);
    }
    if (status >= 500) {
      throw fail('server-error', url, `${status}: the service failed; try again later${detail}`, attempt, status);
    }
    const location = headers.get('location');
    const what = status >= 300 && status < 400 ? `a redirect${location ? ` to ${excerpt(location)}` : ''}, not followed (it would carry the keys elsewhere); use the site's API URL` : 'an unexpected status';
    throw fail('http-error', url, `${status}: ${what}${detail}`, attempt, status);
  }
}

/**
 * Parses a 200's body as JSON, or fails with `unexpected-response` showing its start (as `excerpt` shows it).
 *
 * @param answer the answer
 * @param url the URL to name in a failure
 * @param settings for `excerpt`
 * @param fail builds the caller's error
 * @returns the parsed body
 */
export function jsonBody(answer: DatadogAnswer, url: string, settings: DatadogRequestSettings, fail: Fail): any {
  try {
    return JSON.parse(answer.body);
  } catch {
    throw fail('unexpected-response', url, `${answer.status}, but the body is not JSON: ${settings.excerpt(answer.body)}`, answer.attempts, answer.status);
  }
}

async function request(url: string, settings: DatadogRequestSettings, fail: Fail, attempt: number): Promise<{ status: number; headers: Headers; body: string }> {
  try {
    const answer = await httpGet(url, { 'DD-API-KEY': settings.apiKey, 'DD-APPLICATION-KEY': settings.appKey, 'Accept': 'application/json' }, settings.timeouts);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    return { status: answer.status, headers, body: answer.body };
  } catch (error) {
    if (isTimeoutError(error)) throw fail('timeout', url, describeTimeout(error), attempt);
    const e = error as Error & { code?: string };
    throw fail('network', url, `the request failed: ${settings.excerpt(String(e.code ?? e.message ?? e.name))}`, attempt);
  }
}

/** The wait a 429 asks for: Retry-After (seconds or an HTTP date), else X-RateLimit-Reset (seconds), else `fallbackMs`. */
function retryDelay(headers: Headers, fallbackMs: number): { ms: number; source: string } {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return { ms: Number(retryAfter) * 1000, source: `Retry-After: ${retryAfter}` };
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return { ms: Math.max(0, date - Date.now()), source: `Retry-After: ${retryAfter}` };
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) return { ms: Number(reset) * 1000, source: `X-RateLimit-Reset: ${reset}` };
  return { ms: fallbackMs, source: 'no Retry-After or X-RateLimit-Reset; exponential back-off' };
}

/** The service's `{"errors":[…]}`, or the start of the body, as a suffix for messages. */
function errorDetail(body: string, excerpt: (t: string) => string): string {
  if (body.trim() === '') return '';
  try {
    const parsed = JSON.parse(body);
    if (Array.isArray(parsed?.errors)) return `; the service says: ${excerpt(parsed.errors.map(String).join('; '))}`;
  } catch {
    // not JSON: show its start
  }
  return `; body: ${excerpt(body)}`;
}

function wholeNumber(value: number | undefined, fallback: number, name: string, url: string, fail: Fail): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw fail('invalid-options', url, `${name} must be a whole number, at least 0, not ${describeValue(value)}`, 0);
  }
  return value;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
