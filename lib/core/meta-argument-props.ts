// The cdktf meta-arguments the constructs take, declared once (issue 26 item 3):
// every construct that declares resources takes a provider and dependencies;
// AuthenticationProfile and RestrictionPolicy, which declare one main resource
// each, also take lifecycle settings and repetition. Each construct's props
// extend these; what differs per construct is said in the construct's docs.
import { ITerraformDependable, ITerraformIterator, TerraformCount, TerraformProvider, TerraformResourceLifecycle } from './framework';

/**
 * Where a construct's resources are managed and what they wait for: the
 * `provider` and `depends_on` meta-arguments of each resource it declares.
 */
export interface ProviderMetaArguments {
  /**
   * The provider to manage the construct's resources with: a provider
   * construct of the stack (for a second configuration of one provider, give
   * it an `alias`).
   *
   * @default - the stack's default provider of the resources' type (aws for
   *   AuthenticationProfile, datadog for RestrictionPolicy, kubernetes for NodeList)
   */
  readonly provider?: TerraformProvider;

  /**
   * What every resource of the construct depends on: resources, constructs of
   * this library (their resources), address strings (`"terraform_data.marker"`,
   * `"module.network"`, `"var.ready"`) or references (`resource.fqn`,
   * `resource.id`). Each is written as the address of the whole object
   * (`depends_on` takes no attributes), in the JSON and the HCL output; a string
   * must name something the stack declares when it is synthesized.
   *
   * @default - none (references in the props are dependencies already)
   */
  readonly dependsOn?: ITerraformDependable[];
}

/**
 * The meta-arguments of a construct that declares one main resource: its
 * provider and dependencies, its lifecycle settings, and its repetition with
 * `forEach` or `count`.
 */
export interface ResourceMetaArguments extends ProviderMetaArguments {
  /**
   * Lifecycle settings of the main resource, checked as Terraform reads them:
   * `createBeforeDestroy` and `preventDestroy` are literal booleans;
   * `ignoreChanges` is "all" or names the resource's attributes (by prop name,
   * `authenticationProfileContent`, or Terraform name,
   * `authentication_profile_content`); each `replaceTriggeredBy` entry is a
   * managed resource (a resource, a construct of this library, an address
   * string such as `"terraform_data.marker"`, or a reference) and is written as
   * a plain address; a `precondition` / `postcondition` condition is an
   * expression (a token: cdktf's `Op`, `Fn` or a reference). A setting this
   * type does not declare is refused, not written. A construct that replaces
   * its resource itself (AuthenticationProfile's name trigger) adds its own
   * `replaceTriggeredBy` entry to yours.
   *
   * @default - none
   */
  readonly lifecycle?: TerraformResourceLifecycle;

  /**
   * One instance per element of a cdktf iterator, as Terraform's `for_each`:
   * `TerraformIterator.fromMap(variable.value)` or an iterator over data in
   * code. Everything the construct declares is repeated alike, and what must
   * differ per instance (a profile's name, a policy's resource id) must come
   * from the iterator (`iterator.key`, `iterator.value`,
   * `iterator.getString(…)`). When the collection is known at synth time, each
   * instance's values are checked as the text they will be. The construct's
   * references (`id`, …) are cdktf's references to a repeated resource; read one
   * instance with `TerraformIterator.fromResources(construct.resource)`. With
   * `adopt`, the import block repeats alike (Terraform 1.7 or later).
   *
   * @default - one instance
   */
  readonly forEach?: ITerraformIterator;

  /**
   * Number of instances, as Terraform's `count`: a whole number from 0 to
   * 100,000, a number token, or a `TerraformCount` (whose `index` goes into what
   * must differ per instance). Not with `forEach`; not with `adopt` (import
   * blocks repeat with `for_each` only).
   *
   * @default - one instance
   */
  readonly count?: number | TerraformCount;
}
