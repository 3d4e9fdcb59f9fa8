// Issue 30 item 5: an object key given as a token, in every position where a
// user gives one (lib/core/token-keys.ts). A key Terraform knows at plan is
// accepted and skips the key grammar it cannot satisfy at synth; one known
// only after apply, or derived from a sensitive value, is refused at its path
// with the reason. Profile content keys are written inside jsonencode(…), one
// string: any token is accepted there. Terraform's verdict on each kind is in
// token-keys.terraform.test.ts.
import { DataResource, Fn, TerraformDataSource, TerraformIterator, TerraformLocal, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, KubernetesProvider, NodeList, NodeListMode, RestrictionPolicy } from '../../lib';
import { errorOf } from '../support/errors';

let ids = 0;

/** Where a user gives an object key, each given `key` with a value that passes every value rule. */
const POSITIONS: { readonly name: string; readonly tokensAfterApply: boolean; readonly place: (stack: TerraformStack, key: string) => void }[] = [
  { name: 'a node label (Manifest)', tokensAfterApply: false, place: (s, key) => new NodeList(s, 'n', { items: [{ metadata: { name: 'w-1', labels: { [key]: 'v' } } }] }) },
  { name: 'a node annotation (Manifest)', tokensAfterApply: false, place: (s, key) => new NodeList(s, 'n', { items: [{ metadata: { name: 'w-1', annotations: { [key]: 'v' } } }] }) },
  {
    name: 'a node label (LabelsAnnotationsTaints)',
    tokensAfterApply: false,
    place: (s, key) => new NodeList(s, 'n', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'w-1', labels: { [key]: 'v' } } }] }),
  },
  {
    name: 'a node annotation (LabelsAnnotationsTaints)',
    tokensAfterApply: false,
    place: (s, key) => new NodeList(s, 'n', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'w-1', annotations: { [key]: 'v' } } }] }),
  },
  { name: 'a node label (NodeList.adopt)', tokensAfterApply: false, place: (s, key) => NodeList.adopt(s, 'n', { items: [{ metadata: { name: 'w-1', labels: { [key]: 'v' } } }] }) },
  {
    name: "a forEach map's key (AuthenticationProfile)",
    tokensAfterApply: false,
    place: (s, key) => {
      const each = TerraformIterator.fromMap({ [key]: 'tk-a' });
      new AuthenticationProfile(s, 'p', { forEach: each, authenticationProfileName: each.key, authenticationProfileContent: { a: '1' } });
    },
  },
  {
    name: "a key in a forEach map's element (AuthenticationProfile)",
    tokensAfterApply: false,
    place: (s, key) => {
      const each = TerraformIterator.fromMap({ first: { [key]: 'v', name: 'tk-a' } });
      new AuthenticationProfile(s, 'p', { forEach: each, authenticationProfileName: each.getString('name'), authenticationProfileContent: { a: '1' } });
    },
  },
  {
    name: "a forEach map's key (RestrictionPolicy)",
    tokensAfterApply: false,
    place: (s, key) => {
      const each = TerraformIterator.fromMap({ [key]: 'dashboard:abc-def-ghi' });
      new RestrictionPolicy(s, 'p', { forEach: each, resourceId: each.value, bindings: [] });
    },
  },
  {
    name: 'a profile content key',
    tokensAfterApply: true,
    place: (s, key) => new AuthenticationProfile(s, 'p', { authenticationProfileName: 'tk-p', authenticationProfileContent: { [key]: 'v', Client_ID: 'x' } }),
  },
];

/** The stack's objects a key may refer to. */
interface Referable {
  readonly text: TerraformVariable;
  readonly amount: TerraformVariable;
  readonly secret: TerraformVariable;
  readonly marker: DataResource;
  readonly source: TerraformDataSource;
}

const KNOWN_AT_PLAN: [string, (r: Referable, s: TerraformStack) => string][] = [
  ['Fn.join of literals', () => Fn.join('', ['po', 'ol'])],
  ['a string variable', (r) => r.text.stringValue],
  ['text and a variable', (r) => `example.com/${r.text.stringValue}`],
  ['a number variable', (r) => Token.asString(r.amount.numberValue)],
  ['the number token itself', (r) => String(r.amount.numberValue)],
  ['a local made of a variable', (r, s) => new TerraformLocal(s, 'l', Fn.lower(r.text.stringValue)).asString],
  ['Fn.* of a variable', (r) => Fn.replace(r.text.stringValue, '_', '-')],
  ['plantimestamp()', () => Fn.formatdate('YYYY', Fn.plantimestamp())],
  ['text no qualified name can be (the grammar is skipped)', (r) => `bad key !${r.text.stringValue}`],
];

const AFTER_APPLY: [string, (r: Referable, s: TerraformStack) => string, RegExp][] = [
  ["a resource's attribute", (r) => r.marker.id, /an attribute of terraform_data\.marker is known only after apply/],
  ['Fn.* of an attribute', (r) => Fn.upper(r.marker.id), /an attribute of terraform_data\.marker is known only after apply/],
  ["a data source's attribute", (r) => r.source.getStringAttribute('result'), /an attribute of the data source data\.external\.source is known only after apply/],
  ['uuid()', () => Fn.uuid(), /uuid\(\) is known only after apply/],
  ['timestamp()', () => Fn.timestamp(), /timestamp\(\) is known only after apply/],
  ['bcrypt()', () => Fn.bcrypt('x', 10), /bcrypt\(\) is known only after apply/],
  ['a local made of an attribute', (r, s) => new TerraformLocal(s, 'l', r.marker.id).asString, /an attribute of terraform_data\.marker \(through local\.l\) is known only after apply/],
];

const SENSITIVE: [string, (r: Referable, s: TerraformStack) => string, RegExp][] = [
  ['a sensitive variable', (r) => r.secret.stringValue, /derived from the sensitive variable var\.secret/],
  ['text and a sensitive variable', (r) => `k-${r.secret.stringValue}`, /derived from the sensitive variable var\.secret/],
  ['sensitive()', () => Fn.sensitive('k'), /derived from sensitive\(…\)/],
  ['a local made of a sensitive variable', (r, s) => new TerraformLocal(s, 'l', r.secret.stringValue).asString, /the sensitive variable var\.secret \(through local\.l\)/],
];

function stackWith(): { stack: TerraformStack; referable: Referable } {
  const stack = new TerraformStack(Testing.app(), `keys${ids++}`);
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  new DatadogProvider(stack, 'datadog', {});
  new KubernetesProvider(stack, 'kubernetes', {});
  return {
    stack,
    referable: {
      text: new TerraformVariable(stack, 'text', { type: 'string', default: 'team' }),
      amount: new TerraformVariable(stack, 'amount', { type: 'number', default: 7 }),
      secret: new TerraformVariable(stack, 'secret', { type: 'string', sensitive: true }),
      marker: new DataResource(stack, 'marker', { input: { v: 'x' } }),
      source: new TerraformDataSource(stack, 'source', { terraformResourceType: 'external' }),
    },
  };
}

describe.each(POSITIONS)('a token as $name', ({ place, tokensAfterApply }) => {
  test.each(KNOWN_AT_PLAN)('GIVEN %s (known at plan) THEN it is accepted and written as Terraform reads it', (_, key) => {
    const { stack, referable } = stackWith();
    const given = key(referable, stack);
    place(stack, given);
    const written = Testing.synth(stack, true);
    // The key is written as its expression, in both outputs' one writer: no marker left.
    expect(written).not.toContain('TfToken[');
  });

  test.each(AFTER_APPLY)(`GIVEN %s (known only after apply) THEN it is ${tokensAfterApply ? 'accepted' : 'refused at its path, with the reason'}`, (_, key, reason) => {
    const { stack, referable } = stackWith();
    const given = key(referable, stack);
    if (tokensAfterApply) {
      place(stack, given);
      expect(Testing.synth(stack, true)).toContain('jsonencode(');
      return;
    }
    const error = errorOf(() => place(stack, given));
    expect(error.problems).toEqual([expect.objectContaining({ path: expect.stringMatching(/TfToken\[TOKEN\.\d+\]\}$/), allowed: expect.stringMatching(reason) })]);
    expect(error.problems[0].allowed).toMatch(/^a key Terraform knows at plan .*one unknown key makes Terraform's whole object unknown/);
    expect(error.problems[0].received).toMatch(/^"\$\{.*\}"$/);
  });

  test.each(SENSITIVE)(`GIVEN %s THEN it is ${tokensAfterApply ? 'accepted (jsonencode is an HCL expression: the content is sensitive)' : 'refused at its path, with the reason'}`, (_, key, reason) => {
    const { stack, referable } = stackWith();
    const given = key(referable, stack);
    if (tokensAfterApply) {
      place(stack, given);
      expect(Testing.synth(stack, true)).toContain('jsonencode(');
      return;
    }
    const error = errorOf(() => place(stack, given));
    expect(error.problems).toEqual([expect.objectContaining({ allowed: expect.stringMatching(reason) })]);
    expect(error.problems[0].allowed).toMatch(/Terraform 1\.11 crashes reading a sensitive object key from JSON/);
  });
});

describe('token keys: the rest of the rules still hold', () => {
  test('GIVEN a list token as a key THEN it is refused as no string (Terraform: "Incorrect key type")', () => {
    const { stack } = stackWith();
    const names = new TerraformVariable(stack, 'names', { type: 'list(string)' });
    const error = errorOf(() => new NodeList(stack, 'n', { items: [{ metadata: { name: 'w-1', labels: { [String(names.listValue)]: 'v' } } }] }));
    expect(error.problems).toEqual([expect.objectContaining({ allowed: expect.stringMatching(/list token/) })]);
  });

  test('GIVEN a variable of another type as a key THEN its declared type is checked as for any string', () => {
    const { stack } = stackWith();
    const flags = new TerraformVariable(stack, 'flags', { type: 'map(string)' });
    const error = errorOf(() => new NodeList(stack, 'n', { items: [{ metadata: { name: 'w-1', labels: { [Token.asString(flags.value)]: 'v' } } }] }));
    expect(error.problems[0].allowed).toMatch(/flags is declared as map\(string\)/);
  });

  test('GIVEN a key written as text holding "${" THEN it is refused as before, pointing at tokens', () => {
    const { stack } = stackWith();
    const each = TerraformIterator.fromMap({ '${var.text}': 'tk-a' });
    const error = errorOf(() => new AuthenticationProfile(stack, 'p', { forEach: each, authenticationProfileName: each.value, authenticationProfileContent: { a: '1' } }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/forEach/${var.text}', allowed: expect.stringMatching(/^a key without "\$\{" or "%\{".*give a token/) })]);
  });

  test('GIVEN a bad label value under a token key THEN the value is concealed (its key cannot be judged) and the value rule still applies', () => {
    const { stack, referable } = stackWith();
    const error = errorOf(() => new NodeList(stack, 'n', { items: [{ metadata: { name: 'w-1', labels: { [referable.text.stringValue]: 'not a label value!' } } }] }));
    expect(error.problems).toEqual([expect.objectContaining({ received: 'a string of 18 characters (not shown)', allowed: expect.stringMatching(/^a label value/) })]);
  });

  test('GIVEN a forEach key given as a token and the name from iterator.key THEN the instances are not judged at synth (their keys are Terraform\'s to work out)', () => {
    const { stack } = stackWith();
    const each = TerraformIterator.fromMap({ [Fn.join('-', ['tk', 'analysts'])]: 'x', 'tk-finance': 'y' });
    new AuthenticationProfile(stack, 'p', { forEach: each, authenticationProfileName: each.key, authenticationProfileContent: { a: '1' } });
    expect(Testing.synth(stack, true)).toContain('${join(\\"-\\", [\\"tk\\", \\"analysts\\"])}');
  });
});
