// Synthesizes stacks for tests: the JSON as Terraform reads it, and the HCL
// (`cdktf synth --hcl`) parsed back to JSON to compare the two.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from '@cdktf/hcl2json';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { synthAtomically } from '../../scripts/synth-atomically';

/** The synthesized Terraform JSON of a stack (validations run). */
export function synthJson(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack, true));
}

/** Synthesizes a whole app into a fresh directory, as JSON or as HCL; returns the out dir. */
export function synthApp(build: (app: App) => void, hcl: boolean): string {
  const outdir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), hcl ? 'synth-hcl-' : 'synth-json-')), 'out');
  synthAtomically(outdir, build, hcl);
  return outdir;
}

/**
 * The single file of stack `name`, as JSON (`cdk.tf.json`) or HCL (`cdk.tf`),
 * from a real synth (validations run), without cdktf's default local backend
 * (an absolute path under the current directory): the state stays in the
 * directory terraform runs in. `metadata` is the HCL synth's metadata.json (the
 * construct paths, which cdk.tf does not hold).
 */
export function stackFile(name: string, build: (stack: TerraformStack) => void, hcl: boolean): { file: string; text: string; metadata?: string } {
  const out = synthApp((app: App) => build(new TerraformStack(app, name)), hcl);
  const file = hcl ? 'cdk.tf' : 'cdk.tf.json';
  const text = fs.readFileSync(path.join(out, 'stacks', name, file), 'utf8');
  if (hcl) {
    const without = text.replace(/\nbackend "local" \{\npath = "[^"\n]*"\n\}\n/, '\n');
    if (without === text) throw new Error('no local backend block found in the HCL output');
    return { file, text: without, metadata: fs.readFileSync(path.join(out, 'stacks', name, 'metadata.json'), 'utf8') };
  }
  const config = JSON.parse(text);
  delete config.terraform.backend;
  return { file, text: JSON.stringify(config, null, 2) };
}

/** Names of the stacks in a synthesized out dir. */
export function stackNames(outdir: string): string[] {
  return fs.readdirSync(path.join(outdir, 'stacks')).sort();
}

/** The `cdk.tf` of a stack, parsed to JSON by the HCL parser cdktf itself uses (constant expressions evaluated). */
export async function parseHclStack(outdir: string, stack: string): Promise<any> {
  const file = path.join(outdir, 'stacks', stack, 'cdk.tf');
  return parse('cdk.tf', fs.readFileSync(file, 'utf8'));
}

/** The `cdk.tf.json` of a stack. */
export function readJsonStack(outdir: string, stack: string): any {
  return JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', stack, 'cdk.tf.json'), 'utf8'));
}

/**
 * The blocks of a configuration that carry meaning, in one shape for both outputs:
 * `resource`, `data`, `import`, `moved`, `removed`, `output` and the provider settings; cdktf's `//` metadata
 * dropped; HCL's one-item block lists collapsed to the object JSON writes;
 * `lifecycle`, `depends_on`, `to` and `from` references written as JSON writes them (`type.name`).
 */
export function comparableBlocks(config: any): any {
  const pick = {
    resource: config.resource,
    data: config.data,
    import: config.import,
    moved: config.moved,
    removed: config.removed,
    provider: config.provider,
    output: config.output,
  };
  return normalize(pick);
}

function normalize(value: any): any {
  if (Array.isArray(value)) {
    const items = value.map(normalize);
    return items.length === 1 && isPlainObject(items[0]) ? items[0] : items;
  }
  if (isPlainObject(value)) {
    const out: any = {};
    for (const key of Object.keys(value).sort()) {
      if (key === '//' || value[key] === undefined) continue;
      out[key] = key === 'replace_triggered_by' || key === 'depends_on' || key === 'to' || key === 'from' ? references(value[key]) : normalize(value[key]);
    }
    return out;
  }
  return value;
}

// HCL references come back from the parser as "${type.name}".
function references(value: any): any {
  const strip = (s: string) => s.replace(/^\$\{(.*)\}$/s, '$1');
  return Array.isArray(value) ? value.map(strip) : typeof value === 'string' ? strip(value) : value;
}

function isPlainObject(value: any): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
