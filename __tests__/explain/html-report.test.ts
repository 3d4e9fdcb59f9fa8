// The HTML page (PlanExplanation.toHtml, explain --format html) without a
// browser: its markup is strictly the renderer's own whatever the plan holds
// (the hostile alphabet through construct paths, classes, sources, keys,
// values, node names, relations, addresses, outputs, the stack's name), every
// value reads as itself once the page's character references are decoded,
// nothing refers to a URL. html-report.browser.test.ts opens it in Chromium.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { PlanExplanation, ValidationError } from '../../lib';
import { ConstructMap } from '../../lib/explain/construct-map';
import { HTML_CSP } from '../../lib/explain/render-html';
import { escapeForLine } from '../../lib/core/server-text';
import { hostileString } from '../support/hostile-strings';
import { errorOf } from '../support/errors';
import { PLAN_HEADER, runCommand } from './support';
import { expectedCards, HOSTILE, HOSTILE_SHORT, markupProblems, realisticExplanation, realisticFixture } from './html-report.support';

/** A value as the page must write it in text and in attributes. */
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The page's text: tags dropped, the five character references decoded. */
const pageText = (html: string) => html.replace(/<[^>]*>/g, '\n').replace(/&(amp|lt|gt|quot|#39);/g, (_m, n: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" } as { [n: string]: string })[n]);

/** Every string of the cards, the other resources and the outputs that the page must show as it is. */
function shownValues(explanation: PlanExplanation, stack: string): string[] {
  const constructs = [...explanation.constructs.filter((c) => !(c.actions.length === 1 && c.actions[0] === 'no-op')), ...explanation.driftConstructs];
  const cards = expectedCards(stack, constructs);
  // Each part of a field change: a row's group shows its node, field and relation in parts.
  const fields = constructs.flatMap((c) => c.fields.flatMap((f) => [f.node, f.field, f.key, f.before, f.after].filter((p): p is string => p !== undefined)));
  const others = explanation.changes.filter((r) => r.kind === 'other' && r.actions[0] !== 'no-op').flatMap((r) => [r.address, r.causes.join('; ')]);
  const outputs = explanation.outputs.flatMap((o) => [o.name, o.before ?? '', o.after ?? '']);
  return [stack, ...cards.flatMap((c) => [c.path, c.class ?? '', c.cause ?? '', c.source ?? '', ...c.addresses, ...c.rows.flatMap((r) => r.slice(1))]), ...fields, ...others, ...outputs].filter((v) => v !== '');
}

describe('explain: the HTML page (no browser)', () => {
  test('GIVEN the real-looking plan (rename, content, binding, node labels, delete, drift, hostile strings) THEN the markup is the renderer\'s own, each value is written escaped, and one card per changed construct carries its stack', () => {
    const explanation = realisticExplanation();
    const html = explanation.toHtml({ stack: 'warehouse' });
    expect(markupProblems(html)).toEqual([]);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${escaped(HTML_CSP)}">`);
    expect(HTML_CSP).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; script-src 'sha256-[A-Za-z0-9+/]+=*'; base-uri 'none'; form-action 'none'$/);
    const values = shownValues(explanation, 'warehouse');
    // The fixture's hostile strings are among them, each once escaped onto one line by the explanation.
    expect(values.some((v) => v.includes('</script><script>alert(1)</script>'))).toBe(true);
    expect(values.some((v) => v.includes('<b>x</b>&amp;'))).toBe(true);
    for (const value of values) expect([value, html.includes(escaped(value))]).toEqual([value, true]);
    const text = pageText(html);
    for (const value of values) expect([value, text.includes(value)]).toEqual([value, true]);
    // Cards: the changed constructs, then the drift; each with its stack.
    const changed = explanation.constructs.filter((c) => !(c.actions.length === 1 && c.actions[0] === 'no-op'));
    expect(html.match(/<article class="card item /g)).toHaveLength(changed.length + explanation.driftConstructs.length);
    expect(changed.map((c) => c.actions.join('+')).sort()).toEqual(['create+update', 'delete', 'replace', 'update', 'update']);
    expect(html.match(/<article [^>]*data-stack="warehouse"/g)).toHaveLength(changed.length + explanation.driftConstructs.length);
    // A filter for each action the page shows, and one for the stack.
    expect([...html.matchAll(/<input type="checkbox" name="action" value="([^"]*)"/g)].map((m) => m[1])).toEqual(['create', 'update', 'replace', 'delete', 'changed-outside-terraform']);
    expect([...html.matchAll(/<input type="checkbox" name="stack" value="([^"]*)"/g)].map((m) => m[1])).toEqual(['warehouse']);
    // The plan's own count and summary first.
    expect(html).toContain(`<p class="plan"><strong>${explanation.toText().split('\n')[0]}</strong></p>`);
  });

  test('GIVEN strings of the hostile alphabet in construct paths, classes, sources, content keys and values, node names, label keys and values, relations, principals, addresses, outputs and the stack\'s name THEN no < of them makes a tag, nothing refers to a URL, and each reads as itself', () => {
    const value = hostileString({ maxFragments: 6, nonEmpty: true });
    const segment = value.map((v) => v.replace(/\//g, '|'));
    fc.assert(
      fc.property(fc.array(value, { minLength: 12, maxLength: 12 }), segment, segment, fc.array(fc.constantFrom('&', '<', '>', '"', "'", '</script>', '</style>', '<!--', '<img src=https://e.example/x>'), { maxLength: 3 }), (v, pathA, pathB, markup) => {
        const m = markup.join('');
        const config = {
          '//': { metadata: { stackName: 'stack' } },
          resource: {
            aws_redshift_authentication_profile: { p_1A2B3C4D: { '//': { metadata: { path: `stack/${pathA}${m}/Resource`, construct: v[0] + m, source: `${v[1]}${m}:1` } } } },
            kubernetes_labels: { n_1A2B3C4D: { '//': { metadata: { path: `stack/${m}${pathB}/n-labels`, construct: 'NodeList', source: 'app.ts:2' } } } },
            datadog_restriction_policy: { d_1A2B3C4D: { '//': { metadata: { path: 'stack/policy/Resource', construct: 'RestrictionPolicy', source: 'app.ts:3' } } } },
          },
        };
        const plan = {
          ...PLAN_HEADER,
          resource_changes: [
            {
              address: 'aws_redshift_authentication_profile.p_1A2B3C4D',
              mode: 'managed',
              type: 'aws_redshift_authentication_profile',
              change: { actions: ['update'], before: { authentication_profile_name: 'p', authentication_profile_content: JSON.stringify({ [v[2] + m]: v[3] }) }, after: { authentication_profile_name: 'p', authentication_profile_content: JSON.stringify({ [v[2] + m]: v[4] + m }) } },
            },
            {
              address: 'kubernetes_labels.n_1A2B3C4D',
              mode: 'managed',
              type: 'kubernetes_labels',
              change: { actions: ['update'], before: { metadata: [{ name: v[5] }], labels: {} }, after: { metadata: [{ name: v[5] }], labels: { [v[6] + m]: v[7] } } },
            },
            {
              address: 'datadog_restriction_policy.d_1A2B3C4D',
              mode: 'managed',
              type: 'datadog_restriction_policy',
              change: { actions: ['update'], before: { resource_id: 'dashboard:a', bindings: [] }, after: { resource_id: 'dashboard:a', bindings: [{ relation: v[8] + m, principals: [v[9]] }] } },
            },
            { address: `aws_s3_bucket.x[${JSON.stringify(v[10] + m)}]`, mode: 'managed', type: 'aws_s3_bucket', change: { actions: ['delete'], before: {}, after: null } },
          ],
          output_changes: { [v[11] + m]: { actions: ['update'], before: v[0], after: v[1] + m, after_unknown: false, before_sensitive: false, after_sensitive: false } },
        };
        const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(config));
        const stack = v[2] + m;
        const html = explanation.toHtml({ stack, title: v[3] + m });
        expect(markupProblems(html)).toEqual([]);
        const text = pageText(html);
        // The stack's name comes from the caller, not the explanation: the page shows it on one line, as the rest.
        const values = shownValues(explanation, escapeForLine(stack, false));
        expect(values.length).toBeGreaterThanOrEqual(15);
        for (const shown of values) {
          expect([shown, html.includes(escaped(shown))]).toEqual([shown, true]);
          expect([shown, text.includes(shown)]).toEqual([shown, true]);
        }
      }),
      propertyRuns({ seed: 126, numRuns: 150 }),
    );
  });

  test('GIVEN options that are not strings THEN toHtml throws a ValidationError naming them; without options the stack is "stack"', () => {
    const explanation = realisticExplanation();
    const error = errorOf(() => explanation.toHtml({ stack: 7 as any, title: null as any }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.problems.map((p) => p.path)).toEqual(['options/stack', 'options/title']);
    expect(explanation.toHtml()).toContain('<input type="checkbox" name="stack" value="stack" checked>');
  });

  test('GIVEN explain --format html THEN exit 0 and the page on stdout, the stack named by its directory; the usage lists html', async () => {
    const { plan, config } = realisticFixture();
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'explain-html-')), 'warehouse');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(config));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));
    const run = await runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--format', 'html', '--fail-on', 'delete']);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('explain: --fail-on matched: delete');
    expect(run.stdout.startsWith('<!DOCTYPE html>\n')).toBe(true);
    expect(markupProblems(`${run.stdout}\n`)).toEqual([]);
    expect(run.stdout).toContain('<h2 id="i1">Stack <code>warehouse</code></h2>');
    expect(run.stdout).not.toContain(os.tmpdir());
    expect(run.stdout).toContain(escaped(HOSTILE_SHORT.replace(/\u202e/, '\\u202e').replace(/\u0000/, '\\u0000').replace(/\n/, '\\u000a')));
    expect(run.stdout).not.toContain(HOSTILE.slice(0, 20));
    const help = await runCommand(['explain', '--help']);
    expect(help.stdout).toContain('[--format text|markdown|json|html|github|sarif]');
    expect(help.stdout).toContain('or html (one self-contained page');
  });
});

describe('the HTML page: options known now', () => {
  test('GIVEN a list or map token as the stack or the title THEN a ValidationError at its path, never a TypeError (found by the positions judge, seeds 700-701)', () => {
    const { Token } = require('../../lib/core/framework');
    const explanation = realisticExplanation();
    for (const [key, value] of [['title', Token.asList(Token.asAny({ a: 1 }))], ['stack', Token.asAny({ a: 1 })]] as const) {
      expect(errorOf(() => explanation.toHtml({ [key]: value } as any)).problems[0].path).toBe(`options/${key}`);
    }
  });
});
