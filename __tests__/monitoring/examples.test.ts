// The monitoring example stacks: snapshots of their Terraform JSON, the HCL
// output equal to the JSON output, and no key material in any written file.
import * as fs from 'fs';
import * as path from 'path';
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { MONITORING_EXAMPLES } from '../../examples/monitoring';
import { comparableBlocks, parseHclStack, readJsonStack, stackNames, synthApp, synthJson } from '../support/synth';

const NAMES = Object.keys(MONITORING_EXAMPLES).sort();

function buildMonitoring(app: App): void {
  for (const [name, build] of Object.entries(MONITORING_EXAMPLES)) build(app, name);
}

describe('monitoring examples', () => {
  test('there are four examples: create, org over http, adopt, lookup', () => {
    expect(NAMES).toEqual(['monitoring-policy-adopt', 'monitoring-policy-create', 'monitoring-policy-lookup', 'monitoring-policy-org-http']);
  });

  test.each(NAMES)('%s synthesizes to the reviewed snapshot', (name) => {
    const app = Testing.app();
    MONITORING_EXAMPLES[name](app, name);
    expect(synthJson(app.node.findChild(name) as TerraformStack)).toMatchSnapshot();
  });

  test('HCL output and JSON output carry the same blocks', async () => {
    const jsonDir = synthApp(buildMonitoring, false);
    const hclDir = synthApp(buildMonitoring, true);
    expect(stackNames(hclDir)).toEqual(NAMES);
    for (const name of NAMES) {
      const fromJson = comparableBlocks(readJsonStack(jsonDir, name));
      const fromHcl = comparableBlocks(await parseHclStack(hclDir, name));
      expect({ name, blocks: fromHcl }).toEqual({ name, blocks: fromJson });
    }
    // The parser accepts a postcondition written as an attribute; Terraform does not.
    const httpStack = fs.readFileSync(path.join(hclDir, 'stacks', 'monitoring-policy-org-http', 'cdk.tf'), 'utf8');
    expect(httpStack).toMatch(/lifecycle \{\s*postcondition \{\s*condition = "\$\{self\.status_code == 200\}"/);
    expect(httpStack).not.toMatch(/postcondition\s*=/);
  });
});

describe('no key material in synthesized files', () => {
  const API_KEY = 'ddapikey-0f1e2d3c4b5a69788796a5b4c3d2e1f0';
  const APP_KEY = 'ddappkey-aaaabbbbccccddddeeeeffff00001111';
  let saved: { [name: string]: string | undefined };

  beforeAll(() => {
    saved = { DD_API_KEY: process.env.DD_API_KEY, DD_APP_KEY: process.env.DD_APP_KEY };
    process.env.DD_API_KEY = API_KEY;
    process.env.DD_APP_KEY = APP_KEY;
  });

  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  function filesUnder(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  }

  test.each([false, true])('GIVEN DD_API_KEY and DD_APP_KEY set WHEN the examples are synthesized (hcl: %s) THEN no file holds either key', (hcl) => {
    const outdir = synthApp(buildMonitoring, hcl);
    const files = filesUnder(outdir);
    // The check reads what was written: the stacks' files are among them.
    expect(files.filter((f) => /cdk\.tf(\.json)?$/.test(f))).toHaveLength(NAMES.length);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const secret of [API_KEY, APP_KEY, API_KEY.slice(9), APP_KEY.slice(9)]) {
        expect({ file, leaks: text.includes(secret) }).toEqual({ file, leaks: false });
      }
    }
    // The stacks that take keys refer to variables instead.
    const http = fs.readFileSync(files.find((f) => f.includes('monitoring-policy-org-http') && /cdk\.tf(\.json)?$/.test(f))!, 'utf8');
    expect(http).toContain('var.dd_api_key');
    expect(http).toContain('var.dd_app_key');
  });
});
