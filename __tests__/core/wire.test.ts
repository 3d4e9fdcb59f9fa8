// The wire model renders one description of attributes as JSON and as HCL; these
// tests parse the HCL back (with cdktf's own hcl2json) and require the same values.
import * as fc from 'fast-check';
import { propertySeed } from '../support/property-runs';
import { App, TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { wire } from '../../lib/core/wire';
import { WireProvider, WireResource } from '../../lib/core/wire-elements';
import { parseHclStack, readJsonStack, synthApp } from './../support/synth';

function stackOf(app: App, values: { [name: string]: any }, kind: 'string' | 'any'): void {
  const stack = new TerraformStack(app, 'wire');
  new WireProvider(stack, 'p', { providerName: 'test', source: 'example/test', versionConstraint: '>= 1.0', attributes: () => ({}) });
  for (const [name, value] of Object.entries(values)) {
    new WireResource(stack, name, {
      terraformType: 'test_thing',
      providerName: 'test',
      attributes: () => ({ value: kind === 'string' ? wire.string(value) : wire.any(value), list: kind === 'string' ? wire.stringList([value, 'x']) : undefined }),
    });
  }
}

async function roundTrip(values: { [name: string]: any }, kind: 'string' | 'any') {
  const build = (app: App) => stackOf(app, values, kind);
  const json = readJsonStack(synthApp(build, false), 'wire').resource.test_thing;
  const hcl = (await parseHclStack(synthApp(build, true), 'wire')).resource.test_thing;
  return { json, hcl };
}

describe('HCL output of the wire model', () => {
  // `${` and `%{` are Terraform template syntax in both outputs (cdktf treats such
  // strings as expressions), so literal round trips are checked for all other strings.
  test('strings of any other content (quotes, backslashes, braces, newlines, unicode) come back exactly', async () => {
    const tricky = ['plain', '', 'a"b', 'a\\"b', 'back\\slash', '\\b\\f', 'line\nbreak', 'cr\r\n', '$$', '100%', '{', '}{', '{"json":"text"}', '$}{', 'tab\t', 'ü→😀', '\u0008\u000c', '[1]', '123', 'true', 'null'];
    const generated = fc.sample(fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '$', '{', '%', '}', 'a', ' '), fc.string({ unit: 'grapheme', maxLength: 1 })), maxLength: 20 }), { numRuns: 500, seed: propertySeed(42) }).filter((v) => !/[$%]\{/.test(v));
    const values: { [name: string]: string } = {};
    [...tricky, ...generated].forEach((v, i) => (values[`r${i}`] = v));
    const { json, hcl } = await roundTrip(values, 'string');
    for (const [name, value] of Object.entries(values)) {
      const id = Object.keys(json).find((k) => k.startsWith(`${name}_`) || k === name)!;
      expect({ name, json: json[id].value }).toEqual({ name, json: value });
      // HCL normalizes string literals to Unicode NFC (U+2FA09 reads back as U+29B30).
      const nfc = value.normalize('NFC');
      expect({ name, hcl: hcl[id][0].value, list: hcl[id][0].list }).toEqual({ name, hcl: nfc, list: [nfc, 'x'] });
    }
  });

  test('JSON-like values (objects, arrays, numbers, booleans, null) come back as the same structure', async () => {
    // Numbers near ±1.9e289 are how cdktf encodes number tokens: keep generated numbers ordinary.
    const ordinary = (v: unknown): boolean =>
      typeof v === 'number' ? Math.abs(v) < 1e15 : Array.isArray(v) ? v.every(ordinary) : v !== null && typeof v === 'object' ? Object.values(v).every(ordinary) : true;
    const generated = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: 200, seed: propertySeed(7) }).filter((v) => v !== null && ordinary(v));
    const values: { [name: string]: any } = { manifest: { apiVersion: 'v1', kind: 'Node', spec: { podCIDRs: ['10.0.0.0/24', '${x}'], unschedulable: true, n: 3 } } };
    generated.forEach((v, i) => (values[`g${i}`] = v));
    const { json, hcl } = await roundTrip(values, 'any');
    for (const name of Object.keys(values)) {
      const id = Object.keys(json).find((k) => k.startsWith(`${name}_`) || k === name)!;
      expect(hcl[id][0].value).toEqual(json[id].value);
      expect(json[id].value).toEqual(JSON.parse(JSON.stringify(values[name])));
    }
  });

  test('references stay references in both outputs', async () => {
    const build = (app: App) => {
      const stack = new TerraformStack(app, 'wire');
      new WireProvider(stack, 'p', { providerName: 'test', source: 'example/test', versionConstraint: '>= 1.0', attributes: () => ({}) });
      const v = new TerraformVariable(stack, 'v', { type: 'string' });
      new WireResource(stack, 'r', {
        terraformType: 'test_thing',
        providerName: 'test',
        attributes: () => ({ value: wire.string(`prefix-${v.stringValue}`), m: wire.stringMap({ k: v.stringValue }), obj: wire.any({ a: v.stringValue }) }),
      });
    };
    const json = readJsonStack(synthApp(build, false), 'wire').resource.test_thing.r;
    const hcl = (await parseHclStack(synthApp(build, true), 'wire')).resource.test_thing.r[0];
    expect(json).toMatchObject({ value: 'prefix-${var.v}', m: { k: '${var.v}' }, obj: { a: '${var.v}' } });
    expect(hcl).toMatchObject({ value: 'prefix-${var.v}', m: { k: '${var.v}' }, obj: { a: '${var.v}' } });
  });

  test('absent optional attributes are left out of both outputs', () => {
    const stack = new TerraformStack(Testing.app(), 'wire');
    new WireProvider(stack, 'p', { providerName: 'test', source: 'example/test', versionConstraint: '>= 1.0', attributes: () => ({}) });
    new WireResource(stack, 'r', { terraformType: 'test_thing', providerName: 'test', attributes: () => ({ a: wire.string(undefined), b: wire.string('x') }) });
    expect(JSON.parse(Testing.synth(stack)).resource.test_thing.r).toEqual({ b: 'x' });
  });
});
