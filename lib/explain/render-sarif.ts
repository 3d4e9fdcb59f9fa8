// `--format sarif`: SARIF 2.1.0 (OASIS, sarif-v2.1.0-os), one rule per risk,
// one result per risky construct located on the line that declared it, so that
// GitHub code scanning shows it in the pull request's diff. The tests validate
// it against the SARIF 2.1.0 JSON schema.
import { ownPackage } from '../core/own-package';
import { constructName, actionAndCause } from './render-text';
import { RISK_RULES, Risk, sourceLocation, underSourceRoot } from './risks';
import { escapeWorkflowCommandsInJson } from './workflow-command-text';

/** The SARIF log, as JSON text (two-space indented, ending with a newline; no `##[`: see workflow-command-text.ts). */
export function renderSarif(risks: readonly (Risk & { stack?: string })[], options: { sourceRoot?: string } = {}): string {
  const { name, version } = ownPackage();
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: `${name} explain`,
            ...(version === undefined ? {} : { version }),
            informationUri: 'https://github.com/wmc-constructs/cdktf-warehouse-monitoring-cluster/blob/main/docs/explain.md',
            rules: RISK_RULES.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.description },
              fullDescription: { text: `${r.description} Reported by explain on the line of code that declared the construct.` },
              defaultConfiguration: { level: r.level },
              help: { text: `${r.description} Review the plan before applying it${r.gate === undefined ? '' : `; explain --fail-on ${r.gate} stops a pipeline on it`}.` },
            })),
          },
        },
        results: risks.map(({ rule, construct: c, level, stack }) => {
          // A construct no longer in the code has no declaring line: code scanning needs a location, so
          // such a result points at the app's cdktf.json (every cdktf app has one), line 1.
          const at = sourceLocation(c, options.sourceRoot) ?? { file: underSourceRoot('cdktf.json', options.sourceRoot), line: 1 };
          const who = `${stack === undefined ? '' : `stack ${stack}: `}${constructName(c)}`;
          return {
            ruleId: rule.id,
            ruleIndex: RISK_RULES.indexOf(rule),
            level,
            message: { text: `${who}${c.constructClass === undefined ? '' : ` (${c.constructClass})`} ${actionAndCause(c.actions, c.causes)}` },
            ...(at === undefined ? {} : { locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(at.file), uriBaseId: '%SRCROOT%' }, region: { startLine: at.line } } }] }),
            // Stable from run to run: the same construct and rule is the same alert.
            partialFingerprints: { 'constructPath/v1': `${stack ?? ''}/${c.constructPath}${c.instanceKey ?? ''}:${rule.id}` },
          };
        }),
      },
    ],
  };
  return escapeWorkflowCommandsInJson(`${JSON.stringify(log, null, 2)}\n`);
}
