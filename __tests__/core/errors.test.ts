import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, Errors, OrgIdLookupError, OrgIdLookupFailure, ValidationError } from '../../lib';
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { errorOf } from '../support/errors';
import { VALIDATION_ERROR_BRAND } from '../../lib/core/validation-error';
import { NODE_READ_ERROR_BRAND, ORG_ID_LOOKUP_ERROR_BRAND } from '../../lib/core/errors';

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

  // Anything may reach these helpers from any language; none of them may throw (issue 18, item 7).
  describe('GIVEN any input THEN no helper throws', () => {
    const HELPERS = ['isValidationError', 'validationDetails', 'isOrgIdLookupError', 'orgIdLookupDetails', 'isNodeReadError', 'nodeReadDetails'] as const;
    const call = (helper: (typeof HELPERS)[number], x: unknown): unknown => (Errors as any)[helper](x);

    const revoked = (target: object) => {
      const p = Proxy.revocable(target, {});
      p.revoke();
      return p.proxy;
    };
    const throwing = () => {
      throw new Error('getter');
    };
    const allTrapsThrow = new Proxy({}, {
      get: throwing, has: throwing, getPrototypeOf: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing, defineProperty: throwing,
    });
    const withGetters = (brand: symbol | undefined, names: string[]) => {
      const o: any = {};
      if (brand) o[brand] = true;
      for (const n of names) Object.defineProperty(o, n, { get: throwing, enumerable: true });
      return o;
    };
    const errorWithMessageGetter = () => {
      const e = new Error('x');
      Object.defineProperty(e, 'message', { get: throwing });
      return e;
    };
    const errorWithMessage = (message: unknown) => {
      const e = new Error('x');
      Object.defineProperty(e, 'message', { value: message });
      return e;
    };
    const nullProto = Object.create(null);
    nullProto.message = 'stack/p: 1 invalid property:\n  a: received b; allowed: c';
    const huge = 'x'.repeat(5_000_000);
    const ODD: [string, unknown][] = [
      ['a revoked proxy', revoked({})],
      ['a revoked proxy of an Error', revoked(new Error('x'))],
      ['a revoked proxy of a function', revoked(() => 1)],
      ['a revoked proxy of a list', revoked([])],
      ['a proxy whose every trap throws', allTrapsThrow],
      ['an object whose brand getter throws', Object.defineProperty({}, VALIDATION_ERROR_BRAND, { get: throwing })],
      ['a branded object whose getters throw', withGetters(VALIDATION_ERROR_BRAND, ['constructPath', 'problems', 'message'])],
      ['a branded org-id object whose getters throw', withGetters(ORG_ID_LOOKUP_ERROR_BRAND, ['reason', 'url', 'status', 'attempts'])],
      ['a branded node-read object whose getters throw', withGetters(NODE_READ_ERROR_BRAND, ['reason', 'url', 'status', 'requests', 'restarts'])],
      ['a branded object with problems that are not problems', { [VALIDATION_ERROR_BRAND]: true, constructPath: 'a', problems: [null, 1, revoked({})] }],
      ['a branded object with a revoked proxy as its problems', { [VALIDATION_ERROR_BRAND]: true, constructPath: 'a', problems: revoked([]) }],
      ['a branded object with numbers for fields', { [ORG_ID_LOOKUP_ERROR_BRAND]: true, [NODE_READ_ERROR_BRAND]: true, reason: 1, url: 2 }],
      ['an Error whose message getter throws', errorWithMessageGetter()],
      ['an Error whose message is an object', errorWithMessage({ toString: throwing })],
      ['an Error whose message is a symbol', errorWithMessage(Symbol('m'))],
      ['an object with a throwing message getter', withGetters(undefined, ['message'])],
      ['a symbol', Symbol('x')],
      ['a registered symbol', Symbol.for('cdktf-warehouse-monitoring-cluster.ValidationError')],
      ['a bigint', 10n ** 30n],
      ['a function', () => 'stack/p: 1 invalid property:'],
      ['a null-prototype object with a message', nullProto],
      ['a frozen object', Object.freeze({ message: 'x' })],
      ['a frozen Error', Object.freeze(new Error('boom'))],
      ['a boxed string', new String('stack/p: 1 invalid property:\n  a: received b; allowed: c')],
      ['a huge string', huge],
      ['a huge string that starts like a validation message', `stack/p: 1 invalid property:\n  ${huge}`],
      ['a huge string that starts like an org-id message', `fetchOrgId: GET ${huge}: ${huge} [reason: x`],
      ['a huge string that starts like a node-read message', `ClusterNodeReader.list: ${huge}: [reason: network; status: none; requests: 1; restarts: ${huge}`],
      ['a lone surrogate', '\ud800'],
      ['NaN', NaN],
    ];
    test.each(ODD)('%s', (_, x) => {
      for (const helper of HELPERS) {
        let answer: unknown;
        expect(() => (answer = call(helper, x))).not.toThrow();
        expect(answer).toBe(helper.startsWith('is') ? false : undefined);
      }
    });

    test('GIVEN a frozen ValidationError, and a frozen copy of its message in an Error THEN both read back', () => {
      const error = Object.freeze(new ValidationError('a/b', [{ path: 'p', received: '1', allowed: '2' }]));
      expect(Errors.validationDetails(error)).toEqual({ constructPath: 'a/b', problemCount: 1, problems: error.problems });
      expect(Errors.validationDetails(Object.freeze(new Error(error.message)))).toEqual({ constructPath: 'a/b', problemCount: 1, problems: error.problems });
    });

    test('GIVEN anything fast-check makes THEN every helper answers false or undefined', () => {
      const anything = fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true });
      fc.assert(
        fc.property(anything, (x) => {
          for (const helper of HELPERS) expect(call(helper, x)).toBe(helper.startsWith('is') ? false : undefined);
        }),
        propertyRuns({ seed: 113, numRuns: 300 }),
      );
    });
  });
});
