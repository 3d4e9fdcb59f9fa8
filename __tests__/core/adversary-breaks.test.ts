// The inputs an adversarial tester found that broke the library's promise (a
// stack synth accepts is one Terraform accepts; bad input is a ValidationError
// naming the path, the value received and what is allowed). Each block: the
// break, refused; and its valid neighbour, accepted (the terraform verdict on
// the neighbours: adversary-breaks.terraform.test.ts).
import { Fn, Op, TerraformIterator, TerraformSelf, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, HttpProvider, KubernetesProvider, ValidationError } from '../../lib';
import { MAX_LIST_LENGTH } from '../../lib/core/snapshot';
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
    const content = errorOf(() => new AuthenticationProfile(stack(), 'p', { authenticationProfileName: 'analysts', authenticationProfileContent: { A: holed } }));
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
