// A stack-level element that writes nothing and checks the whole stack when the
// stack is written, as JSON or as HCL: what cdktf's validations cannot see
// until every construct is declared (references, duplicate providers).
import { TerraformElement } from './framework';

/** Writes nothing; runs {@link check} each time the stack is synthesized. */
export abstract class SynthTimeCheck extends TerraformElement {
  public toTerraform(): any {
    this.check();
    return {};
  }

  public toHclTerraform(): any {
    this.check();
    return {};
  }

  /** Throws a ValidationError when the stack is one Terraform would refuse. */
  protected abstract check(): void;
}
