/**
 * The template rule judged by the real terraform (issue 30): strings of text, a
 * reference and text, over the characters that decide how Terraform's template
 * scanner reads a reference (`$ % { } \ " CR LF ~ space BEL`, and `a`), go
 * through the library and through terraform, and the two must agree.
 *
 * - The library: the string pipeline's reading (string-position.ts
 *   `checkString`): accepted, with the known text and the unknown pieces it
 *   says Terraform reads; or refused, because the reference would be lost,
 *   because Terraform refuses the template, or because the text holds an
 *   expression the library does not take. And the entry points of every
 *   kind of string position, which must refuse what the reading refuses.
 * - Terraform: each string as cdktf writes it (resolved in a stack) is the value
 *   of one output, `variable "v" { default = "VALUE" }` behind the reference, in
 *   JSON syntax (.tf.json) and in HCL syntax (.tf, the library's HCL writer);
 *   one `validate` per round drops the outputs Terraform refuses, then one
 *   `plan` and `show -json` read every planned value.
 */
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { Construct } from 'constructs';
import { AuthenticationProfile, ImportTarget, KubernetesProvider, NodeList, NodeListMode, RestrictionPolicy, ValidationError } from '../../lib';
import { Op, TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { hclTemplate, resolvedForOutput } from '../../lib/core/hcl-writer';
import { Problems } from '../../lib/core/problems';
import { checkString } from '../../lib/core/string-position';
import { TextSegment } from '../../lib/core/text-grammar';
import { HOSTILE_CLASSES } from './hostile-strings';
import { readAssembly, usagesOf } from './jsii-positions';
import { Case, libraryOutcomes, positionsOf, positionsWritten, writesTerraform } from './position-judge';
import { workdir } from './terraform';
import { terraformAsync } from './terraform-async';

/**
 * The characters of the issue's generator: single characters of the hostile
 * alphabet's template, quote, lineBreak and control classes (the ones
 * HCL's scanner treats specially around a `${`), and one ordinary letter.
 */
export const TEMPLATE_CHARACTERS: readonly string[] = (() => {
  const classes = [...HOSTILE_CLASSES.template, ...HOSTILE_CLASSES.quote, ...HOSTILE_CLASSES.lineBreak, ...HOSTILE_CLASSES.control];
  const wanted = ['$', '%', '{', '}', '\\', '"', '\r', '\n', '~', ' ', '\u0007'];
  const present = new Set(classes.join(''));
  const missing = wanted.filter((c) => !present.has(c) && c !== ' ');
  if (missing.length > 0) throw new Error(`the hostile alphabet lost ${JSON.stringify(missing)}`);
  return [...wanted, 'a'];
})();

/** The value of the reference in every judged stack. */
export const REFERENCE_VALUE = 'VALUE';

/** One string: text, a reference to `var.v` (a cdktf token, or written by hand in the text, with or without strip markers), text. */
export interface TemplateCase {
  readonly before: string;
  readonly after: string;
  readonly reference: 'token' | 'text' | 'trimmed';
}

/** The reference a case writes by hand, in a stack whose variable is `name`. */
function handWritten(c: TemplateCase, name: string): string {
  return c.reference === 'trimmed' ? `\${~var.${name}~}` : `\${var.${name}}`;
}

/** `count` cases drawn with `seed`. */
export function templateCases(seed: number, count: number): TemplateCase[] {
  const text = fc.array(fc.constantFrom(...TEMPLATE_CHARACTERS), { maxLength: 6 }).map((cs) => cs.join(''));
  const reference = fc.constantFrom<TemplateCase['reference']>('token', 'token', 'text', 'trimmed');
  return fc.sample(fc.record({ before: text, after: text, reference }), { seed, numRuns: count });
}

/** A case as a JavaScript expression, for messages. */
export function caseLabel(c: TemplateCase): string {
  return `${JSON.stringify(c.before)} + ${c.reference === 'token' ? 'variable' : JSON.stringify(handWritten(c, 'v'))} + ${JSON.stringify(c.after)}`;
}

/** The string a case gives the library, in a stack where `variable` is `var.v`. */
export function caseValue(c: TemplateCase, variable: TerraformVariable): string {
  return c.before + (c.reference === 'token' ? variable.stringValue : handWritten(c, 'v')) + c.after;
}

/** What the library says of a string. */
export type LibraryReading =
  | { readonly kind: 'accepted'; readonly segments: readonly TextSegment[] }
  /**
   * `lost`: the reference would be read as text; `invalid`: Terraform refuses
   * the template; `expression`: the text holds an expression the rule does not
   * take in text; `other`: a refusal the template rule does not give (none is expected).
   */
  | { readonly kind: 'lost' | 'invalid' | 'expression' | 'other'; readonly problem: string };

/** The template rule's refusals, by the pipeline's words (string-position.ts readTemplate). */
const TEMPLATE_REFUSALS: readonly (readonly ['lost' | 'invalid' | 'expression', string])[] = [
  ['lost', 'is not read as one by Terraform'],
  ['invalid', 'Terraform reads it as a template and refuses it'],
  ['expression', 'is read by Terraform as an expression'],
  ['expression', 'is read by Terraform as a reference: in text, only'],
  ['expression', 'the template directive'],
  ['expression', 'sits inside the "${…}" the text opens'],
];

/** The kind of a refusal, from the pipeline's words; `other` for words the template rule does not use. */
export function refusalKind(problem: string): 'lost' | 'invalid' | 'expression' | 'other' {
  return TEMPLATE_REFUSALS.find(([, words]) => problem.includes(words))?.[0] ?? 'other';
}

/** A stack with `var.v`, as every judged string is written in. */
export function templateStack(): { stack: TerraformStack; variable: TerraformVariable } {
  const stack = new TerraformStack(Testing.app(), 'templates');
  return { stack, variable: new TerraformVariable(stack, 'v', { type: 'string', default: REFERENCE_VALUE }) };
}

/** The string pipeline's reading of `value` at a position that takes any text and references. */
export function libraryReading(value: string, stack: TerraformStack): LibraryReading {
  const problems = new Problems();
  const checked = checkString(value, { rule: 'any text', referencesFrom: { construct: stack } }, problems, 'value');
  if (checked !== undefined) return { kind: 'accepted', segments: checked.segments };
  const problem = problems.list.map((p) => p.allowed).join('; ');
  return { kind: refusalKind(problem), problem };
}

/** The known text and unknown pieces of an accepted reading (throws for a refusal). */
export function segmentsOf(reading: LibraryReading): readonly TextSegment[] {
  if (reading.kind !== 'accepted') throw new Error(`refused (${reading.kind}): ${reading.problem}`);
  return reading.segments;
}

/** The text the library says Terraform reads, the reference being `REFERENCE_VALUE`. */
export function expectedText(segments: readonly TextSegment[]): string {
  return segments.map((s) => ('known' in s ? s.known : REFERENCE_VALUE)).join('');
}

/** What terraform read of one output. */
export type TerraformReading = { readonly kind: 'refused'; readonly summary: string } | { readonly kind: 'value'; readonly value: string };

/**
 * Has terraform read each template (a JSON string's text, as cdktf writes it)
 * as the value of one output, in `syntax`: one file per output, so that a
 * template Terraform refuses is named by its file and breaks no other.
 */
export async function terraformReadings(templates: readonly string[], syntax: 'json' | 'hcl'): Promise<TerraformReading[]> {
  const dir = workdir({});
  const file = (i: number) => `o${i}.${syntax === 'json' ? 'tf.json' : 'tf'}`;
  if (syntax === 'json') fs.writeFileSync(path.join(dir, 'variables.tf.json'), JSON.stringify({ variable: { v: { default: REFERENCE_VALUE } } }));
  else fs.writeFileSync(path.join(dir, 'variables.tf'), `variable "v" {\n  default = "${REFERENCE_VALUE}"\n}\n`);
  templates.forEach((t, i) => {
    const text = syntax === 'json' ? JSON.stringify({ output: { [`o${i}`]: { value: t } } }) : `output "o${i}" {\n  value = ${hclTemplate(t)}\n}\n`;
    fs.writeFileSync(path.join(dir, file(i)), text);
  });
  const readings: (TerraformReading | undefined)[] = templates.map(() => undefined);
  // Parse errors come first (every file), then the errors of evaluation: a few rounds.
  for (let round = 0; ; round++) {
    const validate = await terraformAsync(dir, ['validate', '-json', '-no-color'], { allowFailure: true });
    const result = JSON.parse(validate.stdout) as { valid: boolean; diagnostics: { severity: string; summary: string; range?: { filename: string } }[] };
    if (result.valid) break;
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    for (const d of errors) {
      const i = /^o(\d+)\./.exec(d.range?.filename ?? '')?.[1];
      if (i === undefined) throw new Error(`terraform refused something no output names: ${d.summary} (${d.range?.filename}) in ${dir}`);
      readings[Number(i)] ??= { kind: 'refused', summary: d.summary };
      fs.rmSync(path.join(dir, file(Number(i))), { force: true });
    }
    if (round > 10) throw new Error(`terraform validate still fails after ${round} rounds in ${dir}`);
  }
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-lock=false', '-out=plan.bin']);
  const show = JSON.parse((await terraformAsync(dir, ['show', '-json', 'plan.bin'])).stdout);
  const outputs: { [name: string]: { value: unknown } } = show.planned_values?.outputs ?? {};
  const out = readings.map((r, i) => r ?? (outputs[`o${i}`] === undefined ? undefined : { kind: 'value' as const, value: String(outputs[`o${i}`].value) }));
  const missing = out.findIndex((r) => r === undefined);
  if (missing >= 0) throw new Error(`terraform neither refused nor planned output o${missing} in ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return out as TerraformReading[];
}

/** Whether terraform read the reference: its value is in the output (no text of the alphabet can spell it). */
export function referenceRead(reading: TerraformReading): boolean {
  return reading.kind === 'value' && reading.value.includes(REFERENCE_VALUE);
}

/**
 * Where the library and terraform disagree on one string: accepted means the
 * reference is read and the text is exactly what the library says; refused as
 * lost means terraform reads no reference; a template terraform refuses is
 * refused (not as lost); JSON and HCL read the same.
 */
export function disagreement(library: LibraryReading, json: TerraformReading, hcl: TerraformReading): string | undefined {
  if (json.kind !== hcl.kind || (json.kind === 'value' && hcl.kind === 'value' && json.value !== hcl.value)) {
    return `terraform reads the HCL differently from the JSON: ${JSON.stringify(json)} | ${JSON.stringify(hcl)}`;
  }
  if (library.kind === 'other') return `the library refuses it for a reason outside the template rule: ${library.problem}`;
  if (json.kind === 'refused') {
    return library.kind === 'accepted' || library.kind === 'lost' ? `terraform refuses the template (${json.summary}), the library ${library.kind === 'accepted' ? 'accepts it' : 'says only the reference is lost'}` : undefined;
  }
  if (library.kind === 'invalid') return `the library says terraform refuses it (${library.problem}), terraform reads ${JSON.stringify(json.value)}`;
  if (library.kind === 'accepted') {
    const expected = expectedText(library.segments);
    return json.value === expected ? undefined : `the library accepts it as ${JSON.stringify(expected)}, terraform reads ${JSON.stringify(json.value)}`;
  }
  if (library.kind === 'lost' && referenceRead(json)) return `the library says the reference is lost, terraform reads it: ${JSON.stringify(json.value)}`;
  return undefined;
}

/** The template cdktf writes for `value` (the JSON output's string). */
export function writtenTemplate(value: string, stack: TerraformStack): string {
  const written = resolvedForOutput(stack, value);
  if (typeof written !== 'string') throw new Error(`cdktf wrote ${JSON.stringify(value)} as ${JSON.stringify(written)}`);
  return written;
}

/** A kind of string position that takes references, and how a value reaches it through an entry point. */
export interface TemplatePosition {
  readonly label: string;
  readonly build: (scope: Construct, value: string, variable: TerraformVariable) => void;
}

const condition = (variable: TerraformVariable) => Op.neq(variable.stringValue, 'none');

/**
 * The kinds of string position that take references, each through its entry
 * point: JSON content (written inside jsonencode), a condition's message, a
 * manifest's strings (annotations: any text; a label value: a grammar), a
 * provider setting, an import id, a resource id (a grammar around the text).
 */
export const TEMPLATE_POSITIONS: readonly TemplatePosition[] = [
  {
    label: 'AuthenticationProfile content value',
    build: (s, value) => new AuthenticationProfile(s, 'x', { authenticationProfileName: 'p', authenticationProfileContent: { k: value } }),
  },
  {
    label: 'a precondition error message',
    build: (s, value, v) => new AuthenticationProfile(s, 'x', { authenticationProfileName: 'p', authenticationProfileContent: { k: '1' }, lifecycle: { precondition: [{ condition: condition(v), errorMessage: value }] } }),
  },
  {
    label: 'a postcondition error message',
    build: (s, value, v) =>
      new RestrictionPolicy(s, 'x', { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:abc'] }], lifecycle: { postcondition: [{ condition: condition(v), errorMessage: value }] } }),
  },
  {
    label: 'a node annotation value',
    build: (s, value) => new NodeList(s, 'x', { items: [{ metadata: { name: 'n1', annotations: { 'example.com/a': value } } }] }),
  },
  {
    label: 'a node label value',
    build: (s, value) => new NodeList(s, 'x', { items: [{ metadata: { name: 'n1', labels: { 'example.com/l': value } } }] }),
  },
  {
    label: 'a node taint value (labels, annotations and taints mode)',
    build: (s, value) => new NodeList(s, 'x', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'n1' }, spec: { taints: [{ key: 'k', value, effect: 'NoSchedule' }] } }] }),
  },
  {
    label: 'a Kubernetes provider setting (config_context)',
    build: (s, value) => new KubernetesProvider(s, 'x', { alias: 'k', configContext: value }),
  },
  {
    label: 'an import id',
    build: (s, value) => new ImportTarget(s, 'x', { terraformType: 'aws_redshift_authentication_profile', importId: value }),
  },
  {
    label: 'a restriction policy resource id',
    build: (s, value) => new RestrictionPolicy(s, 'x', { resourceId: `dashboard:${value}`, bindings: [{ relation: 'viewer', principals: ['role:abc'] }] }),
  },
];

/** What an entry point did with a value: accepted, refused (its message), or threw something else. */
export type EntryOutcome = { readonly kind: 'accepted' } | { readonly kind: 'refused'; readonly message: string } | { readonly kind: 'wrong'; readonly message: string };

/** Builds `value` at `position` in a construct of its own under `stack`. */
export function entryOutcome(position: TemplatePosition, value: string, stack: TerraformStack, variable: TerraformVariable, id: string): EntryOutcome {
  try {
    position.build(new Construct(stack, id), value, variable);
    return { kind: 'accepted' };
  } catch (e) {
    const message = String((e as Error)?.message ?? e);
    return e instanceof ValidationError ? { kind: 'refused', message } : { kind: 'wrong', message: `${(e as Error)?.constructor?.name}: ${message}` };
  }
}

/**
 * Where an entry point disagrees with the string pipeline's reading of the same
 * string: it may refuse more (its own grammar), never less; a refusal in the
 * words of the template rule is the reading's own.
 */
export function positionDisagreement(reading: LibraryReading, outcome: EntryOutcome): string | undefined {
  if (outcome.kind === 'wrong') return `threw ${outcome.message.slice(0, 300)}`;
  if (outcome.kind === 'accepted') return reading.kind === 'accepted' ? undefined : `accepted, but the reading refuses it (${reading.kind}: ${reading.problem.slice(0, 200)})`;
  const kind = TEMPLATE_REFUSALS.find(([, words]) => outcome.message.includes(words))?.[0];
  if (kind === undefined || kind === 'expression') return undefined;
  return reading.kind === kind ? undefined : `refused as ${kind}, but the reading says ${reading.kind}: ${outcome.message.slice(0, 300)}`;
}

/** The verdict on a batch of strings: the library's readings, terraform's, and where they disagree. */
export interface TemplateVerdict {
  readonly templates: readonly string[];
  readonly readings: readonly LibraryReading[];
  readonly json: readonly TerraformReading[];
  readonly hcl: readonly TerraformReading[];
  readonly disagreements: readonly string[];
}

/** Each case read by the library and, written as cdktf writes it, by terraform in JSON and in HCL syntax (two plans). */
export async function judgeTemplates(cases: readonly TemplateCase[]): Promise<TemplateVerdict> {
  const { stack, variable } = templateStack();
  const values = cases.map((c) => caseValue(c, variable));
  const readings = values.map((v) => libraryReading(v, stack));
  const templates = values.map((v) => writtenTemplate(v, stack));
  const [json, hcl] = await Promise.all([terraformReadings(templates, 'json'), terraformReadings(templates, 'hcl')]);
  const disagreements = cases.flatMap((c, i) => {
    const d = disagreement(readings[i], json[i], hcl[i]);
    return d === undefined ? [] : [`${caseLabel(c)} (written ${JSON.stringify(templates[i])}): ${d}`];
  });
  return { templates, readings, json, hcl, disagreements };
}

/** How many readings of each kind. */
export function tally(readings: readonly LibraryReading[]): { [kind: string]: number } {
  const out: { [kind: string]: number } = {};
  for (const r of readings) out[r.kind] = (out[r.kind] ?? 0) + 1;
  return out;
}

/** The strings at the kinds of position, `kindsPerString` kinds each (in turn): per kind, how many were built and accepted; the disagreements. */
export function judgeKinds(cases: readonly TemplateCase[], kindsPerString: number): { built: number[]; accepted: number[]; disagreements: string[] } {
  const disagreements: string[] = [];
  const accepted = TEMPLATE_POSITIONS.map(() => 0);
  const built = TEMPLATE_POSITIONS.map(() => 0);
  cases.forEach((c, i) => {
    for (let k = 0; k < Math.min(kindsPerString, TEMPLATE_POSITIONS.length); k++) {
      const p = (i * kindsPerString + k) % TEMPLATE_POSITIONS.length;
      const position = TEMPLATE_POSITIONS[p];
      // A stack each: thousands of constructs in one stack slow every one after.
      const { stack, variable } = templateStack();
      const value = caseValue(c, variable);
      const outcome = entryOutcome(position, value, stack, variable, 'c');
      built[p] += 1;
      if (outcome.kind === 'accepted') accepted[p] += 1;
      const d = positionDisagreement(libraryReading(value, stack), outcome);
      if (d !== undefined) disagreements.push(`${position.label} ← ${caseLabel(c)}: ${d}`);
    }
  });
  return { built, accepted, disagreements };
}

/**
 * The strings at every string position of the jsii assembly (the positions
 * judge's entries), `perPosition` each: where a position that writes its value
 * to Terraform accepts what the reading refuses, or refuses in the rule's words
 * otherwise. Left out: Literal.text (it writes its text literally) and
 * movedFrom (the moved block's address is derived from the construct path:
 * sanitized, none of its characters reach a template).
 */
export function judgeAssemblyPositions(
  cases: readonly TemplateCase[],
  perPosition: number,
): { positions: number; judged: number; accepted: number; neverWritten: number; disagreements: string[] } {
  const assembly = readAssembly();
  const usages = usagesOf(assembly);
  const positions = positionsOf(assembly).filter((p) => p.type === 'string' && p.entry !== 'Literal.text' && !p.entry.endsWith('.movedFrom'));
  const { stack, variable } = templateStack();
  const judged: { case: Case; template: TemplateCase; reading: LibraryReading }[] = [];
  positions.forEach((position, p) => {
    for (let k = 0; k < perPosition; k++) {
      const template = cases[(p * perPosition + k) % cases.length];
      const reading = libraryReading(caseValue(template, variable), stack);
      // The judge's stacks declare var.text (the token) and var.x (for a reference written by hand).
      const value = { label: caseLabel(template), make: (t: { string: string }) => template.before + (template.reference === 'token' ? t.string : handWritten(template, 'x')) + template.after };
      judged.push({ case: { n: judged.length, position, value }, template, reading });
    }
  });
  const toTerraform = judged.filter((j) => writesTerraform(j.case));
  const outcomes = libraryOutcomes(
    toTerraform.map((j) => j.case),
    usages,
  );
  const found = outcomes.flatMap((o, i) => {
    const { reading, template } = toTerraform[i];
    const outcome: EntryOutcome = o.kind === 'accepted' ? { kind: 'accepted' } : o.kind === 'refused' ? { kind: 'refused', message: o.message ?? '' } : { kind: 'wrong', message: o.detail ?? '' };
    const d = positionDisagreement(reading, outcome);
    return d === undefined ? [] : [{ position: o.case.position, accepted: outcome.kind === 'accepted', text: `${o.case.position.label} ← ${caseLabel(template)}: ${d}` }];
  });
  // A position that validates a value and never writes it (status, system metadata, a release) may accept any text.
  const { written } = positionsWritten([...new Set(found.map((f) => f.position))], usages);
  const neverWritten = found.filter((f) => f.accepted && !written.has(f.position.label));
  return {
    positions: new Set(toTerraform.map((j) => j.case.position.label)).size,
    judged: toTerraform.length,
    accepted: outcomes.filter((o) => o.kind === 'accepted').length,
    neverWritten: neverWritten.length,
    disagreements: found.filter((f) => !neverWritten.includes(f)).map((f) => f.text),
  };
}
