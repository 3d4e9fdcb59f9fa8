// `removed` blocks that let Terraform forget resources without destroying them
// (Terraform 1.7 and later): the counterpart of an `import` block.
//
// cdktf's HCL writer renders only the top-level blocks it knows (resource,
// data, provider, module, output, moved, import, locals, variable) and drops
// any other fragment, `removed` included; so the stack's HCL text gets the
// blocks appended, from the same addresses the JSON output holds.
//
// Each block carries the path of the construct resource it stands for, as
// cdktf's metadata does for a resource (`"//": { "metadata": { "path" } }` in
// the JSON, which Terraform ignores; the same under `removed` in an HCL synth's
// metadata.json), so `explain` names the released construct.
import { Construct, IConstruct } from 'constructs';
import { TerraformElement, TerraformStack, ValidateTerraformVersion } from './framework';
import { ownedResources } from './moved-blocks';
import { addRefactoringSource, checkRefactoring } from './refactoring-checks';
import { WireResource } from './wire-elements';

/** What a `release` wrote: the addresses Terraform forgets, no references (nothing is declared). */
export interface ReleasedResources {
  /**
   * The address of each resource the construct would have declared
   * (`type.name`, without instance keys: one `removed` block covers every
   * instance of a repeated resource), each written as
   * `removed { from = <address>; lifecycle { destroy = false } }`.
   */
  readonly addresses: string[];
}

const REGISTRY_ID = 'RemovedBlocks';

interface HclSynthesis {
  hcl: string;
  metadata: { [key: string]: unknown };
}

interface RemovedEntry {
  /** `type.name`, read at synth time. */
  readonly from: () => string;
  /** The released construct (its node stays in the tree; its resources write nothing). */
  readonly construct?: IConstruct;
  /** The released resource's construct path, as cdktf's metadata writes it. */
  readonly path: string;
}

/** The `removed` blocks of one stack, rendered together. */
export class RemovedBlocks extends TerraformElement {
  /** The registry of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): RemovedBlocks {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(REGISTRY_ID) as RemovedBlocks | undefined) ?? new RemovedBlocks(stack, REGISTRY_ID);
  }

  private readonly entries: RemovedEntry[] = [];

  private constructor(scope: TerraformStack, id: string) {
    super(scope, id, 'removed');
    addRefactoringSource(scope, {
      moved: () => [],
      removed: () => this.entries.map((e) => ({ from: e.from(), construct: e.construct ?? this, path: 'release' })),
    });
    this.node.addValidation(new ValidateTerraformVersion('>=1.7', 'Removed blocks are only supported by Terraform 1.7 and later. Please upgrade Terraform.'));
    const stackHcl = scope.toHclTerraform.bind(scope) as () => HclSynthesis;
    // Own property of this stack only: the class, and other stacks, are untouched.
    scope.toHclTerraform = (): HclSynthesis => {
      const out = stackHcl();
      const blocks = this.hclBlocks();
      if (blocks === '') return out;
      return { hcl: `${out.hcl}\n\n${blocks}\n`, metadata: { ...out.metadata, removed: this.entries.map((e) => ({ '//': metadataOf(e), from: e.from() })) } };
    };
  }

  /**
   * Adds `removed { from = <address>; lifecycle { destroy = false } }`, the address read at synth time.
   * @param path the construct path of the resource the block stands for
   */
  public add(from: () => string, path: string, construct?: IConstruct): void {
    this.entries.push({ from, path, construct });
  }

  public toTerraform(): any {
    checkRefactoring(TerraformStack.of(this));
    if (this.entries.length === 0) return {};
    return { removed: this.entries.map((e) => ({ '//': metadataOf(e), from: e.from(), lifecycle: { destroy: false } })) };
  }

  /** Nothing here: cdktf's HCL writer would drop it; the stack's HCL text gets {@link hclBlocks}. */
  public toHclTerraform(): any {
    return {};
  }

  private hclBlocks(): string {
    // Addresses are static references (`type.name`), written as is.
    return this.entries.map((e) => `removed {\n  from = ${e.from()}\n  lifecycle {\n    destroy = false\n  }\n}`).join('\n\n');
  }
}

/**
 * Turns a construct that was just declared into its release: every resource
 * it owns writes nothing, and a `removed` block with `destroy = false` takes
 * its place. Returns the addresses.
 */
export function releaseOwnedResources(construct: Construct): ReleasedResources {
  const registry = RemovedBlocks.of(construct);
  const addresses: string[] = [];
  for (const resource of ownedResources(construct)) {
    const address = `${resource.terraformResourceType}.${resource.friendlyUniqueId}`;
    if (resource instanceof WireResource) resource.release();
    registry.add(() => address, resource.node.path, construct);
    addresses.push(address);
  }
  return { addresses };
}

function metadataOf(entry: RemovedEntry): { metadata: { path: string } } {
  // The released resource's path, as the resource would have written it; its construct's class and declaring
  // line are in the stack's index of origins (construct-origin.ts).
  return { metadata: { path: entry.path } };
}
