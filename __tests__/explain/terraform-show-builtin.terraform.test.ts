// explain judged by `terraform show` on the plans an adversary found it
// disagreeing with (issue 44; given only the README and docs/explain.md):
// data sources read during apply, outputs whose type or sensitivity alone
// changes, a -target plan read from its JSON, and Terraform's implicit move
// when count is added. Terraform's built-in provider only (terraform_data,
// terraform_remote_state): no download.
import * as fs from 'fs';
import * as path from 'path';
import { PlanExplanation } from '../../lib';
import { terraform, workdir } from '../support/terraform';
import { judgeExplanation } from '../support/terraform-show';

interface Case {
  readonly name: string;
  readonly before: object;
  readonly after: object;
  readonly planArgs?: string[];
  /** Judge the explanation of the JSON alone (the mode inferred), not of the plan file. */
  readonly jsonOnly?: boolean;
}

const OTHER_STATE = 'other.tfstate';
const remote = (extra: object = {}) => ({ backend: 'local', config: { path: OTHER_STATE }, ...extra });

const CASES: Case[] = [
  {
    // A check block's data source is read again at apply: "(config will be reloaded to verify a check block)".
    name: 'check-block-read',
    before: { resource: { terraform_data: { p: { input: 'x' } } }, check: { chk: { data: { terraform_remote_state: { cr: remote() } }, assert: [{ condition: '${data.terraform_remote_state.cr.outputs != null}', error_message: 'no outputs' }] } } },
    after: { resource: { terraform_data: { p: { input: 'x' } } }, check: { chk: { data: { terraform_remote_state: { cr: remote() } }, assert: [{ condition: '${data.terraform_remote_state.cr.outputs != null}', error_message: 'no outputs' }] } } },
  },
  {
    // Reads whose configuration is unknown, or that depend on a pending change.
    name: 'pending-reads',
    before: { resource: { terraform_data: { p: { input: '1' } } } },
    after: {
      resource: { terraform_data: { p: { input: '2' } } },
      data: {
        terraform_remote_state: {
          unknown: { backend: 'local', config: { path: '${terraform_data.p.output == "" ? "x" : "other.tfstate"}' } },
          pending: { ...remote(), depends_on: ['terraform_data.p'] },
        },
      },
    },
  },
  {
    // An output whose sensitivity alone changes, one whose type alone changes, and one that changes.
    name: 'outputs-same-value',
    before: { resource: { terraform_data: { p: {} } }, output: { flip: { value: 'same' }, l: { value: ['a'] }, m: { value: { k: 'v' } }, n: { value: '1' } } },
    after: { resource: { terraform_data: { p: {} } }, output: { flip: { value: 'same', sensitive: true }, l: { value: '${tolist(["a"])}' }, m: { value: '${tomap({k = "v"})}' }, n: { value: '2' } } },
  },
  {
    name: 'output-sensitivity-only',
    before: { resource: { terraform_data: { p: {} } }, output: { flip: { value: 'same' } } },
    after: { resource: { terraform_data: { p: {} } }, output: { flip: { value: 'same', sensitive: true } } },
  },
  {
    // -target on nothing: Terraform writes complete: false, and lists only its targets.
    name: 'target-nothing-json',
    before: { resource: { terraform_data: { a: { input: 'x' } } }, output: { o: { value: 'v' } } },
    after: { resource: { terraform_data: { a: { input: 'x' } } }, output: { o: { value: 'v' } } },
    planArgs: ['-target=terraform_data.nonexist'],
    jsonOnly: true,
  },
  {
    // count added: Terraform moves `single` to `single[0]` itself, with no moved block.
    name: 'implicit-move',
    before: { resource: { terraform_data: { single: { input: 'x' } } } },
    after: { resource: { terraform_data: { single: { input: 'x', count: 1 } } } },
  },
];

const results: { name: string; explanation: PlanExplanation; shown: string; json: string }[] = [];

beforeAll(() => {
  for (const c of CASES) {
    const dir = workdir({ 'cdk.tf.json': JSON.stringify(c.before) });
    // The state the remote-state data sources read.
    fs.writeFileSync(path.join(dir, OTHER_STATE), JSON.stringify({ version: 4, terraform_version: '1.11.4', serial: 1, lineage: 'corpus', outputs: { x: { value: 'y', type: 'string' } }, resources: [] }));
    terraform(dir, ['init', '-input=false', '-no-color']);
    terraform(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);
    fs.writeFileSync(path.join(dir, 'cdk.tf.json'), JSON.stringify(c.after));
    const file = path.join(dir, 'tfplan');
    terraform(dir, ['plan', '-input=false', '-no-color', `-out=${file}`, ...(c.planArgs ?? [])]);
    const json = terraform(dir, ['show', '-json', file]).stdout;
    const shown = terraform(dir, ['show', '-no-color', file]).stdout;
    const config = JSON.stringify(c.after);
    const explanation = c.jsonOnly ? PlanExplanation.fromPlanAndConfig(json, config) : PlanExplanation.fromPlanAndConfig(json, config, { planMode: PlanExplanation.planModeOfFile(file) });
    results.push({ name: c.name, explanation, shown, json });
  }
}, 300_000);

describe('explain agrees with terraform show on what an adversary tried', () => {
  test.each(CASES.map((c) => c.name))('GIVEN %s THEN the first line and every resource terraform shows agree', (name) => {
    const r = results.find((x) => x.name === name)!;
    expect(judgeExplanation(r.explanation, r.shown, r.json)).toEqual([]);
  });

  test('GIVEN the reads THEN each is listed with terraform\'s reason; the outputs whose value is the same are not', () => {
    const reads = results.filter((r) => r.name.endsWith('reads') || r.name === 'check-block-read').flatMap((r) => r.explanation.changes.filter((c) => c.actions.includes('read')).map((c) => `${c.address}: ${c.causes.join('; ')}`));
    expect(reads.sort()).toEqual([
      'data.terraform_remote_state.cr: Terraform plans read (a check block reads it again)',
      'data.terraform_remote_state.pending: Terraform plans read (it depends on a resource or a module with changes pending)',
      'data.terraform_remote_state.unknown: Terraform plans read (its configuration refers to values not yet known)',
    ]);
    expect(results.find((r) => r.name === 'outputs-same-value')!.explanation.outputs.map((o) => o.name)).toEqual(['n']);
    expect(results.find((r) => r.name === 'implicit-move')!.explanation.changes[0].causes).toEqual(['moved from terraform_data.single']);
  });
});
