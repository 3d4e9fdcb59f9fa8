// Review output no value can forge (issue 30, items 3 and 6): values from a plan
// and a stack (construct paths, classes, files, content keys and values, node
// names and annotations, names, import ids, addresses, deposed ids, outputs,
// stack names) arrive as changes and as drift, and in every format the hostile
// plan gives what a benign plan of the same structure gives:
// - the same GitHub workflow commands, as GitHub's runner reads a job log
//   (__tests__/support/github-actions/runner-commands.ts, a port of actions/runner's ActionCommand.cs),
//   stop-commands state included: in `--format github` exactly the annotations we mean, none in the others;
// - in Markdown, as GitHub renders it (cmark-gfm: __tests__/support/gfm.ts), the same elements and the same
//   text outside code, every value inside <code>: no mention, link, HTML or broken table;
// - JSON and SARIF carrying the values exactly.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import fc from 'fast-check';
import { escapeForLine } from '../../lib/core/server-text';
import { ConstructMap } from '../../lib/explain/construct-map';
import { ExplainGate } from '../../lib/explain/gates';
import { PlanExplanation } from '../../lib/explain/plan-explanation';
import { newStopToken, renderGithubLog } from '../../lib/explain/render-github';
import { codeSpan } from '../../lib/explain/render-markdown';
import { renderStacksGithub, renderStacksHtml, renderStacksJson, renderStacksMarkdownParts, renderStacksSarif, renderStacksText } from '../../lib/explain/render-stacks';
import { constructName } from '../../lib/explain/render-text';
import { escapeWorkflowCommandsInLine } from '../../lib/explain/workflow-command-text';
import { commandsInLog, ProcessedCommand, tryParseV2, CommandNames } from '../support/github-actions/runner-commands';
import { linkedReferences, readGfm, renderGfm } from '../support/gfm';
import { ALL_CLASSES, hostileString } from '../support/hostile-strings';
import { PLAN_HEADER, runCommand } from './support';

const SEED = Number(process.env.FORGERY_SEED ?? 20260530);
const RUNS = Number(process.env.FORGERY_RUNS ?? 40);

/** The issue's own values, and more of each kind. */
const SPECIFIC = [
  'v\n##[error]forged',
  'x ##[warning]y',
  'a\n::error::forged',
  '::error::forged',
  ' \u3000::warning file=x.ts,line=1::forged',
  '##[add-mask]x ##[stop-commands]t ##[set-output name=a]b',
  '@octocat @github/security',
  'see #1 and octo/repo#2',
  '`',
  '``a```b`',
  ' `x` ',
  '|',
  'a\\|b',
  '```',
  '~~~',
  '<script>alert(1)</script>',
  '<!-- x -->',
  '[x](http://e)',
  'www.example.com http://e.example',
  '*em* _em_ ~~del~~',
  '# heading',
  '- item',
  ' ',
  '##',
  '##[',
  '::',
];

/** The value slots of the plan and stack below, each filled with a value (the benign plan: the slot's own name). */
const SLOTS = [
  'profilePath', 'profileFile', 'profileClass', 'contentKey', 'contentBefore', 'contentAfter', 'driftBefore', 'driftAfter',
  'renamedPath', 'nameBefore', 'nameAfter', 'importedPath', 'importId',
  'nodesPath', 'nodeName', 'annotationKey', 'annotationBefore', 'annotationAfter', 'driftAnnotationAfter',
  'bucketKey', 'deposed', 'movedKey', 'outputName', 'outputBefore', 'outputAfter', 'stack',
] as const;
type Slot = (typeof SLOTS)[number];
type Values = { readonly [slot in Slot]: string };

/** Each slot with `value`: a prefix keeps the order of paths, keys and names the benign one's; `~after` keeps two sides apart. */
function fill(value: (slot: Slot) => string): Values {
  const out = {} as { [slot in Slot]: string };
  for (const slot of SLOTS) out[slot] = value(slot);
  return out;
}
const everywhere = (text: string) => fill((slot) => (/After$/.test(slot) ? `${text}~after` : text));
const BENIGN = fill((slot) => slot);

// A construct path's segment: `/` separates segments, so a value holding one is two segments (the same structure).
const segment = (order: string, value: string) => `${order}-${value.replace(/\//g, '%')}`;
const meta = (metadataPath: string, extra: object = {}) => ({ '//': { metadata: { path: metadataPath, ...extra } } });

/** The stack (as cdk.tf.json) and the plan, their values from `v`. */
function fixture(v: Values): { config: object; plan: object } {
  const declared = { construct: v.profileClass, source: `${v.profileFile}:12` };
  const config = {
    '//': { metadata: { stackName: 'warehouse', version: '0.21.0' } },
    resource: {
      aws_redshift_authentication_profile: {
        a_1: meta(`warehouse/${segment('p0', v.profilePath)}/Resource`, declared),
        b_1: meta(`warehouse/${segment('p1', v.renamedPath)}/Resource`, declared),
        c_1: meta(`warehouse/${segment('p2', v.importedPath)}/Resource`, declared),
      },
      terraform_data: {
        a_2: meta(`warehouse/${segment('p0', v.profilePath)}/NameTrigger`, declared),
        b_2: meta(`warehouse/${segment('p1', v.renamedPath)}/NameTrigger`, declared),
        c_2: meta(`warehouse/${segment('p2', v.importedPath)}/NameTrigger`, declared),
      },
      kubernetes_manifest: { n_1: { ...meta(`warehouse/${segment('p3', v.nodesPath)}/w0`, declared), manifest: { kind: 'Node' } } },
    },
  };
  const content = (value: string) => JSON.stringify({ [`k0${v.contentKey}`]: value, Fixed: 'same' });
  const profile = (name: string, value: string) => ({ authentication_profile_name: name, authentication_profile_content: content(value) });
  const node = (annotation: string) => ({ manifest: { apiVersion: 'v1', kind: 'Node', metadata: { name: v.nodeName, annotations: { [`a0${v.annotationKey}`]: annotation } } } });
  const change = (address: string, type: string, body: object, extra: object = {}) => ({ address, mode: 'managed', type, change: body, ...extra });
  const plan = {
    ...PLAN_HEADER,
    resource_changes: [
      change('aws_redshift_authentication_profile.a_1', 'aws_redshift_authentication_profile', { actions: ['update'], before: profile('a', v.contentBefore), after: profile('a', v.contentAfter) }),
      change('aws_redshift_authentication_profile.b_1', 'aws_redshift_authentication_profile', { actions: ['delete', 'create'], before: profile(v.nameBefore, 'c'), after: profile(v.nameAfter, 'c') }, { action_reason: 'replace_by_triggers' }),
      change('terraform_data.b_2', 'terraform_data', { actions: ['delete', 'create'], before: { triggers_replace: v.nameBefore }, after: { triggers_replace: v.nameAfter }, replace_paths: [['triggers_replace']] }, { action_reason: 'replace_because_cannot_update' }),
      change('aws_redshift_authentication_profile.c_1', 'aws_redshift_authentication_profile', { actions: ['no-op'], before: profile('c', 'c'), after: profile('c', 'c'), importing: { id: v.importId } }),
      change('aws_redshift_authentication_profile.gone_0123ABCD', 'aws_redshift_authentication_profile', { actions: ['delete'], before: profile('g', 'g'), after: null }, { action_reason: 'delete_because_no_resource_config' }),
      change('kubernetes_manifest.n_1', 'kubernetes_manifest', { actions: ['update'], before: node(v.annotationBefore), after: node(v.annotationAfter) }),
      change(`aws_s3_bucket.b0[${JSON.stringify(v.bucketKey)}]`, 'aws_s3_bucket', { actions: ['delete'], before: {}, after: null }),
      change('aws_s3_bucket.b1', 'aws_s3_bucket', { actions: ['delete'], before: {}, after: null }, { deposed: v.deposed }),
      change('aws_s3_bucket.b2', 'aws_s3_bucket', { actions: ['no-op'], before: {}, after: {} }, { previous_address: `aws_s3_bucket.old[${JSON.stringify(v.movedKey)}]` }),
    ],
    resource_drift: [
      change('aws_redshift_authentication_profile.a_1', 'aws_redshift_authentication_profile', { actions: ['update'], before: profile('a', v.driftBefore), after: profile('a', v.driftAfter) }),
      change('kubernetes_manifest.n_1', 'kubernetes_manifest', { actions: ['update'], before: node(v.annotationBefore), after: node(v.driftAnnotationAfter) }),
    ],
    output_changes: { [`o0${v.outputName}`]: { actions: ['update'], before: v.outputBefore, after: v.outputAfter, after_unknown: false, before_sensitive: false, after_sensitive: false } },
  };
  return { config, plan };
}

const GATES = [ExplainGate.DELETE];

/** The explanation of the fixture, and every rendering of it a job log or a comment may hold. */
function renderAll(v: Values): { explanation: PlanExplanation; out: { [format: string]: string }; annotations: string[] } {
  const { config, plan } = fixture(v);
  const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(config));
  const stacks = [{ stack: v.stack, report: explanation._report }, { stack: `${v.stack}~2`, report: explanation._report }];
  const annotations = explanation.toGithubAnnotations({ failOn: GATES });
  return {
    explanation,
    annotations,
    out: {
      text: explanation.toText(),
      color: explanation.toText({ color: true }),
      markdown: explanation.toMarkdown(),
      json: explanation.toJson(),
      sarif: explanation.toSarif({ failOn: GATES }),
      html: explanation.toHtml({ stack: v.stack, title: v.stack }),
      github: renderGithubLog(annotations, explanation.toText()),
      stacksText: renderStacksText(stacks, false),
      stacksMarkdown: renderStacksMarkdownParts(stacks).join('\n'),
      stacksJson: renderStacksJson(stacks),
      stacksSarif: renderStacksSarif(stacks, GATES),
      stacksHtml: renderStacksHtml(stacks),
      stacksGithub: renderGithubLog(renderStacksGithub(stacks, GATES), renderStacksText(stacks, false)),
    },
  };
}

/** A processed command without its values: what it is, and which properties it has. */
const shape = (p: ProcessedCommand) => (p.kind === 'command' ? `${p.command.command.toLowerCase()} ${Object.keys(p.command.properties).sort().join(',')}` : p.kind);

/** The annotations we mean: each line as the runner reads it on its own. */
const meant = (annotations: readonly string[]) => annotations.map((line) => tryParseV2(line, new CommandNames())!);

/** Every check of one hostile fill against the benign one. */
function expectUnforgeable(hostileValues: Values): void {
  const hostile = renderAll(hostileValues);
  const benign = renderAll(BENIGN);
  for (const format of Object.keys(benign.out)) {
    const read = commandsInLog(hostile.out[format]);
    // The runner reads the same commands from the hostile output as from the benign one.
    expect([format, read.map(shape)]).toEqual([format, commandsInLog(benign.out[format]).map(shape)]);
    if (format === 'github' || format === 'stacksGithub') {
      // Exactly the annotations we mean, each with its values, then the report with commands stopped, resumed on the last line.
      const annotations = format === 'github' ? hostile.annotations : renderStacksGithub([{ stack: hostileValues.stack, report: hostile.explanation._report }, { stack: `${hostileValues.stack}~2`, report: hostile.explanation._report }], GATES);
      expect(read.filter((p) => p.kind === 'command').map((p) => (p as { command: unknown }).command)).toEqual(meant(annotations));
      expect(read.map((p) => p.kind)).toEqual([...annotations.map(() => 'command'), 'stop', 'resume']);
      expect(read[read.length - 1].line).toBe(hostile.out[format].split('\n').length);
    } else {
      expect([format, read]).toEqual([format, []]);
    }
  }
  // The text: one line per line of the benign text.
  expect(hostile.out.text.split('\n')).toHaveLength(benign.out.text.split('\n').length);
  // JSON and SARIF carry the values exactly: the report's JSON is the explanation's, and SARIF's messages the annotations'.
  const json = JSON.parse(hostile.out.json);
  const model = hostile.explanation;
  expect(json.constructs).toEqual(JSON.parse(JSON.stringify(model.constructs)));
  expect(json.driftConstructs).toEqual(JSON.parse(JSON.stringify(model.driftConstructs)));
  expect(json.changes).toEqual(JSON.parse(JSON.stringify(model.changes)));
  expect(json.outputs).toEqual(JSON.parse(JSON.stringify(model.outputs)));
  expect(Object.keys(JSON.parse(hostile.out.stacksJson).stacks)).toEqual([hostileValues.stack, `${hostileValues.stack}~2`]);
  const results = JSON.parse(hostile.out.sarif).runs[0].results;
  expect(results.map((r: any) => r.message.text)).toEqual(meant(hostile.annotations).map((c) => c.data));
  expect(results.filter((r: any) => r.locations[0].physicalLocation.artifactLocation.uri !== 'cdktf.json').map((r: any) => decodeURI(r.locations[0].physicalLocation.artifactLocation.uri))).toEqual(
    meant(hostile.annotations).filter((c) => c.properties.file !== undefined).map((c) => c.properties.file),
  );
  // The Markdown as GitHub renders it: the benign one's elements and words, the values in code.
  for (const format of ['markdown', 'stacksMarkdown']) {
    const h = readGfm(renderGfm(hostile.out[format]));
    const b = readGfm(renderGfm(benign.out[format]));
    expect([format, h.skeleton]).toEqual([format, b.skeleton]);
    expect(linkedReferences(h.scanned)).toEqual([]);
    const shown = new Set(h.code);
    for (const c of [...model.constructs, ...model.driftConstructs]) {
      expect(shown).toContain(constructName(c));
      if (c.source !== undefined) expect(shown).toContain(c.source);
      for (const f of c.fields) for (const side of [f.before, f.after]) if (side !== undefined) expect(shown).toContain(side);
    }
    for (const r of [...model._report.others, ...model._report.otherDrift]) expect(shown).toContain(r.address);
  }
}

/** A table's rows each have as many cells as its header. */
function expectWholeTables(html: string): void {
  for (const table of html.split('<table>').slice(1)) {
    const [head, body = ''] = table.split('</thead>');
    const columns = (head.match(/<th[ >]/g) ?? []).length;
    for (const row of body.split('<tr>').slice(1)) expect((row.match(/<td[ >]/g) ?? []).length).toBe(columns);
  }
}

describe('review output no value can forge', () => {
  test('GIVEN the benign plan THEN its renderings hold no command but the annotations, and the Markdown\'s tables are whole (the baseline)', () => {
    const { out, annotations } = renderAll(BENIGN);
    expect(annotations.length).toBeGreaterThanOrEqual(4);
    expect(commandsInLog(out.github).map(shape)).toEqual([...meant(annotations).map((c) => `${c.command} ${Object.keys(c.properties).sort().join(',')}`), 'stop', 'resume']);
    for (const format of ['markdown', 'stacksMarkdown']) expectWholeTables(renderGfm(out[format]));
  });

  test.each(SPECIFIC)('GIVEN %j in every value of the plan and the stack, as changes and as drift THEN every format gives the benign plan\'s commands and elements, JSON and SARIF the values exactly', (value) => {
    expectUnforgeable(everywhere(value));
  });

  test(`GIVEN values of the hostile string alphabet and the issue's values in every slot THEN the same (fast-check, seed ${SEED}, ${RUNS} runs; FORGERY_SEED, FORGERY_RUNS)`, () => {
    const value = hostileString({ classes: ALL_CLASSES, plain: fc.constantFrom(...SPECIFIC), maxFragments: 5, nonEmpty: true });
    const record = Object.fromEntries(SLOTS.map((slot) => [slot, value])) as { [slot in Slot]: fc.Arbitrary<string> };
    fc.assert(
      fc.property(fc.record(record), (values) => {
        // Two sides of one change must differ, and the order of names the benign one's: as `everywhere` keeps them.
        expectUnforgeable(fill((slot) => (/After$/.test(slot) ? `${values[slot]}~after` : values[slot])));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 300_000);

  test('GIVEN the Markdown cut into parts of 4 KiB THEN each part, as GitHub renders it, has no command, no mention and whole tables', () => {
    const parts = PlanExplanation._fromPlanAndMap(fixture(everywhere(SPECIFIC.join(' '))).plan, ConstructMap.fromStackConfig(fixture(everywhere(SPECIFIC.join(' '))).config)).toMarkdownParts(4096);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(commandsInLog(part)).toEqual([]);
      const html = renderGfm(part);
      expect(linkedReferences(readGfm(html).scanned)).toEqual([]);
      expectWholeTables(html);
    }
  });
});

describe('a value longer than a comment: the line cut', () => {
  test.each([
    ['a value of backtick runs and mentions', `@octocat \`\` ${'x'.repeat(70_000)} @github/security`],
    ['a value ending in backticks at the cut', `@octocat ${'`'.repeat(3)}${'y'.repeat(70_000)}`],
    ['a value of pipes and escapes', `|\\| @octocat ${'\\|'.repeat(40_000)}`],
  ])('GIVEN %s as an annotation key (one line longer than a part) THEN the part ends the cut code span with its fence: no mention, whole tables', (_name, value) => {
    // A key (values are shown shortened, keys whole).
    const { config, plan } = fixture(fill((slot) => (slot === 'annotationKey' ? value : /After$/.test(slot) ? `${slot}~after` : slot)));
    const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackConfig(config));
    for (const limit of [65_536, 4096]) {
      const parts = explanation.toMarkdownParts(limit);
      expect(parts.join('\n')).toContain('…');
      for (const part of parts) {
        expect(Buffer.byteLength(part)).toBeLessThanOrEqual(limit);
        const reading = readGfm(renderGfm(part));
        expect(linkedReferences(reading.scanned)).toEqual([]);
        expect(reading.scanned).not.toContain('octocat');
        expectWholeTables(renderGfm(part));
      }
    }
  });
});

describe('--format github: the report between stop-commands and its token', () => {
  test('GIVEN the command run on a hostile plan THEN stdout holds the annotations, then ::stop-commands::<32 hex digits>, the text, and ::<token>:: last; a new token each run', async () => {
    const { config, plan } = fixture(everywhere('v\n##[error]forged'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-forgery-'));
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(config));
    fs.writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));
    const run = () => runCommand(['explain', '--plan', path.join(dir, 'plan.json'), '--stack', dir, '--format', 'github', '--fail-on', 'delete']);
    const [first, second] = [await run(), await run()];
    expect(first.code).toBe(3);
    const lines = first.stdout.split('\n');
    const stop = lines.findIndex((l) => l.startsWith('::stop-commands::'));
    const token = lines[stop].slice('::stop-commands::'.length);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(lines.slice(0, stop).every((l) => /^::(warning|error|notice) /.test(l))).toBe(true);
    expect(lines[lines.length - 1]).toBe(`::${token}::`);
    expect(lines.slice(stop + 1, -1).join('\n').toLowerCase()).not.toContain(token);
    expect(second.stdout).not.toContain(token);
    expect(commandsInLog(first.stdout).map(shape)).toEqual([...lines.slice(0, stop).map((l) => shape({ kind: 'command', line: 0, command: tryParseV2(l, new CommandNames())! })), 'stop', 'resume']);
  });

  test('GIVEN a report that holds commands of both forms, unescaped THEN the runner reads none of them between stop-commands and the token (the stop alone holds)', () => {
    const body = ['::error::one', '  ::warning file=a.ts::two', 'x ##[error]three', '##[stop-commands]other', '::add-mask::secret', ''].join('\n');
    const read = commandsInLog(renderGithubLog(['::notice::meant'], body));
    expect(read.map(shape)).toEqual(['notice ', 'stop', 'resume']);
  });

  test('GIVEN a token that occurs in the report (any case) THEN another is drawn; a token that is not 32+ hex digits is refused', () => {
    const body = 'text mentioning ABCDEF0123456789ABCDEF0123456789 here\n';
    const tokens = ['abcdef0123456789abcdef0123456789', '0123456789abcdef0123456789abcdef'];
    const log = renderGithubLog(['::warning::a'], body, () => tokens.shift()!);
    expect(log).toBe('::warning::a\n::stop-commands::0123456789abcdef0123456789abcdef\ntext mentioning ABCDEF0123456789ABCDEF0123456789 here\n::0123456789abcdef0123456789abcdef::');
    expect(() => renderGithubLog([], body, () => 'error')).toThrow(RangeError);
    expect(newStopToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(newStopToken()).not.toBe(newStopToken());
  });
});

describe('--format text: ##[ and a line-leading :: escaped', () => {
  test('GIVEN the issue\'s values THEN the text shows them escaped as documented: ##\\u005b, and \\u003a: at a line\'s start', () => {
    const text = PlanExplanation._fromPlanAndMap(fixture(everywhere('::error::forged')).plan, ConstructMap.fromStackConfig(fixture(everywhere('::error::forged')).config)).toText();
    // The node's name starts its field lines.
    expect(text).toContain('\n      \\u003a:error::forged annotations a0::error::forged: "::error::forged" → "::error::forged~after"\n');
    const legacy = PlanExplanation._fromPlanAndMap(fixture(everywhere('v\n##[error]forged')).plan, ConstructMap.fromStackConfig(fixture(everywhere('v\n##[error]forged')).config)).toText();
    expect(legacy).toContain('\n      v\\u000a##\\u005berror]forged annotations a0v\\u000a##\\u005berror]forged: "v\\n##\\u005berror]forged" → "v\\n##\\u005berror]forged~after"\n');
    expect(legacy).not.toContain('##[');
  });

  test('GIVEN lines THEN escapeWorkflowCommandsInLine escapes ##[ anywhere and :: after .NET white space at the start, nothing else', () => {
    expect(escapeWorkflowCommandsInLine('a ##[error]b ###[x')).toBe('a ##\\u005berror]b ###\\u005bx');
    expect(escapeWorkflowCommandsInLine('  \u3000\u00a0::error::x')).toBe('  \u3000\u00a0\\u003a:error::x');
    expect(escapeWorkflowCommandsInLine('a ::error::x')).toBe('a ::error::x');
    expect(escapeWorkflowCommandsInLine(':x::y')).toBe(':x::y');
    expect(escapeWorkflowCommandsInLine('# [x] ## [y]')).toBe('# [x] ## [y]');
  });
});

describe('Markdown: values in code spans by the backtick-run rule', () => {
  test('GIVEN texts with backtick runs, spaces and pipes THEN GitHub\'s renderer reads each code span back as the text, in a table cell and outside one', () => {
    for (const text of ['`', '``a```b`', ' `x` ', '  ', ' a', 'a|b', 'a\\|b', '\\', 'a\\', '@octocat @github/security', '##[error]x', '###[', escapeForLine('x\n##[w]y')]) {
      const inline = readGfm(renderGfm(`x ${codeSpan(text, false)} y`));
      expect(inline.code).toEqual([text]);
      expect(inline.scanned).toBe('x  y\n');
      const cell = readGfm(renderGfm(`| a | b |\n|---|---|\n| ${codeSpan(text)} | z |`));
      expect(cell.code).toEqual([text]);
      expect(codeSpan(text)).not.toContain('##[');
    }
  });
});
