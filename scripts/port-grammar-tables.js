// Writes the upstream test tables of the string grammars (issue 18, item 5) as
// JSON fixtures, from the upstream sources at the versions named below:
//
//   node scripts/port-grammar-tables.js <dir with the git mirrors>
//
// where the directory holds bare clones named owner+name/repo (hashicorp+go-version,
// apparentlymart+go-versions, hashicorp+terraform, kubernetes+apimachinery). Each
// fixture names its repository, version, commit, file and test function. The
// JSON is committed; this script only documents and repeats the port.
'use strict';
const { execFileSync } = require('child_process');
const { writeFileSync } = require('fs');
const { join } = require('path');
const { tableAfter } = require('./go-table');

const mirrors = process.argv[2];
if (!mirrors) throw new Error('usage: node scripts/port-grammar-tables.js <mirrors dir>');
const root = join(__dirname, '..');

function source(repo, tag, path) {
  const git = join(mirrors, repo.replace('/', '+'), 'repo');
  const commit = execFileSync('git', ['-C', git, 'rev-parse', `${tag}^{commit}`]).toString().trim();
  const text = execFileSync('git', ['-C', git, 'show', `${tag}:${path}`]).toString();
  return { text, header: { repo, version: tag, commit, path } };
}
const items = (literal) => literal.$items;
const write = (path, data) => writeFileSync(join(root, path), `${JSON.stringify(data, null, 1)}\n`);

// ---- Terraform version constraints --------------------------------------------------------
{
  const gv = source('hashicorp/go-version', 'v1.7.0', 'constraint_test.go');
  const gvv = source('hashicorp/go-version', 'v1.7.0', 'version_test.go');
  const row = (r) => r.$items;
  write('__tests__/core/fixtures/upstream/go-version.json', {
    _source: {
      ...gv.header,
      path: 'constraint_test.go, version_test.go',
      license: 'MPL-2.0 (Copyright HashiCorp, Inc.)',
      why: 'Terraform 1.11.4 (go.mod: github.com/hashicorp/go-version v1.7.0) parses required_providers version strings with version.NewConstraint when it loads the configuration (internal/configs/provider_requirements.go, decodeRequiredProvidersBlock; internal/configs/version_constraint.go).',
    },
    newConstraint: {
      _from: 'constraint_test.go TestNewConstraint: input, number of constraints, whether NewConstraint errs',
      rows: items(tableAfter(gv.text, 'func TestNewConstraint(t *testing.T) {\n\tcases := []struct {')).map(row).map(([input, count, err]) => ({ input, count, err })),
    },
    constraintCheck: {
      _from: 'constraint_test.go TestConstraintCheck: constraint, version, whether the version meets it (every constraint parses)',
      rows: items(tableAfter(gv.text, 'func TestConstraintCheck(t *testing.T) {\n\tcases := []struct {')).map(row).map(([constraint, version, check]) => ({ constraint, version, check })),
    },
    constraintPrerelease: {
      _from: 'constraint_test.go TestConstraintPrerelease: one constraint, whether its version has a prerelease',
      rows: items(tableAfter(gv.text, 'func TestConstraintPrerelease(t *testing.T) {\n\tcases := []struct {')).map(row).map(([constraint, prerelease]) => ({ constraint, prerelease })),
    },
    constraintsString: {
      _from: 'constraint_test.go TestConstraintsString: String() gives the input back',
      rows: items(tableAfter(gv.text, 'func TestConstraintsString(t *testing.T) {\n\tcases := []struct {')).map(row).map(([constraint, result]) => ({ constraint, result: result || constraint })),
    },
    newVersion: {
      _from: 'version_test.go TestNewVersion: version, whether NewVersion errs',
      rows: items(tableAfter(gvv.text, 'func TestNewVersion(t *testing.T) {\n\tcases := []struct {')).map(row).map(([version, err]) => ({ version, err })),
    },
  });

  const raw = source('apparentlymart/go-versions', 'v1.0.2', 'versions/constraints/raw_test.go');
  const ruby = source('apparentlymart/go-versions', 'v1.0.2', 'versions/constraints/ruby_style_test.go');
  const num = (n) => (n === undefined || n.Unconstrained ? null : n.Num);
  const spec = (s) => ({
    op: s.Operator ? s.Operator.$ident : 'OpUnconstrained',
    major: num(s.Boundary?.Major), minor: num(s.Boundary?.Minor), patch: num(s.Boundary?.Patch),
    pre: s.Boundary?.Prerelease ?? '', meta: s.Boundary?.Metadata ?? '',
  });
  write('__tests__/core/fixtures/upstream/go-versions-constraints.json', {
    _source: {
      ...ruby.header,
      path: 'versions/constraints/raw_test.go, versions/constraints/ruby_style_test.go',
      license: 'MIT (Copyright Martin Atkins)',
      why: 'Terraform 1.11.4 (go.mod: github.com/apparentlymart/go-versions v1.0.2) parses the same string again with constraints.ParseRubyStyleMulti when it gathers provider requirements (internal/configs/config.go ProviderRequirements -> internal/getproviders/providerreqs/version.go ParseVersionConstraints); a string must pass both parsers.',
      note: 'Specs: op is the SelectionOp name; major/minor/patch are null when unconstrained. An error row gives the upstream message.',
    },
    scanConstraints: {
      _from: 'raw_test.go TestScanConstraints: the scanner (raw_scan.rl) on an input: op, sep, nums, numCt, pre, meta, and the unscanned remainder',
      rows: items(tableAfter(raw.text, 'func TestScanConstraints(t *testing.T) {\n\ttests := []struct {')).map((r) => {
        const [input, want, remain] = r.$items;
        return {
          input,
          op: want.op ?? '', sep: want.sep ?? '',
          nums: want.nums ? want.nums.$items : ['', '', ''],
          numCt: want.numCt ?? 0, pre: want.pre ?? '', meta: want.meta ?? '', remain,
        };
      }),
    },
    parseRubyStyle: {
      _from: 'ruby_style_test.go TestParseRubyStyle: one specification; its spec, or the error',
      rows: items(tableAfter(ruby.text, 'func TestParseRubyStyle(t *testing.T) {\n\ttests := []struct {')).map((r) => {
        const [input, want, err] = r.$items;
        return err ? { input, err } : { input, spec: spec(want) };
      }),
    },
    parseRubyStyleMulti: {
      _from: 'ruby_style_test.go TestParseRubyStyleMulti: comma-separated specifications; their specs, or the error',
      rows: items(tableAfter(ruby.text, 'func TestParseRubyStyleMulti(t *testing.T) {\n\ttests := []struct {')).map((r) => {
        const [input, want, err] = r.$items;
        return err ? { input, err } : { input, specs: want ? want.$items.map(spec) : [] };
      }),
    },
  });

  const tf = source('hashicorp/terraform', 'v1.11.4', 'internal/getproviders/providerreqs/version_test.go');
  const cases = tableAfter(tf.text, 'func TestVersionConstraintsString(t *testing.T) {\n\ttestCases := map[string]struct {');
  write('__tests__/core/fixtures/upstream/terraform-providerreqs.json', {
    _source: {
      ...tf.header,
      license: 'BUSL-1.1 (Copyright HashiCorp, Inc.); only the test inputs are used, as data',
      why: 'Terraform 1.11.4 itself: constraint strings its own tests parse with MustParseVersionConstraints (every one accepted).',
    },
    versionConstraintsString: {
      _from: 'internal/getproviders/providerreqs/version_test.go TestVersionConstraintsString: name, input of MustParseVersionConstraints, String() of the result',
      rows: Object.entries(cases).filter(([k]) => !k.startsWith('$')).map(([name, c]) => ({ name, input: c.$items[0].$args[0], string: c.$items[1] })),
    },
  });
}

// ---- Kubernetes selectors ----------------------------------------------------------------
{
  const ls = source('kubernetes/apimachinery', 'v0.32.0', 'pkg/labels/selector_test.go');
  const fs = source('kubernetes/apimachinery', 'v0.32.0', 'pkg/fields/selector_test.go');
  const strs = (lit) => items(lit);
  const tokenName = (t) => t.$ident;
  const setValues = (v) => (v === null || v === undefined ? [] : v.$call === 'sets.NewString' ? v.$args : (() => { throw new Error(JSON.stringify(v)); })());
  const requirement = (call) => ({ key: call.$args[0], operator: call.$args[1].$ident.replace('selection.', ''), values: [...new Set(setValues(call.$args[2]))].sort() });
  const expr = (v) => (typeof v === 'string' ? v : v.$call === 'strings.Repeat' ? v.$args[0].repeat(v.$args[1]) : (() => { throw new Error(JSON.stringify(v)); })());
  const calls = (text, fn, name) => {
    const body = text.slice(text.indexOf(`func ${fn}(`), text.indexOf('\n}\n', text.indexOf(`func ${fn}(`)));
    return [...body.matchAll(new RegExp(`${name}\\(t, ("(?:[^"\\\\]|\\\\.)*"|\`[^\`]*\`)`, 'g'))].map((m) => (m[1][0] === '`' ? m[1].slice(1, -1) : JSON.parse(m[1])));
  };
  const good = (text, fn) => strs(tableAfter(text, `func ${fn}(t *testing.T) {\n\ttestGoodStrings := []string`));
  const bad = (text) => {
    const at = text.indexOf('testBadStrings := []string');
    return strs(tableAfter(text.slice(at), 'testBadStrings := []string'));
  };
  write('__tests__/cluster/fixtures/upstream/labels-selector.json', {
    _source: {
      ...ls.header,
      license: 'Apache-2.0 (Copyright The Kubernetes Authors)',
      why: 'The API server (Kubernetes 1.32, k8s.io/apimachinery v0.32.0) reads labelSelector with labels.Parse (pkg/labels/selector.go).',
      note: 'Token names are the Token constants of selector.go; operators are the selection.Operator constant names; values are sorted and unique (sets.String.List()).',
    },
    selectorParse: {
      _from: 'selector_test.go TestSelectorParse: testGoodStrings parse and print back without spaces; testBadStrings do not parse',
      good: good(ls.text, 'TestSelectorParse'),
      bad: bad(ls.text.slice(ls.text.indexOf('func TestSelectorParse('))),
    },
    selectorMatches: {
      _from: 'selector_test.go TestSelectorMatches: selectors given to expectMatch / expectNoMatch (each parses)',
      rows: [...new Set([...calls(ls.text, 'TestSelectorMatches', 'expectMatch'), ...calls(ls.text, 'TestSelectorMatches', 'expectNoMatch')])],
    },
    lexer: {
      _from: 'selector_test.go TestLexer: one Lex() of the input: token and literal',
      rows: items(tableAfter(ls.text, 'func TestLexer(t *testing.T) {\n\ttestcases := []struct {')).map((r) => ({ input: r.$items[0], token: tokenName(r.$items[1]) })),
    },
    lexerSequence: {
      _from: 'selector_test.go TestLexerSequence: the tokens of the input up to EndOfStringToken',
      rows: items(tableAfter(ls.text, 'func TestLexerSequence(t *testing.T) {\n\ttestcases := []struct {')).map((r) => ({ input: r.$items[0], tokens: r.$items[1].$items.map(tokenName) })),
    },
    parserLookahead: {
      _from: 'selector_test.go TestParserLookahead: the scanned items, EndOfStringToken included',
      rows: items(tableAfter(ls.text, 'func TestParserLookahead(t *testing.T) {\n\ttestcases := []struct {')).map((r) => ({ input: r.$items[0], tokens: r.$items[1].$items.map(tokenName) })),
    },
    parseOperator: {
      _from: 'selector_test.go TestParseOperator: parseOperator on the scanned input: null, or the error message',
      rows: items(tableAfter(ls.text, 'func TestParseOperator(t *testing.T) {\n\ttestcases := []struct {')).map((r) => ({ input: r.$items[0], ok: r.$items[1] === null })),
    },
    requirementConstructor: {
      _from: 'selector_test.go TestRequirementConstructor: NewRequirement(key, operator, values): the fields of the expected errors',
      rows: items(tableAfter(ls.text, 'func TestRequirementConstructor(t *testing.T) {\n\trequirementConstructorTests := []struct {')).map((r) => ({
        key: expr(r.Key), operator: r.Op.$ident ? r.Op.$ident.replace('selection.', '') : r.Op,
        values: r.Vals ? [...new Set(r.Vals.$args.map(expr))].sort() : [],
        errors: r.WantErr ? r.WantErr.$items.map((e) => e.Field) : [],
      })),
    },
    setSelectorParser: {
      _from: 'selector_test.go TestSetSelectorParser: In, Valid, and when Match the requirements (sorted by key as Parse sorts them)',
      rows: items(tableAfter(ls.text, 'func TestSetSelectorParser(t *testing.T) {\n\tsetSelectorParserTests := []struct {')).map((r) => {
        const [input, out, match, valid] = r.$items;
        const row = { input, valid, match };
        if (match && valid) row.requirements = out && out.$items ? out.$items.map(requirement) : [];
        return row;
      }),
    },
  });
  const splitTerms = tableAfter(fs.text, 'func TestSplitTerms(t *testing.T) {\n\ttestcases := map[string][]string');
  const splitTerm = tableAfter(fs.text, 'func TestSplitTerm(t *testing.T) {\n\ttestcases := map[string]struct {');
  const escape = tableAfter(fs.text, 'func TestEscapeValue(t *testing.T) {\n\t// map values to their normalized escaped values\n\ttestcases := map[string]string');
  const invalid = tableAfter(fs.text.slice(fs.text.indexOf('invalidTestcases')), 'invalidTestcases := []string');
  const keyed = (o) => Object.entries(o).filter(([k]) => !k.startsWith('$'));
  write('__tests__/cluster/fixtures/upstream/fields-selector.json', {
    _source: {
      ...fs.header,
      license: 'Apache-2.0 (Copyright The Kubernetes Authors)',
      why: 'The API server (Kubernetes 1.32, k8s.io/apimachinery v0.32.0) reads fieldSelector with fields.ParseSelector (pkg/fields/selector.go).',
    },
    splitTerms: { _from: 'selector_test.go TestSplitTerms: selector -> terms (null: none)', rows: keyed(splitTerms).map(([input, terms]) => ({ input, terms: terms === null ? null : terms.$items })) },
    splitTerm: { _from: 'selector_test.go TestSplitTerm: term -> lhs, op, rhs, ok', rows: keyed(splitTerm).map(([input, v]) => ({ input, lhs: v.lhs, op: v.op, rhs: v.rhs, ok: v.ok })) },
    escapeValue: { _from: 'selector_test.go TestEscapeValue: value -> escaped value (UnescapeValue gives the value back)', rows: keyed(escape).map(([value, escaped]) => ({ value, escaped })) },
    invalidEscape: { _from: 'selector_test.go TestEscapeValue invalidTestcases: UnescapeValue errs with InvalidEscapeSequence', rows: items(invalid) },
    selectorParse: {
      _from: 'selector_test.go TestSelectorParse: testGoodStrings parse and print back unchanged; testBadStrings do not parse',
      good: good(fs.text, 'TestSelectorParse'),
      bad: bad(fs.text.slice(fs.text.indexOf('func TestSelectorParse('))),
    },
    selectorMatches: {
      _from: 'selector_test.go TestSelectorMatches: selectors given to expectMatch / expectNoMatch (each parses)',
      rows: [...new Set([...calls(fs.text, 'TestSelectorMatches', 'expectMatch'), ...calls(fs.text, 'TestSelectorMatches', 'expectNoMatch')])],
    },
  });
}
