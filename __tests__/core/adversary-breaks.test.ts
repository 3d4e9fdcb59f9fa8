// The inputs an adversarial tester found that broke the library's promise (a
// stack synth accepts is one Terraform accepts; bad input is a ValidationError
// naming the path, the value received and what is allowed). Each block: the
// break, refused; and its valid neighbour, accepted (the terraform verdict on
// the neighbours: adversary-breaks.terraform.test.ts).
import { Fn, Op, TerraformCount, TerraformIterator, TerraformSelf, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, HttpProvider, KubernetesProvider, ValidationError } from '../../lib';
import { MAX_LIST_LENGTH } from '../../lib/core/snapshot';
import type { MapTerraformIterator } from 'cdktf';
import { templateTraversalRoots } from '../../lib/core/terraform-template';
import { resolvedForOutput } from '../../lib/core/hcl-writer';
import { errorOf } from '../support/errors';

function stack(): TerraformStack {
  return new TerraformStack(Testing.app(), 'st');
}

function synthError(s: TerraformStack): ValidationError {
  return errorOf(() => Testing.synth(s, true));
}

describe('break 09: a sparse or huge list is refused before it is walked', () => {
  test('GIVEN a one-element list whose length is 2^32-1 as a prop THEN a ValidationError at its path, at once', () => {
    const a: unknown[] = ['x'];
    a.length = 2 ** 32 - 1;
    const started = Date.now();
    const error = errorOf(() => new AuthenticationProfile(stack(), 'p', { authenticationProfileName: a as any, authenticationProfileContent: { A: 'b' } }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/authenticationProfileName', received: 'a list of 4,294,967,295 elements (not shown)' })]);
    expect(error.problems[0].allowed).toContain(`at most ${MAX_LIST_LENGTH.toLocaleString('en-US')} elements, without holes`);
  });

  test('GIVEN a short list with a hole (in content, in an iterator list, in an iterator map) THEN refused at its path as a list with holes', () => {
    const holed = ['a', , 'c'];
    const content = errorOf(() => new AuthenticationProfile(stack(), 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: holed as any } }));
    expect(content.problems[0]).toEqual(expect.objectContaining({ path: 'props/authenticationProfileContent/A', received: 'a list of 3 elements with holes (not shown)' }));
    const huge: string[] = ['x'];
    huge.length = 2 ** 32 - 1;
    for (const forEach of [TerraformIterator.fromList(huge), TerraformIterator.fromMap({ k: huge })]) {
      const it = forEach;
      const started = Date.now();
      const error = errorOf(() => new AuthenticationProfile(stack(), 'p', { forEach: it, authenticationProfileName: Token.asString(it.key), authenticationProfileContent: { A: 'b' } }));
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error.problems.map((p) => [p.path, p.received])).toContainEqual([expect.stringMatching(/^props\/forEach/), 'a list of 4,294,967,295 elements (not shown)']);
    }
  });

  test('GIVEN a dense list (the neighbour) THEN it is read as before', () => {
    expect(() => new AuthenticationProfile(stack(), 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: 'b' }, lifecycle: { ignoreChanges: ['authenticationProfileContent'] } })).not.toThrow();
    const it = TerraformIterator.fromList(['a', 'b']);
    expect(() => new AuthenticationProfile(stack(), 'p', { forEach: it, authenticationProfileName: Token.asString(it.key), authenticationProfileContent: { A: 'b' } })).not.toThrow();
  });
});

describe('break 01: two configurations of one provider with the same alias (or none) are refused at synth', () => {
  const PROVIDERS: [string, (s: TerraformStack, id: string, alias?: string) => unknown][] = [
    ['AwsProvider', (s, id, alias) => new AwsProvider(s, id, { region: 'eu-west-1', alias })],
    ['DatadogProvider', (s, id, alias) => new DatadogProvider(s, id, { alias })],
    ['KubernetesProvider', (s, id, alias) => new KubernetesProvider(s, id, { alias })],
    ['HttpProvider', (s, id, alias) => new HttpProvider(s, id, { alias })],
  ];

  test.each(PROVIDERS)('GIVEN two %s without alias THEN a ValidationError naming both construct paths (Terraform: Duplicate provider configuration)', (_name, make) => {
    const s = stack();
    make(s, 'first');
    make(s, 'second');
    const error = synthError(s);
    expect(error.constructPath).toBe('st/second');
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/alias' })]);
    expect(error.message).toContain('st/first');
    expect(error.message).toContain('Duplicate provider configuration');
  });

  test.each(PROVIDERS)('GIVEN two %s with the same alias THEN refused; with distinct aliases (the neighbour) THEN accepted', (_name, make) => {
    const s = stack();
    make(s, 'first', 'west');
    make(s, 'second', 'west');
    expect(synthError(s).message).toMatch(/st\/first has alias "west" already/);
    const ok = stack();
    make(ok, 'first');
    make(ok, 'second', 'west');
    make(ok, 'third', 'east');
    expect(() => Testing.synth(ok, true)).not.toThrow();
  });

  test('GIVEN the adversary\'s stack (a default aws provider and a second one without alias) THEN refused', () => {
    const s = stack();
    new AwsProvider(s, 'aws', { region: 'us-east-1' });
    new AwsProvider(s, 'aws2', { region: 'eu-west-1' });
    new AuthenticationProfile(s, 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: 'b' } });
    expect(synthError(s).message).toContain('st/aws is the default (non-aliased) aws provider');
  });
});

const PROFILE = { authenticationProfileName: 'analysts', authenticationProfileContent: { A: 'b' } };

function profileWith(s: TerraformStack, extra: object): AuthenticationProfile {
  if (s.node.tryFindChild('aws') === undefined) new AwsProvider(s, 'aws', { region: 'us-east-1' });
  return new AuthenticationProfile(s, 'p', { ...PROFILE, ...extra });
}

describe('break 02: self in a precondition is refused; in a postcondition it is accepted', () => {
  test('GIVEN a precondition whose condition refers to self THEN a ValidationError at its condition (Terraform: Invalid "self" reference)', () => {
    const error = errorOf(() => profileWith(stack(), { lifecycle: { precondition: [{ condition: Op.neq(TerraformSelf.getString('id'), 'x'), errorMessage: 'Id must not be x.' }] } }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/lifecycle/precondition/0/condition', received: '"${(self.id != \\"x\\")}"' })]);
    expect(error.problems[0].allowed).toContain('Invalid "self" reference');
  });

  test('GIVEN self in a precondition\'s error message THEN refused too; in a postcondition\'s condition and message THEN accepted', () => {
    const error = errorOf(() => profileWith(stack(), { lifecycle: { precondition: [{ condition: Op.neq(new TerraformVariable(stack(), 'v', {}).stringValue, 'x'), errorMessage: Fn.join('', ['Id ', TerraformSelf.getString('id')]) }] } }));
    expect(error.problems.map((p) => p.path)).toContain('props/lifecycle/precondition/0/errorMessage');
    const s = stack();
    profileWith(s, { lifecycle: { postcondition: [{ condition: Op.neq(TerraformSelf.getString('id'), 'x'), errorMessage: Fn.join('', ['Id ', TerraformSelf.getString('id'), ' is x.']) }] } });
    expect(() => Testing.synth(s, true)).not.toThrow();
  });
});

describe('break 03: a condition that refers to no object is refused', () => {
  test.each([
    ['Op.neq(Fn.lower("ABC"), "abc")', () => Op.neq(Fn.lower('ABC'), 'abc')],
    ['Op.and(true, Op.eq(Fn.timestamp(), "x"))', () => Op.and(true, Op.eq(Fn.timestamp(), 'x'))],
    ['Token.asString(Op.not(false))', () => Token.asString(Op.not(false))],
  ])('GIVEN the condition %s THEN a ValidationError at its path (Terraform: Invalid precondition expression, must refer to at least one object)', (_label, condition) => {
    for (const kind of ['precondition', 'postcondition']) {
      const error = errorOf(() => profileWith(stack(), { lifecycle: { [kind]: [{ condition: condition(), errorMessage: 'Never.' }] } }));
      expect(error.problems).toEqual([expect.objectContaining({ path: `props/lifecycle/${kind}/0/condition` })]);
      expect(error.problems[0].allowed).toContain('refers to at least one object');
    }
  });

  test('GIVEN a "" or 0 operand THEN refused where the framework writes it as the word undefined (cdktf 0.21; a reference Terraform refuses), accepted where it writes the value', () => {
    const s = stack();
    const v = new TerraformVariable(s, 'env', { type: 'string' });
    const written = String(resolvedForOutput(s, Op.neq(v.stringValue, '')));
    const build = () => profileWith(s, { lifecycle: { precondition: [{ condition: Op.neq(v.stringValue, ''), errorMessage: 'Env must be set.' }] } });
    if (written.includes('undefined')) {
      expect(errorOf(build).problems).toEqual([expect.objectContaining({ path: 'props/lifecycle/precondition/0/condition', received: '"${(var.env != undefined)}"' })]);
      const zero = errorOf(() => profileWith(stack(), { lifecycle: { postcondition: [{ condition: Op.gt(Fn.lengthOf(TerraformSelf.getString('id')), 0), errorMessage: 'Id.' }] } }));
      expect(zero.problems[0].allowed).toContain('Invalid reference');
    } else {
      expect(build).not.toThrow();
    }
  });

  test('GIVEN a condition that refers to a variable, inside a function call or a nested template (the neighbours) THEN accepted', () => {
    for (const make of [
      (v: TerraformVariable) => Op.neq(v.stringValue, 'none'),
      (v: TerraformVariable) => Op.neq(Fn.lower(v.stringValue), 'abc'),
      (v: TerraformVariable) => Op.neq(Fn.join('', ['x', Fn.lower(v.stringValue)]), 'x'),
    ]) {
      const s = stack();
      const v = new TerraformVariable(s, 'env', { type: 'string', default: 'prod' });
      profileWith(s, { lifecycle: { precondition: [{ condition: make(v), errorMessage: 'Env must be set.' }] } });
      expect(() => Testing.synth(s, true)).not.toThrow();
    }
  });
});

describe('break 04: an iterator or count.index where the construct has no forEach or count is refused', () => {
  const VARIANTS: [string, (it: MapTerraformIterator) => object][] = [
    ['name = iterator.key', (it) => ({ authenticationProfileName: Token.asString(it.key) })],
    ['content value = Token.asString(iterator.value)', (it) => ({ authenticationProfileContent: { A: Token.asString(it.value) } })],
    ['precondition on iterator.key', (it) => ({ lifecycle: { precondition: [{ condition: Op.neq(Token.asString(it.key), 'x'), errorMessage: 'X.' }] } })],
    ['error message with iterator.key', (it) => ({ lifecycle: { precondition: [{ condition: Op.neq(new TerraformVariable(stack(), 'v', {}).stringValue, 'x'), errorMessage: Fn.join('', ['X ', Token.asString(it.key)]) }] } })],
  ];

  test.each(VARIANTS)('GIVEN %s without forEach THEN synth refuses it at its property path (Terraform: Reference to "each" in context without for_each)', (_label, props) => {
    const s = stack();
    profileWith(s, props(TerraformIterator.fromMap({ a: 'b' })));
    const error = synthError(s);
    expect(error.constructPath).toBe('st/p');
    expect(error.problems[0].path).toMatch(/^props\/(authenticationProfileName|authenticationProfileContent\/A|lifecycle\/precondition\/0\/(condition|errorMessage))$/);
    expect(error.problems[0].allowed).toContain('Reference to "each" in context without for_each');
  });

  test('GIVEN count.index without count THEN refused; with count THEN accepted', () => {
    const count = TerraformCount.of(2);
    const s = stack();
    profileWith(s, { authenticationProfileName: Fn.join('-', ['analysts', Token.asString(count.index)]) });
    expect(synthError(s).problems[0]).toEqual(expect.objectContaining({ path: 'props/authenticationProfileName' }));
    const ok = stack();
    profileWith(ok, { count, authenticationProfileName: Fn.join('-', ['analysts', Token.asString(count.index)]) });
    expect(() => Testing.synth(ok, true)).not.toThrow();
  });

  test.each(VARIANTS)('GIVEN %s with forEach (the neighbour) THEN accepted', (_label, props) => {
    const s = stack();
    const it = TerraformIterator.fromMap({ a: 'analysts-a', b: 'analysts-b' });
    profileWith(s, { forEach: it, authenticationProfileName: it.value, ...props(it) });
    expect(() => Testing.synth(s, true)).not.toThrow();
  });
});

describe('the traversal roots of an expression (hcl.Variables, as conditions and tokens are read)', () => {
  test.each([
    ['${(lower("ABC") != "abc")}', []],
    ['${(self.id != "x")}', ['self']],
    ['${join("", ["n", each.value])}', ['each']],
    ['${{a = 1, b = var.x}.b}', ['var']],
    ['${provider::aws::arn_parse(var.arn).region}', ['var']],
    ['${"in ${count.index} and ${"${local.x}"}"}', ['count', 'local']],
    ['${true && null == false}', []],
    ['text ${data.a.b.c} %{ if var.y }x%{ endif }', ['data', 'var']],
    ['${', undefined],
  ])('GIVEN %s THEN the roots are %j', (source, roots) => {
    expect(templateTraversalRoots(source)).toEqual(roots);
  });
});

describe('break 05: a forEach map whose keys are equal in Unicode NFC is refused', () => {
  test('GIVEN keys "e\\u0301" and "\\u00e9" THEN a ValidationError at props/forEach naming the key (Terraform: Duplicate object attribute)', () => {
    const it = TerraformIterator.fromMap({ 'e\u0301': 'analysts-1', '\u00e9': 'analysts-2' });
    const error = errorOf(() => profileWith(stack(), { forEach: it, authenticationProfileName: it.value }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/forEach/\u00e9' })]);
    expect(error.problems[0].allowed).toContain('Duplicate object attribute');
  });

  test('GIVEN equal keys in NFC inside an element THEN refused; distinct keys (the neighbour) THEN accepted', () => {
    const nested = TerraformIterator.fromMap({ a: { 'e\u0301': 'x', '\u00e9': 'y' } });
    expect(errorOf(() => profileWith(stack(), { forEach: nested, authenticationProfileName: Fn.join('-', ['n', Token.asString(nested.key)]) })).problems[0].path).toBe('props/forEach/a/\u00e9');
    const s = stack();
    const it = TerraformIterator.fromMap({ '\u00e9': 'analysts-1', e: 'analysts-2' });
    profileWith(s, { forEach: it, authenticationProfileName: it.value });
    expect(() => Testing.synth(s, true)).not.toThrow();
  });
});

describe('break 06: a forEach list known at synth that holds non-strings is refused', () => {
  test.each([
    ['numbers', [1, 2]],
    ['a boolean among strings', ['a', true]],
    ['an object', [{ a: 1 }]],
  ])('GIVEN TerraformIterator.fromList of %s THEN a ValidationError at the element (Terraform: Invalid for_each set argument)', (_label, list) => {
    const it = TerraformIterator.fromList(list as any);
    const error = errorOf(() => profileWith(stack(), { forEach: it, authenticationProfileName: Fn.join('', ['n', Token.asString(it.value)]) }));
    expect(error.problems.map((p) => p.path)).toContain(`props/forEach/${list.findIndex((e) => typeof e !== 'string')}`);
    expect(error.problems.find((p) => p.path.startsWith('props/forEach/'))!.allowed).toContain('Invalid for_each set argument');
  });

  test('GIVEN a list of strings, or of string tokens (the neighbours) THEN accepted', () => {
    const s = stack();
    const v = new TerraformVariable(s, 'env', { type: 'string', default: 'prod' });
    const it = TerraformIterator.fromList(['1', '2', v.stringValue]);
    profileWith(s, { forEach: it, authenticationProfileName: Fn.join('', ['n', Token.asString(it.value)]) });
    expect(() => Testing.synth(s, true)).not.toThrow();
  });
});

describe('break 10: iterator.value as a profile content value is a string position', () => {
  test('GIVEN content { Greeting: iterator.value } with forEach over a map of strings THEN accepted, written as "${each.value}" inside jsonencode', () => {
    const s = stack();
    const it = TerraformIterator.fromMap({ analysts: 'one', admins: 'two' });
    profileWith(s, { forEach: it, authenticationProfileName: it.key, authenticationProfileContent: { Greeting: it.value } });
    const resource = Object.values(JSON.parse(Testing.synth(s, true)).resource.aws_redshift_authentication_profile)[0] as any;
    expect(resource.authentication_profile_content).toBe('${jsonencode({"Greeting" = "${each.value}"})}');
  });

  test('GIVEN a known collection whose element is not text THEN refused at the content value; without forEach THEN refused at synth', () => {
    const it = TerraformIterator.fromMap({ analysts: { nested: 'x' } });
    const error = errorOf(() => profileWith(stack(), { forEach: it, authenticationProfileName: it.key, authenticationProfileContent: { Greeting: it.value } }));
    expect(error.problems).toEqual([expect.objectContaining({ path: 'props/authenticationProfileContent/Greeting' })]);
    expect(error.problems[0].allowed).toContain('not text');
    const s = stack();
    profileWith(s, { authenticationProfileContent: { Greeting: TerraformIterator.fromMap({ a: 'b' }).value } });
    expect(synthError(s).problems[0]).toEqual(expect.objectContaining({ path: 'props/authenticationProfileContent/Greeting' }));
  });

  test('GIVEN it under a credential-looking key THEN a refusal never shows the element', () => {
    const it = TerraformIterator.fromMap({ analysts: { note: 'Sup3rS3cretValue' } });
    const error = errorOf(() => profileWith(stack(), { forEach: it, authenticationProfileName: it.key, authenticationProfileContent: { client_secret: it.value } }));
    expect(error.message).not.toContain('Sup3rS3cretValue');
  });
});
