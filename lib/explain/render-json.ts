// The machine-readable report; docs/explain-report.schema.json describes it.
// Every resource is listed (unchanged ones too), in the explanation's order.
import { ExplainedResource } from './explained';
import { countActions, NO_EXTRAS, PlanExtras } from './summary';

/**
 * The version of the report's format, in its `version` field: 2 since the
 * report lists what a plan defers and the actions it runs (Terraform 1.14–1.16
 * plans); a version 1 report is a version 2 report without them.
 */
export const REPORT_VERSION = 2;

/** The explanation as JSON text (two-space indented, ending with a newline). */
export function renderJson(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], extras: PlanExtras = NO_EXTRAS): string {
  const report = {
    version: REPORT_VERSION,
    summary: { actions: countActions(changes, []), changedOutsideTerraform: drift.length, deferred: extras.deferred.length, actionInvocations: extras.actionInvocations.length },
    changes,
    drift,
    deferred: extras.deferred,
    actionInvocations: extras.actionInvocations,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
