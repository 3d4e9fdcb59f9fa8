// Literals joined with other text or with references (issue 17, found by an
// adversarial review): a string made of literals and plain text is checked as
// its whole text and written as one literal; a literal next to a reference keeps
// both; a literal in profile content stays inside its JSON string. Terraform is
// the judge of what is written.
import { AuthenticationProfile, AwsProvider, Literal, NodeList, Principal, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';
import { TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { ValidationError } from '../../lib/core/validation-error';
import { KubernetesNames } from '../../lib/cluster/kubernetes-names';
import { workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';
import { errorOf } from '../support/errors';

const T = (text: string) => Literal.text(text);

function newStack(): TerraformStack {
  const stack = new TerraformStack(Testing.app(), 'stack');
  new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
  return stack;
}

function refused(build: (stack: TerraformStack) => unknown): ValidationError {
  return errorOf(() => build(newStack()));
}

/** What terraform reads for each value, each written exactly as synthesized (variable `v` given "V"). */
async function terraformReads(values: { [name: string]: string }): Promise<{ [name: string]: unknown }> {
  const config = { variable: { v: { type: 'string' } }, output: Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value }])) };
  const dir = workdir({ 'main.tf.json': JSON.stringify(config) });
  const env = { TF_VAR_v: 'V' };
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=plan.bin'], { env });
  const show = JSON.parse((await terraformAsync(dir, ['show', '-json', 'plan.bin'], { env })).stdout);
  return Object.fromEntries(Object.entries<any>(show.planned_values.outputs).map(([k, o]) => [k, o.value]));
}

test('pieces: literals joined with literals, plain text and references are written as the text they spell (node annotations, read by terraform)', async () => {
  const stack = new TerraformStack(Testing.app(), 'stack');
  const v = new TerraformVariable(stack, 'v', { type: 'string' }).stringValue;
  const cases: [string, string, string][] = [
    ['a', T('$') + T('{x}'), '${x}'],
    ['b', T('%') + T('{x}'), '%{x}'],
    ['c', 'a$' + T('{x}'), 'a${x}'],
    ['d', '$$' + T('{x}'), '$${x}'],
    ['e', T('100$') + v, '100$V'],
    ['f', T('100%') + v, '100%V'],
    ['g', v + T('{x}'), 'V{x}'],
    ['h', T('bad') + '-' + T('${name}'), 'bad-${name}'],
  ];
  new NodeList(stack, 'n', { items: [{ metadata: { name: 'n1', annotations: Object.fromEntries(cases.map(([k, value]) => [`example.com/${k}`, value])) } }] });
  const [manifest] = Object.values<any>(JSON.parse(Testing.synth(stack)).resource.kubernetes_manifest).map((r) => r.manifest);
  const written = Object.fromEntries(cases.map(([k]) => [k, manifest.metadata.annotations[`example.com/${k}`] as string]));
  expect(await terraformReads(written)).toEqual(Object.fromEntries(cases.map(([k, , text]) => [k, text])));
});

test('a literal next to a reference in profile content stays inside its JSON string (jsonencode)', () => {
  const stack = newStack();
  const v = new TerraformVariable(stack, 'v', { type: 'string' }).stringValue;
  new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'p', authenticationProfileContent: { k: v + T('","Password":"p'), n: T('\n') + v } });
  const [content] = Object.values<any>(JSON.parse(Testing.synth(stack)).resource.aws_redshift_authentication_profile).map((r) => r.authentication_profile_content);
  // Each value is an HCL template inside jsonencode: the literal's quotes are the value's own characters.
  expect(content).toBe('${jsonencode({"k" = "${var.v}\\",\\"Password\\":\\"p", "n" = "\\n${var.v}"})}');
});

test('strings made of literals are checked as their text, in constructs and factories', () => {
  expect(refused((s) => new AuthenticationProfile(s, 'p', { authenticationProfileName: T('bad') + T('_name'), authenticationProfileContent: '{}' })).message).toContain(
    'props/authenticationProfileName: received "bad_name"',
  );
  expect(refused((s) => new AuthenticationProfile(s, 'p', { authenticationProfileName: 'ok', authenticationProfileContent: { [T('Pass') + T('word')]: 'x' } })).message).toContain(
    'props/authenticationProfileContent/Password',
  );
  expect(() => Principal.team(T('ab c'))).toThrow(ValidationError);
  expect(() => Principal.role(T(''))).toThrow(ValidationError);
  expect(() => RestrictionPolicyResourceId.of(T('Bad Type'), T('x'))).toThrow(ValidationError);
  expect(() => RestrictionPolicyResourceId.dashboard(T('a b'))).toThrow(ValidationError);
  expect(Principal.fromString(T('role:abc')).toString()).toBe('role:abc');
  expect(RestrictionPolicyResourceId.fromString(T('dashboard:abc')).toString()).toBe('dashboard:abc');
  expect(refused((s) => new RestrictionPolicy(s, 'p', { resourceId: T('dash') + T('board:c5'), bindings: [{ relation: 'owner', principals: ['role:x'] }] })).message).toContain(
    'props/bindings/0/relation',
  );
  expect(refused((s) => new NodeList(s, 'n', { items: [{ metadata: { name: 'n1', labels: { pool: T('bad ') + T('value') } } }] })).message).toContain('labels/pool');
});

test('Literal.text takes its argument as text, even text that spells a token (never looked up)', () => {
  const inner = T('abc');
  expect(Literal.textOf(T(inner))).toBe(inner);
  expect(Literal.textOf(T('${TfToken[TOKEN.999999]}'))).toBe('${TfToken[TOKEN.999999]}');
});

test('Terraform reads content keys in NFC: a Kelvin sign does not hide a credential key, and sizes count NFC bytes', () => {
  expect(refused((s) => new AuthenticationProfile(s, 'p', { authenticationProfileName: 'ok', authenticationProfileContent: { 'Access\u212AeyID': 'x' } })).message).toContain(
    'the service refuses to store credentials',
  );
  // U+1D15E is 4 bytes, 8 after NFC (U+1D157 U+1D165).
  expect(refused((s) => new AuthenticationProfile(s, 'p', { authenticationProfileName: 'ok', authenticationProfileContent: { k: '\u{1D15E}' }, maxContentLength: 12 })).message).toContain(
    'at most 12 bytes',
  );
});

test('odd tokens give a ValidationError, never a TypeError', () => {
  for (const name of [Token.asList(['x']), Token.asNumber(1), Token.asAny('x')]) {
    expect(refused((s) => new NodeList(s, 'n', { items: [{ metadata: { name: name as any } }] })).message).toContain('metadata/name');
  }
  for (const principals of [Token.asAny(['role:x']), Token.asNumber(3), Token.asStringMap({ a: 'b' })]) {
    expect(refused((s) => new RestrictionPolicy(s, 'p', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: principals as any }] })).message).toContain(
      'bindings/0/principals',
    );
  }
  expect(KubernetesNames.isQualifiedName(5 as any)).toBe(false);
  expect(KubernetesNames.isDnsSubdomain(Token.asList(['x']) as any)).toBe(false);
  expect(KubernetesNames.isLabelValue({} as any)).toBe(false);
});

test('text is never looked up again: a literal whose text spells another literal token is checked and written as that text', () => {
  const other = T('{ "not" : "this" }');
  const stack = newStack();
  const policy = new RestrictionPolicy(stack, 'p', { resourceId: T(`x-app:${other}`), bindings: [{ relation: T(`r${other}`), principals: [T(`role:${other}`)] }] });
  expect(policy.canonicalResourceId).toBe(`x-app:${other}`);
  expect(policy.canonicalBindings).toEqual([{ relation: `r${other}`, principals: [`role:${other}`] }]);
});
