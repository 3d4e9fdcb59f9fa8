// Every example stack synthesizes, both as JSON and as HCL, and the two outputs
// carry the same blocks; `npm run synth` writes all or nothing.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from '../lib/core/framework';
import { buildExamples, EXAMPLE_STACKS } from '../examples/app';
import { AuthenticationProfile } from '../lib';
import { synthAtomically } from '../scripts/synth-atomically';
import { comparableBlocks, parseHclStack, readJsonStack, stackNames, synthApp } from './support/synth';

describe('example stacks', () => {
  let jsonOut: string;
  let hclOut: string;
  beforeAll(() => {
    jsonOut = synthApp(buildExamples, false);
    hclOut = synthApp(buildExamples, true);
  });

  test('every example stack is synthesized, as cdk.tf.json and as cdk.tf', () => {
    const names = Object.keys(EXAMPLE_STACKS).sort();
    expect(stackNames(jsonOut)).toEqual(names);
    expect(stackNames(hclOut)).toEqual(names);
    for (const name of names) {
      expect(fs.existsSync(path.join(jsonOut, 'stacks', name, 'cdk.tf.json'))).toBe(true);
      expect(fs.existsSync(path.join(hclOut, 'stacks', name, 'cdk.tf'))).toBe(true);
    }
  });

  test.each(Object.keys(EXAMPLE_STACKS).sort())('%s: the HCL output carries the same blocks as the JSON output', async (name) => {
    const fromJson = comparableBlocks(readJsonStack(jsonOut, name));
    const fromHcl = comparableBlocks(await parseHclStack(hclOut, name));
    expect(fromHcl).toEqual(fromJson);
    const blocks = ['resource', 'data', 'output'].map((kind) => Object.keys(fromJson[kind] ?? {}).length);
    expect(blocks.reduce((a, b) => a + b, 0) + (fromJson.import?.length ?? 0)).toBeGreaterThan(0);
  });
});

describe('synth is all or nothing', () => {
  test('a failing stack leaves the previous output untouched and writes no partial output', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-'));
    const outdir = path.join(root, 'cdktf.out');
    synthAtomically(outdir, buildExamples, false);
    const before = fs.readdirSync(path.join(outdir, 'stacks')).sort();

    const failing = (app: App) => {
      buildExamples(app);
      const stack = new TerraformStack(app, 'broken');
      new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'not_valid', authenticationProfileContent: {} });
    };
    expect(() => synthAtomically(outdir, failing, false)).toThrow(/broken\/p: 1 invalid property/);
    expect(fs.readdirSync(path.join(outdir, 'stacks')).sort()).toEqual(before);
    expect(fs.readdirSync(root)).toEqual(['cdktf.out']);
  });

  test('a re-synth replaces only the synthesized files: what Terraform and the user put beside them stays (issue 20)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-'));
    const outdir = path.join(root, 'cdktf.out');
    const [stack] = synthAtomically(outdir, buildExamples, false);
    const dir = path.join(outdir, 'stacks', stack);
    const kept: { [file: string]: string } = {
      '.terraform/providers/marker': 'installed provider',
      '.terraform.lock.hcl': '# lock',
      'plan.bin': 'a saved plan',
      'generated.tf': '# from -generate-config-out',
      'terraform.tfstate': '{"version":4}',
    };
    for (const [file, text] of Object.entries(kept)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const keptAsIs = () => Object.keys(kept).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    const synthesized = fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8');

    // A failed synth changes nothing, synthesized files included.
    const failing = (app: App) => {
      buildExamples(app);
      new AuthenticationProfile(new TerraformStack(app, 'broken'), 'p', { authenticationProfileName: 'not_valid', authenticationProfileContent: {} });
    };
    expect(() => synthAtomically(outdir, failing, false)).toThrow(/broken\/p: 1 invalid property/);
    expect(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8')).toBe(synthesized);
    expect(keptAsIs()).toEqual(Object.values(kept));

    // A successful one rewrites the synthesized file and keeps the rest.
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), '{}');
    synthAtomically(outdir, buildExamples, false);
    expect(fs.readFileSync(path.join(dir, 'cdk.tf.json'), 'utf8')).toBe(synthesized);
    expect(keptAsIs()).toEqual(Object.values(kept));

    // Switching to HCL removes the JSON file, which Terraform would read beside cdk.tf.
    synthAtomically(outdir, buildExamples, true);
    expect(fs.existsSync(path.join(dir, 'cdk.tf'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'cdk.tf.json'))).toBe(false);
    expect(keptAsIs()).toEqual(Object.values(kept));
    expect(fs.readdirSync(root)).toEqual(['cdktf.out']);
  });

  test('a failing cdktf validation at synth time also leaves no output', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-'));
    const outdir = path.join(root, 'cdktf.out');
    const missingProvider = (app: App) => {
      const stack = new TerraformStack(app, 'no-provider');
      new AuthenticationProfile(stack, 'p', { authenticationProfileName: 'ok', authenticationProfileContent: {} });
    };
    expect(() => synthAtomically(outdir, missingProvider, false)).toThrow(/for the following providers: aws/);
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
