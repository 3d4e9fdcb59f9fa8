// The org id at synth time: GET {apiUrl}/api/v2/current_user, field
// data.relationships.org.data.id. For scripts that want a literal `org:<id>`;
// stacks that can read it at plan time use CurrentOrg instead.

import { ORG_ID_LOOKUP_ERROR_BRAND } from '../core/errors';
import { LibraryError } from '../core/library-error';
import { describeValue } from '../core/received-value';

/** Why an org-id lookup (`CurrentOrg.fetchOrgId`, or `fetchOrgId` in TypeScript) failed. */
export enum OrgIdLookupFailure {
  /** The options are unusable (no key, not an http(s) URL, …), so nothing was sent. */
  INVALID_OPTIONS = 'invalid-options',
  /** 401: the API key is missing, wrong or revoked. */
  UNAUTHORIZED = 'unauthorized',
  /** 403: the application key is wrong, or lacks the permission to read the current user. */
  FORBIDDEN = 'forbidden',
  /** 429 on every attempt, or the service asked to wait longer than allowed. */
  RATE_LIMITED = 'rate-limited',
  /** 5xx: the service failed. */
  SERVER_ERROR = 'server-error',
  /** Another status that is not 200 (404, a redirect, …). */
  HTTP_ERROR = 'http-error',
  /** No complete answer within the timeout. */
  TIMEOUT = 'timeout',
  /** The connection failed (refused, reset, DNS). */
  NETWORK = 'network',
  /** 200, but the body is not JSON or has no `data.relationships.org.data.id` string. */
  UNEXPECTED_RESPONSE = 'unexpected-response',
}

/** Options of `CurrentOrg.fetchOrgId` (`fetchOrgId` in TypeScript). */
export interface FetchOrgIdOptions {
  /** The site's API URL, e.g. `https://api.datadoghq.eu` (see `DatadogApiUrl`). */
  readonly apiUrl: string;
  /** The API key, sent as `DD-API-KEY`. Never written anywhere, nor put in error messages. */
  readonly apiKey: string;
  /** The application key, sent as `DD-APPLICATION-KEY`. Never written anywhere, nor put in error messages. */
  readonly appKey: string;
  /**
   * Time allowed for each attempt, headers and body, in milliseconds.
   *
   * @default 10000
   */
  readonly timeoutMs?: number;
  /**
   * How many times a 429 answer is retried (so at most `maxRetries + 1` requests).
   *
   * @default 3
   */
  readonly maxRetries?: number;
  /**
   * The longest wait before a retry, in milliseconds. When the service asks for
   * a longer one (`Retry-After`, `X-RateLimit-Reset`), the lookup fails at once
   * instead, saying how long the service asked for.
   *
   * @default 60000
   */
  readonly maxRetryDelayMs?: number;
  /**
   * The wait before the first retry of a 429 without `Retry-After` or
   * `X-RateLimit-Reset`, doubled on each further retry, in milliseconds.
   *
   * @default 1000
   */
  readonly defaultRetryDelayMs?: number;
}

/**
 * The error {@link fetchOrgId} throws: why, the URL, the status and how many requests were sent.
 * The message ends with them in brackets, so other jsii languages read them
 * with `Errors.orgIdLookupDetails`.
 *
 * @internal jsii cannot describe a subclass of `Error`; TypeScript users catch it as usual.
 */
export class OrgIdLookupError extends LibraryError {
  /** Why the lookup failed. */
  public readonly reason: OrgIdLookupFailure;
  /** The URL requested. */
  public readonly url: string;
  /** The HTTP status of the last answer, when there was one. */
  public readonly status?: number;
  /** How many requests were sent. */
  public readonly attempts: number;

  constructor(reason: OrgIdLookupFailure, url: string, message: string, attempts: number, status?: number) {
    super(
      ORG_ID_LOOKUP_ERROR_BRAND,
      'OrgIdLookupError',
      `fetchOrgId: GET ${url}: ${message} [reason: ${reason}; status: ${status ?? 'none'}; attempts: ${attempts}]`,
    );
    this.reason = reason;
    this.url = url;
    this.status = status;
    this.attempts = attempts;
  }
}

const CURRENT_USER_PATH = '/api/v2/current_user';
const MAX_DETAIL = 300;

/**
 * Reads the current org id: `GET {apiUrl}/api/v2/current_user`, field
 * `data.relationships.org.data.id`. Use the result in `Principal.org(id)`.
 * TypeScript alias of `CurrentOrg.fetchOrgId`, which other jsii languages call.
 *
 * Each attempt has a timeout. A 429 is retried at most `maxRetries` times,
 * after the wait the service asks for (`Retry-After`, in seconds or as a date,
 * else `X-RateLimit-Reset`, seconds until the rate limit resets), else an
 * exponential one. Redirects are not followed (they would carry the keys
 * elsewhere). Every failure is an {@link OrgIdLookupError} whose message never
 * contains the keys.
 */
export async function fetchOrgId(options: FetchOrgIdOptions): Promise<string> {
  const url = currentUserUrl(options);
  const timeoutMs = positiveNumber(options.timeoutMs, 10_000, 'timeoutMs', url);
  const maxRetries = wholeNumber(options.maxRetries, 3, 'maxRetries', url);
  const maxRetryDelayMs = wholeNumber(options.maxRetryDelayMs, 60_000, 'maxRetryDelayMs', url);
  const defaultRetryDelayMs = wholeNumber(options.defaultRetryDelayMs, 1_000, 'defaultRetryDelayMs', url);
  for (const [name, key] of [['apiKey', options.apiKey], ['appKey', options.appKey]] as const) {
    if (typeof key !== 'string' || key.trim() === '' || /[\r\n]/.test(key)) {
      throw new OrgIdLookupError(OrgIdLookupFailure.INVALID_OPTIONS, url, `${name} must be a non-empty string on one line`, 0);
    }
  }
  const redact = (text: string) => text.split(options.apiKey).join('<apiKey>').split(options.appKey).join('<appKey>');

  for (let attempt = 1; ; attempt++) {
    const answer = await request(url, options, timeoutMs, attempt, redact);
    const { status, headers, body } = answer;
    if (status === 200) return orgIdFrom(body, url, attempt, redact);
    const detail = errorDetail(body, redact);
    if (status === 429) {
      const wait = retryDelay(headers, defaultRetryDelayMs * 2 ** (attempt - 1));
      if (attempt > maxRetries) {
        throw new OrgIdLookupError(
          OrgIdLookupFailure.RATE_LIMITED,
          url,
          `429 Too Many Requests: still rate limited after ${attempt} attempts (maxRetries ${maxRetries})${detail}`,
          attempt,
          status,
        );
      }
      if (wait.ms > maxRetryDelayMs) {
        throw new OrgIdLookupError(
          OrgIdLookupFailure.RATE_LIMITED,
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
      throw new OrgIdLookupError(OrgIdLookupFailure.UNAUTHORIZED, url, `401 Unauthorized: the API key (DD-API-KEY) is missing, wrong or revoked, or belongs to another site than ${new URL(url).host}${detail}`, attempt, status);
    }
    if (status === 403) {
      throw new OrgIdLookupError(OrgIdLookupFailure.FORBIDDEN, url, `403 Forbidden: the application key (DD-APPLICATION-KEY) is wrong, or may not read the current user${detail}`, attempt, status);
    }
    if (status >= 500) {
      throw new OrgIdLookupError(OrgIdLookupFailure.SERVER_ERROR, url, `${status}: the service failed; try again later${detail}`, attempt, status);
    }
    const location = headers.get('location');
    const what = status >= 300 && status < 400 ? `a redirect${location ? ` to ${redact(location)}` : ''}, not followed (it would carry the keys elsewhere); use the site's API URL` : 'an unexpected status';
    throw new OrgIdLookupError(OrgIdLookupFailure.HTTP_ERROR, url, `${status}: ${what}${detail}`, attempt, status);
  }
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

async function request(url: string, options: FetchOrgIdOptions, timeoutMs: number, attempt: number, redact: (t: string) => string): Promise<Answer> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'GET',
      headers: { 'DD-API-KEY': options.apiKey, 'DD-APPLICATION-KEY': options.appKey, 'Accept': 'application/json' },
      redirect: 'manual',
      signal,
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (signal.aborted || e.name === 'TimeoutError' || e.name === 'AbortError') {
      throw new OrgIdLookupError(OrgIdLookupFailure.TIMEOUT, url, `no complete answer within ${timeoutMs} ms (timeoutMs)`, attempt);
    }
    const cause = e.cause?.code ?? e.cause?.message ?? e.message;
    throw new OrgIdLookupError(OrgIdLookupFailure.NETWORK, url, `the request failed: ${redact(String(cause))}`, attempt);
  }
}

function orgIdFrom(body: string, url: string, attempts: number, redact: (t: string) => string): string {
  let parsed: any;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new OrgIdLookupError(OrgIdLookupFailure.UNEXPECTED_RESPONSE, url, `200, but the body is not JSON: ${truncate(redact(body))}`, attempts, 200);
  }
  const id = parsed?.data?.relationships?.org?.data?.id;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new OrgIdLookupError(
      OrgIdLookupFailure.UNEXPECTED_RESPONSE,
      url,
      `200, but the body has no data.relationships.org.data.id string (found ${id === undefined ? 'nothing' : truncate(JSON.stringify(id))}): ${truncate(redact(body))}`,
      attempts,
      200,
    );
  }
  return id;
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
function errorDetail(body: string, redact: (t: string) => string): string {
  if (body.trim() === '') return '';
  try {
    const parsed = JSON.parse(body);
    if (Array.isArray(parsed?.errors)) return `; the service says: ${truncate(redact(parsed.errors.map(String).join('; ')))}`;
  } catch {
    // not JSON: show its start
  }
  return `; body: ${truncate(redact(body))}`;
}

function currentUserUrl(options: FetchOrgIdOptions): string {
  const raw = options?.apiUrl;
  let parsed: URL | undefined;
  try {
    parsed = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password || parsed.search || parsed.hash) {
    // Not the URL itself: one refused for its user:password would print them.
    throw new OrgIdLookupError(
      OrgIdLookupFailure.INVALID_OPTIONS,
      'invalid-apiUrl',
      'apiUrl must be an absolute http(s) URL without credentials, query or fragment, e.g. https://api.datadoghq.eu',
      0,
    );
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}${CURRENT_USER_PATH}`;
}

function positiveNumber(value: number | undefined, fallback: number, name: string, url: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new OrgIdLookupError(OrgIdLookupFailure.INVALID_OPTIONS, url, `${name} must be a positive number of milliseconds, not ${describeValue(value)}`, 0);
  }
  return value;
}

function wholeNumber(value: number | undefined, fallback: number, name: string, url: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new OrgIdLookupError(OrgIdLookupFailure.INVALID_OPTIONS, url, `${name} must be a whole number, at least 0, not ${describeValue(value)}`, 0);
  }
  return value;
}

function truncate(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}… (${text.length} characters)` : text;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
