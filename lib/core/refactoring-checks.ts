// The `moved` and `removed` blocks of a stack, checked together at synth time
// against what the stack declares: Terraform refuses a move whose former
// address is still declared ("Moved object still exists"), two moves from one
// address ("Ambiguous move statements"), and a removed block for an address
// the configuration still declares ("Removed resource still exists"). Each
// refusal is a ValidationError naming both constructs.
import { IConstruct } from 'constructs';
import { TerraformResource, TerraformStack } from './framework';
import { Problems } from './problems';
import { WireResource } from './wire-elements';

/** A block the check reads: its former address, and the construct that wrote it. */
export interface RefactoringBlock {
  readonly from: string;
  readonly construct: IConstruct;
  /** The path of the prop or call that wrote it, for the error line. */
  readonly path: string;
}

/** Where each `moved` and `removed` block of a stack comes from; the registries supply them. */
export interface RefactoringSources {
  moved(): RefactoringBlock[];
  removed(): RefactoringBlock[];
}

const SOURCES = new WeakMap<TerraformStack, RefactoringSources[]>();

/** Registers a source of blocks for `stack` (once per registry). */
export function addRefactoringSource(stack: TerraformStack, source: RefactoringSources): void {
  SOURCES.set(stack, [...(SOURCES.get(stack) ?? []), source]);
}

/** Throws a ValidationError for the first construct whose block Terraform would refuse. */
export function checkRefactoring(stack: TerraformStack): void {
  const sources = SOURCES.get(stack) ?? [];
  const moved = sources.flatMap((s) => s.moved());
  const removed = sources.flatMap((s) => s.removed());
  if (moved.length === 0 && removed.length === 0) return;
  const declared = new Map<string, IConstruct>();
  for (const c of stack.node.findAll()) {
    if (TerraformResource.isTerraformResource(c) && !(c instanceof WireResource && c.isReleased)) declared.set(`${c.terraformResourceType}.${c.friendlyUniqueId}`, c.node.scope ?? c);
  }
  const refusals: { construct: IConstruct; path: string; from: string; allowed: string }[] = [];
  const movedFrom = new Map<string, RefactoringBlock>();
  for (const block of moved) {
    const holder = declared.get(block.from);
    if (holder !== undefined) {
      refusals.push({ ...block, allowed: `a former path where no construct is now: ${block.from} is declared again by ${holder.node.path} (Terraform: Moved object still exists); rename one of them` });
    }
    const earlier = movedFrom.get(block.from);
    if (earlier !== undefined && earlier.construct !== block.construct) {
      refusals.push({ ...block, allowed: `a former path no other construct moved from: ${earlier.construct.node.path} moves from ${block.from} too (Terraform: Ambiguous move statements)` });
    }
    movedFrom.set(block.from, block);
  }
  for (const block of removed) {
    const holder = declared.get(block.from);
    if (holder !== undefined) {
      refusals.push({ ...block, allowed: `the id and props of a construct that is gone: ${block.from} is declared by ${holder.node.path} (Terraform: Removed resource still exists)` });
    }
    const mover = movedFrom.get(block.from);
    if (mover !== undefined) refusals.push({ ...block, allowed: `an address no construct moves from: ${mover.construct.node.path} moves from ${block.from}` });
  }
  const first = refusals[0];
  if (first === undefined) return;
  const problems = new Problems();
  for (const r of refusals.filter((r) => r.construct === first.construct)) problems.add(r.path, r.from, r.allowed);
  problems.throwIfAny(first.construct);
}
