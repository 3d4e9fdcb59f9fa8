// The line Terraform's plan renderer gives a plan's outcome, decided as it
// decides it: hashicorp/terraform internal/command/jsonformat/plan.go,
// `renderHuman`, v1.11.4 (v1.14+ adds the action invocations, v1.15.9 read).
// It depends on the plan's mode, which only the saved plan file holds
// (plan-mode.ts).
import { PlanMode } from './plan-mode';
import { PlanChange, PlanJson } from './plan-json';
import { TerraformCounts } from './explained';

/** The first line `terraform show` prints for a plan with no change: each its own, per mode. */
const NO_CHANGES: { readonly [mode in PlanMode]: string } = {
  [PlanMode.NORMAL]: 'No changes. Your infrastructure matches the configuration.',
  [PlanMode.DESTROY]: 'No changes. No objects need to be destroyed.',
  [PlanMode.REFRESH_ONLY]: 'No changes. Your infrastructure still matches the configuration.',
};

/** What every mode's no-change line starts with: the line when the mode is not known. */
const NO_CHANGES_UNKNOWN_MODE = 'No changes.';
/** A refresh-only plan that found drift: Terraform shows the drift under this note, and no Plan line. */
const DRIFT_NOTE = 'Note: Objects have changed outside of Terraform';
/** Terraform's line for a plan that failed. */
const PLANNING_FAILED = 'Planning failed. Terraform encountered an error while generating this plan.';
/** Terraform's line when every change waits for a later plan (deferred changes, 1.9+). */
const NO_CURRENT_CHANGES = 'No current changes. This plan requires another plan to be applied first.';
/** Terraform's heading when only outputs change. */
const OUTPUTS_ONLY = 'Changes to Outputs:';

/**
 * Terraform's headline for the plan: its `Plan:` line when it prints one,
 * else the line it states the outcome with ("No changes. …", "Planning
 * failed. …", the drift note of a refresh-only plan, "Changes to Outputs:").
 *
 * @param mode the plan's mode; undefined when neither the plan file nor the JSON tells it
 */
export function terraformHeadline(plan: PlanJson, mode: PlanMode | undefined, counts: TerraformCounts): string {
  // renderHuman's `changes`: every resource change but a plain no-op (a move or an import is shown) and a data source's delete.
  const changes = plan.resourceChanges.filter((c) => {
    const actions = c.change.actions.join();
    const moved = c.previousAddress !== undefined && c.previousAddress !== c.address;
    if (actions === 'no-op' && !moved && c.change.importingId === undefined) return false;
    return !(actions === 'delete' && c.mode !== 'managed');
  });
  const outputs = plan.outputChanges.filter((o) => outputShown(o.change));
  // `len(plan.ActionInvocations)`: the deferred ones are in their own list.
  const actionCount = plan.actionInvocations.filter((a) => a.deferredReason === undefined).length;
  if (changes.length === 0 && outputs.length === 0 && actionCount === 0) {
    if (plan.errored) return PLANNING_FAILED;
    if (plan.deferredChanges.length > 0) return NO_CURRENT_CHANGES;
    // A refresh-only plan shows all its drift, moves included (renderHumanDiffDrift); the other modes none when nothing changes.
    if (mode === PlanMode.REFRESH_ONLY && plan.resourceDrift.length > 0) return DRIFT_NOTE;
    return mode === undefined ? NO_CHANGES_UNKNOWN_MODE : NO_CHANGES[mode];
  }
  if (changes.length === 0 && actionCount === 0) return OUTPUTS_ONLY;
  return terraformPlanLine(counts, actionCount);
}

/**
 * Whether Terraform shows an output's change: not a no-op, and not an update
 * whose value is the same before and after (a change of its type or its
 * sensitivity alone: renderHumanDiffOutputs skips what its differ computes as
 * NoOp, jsonformat/plan.go and differ/output.go, v1.11.4).
 */
export function outputShown(change: PlanChange): boolean {
  const actions = change.actions.join();
  if (actions === 'no-op') return false;
  const update = actions === 'update' || actions === 'delete,create' || actions === 'create,delete';
  if (update && change.afterUnknown !== true && change.before !== null && JSON.stringify(change.before) === JSON.stringify(change.after)) return false;
  return true;
}

/**
 * Terraform's `Plan:` line for these counts, as its plan renderer writes it
 * (`Plan: 1 to import, 2 to add, 0 to change, 1 to destroy.`; the import count
 * only when there is one; forgotten resources are not in it; ` Actions: N to
 * invoke.` when the plan runs actions, 1.14+).
 */
export function terraformPlanLine(c: TerraformCounts, actionCount = 0): string {
  const parts = [...(c.import > 0 ? [`${c.import} to import`] : []), `${c.add} to add`, `${c.change} to change`, `${c.destroy} to destroy`];
  return `Plan: ${parts.join(', ')}.${actionCount > 0 ? ` Actions: ${actionCount} to invoke.` : ''}`;
}
