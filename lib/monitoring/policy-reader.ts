// Reads existing restriction policies from the Datadog API, as props for
// RestrictionPolicy.adopt. There is no list endpoint: one GET per resource id.

import { literalStrings } from '../core/literal-text';
import { RESTRICTION_POLICY_READ_ERROR_BRAND } from '../core/errors';
import { LibraryError } from '../core/library-error';
import { compileSchema } from '../core/json-schema';
import { Problems, problemSummary } from '../core/problems';
import { IReadProgress, progressOptionProblem } from '../core/read-progress';
import { describeValue } from '../core/received-value';
import { apiBaseUrl, datadogGet, DatadogRequestSettings, Fail, jsonBody, requestSettings } from './datadog-http';
import { textRefusal } from '../core/string-position';
import { RESOURCE_ID } from './type-and-id';
import { RestrictionPolicyBinding, RestrictionPolicyProps } from './restriction-policy';

/** Why reading restriction policies (`RestrictionPolicyReader.read`) failed. */
export enum RestrictionPolicyReadFailure {
  /** The options are unusable (no key, no resource ids, a malformed id, not an http(s) URL, …), so nothing was sent. */
  INVALID_OPTIONS = 'invalid-options',
  /** 401: the API key is missing, wrong or revoked. */
  UNAUTHORIZED = 'unauthorized',
  /** 403: the application key is wrong, or may not read restriction policies. */
  FORBIDDEN = 'forbidden',
  /** 429 on every attempt, or the service asked to wait longer than allowed. */
  RATE_LIMITED = 'rate-limited',
  /** 5xx: the service failed. */
  SERVER_ERROR = 'server-error',
  /** Another status that is not 200 or 404 (400 for an unsupported resource type, a redirect, …). */
  HTTP_ERROR = 'http-error',
  /** No complete answer within the timeout. */
  TIMEOUT = 'timeout',
  /** The connection failed (refused, reset, DNS). */
  NETWORK = 'network',
  /** 200, but the body is not a restriction policy of the resource asked for. */
  UNEXPECTED_RESPONSE = 'unexpected-response',
}

/** Options of {@link RestrictionPolicyReader.read}. */
export interface RestrictionPolicyReaderOptions {
  /**
   * The resources whose policies to read, each `resource_type:resource_id`
   * (e.g. `dashboard:abc-def-ghi`). At least one; no duplicates.
   */
  readonly resourceIds: string[];

  /**
   * The site's API URL, e.g. `https://api.datadoghq.eu` (see `DatadogApiUrl`).
   *
   * @default - `DD_API_URL`, else `https://api.<DD_SITE>`, else `https://api.datadoghq.com`
   */
  readonly apiUrl?: string;

  /**
   * The API key, sent as `DD-API-KEY`. Never written anywhere, nor put in error messages.
   *
   * @default - the environment's `DD_API_KEY`
   */
  readonly apiKey?: string;

  /**
   * The application key, sent as `DD-APPLICATION-KEY`. Never written anywhere, nor put in error messages.
   *
   * @default - the environment's `DD_APP_KEY`
   */
  readonly appKey?: string;

  /**
   * How many requests are in flight at once.
   *
   * @default 4
   */
  readonly concurrency?: number;

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
   * The longest silence allowed once connected (no byte received or sent:
   * waiting for the headers, or a body that stalls), in milliseconds.
   *
   * @default - the environment's `WMC_IDLE_TIMEOUT_MS`, else 30000
   */
  readonly idleTimeoutMs?: number;

  /**
   * How many times a 429 answer is retried, per resource (so at most `maxRetries + 1` requests each).
   *
   * @default 3
   */
  readonly maxRetries?: number;

  /**
   * The longest wait before a retry, in milliseconds. When the service asks for
   * a longer one (`Retry-After`, `X-RateLimit-Reset`), the read fails at once.
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

  /**
   * Receives the number of resources read after each one, with the number of
   * resource ids asked for as the total.
   *
   * @default - no progress reports
   */
  readonly progress?: IReadProgress;
}

/**
 * The error {@link RestrictionPolicyReader.read} throws: why, the URL, the
 * status and how many requests were sent for that resource. The message ends
 * with them in brackets, and never contains the keys.
 *
 * @internal jsii cannot describe a subclass of `Error`; TypeScript users catch it as usual.
 */
export class RestrictionPolicyReadError extends LibraryError {
  /** Why the read failed. */
  public readonly reason: RestrictionPolicyReadFailure;
  /** The URL requested. */
  public readonly url: string;
  /** The HTTP status of the last answer, when there was one. */
  public readonly status?: number;
  /** How many requests were sent (for the resource that failed). */
  public readonly attempts: number;

  /**
   * @param reason why the read failed
   * @param url the URL requested
   * @param message what happened, without the keys
   * @param attempts how many requests were sent
   * @param status the HTTP status of the last answer, when there was one
   */
  constructor(reason: RestrictionPolicyReadFailure, url: string, message: string, attempts: number, status?: number) {
    super(
      RESTRICTION_POLICY_READ_ERROR_BRAND,
      'RestrictionPolicyReadError',
      `RestrictionPolicyReader: GET ${url}: ${message} [reason: ${reason}; status: ${status ?? 'none'}; attempts: ${attempts}]`,
    );
    this.reason = reason;
    this.url = url;
    this.status = status;
    this.attempts = attempts;
  }
}

const fail: Fail = (reason, url, message, attempts, status) => new RestrictionPolicyReadError(reason as RestrictionPolicyReadFailure, url, message, attempts, status);

const POLICY_PATH = '/api/v2/restriction_policy/';

// Which options exist; read checks their values.
const checkOptionNames = compileSchema({
  description: 'an object of options { resourceIds, apiUrl, … }',
  type: 'object',
  properties: {
    resourceIds: {}, apiUrl: {}, apiKey: {}, appKey: {}, concurrency: {}, timeoutMs: {}, connectTimeoutMs: {}, idleTimeoutMs: {},
    maxRetries: {}, maxRetryDelayMs: {}, defaultRetryDelayMs: {}, progress: {},
  },
  additionalProperties: false,
});
const DEFAULT_API_URL = 'https://api.datadoghq.com';

/**
 * Reads existing restriction policies, as props for `RestrictionPolicy.adopt`.
 *
 * @example
 * const policies = await RestrictionPolicyReader.read({ resourceIds: ['dashboard:abc-def-ghi'] });
 * policies.forEach((props, i) => RestrictionPolicy.adopt(stack, `Policy${i}`, props));
 */
export class RestrictionPolicyReader {
  /**
   * Reads the policy of each resource: `GET {apiUrl}/api/v2/restriction_policy/{resource_id}`
   * (the id URL-encoded), at most `concurrency` at a time. There is no list endpoint.
   *
   * A resource without a policy is answered 200 with no bindings by the service,
   * and comes back as props with an empty `bindings` list. A 404 (the API
   * documents none, but the Terraform provider treats one as "gone", and
   * Terraform cannot import a policy its provider does not find) leaves the
   * resource out of the result.
   *
   * `progress`, when given, hears of each resource read (a 404 included).
   *
   * Each request has a timeout; a 429 is retried at most `maxRetries` times,
   * as in `CurrentOrg.fetchOrgId`. The first failure stops the read (requests
   * in flight finish, no new ones start) and is thrown as a
   * `RestrictionPolicyReadError` whose message never contains the keys.
   *
   * @param options the resource ids, and where and how to ask
   * @returns props (resource id, bindings merged by relation and sorted) in the order of `resourceIds`, without those answered 404
   */
  public static async read(options: RestrictionPolicyReaderOptions): Promise<RestrictionPolicyProps[]> {
    const optionProblems = new Problems();
    checkOptionNames(options, optionProblems, 'options');
    if (optionProblems.list.length > 0) throw fail('invalid-options', 'not-sent', problemSummary(optionProblems.list), 0);
    const env = process.env;
    const apiUrl = options?.apiUrl ?? env.DD_API_URL ?? (env.DD_SITE ? `https://api.${env.DD_SITE}` : DEFAULT_API_URL);
    const base = apiBaseUrl(apiUrl, fail);
    const resourceIds = checkResourceIds(options?.resourceIds, base);
    const settings = requestSettings(
      { ...options, apiKey: options.apiKey ?? env.DD_API_KEY, appKey: options.appKey ?? env.DD_APP_KEY },
      `${base}${POLICY_PATH}`,
      fail,
      ' (pass it, or set DD_API_KEY and DD_APP_KEY)',
    );
    const concurrency = options.concurrency ?? 4;
    if (typeof concurrency !== 'number' || !Number.isInteger(concurrency) || concurrency < 1) {
      throw fail('invalid-options', `${base}${POLICY_PATH}`, `concurrency must be a whole number, at least 1, not ${describeValue(concurrency)}`, 0);
    }
    const progressProblem = progressOptionProblem(options.progress);
    if (progressProblem !== undefined) throw fail('invalid-options', `${base}${POLICY_PATH}`, progressProblem, 0);

    const results: (RestrictionPolicyProps | undefined)[] = new Array(resourceIds.length);
    const errors: { index: number; error: unknown }[] = [];
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (errors.length === 0 && next < resourceIds.length) {
        const index = next++;
        try {
          results[index] = await readOne(base, resourceIds[index], settings);
        } catch (error) {
          errors.push({ index, error });
          continue;
        }
        done += 1;
        options.progress?.onProgress(done, resourceIds.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, resourceIds.length) }, worker));
    if (errors.length > 0) throw errors.sort((a, b) => a.index - b.index)[0].error;
    return results.filter((r): r is RestrictionPolicyProps => r !== undefined);
  }

  private constructor() {}
}

function checkResourceIds(raw: unknown, base: string, ): string[] {
  const url = `${base}${POLICY_PATH}`;
  if (!Array.isArray(raw) || raw.length === 0) {
    throw fail('invalid-options', url, `resourceIds must be a non-empty list of "resource_type:resource_id" strings, not ${describeValue(raw)}`, 0);
  }
  const problems = new Problems();
  const seen = new Set<string>();
  raw.forEach((id, i) => {
    // Sent to the API as it is: text, not a template.
    const refusal = textRefusal(id, RESOURCE_ID);
    if (refusal !== undefined) problems.add(`resourceIds/${i}`, id, refusal);
    if (typeof id === 'string' && seen.has(id)) problems.add(`resourceIds/${i}`, id, 'each resource id once (a duplicate would adopt one policy twice)');
    if (typeof id === 'string') seen.add(id);
  });
  if (problems.list.length > 0) {
    const lines = problems.list.slice(0, 5).map((p) => `${p.path}: received ${p.received}; allowed: ${p.allowed}`);
    const more = problems.list.length > 5 ? `; … and ${problems.list.length - 5} more` : '';
    throw fail('invalid-options', url, `${problems.list.length} invalid resource id${problems.list.length === 1 ? '' : 's'}: ${lines.join('; ')}${more}`, 0);
  }
  return raw as string[];
}

async function readOne(base: string, resourceId: string, settings: DatadogRequestSettings): Promise<RestrictionPolicyProps | undefined> {
  const url = `${base}${POLICY_PATH}${encodeURIComponent(resourceId)}`;
  const answer = await datadogGet(url, settings, fail, 'read restriction policies (it needs the permission to read the resource)', [404]);
  if (answer.status === 404) return undefined;
  const parsed = jsonBody(answer, url, settings, fail);
  const unexpected = (what: string) =>
    fail('unexpected-response', url, `200, but ${what}: ${settings.excerpt(answer.body)}`, answer.attempts, 200);
  const data = parsed?.data;
  if (data?.type !== 'restriction_policy') throw unexpected('the body has no data of type "restriction_policy"');
  if (data.id !== resourceId) throw unexpected(`data.id is ${describeValue(data.id)}, not the resource id asked for (${JSON.stringify(resourceId)})`);
  const bindings = data.attributes?.bindings;
  if (!Array.isArray(bindings)) throw unexpected('data.attributes.bindings is not a list');
  const merged = new Map<string, Set<string>>();
  bindings.forEach((binding: any, i: number) => {
    if (typeof binding?.relation !== 'string' || !Array.isArray(binding.principals) || binding.principals.some((p: unknown) => typeof p !== 'string')) {
      throw unexpected(`data.attributes.bindings[${i}] is not { relation: string, principals: string[] }`);
    }
    const principals = merged.get(binding.relation) ?? new Set<string>();
    merged.set(binding.relation, principals);
    for (const principal of binding.principals) principals.add(principal);
  });
  const canonical: RestrictionPolicyBinding[] = [...merged.entries()]
    .filter(([, principals]) => principals.size > 0)
    .sort(([a], [b]) => compareCodePoints(a, b))
    .map(([relation, principals]) => ({ relation, principals: [...principals].sort(compareCodePoints) }));
  // Read text: Terraform must read each string as it is (Literal.text where it needs it).
  return literalStrings({ resourceId, bindings: canonical });
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
