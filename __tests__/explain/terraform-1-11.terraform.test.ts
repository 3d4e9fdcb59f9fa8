// `explain` on what the real Terraform 1.11 writes (`terraform` on PATH, or
// TERRAFORM_BINARY): a state, shown with `terraform show -json` and as the
// state file, is refused; a plan with the top-level keys 1.11 writes beside
// the changes (variables, output_changes, prior_state, checks, timestamp,
// applyable, complete, errored) is read without a warning. Only built-in
// resources (terraform_data): no provider to download, no server. (1.11
// writes no deferred_changes or action_invocations: terraform-1-16.test.ts;
// its resource_drift and relevant_attributes: profiles.terraform.test.ts.)
import { Construct } from 'constructs';
import * as fs from 'fs';
import * as path from 'path';
import { TerraformStack } from '../../lib/core/framework';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { PLAN_KEYS } from '../../lib/explain/plan-json';
import { stackFile } from '../support/synth';
import { terraform, workdir } from '../support/terraform';
import { runCommand } from './support';

const SECRET = 'hunter2';

function build(value: string) {
  return (stack: TerraformStack) => {
    // A resource inside a plain Construct: not made by these constructs.
    new WireResource(new Construct(stack, 'plain'), 'marker', { terraformType: 'terraform_data', providerName: 'terraform', attributes: () => ({ input: wire.string(value) }) });
  };
}

// Written by hand beside cdk.tf.json (Terraform reads both): a sensitive variable, an output of it, a check block.
const EXTRA_TF = `
variable "password" {
  type      = string
  sensitive = true
  default   = "${SECRET}"
}
resource "terraform_data" "secret" {
  input = var.password
}
output "secret" {
  value     = terraform_data.secret.output
  sensitive = true
}
check "marker" {
  assert {
    condition     = terraform_data.secret.input != ""
    error_message = "empty"
  }
}
`;

let dir: string;
let shownState: string;
let planJson: string;

beforeAll(() => {
  const first = stackFile('real', build('v1'), false);
  dir = workdir({ [first.file]: first.text, 'extra.tf': EXTRA_TF });
  terraform(dir, ['init', '-input=false', '-no-color']);
  terraform(dir, ['apply', '-input=false', '-no-color', '-auto-approve']);
  shownState = terraform(dir, ['show', '-json']).stdout;
  const second = stackFile('real', build('v2'), false);
  fs.writeFileSync(path.join(dir, second.file), second.text);
  terraform(dir, ['plan', '-input=false', '-no-color', '-out=tfplan']);
  planJson = terraform(dir, ['show', '-json', 'tfplan']).stdout;
  fs.writeFileSync(path.join(dir, 'state.json'), shownState);
  fs.writeFileSync(path.join(dir, 'plan.json'), planJson);
}, 120_000);

describe('explain: what the real Terraform 1.11 writes', () => {
  test('GIVEN `terraform show -json` of a state, and the state file itself, with every gate THEN exit 1: this looks like a state; no value of it shown', async () => {
    // The state holds the sensitive value in clear: what explain writes must not.
    expect(shownState).toContain(SECRET);
    expect(Object.keys(JSON.parse(shownState)).sort()).toEqual(['checks', 'format_version', 'terraform_version', 'values']);
    for (const file of ['state.json', 'terraform.tfstate']) {
      const run = await runCommand(['explain', '--plan', path.join(dir, file), '--stack', dir, '--fail-on', 'replace,delete,drift']);
      expect([file, run.code, run.stdout]).toEqual([file, 1, '']);
      expect(run.stderr.split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^explain: cannot read the plan: plan: received an object without .*planned_values.*: this looks like a state, not a plan/);
      expect(run.stderr).not.toContain(SECRET);
    }
  });

  test('GIVEN the plan (JSON and saved file) THEN it is read: exit 0, nothing on stderr, the sensitive value concealed', async () => {
    expect(Object.keys(JSON.parse(planJson)).sort()).toEqual(
      ['applyable', 'checks', 'complete', 'configuration', 'errored', 'format_version', 'output_changes', 'planned_values', 'prior_state', 'resource_changes', 'terraform_version', 'timestamp', 'variables'],
    );
    // Every key 1.11 writes is one explain reads (PLAN_KEYS, Terraform 1.16's): no warning of keys left out.
    expect(Object.keys(JSON.parse(planJson)).filter((k) => !PLAN_KEYS.includes(k))).toEqual([]);
    for (const file of ['plan.json', 'tfplan']) {
      const run = await runCommand(['explain', '--plan', path.join(dir, file), '--stack', dir, '--format', 'json']);
      expect([file, run.code, run.stderr]).toEqual([file, 0, '']);
      expect(JSON.parse(run.stdout).changes.map((r: any) => [r.address, r.actions])).toEqual([
        ['terraform_data.plain_marker_3F17483A', ['update']],
        ['terraform_data.secret', ['no-op']],
      ]);
      expect(run.stdout).not.toContain(SECRET);
    }
  });
});
