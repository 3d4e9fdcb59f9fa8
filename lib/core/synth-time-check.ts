// A stack-level element that writes nothing and checks the whole stack when the
// stack is written, as JSON or as HCL: what cdktf's validations cannot see
// until every construct is declared (references, duplicate providers).
import { IConstruct } from 'constructs';
import { TerraformElement, TerraformStack } from './framework';

/**
 * The checks of each stack, in the order they were made, and the walk of its
 * constructs the first one took in the current pass (a pass writes every element
 * of the stack once: cdktf's prepare, then the JSON or the HCL). One walk per
 * pass serves every check: a walk of a 10,000-profile stack costs about 25 ms.
 */
const STACK_CHECKS = new WeakMap<TerraformStack, { readonly checks: SynthTimeCheck[]; walk?: IConstruct[] }>();

/** Writes nothing; runs {@link check} each time the stack is synthesized. */
export abstract class SynthTimeCheck extends TerraformElement {
  constructor(scope: TerraformStack, id: string) {
    super(scope, id);
    const registered = STACK_CHECKS.get(scope) ?? { checks: [] };
    registered.checks.push(this);
    STACK_CHECKS.set(scope, registered);
  }

  public toTerraform(): any {
    this.check();
    return {};
  }

  public toHclTerraform(): any {
    this.check();
    return {};
  }

  /**
   * Every construct of the check's stack (its `node.findAll()`). The stack's
   * first check in the tree walks when it runs; the checks after it in the
   * same pass run after it (cdktf writes elements in tree order) and read
   * that walk. What a pass adds after the first check (cross-stack outputs
   * and remote state) is neither a provider nor a resource.
   */
  protected stackConstructs(): IConstruct[] {
    const stack = TerraformStack.of(this);
    const registered = STACK_CHECKS.get(stack)!;
    // The first check still in the tree (a removed one never runs).
    const first = registered.checks.find((c) => stack.node.tryFindChild(c.node.id) === c);
    if (first === this || registered.walk === undefined) registered.walk = stack.node.findAll();
    return registered.walk;
  }

  /** Throws a ValidationError when the stack is one Terraform would refuse. */
  protected abstract check(): void;
}
