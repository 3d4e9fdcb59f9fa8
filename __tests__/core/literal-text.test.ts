// The literal-text rule (lib/core/literal-text.ts) against its authority, the
// real terraform: every fragment of the hostile alphabet and generated strings
// are written as output values, in JSON (literalTemplate) and in HCL
// (hclTemplate of it), and terraform must read each back as the text itself
// (in NFC, as Terraform reads every string). And through cdktf: a Literal.text
// holding token-shaped text synthesizes without cdktf taking it for a token.
import * as fc from 'fast-check';
import { propertySeed } from '../support/property-runs';
import { Literal } from '../../lib';
import { TerraformOutput, TerraformStack, Testing } from '../../lib/core/framework';
import { hclTemplate } from '../../lib/core/hcl-writer';
import { literalTemplate, literalText, literalValueOf, literalView } from '../../lib/core/literal-text';
import { fragmentsOf, hostileString, LIVE_CLASSES } from '../support/hostile-strings';
import { workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const GENERATED = Number(process.env.LITERAL_CASES ?? 150);

// Lone surrogates cannot reach Terraform as themselves: Go's JSON decoder turns one into U+FFFD.
const TEXTS = [
  ...fragmentsOf(LIVE_CLASSES),
  '$$${x}',
  '%%%{x}',
  // Trailing runs of $ and %, which a literal writes as one interpolation.
  '$',
  '$$',
  '$%',
  '%$',
  'x$$%',
  // A lone CR stops Terraform's JSON reading from interpolating: literals that use an interpolation.
  '\rA$',
  'a\r${TfToken[TOKEN.0]}',
  '\r\r$%',
  '\ufeff\rx',
  '$${TfToken[TOKEN.0]}',
  '${TfToken[TOKEN.0]}${TfToken[TOKEN.1]}',
  ...fc.sample(hostileString({ classes: LIVE_CLASSES, maxFragments: 8 }), { numRuns: GENERATED, seed: propertySeed(17) }),
];

async function terraformReads(files: { [name: string]: string }): Promise<{ [name: string]: string }> {
  const dir = workdir(files);
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-out=plan.bin']);
  const show = JSON.parse((await terraformAsync(dir, ['show', '-json', 'plan.bin'])).stdout);
  return Object.fromEntries(Object.entries<any>(show.planned_values.outputs).map(([name, o]) => [name, o.value]));
}

const expected = Object.fromEntries(TEXTS.map((t, i) => [`o${i}`, t.normalize('NFC')]));

test(`terraform reads ${TEXTS.length} literal texts from JSON exactly as the texts`, async () => {
  const json = { output: Object.fromEntries(TEXTS.map((t, i) => [`o${i}`, { value: literalTemplate(t) }])) };
  expect(await terraformReads({ 'main.tf.json': JSON.stringify(json) })).toEqual(expected);
});

test(`terraform reads ${TEXTS.length} literal texts from HCL exactly as the texts`, async () => {
  const hcl = TEXTS.map((t, i) => `output "o${i}" {\n  value = ${hclTemplate(literalTemplate(t))}\n}\n`).join('\n');
  expect(await terraformReads({ 'main.tf': hcl })).toEqual(expected);
});

test('user templates with a lone CR or a leading BOM: terraform reads the HCL writer\'s output as it reads the JSON', async () => {
  const templates = ['\ufeffX', '\ufeff${"x"}', 'a\ufeff', '\r${"x"}', 'a\rb${"x"}c', '\r%{ if true }T%{ endif }', '\r$${y}', '${"x"}\r${"y"}', '\r\n${"x"}', '\r\n\r${"x"}', '${"x"}\r%%{z}'];
  // After a lone CR the rest is one literal, sliced by HCL's scanStringLit: `$$${` stays, `$$$${` gives `$$${` (found by template-rule.terraform.test.ts).
  templates.push('\r$$${y}', 'a\r$$$${y} $$$$${z}', '\r$%%{y}%%%{z}', 'x\r$${y}$$', '"\\\ra$$${var.v} \n{ ~');
  // Strip markers trim one literal token, cut as HCL's scanner cuts it ("$" and the byte before a newline): the HCL writer writes the trimmed texts.
  templates.push('$ \n${~"x"}', 'a$ ${~"x"}', '% %{~ if true ~} y %{~ endif ~} z', '${"a"~}  $\n b', '$$ \n${~"x"~}\n $', ' \\\n$$\n${~"x"~}', '}a$$$ ${~"x"~}\u0007', '%% %{~ if true }%{ endif }');
  const json = { output: Object.fromEntries(templates.map((t, i) => [`o${i}`, { value: t }])) };
  const hcl = templates.map((t, i) => `output "o${i}" {\n  value = ${hclTemplate(t)}\n}\n`).join('\n');
  const [fromJson, fromHcl] = [await terraformReads({ 'main.tf.json': JSON.stringify(json) }), await terraformReads({ 'main.tf': hcl })];
  expect(fromHcl).toEqual(fromJson);
  // The quirk itself, so that this test fails if Terraform changes it.
  expect(fromJson[`o${templates.indexOf('\r${"x"}')}`]).toBe('\r${"x"}');
  expect(fromJson[`o${templates.indexOf('\r$$${y}')}`]).toBe('\r$$${y}');
  expect(fromJson.o0).toBe('X');
});

test('a text that reads as itself is not changed; one that does not is', () => {
  expect(literalTemplate('plain $ % { } text')).toBe('plain $ % { } text');
  expect(literalTemplate('${x} %{y} $${z}')).toBe('$${x} %%{y} $$${z}');
  expect(literalText('no template')).toBe('no template');
  expect(literalValueOf(literalText('${x}'))).toBe('${x}');
});

test('Literal.text survives cdktf: token-shaped text is never taken for a token, in synth and in the checks', () => {
  const stack = new TerraformStack(Testing.app(), 's');
  const texts = ['${TfToken[TOKEN.0]}', '#{TfToken[TOKEN.1]}', '&{TfToken[TOKEN.2]}', '${TfToken[TOKEN.999999]}', '-1.8881545897087626e+289'];
  texts.forEach((t, i) => new TerraformOutput(stack, `o${i}`, { value: Literal.text(t) }));
  const outputs = JSON.parse(Testing.synth(stack)).output;
  expect(texts.map((_, i) => outputs[`o${i}`].value)).toEqual(texts.map(literalTemplate));
  // Text shaped like a token nobody made is not a literal, and asking does not throw.
  expect(Literal.textOf('${TfToken[TOKEN.999999]}')).toBeUndefined();
  expect(Literal.textOf('plain')).toBeUndefined();
  expect(literalView({ a: [Literal.text('${x}')], b: 'plain' })).toEqual({ a: ['${x}'], b: 'plain' });
});

test('the constructs check a literal as its text', () => {
  const { AuthenticationProfile } = require('../../lib');
  const stack = new TerraformStack(Testing.app(), 's');
  expect(() => new AuthenticationProfile(stack, 'p', { authenticationProfileName: Literal.text('bad_name'), authenticationProfileContent: '{}' })).toThrow(
    /props\/authenticationProfileName: received "bad_name"/,
  );
  expect(() => new AuthenticationProfile(stack, 'q', { authenticationProfileName: 'ok', authenticationProfileContent: Literal.text('{"Password":"x"}') })).toThrow(
    /props\/authenticationProfileContent\/Password/,
  );
  const content = Literal.text('{"k":"${not.a.template}"}');
  const profile = new AuthenticationProfile(stack, 'r', { authenticationProfileName: 'ok', authenticationProfileContent: content });
  expect(Literal.textOf(profile.canonicalContent)).toBe('{"k":"${not.a.template}"}');
});
