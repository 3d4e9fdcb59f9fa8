// `--format sarif`: SARIF 2.1.0 (OASIS, sarif-v2.1.0-os), one rule per risk,
// one result per risky construct located on the line that declared it, so that
// GitHub code scanning shows it in the pull request's diff. The tests validate
// it against the SARIF 2.1.0 JSON schema. Within GitHub's limits
// (github-limits.ts): one run, whatever the number of stacks (so never two runs
// of one tool and category), its results most severe first, at most
// SARIF_MAX_RESULTS_PER_RUN of them, and under SARIF_MAX_GZIP_BYTES once
// gzipped; what is left out is counted, by rule and with the reason, in a
// notification of the run (`invocations[0].toolExecutionNotifications`).
import { gzipSync } from 'zlib';
import { ownPackage } from '../core/own-package';
import { countByRule, countsText, formatCount, SARIF_MAX_GZIP_BYTES, SARIF_MAX_RESULTS_PER_RUN } from './github-limits';
import { constructName, actionAndCause } from './render-text';
import { bySeverity, RISK_RULES, Risk, RiskRule, sourceLocation, underSourceRoot } from './risks';
import { escapeWorkflowCommandsInJson } from './workflow-command-text';

/** How {@link renderSarif} writes. */
export interface SarifOptions {
  /** The app's directory in the repository, put before each source file. */
  readonly sourceRoot?: string;
  /** The most results the run holds (the tests lower it). @default SARIF_MAX_RESULTS_PER_RUN */
  readonly maxResults?: number;
  /** The most bytes the log may take gzip-compressed (the tests lower it). @default SARIF_MAX_GZIP_BYTES */
  readonly maxGzipBytes?: number;
}

/** What a run left out, and why: one notification each. */
interface LeftOut {
  readonly reason: string;
  readonly limit: number;
  readonly risks: readonly Risk[];
}

/** The SARIF log, as JSON text (two-space indented, ending with a newline; no `##[`: see workflow-command-text.ts). */
export function renderSarif(risks: readonly (Risk & { stack?: string })[], options: SarifOptions = {}): string {
  const maxResults = options.maxResults ?? SARIF_MAX_RESULTS_PER_RUN;
  const maxGzipBytes = options.maxGzipBytes ?? SARIF_MAX_GZIP_BYTES;
  const ordered = bySeverity(risks);
  // The changes' rules, then each guardrail rule a result names (its authority as helpUri).
  const rules = [...RISK_RULES, ...new Set(ordered.map((r) => r.rule).filter((r) => !RISK_RULES.includes(r)))];
  const results = ordered.map((risk) => sarifResult(risk, options.sourceRoot, rules));
  const byCount = Math.min(ordered.length, maxResults);
  const countCut: LeftOut[] = ordered.length > byCount ? [{ reason: `code scanning takes at most ${formatCount(maxResults)} results per run`, limit: maxResults, risks: ordered.slice(byCount) }] : [];
  let kept = byCount;
  for (;;) {
    const sizeCut: LeftOut[] = kept < byCount ? [{ reason: `code scanning takes a SARIF file of at most ${formatCount(maxGzipBytes)} bytes gzip-compressed`, limit: maxGzipBytes, risks: ordered.slice(kept, byCount) }] : [];
    const text = sarifLog(rules, results.slice(0, kept), [...countCut, ...sizeCut], ordered.length, kept);
    const size = gzippedSize(text, maxGzipBytes);
    if (size <= maxGzipBytes || kept === 0) return text;
    // Cut in proportion, with a margin, until it fits: each result takes about the same room.
    kept = Math.max(0, Math.min(kept - 1, Math.floor(kept * (maxGzipBytes / size) * 0.95)));
  }
}

/** The log's gzip-compressed size; the raw size when that is well under `limit` already (gzip only shrinks text this long). */
function gzippedSize(text: string, limit: number): number {
  const raw = Buffer.byteLength(text, 'utf8');
  return raw + 1024 <= limit ? raw : gzipSync(text).length;
}

function sarifLog(rules: readonly RiskRule[], results: readonly object[], leftOut: readonly LeftOut[], total: number, kept: number): string {
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
            rules: rules.map((r) =>
              r.helpUri === undefined
                ? {
                    id: r.id,
                    name: r.name,
                    shortDescription: { text: r.description },
                    fullDescription: { text: `${r.description} Reported by explain on the line of code that declared the construct.` },
                    defaultConfiguration: { level: r.level },
                    help: { text: `${r.description} Review the plan before applying it${r.gate === undefined ? '' : `; explain --fail-on ${r.gate} stops a pipeline on it`}.` },
                  }
                : {
                    // A guardrail rule: what it asks, what to do instead, and the document it rests on.
                    id: r.id,
                    name: r.name,
                    shortDescription: { text: r.description },
                    fullDescription: { text: `${r.description}. ${r.help ?? ''}`.trim() },
                    defaultConfiguration: { level: r.level },
                    helpUri: r.helpUri,
                    help: { text: `${r.help ?? r.description} Authority: ${r.helpUri}. Acknowledge it with Guardrails.of(scope).acknowledge({ rule: '${r.id}', reason }).` },
                    properties: { tags: ['guardrail'] },
                  },
            ),
          },
        },
        // The run's own account of itself: what it left out, and why (SARIF 2.1.0 §3.20.21).
        invocations: [
          {
            executionSuccessful: true,
            ...(leftOut.length === 0 ? {} : { toolExecutionNotifications: leftOut.map((l) => leftOutNotification(l, total, kept)) }),
          },
        ],
        results,
      },
    ],
  };
  return escapeWorkflowCommandsInJson(`${JSON.stringify(log, null, 2)}\n`);
}

function leftOutNotification(l: LeftOut, total: number, kept: number): object {
  const byRule = countByRule(l.risks);
  return {
    level: 'warning',
    message: {
      text: `${formatCount(l.risks.length)} of the plan's ${formatCount(total)} results are left out of this run (${countsText(byRule)}): ${l.reason}. The run holds the ${formatCount(kept)} most severe (errors first, then replace, delete, drift, remove-from-state, import); explain's text, Markdown and JSON reports list every one.`,
    },
    properties: { leftOut: l.risks.length, limit: l.limit, byRule },
  };
}

function sarifResult({ rule, construct: c, level, stack, message, acknowledged }: Risk & { stack?: string }, sourceRoot: string | undefined, rules: readonly RiskRule[]): object {
  // A construct no longer in the code has no declaring line: code scanning needs a location, so
  // such a result points at the app's cdktf.json (every cdktf app has one), line 1.
  const at = sourceLocation(c, sourceRoot) ?? { file: underSourceRoot('cdktf.json', sourceRoot), line: 1 };
  const who = `${stack === undefined ? '' : `stack ${stack}: `}${constructName(c)}`;
  return {
    ruleId: rule.id,
    ruleIndex: rules.indexOf(rule),
    level,
    message: { text: `${who}${c.constructClass === undefined ? '' : ` (${c.constructClass})`} ${message ?? actionAndCause(c.actions, c.causes)}` },
    // An acknowledged guardrail finding: reported, and suppressed with its reason (SARIF 2.1.0 §3.27.23, §3.35).
    ...(acknowledged === undefined ? {} : { suppressions: [{ kind: 'external', status: 'accepted', justification: acknowledged }] }),
    locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(at.file), uriBaseId: '%SRCROOT%' }, region: { startLine: at.line } } }],
    // Stable from run to run: the same construct and rule is the same alert.
    partialFingerprints: { 'constructPath/v1': `${stack ?? ''}/${c.constructPath}${c.instanceKey ?? ''}:${rule.id}${message === undefined ? '' : `:${message}`}` },
  };
}
