// Which keys' values are concealed (lib/core/received-value.ts, isCredentialLookingKey), judged by
// real keys from the documents of the three services these constructs talk to (the Redshift drivers'
// option lists in full, as fixtures under fixtures/upstream/). Each row: a key and whether its value is
// a credential, judged from the document (not from the rule). The test asserts
// that every credential is concealed (no false negative), and that the non-credentials still concealed
// (the false positives) are exactly docs/validation.md's list ("Which keys are concealed").
import * as fs from 'fs';
import * as path from 'path';
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile } from '../../lib';
import { profileFieldChanges } from '../../lib/warehouse/profile-fields';
import { describeValue, isCredentialLookingKey, keyWords } from '../../lib/core/received-value';
import { isCredentialContentKey } from '../../lib/warehouse/authentication-profile-content';
import { textBetween } from '../support/readme';

type Row = readonly [key: string, credential: boolean];
const Y = true;
const N = false;

// (a) Amazon Redshift driver options, which an authentication profile's content holds: the documents' lists in
// full, as fixtures that name their sources (the docs pages of the JDBC 2.x and ODBC 2.x drivers and of the
// Python connector, and the drivers' own sources), with each option's verdict judged from its description.
// "Configuration options are not case sensitive".
interface RedshiftOption {
  readonly option: string;
  readonly secret: boolean | null;
  readonly says?: string;
}
interface RedshiftOptionList {
  readonly name: string;
  readonly source: { readonly url?: string; readonly repo?: string; readonly commit?: string; readonly read: string };
  readonly options: readonly RedshiftOption[];
}
const REDSHIFT_LISTS: readonly RedshiftOptionList[] = ['jdbc2', 'odbc2', 'python'].flatMap((driver) =>
  (JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'upstream', `redshift-${driver}-options.json`), 'utf8')) as {
    lists: RedshiftOptionList[];
  }).lists);
const REDSHIFT_GROUPS: Record<string, readonly Row[]> = Object.fromEntries(REDSHIFT_LISTS.map((list) =>
  [list.name, list.options.map(({ option, secret }) => [option, secret === true] as const)]));
const REDSHIFT: readonly Row[] = Object.values(REDSHIFT_GROUPS).flat();

// (b) Datadog.
// https://docs.datadoghq.com/api/latest/authentication/: the key headers.
const DATADOG_HEADERS: readonly Row[] = [['DD-API-KEY', Y], ['DD-APPLICATION-KEY', Y]];
// https://www.pulumi.com/registry/packages/datadog/api-docs/provider and https://www.pulumi.com/registry/packages/datadog/
// (the Terraform provider's arguments, its configuration keys and environment variables).
const DATADOG_PROVIDER: readonly Row[] = [
  ['api_key', Y], ['app_key', Y], ['api_url', N], ['validate', N], ['aws_access_key_id', Y], ['aws_secret_access_key', Y],
  ['aws_session_token', Y], ['cloud_provider_region', N], ['cloud_provider_type', N], ['http_client_retry_backoff_base', N],
  ['http_client_retry_backoff_multiplier', N], ['http_client_retry_enabled', N], ['http_client_retry_max_retries', N],
  ['http_client_retry_timeout', N], ['apiKey', Y], ['appKey', Y], ['apiUrl', N], ['DD_API_KEY', Y], ['DD_APP_KEY', Y],
  ['DD_HOST', N],
];
// https://docs.aws.amazon.com/appflow/1.0/APIReference/API_DatadogConnectorProfileCredentials.html
const DATADOG_APPFLOW: readonly Row[] = [['applicationKey', Y]];
// https://docs.datadoghq.com/api/latest/restriction-policies/: the policy's JSON:API body.
const DATADOG_RESTRICTION_POLICY: readonly Row[] = [
  ['data', N], ['id', N], ['type', N], ['attributes', N], ['bindings', N], ['relation', N], ['principals', N], ['resource_id', N],
];
const DATADOG = [...DATADOG_HEADERS, ...DATADOG_PROVIDER, ...DATADOG_APPFLOW, ...DATADOG_RESTRICTION_POLICY];

// (c) Kubernetes: https://kubernetes.io/docs/reference/labels-annotations-taints/ (every key of the page as
// kubernetes/website holds it at 3842a2847339fe9ad1013653ef81c9aa0f77b639, a wildcard by the page's example,
// the audit annotations it lists; node.alpha.kubernetes.io/ttl and csi.volume.kubernetes.io/nodeid from its
// later versions), and the fields of a toleration, as in the page's defaultTolerations example (a taint's).
// None holds a secret: service-account.name and .uid name the account a token Secret is for, the
// legacy-token labels hold dates, enforce-mountable-secrets "true", the authorization ones a decision or reason.
const ELB = 'service.beta.kubernetes.io/aws-load-balancer-';
const KUBERNETES: readonly Row[] = [
  'apf.kubernetes.io/autoupdate-spec', 'app.kubernetes.io/component', 'app.kubernetes.io/created-by', 'app.kubernetes.io/instance',
  'app.kubernetes.io/managed-by', 'app.kubernetes.io/name', 'app.kubernetes.io/part-of', 'app.kubernetes.io/version',
  'applyset.kubernetes.io/additional-namespaces', 'applyset.kubernetes.io/contains-group-kinds',
  'applyset.kubernetes.io/contains-group-resources', 'applyset.kubernetes.io/id', 'applyset.kubernetes.io/is-parent-type',
  'applyset.kubernetes.io/part-of', 'applyset.kubernetes.io/tooling', 'apps.kubernetes.io/pod-index',
  'cluster-autoscaler.kubernetes.io/safe-to-evict', 'config.kubernetes.io/local-config',
  'container.apparmor.security.beta.kubernetes.io/my-container', 'internal.config.kubernetes.io/path',
  'internal.config.kubernetes.io/index', 'kubernetes.io/arch', 'kubernetes.io/os', 'kubernetes.io/metadata.name',
  'kubernetes.io/limit-ranger', 'kubernetes.io/config.hash', 'kubernetes.io/config.mirror', 'kubernetes.io/config.source',
  'kubernetes.io/config.seen', 'addonmanager.kubernetes.io/mode', 'beta.kubernetes.io/arch', 'beta.kubernetes.io/os',
  'kube-aggregator.kubernetes.io/automanaged', 'service.alpha.kubernetes.io/tolerate-unready-endpoints',
  'kubernetes.io/hostname', 'kubernetes.io/change-cause', 'kubernetes.io/description', 'kubernetes.io/enforce-mountable-secrets',
  'node.kubernetes.io/exclude-from-external-load-balancers', 'controller.kubernetes.io/pod-deletion-cost',
  'cluster-autoscaler.kubernetes.io/enable-ds-eviction', 'kubernetes.io/ingress-bandwidth', 'kubernetes.io/egress-bandwidth',
  'beta.kubernetes.io/instance-type', 'node.kubernetes.io/instance-type', 'failure-domain.beta.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone', 'pv.kubernetes.io/bind-completed', 'pv.kubernetes.io/bound-by-controller',
  'pv.kubernetes.io/provisioned-by', 'pv.kubernetes.io/migrated-to', 'statefulset.kubernetes.io/pod-name',
  'scheduler.alpha.kubernetes.io/node-selector', 'topology.kubernetes.io/region', 'topology.kubernetes.io/zone',
  'volume.beta.kubernetes.io/storage-provisioner', 'volume.beta.kubernetes.io/storage-class',
  'volume.beta.kubernetes.io/mount-options', 'volume.kubernetes.io/storage-provisioner', 'volume.kubernetes.io/selected-node',
  'volumes.kubernetes.io/controller-managed-attach-detach', 'node.kubernetes.io/windows-build',
  'storage.alpha.kubernetes.io/migrated-plugins', 'service.kubernetes.io/headless', 'service.kubernetes.io/topology-aware-hints',
  'service.kubernetes.io/topology-mode', 'kubernetes.io/service-name', 'kubernetes.io/service-account.name',
  'kubernetes.io/service-account.uid', 'kubernetes.io/legacy-token-last-used', 'kubernetes.io/legacy-token-invalid-since',
  'endpointslice.kubernetes.io/managed-by', 'endpointslice.kubernetes.io/skip-mirror', 'service.kubernetes.io/service-proxy-name',
  'experimental.windows.kubernetes.io/isolation-type', 'ingressclass.kubernetes.io/is-default-class',
  'nginx.ingress.kubernetes.io/configuration-snippet', 'kubernetes.io/ingress.class', 'storageclass.kubernetes.io/is-default-class',
  'alpha.kubernetes.io/provided-node-ip', 'batch.kubernetes.io/job-completion-index',
  'batch.kubernetes.io/cronjob-scheduled-timestamp', 'kubectl.kubernetes.io/default-container',
  'kubectl.kubernetes.io/default-logs-container', 'kubectl.kubernetes.io/last-applied-configuration',
  'kubectl.kubernetes.io/restartedAt', 'endpoints.kubernetes.io/over-capacity', 'endpoints.kubernetes.io/last-change-trigger-time',
  'control-plane.alpha.kubernetes.io/leader', 'batch.kubernetes.io/job-tracking', 'job-name', 'controller-uid',
  'batch.kubernetes.io/job-name', 'batch.kubernetes.io/controller-uid', 'scheduler.alpha.kubernetes.io/defaultTolerations',
  'scheduler.alpha.kubernetes.io/tolerationsWhitelist', 'scheduler.alpha.kubernetes.io/preferAvoidPods',
  'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'node.kubernetes.io/unschedulable',
  'node.kubernetes.io/memory-pressure', 'node.kubernetes.io/disk-pressure', 'node.kubernetes.io/network-unavailable',
  'node.kubernetes.io/pid-pressure', 'node.kubernetes.io/out-of-service', 'node.cloudprovider.kubernetes.io/uninitialized',
  'node.cloudprovider.kubernetes.io/shutdown', 'feature.node.kubernetes.io/network-sriov.capable',
  'nfd.node.kubernetes.io/master.version', 'nfd.node.kubernetes.io/worker.version', 'nfd.node.kubernetes.io/feature-labels',
  'nfd.node.kubernetes.io/extended-resources', 'nfd.node.kubernetes.io/node-name',
  ...[
    'access-log-emit-interval', 'access-log-enabled', 'access-log-s3-bucket-name', 'access-log-s3-bucket-prefix',
    'additional-resource-tags', 'alpn-policy', 'attributes', 'backend-protocol', 'connection-draining-enabled',
    'connection-draining-timeout', 'ip-address-type', 'connection-idle-timeout', 'cross-zone-load-balancing-enabled',
    'eip-allocations', 'extra-security-groups', 'healthcheck-healthy-threshold', 'healthcheck-interval', 'healthcheck-path',
    'healthcheck-port', 'healthcheck-protocol', 'healthcheck-timeout', 'healthcheck-unhealthy-threshold', 'internal',
    'manage-backend-security-group-rules', 'name', 'nlb-target-type', 'private-ipv4-addresses', 'proxy-protocol', 'scheme',
    'security-groups', 'ssl-cert', 'ssl-negotiation-policy', 'ssl-ports', 'subnets', 'target-group-attributes',
    'target-node-labels', 'type',
  ].map((name) => ELB + name),
  'service.beta.kubernetes.io/load-balancer-source-ranges', 'service.beta.kubernetes.io/azure-load-balancer-disable-tcp-reset',
  'pod-security.kubernetes.io/enforce', 'pod-security.kubernetes.io/enforce-version', 'pod-security.kubernetes.io/audit',
  'pod-security.kubernetes.io/audit-version', 'pod-security.kubernetes.io/warn', 'pod-security.kubernetes.io/warn-version',
  'rbac.authorization.kubernetes.io/autoupdate', 'kubernetes.io/psp', 'seccomp.security.alpha.kubernetes.io/pod',
  'snapshot.storage.kubernetes.io/allow-volume-mode-change', 'scheduler.alpha.kubernetes.io/critical-pod',
  'authorization.k8s.io/decision', 'authorization.k8s.io/reason', 'insecure-sha1.invalid-cert.kubernetes.io/$hostname',
  'missing-san.invalid-cert.kubernetes.io/$hostname', 'pod-security.kubernetes.io/audit-violations',
  'pod-security.kubernetes.io/enforce-policy', 'pod-security.kubernetes.io/exempt',
  'validation.policy.admission.k8s.io/validation_failure', 'kubeadm.alpha.kubernetes.io/cri-socket',
  'kubeadm.kubernetes.io/etcd.advertise-client-urls', 'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint',
  'kubeadm.kubernetes.io/component-config.hash', 'node-role.kubernetes.io/control-plane', 'node-role.kubernetes.io/master',
  'node.alpha.kubernetes.io/ttl', 'csi.volume.kubernetes.io/nodeid',
  'key', 'operator', 'value', 'effect',
].map((key) => [key, N] as const);

// Kubernetes Secret data keys: https://kubernetes.io/docs/concepts/configuration/secret/ (the built-in types'
// keys, and those of the Docker config JSON it shows). token-id is the bootstrap token's public identifier.
const KUBERNETES_SECRET_KEYS: readonly Row[] = [
  ['token', Y], ['.dockercfg', Y], ['.dockerconfigjson', Y], ['auths', N], ['username', N], ['password', Y], ['email', N], ['auth', Y],
  ['ssh-privatekey', Y], ['tls.crt', N], ['tls.key', Y], ['token-id', N], ['token-secret', Y], ['description', N], ['expiration', N],
  ['usage-bootstrap-authentication', N], ['usage-bootstrap-signing', N], ['auth-extra-groups', N], ['extra', N],
];

// Issue 27 item 6: the keys the substring rule hid, and the credentials it must keep hiding.
const ISSUE: readonly Row[] = [
  ['client_secret', Y], ['ApiKey', Y], ['x-api-key', Y], ['Password', Y],
  ['DriftKey', N], ['new_key', N], ['monkey', N], ['Author', N], ['passenger', N], ['tokenizer_mode', N], ['keyId', N],
];

const GROUPS: Record<string, readonly Row[]> = { ...REDSHIFT_GROUPS, DATADOG, KUBERNETES, KUBERNETES_SECRET_KEYS, ISSUE };

/** docs/validation.md's list of keys the rule conceals though they hold no credential. */
function readmeFalsePositives(): string[] {
  const readme = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'validation.md'), 'utf8');
  const list = textBetween(readme, '<!-- concealed-false-positives:start -->', '<!-- concealed-false-positives:end -->');
  return [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort();
}

describe('which keys are concealed: the documents of Redshift, Datadog and Kubernetes', () => {
  test.each(Object.entries(GROUPS))('GIVEN the credential keys of %s THEN every one is concealed (no false negative)', (_group, rows) => {
    const missed = rows.filter(([key, credential]) => credential && !isCredentialLookingKey(key)).map(([key]) => key);
    expect(missed).toEqual([]);
  });

  test('GIVEN the non-credential keys of all groups THEN the ones still concealed are exactly the documented list of false positives', () => {
    const falsePositives = Object.values(GROUPS).flat()
      .filter(([key, credential]) => !credential && isCredentialLookingKey(key))
      .map(([key]) => key);
    expect([...new Set(falsePositives)].sort()).toEqual(readmeFalsePositives());
  });

  test('GIVEN a Redshift option in any case (the drivers read options case-insensitively) THEN its verdict does not change', () => {
    const changed = REDSHIFT.flatMap(([key]) => [key.toLowerCase(), key.toUpperCase()]
      .filter((variant) => isCredentialLookingKey(variant) !== isCredentialLookingKey(key))
      .map((variant) => `${key} → ${variant}`));
    expect(changed).toEqual([]);
  });

  test('GIVEN the table THEN it holds the rows its sources give', () => {
    expect(Object.fromEntries(Object.entries(GROUPS).map(([group, rows]) => [group, {
      rows: rows.length,
      credentials: rows.filter(([, credential]) => credential).length,
    }]))).toEqual({
      'JDBC docs page': { rows: 81, credentials: 9 },
      'JDBC driver source': { rows: 143, credentials: 11 },
      'ODBC docs page': { rows: 75, credentials: 10 },
      'ODBC driver source': { rows: 125, credentials: 15 },
      'Python docs page': { rows: 58, credentials: 7 },
      'Python connector README': { rows: 52, credentials: 7 },
      'Python connector RedshiftProperty': { rows: 68, credentials: 7 },
      DATADOG: { rows: 31, credentials: 12 },
      KUBERNETES: { rows: 183, credentials: 0 },
      KUBERNETES_SECRET_KEYS: { rows: 19, credentials: 8 },
      ISSUE: { rows: 11, credentials: 4 },
    });
    for (const rows of Object.values(GROUPS)) expect(rows.filter(([key], i) => rows.findIndex(([k]) => k === key) !== i)).toEqual([]);
  });

  test('GIVEN the Redshift fixtures THEN each list names its source and the date it was read, and every option is judged, a secret by the words of its source', () => {
    for (const list of REDSHIFT_LISTS) {
      expect([list.name, Boolean(list.source.url ?? (list.source.repo && /^[0-9a-f]{40}$/.test(list.source.commit ?? '')))]).toEqual([list.name, true]);
      expect([list.name, list.source.read]).toEqual([list.name, expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
      // One entry per option: the drivers read options case-insensitively.
      const lower = list.options.map(({ option }) => option.toLowerCase());
      expect([list.name, lower.filter((o, i) => lower.indexOf(o) !== i)]).toEqual([list.name, []]);
      expect([list.name, list.options.filter(({ secret }) => typeof secret !== 'boolean').map(({ option }) => option)]).toEqual([list.name, []]);
      expect([list.name, list.options.filter(({ secret, says }) => secret && !says).map(({ option }) => option)]).toEqual([list.name, []]);
    }
  });

  // Issue 30 item 4: `token_type` (IdpTokenAuthPlugin: ACCESS_TOKEN or EXT_JWT) was concealed as "a string of 7 characters".
  test('GIVEN token_type and token THEN token_type is shown and token concealed, in every spelling the drivers read', () => {
    for (const key of ['token_type', 'TOKEN_TYPE', 'tokenType', 'TokenType', 'tokentype', 'idp_token_type', 'credentials_provider', 'CredentialsProvider']) {
      expect([key, isCredentialLookingKey(key)]).toEqual([key, false]);
    }
    for (const key of ['token', 'TOKEN', 'Token', 'web_identity_token', 'token_type_token', 'token_secret', 'saml_assertion', 'ssltruststore ']) {
      expect([key, isCredentialLookingKey(key)]).toEqual([key, true]);
    }
    const shown = describeValue({ token_type: 'EXT_JWT', token: 'SECRET-JWT' });
    expect(shown).toContain('"token_type":"EXT_JWT"');
    expect(shown).not.toContain('SECRET-JWT');
    const side = (tokenType: string, token: string) => ({
      value: { authentication_profile_content: JSON.stringify({ plugin_name: 'IdpTokenAuthPlugin', token_type: tokenType, token }) },
      unknown: false,
      sensitive: false,
    });
    expect(profileFieldChanges(side('ACCESS_TOKEN', 'OLD-SECRET-1'), side('EXT_JWT', 'NEW-SECRET-22'))).toEqual([
      { field: 'authenticationProfileContent', key: 'token', change: 'changed', before: 'a string of 12 characters (not shown)', after: 'a string of 13 characters (not shown)' },
      { field: 'authenticationProfileContent', key: 'token_type', change: 'changed', before: '"ACCESS_TOKEN"', after: '"EXT_JWT"' },
    ]);
  });

  // Found by the adversary of this round (issue 30): the drivers read options without regard to case, so a
  // secret option spelled with its case boundaries moved (`PassWord`: pass + word) was shown.
  test('GIVEN a secret driver option in another case, glued, with an invisible character or a small capital THEN concealed, in messages and in explain', () => {
    const keys = ['PWd', 'PassWord', 'Client_SeCret', 'SSLPassWord', 'SessionToKen', 'webIdentityToKen', 'ssltrustSTORE', 'secret\u200bkey', 'sessionid', 'secretkey', '\ua731ecret'];
    for (const key of keys) expect([key, isCredentialLookingKey(key)]).toEqual([key, true]);
    const shown = describeValue(Object.fromEntries(keys.map((k) => [k, 'hunter2-value'])));
    expect(shown).not.toContain('hunter2-value');
    const side = (value: string) => ({ value: { authentication_profile_content: JSON.stringify({ PWd: value, SessionToKen: value }) }, unknown: false, sensitive: false });
    const changes = profileFieldChanges(side('old-hunter2'), side('new-hunter2'));
    expect(changes.map((c) => c.key)).toEqual(['PWd', 'SessionToKen']);
    expect(JSON.stringify(changes)).not.toContain('hunter2');
  });
});

describe('which keys are concealed: the rule', () => {
  test('GIVEN keys in any convention THEN they are split into words at case boundaries, acronyms, digits and separators', () => {
    expect(keyWords('APIKey')).toEqual(['api', 'key']);
    expect(keyWords('SSLPassword')).toEqual(['ssl', 'password']);
    expect(keyWords('AccessKeyID')).toEqual(['access', 'key', 'id']);
    expect(keyWords('x-api-key')).toEqual(['x', 'api', 'key']);
    expect(keyWords('kubeadm.alpha.kubernetes.io/cri-socket')).toEqual(['kubeadm', 'alpha', 'kubernetes', 'io', 'cri', 'socket']);
    expect(keyWords('db2 pass:word_v2')).toEqual(['db', 'pass', 'word', 'v']);
    // Compatibility forms and lookalike letters are folded before splitting.
    expect(keyWords('\uff21\uff30\uff29Key')).toEqual(['api', 'key']);
    expect(keyWords('P\u0430ssword')).toEqual(['password']);
  });

  test('GIVEN a credential word, a credential pair or a glued credential ending THEN the key is concealed; key alone is not', () => {
    for (const key of ['db_password', 'Passphrase', 'ApiToken', 'Authorization', 'Cookie', 'Bearer', 'X-Amz-Signature', 'SAS', 'sas_token',
      'private_key', 'AccountKey', 'ConnectionString', 'connection_string', 'SessionId', 'sslpassword', 'authtoken', 'apikey', 'clientsecret',
      'ssh-key', 'basic_auth',
      'P\u0430ssword', '\uff30assword']) {
      expect([key, isCredentialLookingKey(key)]).toEqual([key, true]);
    }
    for (const key of ['key', 'Key', 'keys', 'KeyName', 'sortKey', 'Kansas', 'AuthProfile', 'AuthType', 'session', 'connection', 'passes', 'tokenizer']) {
      expect([key, isCredentialLookingKey(key)]).toEqual([key, false]);
    }
  });

  test('GIVEN a shown value THEN keys are judged by the same rule at any depth: a taint key is shown, an api_key concealed', () => {
    const shown = describeValue({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule', DriftKey: 'drift-1', nested: { api_key: 'SECRET1', x: { Password: 'SECRET2' } } });
    expect(shown).toContain('"key":"dedicated"');
    expect(shown).toContain('"DriftKey":"drift-1"');
    expect(shown).not.toContain('SECRET');
  });

  test('GIVEN profile content keys THEN the service\'s own credential keys stay concealed whatever the rule says (AuthProfile)', () => {
    for (const key of ['AuthProfile', 'auth_profile', 'AccessKeyID', 'PWD']) expect(isCredentialContentKey(key)).toBe(true);
    expect(isCredentialContentKey('DriftKey')).toBe(false);
  });
});

// Adversary break 07: a key disguised with a character that renders as nothing (a soft hyphen) showed its value.
// Authority: Unicode DerivedCoreProperties.txt (Default_Ignorable_Code_Point) and UAX #31 section 5.
describe('which keys are concealed: characters that render as nothing', () => {
  const SECRET = 'Sup3rS3cretValue';
  const INVISIBLE = ['\u00ad', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u061c', '\u200e', '\u202e', '\u180e', '\u034f',
    '\u180b', '\u180c', '\u180d', '\u180f', '\ufe00', '\ufe0f', '\u2064', '\u{e0001}', '\u{e0100}', '\u3164'];

  test('GIVEN a credential key with a soft hyphen (pa\\u00ADssword, client\\u00ADsecret, Api\\u00ADKey) THEN it is concealed in error messages and in explain', () => {
    for (const key of ['pa\u00ADssword', 'client\u00ADsecret', 'Api\u00ADKey', 'Pass\u200Bword']) {
      expect([key, isCredentialLookingKey(key), isCredentialContentKey(key)]).toEqual([key, true, true]);
      const stack = new TerraformStack(new App(), 's');
      let message = '';
      try {
        new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: { [key]: SECRET + '${' } });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toContain('props/authenticationProfileContent');
      expect(message).not.toContain(SECRET);
    }
    // The resource's attributes, its content a JSON string (as the plan holds it).
    const side = (v: string) => ({
      value: { authentication_profile_content: JSON.stringify({ Password: v + '0', ['pa\u00adssword']: v + '1' }) },
      unknown: false,
      sensitive: false,
    });
    const changes = profileFieldChanges(side('OLDSECRET'), side('NEWSECRET'));
    expect(changes.map((change) => change.key)).toEqual(['Password', 'pa\u00adssword']);
    expect(JSON.stringify(changes)).not.toMatch(/OLDSECRET|NEWSECRET/);
  });

  test('GIVEN any credential row with format or default-ignorable characters inserted anywhere THEN it is still concealed', () => {
    const credentials = Object.values(GROUPS).flat().filter(([, credential]) => credential).map(([key]) => key);
    const invisible = fc.oneof(fc.constantFrom(...INVISIBLE), fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)).filter((c) => /\p{Cf}/u.test(c)));
    fc.assert(fc.property(fc.constantFrom(...credentials), fc.array(fc.tuple(fc.nat(), invisible), { minLength: 1, maxLength: 4 }), (key, inserts) => {
      // Inserted between code points (an astral format character is two UTF-16 units).
      const points = Array.from(key);
      for (const [at, c] of inserts) points.splice(at % (points.length + 1), 0, c);
      const disguised = points.join('');
      expect([disguised, isCredentialLookingKey(disguised)]).toEqual([disguised, true]);
    }), propertyRuns({ seed: 106, numRuns: 2000 }));
  });
});
