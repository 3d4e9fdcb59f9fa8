// The mode a plan was made in. Terraform keeps it in the saved plan file only
// (planproto `Plan.ui_mode`), not in `terraform show -json`: read from the file
// when explain is given one (plan-file.ts), else inferred from what the JSON
// determines.
import { PlanJson } from './plan-json';

/** The mode a plan was made in: Terraform's plans.Mode (hashicorp/terraform internal/plans/mode.go, v1.11.4). */
export enum PlanMode {
  /** `terraform plan`: the changes that make the infrastructure match the configuration. */
  NORMAL = 'normal',
  /** `terraform plan -destroy` (and `terraform destroy`): every object in the state is destroyed. */
  DESTROY = 'destroy',
  /** `terraform plan -refresh-only`: the state is brought up to date with the remote objects; nothing is changed. */
  REFRESH_ONLY = 'refresh-only',
}

/**
 * The plan's mode as far as its JSON determines it, or undefined where it does
 * not (an empty state and no change: every mode plans nothing).
 *
 * - destroy: a current object deleted without `action_reason`. In the other
 *   modes a delete is an orphan's, and Terraform gives every orphan a reason
 *   (internal/terraform/node_resource_plan_orphan.go, deleteActionReason, v1.11.4).
 * - refresh-only: a managed instance of the prior state that `resource_changes`
 *   does not list. The other modes plan every instance, no-ops included
 *   (jsonplan MarshalResourceChanges over plans.Changes); a refresh-only plan
 *   plans none (context_plan.go, skipPlanChanges).
 *   A `-target` plan lists only its targets too: Terraform writes `complete: false`
 *   for it (1.8+), and it is not read as refresh-only.
 * - normal: any change that is not a delete, or a delete with a reason.
 */
export function inferPlanMode(plan: PlanJson): PlanMode | undefined {
  const managed = plan.resourceChanges.filter((c) => c.mode === 'managed');
  if (givesDeleteReasons(plan.terraformVersion) && managed.some((c) => c.deposed === undefined && c.change.actions.join() === 'delete' && (c.actionReason ?? '') === '')) return PlanMode.DESTROY;
  if (managed.some((c) => c.change.actions.join() !== 'no-op' || c.change.importingId !== undefined)) return PlanMode.NORMAL;
  const listed = new Set(managed.map((c) => c.address));
  // A plan Terraform calls incomplete (-target) lists only what it targets: instances left out say nothing of its mode.
  if (plan.complete !== false && plan.priorState.some((r) => !listed.has(r.address))) return PlanMode.REFRESH_ONLY;
  // Every instance of the state planned as a no-op: only a normal plan lists them.
  if (plan.priorState.length > 0) return PlanMode.NORMAL;
  return undefined;
}

// Terraform writes a delete's action_reason since v1.1.0 (jsonplan/plan.go at v1.0.0 has none).
function givesDeleteReasons(version: string | undefined): boolean {
  const match = /^(\d+)\.(\d+)\./.exec(version ?? '');
  return match !== null && (Number(match[1]) > 1 || Number(match[2]) >= 1);
}
