// The inputs an adversarial tester found that broke the library's promise (a
// stack synth accepts is one Terraform accepts; bad input is a ValidationError
// naming the path, the value received and what is allowed). Each block: the
// break, refused; and its valid neighbour, accepted (the terraform verdict on
// the neighbours: adversary-breaks.terraform.test.ts).
import { Fn, Op, TerraformIterator, TerraformSelf, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, ValidationError } from '../../lib';
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
