// No credential in any URL prop, nor in any message (issue 18, item 3): every
// URL prop refuses a user or key in it (user:key@) and credential-looking query
// parameters, and never prints such a URL whole; values under credential-looking
// keys are concealed at any depth; credential-shaped text is redacted wherever
// a received string is echoed.
import { AwsProvider, CurrentOrg, CurrentOrgSource, DatadogProvider, KubernetesProvider, NodeList, RestrictionPolicy } from '../../lib';
import { TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { ValidationError } from '../../lib/core/validation-error';

const MARKER = 'SeCrEtMaRkEr9';

const URLS = [
  `https://user:${MARKER}@api.example.com`,
  `https://${MARKER}@api.example.com`,
  `https://api.example.com/?api_key=${MARKER}`,
  `https://api.example.com/path?x=1&token=${MARKER}`,
  `https://s3.example.com/?X-Amz-Signature=${MARKER}&X-Amz-Credential=${MARKER}`,
  `https://user:${MARKER}@ bad host`,
  `user:${MARKER}@api.example.com`,
  `ftp://user:${MARKER}@api.example.com`,
  // Adversary break 08: the fragment and path parameters carry credentials as the query does.
  `https://api.datadoghq.com/#access_token=${MARKER}`,
  `https://api.datadoghq.com/?x=1#api_key=${MARKER}`,
  `https://api.datadoghq.com/;api_key=${MARKER}`,
  `https://api.datadoghq.com/v1;x=1;Token=${MARKER}/more`,
];

const POSITIONS: [string, (stack: TerraformStack, url: string) => unknown][] = [
  ['DatadogProvider apiUrl', (s, url) => new DatadogProvider(s, 'datadog', { apiUrl: url })],
  ['CurrentOrg apiUrl (HTTP source)', (s, url) => new CurrentOrg(s, 'org', { source: CurrentOrgSource.HTTP, apiUrl: url, apiKey: sensitive(s, 'api'), appKey: sensitive(s, 'app') })],
  ['KubernetesProvider host', (s, url) => new KubernetesProvider(s, 'k8s', { host: url })],
  ['AwsProvider endpoints', (s, url) => new AwsProvider(s, 'aws', { region: 'eu-west-1', endpoints: { redshift: url } })],
];

function sensitive(stack: TerraformStack, name: string): string {
  return new TerraformVariable(stack, name, { type: 'string', sensitive: true }).stringValue;
}

function refusal(build: (stack: TerraformStack) => unknown): { error: ValidationError; stack: TerraformStack } {
  const stack = new TerraformStack(Testing.app(), 'stack');
  try {
    build(stack);
  } catch (e) {
    if (e instanceof ValidationError) return { error: e, stack };
    throw e;
  }
  throw new Error(`accepted: ${Testing.synth(stack)}`);
}

describe.each(POSITIONS)('%s', (_, position) => {
  test.each(URLS)('refuses %s without printing the credential, and writes nothing', (url) => {
    const { error, stack } = refusal((s) => position(s, url));
    expect(error.message).not.toContain(MARKER);
    expect(error.problems.map((p) => p.path).join()).toMatch(/props\/(apiUrl|host|endpoints\/redshift)/);
    expect(JSON.stringify(JSON.parse(Testing.synth(stack)))).not.toContain(MARKER);
  });

  test('accepts a plain URL', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    expect(() => position(stack, 'https://api.example.com:8443/base')).not.toThrow();
    expect(() => position(new TerraformStack(Testing.app(), 'stack'), 'https://api.example.com:8443/base;v=2#section')).not.toThrow();
  });
});

test('a value under a credential-looking key is concealed at any depth of a shown value', () => {
  const { error } = refusal((s) =>
    new NodeList(s, 'n', { items: [{ metadata: { name: 'n1', annotations: { note: { deep: { db_password: MARKER, apiToken: [MARKER] } } as any } } }] }),
  );
  expect(error.message).toContain('props/items/0/metadata/annotations/note');
  expect(error.message).not.toContain(MARKER);
});

test('credential-shaped text is redacted where a received string is echoed (a token where a list belongs)', () => {
  const jwt = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${MARKER}`;
  for (const text of [jwt, `Bearer ${MARKER}`, 'AKIAIOSFODNN7EXAMPLE', `password=${MARKER}`]) {
    const { error } = refusal((s) => new RestrictionPolicy(s, 'p', { resourceId: 'dashboard:abc', bindings: text as any }));
    expect(error.message).toContain('props/bindings');
    expect(error.message).not.toContain(MARKER);
    expect(error.message).not.toContain('AKIAIOSFODNN7EXAMPLE');
  }
});
