// The changes a reviewer must not miss, one per construct and kind of risk:
// what `--format github` annotates and `--format sarif` reports, each on the
// line of code that declared the construct.
import { ExplainedConstruct } from './explained';
import { ExplainGate, guardrailGated } from './gates';
import { ExplainedGuardrailRule } from './guardrail-report';
import { Report } from './report';

/** A kind of risk, and how it is named and described in both formats. */
export interface RiskRule {
  /** The SARIF rule id. */
  readonly id: string;
  /** The SARIF rule name (PascalCase). */
  readonly name: string;
  /** One sentence. */
  readonly description: string;
  /** The gate that makes it an error when the pipeline refuses it. */
  readonly gate?: ExplainGate;
  /** Its level when no gate matches: a warning for what loses or changes objects, a note otherwise (a guardrail rule: its own). */
  readonly level: 'error' | 'warning' | 'note';
  /** A guardrail rule's authority (the SARIF rule's helpUri). */
  readonly helpUri?: string;
  /** A guardrail rule's remedy. */
  readonly help?: string;
}

/** One rule per risk: replace, delete, drift, remove from state, import. */
export const RISK_RULES: readonly RiskRule[] = [
  { id: 'replace', name: 'ConstructReplaced', description: 'The plan replaces a resource of the construct: the object is destroyed (or forgotten) and created again.', gate: ExplainGate.REPLACE, level: 'warning' },
  { id: 'delete', name: 'ConstructDeleted', description: 'The plan destroys a resource of the construct.', gate: ExplainGate.DELETE, level: 'warning' },
  { id: 'drift', name: 'ConstructDrifted', description: 'The refresh found a resource of the construct changed or deleted outside Terraform.', gate: ExplainGate.DRIFT, level: 'warning' },
  { id: 'remove-from-state', name: 'ConstructRemovedFromState', description: 'A removed block makes Terraform forget a resource of the construct; the object is kept.', level: 'note' },
  { id: 'import', name: 'ConstructImported', description: 'An import block brings an existing object under the construct.', level: 'note' },
];

/** One risk of one construct. */
export interface Risk {
  readonly rule: RiskRule;
  readonly construct: ExplainedConstruct;
  /** `error` when its gate is among the gates the pipeline refuses. */
  readonly level: 'error' | 'warning' | 'note';
  /** A guardrail finding's own text (`<prop>: <message>`), said instead of the construct's action and cause. */
  readonly message?: string;
  /** A guardrail finding's acknowledgement: its reason (SARIF: a suppression). */
  readonly acknowledged?: string;
}

/** The risks of the report, constructs in the report's order, rules in RISK_RULES order. */
export function risksOf(report: Report, gates: readonly string[]): Risk[] {
  const out: Risk[] = [];
  const add = (c: ExplainedConstruct, id: string) => {
    const rule = RISK_RULES.find((r) => r.id === id)!;
    out.push({ rule, construct: c, level: rule.gate !== undefined && gates.includes(rule.gate) ? 'error' : rule.level });
  };
  for (const c of report.constructs) {
    if (c.actions.includes('replace') || c.actions.includes('replace without destroy')) add(c, 'replace');
    if (c.actions.includes('delete')) add(c, 'delete');
    if (c.actions.includes('remove from state')) add(c, 'remove-from-state');
    if (c.actions.includes('import')) add(c, 'import');
  }
  for (const c of report.driftConstructs) add(c, 'drift');
  out.push(...guardrailRisks(report, gates));
  return out;
}

// One rule object per guardrail rule id: counts and SARIF's rule list go by identity.
const GUARDRAIL_RULES = new Map<string, RiskRule>();

/** The SARIF and annotation rule of a guardrail rule. */
export function guardrailRiskRule(id: string, rule: ExplainedGuardrailRule): RiskRule {
  const key = JSON.stringify([id, rule]);
  let made = GUARDRAIL_RULES.get(key);
  if (made === undefined) {
    made = { id, name: `Guardrail${id.replace(/[^A-Za-z0-9]/g, '')}`, description: rule.title, level: rule.level, helpUri: rule.authority, help: rule.remedy };
    GUARDRAIL_RULES.set(key, made);
  }
  return made;
}

// Each guardrail finding, on its construct's line: at its rule's level, an error when a guardrail gate stops on it, a note when acknowledged.
function guardrailRisks(report: Report, gates: readonly string[]): Risk[] {
  return report.guardrails.findings.map((f) => {
    const construct: ExplainedConstruct = {
      constructPath: f.constructPath,
      inConfiguration: true,
      ...(f.constructClass === undefined ? {} : { constructClass: f.constructClass }),
      ...(f.source === undefined ? {} : { source: f.source }),
      symbol: '   ',
      actions: [],
      causes: [],
      addresses: [],
      fields: [],
    };
    const level = guardrailGated(f, gates) ? 'error' : f.acknowledged !== undefined ? 'note' : f.level;
    return {
      rule: guardrailRiskRule(f.rule, report.guardrails.rules[f.rule]),
      construct,
      level,
      message: `${f.rule} ${f.propPath === '' ? '' : `${f.propPath}: `}${f.message}${f.checkedAt === 'plan' ? ' (checked at plan)' : ''}`,
      ...(f.acknowledged === undefined ? {} : { acknowledged: f.acknowledged.reason }),
    };
  });
}

/** How severe a level is: an error (a --fail-on gate the pipeline refuses) first, then a warning, then a note. */
export const LEVEL_SEVERITY: { readonly [level in Risk['level']]: number } = { error: 0, warning: 1, note: 2 };

/**
 * The risks, most severe first: by level (error, warning, note), then by rule
 * in RISK_RULES order (replace, delete, drift, remove from state, import),
 * then in the report's order (a stable sort). Where GitHub caps what it takes
 * (github-limits.ts), what is cut is the end of this order: with no gate, or
 * with replace and delete refused, no drift, import or release is kept while
 * a replacement or a deletion is left out.
 */
export function bySeverity<T extends Risk>(risks: readonly T[]): T[] {
  // Guardrail findings after the changes' risks of their level.
  const order = (r: Risk) => (RISK_RULES.includes(r.rule) ? RISK_RULES.indexOf(r.rule) : RISK_RULES.length);
  const rank = (r: Risk) => LEVEL_SEVERITY[r.level] * (RISK_RULES.length + 1) + order(r);
  return risks.map((risk, i) => ({ risk, i, rank: rank(risk) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map((x) => x.risk);
}

/** `file` and `line` of a construct's source, the file under `sourceRoot` (a repository-relative directory). */
export function sourceLocation(c: ExplainedConstruct, sourceRoot = ''): { file: string; line: number } | undefined {
  const match = c.source === undefined ? null : /^([\s\S]+):(\d+)$/.exec(c.source);
  if (match === null) return undefined;
  return { file: underSourceRoot(match[1], sourceRoot), line: Number(match[2]) };
}

/** A file of the app (relative to its directory) as a path relative to the repository, under `sourceRoot`. */
export function underSourceRoot(file: string, sourceRoot = ''): string {
  const root = sourceRoot.replace(/\\/g, '/').replace(/^\.\/?/, '').replace(/\/+$/, '');
  return normalise(root === '' ? file : `${root}/${file}`);
}

// `infra/../main.ts` → `main.ts`: a repository-relative path, as code scanning and annotations want it.
function normalise(file: string): string {
  const out: string[] = [];
  for (const part of file.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}
