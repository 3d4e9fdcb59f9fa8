// The org id at synth time: GET {apiUrl}/api/v2/current_user, field
// data.relationships.org.data.id. For scripts that want a literal `org:<id>`;
// stacks that can read it at plan time use CurrentOrg instead.

import { ORG_ID_LOOKUP_ERROR_BRAND } from '../core/errors';
import { compileSchema } from '../core/json-schema';
import { LibraryError } from '../core/library-error';
import { Problems, problemSummary } from '../core/problems';
import { apiBaseUrl, datadogGet, Fail, jsonBody, requestSettings } from './datadog-http';

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
   * @default - the environment's `WMC_REQUEST_TIMEOUT_MS`, else 10000
   */
  readonly timeoutMs?: number;
  /**
   * Time allowed for each attempt's TCP connection (DNS included), in milliseconds.
   *
   * @default - the environment's `WMC_CONNECT_TIMEOUT_MS`, else 10000
   */
  readonly connectTimeoutMs?: number;
  /**
   * The longest silence allowed once connected (no byte received or sent), in milliseconds.
   *
   * @default - the environment's `WMC_IDLE_TIMEOUT_MS`, else 30000
   */
  readonly idleTimeoutMs?: number;
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

// Which options exist; their values are checked by apiBaseUrl and requestSettings.
const checkOptionNames = compileSchema({
  description: 'an object of options { apiUrl, apiKey, appKey, … }',
  type: 'object',
  properties: { apiUrl: {}, apiKey: {}, appKey: {}, timeoutMs: {}, connectTimeoutMs: {}, idleTimeoutMs: {}, maxRetries: {}, maxRetryDelayMs: {}, defaultRetryDelayMs: {} },
  additionalProperties: false,
});

const fail: Fail = (reason, url, message, attempts, status) => new OrgIdLookupError(reason as OrgIdLookupFailure, url, message, attempts, status);

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
 *
 * @param options where and how to ask
 * @returns the org id
 */
export async function fetchOrgId(options: FetchOrgIdOptions): Promise<string> {
  const problems = new Problems();
  checkOptionNames(options, problems, 'options');
  if (problems.list.length > 0) throw fail('invalid-options', 'not-sent', problemSummary(problems.list), 0);
  const url = `${apiBaseUrl(options?.apiUrl, fail)}${CURRENT_USER_PATH}`;
  const settings = requestSettings(options, url, fail);
  const answer = await datadogGet(url, settings, fail, 'read the current user');
  const parsed = jsonBody(answer, url, settings, fail);
  const id = parsed?.data?.relationships?.org?.data?.id;
  if (typeof id !== 'string' || id.trim() === '') {
    throw new OrgIdLookupError(
      OrgIdLookupFailure.UNEXPECTED_RESPONSE,
      url,
      `200, but the body has no data.relationships.org.data.id string (found ${id === undefined ? 'nothing' : settings.excerpt(JSON.stringify(id))}): ${settings.excerpt(answer.body)}`,
      answer.attempts,
      200,
    );
  }
  return id;
}
