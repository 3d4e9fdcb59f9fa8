// Issue 18, item 5: ClusterNodes' label and field selectors
// (lib/cluster/selectors.ts) against their authority, the API server's parsers
// in k8s.io/apimachinery v0.32.0 (pkg/labels/selector.go, pkg/fields/selector.go)
// and the node field labels of kubernetes pkg/apis/core/v1/conversion.go, driven
// by their own test tables (ported as data under fixtures/upstream/, each naming
// repository, version, commit, file and test function), then by the hostile
// string alphabet through the construct.
import { readFileSync } from 'fs';
import { join } from 'path';
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { Literal, ValidationError } from '../../lib';
import { ClusterNodes } from '../../lib/cluster/cluster-nodes';
import {
  escapeFieldValue,
  fieldSelectorString,
  LabelLexer,
  labelParseOperatorError,
  labelRequirementErrors,
  labelSelectorProblem,
  labelSelectorString,
  nodeFieldSelectorProblem,
  parseFieldSelector,
  parseLabelSelector,
  scanLabelSelector,
  splitFieldTerm,
  splitFieldTerms,
  unescapeFieldValue,
} from '../../lib/cluster/selectors';
import { TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { errorOf } from '../support/errors';
import { hostileString, USER_CLASSES } from '../support/hostile-strings';

const fixture = (name: string): any => JSON.parse(readFileSync(join(__dirname, 'fixtures', 'upstream', name), 'utf8'));
const LABELS = fixture('labels-selector.json');
const FIELDS = fixture('fields-selector.json');
const NODE_FIELDS = fixture('node-field-labels.json');

describe('labels.Parse (apimachinery v0.32.0 pkg/labels/selector_test.go)', () => {
  test.each(LABELS.selectorParse.good as string[])('TestSelectorParse good %j parses and prints back without spaces', (input) => {
    const verdict = parseLabelSelector(input);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(labelSelectorString(verdict.requirements)).toBe(input.replace(/ /g, ''));
  });

  test.each(LABELS.selectorParse.bad as string[])('TestSelectorParse bad %j', (input) => {
    expect(parseLabelSelector(input).ok).toBe(false);
  });

  test.each(LABELS.selectorMatches.rows as string[])('TestSelectorMatches selector %j parses', (input) => {
    expect(parseLabelSelector(input).ok).toBe(true);
  });

  test.each(LABELS.lexer.rows as any[])('TestLexer %j', (row) => {
    const [token, literal] = new LabelLexer(row.input).lex();
    expect(token).toBe(row.token);
    expect(literal).toBe(row.input);
  });

  test.each(LABELS.lexerSequence.rows as any[])('TestLexerSequence %j', (row) => {
    expect(scanLabelSelector(row.input).slice(0, -1)).toEqual(row.tokens);
  });

  test.each(LABELS.parserLookahead.rows as any[])('TestParserLookahead %j', (row) => {
    expect(scanLabelSelector(row.input)).toEqual(row.tokens);
  });

  test.each(LABELS.parseOperator.rows as any[])('TestParseOperator %j', (row) => {
    const error = labelParseOperatorError(row.input);
    if (row.ok) expect(error).toBeUndefined();
    else expect(error).toBe(`found '${row.input}', expected: in, notin, =, ==, !=, gt, lt`);
  });

  test.each(LABELS.requirementConstructor.rows as any[])('TestRequirementConstructor %j', (row) => {
    expect(labelRequirementErrors(row.key, row.operator, row.values)).toEqual(row.errors);
  });

  test.each(LABELS.setSelectorParser.rows as any[])('TestSetSelectorParser %j', (row) => {
    const verdict = parseLabelSelector(row.input);
    expect(verdict.ok).toBe(row.valid);
    if (row.requirements && verdict.ok) expect(verdict.requirements).toEqual(row.requirements);
  });
});

describe('fields.ParseSelector (apimachinery v0.32.0 pkg/fields/selector_test.go)', () => {
  test.each(FIELDS.splitTerms.rows as any[])('TestSplitTerms %j', (row) => {
    expect(splitFieldTerms(row.input)).toEqual(row.terms);
  });

  test.each(FIELDS.splitTerm.rows as any[])('TestSplitTerm %j', (row) => {
    expect(splitFieldTerm(row.input)).toEqual({ lhs: row.lhs, op: row.op, rhs: row.rhs, ok: row.ok });
  });

  test.each(FIELDS.escapeValue.rows as any[])('TestEscapeValue %j', (row) => {
    expect(escapeFieldValue(row.value)).toBe(row.escaped);
    expect(unescapeFieldValue(row.escaped)).toEqual({ value: row.value });
  });

  test.each(FIELDS.invalidEscape.rows as string[])('TestEscapeValue invalid %j', (input) => {
    expect(unescapeFieldValue(input).err).toMatch(/invalid escape sequence/);
  });

  test.each(FIELDS.selectorParse.good as string[])('TestSelectorParse good %j parses and prints back unchanged', (input) => {
    const verdict = parseFieldSelector(input);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(fieldSelectorString(verdict.requirements)).toBe(input);
  });

  test.each(FIELDS.selectorParse.bad as string[])('TestSelectorParse bad %j', (input) => {
    expect(parseFieldSelector(input).ok).toBe(false);
  });

  test.each(FIELDS.selectorMatches.rows as string[])('TestSelectorMatches selector %j parses', (input) => {
    expect(parseFieldSelector(input).ok).toBe(true);
  });
});

describe('the field labels nodes support (kubernetes pkg/apis/core/v1/conversion.go)', () => {
  test.each(NODE_FIELDS.node as string[])('%s is supported', (label) => {
    const value = label === 'spec.unschedulable' ? 'false' : 'worker-1';
    for (const op of ['=', '==', '!=']) expect(nodeFieldSelectorProblem(`${label}${op}${value}`)).toBeUndefined();
  });

  const others = [...new Set(Object.values(NODE_FIELDS.otherKinds).flat() as string[])].filter((l) => !NODE_FIELDS.node.includes(l));
  test.each(others)('%s (another kind\'s label) is refused, naming the supported ones', (label) => {
    expect(nodeFieldSelectorProblem(`${label}=x`)).toBe(`field label not supported for nodes: "${label}" (supported: metadata.name, spec.unschedulable)`);
  });

  test('stricter: spec.unschedulable compares with true or false only; a space before the label is another label', () => {
    expect(nodeFieldSelectorProblem('spec.unschedulable=False')).toMatch(/"true" or "false"/);
    expect(nodeFieldSelectorProblem(' spec.unschedulable=true')).toMatch(/not supported for nodes: " spec.unschedulable"/);
    expect(nodeFieldSelectorProblem('metadata.name=a\\,b,spec.unschedulable!=true')).toBeUndefined();
  });
});

describe('the user reports of issue 18', () => {
  test('"pool in (a,b" is refused: unbalanced', () => {
    expect(labelSelectorProblem('pool in (a,b')).toMatch(/^unbalanced parentheses; unable to parse requirement: found '', expected: ',' or '\)'/);
  });

  test.each(['pool in (a,b))', 'pool in ((a,b)', 'pool in a,b)', '(pool)'])('%j is refused', (selector) => {
    expect(labelSelectorProblem(selector)).toBeDefined();
  });

  test('stricter: control characters the lexer takes for spaces, or for the end of input', () => {
    expect(parseLabelSelector('pool\t=\ta').ok).toBe(true);
    expect(labelSelectorProblem('pool\t=\ta')).toBe('it holds a control character');
    // Upstream, a NUL byte ends the input: the rest is not read as a requirement.
    expect(parseLabelSelector('pool=a,\u0000garbage!!').ok).toBe(false);
    expect(parseLabelSelector('pool=a\u0000').ok).toBe(true);
    expect(labelSelectorProblem('pool=a\u0000')).toBe('it holds a control character');
  });
});

describe('ClusterNodes', () => {
  const stackOf = () => new TerraformStack(Testing.app(), 'stack');

  test('the two reports are ValidationErrors at the props, showing the value and the grammar', () => {
    const error = errorOf(() => new ClusterNodes(stackOf(), 'nodes', { labelSelector: 'pool in (a,b', fieldSelector: 'status.phase=Ready' }));
    expect(error.problems).toEqual([
      { path: 'props/labelSelector', received: '"pool in (a,b"', allowed: expect.stringMatching(/^a label selector: .*e\.g\. "node-role\.kubernetes\.io\/worker,pool in \(a,b\),!gpu" \(here unbalanced parentheses/) },
      { path: 'props/fieldSelector', received: '"status.phase=Ready"', allowed: expect.stringMatching(/^a node field selector: .*metadata\.name and spec\.unschedulable.*e\.g\. "spec\.unschedulable=false" \(here field label not supported for nodes: "status\.phase" \(supported: metadata\.name, spec\.unschedulable\)\)$/) },
    ]);
  });

  test('good selectors, tokens and Literal.text', () => {
    expect(() => new ClusterNodes(stackOf(), 'n', { labelSelector: 'node-role.kubernetes.io/worker,pool notin (gpu),!spot', fieldSelector: 'spec.unschedulable=false' })).not.toThrow();
    const stack = stackOf();
    const v = new TerraformVariable(stack, 'sel', { type: 'string' });
    expect(() => new ClusterNodes(stack, 'n', { labelSelector: v.stringValue, fieldSelector: v.stringValue })).not.toThrow();
    expect(errorOf(() => new ClusterNodes(stackOf(), 'n', { labelSelector: Literal.text('pool in (${x}') })).problems[0].path).toBe('props/labelSelector');
    expect(() => new ClusterNodes(stackOf(), 'n', { fieldSelector: Literal.text('metadata.name=a') })).not.toThrow();
  });

  test('hostile strings: only a ValidationError, and only selectors the API server reads as written', () => {
    fc.assert(
      fc.property(
        hostileString({ classes: USER_CLASSES, maxFragments: 6 }),
        fc.constantFrom('', 'pool in (', 'pool=', 'spec.unschedulable=', 'metadata.name!=', '!', 'a,b'),
        fc.boolean(),
        (text, prefix, label) => {
          const value = prefix + text;
          let accepted = true;
          try {
            // Synthesized too: a reference's target is checked when the stack is complete.
            const stack = stackOf();
            new ClusterNodes(stack, 'n', label ? { labelSelector: value } : { fieldSelector: value });
            Testing.synth(stack);
          } catch (e) {
            expect(e).toBeInstanceOf(ValidationError);
            accepted = false;
          }
          if (!accepted) return;
          expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
          if (label) {
            expect(parseLabelSelector(value).ok).toBe(true);
            // Balanced: every "(" closed before the next opens.
            expect(value.replace(/\([^()]*\)/g, '')).not.toMatch(/[()]/);
          } else {
            const verdict = parseFieldSelector(value);
            expect(verdict.ok && verdict.requirements.every((t) => ['metadata.name', 'spec.unschedulable'].includes(t.field))).toBe(true);
          }
        },
      ),
      propertyRuns({ seed: 105, numRuns: 400 }),
    );
  });
});

test('a huge selector gives a short message', () => {
  const stack = new TerraformStack(Testing.app(), 'stack');
  for (const props of [
    { labelSelector: `pool in (${'a'.repeat(1_000_000)}` },
    { labelSelector: `${'a,'.repeat(300_000)}${'b'.repeat(100_000)}=(` },
    { fieldSelector: `${'x'.repeat(1_000_000)}=1` },
    { fieldSelector: `metadata.name=${'\\q'.repeat(300_000)}` },
  ]) {
    const error = errorOf(() => new ClusterNodes(stack, `n${Object.values(props)[0].length}`, props));
    expect(error.message.length).toBeLessThan(2_000);
  }
});
