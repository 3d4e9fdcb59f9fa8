// The guardrails' findings of a stack (issue 45): each construct of this
// library records its props as given (recordGuardrailSubject); at synth every
// rule that applies to its class checks them: the built-in rules its
// descriptor names, and the rules added on its scopes (Guardrails.addRule).
// Each finding is matched against the acknowledgements of the construct's
// scopes; it is written once per construct in the stack's metadata
// (`"//".metadata.guardrails`, beside the source locations) so that `explain`
// can show it, said at synth (a warning or a note on the construct), and an
// error fails synth where it is enforced, or for a custom rule.
import { IConstruct } from 'constructs';
import { AnnotationMetadataEntryType, Annotations, TerraformElement, TerraformStack } from './framework';
import { GuardrailLevel, GuardrailSubject, IGuardrailRule, ruleProblems } from './guardrail-rule';
import { builtinPropsOf, plainPropsOf } from './guardrail-values';
import { acknowledgementHolds, anyScopeHeld, guardrailScopes, RecordedAcknowledgement, ScopeGuardrails, today } from './guardrail-scopes';
import { originOf } from './construct-origin';
import { escapeForLine } from './server-text';
import { isPlainObject } from './plain-object';

/**
 * The context key that turns the guardrails off: set it to `false` (in cdktf.json's `context`, or
 * `new App({ context: { … } })`) and no rule is checked, nothing is recorded (for the benchmark's
 * baseline, or an app that runs its own policy engine).
 */
export const GUARDRAILS_CONTEXT = 'cdktf-warehouse-monitoring-cluster:guardrails';

/**
 * The stack's record, from its metadata: the JSON text toMetadata writes (an object is read as it is);
 * undefined when there is none or it is not JSON.
 */
export function readGuardrailsRecord(metadata: unknown): unknown {
  const value = metadata !== null && typeof metadata === 'object' ? (metadata as { [key: string]: unknown })[GUARDRAILS_METADATA_KEY] : undefined;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The key of the findings in the stack's `"//".metadata`. */
export const GUARDRAILS_METADATA_KEY = 'guardrails';

/** One finding, as recorded. */
export interface GuardrailFinding {
  readonly rule: string;
  readonly level: GuardrailLevel;
  /** The construct's path below its stack. */
  readonly constructPath: string;
  readonly constructClass: string;
  readonly propPath: string;
  readonly message: string;
  /** Where the construct was declared (`file:line`), when recorded. */
  readonly source?: string;
  /** When acknowledged: the reason, the last day, and the scope it was made on. */
  readonly acknowledged?: { readonly reason: string; readonly until?: string; readonly scopePath: string };
  /** When an acknowledgement of it lapsed: its last day. */
  readonly lapsed?: string;
  /** True for a rule added with Guardrails.addRule (its errors always fail synth). */
  readonly custom?: boolean;
}

/** A rule as the reports describe it. */
export interface GuardrailRuleRecord {
  readonly title: string;
  readonly level: GuardrailLevel;
  readonly authority: string;
  readonly remedy: string;
  readonly custom?: boolean;
}

/** The stack's findings, as evaluated at synth. */
export interface GuardrailsEvaluation {
  readonly rules: { [id: string]: GuardrailRuleRecord };
  readonly findings: GuardrailFinding[];
  /**
   * The acknowledgements that apply in the stack, each with its scope's path below the stack
   * (`""` for the stack and above): explain applies them to what it checks at plan.
   */
  readonly acknowledgements: { readonly rule: string; readonly reason: string; readonly until?: string; readonly scopePath: string }[];
  /** The constructs (paths below the stack) with a prop known only at plan: what `explain` checks again on the planned values. */
  readonly checkAtPlan: string[];
}

/**
 * A finding as the metadata records it, under its construct's path: `[rule, propPath, message]`, and its
 * acknowledgement or lapse when it has one. The rest is written once elsewhere: the level (and whether it is
 * custom) in the rule's record, the construct's class and source line in `constructOrigins`.
 */
export type RecordedFinding = [string, string, string] | [string, string, string, { readonly acknowledged?: GuardrailFinding['acknowledged']; readonly lapsed?: string }];

/** What the stack's metadata holds (as one JSON text). */
export interface GuardrailsRecord {
  readonly rules: { [id: string]: GuardrailRuleRecord };
  /** The findings by construct path below the stack. */
  readonly findings: { [constructPath: string]: RecordedFinding[] };
  readonly acknowledgements: GuardrailsEvaluation['acknowledgements'];
  readonly checkAtPlan: string[];
}

/** A recorded finding, read back: what the metadata holds of it, shapes checked (the text as it is). */
export interface RecordedFindingRead {
  readonly rule: string;
  readonly constructPath: string;
  readonly propPath: string;
  readonly message: string;
  readonly acknowledged?: { readonly reason: string; readonly until?: string; readonly scopePath?: string };
  readonly lapsed?: string;
}

/** The findings a record holds (readGuardrailsRecord's value), in their order; what does not fit is left out. */
export function recordedFindings(record: unknown): RecordedFindingRead[] {
  const byConstruct = isPlainObject(record) ? (record as { [key: string]: unknown }).findings : undefined;
  if (!isPlainObject(byConstruct)) return [];
  const out: RecordedFindingRead[] = [];
  for (const [constructPath, list] of Object.entries(byConstruct as object)) {
    if (!Array.isArray(list)) continue;
    for (const f of list) {
      if (!Array.isArray(f) || typeof f[0] !== 'string' || typeof f[1] !== 'string' || typeof f[2] !== 'string') continue;
      const state = isPlainObject(f[3]) ? (f[3] as { [key: string]: unknown }) : {};
      const ack = isPlainObject(state.acknowledged) ? (state.acknowledged as { [key: string]: unknown }) : undefined;
      out.push({
        rule: f[0],
        constructPath,
        propPath: f[1],
        message: f[2],
        ...(typeof ack?.reason === 'string'
          ? { acknowledged: { reason: ack.reason, ...(typeof ack.until === 'string' ? { until: ack.until } : {}), ...(typeof ack.scopePath === 'string' ? { scopePath: ack.scopePath } : {}) } }
          : {}),
        ...(typeof state.lapsed === 'string' ? { lapsed: state.lapsed } : {}),
      });
    }
  }
  return out;
}

interface Subject {
  readonly construct: IConstruct;
  readonly constructClass: string;
  readonly props: unknown;
  readonly builtin: readonly IGuardrailRule[];
}

const ELEMENT_ID = 'GuardrailFindings';

/**
 * Records a construct of this library for the guardrails: its class, its props as given, and its
 * built-in rules (its descriptor's).
 */
export function recordGuardrailSubject(construct: IConstruct, constructClass: string, props: unknown, builtin: readonly IGuardrailRule[]): void {
  const enabled = construct.node.tryGetContext(GUARDRAILS_CONTEXT);
  if (enabled === false || enabled === 'false') return;
  GuardrailFindings.of(construct).add({ construct, constructClass, props, builtin });
}

/** The stack's findings: evaluated at synth, written into its metadata, said on its constructs. */
export class GuardrailFindings extends TerraformElement {
  /** The stack's element, made with its first subject. */
  public static of(scope: IConstruct): GuardrailFindings {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(ELEMENT_ID) as GuardrailFindings | undefined) ?? new GuardrailFindings(stack, ELEMENT_ID);
  }

  private readonly subjects: Subject[] = [];
  private evaluated?: { record: GuardrailsEvaluation; failing: string[] };
  // The acknowledgements that held or lapsed on a finding, and those of a rule that cannot be acknowledged: what the stale check says.
  private readonly applied = new Set<RecordedAcknowledgement>();
  private readonly refused = new Set<RecordedAcknowledgement>();
  private said = false;

  private constructor(scope: IConstruct, id: string) {
    super(scope, id);
    this.node.addValidation({ validate: () => this.checkAtSynth() });
  }

  public add(subject: Subject): void {
    this.subjects.push(subject);
    this.evaluated = undefined;
  }

  /** The findings, once per synth of an unchanged stack. */
  public evaluate(): { record: GuardrailsEvaluation; failing: string[] } {
    if (this.evaluated !== undefined) return this.evaluated;
    this.applied.clear();
    this.refused.clear();
    const stackPath = TerraformStack.of(this).node.path;
    const below = (c: IConstruct) => (stackPath === '' ? c.node.path : c.node.path.slice(stackPath.length + 1));
    const rules: { [id: string]: GuardrailRuleRecord } = {};
    const findings: GuardrailFinding[] = [];
    const failing: string[] = [];
    const checkAtPlan: string[] = [];
    const day = today();
    // Loops, not callbacks: this runs for every construct of a fleet.
    for (const subject of this.subjects) {
      const constructClass = subject.constructClass;
      const scopes = guardrailScopes(subject.construct);
      let applying: IGuardrailRule[] = NO_RULES;
      let enforced = false;
      for (const { state } of scopes) {
        enforced ||= state.enforced;
        for (const r of state.rules) if (r.appliesTo.includes(constructClass)) applying = [...applying, r];
      }
      const constructPath = below(subject.construct);
      // The built-in rules only read: a snapshot that is plain data already is theirs as it is. A custom
      // rule gets a copy of its own (a rule that changes its props changes nothing that is written).
      const builtinRead = builtinPropsOf(subject.props);
      const customRead = applying.length === 0 ? undefined : plainPropsOf(subject.props);
      if ((customRead ?? builtinRead).unknown) checkAtPlan.push(constructPath);
      let source: string | undefined | null = null;
      const add = (rule: IGuardrailRule, violations: { propPath: string; message: string }[], isCustom: boolean) => {
        rules[rule.id] ??= { title: rule.title, level: rule.level, authority: rule.authority, remedy: rule.remedy, ...(isCustom ? { custom: true } : {}) };
        if (source === null) source = originOf(subject.construct)?.source;
        const acknowledgement = nearestAcknowledgement(scopes, rule);
        if (acknowledgement !== undefined) this.applied.add(acknowledgement);
        else if (rule.acknowledgeable === false) for (const a of acknowledgementsOf(scopes, rule.id)) this.refused.add(a);
        const holds = acknowledgement !== undefined && acknowledgementHolds(acknowledgement, day);
        for (const v of violations) {
          const finding: GuardrailFinding = {
            rule: rule.id,
            level: rule.level,
            constructPath,
            constructClass,
            propPath: v.propPath,
            message: v.message,
            ...(source === undefined ? {} : { source }),
            ...(holds ? { acknowledged: { reason: acknowledgement!.reason, ...(acknowledgement!.until === undefined ? {} : { until: acknowledgement!.until }), scopePath: acknowledgement!.scopePath } } : {}),
            ...(acknowledgement !== undefined && !holds ? { lapsed: acknowledgement.until! } : {}),
            ...(isCustom ? { custom: true } : {}),
          };
          findings.push(finding);
          if (finding.level === GuardrailLevel.ERROR && !holds && (enforced || isCustom)) failing.push(findingLine(finding));
        }
      };
      const forBuiltin: GuardrailSubject = { constructPath, constructClass, props: builtinRead.props };
      for (const rule of subject.builtin) {
        if (!rule.appliesTo.includes(constructClass)) continue;
        const violations = runCheck(rule, forBuiltin);
        if (violations.length > 0) add(rule, violations, false);
      }
      if (customRead !== undefined) {
        const forCustom: GuardrailSubject = { constructPath, constructClass, props: customRead.props };
        for (const rule of applying) {
          const violations = runCheck(rule, forCustom);
          if (violations.length > 0) add(rule, violations, true);
        }
      }
    }
    const acknowledgements = (anyScopeHeld() ? this.visibleScopes() : []).flatMap(({ scope, state }) =>
      state.acknowledgements.map((a) => ({ rule: a.rule, reason: a.reason, ...(a.until === undefined ? {} : { until: a.until }), scopePath: this.inside(scope) ? below(scope) : '' })),
    );
    this.evaluated = { record: { rules, findings, acknowledgements, checkAtPlan }, failing };
    return this.evaluated;
  }

  // Each synth evaluates again (an app may enforce, acknowledge or add a rule between two synths); annotations are said once.
  private checkAtSynth(): string[] {
    this.evaluated = undefined;
    const evaluated = this.evaluate();
    if (!this.said) {
      this.said = true;
      this.say(evaluated.record);
    }
    if (evaluated.failing.length === 0) return [];
    return [`${evaluated.failing.length} guardrail ${evaluated.failing.length === 1 ? 'error' : 'errors'} (acknowledge one with Guardrails.of(scope).acknowledge({ rule, reason }), or fix it):\n${evaluated.failing.map((l) => `  ${l}`).join('\n')}`];
  }

  // Warnings and notes on their constructs, acknowledged ones too (marked); lapsed and stale acknowledgements.
  // One annotation per construct and kind, its findings a line each: a node list of thousands of nodes is
  // one entry, and no stack trace is captured for it (cdktf's Annotations capture one per message).
  private say(record: GuardrailsEvaluation): void {
    const stack = TerraformStack.of(this);
    const constructOf = new Map(this.subjects.map((s) => [s.construct.node.path, s.construct]));
    const stackPath = stack.node.path;
    const said = new Map<IConstruct, { warn: string[]; info: string[] }>();
    for (const f of record.findings) {
      const construct = constructOf.get(stackPath === '' ? f.constructPath : `${stackPath}/${f.constructPath}`) ?? stack;
      const lines = said.get(construct) ?? { warn: [], info: [] };
      said.set(construct, lines);
      (f.level === GuardrailLevel.NOTE || f.acknowledged !== undefined ? lines.info : lines.warn).push(findingLine(f));
    }
    for (const [construct, { warn, info }] of said) {
      if (warn.length > 0) construct.node.addMetadata(AnnotationMetadataEntryType.WARN, warn.join('\n'));
      if (info.length > 0) construct.node.addMetadata(AnnotationMetadataEntryType.INFO, info.join('\n'));
    }
    for (const { scope, state } of anyScopeHeld() ? this.visibleScopes() : []) {
      // Every stack under the acknowledgement's scope: one above this stack (the app) spans several, and says it once, in the first.
      const elements = scope.node.findAll().filter((c): c is GuardrailFindings => c instanceof GuardrailFindings);
      if (elements[0] !== this) continue;
      // Each stack's acknowledgements applied are known once it is evaluated.
      for (const e of elements) e.evaluate();
      for (const a of state.acknowledgements) {
        if (elements.some((e) => e.applied.has(a))) continue;
        const matched = elements.some((e) => e.evaluate().record.findings.some((f) => f.rule === a.rule && e.isUnder(f.constructPath, scope)));
        // Said on the scope when it is in this stack, else on the stack (cdktf writes a stack's annotations only).
        const on = this.inside(scope) ? scope : TerraformStack.of(this);
        const said = elements.some((e) => e.refused.has(a))
          ? 'holds nothing: its rule cannot be acknowledged (acknowledgeable: false), its findings stay'
          : matched
            ? 'holds nothing: a nearer acknowledgement of the rule covers each finding it would'
            : 'matches no finding: it is stale';
        Annotations.of(on).addWarning(`guardrail acknowledgement of ${a.rule} at ${escapeForLine(a.scopePath) || '(app)'} ${said}; remove it (reason: ${escapeForLine(a.reason)})`);
      }
    }
  }

  // Scopes with acknowledgements this stack's findings may match: the stack's own scopes, and every construct in it.
  private visibleScopes(): { scope: IConstruct; state: ScopeGuardrails }[] {
    const stack = TerraformStack.of(this);
    const out = guardrailScopes(stack);
    for (const c of stack.node.findAll()) {
      if (c === stack) continue;
      const own = guardrailScopes(c)[0];
      if (own !== undefined && own.scope === c) out.push(own);
    }
    return out;
  }

  /** Whether `scope` is a construct inside this stack (not the stack itself, nor a scope above it). */
  private inside(scope: IConstruct): boolean {
    const stackPath = TerraformStack.of(this).node.path;
    return scope.node.path.startsWith(`${stackPath}/`);
  }

  /** Whether the construct at `constructPath` (below this stack) is `scope` or below it. */
  public isUnder(constructPath: string, scope: IConstruct): boolean {
    const stackPath = TerraformStack.of(this).node.path;
    const full = stackPath === '' ? constructPath : `${stackPath}/${constructPath}`;
    return scope.node.path === '' || full === scope.node.path || full.startsWith(`${scope.node.path}/`);
  }

  public toMetadata(): any {
    const { record } = this.evaluate();
    // Acknowledgements alone are written too: explain applies them at plan. As one JSON text: cdktf resolves
    // and sorts every value of the metadata, and a node list's thousands of findings as objects cost more
    // than its synth (one text: a regular-expression pass). readGuardrailsRecord reads it back.
    if (record.findings.length === 0 && record.acknowledgements.length === 0 && record.checkAtPlan.length === 0) return {};
    const findings: { [constructPath: string]: RecordedFinding[] } = {};
    for (const f of record.findings) {
      const state = { ...(f.acknowledged === undefined ? {} : { acknowledged: f.acknowledged }), ...(f.lapsed === undefined ? {} : { lapsed: f.lapsed }) };
      (findings[f.constructPath] ??= []).push(state.acknowledged === undefined && state.lapsed === undefined ? [f.rule, f.propPath, f.message] : [f.rule, f.propPath, f.message, state]);
    }
    const written: GuardrailsRecord = { rules: record.rules, findings, acknowledgements: record.acknowledgements, checkAtPlan: record.checkAtPlan };
    return { [GUARDRAILS_METADATA_KEY]: JSON.stringify(written) };
  }

  public toTerraform(): any {
    return {};
  }

  public toHclTerraform(): any {
    return {};
  }
}

// The nearest scope's acknowledgement of the rule (scopes nearest first); none for a rule that cannot be acknowledged.
function nearestAcknowledgement(scopes: readonly { state: ScopeGuardrails }[], rule: IGuardrailRule): RecordedAcknowledgement | undefined {
  return rule.acknowledgeable === false ? undefined : acknowledgementsOf(scopes, rule.id)[0];
}

/** The acknowledgements of a rule on the scopes, nearest first. */
function acknowledgementsOf(scopes: readonly { state: ScopeGuardrails }[], rule: string): RecordedAcknowledgement[] {
  return scopes.flatMap(({ state }) => state.acknowledgements.filter((a) => a.rule === rule));
}

const NO_RULES: IGuardrailRule[] = [];
const NO_VIOLATIONS: { propPath: string; message: string }[] = [];

// A rule's check, its result read defensively: a rule from another language may return anything, or throw.
function runCheck(rule: IGuardrailRule, subject: GuardrailSubject): { propPath: string; message: string }[] {
  if (!wellFormed(rule)) return [];
  let result: unknown;
  try {
    result = rule.check(subject);
  } catch (e) {
    return [{ propPath: '', message: `the rule's check failed: ${e instanceof Error ? e.message : String(e)}` }];
  }
  if (!Array.isArray(result)) return [{ propPath: '', message: `the rule's check returned ${typeof result}, not a list of violations` }];
  if (result.length === 0) return NO_VIOLATIONS;
  return result.map((v) => ({ propPath: typeof v?.propPath === 'string' ? v.propPath : '', message: typeof v?.message === 'string' ? v.message : 'a violation without a message' }));
}

// Rules found well formed, checked once each (not once per construct).
const WELL_FORMED = new WeakSet<IGuardrailRule>();

function wellFormed(rule: IGuardrailRule): boolean {
  if (WELL_FORMED.has(rule)) return true;
  if (ruleProblems(rule).length > 0) return false;
  WELL_FORMED.add(rule);
  return true;
}

/**
 * `WMC-1 (error) warehouse/analysts authenticationProfileContent/SSL: … [src/main.ts:12]`, with its acknowledgement:
 * the text of a finding is recorded as the rule gave it, and escaped here, where it becomes a line (explain escapes its own).
 */
export function findingLine(f: GuardrailFinding): string {
  const ack = f.acknowledged !== undefined ? ` (acknowledged: ${escapeForLine(f.acknowledged.reason)}${f.acknowledged.until === undefined ? '' : `, until ${f.acknowledged.until}`})` : f.lapsed !== undefined ? ` (its acknowledgement lapsed on ${f.lapsed})` : '';
  return `${f.rule} (${f.level}) ${escapeForLine(f.constructPath)}${f.propPath === '' ? '' : ` ${escapeForLine(f.propPath)}`}: ${escapeForLine(f.message)}${f.source === undefined ? '' : ` [${escapeForLine(f.source)}]`}${ack}`;
}
