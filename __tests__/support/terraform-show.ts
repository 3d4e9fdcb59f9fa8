// The authority for what `explain` says about a plan: `terraform show` of the
// same plan file (human output, -no-color). Its words are hashicorp/terraform
// internal/command/jsonformat/plan.go at v1.11.4 (`renderHuman`,
// `renderHumanDiffDrift`, `resourceChangeComment`): the resource headers
// ("will be created", "must be replaced", "has been deleted", …), their
// "(because …)" notes, and the headline. This file reads them and says, for
// each, what explain must say; judgeExplanation lists every disagreement.
import { PlanExplanation } from '../../lib';

/** One resource header of `terraform show`, with the notes under it. */
export interface ShownResource {
  readonly section: 'drift' | 'changes';
  readonly address: string;
  readonly deposed?: string;
  /** The header's words after the address: "will be created", "has moved to …", … */
  readonly phrase: string;
  /** For "has moved to": the old address. */
  readonly movedFrom?: string;
  /** The `# (…)` notes under the header, without the parentheses. */
  readonly notes: string[];
}

/** What `terraform show` printed, read. */
export interface ShownPlan {
  /** The line that states the outcome: the `Plan:` line, else the "No changes." (or other) line. */
  readonly headline: string;
  readonly resources: ShownResource[];
}

const PHRASES = [
  'will be created',
  'will be updated in-place',
  'has changed',
  'is tainted, so must be replaced',
  'will be replaced, as requested',
  'will be replaced due to changes in replace_triggered_by',
  'must be replaced, but the existing object will not be destroyed',
  'must be replaced',
  'will be destroyed',
  'has been deleted',
  'will be read during apply',
  'will be imported',
  'will no longer be managed by Terraform, but will not be destroyed',
  'will be removed from Terraform state, but will not be destroyed',
];

const OUTCOME_LINES = /^(No changes\. .*|No current changes\. .*|Planning failed\. .*|Changes to Outputs:|Note: Objects have changed outside of Terraform)$/;

/** Reads `terraform show -no-color PLANFILE`. */
export function readTerraformShow(text: string): ShownPlan {
  const lines = text.split('\n');
  const plan = lines.find((l) => l.startsWith('Plan: '));
  const outcome = lines.find((l) => OUTCOME_LINES.test(l));
  const headline = plan ?? outcome;
  if (headline === undefined) throw new Error(`no headline in terraform show:\n${text}`);
  const resources: ShownResource[] = [];
  let section: 'drift' | 'changes' | undefined;
  let current: { section: 'drift' | 'changes'; address: string; deposed?: string; phrase: string; movedFrom?: string; notes: string[] } | undefined;
  for (const line of lines) {
    if (line.startsWith('Note: Objects have changed outside of Terraform')) section = 'drift';
    else if (line.startsWith('Terraform will perform the following actions') || line.startsWith('Terraform planned the following actions')) section = 'changes';
    else if (/^(Unless you have made equivalent changes|This is a refresh-only plan)/.test(line)) section = undefined;
    // Headers and their notes sit at one or two spaces; comments inside a resource's body ("# (1 unchanged attribute hidden)") deeper.
    const header = /^ {1,2}# (.+)$/.exec(line);
    if (header === null || section === undefined) continue;
    const body = header[1];
    const note = /^\(([\s\S]*)\)$/.exec(body);
    if (note !== null) {
      current?.notes.push(note[1]);
      continue;
    }
    const moved = /^(.+) has moved to (.+)$/.exec(body);
    if (moved !== null) {
      current = { section, address: moved[2], phrase: 'has moved to', movedFrom: moved[1], notes: [] };
      resources.push(current);
      continue;
    }
    const phrase = PHRASES.find((p) => body.endsWith(` ${p}`));
    if (phrase === undefined) throw new Error(`a header terraform show prints that this reader does not know: ${JSON.stringify(line)}`);
    const subject = body.slice(0, body.length - phrase.length - 1);
    const deposed = /^(.+) \(deposed object ([0-9a-f]+)\)$/.exec(subject);
    current = { section, address: deposed === null ? subject : deposed[1], ...(deposed === null ? {} : { deposed: deposed[2] }), phrase, notes: [] };
    resources.push(current);
  }
  return { headline, resources };
}

/**
 * What explain must say for a header: its main action, and its cause (matched against explain's causes, joined by "; ").
 *
 * @param drift the plan's own `resource_drift` actions by address: a normal plan's `terraform show` prints only the
 *   drift its changes depend on (`relevant_attributes`: jsonformat/diff.go precomputeDiffs, v1.11.4), so a create
 *   after a deletion outside Terraform may show as a plain "will be created"; the plan's field says why
 */
function expectedFor(shown: ShownResource, drift: ReadonlyMap<string, string>, destroyMode: boolean): { action: string; cause: RegExp } {
  const because = shown.notes.find((n) => n.startsWith('because '));
  switch (shown.phrase) {
    case 'will be created':
      return { action: 'create', cause: drift.get(shown.address) === 'delete' ? /^deleted outside Terraform, created again$/ : /new in the configuration$/ };
    case 'will be updated in-place':
      return { action: 'update', cause: drift.get(shown.address) === 'update' ? /^changed outside Terraform/ : /the configuration differs from (the state|what is imported)$/ };
    case 'is tainted, so must be replaced':
      return { action: 'replace', cause: /tainted in state/ };
    case 'will be replaced, as requested':
      return { action: 'replace', cause: /replacement requested \(-replace\)/ };
    case 'will be replaced due to changes in replace_triggered_by':
      return { action: 'replace', cause: /renamed through the replace trigger|replace_triggered_by/ };
    case 'must be replaced':
      return { action: 'replace', cause: /cannot change in place \(forces replacement\)/ };
    case 'must be replaced, but the existing object will not be destroyed':
      return { action: 'replace without destroy', cause: /the existing object will not be destroyed/ };
    case 'will be destroyed':
      if (shown.deposed !== undefined) return { action: 'delete', cause: new RegExp(`^deposed object ${shown.deposed} destroyed`) };
      return { action: 'delete', cause: deleteCause(because, destroyMode) };
    case 'has moved to':
      return { action: 'move', cause: new RegExp(`^moved from ${escapeRegExp(shown.movedFrom!)}$`) };
    case 'will be read during apply':
      return { action: 'read', cause: readCause(shown.notes) };
    case 'will be imported':
      return { action: 'import', cause: /^import block \(id "/ };
    case 'will no longer be managed by Terraform, but will not be destroyed':
    case 'will be removed from Terraform state, but will not be destroyed':
      return { action: 'remove from state', cause: /destroy = false/ };
    case 'has changed':
      return { action: 'changed outside Terraform', cause: /^changed outside Terraform$/ };
    case 'has been deleted':
      return { action: 'deleted outside Terraform', cause: /^changed outside Terraform$/ };
    default:
      return { action: `(no rule for "${shown.phrase}")`, cause: /^$/ };
  }
}

// resourceChangeComment's notes under a read, each to explain's cause.
function readCause(notes: readonly string[]): RegExp {
  if (notes.includes('config refers to values not yet known')) return /its configuration refers to values not yet known/;
  if (notes.includes('depends on a resource or a module with changes pending')) return /depends on a resource or a module with changes pending/;
  if (notes.includes('config will be reloaded to verify a check block')) return /a check block reads it again/;
  return /^Terraform plans read/;
}

// resourceChangeComment's "(because …)" notes, each to explain's cause.
function deleteCause(because: string | undefined, destroyMode: boolean): RegExp {
  if (because === undefined) return destroyMode ? /^destroy plan: every object is destroyed/ : /^deleted by the plan$/;
  if (/^because \S+ was moved to \S+, which is not in configuration$/.test(because)) return /^the target of its moved block is not in the configuration$/;
  if (/^because module\.\S+ is not in configuration$/.test(because)) return /^its module is no longer in the configuration$/;
  if (/^because \S+ is not in configuration$/.test(because)) return /^no longer in the configuration$/;
  if (/^because index \[\d+\] is out of range for count$/.test(because)) return /^its index is no longer within count$/;
  if (/^because key \[.+\] is not in for_each map$/.test(because)) return /^its key is no longer in for_each$/;
  if (/^because resource (does not use count|does not use for_each|uses count or for_each)$/.test(because)) return /^its instance no longer matches the for_each or count$/;
  return new RegExp(`^\\(a note explain has no rule for: ${escapeRegExp(because)}\\)$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every way the explanation disagrees with `terraform show` of the same plan:
 * its first line against Terraform's headline; each resource Terraform shows
 * against explain's action and cause for it; a resource explain says changes
 * that Terraform does not show. Empty when they agree.
 */
export function judgeExplanation(explanation: PlanExplanation, shownText: string, planJson: string): string[] {
  const shown = readTerraformShow(shownText);
  const out: string[] = [];
  const drift = new Map<string, string>((JSON.parse(planJson).resource_drift ?? []).filter((d: any) => d.deposed === undefined).map((d: any) => [d.address, d.change.actions.join()]));
  const first = explanation.toText().split('\n')[0];
  if (first !== shown.headline) out.push(`first line ${JSON.stringify(first)}, terraform: ${JSON.stringify(shown.headline)}`);
  if (explanation.terraformHeadline !== shown.headline) out.push(`terraformHeadline ${JSON.stringify(explanation.terraformHeadline)}, terraform: ${JSON.stringify(shown.headline)}`);
  const destroyMode = explanation.planMode === 'destroy';
  const key = (address: string, deposed: string | undefined) => `${address}${deposed === undefined ? '' : ` (deposed ${deposed})`}`;
  for (const section of ['changes', 'drift'] as const) {
    const listed = section === 'changes' ? explanation.changes : explanation.drift;
    const byKey = new Map(listed.map((r) => [key(r.address, r.deposed), r]));
    const terraformShows = shown.resources.filter((r) => r.section === section);
    for (const r of terraformShows) {
      // A refresh-only plan shows its moves among the drift (renderHumanDiffDrift); explain lists a move as a change.
      const explained = section === 'drift' && r.phrase === 'has moved to' ? explanation.changes.find((c) => c.address === r.address) : byKey.get(key(r.address, r.deposed));
      const expected = expectedFor(r, drift, destroyMode);
      const where = `${section} ${key(r.address, r.deposed)} ("${r.phrase}"${r.notes.length === 0 ? '' : `, ${r.notes.map((n) => `(${n})`).join(' ')}`})`;
      if (explained === undefined) {
        out.push(`${where}: not in explain's ${section}`);
        continue;
      }
      const actions = explained.actions;
      if (!actions.includes(expected.action)) out.push(`${where}: explain's actions ${JSON.stringify(actions)}, expected ${expected.action}`);
      if (!expected.cause.test(explained.causes.join('; ')) && !explained.causes.some((c) => expected.cause.test(c))) {
        out.push(`${where}: explain's causes ${JSON.stringify(explained.causes)}, expected ${expected.cause}`);
      }
      // The notes a header carries: a move or an import besides the main action.
      const movedFrom = r.notes.find((n) => n.startsWith('moved from '));
      if (movedFrom !== undefined && !actions.includes('move')) out.push(`${where}: terraform notes a move, explain's actions ${JSON.stringify(actions)}`);
      if (r.notes.some((n) => n.startsWith('imported from ')) && !actions.includes('import')) out.push(`${where}: terraform notes an import, explain's actions ${JSON.stringify(actions)}`);
    }
    // What explain lists as changing that terraform does not show (a no-op is shown by neither).
    const shownKeys = new Set(shown.resources.filter((r) => r.section === section || r.phrase === 'has moved to').map((r) => key(r.address, r.deposed)));
    // Only a refresh-only plan's terraform show prints all the drift (precomputeDiffs): explain lists it in every mode.
    const driftHidden = section === 'drift' && explanation.planMode !== 'refresh-only';
    for (const r of listed) {
      if (r.actions.join() === 'no-op' || driftHidden) continue;
      if (!shownKeys.has(key(r.address, r.deposed))) out.push(`${section} ${key(r.address, r.deposed)}: explain says ${r.actions.join(' + ')}, terraform shows nothing`);
    }
  }
  return out;
}
