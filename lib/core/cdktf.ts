// The one place this library imports CDK for Terraform from. cdktf 0.21.0 is its
// last release; moving to the community fork (npm `cdktn`) changes these lines only.
export {
  App,
  Annotations,
  DefaultTokenResolver,
  Fn,
  Lazy,
  StringConcat,
  TerraformDataSource,
  TerraformElement,
  TerraformProvider,
  TerraformResource,
  TerraformStack,
  TerraformVariable,
  Token,
  Tokenization,
} from 'cdktf';
export type { IResolvable, ITerraformDependable, TerraformResourceLifecycle } from 'cdktf';
// Deep import: the same check cdktf's importFrom() adds, reused once per stack.
export { ValidateTerraformVersion } from 'cdktf/lib/validations/validate-terraform-version';
