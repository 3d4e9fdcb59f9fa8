// The library's entry point: a plan explained in the constructs' terms, with
// its three renderings and its CI gates.
import { readArgument } from '../core/snapshot';
import { ConstructMap } from './construct-map';
import { explainPlan } from './explain-plan';
import { ExplainedResource } from './explained';
import { describeValue } from '../core/received-value';
import { ValidationError } from '../core/validation-error';
import { ALL_GATES, ExplainGate, matchedGates } from './gates';
import { readPlanJson } from './plan-json';
import { renderJson } from './render-json';
import { renderMarkdown } from './render-markdown';
import { renderText } from './render-text';
import { PlanExtras } from './summary';

/**
 * A Terraform plan explained per construct: for each resource, the construct
 * path that declared it, what happens to it (create, update, replace, delete,
 * import, move, remove from state, no-op), why, and which fields change in the
 * construct's own terms (profile content keys, policy principals per relation,
 * node labels, annotations and taints); what changed outside Terraform (drift)
 * in the same terms. Sensitive values and values under credential-looking keys
 * are never shown; no output holds an absolute path.
 */
export class PlanExplanation {
  /**
   * Explains a plan for a synthesized stack.
   *
   * @param planJson the output of `terraform show -json PLANFILE` (a normal or a `-refresh-only` plan)
   * @param stackDirectory the synthesized stack directory (`cdktf.out/stacks/<stack>`: `cdk.tf.json`, or `cdk.tf` with `metadata.json`)
   * @returns the explanation
   * @throws a ValidationError naming the JSON path of a malformed plan, or the stack directory's problem
   */
  public static fromPlan(planJson: string, stackDirectory: string): PlanExplanation {
    planJson = readArgument('PlanExplanation.fromPlan', 'planJson', planJson);
    stackDirectory = readArgument('PlanExplanation.fromPlan', 'stackDirectory', stackDirectory);
    return PlanExplanation._fromPlanAndMap(planJson, ConstructMap.fromStackDirectory(stackDirectory));
  }

  /**
   * Explains a plan for a stack's synthesized configuration held in memory.
   *
   * @param planJson the output of `terraform show -json PLANFILE`
   * @param stackConfigJson the stack's `cdk.tf.json` (or an HCL synth's `metadata.json`)
   * @returns the explanation
   */
  public static fromPlanAndConfig(planJson: string, stackConfigJson: string): PlanExplanation {
    planJson = readArgument('PlanExplanation.fromPlanAndConfig', 'planJson', planJson);
    stackConfigJson = readArgument('PlanExplanation.fromPlanAndConfig', 'stackConfigJson', stackConfigJson);
    return PlanExplanation._fromPlanAndMap(planJson, ConstructMap.fromStackConfig(stackConfigJson));
  }

  /** @internal */
  public static _fromPlanAndMap(plan: unknown, map: ConstructMap): PlanExplanation {
    const read = readPlanJson(plan);
    const explained = explainPlan(read, map);
    return new PlanExplanation(explained.changes, explained.drift, { deferred: explained.deferred, actionInvocations: explained.actionInvocations }, read.unknownKeys);
  }

  /** Every managed resource of the plan's `resource_changes`, unchanged ones included: construct resources by construct path then address, then the others by address. */
  public readonly changes: ExplainedResource[];

  /** What the refresh found changed outside Terraform (`resource_drift`), in the same order. */
  public readonly drift: ExplainedResource[];

  /** What the plan defers (`deferred_changes`) and the actions it runs (`action_invocations`): in the reports and the gates. */
  private readonly extras: PlanExtras;

  /** Top-level keys of the plan that this version of explain does not read. */
  private readonly unreadKeys: readonly string[];

  private constructor(changes: ExplainedResource[], drift: ExplainedResource[], extras: PlanExtras, unreadKeys: readonly string[]) {
    this.changes = changes;
    this.drift = drift;
    this.extras = extras;
    this.unreadKeys = unreadKeys;
  }

  /**
   * The top-level keys of the plan this version of explain does not know (a newer Terraform's), for the command's warning.
   *
   * @internal
   */
  public get _unreadKeys(): readonly string[] {
    return this.unreadKeys;
  }

  /**
   * What the plan defers and the actions it runs, for the tests.
   *
   * @internal
   */
  public get _extras(): PlanExtras {
    return this.extras;
  }

  /**
   * The terminal view: a summary line, then one line per changed resource and per field change.
   *
   * @returns the text, ending with a newline
   */
  public toText(): string {
    return renderText(this.changes, this.drift, this.extras);
  }

  /**
   * Markdown for a pull-request comment: a summary and a table per section.
   *
   * @returns the Markdown, ending with a newline
   */
  public toMarkdown(): string {
    return renderMarkdown(this.changes, this.drift, this.extras);
  }

  /**
   * The JSON report, as docs/explain-report.schema.json describes it.
   *
   * @returns the JSON text, ending with a newline
   */
  public toJson(): string {
    return renderJson(this.changes, this.drift, this.extras);
  }

  /**
   * Which of the given gates the plan matches.
   *
   * @param gates the gates a pipeline refuses
   * @returns the matched gates, in the order replace, delete, drift
   * @throws a ValidationError when a gate is not one of ExplainGate
   */
  public gatesMatched(gates: ExplainGate[]): ExplainGate[] {
    gates = readArgument('PlanExplanation.gatesMatched', 'gates', gates);
    if (!Array.isArray(gates) || gates.some((g) => !(ALL_GATES as readonly unknown[]).includes(g))) {
      throw new ValidationError('PlanExplanation.gatesMatched', [{ path: 'gates', received: describeValue(gates), allowed: `a list of ${ALL_GATES.join(', ')}` }]);
    }
    // A deferred delete or replace counts: Terraform will still make it, in a later plan.
    return matchedGates(gates, [...this.changes, ...this.extras.deferred.map((d) => d.resource)], this.drift);
  }
}
