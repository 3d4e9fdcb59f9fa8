import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, Errors, OrgIdLookupError, OrgIdLookupFailure, ValidationError } from '../../lib';
import { errorOf } from '../support/errors';

// Other jsii languages receive a JavaScript error as their runtime's exception
// carrying its message only: Errors must read everything back from that string.
describe('Errors', () => {
  const stack = () => new TerraformStack(new App(), 'stack');

  test('GIVEN a construct ValidationError THEN the details from the error equal those read from its message', () => {
    const error = errorOf(
      () => new AuthenticationProfile(stack(), 'p', { authenticationProfileName: 'bad_name', authenticationProfileContent: { Password: 'x', a: 'b' } }),
    );
    const fromError = Errors.validationDetails(error);
    expect(fromError).toEqual({ constructPath: 'stack/p', problemCount: 2, problems: error.problems });
    expect(Errors.validationDetails(error.message)).toEqual(fromError);
    expect(Errors.isValidationError(error)).toBe(true);
    expect(Errors.isValidationError(error.message)).toBe(true);
  });

  test('GIVEN a received value that itself holds "; allowed: " THEN the message still parses back', () => {
    const problems = [{ path: 'props/x', received: '"a; allowed: b"', allowed: 'c: d; e' }];
    const error = new ValidationError('app/s/c', problems);
    expect(Errors.validationDetails(error.message)?.problems).toEqual(problems);
  });

  test('GIVEN more than 50 problems THEN the message lists 50 and "and N more", and the count survives', () => {
    const problems = Array.from({ length: 120 }, (_, i) => ({ path: `props/items/${i}`, received: `${i}`, allowed: 'a name' }));
    const error = new ValidationError('app/s/nodes', problems);
    const lines = error.message.split('\n');
    expect(lines).toHaveLength(1 + 50 + 1);
    expect(lines[lines.length - 1]).toBe('  … and 70 more');
    const details = Errors.validationDetails(error.message)!;
    expect(details.problemCount).toBe(120);
    expect(details.problems).toEqual(problems.slice(0, 50));
    expect(Errors.validationDetails(error)!.problems).toHaveLength(120);
  });

  test('GIVEN other errors and values THEN neither helper recognises them', () => {
    for (const x of [new Error('boom'), new TypeError('x'), 'app/s: not a list', undefined, null, 42, {}, { constructPath: 'a', problems: [] }]) {
      expect(Errors.isValidationError(x)).toBe(false);
      expect(Errors.isOrgIdLookupError(x)).toBe(false);
    }
  });

  test('GIVEN an OrgIdLookupError THEN reason, url, status and attempts read back from the error and from its message', () => {
    const error = new OrgIdLookupError(OrgIdLookupFailure.RATE_LIMITED, 'https://api.datadoghq.eu/api/v2/current_user', '429 Too Many Requests', 4, 429);
    const expected = { reason: 'rate-limited', url: 'https://api.datadoghq.eu/api/v2/current_user', status: 429, attempts: 4 };
    expect(Errors.orgIdLookupDetails(error)).toEqual(expected);
    expect(Errors.orgIdLookupDetails(error.message)).toEqual(expected);
    expect(Errors.isOrgIdLookupError(error.message)).toBe(true);
    expect(Errors.isValidationError(error)).toBe(false);
    const network = new OrgIdLookupError(OrgIdLookupFailure.NETWORK, 'http://127.0.0.1:1/api/v2/current_user', 'connect ECONNREFUSED', 1);
    expect(Errors.orgIdLookupDetails(network.message)).toEqual({ reason: 'network', url: 'http://127.0.0.1:1/api/v2/current_user', status: undefined, attempts: 1 });
  });

  test('errors stay Errors in TypeScript', () => {
    const error = new ValidationError('a', [{ path: 'p', received: '1', allowed: '2' }]);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ValidationError');
    expect(String(error)).toMatch(/^ValidationError: a: 1 invalid property:/);
  });
});
