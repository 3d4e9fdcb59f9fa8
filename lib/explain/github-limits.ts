// What GitHub takes of the CI formats, each limit once, with its source. Past
// a limit GitHub drops what is over it, or refuses the whole upload, without a
// word to the reviewer: explain keeps the most severe (risks.ts bySeverity),
// leaves out the rest itself, and says how many it left out and why.
import { Report } from './report';
import { RISK_RULES, Risk, risksOf } from './risks';

/**
 * Results in one SARIF run: GitHub Docs, "SARIF support for code scanning"
 * (the table of limits: "Results per run 25,000"; only the top 5,000 are
 * shown, prioritized by severity). A file over any of its limits is rejected whole.
 */
export const SARIF_MAX_RESULTS_PER_RUN = 25_000;

/** Runs in one SARIF file: the same table, "Runs per file 20". explain writes one run. */
export const SARIF_MAX_RUNS_PER_FILE = 20;

/**
 * Size of a SARIF file once gzip-compressed: "10 MB" (GitHub Docs, "SARIF
 * support for code scanning", and "SARIF file is too large"). Taken as
 * 10,000,000 bytes, the smaller reading of "MB".
 */
export const SARIF_MAX_GZIP_BYTES = 10_000_000;

/**
 * Annotations of each level (error, warning, notice) one step may make:
 * actions/toolkit docs/problem-matchers.md, "Limitations" ("10 warning
 * annotations, 10 error annotations, and 10 notice annotations per step");
 * the runner drops the rest in print order, saying nothing.
 */
export const ANNOTATIONS_PER_LEVEL_PER_STEP = 10;

/** Annotations one job may make, all its steps together: the same "Limitations" ("50 annotations per job"). */
export const ANNOTATIONS_PER_JOB = 50;

/**
 * One step's job summary ($GITHUB_STEP_SUMMARY): GitHub Docs, "Workflow
 * commands for GitHub Actions", "Adding a job summary" (1 MiB per step). A
 * larger one is not shown at all: the runner reports "$GITHUB_STEP_SUMMARY
 * upload aborted, supports content up to a size of 1024k".
 */
export const JOB_SUMMARY_MAX_BYTES = 1024 * 1024;

/** How many risks of each rule, in RISK_RULES order, rules with none left out: `{ replace: 30, delete: 20 }`. */
export function countByRule(risks: readonly Risk[]): { [rule: string]: number } {
  const counts: { [rule: string]: number } = {};
  for (const rule of RISK_RULES) {
    const n = risks.filter((r) => r.rule === rule).length;
    if (n > 0) counts[rule.id] = n;
  }
  // Guardrail rules after, in the order they come.
  for (const r of risks) if (!RISK_RULES.includes(r.rule)) counts[r.rule.id] = (counts[r.rule.id] ?? 0) + 1;
  return counts;
}

/** `30 replace, 20 delete`: the counts of {@link countByRule} in words. */
export function countsText(counts: { readonly [rule: string]: number }): string {
  return Object.entries(counts).map(([rule, n]) => `${formatCount(n)} ${rule}`).join(', ');
}

/** `25,000`: a count as the reports print it (the same in every locale). */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * What the text and Markdown reports say about what the CI formats leave out,
 * as far as a report can know it: the number of SARIF results over
 * SARIF_MAX_RESULTS_PER_RUN (the risks of every stack share one run). Which
 * annotations are left out depends on the --fail-on gates, which a report
 * does not have: the annotations' own notice and the job summary say that.
 */
export function ciLimitNotes(reports: readonly Report[]): string[] {
  let risks = 0;
  for (const report of reports) risks += risksOf(report, []).length;
  if (risks <= SARIF_MAX_RESULTS_PER_RUN) return [];
  return [
    `This plan has ${formatCount(risks)} replaced, deleted, drifted, imported or released constructs: code scanning takes at most ${formatCount(SARIF_MAX_RESULTS_PER_RUN)} results per SARIF run, so --format sarif keeps the ${formatCount(SARIF_MAX_RESULTS_PER_RUN)} most severe and leaves out ${formatCount(risks - SARIF_MAX_RESULTS_PER_RUN)} (its run's notification counts them by rule).`,
  ];
}
