// The built-in guardrails of a RestrictionPolicy (issue 45): the whole
// organization bound to the relation that edits, no one left with it, and
// users bound one by one. Each rests on Datadog's documentation of restriction
// policies and granular access control.
import { GuardrailLevel, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../core/guardrail-rule';
import { knownText, listOf, perSubject } from '../core/guardrail-values';
import { RestrictionPolicyRelations } from './relations';

const API = 'https://docs.datadoghq.com/api/latest/restriction-policies/';
const GRANULAR = 'https://docs.datadoghq.com/account_management/rbac/granular_access/';
const PROTECTING = 'https://docs.datadoghq.com/getting_started/access_for_enterprises/protecting_assets/';
const POLICY = ['RestrictionPolicy'];
/** How many users bound one by one to one relation make a team or role worth it. */
export const USERS_ONE_BY_ONE = 3;

interface Binding {
  readonly index: number;
  readonly relation?: string;
  /** Each principal: its text when literal, and its kind (`org`, `user`, …), which its literal prefix gives even when its id is known only at plan. */
  readonly principals: { readonly index: number; readonly text?: string; readonly kind?: string; readonly raw?: string }[];
  /** False when the list of principals is known only at plan. */
  readonly known: boolean;
}

const bindingsOf = perSubject((subject: GuardrailSubject): { bindings: Binding[]; known: boolean } => {
  const raw = subject.props.bindings;
  // A list token is text, not a list: not judged here.
  if (!Array.isArray(raw)) return { bindings: [], known: false };
  const bindings = raw.map((b: any, index: number) => ({
    index,
    relation: knownText(b?.relation),
    principals: listOf(b?.principals).map((p, i) => ({ index: i, text: knownText(p), kind: typeof p === 'string' && p.indexOf(':') > 0 ? p.slice(0, p.indexOf(':')) : undefined, raw: typeof p === 'string' ? p : undefined })),
    known: Array.isArray(b?.principals) && knownText(b?.relation) !== undefined,
  }));
  return { bindings, known: bindings.every((b) => b.known && b.principals.every((p) => p.text !== undefined)) };
});

/** The relation that edits the whole resource: the last of its type's relations (editor, or manager). */
const editingRelation = perSubject((subject: GuardrailSubject): string | undefined => {
  const id = knownText(subject.props.resourceId);
  const type = id?.split(':')[0];
  const relations = type === undefined ? undefined : RestrictionPolicyRelations.forResourceType(type);
  return relations?.[relations.length - 1];
});

/**
 * Whether a relation edits the resource or a part of it: the type's editing relation, and any named as an editor
 * of a part (`processors_editor` of a logs pipeline: "edit processors"); `editor` for a type this library does not know.
 */
function edits(subject: GuardrailSubject, relation: string): boolean {
  return relation === (editingRelation(subject) ?? 'editor') || relation.endsWith('_editor');
}

/**
 * The distinct user principals bound to each relation, as the policy is written: bindings that share a relation
 * are one binding, and a principal listed twice is one (the construct merges them; the provider's principals are a set).
 */
function usersByRelation(bindings: readonly Binding[]): Map<string, { firstIndex: number; users: Set<string> }> {
  const out = new Map<string, { firstIndex: number; users: Set<string> }>();
  for (const b of bindings) {
    if (b.relation === undefined) continue;
    const entry = out.get(b.relation) ?? { firstIndex: b.index, users: new Set<string>() };
    out.set(b.relation, entry);
    for (const p of b.principals) if (p.kind === 'user' && p.raw !== undefined) entry.users.add(p.raw);
  }
  return out;
}

/** The built-in rules of a RestrictionPolicy. */
export const POLICY_RULES: readonly IGuardrailRule[] = [
  {
    id: 'WMC-8',
    title: 'The organization is not bound to the relation that edits',
    level: GuardrailLevel.WARNING,
    appliesTo: POLICY,
    authority: API,
    remedy: 'Bind the org principal to viewer and the editing relation to the teams or roles that own the resource.',
    check: (subject) => {
      const out: GuardrailViolation[] = [];
      for (const b of bindingsOf(subject).bindings) {
        if (b.relation === undefined || !edits(subject, b.relation)) continue;
        for (const p of b.principals) {
          if (p.kind === 'org') out.push({ propPath: `bindings/${b.index}/principals/${p.index}`, message: `${p.text ?? 'the org principal (its id known at plan)'} is bound to ${b.relation}: every member of the organization can edit ${b.relation === (editingRelation(subject) ?? 'editor') ? 'the resource' : 'part of the resource through it'}, so the policy restricts no one's editing` });
        }
      }
      return out;
    },
  },
  {
    id: 'WMC-9',
    title: 'Someone is left with the relation that edits (no lock-out)',
    level: GuardrailLevel.WARNING,
    appliesTo: POLICY,
    authority: PROTECTING,
    remedy: 'Bind the editing relation to the owning team, and a break-glass admin team or role.',
    check: (subject) => {
      const editing = editingRelation(subject);
      const { bindings, known } = bindingsOf(subject);
      // A type this library does not know, or principals known only at plan: not judged here.
      if (editing === undefined || !known) return [];
      if (bindings.some((b) => b.relation === editing && b.principals.length > 0)) return [];
      return [{ propPath: 'bindings', message: `no principal is bound to ${editing}: only users with the user_access_manage permission can edit the resource, through elevated access ("If your platform administrators are not members of the owning team, they are locked out")` }];
    },
  },
  {
    id: 'WMC-10',
    title: 'Users are not bound one by one where a team or role would serve',
    level: GuardrailLevel.NOTE,
    appliesTo: POLICY,
    authority: GRANULAR,
    remedy: 'Bind a team (Datadog Teams) or a role that holds these users: "Allocate access to individual users only when necessary."',
    check: (subject) =>
      [...usersByRelation(bindingsOf(subject).bindings)].flatMap(([relation, { firstIndex, users }]) =>
        users.size >= USERS_ONE_BY_ONE ? [{ propPath: `bindings/${firstIndex}/principals`, message: `${users.size} users are bound to ${relation} one by one (${USERS_ONE_BY_ONE} or more)` }] : [],
      ),
  },
];
