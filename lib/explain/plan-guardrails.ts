// The guardrails checked at plan (issue 45): a prop that was a token at synth
// (a variable, another resource's attribute) is known in the plan. The stack
// records which constructs held one (`checkAtPlan`); each of them is checked
// again by its built-in rules (its descriptor's) on its props as the plan gives
// them (the descriptor's propsAtPlan), one construct instance at a time; what
// synth already found is not found twice; the stack's recorded acknowledgements
// apply as they do at synth. The other constructs cost nothing here. A custom
// rule is code: it runs at synth only.
import { ConstructDescriptor } from '../construct-descriptor';
import { GuardrailSubject } from '../core/guardrail-rule';
import { acknowledgementHolds, today } from '../core/guardrail-scopes';
import { escapeForLine } from '../core/server-text';
import { ConstructMap, instanceKeyOf } from './construct-map';
import { ExplainedGuardrailFinding, ExplainedGuardrails, RecordedGuardrailAcknowledgement } from './guardrail-report';
import { PlanJson, PlanResourceChange } from './plan-json';

/** The synth's findings, and after them what the plan's values add. */
export function guardrailsAtPlan(plan: PlanJson, map: ConstructMap, day = today()): ExplainedGuardrails {
  const synth = map.guardrails;
  // Only what held a value known only at plan: the rest was judged at synth, on the same values.
  if (map.guardrailsCheckAtPlan.size === 0) return synth;
  const rules = { ...synth.rules };
  const found = new Set(synth.findings.map((f) => `${f.rule}\u0000${f.constructPath}\u0000${f.propPath}`));
  const added: ExplainedGuardrailFinding[] = [];
  for (const { constructPath, instanceKey, descriptor, origin, resources } of plannedConstructs(plan, map)) {
    const props = descriptor.propsAtPlan!(resources.map((r) => ({ terraformType: r.type, values: plannedValues(r) })));
    if (props === undefined) continue;
    const subject: GuardrailSubject = { constructPath: `${constructPath}${instanceKey}`, constructClass: descriptor.className, props };
    for (const rule of descriptor.rules ?? []) {
      let violations;
      try {
        violations = rule.check(subject);
      } catch {
        continue;
      }
      for (const v of violations) {
        const propPath = escapeForLine(v.propPath);
        // Found at synth (the value was literal there): reported once, as synth found it.
        if (found.has(`${rule.id}\u0000${escapeForLine(constructPath)}\u0000${propPath}`)) continue;
        rules[rule.id] ??= { title: rule.title, level: rule.level, authority: rule.authority, remedy: rule.remedy };
        const acknowledgement = nearest(map.guardrailAcknowledgements, rule.id, constructPath);
        const holds = acknowledgement !== undefined && acknowledgementHolds(acknowledgement, day) && rule.acknowledgeable !== false;
        added.push({
          rule: rule.id,
          level: rule.level,
          constructPath: escapeForLine(subject.constructPath),
          constructClass: descriptor.className,
          propPath,
          message: escapeForLine(v.message),
          ...(origin.source === undefined ? {} : { source: origin.source }),
          ...(holds ? { acknowledged: { reason: acknowledgement!.reason, ...(acknowledgement!.until === undefined ? {} : { until: acknowledgement!.until }) } } : {}),
          ...(acknowledgement !== undefined && !holds && acknowledgement.until !== undefined && rule.acknowledgeable !== false ? { lapsed: acknowledgement.until } : {}),
          checkedAt: 'plan',
        });
      }
    }
  }
  return added.length === 0 ? synth : { rules, findings: [...synth.findings, ...added] };
}

// The nearest scope's acknowledgement of the rule: the longest scope path the construct is at or below.
function nearest(acknowledgements: readonly RecordedGuardrailAcknowledgement[], rule: string, constructPath: string): RecordedGuardrailAcknowledgement | undefined {
  return acknowledgements
    .filter((a) => a.rule === rule && (a.scopePath === '' || constructPath === a.scopePath || constructPath.startsWith(`${a.scopePath}/`)))
    .sort((a, b) => b.scopePath.length - a.scopePath.length)[0];
}

// Planned values, sensitive ones left out (null): a rule's message may quote what it reads.
function plannedValues(change: PlanResourceChange): unknown {
  const after = change.change.after;
  const sensitive = change.change.afterSensitive;
  if (sensitive === true) return null;
  if (after === null || typeof after !== 'object' || Array.isArray(after) || sensitive === null || typeof sensitive !== 'object') return after;
  const out: { [attribute: string]: unknown } = {};
  for (const [k, v] of Object.entries(after as object)) out[k] = (sensitive as { [k: string]: unknown })[k] === true ? null : v;
  return out;
}

// Each construct instance of this library that the plan keeps (not deleted or forgotten), with its planned resources.
function plannedConstructs(plan: PlanJson, map: ConstructMap) {
  const byInstance = new Map<string, { constructPath: string; instanceKey: string; descriptor: ConstructDescriptor; origin: NonNullable<ReturnType<ConstructMap['originOf']>>; resources: PlanResourceChange[] }>();
  for (const change of plan.resourceChanges) {
    if (change.mode !== 'managed' || change.change.after === null) continue;
    const origin = map.originOf(change.address);
    if (origin === undefined || !map.guardrailsCheckAtPlan.has(origin.constructPath)) continue;
    const descriptor = origin.constructClass === undefined ? undefined : map.descriptors.find((d) => d.className === origin.constructClass && d.propsAtPlan !== undefined);
    if (origin === undefined || descriptor === undefined) continue;
    const key = `${origin.constructPath}\u0000${instanceKeyOf(change.address)}`;
    const entry = byInstance.get(key) ?? { constructPath: origin.constructPath, instanceKey: instanceKeyOf(change.address), descriptor, origin, resources: [] };
    entry.resources.push(change);
    byInstance.set(key, entry);
  }
  return [...byInstance.values()];
}
