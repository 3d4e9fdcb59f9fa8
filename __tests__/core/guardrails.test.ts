// Guardrails (issue 45): each built-in rule fires on its bad case and stays
// silent on its good case; findings are recorded once per construct in the
// stack's metadata and said at synth; an error fails synth only where it is
// enforced (or for a custom rule); acknowledgements are inherited, lapse after
// their date, are reported when stale, and cannot silence a rule that refuses
// them; a value known only at plan is not judged at synth.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { Construct } from 'constructs';
import {
  AuthenticationProfile,
  AwsProvider,
  DatadogProvider,
  GuardrailLevel,
  Guardrails,
  GuardrailSubject,
  IGuardrailRule,
  CurrentOrg,
  KubernetesProvider,
  NodeList,
  NodeListMode,
  RestrictionPolicy,
  TaintEffect,
  ValidationError,
} from '../../lib';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';
import { readGuardrailsRecord, recordedFindings } from '../../lib/core/guardrail-findings';
import { errorOf } from '../support/errors';

const ORG = 'org:00000000-0000-1111-0000-000000000000';
const ROLE = 'role:00000000-0000-1111-0000-00000000000a';
const TEAM = 'team:00000000-0000-1111-0000-00000000000b';
const user = (n: number) => `user:00000000-0000-1111-0000-00000000000${n}`;

/** A fresh app with one stack holding the three providers. */
function fixture(): { app: App; stack: TerraformStack; outdir: string } {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guardrails-'));
  const app = new App({ outdir, context: { 'cdktf-warehouse-monitoring-cluster:sourceLocation': true } });
  const stack = new TerraformStack(app, 's');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  new DatadogProvider(stack, 'datadog', {});
  new KubernetesProvider(stack, 'kubernetes', {});
  return { app, stack, outdir };
}

/**
 * The findings of stack `s` after a real synth: rule, construct path, prop path, and the acknowledgement or lapse;
 * with the source line the stack's origins give the construct (the record does not repeat it).
 */
function findingsOf(app: App, outdir: string): any[] {
  app.synth();
  const json = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 's', 'cdk.tf.json'), 'utf8'));
  const origins: { [constructClass: string]: { [source: string]: string[] } } = json['//']?.metadata?.constructOrigins ?? {};
  const sourceOf = (constructPath: string) => Object.values(origins).flatMap((bySource) => Object.entries(bySource)).find(([, paths]) => paths.includes(constructPath))?.[0];
  return recordedFindings(readGuardrailsRecord(json['//']?.metadata)).map((f) => ({ ...f, source: sourceOf(f.constructPath) }));
}

function annotationsOf(outdir: string): { level: string; message: string; constructPath: string }[] {
  return JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')).stacks.s.annotations;
}

const profile = (content: { [key: string]: string }) => (s: Construct) => new AuthenticationProfile(s, 'subject', { authenticationProfileName: 'p', authenticationProfileContent: content });
const policy = (resourceId: string, bindings: { relation: string; principals: string[] }[]) => (s: Construct) => new RestrictionPolicy(s, 'subject', { resourceId, bindings });
const nodes = (items: any[]) => (s: Construct) => new NodeList(s, 'subject', { items });
const labelled = (labels: { [key: string]: string }) => nodes([{ metadata: { name: 'n1', labels } }]);

/** Each rule: a construct that breaks it, where, and one that does not. */
const CASES: { rule: string; bad: (s: Construct) => void; propPath: string; good: (s: Construct) => void }[] = [
  { rule: 'WMC-1', bad: profile({ SSL: 'false' }), propPath: 'authenticationProfileContent/SSL', good: profile({ SSL: 'true' }) },
  { rule: 'WMC-2', bad: profile({ sslmode: 'disable' }), propPath: 'authenticationProfileContent/sslmode', good: profile({ sslmode: 'verify-full' }) },
  { rule: 'WMC-2', bad: profile({ SSLMode: 'Prefer' }), propPath: 'authenticationProfileContent/SSLMode', good: profile({ SSLMode: 'verify-ca' }) },
  { rule: 'WMC-3', bad: profile({ sslmode: 'require' }), propPath: 'authenticationProfileContent/sslmode', good: profile({ sslmode: 'verify-full' }) },
  { rule: 'WMC-4', bad: profile({ SSLFactory: 'com.amazon.redshift.ssl.NonValidatingFactory' }), propPath: 'authenticationProfileContent/SSLFactory', good: profile({ SSLFactory: 'com.example.PinnedFactory' }) },
  { rule: 'WMC-4', bad: profile({ sslfactory: 'org.postgresql.ssl.NonValidatingFactory' }), propPath: 'authenticationProfileContent/sslfactory', good: profile({}) },
  { rule: 'WMC-5', bad: profile({ SSL_Insecure: 'true' }), propPath: 'authenticationProfileContent/SSL_Insecure', good: profile({ SSL_Insecure: 'false' }) },
  { rule: 'WMC-6', bad: profile({ AutoCreate: 'true' }), propPath: 'authenticationProfileContent/AutoCreate', good: profile({ AutoCreate: 'false' }) },
  { rule: 'WMC-7', bad: profile({ DbUser: 'analyst' }), propPath: 'authenticationProfileContent/DbUser', good: profile({ DbUser: 'analyst', AllowDBUserOverride: '1' }) },
  { rule: 'WMC-8', bad: policy('dashboard:abc', [{ relation: 'editor', principals: [ORG] }]), propPath: 'bindings/0/principals/0', good: policy('dashboard:abc', [{ relation: 'viewer', principals: [ORG] }, { relation: 'editor', principals: [TEAM] }]) },
  { rule: 'WMC-8', bad: policy('case-management-project:p', [{ relation: 'manager', principals: [ROLE, ORG] }]), propPath: 'bindings/0/principals/1', good: policy('case-management-project:p', [{ relation: 'manager', principals: [ROLE] }]) },
  { rule: 'WMC-9', bad: policy('dashboard:abc', [{ relation: 'viewer', principals: [ORG] }]), propPath: 'bindings', good: policy('dashboard:abc', [{ relation: 'viewer', principals: [ORG] }, { relation: 'editor', principals: [ROLE] }]) },
  { rule: 'WMC-10', bad: policy('dashboard:abc', [{ relation: 'editor', principals: [user(1), user(2), user(3)] }]), propPath: 'bindings/0/principals', good: policy('dashboard:abc', [{ relation: 'editor', principals: [user(1), TEAM] }]) },
  { rule: 'WMC-11', bad: labelled({ 'kubernetes.io/hostname': 'n1' }), propPath: 'items/0/metadata/labels/kubernetes.io/hostname', good: labelled({ 'example.com/host': 'n1' }) },
  { rule: 'WMC-11', bad: labelled({ 'node.kubernetes.io/instance-type': 'm5.large' }), propPath: 'items/0/metadata/labels/node.kubernetes.io/instance-type', good: labelled({ pool: 'general' }) },
  { rule: 'WMC-12', bad: labelled({ 'topology.kubernetes.io/zone': 'eu-west-1a' }), propPath: 'items/0/metadata/labels/topology.kubernetes.io/zone', good: labelled({ 'example.com/zone': 'a' }) },
  { rule: 'WMC-13', bad: labelled({ 'k8s.io/team': 'x' }), propPath: 'items/0/metadata/labels/k8s.io/team', good: labelled({ 'node-role.kubernetes.io/worker': '' }) },
  { rule: 'WMC-13', bad: labelled({ 'team.kubernetes.io/owner': 'x' }), propPath: 'items/0/metadata/labels/team.kubernetes.io/owner', good: labelled({ 'node-restriction.kubernetes.io/pool': 'pci' }) },
  { rule: 'WMC-14', bad: labelled({ 'node.kubernetes.io/pool': 'pci' }), propPath: 'items/0/metadata/labels/node.kubernetes.io/pool', good: labelled({ 'node-restriction.kubernetes.io/pool': 'pci' }) },
  {
    rule: 'WMC-15',
    bad: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'node.kubernetes.io/unreachable', effect: TaintEffect.NO_SCHEDULE }] } }]),
    propPath: 'items/0/spec/taints/0',
    good: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: TaintEffect.NO_SCHEDULE }] } }]),
  },
  {
    rule: 'WMC-16',
    bad: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}` }, spec: { taints: [{ key: 'dedicated', value: 'x', effect: TaintEffect.NO_EXECUTE }] } }))),
    propPath: 'items/*/spec/taints',
    good: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'x', effect: TaintEffect.NO_EXECUTE }] } }, { metadata: { name: 'n2' } }]),
  },
  {
    rule: 'WMC-17',
    bad: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}` }, spec: { unschedulable: true } }))),
    propPath: 'items/*/spec/unschedulable',
    good: nodes([{ metadata: { name: 'n1' }, spec: { unschedulable: true } }, { metadata: { name: 'n2' } }]),
  },
  // A list of one node is a node set apart: neither rule applies.
  // What an adversary given only the docs and the vendors' sources found (issue 45), each read as the drivers and the API server read it.
  // The JDBC driver turns SSL on for "true" or "" only (RedshiftConnectionImpl.setAuthMech, v2.2.6).
  { rule: 'WMC-1', bad: profile({ SSL: '0' }), propPath: 'authenticationProfileContent/SSL', good: profile({ ssl: 'TRUE' }) },
  // AuthMech is sslmode's alias (RedshiftProperty.AUTH_MECH); a value the driver refuses (" disable") makes no connection at all.
  { rule: 'WMC-2', bad: profile({ AuthMech: 'PREFER' }), propPath: 'authenticationProfileContent/AuthMech', good: profile({ AuthMech: 'verify-full' }) },
  // Keys that differ only in case: which a driver reads is not documented, so each is judged.
  { rule: 'WMC-2', bad: profile({ SSLMODE: 'verify-full', sslmode: 'disable' }), propPath: 'authenticationProfileContent/sslmode', good: profile({ SSLMODE: 'verify-full', sslmode: 'verify-ca' }) },
  // ODBC 2.x reads a Boolean as "1 | TRUE"; left out, SSL_Insecure is false in the JDBC driver (IdpCredentialsProvider), whatever its page says.
  { rule: 'WMC-5', bad: profile({ ssl_insecure: '1' }), propPath: 'authenticationProfileContent/ssl_insecure', good: profile({ Plugin_Name: 'com.amazon.redshift.plugin.OktaCredentialsProvider', IdP_Host: 'example.okta.com' }) },
  { rule: 'WMC-6', bad: profile({ AutoCreate: '1' }), propPath: 'authenticationProfileContent/AutoCreate', good: profile({ AutoCreate: '0' }) },
  { rule: 'WMC-7', bad: profile({ DbUser: 'analyst', AllowDBUserOverride: '0' }), propPath: 'authenticationProfileContent/DbUser', good: profile({ DbUser: '' }) },
  // processors_editor edits a logs pipeline's processors.
  { rule: 'WMC-8', bad: policy('logs-pipeline:abc', [{ relation: 'processors_editor', principals: [ORG] }, { relation: 'editor', principals: [TEAM] }]), propPath: 'bindings/0/principals/0', good: policy('logs-pipeline:abc', [{ relation: 'viewer', principals: [ORG] }, { relation: 'editor', principals: [TEAM] }]) },
  // Bindings of one relation are one binding, and a principal listed twice is one (the construct merges them; the provider's principals are a set).
  { rule: 'WMC-10', bad: policy('dashboard:abc', [{ relation: 'editor', principals: [user(1), user(2)] }, { relation: 'editor', principals: [user(3)] }]), propPath: 'bindings/0/principals', good: policy('dashboard:abc', [{ relation: 'editor', principals: [user(1), user(1), user(2)] }]) },
  // Sub-domains of the kubelet's namespaces are the kubelet's too (IsKubeletLabel); they are not WMC-13's.
  { rule: 'WMC-14', bad: labelled({ 'feature.node.kubernetes.io/cpu-model': 'x' }), propPath: 'items/0/metadata/labels/feature.node.kubernetes.io/cpu-model', good: labelled({ 'example.com/pool': 'pci' }) },
  { rule: 'WMC-13', bad: labelled({ 'apps.kubernetes.io/x': 'y' }), propPath: 'items/0/metadata/labels/apps.kubernetes.io/x', good: labelled({ 'feature.node.kubernetes.io/cpu-model': 'x' }) },
  // A label paired with a taint of its key is an isolation label (the dedicated-nodes pattern): one a kubelet may set is found.
  {
    rule: 'WMC-14',
    bad: nodes([{ metadata: { name: 'n1', labels: { dedicated: 'gpu' } }, spec: { taints: [{ key: 'dedicated', value: 'gpu', effect: TaintEffect.NO_SCHEDULE }] } }]),
    propPath: 'items/0/metadata/labels/dedicated',
    good: nodes([{ metadata: { name: 'n1', labels: { 'node-restriction.kubernetes.io/dedicated': 'gpu' } }, spec: { taints: [{ key: 'node-restriction.kubernetes.io/dedicated', value: 'gpu', effect: TaintEffect.NO_SCHEDULE }] } }]),
  },
  // The cloud controller's shutdown taint (TaintNodeShutdown); out-of-service is the administrator's.
  {
    rule: 'WMC-15',
    bad: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'node.cloudprovider.kubernetes.io/shutdown', effect: TaintEffect.NO_SCHEDULE }] } }]),
    propPath: 'items/0/spec/taints/0',
    good: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: TaintEffect.NO_EXECUTE }] } }]),
  },
  // Non-graceful node shutdown: the out-of-service taint on every node that is shut down evicts on purpose.
  {
    rule: 'WMC-16',
    bad: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}` }, spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', effect: TaintEffect.NO_EXECUTE }, { key: 'd', effect: TaintEffect.NO_EXECUTE }] } }))),
    propPath: 'items/*/spec/taints',
    good: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}` }, spec: { taints: [{ key: 'node.kubernetes.io/out-of-service', value: 'nodeshutdown', effect: TaintEffect.NO_EXECUTE }] } }))),
  },
  // The second adversary (issue 45): the ODBC driver's reading of a profile (aws/amazon-redshift-odbc-driver 2.1.17:
  // ReadAuthProfile joins key=value; unescaped, parseConnectionString trims and reads braces), EncryptionMethod.
  { rule: 'WMC-2', bad: profile({ sslmode: ' disable' }), propPath: 'authenticationProfileContent/sslmode', good: profile({ sslmode: 'verify-full ' }) },
  { rule: 'WMC-2', bad: profile({ Client_ID: 'abc;SSLMode=disable' }), propPath: 'authenticationProfileContent/Client_ID', good: profile({ Client_ID: '{abc;SSLMode=disable}' }) },
  { rule: 'WMC-2', bad: profile({ EncryptionMethod: '0' }), propPath: 'authenticationProfileContent/EncryptionMethod', good: profile({ EncryptionMethod: '2' }) },
  { rule: 'WMC-3', bad: profile({ EM: '3' }), propPath: 'authenticationProfileContent/EM', good: profile({ EM: '1' }) },
  { rule: 'WMC-5', bad: profile({ SSL_Insecure: '{true}' }), propPath: 'authenticationProfileContent/SSL_Insecure', good: profile({ SSL_Insecure: '{false}' }) },
  { rule: 'WMC-6', bad: profile({ AutoCreate: ' true' }), propPath: 'authenticationProfileContent/AutoCreate', good: profile({ AutoCreate: ' false' }) },
  { rule: 'WMC-7', bad: profile({ DbUser: ' analyst ' }), propPath: 'authenticationProfileContent/DbUser', good: profile({ DbUser: ' ' }) },
  // The organization's principal read at plan (CurrentOrg: org:${…org_id}) is the org's at synth.
  {
    rule: 'WMC-8',
    bad: (s) => new RestrictionPolicy(s, 'subject', { resourceId: 'dashboard:abc', bindings: [{ relation: 'editor', principals: [new CurrentOrg(s, 'org').principal] }] }),
    propPath: 'bindings/0/principals/0',
    good: (s) => new RestrictionPolicy(s, 'subject', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [new CurrentOrg(s, 'org').principal] }, { relation: 'editor', principals: [TEAM] }] }),
  },
  // Labels, annotations and taints mode writes no cordon.
  {
    rule: 'WMC-17',
    bad: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}`, labels: { pool: 'a' } }, spec: { unschedulable: true } }))),
    propPath: 'items/*/spec/unschedulable',
    good: (s) => new NodeList(s, 'subject', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [1, 2].map((n) => ({ metadata: { name: `n${n}`, labels: { pool: 'a' } }, spec: { unschedulable: true } })) }),
  },
  { rule: 'WMC-16', bad: nodes([1, 2, 3].map((n) => ({ metadata: { name: `n${n}` }, spec: { taints: [{ key: 'd', effect: TaintEffect.NO_EXECUTE }] } }))), propPath: 'items/*/spec/taints', good: nodes([{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'd', effect: TaintEffect.NO_EXECUTE }] } }]) },
  { rule: 'WMC-17', bad: nodes([1, 2].map((n) => ({ metadata: { name: `n${n}` }, spec: { unschedulable: true } }))), propPath: 'items/*/spec/unschedulable', good: nodes([{ metadata: { name: 'n1' }, spec: { unschedulable: true } }]) },
];

describe('the built-in guardrails', () => {
  test.each(CASES.map((c, i) => [`${c.rule} #${i}`, c] as const))('GIVEN %s THEN its bad case is found at its prop path, and its good case is not', (_name, c) => {
    const bad = fixture();
    c.bad(bad.stack);
    const found = findingsOf(bad.app, bad.outdir).filter((f) => f.rule === c.rule);
    expect(found.map((f) => [f.constructPath, f.propPath])).toEqual([['subject', c.propPath]]);
    expect(found[0].source).toMatch(/^__tests__\/core\/guardrails\.test\.ts:\d+$/);
    const good = fixture();
    c.good(good.stack);
    expect(findingsOf(good.app, good.outdir).filter((f) => f.rule === c.rule)).toEqual([]);
  });

  test('GIVEN the descriptors THEN every built-in rule is tested here, cites an https authority and has a remedy, and its id is its own', () => {
    const rules = CONSTRUCT_DESCRIPTORS.flatMap((d) => d.rules ?? []);
    expect(rules.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect([...new Set(CASES.map((c) => c.rule))].sort()).toEqual(rules.map((r) => r.id).sort());
    for (const r of rules) {
      expect(r.authority).toMatch(/^https:\/\/(docs\.aws\.amazon\.com|docs\.datadoghq\.com|kubernetes\.io)\//);
      expect(r.remedy.length).toBeGreaterThan(10);
    }
  });

  test('GIVEN a value Terraform knows only at plan THEN it is not judged at synth', () => {
    const { app, stack, outdir } = fixture();
    const mode = new TerraformVariable(stack, 'mode', { type: 'string', default: 'disable' });
    new AuthenticationProfile(stack, 'subject', { authenticationProfileName: 'p', authenticationProfileContent: { sslmode: mode.stringValue } });
    expect(findingsOf(app, outdir)).toEqual([]);
  });

  test('GIVEN the guardrails context key set to false THEN no rule runs and nothing is recorded', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guardrails-off-'));
    const app = new App({ outdir, context: { 'cdktf-warehouse-monitoring-cluster:guardrails': false } });
    const stack = new TerraformStack(app, 's');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    profile({ SSL: 'false' })(stack);
    Guardrails.of(app).enforce();
    expect(findingsOf(app, outdir)).toEqual([]);
  });

  test('GIVEN a credential-looking key beside a finding THEN its value is in no finding, no annotation and no error', () => {
    const { app, stack, outdir } = fixture();
    profile({ client_secret: 'hunter2-secret', sslmode: 'disable', DbUser: 'hunter2-user' })(stack);
    const findings = findingsOf(app, outdir);
    expect(findings.map((f) => f.rule)).toEqual(['WMC-2', 'WMC-7']);
    const said = JSON.stringify(annotationsOf(outdir).filter((a) => a.message.startsWith('WMC-')));
    Guardrails.of(app).enforce();
    const error = errorMessage(() => app.synth());
    expect(error).toContain('WMC-2 (error) subject authenticationProfileContent/sslmode');
    for (const text of [error, said, JSON.stringify(findings)]) expect(text).not.toContain('hunter2');
  });
});

describe('where guardrails stop a synth', () => {
  test('GIVEN an error finding of a built-in rule THEN synth passes and says it, until the app enforces the rules; then it fails naming every error finding', () => {
    const { app, stack, outdir } = fixture();
    profile({ SSL: 'false', sslmode: 'disable' })(stack);
    expect(() => app.synth()).not.toThrow();
    // One annotation per construct and level, a line per finding.
    const said = annotationsOf(outdir).filter((a) => a.message.startsWith('WMC-'));
    expect(said).toHaveLength(1);
    expect(said.flatMap((a) => a.message.split('\n').map((line) => [a.level, line.split(':')[0]]))).toEqual([
      ['@cdktf/warn', 'WMC-1 (error) subject authenticationProfileContent/SSL'],
      ['@cdktf/warn', 'WMC-2 (error) subject authenticationProfileContent/sslmode'],
    ]);
    Guardrails.of(app).enforce();
    const message = errorMessage(() => app.synth());
    expect(message).toContain('2 guardrail errors');
    expect(message).toContain('WMC-1 (error) subject authenticationProfileContent/SSL');
    expect(message).toContain('WMC-2 (error) subject authenticationProfileContent/sslmode');
  });

  test('GIVEN an app process, as cdktf.json runs it for `cdktf synth` THEN an enforced error makes it exit non-zero, naming the finding; acknowledged, it exits 0', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guardrails-app-'));
    const app = (acknowledged: boolean) => `
      import { App, TerraformStack } from ${JSON.stringify(path.join(__dirname, '..', '..', 'lib', 'core', 'framework'))};
      import { AuthenticationProfile, AwsProvider, Guardrails } from ${JSON.stringify(path.join(__dirname, '..', '..', 'lib'))};
      const app = new App({ outdir: ${JSON.stringify(path.join(dir, 'out'))} });
      const stack = new TerraformStack(app, 's');
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      new AuthenticationProfile(stack, 'legacy', { authenticationProfileName: 'p', authenticationProfileContent: { SSL: 'false' } });
      Guardrails.of(app).enforce();
      ${acknowledged ? "Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'a lab without TLS' });" : ''}
      app.synth();
    `;
    const run = (acknowledged: boolean) => {
      const file = path.join(dir, `main-${acknowledged}.ts`);
      fs.writeFileSync(file, app(acknowledged));
      // cdktf.json's app: `npx ts-node --transpile-only <main>`; `cdktf synth` fails when it exits non-zero.
      return spawnSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), '-r', path.join(__dirname, '..', '..', 'scripts', 'framework.js'), file], { encoding: 'utf8', cwd: path.join(__dirname, '..', '..'), env: { ...process.env, TS_NODE_PROJECT: path.join(__dirname, '..', '..', 'tsconfig.json') } });
    };
    const failed = run(false);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toContain('WMC-1 (error) legacy authenticationProfileContent/SSL');
    expect(run(true).status).toBe(0);
  }, 120_000);

  test('GIVEN warnings and notes only under an enforcing stack THEN synth passes; each is said with its level', () => {
    const { app, stack, outdir } = fixture();
    Guardrails.of(stack).enforce();
    policy('dashboard:abc', [{ relation: 'editor', principals: [user(1), user(2), user(3), ORG] }])(stack);
    expect(() => app.synth()).not.toThrow();
    expect(annotationsOf(outdir).filter((a) => a.message.startsWith('WMC-')).flatMap((a) => a.message.split('\n').map((line) => [a.level, line.slice(0, 11)]))).toEqual([
      ['@cdktf/warn', 'WMC-8 (warn'],
      ['@cdktf/info', 'WMC-10 (not'],
    ]);
  });

  test('GIVEN a custom rule at level error THEN it fails synth wherever it applies, without enforce; at warning it is said', () => {
    const { app, stack, outdir } = fixture();
    const scope = new Construct(stack, 'team-a');
    const names: IGuardrailRule = {
      id: 'ACME-1',
      title: 'Profile names start with the team',
      level: GuardrailLevel.ERROR,
      appliesTo: ['AuthenticationProfile'],
      authority: 'https://example.com/naming',
      remedy: 'Name it team-a-…',
      check: (subject: GuardrailSubject) => (String(subject.props.authenticationProfileName).startsWith('team-a-') ? [] : [{ propPath: 'authenticationProfileName', message: `${subject.props.authenticationProfileName} does not start with team-a-` }]),
    };
    Guardrails.of(scope).addRule(names);
    new AuthenticationProfile(scope, 'ok', { authenticationProfileName: 'team-a-x', authenticationProfileContent: {} });
    new AuthenticationProfile(scope, 'wrong', { authenticationProfileName: 'other', authenticationProfileContent: {} });
    // Outside the scope the rule does not apply.
    new AuthenticationProfile(stack, 'elsewhere', { authenticationProfileName: 'other2', authenticationProfileContent: {} });
    const message = errorMessage(() => app.synth());
    expect(message).toContain('1 guardrail error');
    expect(message).toContain('ACME-1 (error) team-a/wrong authenticationProfileName: other does not start with team-a-');
    expect(message).not.toContain('elsewhere');
    Guardrails.of(scope).acknowledge({ rule: 'ACME-1', reason: 'legacy name, renamed in Q3' });
    expect(() => app.synth()).not.toThrow();
    const json = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 's', 'cdk.tf.json'), 'utf8'));
    expect((readGuardrailsRecord(json['//'].metadata) as any).rules['ACME-1']).toEqual({ title: 'Profile names start with the team', level: 'error', authority: 'https://example.com/naming', remedy: 'Name it team-a-…', custom: true });
  });
});

describe('acknowledgements', () => {
  test('GIVEN an acknowledgement on the stack THEN it covers the constructs below it, marked with its reason; an enforced error no longer fails', () => {
    const { app, stack, outdir } = fixture();
    Guardrails.of(app).enforce();
    const team = new Construct(stack, 'team');
    profile({ SSL: 'false' })(team);
    Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'a test cluster without TLS' });
    const [finding] = findingsOf(app, outdir);
    expect(finding).toMatchObject({ rule: 'WMC-1', constructPath: 'team/subject', acknowledged: { reason: 'a test cluster without TLS', scopePath: 's' } });
    expect(annotationsOf(outdir).find((a) => a.message.startsWith('WMC-1'))).toMatchObject({ level: '@cdktf/info' });
    expect(annotationsOf(outdir).find((a) => a.message.startsWith('WMC-1'))!.message).toContain('(acknowledged: a test cluster without TLS)');
  });

  test('GIVEN an acknowledgement past its date THEN it lapses: the finding is unacknowledged, says so, and fails when enforced', () => {
    const { app, stack, outdir } = fixture();
    profile({ SSL: 'false' })(stack);
    Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'until the migration', until: '2000-01-31' });
    expect(findingsOf(app, outdir)[0]).toMatchObject({ rule: 'WMC-1', lapsed: '2000-01-31' });
    expect(annotationsOf(outdir).find((a) => a.message.startsWith('WMC-1'))!.message).toContain('(its acknowledgement lapsed on 2000-01-31)');
    Guardrails.of(app).enforce();
    expect(errorMessage(() => app.synth())).toContain('WMC-1 (error) subject');
    const later = fixture();
    profile({ SSL: 'false' })(later.stack);
    Guardrails.of(later.stack).acknowledge({ rule: 'WMC-1', reason: 'until the migration', until: '2999-12-31' });
    expect(findingsOf(later.app, later.outdir)[0].acknowledged).toEqual({ reason: 'until the migration', until: '2999-12-31', scopePath: 's' });
  });

  test('GIVEN an acknowledgement that matches nothing THEN synth says it is stale; one that matches is not', () => {
    const { app, stack, outdir } = fixture();
    profile({ SSL: 'true' })(stack);
    Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'old exception' });
    Guardrails.of(app).acknowledge({ rule: 'WMC-8', reason: 'org editors everywhere' });
    app.synth();
    const stale = annotationsOf(outdir).filter((a) => a.message.includes('is stale'));
    expect(stale.map((a) => a.message).sort()).toEqual([
      'guardrail acknowledgement of WMC-1 at s matches no finding: it is stale; remove it (reason: old exception)',
      'guardrail acknowledgement of WMC-8 at (app) matches no finding: it is stale; remove it (reason: org editors everywhere)',
    ]);
    // Matched, the same acknowledgements are not stale.
    const matched = fixture();
    profile({ SSL: 'false' })(matched.stack);
    Guardrails.of(matched.stack).acknowledge({ rule: 'WMC-1', reason: 'old exception' });
    matched.app.synth();
    expect(annotationsOf(matched.outdir).filter((a) => a.message.includes('is stale'))).toEqual([]);
  });

  test('GIVEN an acknowledgement a nearer one covers, or of a rule that cannot be acknowledged THEN synth says it holds nothing, and why', () => {
    const { app, stack, outdir } = fixture();
    profile({ SSL: 'false' })(stack);
    Guardrails.of(app).acknowledge({ rule: 'WMC-1', reason: 'everywhere' });
    Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'this stack' });
    Guardrails.of(stack).addRule({ id: 'ACME-3', title: 'Always', level: GuardrailLevel.WARNING, appliesTo: ['AuthenticationProfile'], authority: 'https://example.com/a', remedy: 'None.', acknowledgeable: false, check: () => [{ propPath: '', message: 'always' }] });
    Guardrails.of(stack).acknowledge({ rule: 'ACME-3', reason: 'please' });
    app.synth();
    expect(annotationsOf(outdir).filter((a) => a.message.startsWith('guardrail acknowledgement')).map((a) => a.message).sort()).toEqual([
      'guardrail acknowledgement of ACME-3 at s holds nothing: its rule cannot be acknowledged (acknowledgeable: false), its findings stay; remove it (reason: please)',
      'guardrail acknowledgement of WMC-1 at (app) holds nothing: a nearer acknowledgement of the rule covers each finding it would; remove it (reason: everywhere)',
    ]);
  });

  test('GIVEN an acknowledgement on the app whose finding is in a later stack THEN it holds there, and nothing says otherwise', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guardrails-app-'));
    const app = new App({ outdir });
    for (const name of ['a', 'b']) {
      const stack = new TerraformStack(app, name);
      new AwsProvider(stack, 'aws', { region: 'us-east-1' });
      profile({ SSL: name === 'b' ? 'false' : 'true' })(stack);
    }
    Guardrails.of(app).acknowledge({ rule: 'WMC-1', reason: 'the lab' });
    app.synth();
    const manifest = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const said = ['a', 'b'].flatMap((s) => manifest.stacks[s].annotations.map((a: { message: string }) => a.message));
    expect(said.filter((m: string) => m.startsWith('guardrail acknowledgement'))).toEqual([]);
    expect(said.filter((m: string) => m.startsWith('WMC-1'))).toEqual([expect.stringContaining('(acknowledged: the lab)')]);
  });

  test('GIVEN a second acknowledgement of a rule on one scope THEN it is refused, naming the first; a scope below may acknowledge it again', () => {
    const { app, stack } = fixture();
    Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'until the migration', until: '2020-01-01' });
    const error = errorOf(() => Guardrails.of(stack).acknowledge({ rule: 'WMC-1', reason: 'renewed', until: '2099-01-01' }));
    expect(error.message).toContain('acknowledgement/rule');
    expect(error.message).toContain('WMC-1 is (until 2020-01-01)');
    expect(() => Guardrails.of(app).acknowledge({ rule: 'WMC-1', reason: 'the app' })).not.toThrow();
  });

  test('GIVEN a rule the built-in pack names, or an id another rule has where it applies THEN addRule refuses it', () => {
    const { app, stack } = fixture();
    const rule = (id: string): IGuardrailRule => ({ id, title: 't', level: GuardrailLevel.WARNING, appliesTo: ['AuthenticationProfile'], authority: 'https://example.com/a', remedy: 'r', check: () => [] });
    expect(errorOf(() => Guardrails.of(stack).addRule(rule('WMC-3'))).message).toContain('the built-in pack (WMC) has WMC-3');
    const acme = rule('ACME-1');
    Guardrails.of(app).addRule(acme);
    expect(errorOf(() => Guardrails.of(app).addRule(acme)).message).toContain('(app) has ACME-1');
    expect(errorOf(() => Guardrails.of(stack).addRule(rule('acme-1'))).message).toContain('(app) has acme-1');
    const other = fixture();
    Guardrails.of(other.stack).addRule(rule('ACME-9'));
    expect(errorOf(() => Guardrails.of(other.app).addRule(rule('ACME-9'))).message).toContain('s has ACME-9');
  });

  test('GIVEN the org principal read at plan (CurrentOrg) THEN the construct is recorded to be checked again at plan', () => {
    const { app, stack, outdir } = fixture();
    new RestrictionPolicy(stack, 'subject', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: [new CurrentOrg(stack, 'org').principal] }, { relation: 'editor', principals: [TEAM] }] });
    app.synth();
    const json = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 's', 'cdk.tf.json'), 'utf8'));
    expect((readGuardrailsRecord(json['//'].metadata) as any).checkAtPlan).toEqual(['subject']);
  });

  test('GIVEN a rule that cannot be acknowledged THEN its acknowledgement does not silence it', () => {
    const { app, stack, outdir } = fixture();
    Guardrails.of(stack).addRule({ id: 'ACME-2', title: 'No SSL off, ever', level: GuardrailLevel.ERROR, appliesTo: ['AuthenticationProfile'], authority: 'https://example.com/tls', remedy: 'Turn TLS on.', acknowledgeable: false, check: () => [{ propPath: '', message: 'always' }] });
    profile({})(stack);
    Guardrails.of(stack).acknowledge({ rule: 'ACME-2', reason: 'please' });
    expect(errorMessage(() => app.synth())).toContain('ACME-2 (error) subject: always');
    expect(fs.existsSync(outdir) && findingsFromFailedSynth(outdir)).toBe(false);
  });

  test.each([
    [{ rule: 'WMC 1', reason: 'x' }, 'acknowledgement/rule'],
    [{ rule: 'WMC-1', reason: '' }, 'acknowledgement/reason'],
    [{ rule: 'WMC-1', reason: '   ' }, 'acknowledgement/reason'],
    [{ rule: 'WMC-1', reason: 'x', until: '2026-02-30' }, 'acknowledgement/until'],
    [{ rule: 'WMC-1', reason: 'x', until: 20270101 }, 'acknowledgement/until'],
    [null, 'acknowledgement/rule'],
  ])('GIVEN acknowledge(%p) THEN a ValidationError at %s', (ack, at) => {
    const { stack } = fixture();
    const error = errorOf(() => Guardrails.of(stack).acknowledge(ack as any));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain(at);
  });

  test.each([
    [{ id: 'x', title: 't', level: 'error', appliesTo: ['NodeList'], authority: 'https://e.com', remedy: 'r', check: () => [] }, 'rule/id'],
    [{ id: 'A-1', title: 't', level: 'fatal', appliesTo: ['NodeList'], authority: 'https://e.com', remedy: 'r', check: () => [] }, 'rule/level'],
    [{ id: 'A-1', title: 't', level: 'error', appliesTo: [], authority: 'https://e.com', remedy: 'r', check: () => [] }, 'rule/appliesTo'],
    [{ id: 'A-1', title: 't', level: 'error', appliesTo: ['NodeList'], authority: 'http://e.com', remedy: 'r', check: () => [] }, 'rule/authority'],
    [{ id: 'A-1', title: 't', level: 'error', appliesTo: ['NodeList'], authority: 'https://e.com', remedy: 'r' }, 'rule/check'],
    [undefined, 'rule/id'],
  ])('GIVEN addRule(%p) THEN a ValidationError at %s', (rule, at) => {
    const { stack } = fixture();
    expect(errorOf(() => Guardrails.of(stack).addRule(rule as any)).message).toContain(at);
  });

  test.each([[null], [{}], ['stack'], [42]])('GIVEN Guardrails.of(%p) THEN a ValidationError, not a TypeError', (scope) => {
    expect(errorOf(() => Guardrails.of(scope as any)).message).toContain('scope');
  });
});

function errorMessage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected the synth to fail');
}

// A failed synth writes no stack file.
function findingsFromFailedSynth(outdir: string): boolean {
  return fs.existsSync(path.join(outdir, 'stacks', 's', 'cdk.tf.json'));
}
