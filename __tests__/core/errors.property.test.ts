// Issue 18, item 7: other jsii languages get a validation error's message only,
// and read it back with Errors.validationDetails. User text in construct ids,
// keys, received values and allowed texts (line breaks of every kind, controls,
// format characters, backslashes, the format's own separators) must not change
// what reads back: the details from the message equal the error's own construct
// path and first 50 problems, exactly.
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile, Errors, NodeList, RestrictionPolicy, ValidationError, ValidationProblem } from '../../lib';
import { parseValidationMessage } from '../../lib/core/validation-message';
import { errorOf } from '../support/errors';
import { hostileString } from '../support/hostile-strings';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 150);

/** The format's own text, as plain text between hostile fragments: separators, header and "more" shapes, escapes. */
const FORMAT_TEXT = [': received ', '; allowed: ', ': received', '; allowed:', ': 3 invalid properties:', ': 1 invalid property:', '  … and 2 more', '…', '\\', '\\\\', '\\u0041', '\\u000A', '\\u', '\\:', '\\;', ':', ';', '  '];
const plain = fc.oneof(fc.string({ unit: fc.constantFrom(...'abcXYZ019-_. :/='.split('')), maxLength: 4 }), fc.constantFrom(...FORMAT_TEXT));

/** User text: the hostile alphabet with the format's own text as the ordinary text between fragments. */
const userText = (options: { nonEmpty?: boolean; withHuge?: boolean } = {}) => hostileString({ plain, maxFragments: 8, ...options });

/** What other languages read back must be the error's own details. */
function expectReadsBack(error: ValidationError): void {
  const expected = { constructPath: error.constructPath, problemCount: error.problems.length, problems: error.problems.slice(0, 50) };
  expect(Errors.validationDetails(error.message)).toEqual(expected);
  // As other runtimes carry it: a plain Error with the message (no brand).
  expect(Errors.validationDetails(new Error(error.message))).toEqual(expected);
  expect(Errors.isValidationError(error.message)).toBe(true);
  // One line per listed problem, no line break of any other kind, nothing hidden.
  const lines = error.message.split('\n');
  expect(lines).toHaveLength(1 + Math.min(error.problems.length, 50) + (error.problems.length > 50 ? 1 : 0));
  expect(error.message.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u);
}

const problem: fc.Arbitrary<ValidationProblem> = fc.record({ path: userText(), received: userText(), allowed: userText() });

function stackOf(): TerraformStack {
  return new TerraformStack(new App(), 'stack');
}

describe('a validation message reads back exactly, whatever user text it holds', () => {
  test('GIVEN any construct path and problems (1 to 120) THEN the message reads back as the error\'s own path, count and first 50 problems', () => {
    fc.assert(
      fc.property(userText({ withHuge: true }), fc.array(problem, { minLength: 1, maxLength: 120 }), (constructPath, problems) => {
        expectReadsBack(new ValidationError(constructPath, problems));
      }),
      propertyRuns({ seed: 107, numRuns: RUNS }),
    );
  });

  test('GIVEN one field of huge hostile text THEN it reads back', () => {
    fc.assert(
      fc.property(fc.constantFrom('path', 'received', 'allowed'), userText({ withHuge: true, nonEmpty: true }), (field, text) => {
        const p = { path: 'props/x', received: '"x"', allowed: 'y', [field]: text };
        expectReadsBack(new ValidationError(`app/${text}`, [p, p]));
      }),
      propertyRuns({ seed: 108, numRuns: 40 }),
    );
  });

  test('GIVEN AuthenticationProfile content keys, a name and a construct id from the alphabet THEN the message reads back', () => {
    fc.assert(
      fc.property(
        userText({ nonEmpty: true }),
        fc.dictionary(userText({ nonEmpty: true }), fc.oneof(fc.integer(), fc.constant(null), fc.array(userText(), { maxLength: 2 })), { minKeys: 1, maxKeys: 8 }),
        userText(),
        fc.array(userText({ nonEmpty: true }), { maxLength: 3 }),
        (id, content, name, unknownKeys) => {
          const props: any = { authenticationProfileName: `${name}_`, authenticationProfileContent: content };
          for (const key of unknownKeys) if (!(key in props)) props[key] = key;
          expectReadsBack(errorOf(() => new AuthenticationProfile(stackOf(), `p${id}`, props)));
        },
      ),
      propertyRuns({ seed: 109, numRuns: RUNS }),
    );
  });

  test('GIVEN AuthenticationProfile content as JSON text with hostile keys, and a credential key THEN the message reads back', () => {
    fc.assert(
      fc.property(userText({ nonEmpty: true }), fc.dictionary(userText({ nonEmpty: true }), fc.integer(), { minKeys: 1, maxKeys: 5 }), (id, content) => {
        const text = JSON.stringify({ ...content, Password: 'hunter2' });
        expectReadsBack(errorOf(() => new AuthenticationProfile(stackOf(), `p${id}`, { authenticationProfileName: 'bad_name', authenticationProfileContent: text })));
      }),
      propertyRuns({ seed: 110, numRuns: RUNS }),
    );
  });

  test('GIVEN NodeList items whose names, labels and annotations keys come from the alphabet (up to 80 problems) THEN the message reads back', () => {
    fc.assert(
      fc.property(
        userText({ nonEmpty: true }),
        fc.array(
          fc.record({
            name: userText({ nonEmpty: true }),
            labels: fc.dictionary(userText({ nonEmpty: true }), userText(), { maxKeys: 4 }),
            annotations: fc.dictionary(userText({ nonEmpty: true }), userText(), { maxKeys: 4 }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        (id, items) => {
          const build = () => new NodeList(stackOf(), `n${id}`, { items: items.map((m) => ({ metadata: { name: `${m.name}_`, labels: m.labels, annotations: m.annotations } })) });
          expectReadsBack(errorOf(build));
        },
      ),
      propertyRuns({ seed: 111, numRuns: RUNS }),
    );
  });

  test('GIVEN a RestrictionPolicy whose resource id, relations and principals come from the alphabet THEN the message reads back', () => {
    fc.assert(
      fc.property(
        userText({ nonEmpty: true }),
        fc.oneof(userText(), userText().map((id) => `dashboard:${id}`)),
        fc.array(fc.record({ relation: userText(), principals: fc.array(userText(), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 4 }),
        (id, resourceId, bindings) => {
          expectReadsBack(errorOf(() => new RestrictionPolicy(stackOf(), `r${id}`, { resourceId: `${resourceId} `, bindings })));
        },
      ),
      propertyRuns({ seed: 112, numRuns: RUNS }),
    );
  });
});

describe('the cases of the report', () => {
  const cases: [string, () => unknown][] = [
    ['a content key "x: received y"', () => new AuthenticationProfile(stackOf(), 'p', { authenticationProfileName: 'ok', authenticationProfileContent: { 'x: received y': 1 as any } })],
    ['a content key holding "; allowed: "', () => new AuthenticationProfile(stackOf(), 'p', { authenticationProfileName: 'ok', authenticationProfileContent: { 'a; allowed: b': 1 as any } })],
    ...['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085'].map((br): [string, () => unknown] => [
      `a label key with ${JSON.stringify(br)}`,
      () => new NodeList(stackOf(), 'n', { items: [{ metadata: { name: 'n', labels: { [`a${br}b`]: 'x' } } }] }),
    ]),
    ['a construct id holding ": received " and "; allowed: "', () => new RestrictionPolicy(stackOf(), 'x: received y; allowed: z', { resourceId: 'nope', bindings: [] })],
    ['a construct id ending in a backslash', () => new RestrictionPolicy(stackOf(), 'x\\', { resourceId: 'nope', bindings: [] })],
  ];
  test.each(cases)('GIVEN %s THEN the message reads back', (_, build) => {
    expectReadsBack(errorOf(build));
  });

  test('GIVEN ordinary values THEN the message reads as before: nothing is escaped', () => {
    const error = errorOf(() => new AuthenticationProfile(stackOf(), 'profile', { authenticationProfileName: 'bad_name', authenticationProfileContent: { Password: 'x', a: 'say "hi"\n' } }));
    expect(error.message).toBe(
      [
        'stack/profile: 2 invalid properties:',
        '  props/authenticationProfileName: received "bad_name"; allowed: 1 to 63 characters: letters, digits and hyphens (no underscores)',
        `  props/authenticationProfileContent/Password: received "Password"; allowed: ${error.problems[1].allowed}`,
      ].join('\n'),
    );
    // A JSON-rendered received value keeps its escapes as they are (\" and \n), and a tab is written \u0009.
    const quoted = new ValidationError('app/s/c', [{ path: 'props/a', received: '"say \\"hi\\"\\n"', allowed: 'a\tb' }]);
    expect(quoted.message).toBe('app/s/c: 1 invalid property:\n  props/a: received "say \\"hi\\"\\n"; allowed: a\\u0009b');
  });

  test('GIVEN text that needs escapes THEN each is written as the format says', () => {
    const error = new ValidationError('app/s\u2028/c\\', [{ path: 'props/x: received y', received: '"a; allowed: b\\u0000"', allowed: 'c: d; e\r\n\u0085\u{e0001}' }]);
    expect(error.message).toBe('app/s\\u2028/c\\\\: 1 invalid property:\n  props/x\\: received y: received "a\\; allowed: b\\\\u0000"; allowed: c: d; e\\u000D\\u000A\\u0085\\uDB40\\uDC01');
    expectReadsBack(error);
  });
});

describe('reading is linear in the message length', () => {
  // No timed assertion (speed is measured by bench/errors-parse.ts, which prints ratios):
  // a 1 MB and a 2 MB message of the shapes that made the old reader quadratic complete and read back.
  const shapes: [string, (size: number) => ValidationError][] = [
    ['a path made of ": received " (no problem line parsed back before)', (size) => new ValidationError('c', [{ path: 'x: received y'.repeat(size / 13), received: '"x"', allowed: 'y\r' }])],
    ['a received value made of "; allowed: "', (size) => new ValidationError('c', [{ path: 'p', received: '; allowed: '.repeat(size / 11), allowed: 'y' }])],
    ['a construct path made of ": 1 invalid property:"', (size) => new ValidationError(': 1 invalid property:'.repeat(size / 21), [{ path: 'p', received: 'r', allowed: 'a' }])],
    ['50 lines of backslashes and hidden characters', (size) => new ValidationError('c', Array.from({ length: 60 }, (_, i) => ({ path: `p/${i}`, received: '\\\u2028'.repeat(size / 100 / 2), allowed: '\\'.repeat(size / 100) })))],
  ];
  test.each(shapes)('GIVEN %s, 1 MB and 2 MB THEN both read back', (_, make) => {
    for (const size of [1 << 20, 2 << 20]) {
      const error = make(size);
      const details = parseValidationMessage(error.message);
      expect(details?.constructPath).toBe(error.constructPath);
      expect(details?.problems).toEqual(error.problems.slice(0, 50));
    }
  });

  test('GIVEN a 2 MB line that is no problem line (no "; allowed: " after many ": received ") THEN it is refused', () => {
    const message = `c: 1 invalid property:\n  ${'a: received '.repeat((2 << 20) / 12)}`;
    expect(Errors.validationDetails(message)).toBeUndefined();
  });
});
