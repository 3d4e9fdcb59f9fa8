// The machine-readable report; docs/explain-report.schema.json describes it.
// Every resource is listed (unchanged ones too), in the explanation's order.
import { ExplainedResource } from './explained';
import { countActions } from './summary';

/** The version of the report's format, in its `version` field. */
export const REPORT_VERSION = 1;

/** The explanation as JSON text (two-space indented, ending with a newline). */
export function renderJson(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[]): string {
  const report = {
    version: REPORT_VERSION,
    summary: { actions: countActions(changes, []), changedOutsideTerraform: drift.length },
    changes,
    drift,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
