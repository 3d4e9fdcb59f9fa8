// The one module that imports the CDK framework: cdktf 0.21 (its last release),
// or its community fork CDK Terrain, which keeps the same API and layout. The
// cdktn package is this source with 'cdktf' below read as 'cdktn'
// (scripts/pack-cdktn.ts); tests, examples, scripts and the benchmark import the
// framework from here too, and run on cdktn with CDK_FRAMEWORK=cdktn
// (scripts/framework.js maps the module name).
export {
  App,
  Annotations,
  AnnotationMetadataEntryType,
  Aspects,
  DataResource,
  DefaultTokenResolver,
  Fn,
  Lazy,
  Op,
  StringConcat,
  TerraformDataSource,
  TerraformCount,
  TerraformLocal,
  TerraformModule,
  TerraformElement,
  TerraformIterator,
  TerraformOutput,
  TerraformProvider,
  TerraformResource,
  TerraformSelf,
  TerraformStack,
  TerraformVariable,
  Testing,
  Token,
  Tokenization,
} from 'cdktf';
export type { IPostProcessor, IResolvable, IResolveContext, ITerraformDependable, ITerraformIterator, TerraformResourceLifecycle } from 'cdktf';
// Deep imports: the same checks cdktf's importFrom() adds, reused once per stack.
export { ValidateTerraformVersion } from 'cdktf/lib/validations/validate-terraform-version';
export { ValidateBinaryVersion } from 'cdktf/lib/validations/validate-binary-version';
