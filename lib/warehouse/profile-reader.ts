// Reads existing authentication profiles from the Redshift API, as props for
// AuthenticationProfile.adopt. The AWS SDK is loaded when a read starts, never
// when the library is imported: most users of the constructs never read.

import { AUTHENTICATION_PROFILE_READ_ERROR_BRAND } from '../core/errors';
import { LibraryError } from '../core/library-error';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS, describeTimeout, GuardedAgents, TIMEOUT_VARIABLES, timeoutSetting, TimeoutError } from '../core/http-timeouts';
import { compileSchema } from '../core/json-schema';
import { Problems, problemSummary } from '../core/problems';
import { describeConcealed, describeValue } from '../core/received-value';
import { KnownSecret, serverExcerpt } from '../core/server-text';
import { literalToken } from '../core/literal-text';
import { checkProfileContent } from './authentication-profile-content';
import { AuthenticationProfileProps } from './authentication-profile';

type RedshiftSdk = typeof import('@aws-sdk/client-redshift');

const SDK_PACKAGE = '@aws-sdk/client-redshift';
const ACTION = 'DescribeAuthenticationProfiles';
const NAME_PATTERN = /^[a-zA-Z0-9-]{1,63}$/;

/** Why reading authentication profiles (`AuthenticationProfileReader.list`) failed. */
export enum AuthenticationProfileReadFailure {
  /** The options are unusable (a malformed name, endpoint or number, no region), so nothing was sent. */
  INVALID_OPTIONS = 'invalid-options',
  /** `@aws-sdk/client-redshift` is not installed next to this library. */
  SDK_NOT_INSTALLED = 'sdk-not-installed',
  /** A profile named in `names` does not exist (`AuthenticationProfileNotFoundFault`). */
  NOT_FOUND = 'not-found',
  /** The SDK's default credential chain found no credentials. */
  CREDENTIALS = 'credentials',
  /** The credentials were refused, or may not describe authentication profiles. */
  ACCESS_DENIED = 'access-denied',
  /** Throttled on every attempt the SDK made. */
  THROTTLED = 'throttled',
  /** 5xx: the service failed, on every attempt the SDK made. */
  SERVER_ERROR = 'server-error',
  /** No complete answer within the timeout. */
  TIMEOUT = 'timeout',
  /** The connection failed (refused, reset, DNS). */
  NETWORK = 'network',
  /** Another fault of the service. */
  SERVICE_ERROR = 'service-error',
  /** The answer is not what the service documents (a profile without a name, content that is not a JSON object of strings, …). */
  UNEXPECTED_RESPONSE = 'unexpected-response',
}

/** Options of {@link AuthenticationProfileReader.list}. */
export interface AuthenticationProfileReaderOptions {
  /**
   * The AWS region to read in.
   *
   * @default - the SDK's standard resolution (`AWS_REGION`, then the shared config file's profile)
   */
  readonly region?: string;

  /**
   * Give each profile read the region it was read in (`region` of its props), for the aws
   * provider 6.x's per-resource region: the props then synthesize only under a provider whose
   * version constraint admits 6.x alone (see `AuthenticationProfileProps.region`).
   *
   * @default false: no `region` in the props (the stack's aws provider gives the region)
   */
  readonly includeRegion?: boolean;

  /**
   * Read only these profiles (one request each). A name that does not exist is
   * an error (`not-found`). No duplicates.
   *
   * @default - every profile of the account in the region (one request)
   */
  readonly names?: string[];

  /**
   * The Redshift API endpoint, an http(s) URL (e.g. a test server on loopback).
   *
   * @default - the SDK's standard resolution: `AWS_ENDPOINT_URL_REDSHIFT`, then `AWS_ENDPOINT_URL`, then the region's endpoint
   */
  readonly endpoint?: string;

  /**
   * Time allowed for each attempt, from its start to the last byte of the
   * answer, in milliseconds.
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
   * How many attempts the SDK makes per request, retries of throttling, 5xx and
   * network failures included (its standard retry strategy, with back-off).
   *
   * @default 3
   */
  readonly maxAttempts?: number;
}

/**
 * The error {@link AuthenticationProfileReader.list} throws: why, the profile
 * name when one was asked for, the HTTP status and the SDK's attempts when
 * known. The message ends with them in brackets. It never contains a
 * profile's content (which may hold secrets) nor credentials.
 *
 * @internal jsii cannot describe a subclass of `Error`; TypeScript users catch it as usual.
 */
export class AuthenticationProfileReadError extends LibraryError {
  /** Why the read failed. */
  public readonly reason: AuthenticationProfileReadFailure;
  /** The profile asked for, when the request named one. */
  public readonly profileName?: string;
  /** The HTTP status of the last answer, when there was one. */
  public readonly status?: number;
  /** How many attempts the SDK made (0: nothing was sent). */
  public readonly attempts: number;

  /**
   * @param reason why the read failed
   * @param message what happened, without content or credentials
   * @param attempts how many attempts the SDK made (0: nothing was sent)
   * @param profileName the profile asked for, when the request named one
   * @param status the HTTP status of the last answer, when there was one
   */
  constructor(reason: AuthenticationProfileReadFailure, message: string, attempts: number, profileName?: string, status?: number) {
    super(
      AUTHENTICATION_PROFILE_READ_ERROR_BRAND,
      'AuthenticationProfileReadError',
      `AuthenticationProfileReader: ${ACTION}${profileName === undefined ? '' : ` ${profileName}`}: ${message} ` +
        `[reason: ${reason}; status: ${status ?? 'none'}; attempts: ${attempts}]`,
    );
    this.reason = reason;
    this.profileName = profileName;
    this.status = status;
    this.attempts = attempts;
  }
}

/**
 * Reads existing authentication profiles, as props for `AuthenticationProfile.adopt`.
 *
 * @example
 * const profiles = await AuthenticationProfileReader.list({ region: 'eu-west-1' });
 * for (const props of profiles) AuthenticationProfile.adopt(stack, props.authenticationProfileName, props);
 */
export class AuthenticationProfileReader {
  /**
   * Lists authentication profiles with `DescribeAuthenticationProfiles` of
   * `@aws-sdk/client-redshift` (loaded here, not when the library is imported;
   * install it next to this library). Credentials come only from the SDK's
   * default chain (environment, shared files, SSO, container or instance
   * metadata).
   *
   * Each profile's content is returned in the canonical form the construct
   * synthesizes (keys sorted, no insignificant whitespace), so adopting it
   * plans no change. Every failure is an `AuthenticationProfileReadError`
   * whose message shows no content and no credentials.
   *
   * @param options the region, the names to read, the endpoint; all optional
   * @returns the profiles' props (name and canonical content), sorted by name
   */
  public static async list(options?: AuthenticationProfileReaderOptions): Promise<AuthenticationProfileProps[]> {
    return readProfiles(options, true);
  }

  /**
   * `list`, but a profile whose name or content the constructs would refuse is
   * returned as the service holds it, for the caller to judge (the `adopt`
   * command checks each with the construct itself and skips those it refuses).
   * A name or content that is not a string is still an `unexpected-response`.
   *
   * @internal
   */
  public static async _listAsStored(options?: AuthenticationProfileReaderOptions): Promise<AuthenticationProfileProps[]> {
    return readProfiles(options, false);
  }

  private constructor() {}
}

/** The profiles read, each checked as the construct checks it when `judge` (see `list` and `_listAsStored`). */
async function readProfiles(options: AuthenticationProfileReaderOptions | undefined, judge: boolean): Promise<AuthenticationProfileProps[]> {
  const checked = checkOptions(options ?? {});
  const sdk = loadSdk();
  // The SDK's requestTimeout stops counting once the headers are in, so a body that stalls
  // after them would hang for good: every socket carries this library's three bounds instead.
  const agents = new GuardedAgents({ connectTimeoutMs: checked.connectTimeoutMs, idleTimeoutMs: checked.idleTimeoutMs, totalTimeoutMs: checked.timeoutMs });
  const client = new sdk.RedshiftClient({
    region: checked.region,
    endpoint: checked.endpoint,
    maxAttempts: checked.maxAttempts,
    requestHandler: { httpAgent: agents.http, httpsAgent: agents.https },
  });
  try {
    const found: AuthenticationProfileProps[] = [];
    const requests = checked.names === undefined ? [undefined] : checked.names;
    // The region the SDK resolved (the option, else AWS_REGION or the shared config), as the requests used it.
    const region = checked.includeRegion ? await resolvedRegion(client) : undefined;
    for (const name of requests) {
      const profiles = await describe(sdk, client, name, agents);
      for (const profile of profiles) found.push({ ...toProps(profile, name, judge), ...(region === undefined ? {} : { region }) });
    }
    return found.sort((a, b) => compareCodePoints(a.authenticationProfileName, b.authenticationProfileName));
  } finally {
    client.destroy();
    agents.destroy();
  }
}

async function resolvedRegion(client: { config: { region: string | (() => Promise<string>) } }): Promise<string | undefined> {
  try {
    const region = typeof client.config.region === 'function' ? await client.config.region() : client.config.region;
    return typeof region === 'string' && region !== '' ? region : undefined;
  } catch {
    return undefined;
  }
}

interface CheckedOptions {
  readonly includeRegion?: boolean;
  readonly region?: string;
  readonly names?: string[];
  readonly endpoint?: string;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly maxAttempts: number;
}

function invalid(message: string): AuthenticationProfileReadError {
  return new AuthenticationProfileReadError(AuthenticationProfileReadFailure.INVALID_OPTIONS, message, 0);
}

// Which options exist; checkOptions checks their values.
const checkOptionNames = compileSchema({
  type: 'object',
  properties: { region: {}, includeRegion: {}, names: {}, endpoint: {}, timeoutMs: {}, connectTimeoutMs: {}, idleTimeoutMs: {}, maxAttempts: {} },
  additionalProperties: false,
});

function checkOptions(options: AuthenticationProfileReaderOptions): CheckedOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw invalid(`options must be an object, not ${describeValue(options)}`);
  const problems = new Problems();
  checkOptionNames(options, problems, 'options');
  if (problems.list.length > 0) throw invalid(problemSummary(problems.list));
  const { region, names, endpoint } = options;
  if (region !== undefined && (typeof region !== 'string' || !/^[a-z0-9-]+$/.test(region))) {
    throw invalid(`region must be a region name such as "eu-west-1", not ${describeValue(region)}`);
  }
  if (names !== undefined) {
    if (!Array.isArray(names)) throw invalid(`names must be a list of profile names, not ${describeValue(names)}`);
    const seen = new Set<string>();
    names.forEach((name, i) => {
      if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
        throw invalid(`names/${i} must be a profile name (1 to 63 characters: letters, digits and hyphens), not ${describeValue(name)}`);
      }
      if (seen.has(name)) throw invalid(`names/${i}: ${JSON.stringify(name)} is listed twice`);
      seen.add(name);
    });
  }
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = typeof endpoint === 'string' ? new URL(endpoint) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password) {
      // Not the value itself: one refused for its user:password would print them.
      throw invalid('endpoint must be an absolute http(s) URL without credentials, e.g. https://redshift.eu-west-1.amazonaws.com');
    }
  }
  const timeout = (value: unknown, name: string, variable: string, fallback: number): number => {
    const setting = timeoutSetting(value, name, variable, fallback);
    if (typeof setting !== 'number') throw invalid(setting.problem);
    return setting;
  };
  const timeoutMs = timeout(options.timeoutMs, 'timeoutMs', TIMEOUT_VARIABLES.total, 10_000);
  const connectTimeoutMs = timeout(options.connectTimeoutMs, 'connectTimeoutMs', TIMEOUT_VARIABLES.connect, DEFAULT_CONNECT_TIMEOUT_MS);
  const idleTimeoutMs = timeout(options.idleTimeoutMs, 'idleTimeoutMs', TIMEOUT_VARIABLES.idle, DEFAULT_IDLE_TIMEOUT_MS);
  const maxAttempts = options.maxAttempts ?? 3;
  if (typeof maxAttempts !== 'number' || !Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw invalid(`maxAttempts must be a whole number, at least 1, not ${describeValue(maxAttempts)}`);
  }
  const includeRegion = options.includeRegion;
  if (includeRegion !== undefined && typeof includeRegion !== 'boolean') throw invalid(`includeRegion must be true or false, not ${describeValue(includeRegion)}`);
  return { region, includeRegion: includeRegion === true, names: names === undefined ? undefined : [...names], endpoint, timeoutMs, connectTimeoutMs, idleTimeoutMs, maxAttempts };
}

function loadSdk(): RedshiftSdk {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(SDK_PACKAGE) as RedshiftSdk;
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AuthenticationProfileReadError(
      AuthenticationProfileReadFailure.SDK_NOT_INSTALLED,
      `${SDK_PACKAGE} could not be loaded (${code ?? (error as Error).name}); install it next to this library: npm install ${SDK_PACKAGE}`,
      0,
    );
  }
}

type Profile = import('@aws-sdk/client-redshift').AuthenticationProfile;
type Client = import('@aws-sdk/client-redshift').RedshiftClient;

async function describe(sdk: RedshiftSdk, client: Client, name: string | undefined, agents: GuardedAgents): Promise<Profile[]> {
  try {
    const output = await client.send(new sdk.DescribeAuthenticationProfilesCommand(name === undefined ? {} : { AuthenticationProfileName: name }));
    return output.AuthenticationProfiles ?? [];
  } catch (error) {
    // Only a service fault's message is shown: only then are the resolved credentials needed to hide them.
    const fault = (error as { $fault?: string } | undefined)?.$fault;
    throw readError(sdk, error, name, agents.lastTimeout, fault === 'client' || fault === 'server' ? await knownCredentials(client) : []);
  }
}

/** The credentials the SDK resolved (memoized: they were resolved for the request), and those of the environment, to keep out of messages. */
async function knownCredentials(client: Client): Promise<KnownSecret[]> {
  const env = process.env;
  const secrets: KnownSecret[] = [
    { name: 'AWS_ACCESS_KEY_ID', value: env.AWS_ACCESS_KEY_ID },
    { name: 'AWS_SECRET_ACCESS_KEY', value: env.AWS_SECRET_ACCESS_KEY },
    { name: 'AWS_SESSION_TOKEN', value: env.AWS_SESSION_TOKEN },
  ];
  try {
    const resolved = await (client.config.credentials as () => Promise<{ accessKeyId?: string; secretAccessKey?: string; sessionToken?: string }>)();
    secrets.push(
      { name: 'accessKeyId', value: resolved?.accessKeyId },
      { name: 'secretAccessKey', value: resolved?.secretAccessKey },
      { name: 'sessionToken', value: resolved?.sessionToken },
    );
  } catch {
    // No credentials: none to hide beyond the environment's.
  }
  return secrets;
}

const ACCESS_DENIED_CODES = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'UnrecognizedClientException',
  'InvalidClientTokenId',
  'SignatureDoesNotMatch',
  'ExpiredToken',
  'ExpiredTokenException',
  'MissingAuthenticationToken',
  'IncompleteSignature',
]);
const THROTTLING_CODES = new Set(['Throttling', 'ThrottlingException', 'ThrottledException', 'RequestThrottled', 'RequestThrottledException', 'TooManyRequestsException', 'RequestLimitExceeded']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/** The SDK's error, as this library's: a reason, and a message that shows no content or credentials. */
function readError(sdk: RedshiftSdk, error: unknown, name: string | undefined, timeout: TimeoutError | undefined, secrets: KnownSecret[]): AuthenticationProfileReadError {
  const e = (error ?? {}) as Error & { code?: string; $metadata?: { httpStatusCode?: number; attempts?: number }; $fault?: string };
  const status = e.$metadata?.httpStatusCode;
  const attempts = e.$metadata?.attempts ?? 1;
  const code = typeof e.name === 'string' ? e.name : 'Error';
  // Only a service fault's own message is quoted: it answers a request that carried no content. Other
  // messages (a body the SDK could not parse) may quote the answer, and so a profile's content.
  const fault = e.$fault === 'client' || e.$fault === 'server';
  const serviceSays = fault && typeof e.message === 'string' && e.message !== '' ? `; the service says: ${serverExcerpt(e.message, secrets)}` : '';
  const make = (reason: AuthenticationProfileReadFailure, message: string) => new AuthenticationProfileReadError(reason, message, attempts, name, status);
  const R = AuthenticationProfileReadFailure;

  // One of this library's bounds ended the last attempt: the SDK may call that a reset or a parse failure.
  if (timeout !== undefined) {
    return make(R.TIMEOUT, `${describeTimeout(timeout)} (the last of ${attempts} attempt(s); maxAttempts)`);
  }

  if (error instanceof sdk.AuthenticationProfileNotFoundFault || code === 'AuthenticationProfileNotFoundFault') {
    return make(R.NOT_FOUND, `no authentication profile named ${JSON.stringify(name)} exists in this account and region (AuthenticationProfileNotFoundFault)`);
  }
  if (code === 'CredentialsProviderError' || /credential/i.test(code)) {
    return make(
      R.CREDENTIALS,
      `the SDK's default credential chain found no credentials (${code}); set AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or run where a role is available`,
    );
  }
  if (status === undefined && /region is missing/i.test(e.message ?? '')) {
    return new AuthenticationProfileReadError(R.INVALID_OPTIONS, 'no region: pass region, or set AWS_REGION', 0, name);
  }
  if (ACCESS_DENIED_CODES.has(code) || status === 401 || status === 403) {
    return make(R.ACCESS_DENIED, `${status ?? 'no status'} ${code}: the credentials were refused, or may not call redshift:${ACTION}${serviceSays}`);
  }
  if (THROTTLING_CODES.has(code) || status === 429) {
    return make(R.THROTTLED, `${status ?? 'no status'} ${code}: throttled on each of ${attempts} attempt(s) (maxAttempts); try again later${serviceSays}`);
  }
  if (status !== undefined && status >= 500) {
    return make(R.SERVER_ERROR, `${status} ${code}: the service failed on each of ${attempts} attempt(s) (maxAttempts); try again later${serviceSays}`);
  }
  if (code === 'TimeoutError' || e.code === 'ETIMEDOUT' || /timeout/i.test(code)) {
    return make(R.TIMEOUT, `no complete answer within timeoutMs (${code})`);
  }
  // The SDK wraps an error from another realm (a vm context, jest) as "AWS SDK error wrapper for Error:
  // connect ECONNREFUSED …", keeping only the message: read the code from it then.
  const networkCode = [e.code, code, /\b(E[A-Z_]+)\b/.exec(typeof e.message === 'string' ? e.message : '')?.[1]].find((c) => c !== undefined && NETWORK_CODES.has(c));
  if (networkCode !== undefined) {
    return make(R.NETWORK, `the request failed: ${networkCode}`);
  }
  if (fault && status !== undefined && status >= 300) {
    return make(R.SERVICE_ERROR, `${status} ${code}${serviceSays}`);
  }
  return make(R.UNEXPECTED_RESPONSE, `the SDK failed (${code}${status === undefined ? '' : `, status ${status}`}); its message is not shown, as it may quote the answer and so profile content`);
}

function toProps(profile: Profile, askedFor: string | undefined, judge: boolean): AuthenticationProfileProps {
  const name = profile.AuthenticationProfileName;
  const unexpected = (message: string) => new AuthenticationProfileReadError(AuthenticationProfileReadFailure.UNEXPECTED_RESPONSE, message, 1, askedFor, 200);
  if (typeof name !== 'string' || (judge && !NAME_PATTERN.test(name))) {
    throw unexpected(`a profile in the answer has no valid name (found ${describeValue(name)})`);
  }
  if (askedFor !== undefined && name !== askedFor) throw unexpected(`the answer is the profile ${JSON.stringify(name)}, not the one asked for`);
  const content = profile.AuthenticationProfileContent;
  const problems = new Problems();
  // Checked as literal text: live text is never looked up as a token.
  if (typeof content !== 'string' || (judge && checkProfileContent(literalToken(content), problems, 'content') === undefined)) {
    // The content may hold secrets: its type and length only, never a value.
    throw unexpected(`the content of profile ${JSON.stringify(name)} is not a JSON object of string keys to string values (received ${describeConcealed(content)})`);
  }
  // As the service holds it, byte for byte, and always literal (Literal.text): parsed, a JSON escape
  // such as `\u0024{` becomes `${`, which Terraform would otherwise read as a template.
  return { authenticationProfileName: name, authenticationProfileContent: literalToken(content) };
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
