// `moved` blocks for a construct that was renamed or moved to another scope:
// every resource it owns gets one, from the address its former path gives to
// the address it has now, so Terraform moves the state instead of replacing.
//
// cdktf's own `moveFromId` takes the former address as text and reads the
// resource's logical id when called (a later `overrideLogicalId` is then lost);
// here both addresses are computed at synth time, the former one by the stack's
// own logical-id allocation, and the stack's blocks are rendered together.
import { Construct, IConstruct } from 'constructs';
import { TerraformElement, TerraformResource, TerraformStack, ValidateTerraformVersion } from './framework';
import { hasPathLogicalId, logicalIdAt, pathBelowStack } from './logical-ids';
import { isUnresolved, Problems } from './problems';
import { addRefactoringSource, checkRefactoring } from './refactoring-checks';
import { WireResource } from './wire-elements';

interface MovedConstruct {
  readonly construct: IConstruct;
  readonly formerPath: readonly string[];
}

/** One `moved` block: both addresses without instance keys, so every instance moves. */
export interface MovedAddresses {
  readonly from: string;
  readonly to: string;
}

const REGISTRY_ID = 'MovedBlocks';
const PATH_RULE =
  'the construct\'s former path below its stack, known at synth time: construct ids joined by "/" ("analysts", "team/analysts"), no empty id, different from its current path';

/** The `moved` blocks of one stack, rendered together. */
export class MovedBlocks extends TerraformElement {
  /** The registry of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): MovedBlocks {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(REGISTRY_ID) as MovedBlocks | undefined) ?? new MovedBlocks(stack, REGISTRY_ID);
  }

  private readonly moved: MovedConstruct[] = [];

  private constructor(scope: Construct, id: string) {
    super(scope, id, 'moved');
    addRefactoringSource(TerraformStack.of(scope), {
      moved: () => this.movedWithConstructs().map(({ block, construct }) => ({ from: block.from, construct, path: 'previousPath' })),
      removed: () => [],
    });
    this.node.addValidation(new ValidateTerraformVersion('>=1.1', 'Moved blocks are only supported by Terraform 1.1 and later. Please upgrade Terraform.'));
  }

  /**
   * Records that `construct` was at `previousPath` (below its stack) before:
   * each resource it owns is moved from there. Refuses a path that is not a
   * list of construct ids, the current path, or a second former path.
   */
  public add(construct: IConstruct, previousPath: string): void {
    const problems = new Problems();
    const current = pathBelowStack(construct);
    if (typeof previousPath !== 'string' || isUnresolved(previousPath)) {
      problems.add('previousPath', previousPath, PATH_RULE);
    } else {
      const former = previousPath.split('/');
      if (former.some((id) => id === '') || former.join('/') === current.join('/')) problems.add('previousPath', previousPath, PATH_RULE);
      else if (this.moved.some((m) => m.construct === construct)) {
        problems.add('previousPath', previousPath, 'one former path per construct (it was given one already): keep the latest, once every state has applied the earlier move');
      }
    }
    if (problems.list.length === 0) {
      // The former logical id must be a name Terraform reads (a construct id starting with a digit gives one that is not).
      const stack = TerraformStack.of(this);
      const depth = pathBelowStack(construct).length;
      const invalid = ownedResources(construct)
        .map((resource) => logicalIdAt(stack, [...previousPath.split('/'), ...pathBelowStack(resource).slice(depth)]))
        .find((id) => !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(id));
      if (invalid !== undefined) problems.add('previousPath', previousPath, `${PATH_RULE}: it gives the former name "${invalid}", which is no Terraform name (a letter or "_" first), so no resource was there`);
    }
    problems.throwIfAny(construct);
    this.moved.push({ construct, formerPath: previousPath.split('/') });
  }

  /** Every block, as the stack stands now. */
  public blocks(): MovedAddresses[] {
    return this.movedWithConstructs().map(({ block }) => block);
  }

  private movedWithConstructs(): { block: MovedAddresses; construct: IConstruct }[] {
    const stack = TerraformStack.of(this);
    const out: { block: MovedAddresses; construct: IConstruct }[] = [];
    for (const { construct, formerPath } of this.moved) {
      const depth = pathBelowStack(construct).length;
      for (const resource of ownedResources(construct)) {
        // An overridden logical id does not follow the path: the resource keeps its address.
        if (!hasPathLogicalId(resource)) continue;
        const below = pathBelowStack(resource).slice(depth);
        const from = `${resource.terraformResourceType}.${logicalIdAt(stack, [...formerPath, ...below])}`;
        const to = `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
        if (from !== to) out.push({ block: { from, to }, construct });
      }
    }
    return out;
  }

  public toTerraform(): any {
    checkRefactoring(TerraformStack.of(this));
    const blocks = this.blocks();
    return blocks.length === 0 ? {} : { moved: blocks };
  }

  public toHclTerraform(): any {
    checkRefactoring(TerraformStack.of(this));
    const blocks = this.blocks();
    if (blocks.length === 0) return {};
    // Addresses are static references, written unquoted.
    const reference = (value: string) => ({ value, isBlock: false, type: 'simple', storageClassType: 'reference' });
    return { moved: blocks.map((b) => ({ from: reference(b.from), to: reference(b.to) })) };
  }
}

/** The resources declared under `construct` (those a released construct no longer writes left out). */
export function ownedResources(construct: IConstruct): TerraformResource[] {
  return construct.node
    .findAll()
    .filter((c): c is TerraformResource => TerraformResource.isTerraformResource(c) && !(c instanceof WireResource && c.isReleased));
}
