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
import { plainPropsOf } from './guardrail-values';
import { acknowledgementHolds, anyScopeHeld, guardrailScopes, RecordedAcknowledgement, ScopeGuardrails, today } from './guardrail-scopes';
import { originOf } from './construct-origin';
import { escapeForLine } from './server-text';

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

/** What the stack's metadata holds. */
export interface GuardrailsRecord {
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
  private evaluated?: { record: GuardrailsRecord; failing: string[] };
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
  public evaluate(): { record: GuardrailsRecord; failing: string[] } {
    if (this.evaluated !== undefined) return this.evaluated;
    const stackPath = TerraformStack.of(this).node.path;
    const below = (c: IConstruct) => (stackPath === '' ? c.node.path : c.node.path.slice(stackPath.length + 1));
    const rules: { [id: string]: GuardrailRuleRecord } = {};
    const findings: GuardrailFinding[] = [];
    const failing: string[] = [];
    const checkAtPlan: string[] = [];
    const day = today();
    for (const subject of this.subjects) {
      const scopes = guardrailScopes(subject.construct);
      const custom = scopes.flatMap((s) => s.state.rules);
      const enforced = scopes.some((s) => s.state.enforced);
      const read = plainPropsOf(subject.props);
      const plain: GuardrailSubject = { constructPath: below(subject.construct), constructClass: subject.constructClass, props: read.props };
      if (read.unknown) checkAtPlan.push(plain.constructPath);
      const source = originOf(subject.construct)?.source;
      for (const [rule, isCustom] of [...subject.builtin.map((r) => [r, false] as const), ...custom.map((r) => [r, true] as const)]) {
        if (!rule.appliesTo.includes(subject.constructClass)) continue;
        for (const v of runCheck(rule, plain)) {
          rules[rule.id] ??= { title: rule.title, level: rule.level, authority: rule.authority, remedy: rule.remedy, ...(isCustom ? { custom: true } : {}) };
          const acknowledgement = nearestAcknowledgement(scopes.flatMap((s) => s.state.acknowledgements), rule);
          const holds = acknowledgement !== undefined && acknowledgementHolds(acknowledgement, day);
          const finding: GuardrailFinding = {
            rule: rule.id,
            level: rule.level,
            constructPath: plain.constructPath,
            constructClass: subject.constructClass,
            propPath: escapeForLine(v.propPath),
            message: escapeForLine(v.message),
            ...(source === undefined ? {} : { source }),
            ...(holds ? { acknowledged: { reason: escapeForLine(acknowledgement!.reason), ...(acknowledgement!.until === undefined ? {} : { until: acknowledgement!.until }), scopePath: acknowledgement!.scopePath } } : {}),
            ...(acknowledgement !== undefined && !holds ? { lapsed: acknowledgement.until! } : {}),
            ...(isCustom ? { custom: true } : {}),
          };
          findings.push(finding);
          if (finding.level === GuardrailLevel.ERROR && !holds && (enforced || isCustom)) failing.push(findingLine(finding));
        }
      }
    }
    const acknowledgements = (anyScopeHeld() ? this.visibleScopes() : []).flatMap(({ scope, state }) =>
      state.acknowledgements.map((a) => ({ rule: a.rule, reason: escapeForLine(a.reason), ...(a.until === undefined ? {} : { until: a.until }), scopePath: this.inside(scope) ? below(scope) : '' })),
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
  private say(record: GuardrailsRecord): void {
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
      for (const a of state.acknowledgements) {
        const matched = elements.some((e) => e.evaluate().record.findings.some((f) => f.rule === a.rule && e.isUnder(f.constructPath, scope)));
        // Said on the scope when it is in this stack, else on the stack (cdktf writes a stack's annotations only).
        const on = this.inside(scope) ? scope : TerraformStack.of(this);
        if (!matched) Annotations.of(on).addWarning(`guardrail acknowledgement of ${a.rule} at ${a.scopePath || '(app)'} matches no finding: it is stale; remove it (reason: ${escapeForLine(a.reason)})`);
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
    return record.findings.length === 0 && record.acknowledgements.length === 0 && record.checkAtPlan.length === 0 ? {} : { [GUARDRAILS_METADATA_KEY]: JSON.stringify(record) };
  }

  public toTerraform(): any {
    return {};
  }

  public toHclTerraform(): any {
    return {};
  }
}

// The nearest scope's acknowledgement of the rule; none for a rule that cannot be acknowledged.
function nearestAcknowledgement(acknowledgements: readonly RecordedAcknowledgement[], rule: IGuardrailRule): RecordedAcknowledgement | undefined {
  if (rule.acknowledgeable === false) return undefined;
  return acknowledgements.find((a) => a.rule === rule.id);
}

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

/** `WMC-1 (error) warehouse/analysts authenticationProfileContent/SSL: … [src/main.ts:12]`, with its acknowledgement. */
export function findingLine(f: GuardrailFinding): string {
  const ack = f.acknowledged !== undefined ? ` (acknowledged: ${f.acknowledged.reason}${f.acknowledged.until === undefined ? '' : `, until ${f.acknowledged.until}`})` : f.lapsed !== undefined ? ` (its acknowledgement lapsed on ${f.lapsed})` : '';
  return `${f.rule} (${f.level}) ${f.constructPath}${f.propPath === '' ? '' : ` ${f.propPath}`}: ${f.message}${f.source === undefined ? '' : ` [${f.source}]`}${ack}`;
}
