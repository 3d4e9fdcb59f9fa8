// Issue 30, What to build 2: the template rule from HCL's scanner alone
// (lib/core/terraform-template.ts, the port; string-position.ts reads every
// string with it), judged by the real terraform. Generated strings of text, a
// reference and text over the characters that decide how a `${` is read go
// through the library (the string pipeline's reading, and the entry point of
// every kind of string position) and through terraform (each as the value of
// an output, in JSON and in HCL syntax), and they must agree: accepted means
// the reference is read and the text arrives exactly as the library says;
// refused as a lost reference means terraform loses it; a template terraform
// refuses is refused (see ../support/template-judge.ts). TEMPLATE_CASES
// strings here (seed FC_SEED); `npm run judge:templates -- --count=N
// --seed=S` is the long run.
import { AuthenticationProfile, Literal, ValidationError } from '../../lib';
import { Op } from '../../lib/core/framework';
import { propertySeed } from '../support/property-runs';
import {
  caseLabel,
  caseValue,
  disagreement,
  expectedText,
  judgeAssemblyPositions,
  judgeKinds,
  judgeTemplates,
  libraryReading,
  LibraryReading,
  referenceRead,
  REFERENCE_VALUE,
  segmentsOf,
  tally,
  TEMPLATE_POSITIONS,
  TemplateCase,
  templateCases,
  templateStack,
  terraformReadings,
  writtenTemplate,
} from '../support/template-judge';

const COUNT = Number(process.env.TEMPLATE_CASES ?? 400);
/** How many kinds of position each string is built at, in turn (all of them in the long run). */
const KINDS_PER_STRING = 3;
/** How many strings each string position of the assembly gets. */
const CASES_PER_POSITION = 2;
const SEED = propertySeed(30);

/** The library's reading and terraform's of each case: the readings, the disagreements, and whether terraform read the reference. */
async function judge(cases: readonly TemplateCase[]): Promise<{ readings: readonly LibraryReading[]; disagreements: readonly string[]; read: boolean[] }> {
  const verdict = await judgeTemplates(cases);
  return { readings: verdict.readings, disagreements: verdict.disagreements, read: verdict.json.map(referenceRead) };
}

describe('the template rule, judged by terraform in JSON and HCL syntax', () => {
  const cases = templateCases(SEED, COUNT);

  test(`GIVEN ${COUNT} generated strings (text + reference + text, seed ${SEED}) THEN the library and terraform agree on each`, async () => {
    const { readings, disagreements, read } = await judge(cases);
    const percent = cases.map((c, i) => [c, readings[i]] as const).filter(([c]) => c.reference === 'token' && c.before.endsWith('%'));
    const counts = tally(readings);
    process.stdout.write(
      `template rule: ${cases.length} strings: ${counts.accepted ?? 0} accepted, ${counts.lost ?? 0} refused as a lost reference, ${counts.invalid ?? 0} refused as a template terraform refuses, ${counts.expression ?? 0} refused as an expression; ` +
        `${percent.length} with "%" right before a token (${percent.filter(([, r]) => r.kind === 'accepted').length} accepted); terraform read the reference in ${read.filter(Boolean).length}; ${disagreements.length} disagreements\n`,
    );
    expect(disagreements).toEqual([]);
    // The generator reaches every verdict, and the rule the issue found wrong.
    expect(counts.accepted).toBeGreaterThan(COUNT / 2);
    expect(counts.lost).toBeGreaterThan(0);
    expect(counts.invalid).toBeGreaterThan(0);
    expect(percent.filter(([, r]) => r.kind === 'accepted').length).toBeGreaterThan(0);
  }, 120_000);

  test(`GIVEN the strings at the kinds of string position that take a reference (${KINDS_PER_STRING} kinds each, in turn) THEN each entry point refuses what the reading refuses, and no more in the rule's words`, () => {
    const { built, accepted, disagreements } = judgeKinds(cases, KINDS_PER_STRING);
    process.stdout.write(
      `template rule: ${cases.length} strings at ${TEMPLATE_POSITIONS.length} kinds of position (${KINDS_PER_STRING} each): ${TEMPLATE_POSITIONS.map((p, i) => `${p.label} ${accepted[i]}/${built[i]}`).join(', ')} accepted; ${disagreements.length} disagreements\n`,
    );
    expect(disagreements).toEqual([]);
    // Each kind takes some of the strings (none refuses everything, which would prove nothing).
    expect(accepted.filter((n) => n === 0)).toEqual([]);
  }, 120_000);

  test(`GIVEN the strings at every string position of the jsii assembly (${CASES_PER_POSITION} each) THEN each that writes its value to Terraform refuses what the reading refuses`, () => {
    const verdict = judgeAssemblyPositions(cases, CASES_PER_POSITION);
    process.stdout.write(
      `template rule: ${verdict.judged} cases at ${verdict.positions} string positions of the assembly: ${verdict.accepted} accepted (${verdict.neverWritten} of them where a position never writes the value), ${verdict.disagreements.length} disagreements\n`,
    );
    expect(verdict.disagreements).toEqual([]);
    expect(verdict.accepted).toBeGreaterThan(verdict.judged / 4);
  }, 120_000);
});

// The figures of issue 30, Why 2: of 400 generated strings, 40 were refused for a
// "%" right before the reference (which terraform reads), and 1 accepted whose
// reference terraform does not read. The strings themselves are not in the issue:
// these are the same shapes, over the same characters.
const PERCENT_BEFORE: readonly [string, string][] = [
  ['100%', ''],
  ['%', ''],
  ['a%', 'a'],
  ['%%', ''],
  ['%%%', '%'],
  [' %', ' '],
  ['\n%', '\n'],
  ['\r\n%', ''],
  ['}%', '}'],
  ['{%', '{'],
  ['"%', '"'],
  ['\\%', '\\'],
  ['~%', '~'],
  ['\u0007%', '\u0007'],
  ['$%', '$'],
  ['a $%', '%}'],
  ['%a%', 'a%'],
  ['{}%', '}}'],
  ['$$%', ''],
  ['"\\%', '\\"'],
  ['% %', '\r'],
  ['%\n%', '\r\n'],
  ['a%', '%%'],
  ['}}%', '$'],
  ['%', '$$'],
  ['%', '~}'],
  ['~ %', ' ~'],
  ['\\\\%', '""'],
  ['\u0007\u0007%', 'a\u0007'],
  ['{ %', '} '],
  ['%}%', ''],
  ['%%{%', '}'],
  ['$${}%', ''],
  ['a\\"%', 'a'],
  ['%', '\\'],
  ['%', '\r'],
  ['%', '\n\n'],
  [' \n %', ' '],
  ['100%', ' of a'],
  ['~~%', '~~'],
];
const LOST_BUT_ACCEPTED: [string, string] = ['$${~', '%}\\\r'];

describe('issue 30: the 41 strings of the template rule', () => {
  test('GIVEN the 40 strings with "%" right before a reference THEN the library accepts each, and terraform reads each reference and the text exactly', async () => {
    const cases = PERCENT_BEFORE.map(([before, after]) => ({ before, after, reference: 'token' as const }));
    expect(new Set(cases.map(caseLabel)).size).toBe(40);
    const { readings, disagreements, read } = await judge(cases);
    expect(disagreements).toEqual([]);
    expect(readings.map((r, i) => [caseLabel(cases[i]), r.kind])).toEqual(cases.map((c) => [caseLabel(c), 'accepted']));
    expect(read.every(Boolean)).toBe(true);
    // The first: '100%' + variable, as the profile content the issue could not write.
    expect(expectedText(segmentsOf(readings[0]))).toBe(`100%${REFERENCE_VALUE}`);
    const { stack, variable } = templateStack();
    expect(() => new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'p', authenticationProfileContent: { k: '100%' + variable.stringValue } })).not.toThrow();
  }, 120_000);

  test('GIVEN "$${~" + variable + "%}\\\\\\r", which the library accepted THEN it is refused as a lost reference, and terraform does not read it', async () => {
    const cases = [{ before: LOST_BUT_ACCEPTED[0], after: LOST_BUT_ACCEPTED[1], reference: 'token' as const }];
    const { readings, disagreements, read } = await judge(cases);
    expect(disagreements).toEqual([]);
    expect(readings[0].kind).toBe('lost');
    expect(read).toEqual([false]);
    const { stack, variable } = templateStack();
    // cdktf takes the `${` of `$${` for an expression's start and writes the token bare inside it.
    expect(writtenTemplate(caseValue(cases[0], variable), stack)).toBe('$${~var.v%}\\\r');
  }, 120_000);
});

// Issue 30, Why 1: `npm test` failed by chance on these, generated without a seed
// in hcl-output.property.test.ts (cdktn pass). The library refuses both, rightly:
// a lone CR (one not followed by LF) before a reference makes terraform read the
// rest of the string as text.
describe('issue 30: the counterexamples of the HCL judge', () => {
  const CONTENT = ['\r$${%\r\n\u0007\u0007', '}}%%{^'] as const;
  const MESSAGE = ['<<EOF%\r\u001b[31m\ufeff', ''] as const;

  test('GIVEN them at their positions THEN each is refused as a lost reference; and terraform indeed does not read the reference', async () => {
    const { stack, variable } = templateStack();
    const content = CONTENT[0] + variable.stringValue + CONTENT[1];
    const message = MESSAGE[0] + variable.stringValue + MESSAGE[1];
    const refusal = (build: () => unknown) => {
      try {
        build();
      } catch (e) {
        return e instanceof ValidationError ? e.message : `not a ValidationError: ${String(e)}`;
      }
      return 'accepted';
    };
    expect(refusal(() => new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'p', authenticationProfileContent: { k: content } }))).toMatch(
      /props\/authenticationProfileContent\/k: .*a reference in it is not read as one by Terraform/,
    );
    expect(
      refusal(
        () =>
          new AuthenticationProfile(stack, 'q', {
            authenticationProfileName: 'q',
            authenticationProfileContent: { k: '1' },
            lifecycle: { precondition: [{ condition: Op.neq(variable.stringValue, 'none'), errorMessage: message }] },
          }),
      ),
    ).toMatch(/lifecycle\/precondition\/0\/errorMessage: .*a reference in it is not read as one by Terraform/);
    const cases = [
      { before: CONTENT[0], after: CONTENT[1], reference: 'token' as const },
      { before: MESSAGE[0], after: MESSAGE[1], reference: 'token' as const },
      // The quirk itself, written by hand: terraform 1.11 reads "\rx${var.v}" as written, "\r\n${var.v}" interpolates.
      { before: '\rx', after: '', reference: 'text' as const },
      { before: '\r\n', after: '', reference: 'text' as const },
    ];
    const { readings, disagreements, read } = await judge(cases);
    expect(disagreements).toEqual([]);
    expect(readings.map((r) => r.kind)).toEqual(['lost', 'lost', 'accepted', 'accepted']);
    expect(read).toEqual([false, false, false, true]);
    expect(expectedText(segmentsOf(readings[2]))).toBe('\rx${var.v}');
  }, 120_000);
});

// Found by `npm run judge:templates` (seed 101): HCL's scanner takes "$" or "%"
// and one byte that is not "{" (scan_tokens.rl, TemplateIgnoredNonBrace: `^'{'
// %{ fhold; }`), and gives the byte back unless it went on into a Newline. So a
// lone CR right after "$" is not lone when a CR LF follows, and the byte after
// "$" belongs to "$"'s token when a newline follows it (what a strip marker
// trims). Terraform's own readings, pinned, and the port's the same.
describe('HCL\'s scanner after "$" or "%": one byte, given back unless a newline follows', () => {
  const PINNED: readonly [string, string][] = [
    ['$\r\r\n${var.v}', '$\r\r\nVALUE'],
    ['%\r\r\n${var.v}', '%\r\r\nVALUE'],
    ['$\r${var.v}', '$\r${var.v}'],
    ['$\r\rx${var.v}', '$\r\rx${var.v}'],
    ['$\r\r\r\n${var.v}', '$\r\r\r\n${var.v}'],
    ['$$\r\r\n${var.v}', '$$\r\r\n${var.v}'],
    ['$x\r\r\n${var.v}', '$x\r\r\n${var.v}'],
    ['$\u00e9\r\r\n${var.v}', '$\u00e9\r\r\n${var.v}'],
    ['$ \n${~var.v}', '$ VALUE'],
    ['% \r\n${~var.v}', '% VALUE'],
    ['$$ \n${~var.v}', '$$ VALUE'],
    ['$\t\n${~var.v}', '$\tVALUE'],
    ['$\u00e9\n${~var.v}', '$\u00e9VALUE'],
    ['$ x\n${~var.v}', '$ xVALUE'],
    ['\r$$${y}', '\r$$${y}'],
    ['\r$$x$${var.v}', '\r$$x${var.v}'],
  ];

  test('GIVEN strings where it matters THEN terraform reads each as pinned here, in JSON and HCL, and the library says the same', async () => {
    const { stack } = templateStack();
    const readings = PINNED.map(([template]) => libraryReading(template, stack));
    const [json, hcl] = await Promise.all([terraformReadings(PINNED.map(([t]) => t), 'json'), terraformReadings(PINNED.map(([t]) => t), 'hcl')]);
    expect(json.map((r) => (r.kind === 'value' ? r.value : r.summary))).toEqual(PINNED.map(([, value]) => value));
    expect(hcl).toEqual(json);
    expect(readings.map((r) => expectedText(segmentsOf(r)))).toEqual(PINNED.map(([, value]) => value));
  }, 120_000);
});

// cdktf writes a token that sits inside a `${` of the text around it bare, as
// part of that expression (lib/core/token-braces.ts, after cdktf 0.21's
// TokenString and mapTokens); a Literal.text there as a quoted string.
describe('a token inside a "${" of the text: written as cdktf writes it, read as terraform reads it', () => {
  test('GIVEN tokens and literals after an open "${" THEN the library reads what cdktf writes, as terraform does', async () => {
    const { stack, variable } = templateStack();
    const v = variable.stringValue;
    const values: readonly [string, string, string | 'lost'][] = [
      // value, what cdktf writes, what terraform reads ('lost': the reference is text)
      ['${' + v + '}', '${var.v}', REFERENCE_VALUE],
      ['x${ ' + v + ' }y', 'x${ var.v }y', `x${REFERENCE_VALUE}y`],
      ['$${' + v + '}', '$${var.v}', 'lost'],
      ['$${~' + v + '%}', '$${~var.v%}', 'lost'],
      ['$${}' + v, '$${}${var.v}', `\${}${REFERENCE_VALUE}`],
      ['$${' + Literal.text('a') + '}', '$${"a"}', '${"a"}'],
      ['${' + Literal.text('a') + '}', '${"a"}', 'a'],
    ];
    expect(values.map(([value]) => writtenTemplate(value, stack))).toEqual(values.map(([, written]) => written));
    const readings = values.map(([value]) => libraryReading(value, stack));
    const templates = values.map(([value]) => writtenTemplate(value, stack));
    const [json, hcl] = await Promise.all([terraformReadings(templates, 'json'), terraformReadings(templates, 'hcl')]);
    expect(values.map((_, i) => disagreement(readings[i], json[i], hcl[i]))).toEqual(values.map(() => undefined));
    expect(readings.map((r) => (r.kind === 'accepted' ? expectedText(r.segments) : r.kind))).toEqual(values.map(([, , read]) => read));
  }, 120_000);
});
