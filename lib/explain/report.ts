// Everything a rendering of the explanation reads: the per-resource lists, the
// same changes per construct, the outputs and Terraform's own count.
import { display } from '../core/change-side';
import { groupByConstruct, isUnchangedConstruct, terraformCounts } from './construct-changes';
import { ExplainedActionInvocation, ExplainedConstruct, ExplainedDeferredChange, ExplainedOutput, ExplainedResource, TerraformCounts } from './explained';
import { escapeForLine } from '../core/server-text';
import { PlanOutputChange } from './plan-json';
import { OTHER_KIND } from './resource-kind';
import { triggerKindsOf } from './construct-map';
import { CONSTRUCT_DESCRIPTORS } from '../descriptors';
import { PlanMode } from './plan-mode';
import { ExplainedGuardrails, NO_GUARDRAILS } from './guardrail-report';
import { outputShown, terraformPlanLine } from './terraform-headline';

/** The explanation, as the renderings read it. */
export interface Report {
  /** Every managed resource change, unchanged ones included (the JSON's per-resource list). */
  readonly changes: readonly ExplainedResource[];
  /** What the refresh found changed outside Terraform. */
  readonly drift: readonly ExplainedResource[];
  /** The changes per construct, unchanged constructs included. */
  readonly constructs: readonly ExplainedConstruct[];
  /** The drift per construct. */
  readonly driftConstructs: readonly ExplainedConstruct[];
  /** Changed resources these constructs did not make, by address. */
  readonly others: readonly ExplainedResource[];
  /** Drift of resources these constructs did not make, by address. */
  readonly otherDrift: readonly ExplainedResource[];
  /** The root module's output changes (unchanged outputs left out). */
  readonly outputs: readonly ExplainedOutput[];
  /** Terraform's own count of the plan. */
  readonly terraform: TerraformCounts;
  /** What the plan defers to a later plan (`deferred_changes`, Terraform 1.9+), each with Terraform's reason. */
  readonly deferred: readonly ExplainedDeferredChange[];
  /** The deferred changes per construct (their first cause the deferral). */
  readonly deferredConstructs: readonly ExplainedConstruct[];
  /** Deferred changes of resources these constructs did not make, by address. */
  readonly otherDeferred: readonly ExplainedResource[];
  /** The actions the plan runs or defers (`action_invocations`, Terraform 1.14+). */
  readonly actionInvocations: readonly ExplainedActionInvocation[];
  /** Terraform's headline for the plan: its `Plan:` line, or its "No changes. …" line for the plan's mode (terraform-headline.ts). */
  readonly headline: string;
  /** The plan's mode, when the plan file or its JSON tells it. */
  readonly planMode?: PlanMode;
  /** The guardrails' findings: recorded at synth, and those checked at plan. */
  readonly guardrails: ExplainedGuardrails;
}

/** What a plan defers and the actions it runs, besides its changes and drift. */
export interface PlanExtras {
  readonly deferred: readonly ExplainedDeferredChange[];
  readonly actionInvocations: readonly ExplainedActionInvocation[];
  /**
   * Kinds folded into another of their construct when it changes (a name trigger into its profile).
   *
   * @default - this library's constructs' (lib/descriptors.ts)
   */
  readonly folds?: ReadonlyMap<string, string>;
  /**
   * Terraform's headline for the plan.
   *
   * @default - the `Plan:` line of the changes' counts
   */
  readonly headline?: string;
  /**
   * The plan's mode.
   *
   * @default - not known
   */
  readonly planMode?: PlanMode;
  /**
   * The guardrails' findings.
   *
   * @default - none
   */
  readonly guardrails?: ExplainedGuardrails;
}

/** Builds the report from the explained resources and the plan's output changes. */
export function buildReport(changes: readonly ExplainedResource[], drift: readonly ExplainedResource[], outputs: readonly ExplainedOutput[], extras: PlanExtras = { deferred: [], actionInvocations: [] }): Report {
  const isOther = (r: ExplainedResource) => r.kind === OTHER_KIND;
  const folds = extras.folds ?? triggerKindsOf(CONSTRUCT_DESCRIPTORS);
  const deferred = extras.deferred.map((d) => d.resource);
  const counts = terraformCounts(changes);
  return {
    deferred: extras.deferred,
    deferredConstructs: groupByConstruct(deferred, folds),
    otherDeferred: deferred.filter(isOther),
    actionInvocations: extras.actionInvocations,
    changes,
    drift,
    constructs: groupByConstruct(changes, folds),
    driftConstructs: groupByConstruct(drift, folds),
    others: changes.filter((r) => isOther(r) && !(r.actions.length === 1 && r.actions[0] === 'no-op')),
    otherDrift: drift.filter(isOther),
    outputs,
    terraform: counts,
    headline: extras.headline ?? terraformPlanLine(counts),
    ...(extras.planMode === undefined ? {} : { planMode: extras.planMode }),
    guardrails: extras.guardrails ?? NO_GUARDRAILS,
  };
}

/** The constructs the plan changes, and how many it leaves as they are (neither changed nor changed outside Terraform). */
export function changedConstructs(report: Report): { changed: ExplainedConstruct[]; unchanged: number } {
  const changed = report.constructs.filter((c) => !isUnchangedConstruct(c));
  const key = (c: ExplainedConstruct) => `${c.constructPath}\u0000${c.instanceKey ?? ''}`;
  const drifted = new Set(report.driftConstructs.map(key));
  return { changed, unchanged: report.constructs.filter((c) => isUnchangedConstruct(c) && !drifted.has(key(c))).length };
}

/** The plan's output changes in words; unchanged outputs are left out. */
export function explainOutputs(outputs: readonly PlanOutputChange[]): ExplainedOutput[] {
  const out: ExplainedOutput[] = [];
  for (const { name, change } of outputs) {
    if (!outputShown(change)) continue;
    const action = change.actions.join() === 'delete,create' || change.actions.join() === 'create,delete' ? 'update' : change.actions[0];
    if (action === 'no-op') continue;
    const before = change.before === null ? undefined : display({ value: change.before, unknown: false, sensitive: change.beforeSensitive });
    const after = change.after === null && change.afterUnknown !== true ? undefined : display({ value: change.after, unknown: change.afterUnknown, sensitive: change.afterSensitive });
    out.push({ name: escapeForLine(name), action, ...(before === undefined || action === 'create' ? {} : { before }), ...(after === undefined || action === 'delete' ? {} : { after }) });
  }
  return out;
}
