// AuthenticationProfileReader against the Redshift emulator on 127.0.0.1,
// through the real @aws-sdk/client-redshift: fake keys in the environment, the
// endpoint from AWS_ENDPOINT_URL_REDSHIFT (or the option).
import * as http from 'http';
import { AddressInfo } from 'net';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { Literal } from '../../lib/core/literal';
import { AuthenticationProfile } from '../../lib/warehouse/authentication-profile';
import { AwsProvider } from '../../lib/warehouse/aws-provider';
import {
  AuthenticationProfileReader,
  AuthenticationProfileReaderOptions,
  AuthenticationProfileReadError,
  AuthenticationProfileReadFailure,
} from '../../lib/warehouse/profile-reader';
import { cloggedPort } from '../support/clogged-port';
import { RedshiftEmulator } from '../support/redshift-emulator';
import { synthJson } from '../support/synth';

// Marker secrets: no error message may contain them.
const SECRET_ACCESS_KEY = 'aws-secret-MARKER-SECRET-93bd1f';
const CONTENT_SECRET = 'content-MARKER-SECRET-5e2c07';
const AWS_VARIABLES = [
  'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_DEFAULT_PROFILE', 'AWS_REGION', 'AWS_DEFAULT_REGION',
  'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_REDSHIFT', 'AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_EC2_METADATA_DISABLED',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'AWS_CONTAINER_CREDENTIALS_FULL_URI', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_ROLE_ARN',
];

let emulator: RedshiftEmulator;
const savedEnv = { ...process.env };

function setAwsEnv(values: { [name: string]: string }): void {
  for (const name of AWS_VARIABLES) delete process.env[name];
  Object.assign(process.env, {
    // No shared files, no instance metadata: the chain ends at the environment.
    AWS_CONFIG_FILE: '/nonexistent/aws-config',
    AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/aws-credentials',
    AWS_EC2_METADATA_DISABLED: 'true',
    ...values,
  });
}

beforeEach(async () => {
  emulator = await RedshiftEmulator.start();
  setAwsEnv({
    AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE',
    AWS_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    AWS_REGION: 'eu-west-1',
    AWS_ENDPOINT_URL_REDSHIFT: emulator.url,
  });
});

afterEach(async () => {
  await emulator.stop();
  process.env = { ...savedEnv };
});

const describes = () => emulator.callsOf('DescribeAuthenticationProfiles');

async function failure(options?: AuthenticationProfileReaderOptions): Promise<AuthenticationProfileReadError> {
  try {
    await AuthenticationProfileReader.list(options);
  } catch (error) {
    if (!(error instanceof AuthenticationProfileReadError)) throw error;
    for (const secret of [SECRET_ACCESS_KEY, CONTENT_SECRET, 'MARKER-SECRET']) expect(error.message).not.toContain(secret);
    expect(error.message).toMatch(/^AuthenticationProfileReader: DescribeAuthenticationProfiles.*: .* \[reason: [a-z-]+; status: (\d+|none); attempts: \d+\]$/s);
    return error;
  }
  throw new Error('expected AuthenticationProfileReader.list to fail');
}

/** The content the construct synthesizes for `content`. */
function constructContent(name: string, content: string): string {
  const stack = new TerraformStack(Testing.app(), 'probe');
  return new AuthenticationProfile(stack, 'p', { authenticationProfileName: name, authenticationProfileContent: content }).canonicalContent;
}

describe('AuthenticationProfileReader.list', () => {
  beforeEach(() => {
    emulator.putProfile('zeta', '{ "Client_ID": "z", "AllowDBUserOverride": "1" }');
    emulator.putProfile('alpha', `{"idp_host":"example.com",\n  "client_secret":"${CONTENT_SECRET}"}`);
    emulator.putProfile('Mid-1', '{"b":"2","a":"1","é":"ü"}');
  });

  test('GIVEN no names THEN every profile, in one request, sorted by name, content as the service holds it (literal); the construct writes it canonical', async () => {
    const profiles = await AuthenticationProfileReader.list();
    expect(profiles.map((p) => p.authenticationProfileName)).toEqual(['Mid-1', 'alpha', 'zeta']);
    for (const p of profiles) {
      // Byte for byte, as a Literal.text string: Terraform must read the text, never a template.
      expect(Literal.textOf(p.authenticationProfileContent as string)).toBe(emulator.profile(p.authenticationProfileName));
    }
    expect(profiles.map((p) => constructContent(p.authenticationProfileName, p.authenticationProfileContent as string))).toEqual([
      '{"a":"1","b":"2","é":"ü"}',
      `{"client_secret":"${CONTENT_SECRET}","idp_host":"example.com"}`,
      '{"AllowDBUserOverride":"1","Client_ID":"z"}',
    ]);
    expect(describes()).toHaveLength(1);
    expect(describes()[0].params.AuthenticationProfileName).toBeUndefined();
  });

  test('GIVEN content whose JSON escapes or text look like templates or tokens THEN it is read as text and written so that Terraform reads it literally', async () => {
    const live = '{"a":"\\u0024{var.x}","b":"${TfToken[TOKEN.987654]}","c":"%{ if true }x%{ endif }"}';
    emulator.putProfile('tricky', live);
    const [profile] = await AuthenticationProfileReader.list({ names: ['tricky'] });
    expect(Literal.textOf(profile.authenticationProfileContent as string)).toBe(live);
    const stack = new TerraformStack(Testing.app(), 'probe');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    new AuthenticationProfile(stack, 'p', profile);
    const [written] = Object.values<any>(synthJson(stack).resource.aws_redshift_authentication_profile).map((r) => r.authentication_profile_content);
    expect(written).toBe('{"a":"$${var.x}","b":"$${TfToken${"["}TOKEN.987654]}","c":"%%{ if true }x%%{ endif }"}');
  });

  test('GIVEN names THEN only those, one request each, sorted by name', async () => {
    const profiles = await AuthenticationProfileReader.list({ names: ['zeta', 'alpha'] });
    expect(profiles.map((p) => p.authenticationProfileName)).toEqual(['alpha', 'zeta']);
    expect(describes().map((c) => c.params.AuthenticationProfileName)).toEqual(['zeta', 'alpha']);
  });

  test('GIVEN an account without profiles THEN an empty list', async () => {
    for (const name of emulator.profileNames()) emulator.removeProfile(name);
    await expect(AuthenticationProfileReader.list()).resolves.toEqual([]);
  });

  test('GIVEN a name that does not exist THEN not-found, naming the profile', async () => {
    const error = await failure({ names: ['alpha', 'missing-one'] });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.NOT_FOUND);
    expect(error.profileName).toBe('missing-one');
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/DescribeAuthenticationProfiles missing-one: no authentication profile named "missing-one" exists/);
    expect(describes().map((c) => c.errorCode)).toEqual([undefined, 'AuthenticationProfileNotFoundFault']);
  });

  test('GIVEN the endpoint option THEN it wins over AWS_ENDPOINT_URL_REDSHIFT', async () => {
    process.env.AWS_ENDPOINT_URL_REDSHIFT = 'http://127.0.0.1:9';
    const profiles = await AuthenticationProfileReader.list({ endpoint: emulator.url, region: 'us-west-2', names: ['zeta'] });
    expect(profiles.map((p) => p.authenticationProfileName)).toEqual(['zeta']);
  });

  test('GIVEN content that is not a JSON object of strings THEN unexpected-response, showing its type and length only', async () => {
    const stored = `{"client_secret":"${CONTENT_SECRET}","port":5439}`;
    emulator.putProfile('odd', stored);
    const error = await failure();
    expect(error.reason).toBe(AuthenticationProfileReadFailure.UNEXPECTED_RESPONSE);
    expect(error.message).toContain(`the content of profile "odd" is not a JSON object of string keys to string values (received a string of ${stored.length} characters (not shown))`);
  });
});

describe('AuthenticationProfileReader.list failures', () => {
  test('GIVEN no credentials in the default chain THEN credentials, and nothing reaches the service', async () => {
    setAwsEnv({ AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_REDSHIFT: emulator.url });
    const error = await failure();
    expect(error.reason).toBe(AuthenticationProfileReadFailure.CREDENTIALS);
    expect(error.message).toMatch(/the SDK's default credential chain found no credentials/);
    expect(emulator.calls).toHaveLength(0);
  });

  test('GIVEN no region anywhere THEN invalid-options', async () => {
    delete process.env.AWS_REGION;
    const error = await failure();
    expect(error.reason).toBe(AuthenticationProfileReadFailure.INVALID_OPTIONS);
    expect(error.message).toMatch(/no region: pass region, or set AWS_REGION/);
    expect(emulator.calls).toHaveLength(0);
  });

  test('GIVEN a closed port THEN network, after maxAttempts attempts (bounded retries)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure({ endpoint: `http://127.0.0.1:${port}`, maxAttempts: 2 });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.NETWORK);
    expect(error.message).toMatch(/the request failed: ECONNREFUSED/);
    expect(error.attempts).toBe(2);
  });

  test('GIVEN a service that never answers THEN timeout', async () => {
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const error = await failure({ endpoint: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, timeoutMs: 150, maxAttempts: 1 });
      expect(error.reason).toBe(AuthenticationProfileReadFailure.TIMEOUT);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  test('GIVEN a service that throttles THEN throttled after maxAttempts requests', async () => {
    let requests = 0;
    const throttling = http.createServer((_req, res) => {
      requests++;
      res.writeHead(400, { 'content-type': 'text/xml' }).end(
        '<ErrorResponse xmlns="http://redshift.amazonaws.com/doc/2012-12-01/"><Error><Type>Sender</Type><Code>Throttling</Code>' +
          '<Message>Rate exceeded</Message></Error><RequestId>r-1</RequestId></ErrorResponse>',
      );
    });
    await new Promise<void>((resolve) => throttling.listen(0, '127.0.0.1', resolve));
    try {
      const error = await failure({ endpoint: `http://127.0.0.1:${(throttling.address() as AddressInfo).port}`, maxAttempts: 2 });
      expect(error.reason).toBe(AuthenticationProfileReadFailure.THROTTLED);
      expect(error.attempts).toBe(2);
      expect(requests).toBe(2);
      expect(error.message).toMatch(/400 Throttling: throttled on each of 2 attempt\(s\).*the service says: Rate exceeded/);
    } finally {
      await new Promise<void>((resolve) => throttling.close(() => resolve()));
    }
  });

  test.each([
    [{ names: ['bad_name'] }, /names\/0 must be a profile name \(1 to 63 characters: letters, digits and hyphens\), not "bad_name"/],
    [{ names: ['a', 'a'] }, /names\/1: "a" is listed twice/],
    [{ region: 'EU WEST' }, /region must be a region name/],
    [{ endpoint: 'https://user:MARKER-SECRET@redshift.example.com' }, /endpoint must be an absolute http\(s\) URL without credentials/],
    [{ endpoint: 'redshift.example.com' }, /endpoint must be an absolute http\(s\) URL/],
    [{ timeoutMs: 0 }, /timeoutMs must be a positive number of milliseconds, not 0/],
    [{ maxAttempts: 0 }, /maxAttempts must be a whole number, at least 1, not 0/],
  ] as const)('GIVEN invalid options %j THEN nothing is sent', async (options, message) => {
    const error = await failure(options as unknown as AuthenticationProfileReaderOptions);
    expect(error.reason).toBe(AuthenticationProfileReadFailure.INVALID_OPTIONS);
    expect(error.attempts).toBe(0);
    expect(error.message).toMatch(message);
    expect(emulator.calls).toHaveLength(0);
  });
});

describe('AuthenticationProfileReader.list bounds every request (issue 17)', () => {
  test('GIVEN a service that sends the headers and a few bytes, then goes silent THEN timeout after idleTimeoutMs, long before the total', async () => {
    emulator.stall = true;
    const started = Date.now();
    const error = await failure({ idleTimeoutMs: 300, timeoutMs: 60_000, maxAttempts: 1 });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no byte for 300 ms \(idleTimeoutMs\): the server went silent/);
    expect(emulator.stalledRequests).toBe(1);
    // Ended by the idle bound, not by the 60 s total.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  test('GIVEN a port whose connections never complete THEN timeout after connectTimeoutMs', async () => {
    const clogged = await cloggedPort();
    try {
      const error = await failure({ endpoint: clogged.url, connectTimeoutMs: 300, timeoutMs: 60_000, maxAttempts: 1 });
      expect(error.reason).toBe(AuthenticationProfileReadFailure.TIMEOUT);
      expect(error.message).toMatch(/no connection within 300 ms \(connectTimeoutMs\)/);
    } finally {
      clogged.close();
    }
  });

  test('GIVEN the stall and maxAttempts 2 THEN each attempt is bounded and the SDK retries once', async () => {
    emulator.stall = true;
    const error = await failure({ idleTimeoutMs: 200, maxAttempts: 2 });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.TIMEOUT);
    expect(error.attempts).toBe(2);
    expect(emulator.stalledRequests).toBe(2);
  });

  test('GIVEN the stall and an idle bound longer than the total THEN the total ends each attempt', async () => {
    emulator.stall = true;
    const error = await failure({ idleTimeoutMs: 60_000, timeoutMs: 300, maxAttempts: 1 });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.TIMEOUT);
    expect(error.message).toMatch(/no complete answer within 300 ms \(timeoutMs\)/);
  });

  test('GIVEN WMC_IDLE_TIMEOUT_MS THEN it bounds the read when no option does; a malformed one is refused, nothing sent', async () => {
    emulator.stall = true;
    process.env.WMC_IDLE_TIMEOUT_MS = '250';
    const error = await failure({ maxAttempts: 1 });
    expect(error.message).toMatch(/no byte for 250 ms \(idleTimeoutMs\)/);
    process.env.WMC_IDLE_TIMEOUT_MS = '30s';
    const refused = await failure();
    expect(refused.reason).toBe(AuthenticationProfileReadFailure.INVALID_OPTIONS);
    expect(refused.message).toMatch(/the environment variable WMC_IDLE_TIMEOUT_MS must be a positive number of milliseconds, not "30s"/);
    expect(emulator.stalledRequests).toBe(1);
  });

  test.each([[{ connectTimeoutMs: 0 }, /connectTimeoutMs must be a positive number/], [{ idleTimeoutMs: -1 }, /idleTimeoutMs must be a positive number/]] as const)(
    'GIVEN %j THEN invalid-options',
    async (options, message) => {
      const error = await failure(options as unknown as AuthenticationProfileReaderOptions);
      expect(error.reason).toBe(AuthenticationProfileReadFailure.INVALID_OPTIONS);
      expect(error.message).toMatch(message);
    },
  );
});

describe('AuthenticationProfileReader.list messages show no credential and stay on one line (issue 17)', () => {
  const SESSION_TOKEN = 'session-token-MARKER-SECRET-c4f1a8';

  test('GIVEN a fault that echoes the Authorization header, the session token and the secret key THEN none of them, nor the key id, is in the message', async () => {
    process.env.AWS_SESSION_TOKEN = SESSION_TOKEN;
    emulator.failNext('InvalidClientTokenId', 403, (headers) =>
      `The security token included in the request is invalid: ${headers['x-amz-security-token']}; secret ${SECRET_ACCESS_KEY}; also ASIAQWERTYUIOPASDFGH and Bearer abc.def; you sent ${headers.authorization}`,
    );
    const error = await failure({ maxAttempts: 1 });
    expect(error.reason).toBe(AuthenticationProfileReadFailure.ACCESS_DENIED);
    // What the emulator echoed is really there, replaced.
    expect(emulator.calls[0].errorCode).toBe('InvalidClientTokenId');
    for (const secret of [SESSION_TOKEN, SECRET_ACCESS_KEY, 'AKIAFAKEFAKEFAKEFAKE', 'ASIAQWERTYUIOPASDFGH', 'abc.def']) expect(error.message).not.toContain(secret);
    expect(error.message).toContain(
      'the service says: The security token included in the request is invalid: <AWS_SESSION_TOKEN>; secret <AWS_SECRET_ACCESS_KEY>; ' +
        'also <redacted key id> and Bearer <redacted>; you sent AWS4-HMAC-SHA256 Credential=<AWS_ACCESS_KEY_ID>/',
    );
  });

  test('GIVEN a fault message with terminal escapes, BEL, bidi overrides and line breaks THEN the message is one line with each escaped', async () => {
    emulator.failNext('InvalidParameterValue', 400, 'first line\r\nsecond \u001b[31mred\u001b[0m \u0007 \u202eevil\u2028third\u0085');
    const error = await failure({ maxAttempts: 1 });
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202e]/);
    // The emulator writes CR as &#xD;, as AWS does, so CR LF arrives whole.
    expect(error.message).toContain('the service says: first line\\u000d\\u000asecond \\u001b[31mred\\u001b[0m \\u0007 \\u202eevil\\u2028third\\u0085');
  });
});

describe('list, then adopt', () => {
  test('GIVEN what was read THEN AuthenticationProfile.adopt synthesizes import blocks whose ids are the names read, with the content read', async () => {
    emulator.putProfile('analysts', '{"Client_ID":"ExampleClientID", "AllowDBUserOverride":"1"}');
    emulator.putProfile('etl', '{"app_name":"loader"}');
    const profiles = await AuthenticationProfileReader.list();

    const stack = new TerraformStack(Testing.app(), 'adopted');
    new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
    const adopted = profiles.map((props) => AuthenticationProfile.adopt(stack, props.authenticationProfileName, props));
    const json = synthJson(stack);

    expect(json.import).toEqual(adopted.map((p, i) => ({ id: profiles[i].authenticationProfileName, to: p.address })));
    expect(json.import.map((b: any) => b.id)).toEqual(['analysts', 'etl']);
    const resources = json.resource.aws_redshift_authentication_profile;
    expect(Object.values(resources).map((r: any) => [r.authentication_profile_name, r.authentication_profile_content])).toEqual([
      ['analysts', '{"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}'],
      ['etl', '{"app_name":"loader"}'],
    ]);
  });
});
