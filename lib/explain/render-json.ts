// The machine-readable report; docs/explain-report.schema.json describes it.
// Every resource is listed (unchanged ones too), in the explanation's order;
// version 2 adds the same changes per construct, Terraform's count and the outputs.
import { changedConstructs, Report } from './report';
import { countActions } from './summary';
import { escapeWorkflowCommandsInJson } from './workflow-command-text';

/**
 * The version of the report's format, in its `version` field: 2 adds, to what
 * version 1 had, the changes per construct, Terraform's count, the outputs,
 * what a plan defers and the actions it runs (Terraform 1.14–1.16 plans); 3
 * adds Terraform's headline and the plan's mode.
 */
export const REPORT_VERSION = 3;

/** The explanation as JSON text (two-space indented, ending with a newline; no `##[`, which a GitHub job log would read as a command: see workflow-command-text.ts). */
export function renderJson(report: Report): string {
  const { changed, unchanged } = changedConstructs(report);
  const json = {
    version: REPORT_VERSION,
    summary: {
      actions: countActions(report.changes, []),
      changedOutsideTerraform: report.drift.length,
      terraform: report.terraform,
      terraformHeadline: report.headline,
      planMode: report.planMode ?? 'unknown',
      constructs: { changed: changed.length, unchanged },
      deferred: report.deferred.length,
      actionInvocations: report.actionInvocations.length,
    },
    constructs: report.constructs,
    driftConstructs: report.driftConstructs,
    changes: report.changes,
    drift: report.drift,
    outputs: report.outputs,
    deferred: report.deferred,
    deferredConstructs: report.deferredConstructs,
    actionInvocations: report.actionInvocations,
    guardrails: report.guardrails,
  };
  return escapeWorkflowCommandsInJson(`${JSON.stringify(json, null, 2)}\n`);
}
