import { Construct, IConstruct } from 'constructs';
import {
  Annotations,
  IResolvable,
  TerraformProvider,
  TerraformResource,
  Token,
} from '../core/framework';
import { ResourceMetaArguments } from '../core/meta-argument-props';
import { ImportBlocks, ImportTarget } from '../core/import-blocks';
import { compileSchema } from '../core/json-schema';
import { MovedBlocks } from '../core/moved-blocks';
import { ReleasedResources, releaseOwnedResources } from '../core/removed-blocks';
import { literalText } from '../core/literal-text';
import { checkMetaArguments, instanceIndex, mayRepeat, META_ARGUMENT_PROPERTIES, refuseCountInAdopt, repetitionOf, resourceLifecycle } from '../core/meta-arguments';
import { constructPathOf, isUnresolved, Problems } from '../core/problems';
import { readProps } from '../core/snapshot';
import { ReferenceScope } from '../core/stack-references';
import { CheckedString, checkString, positionAt, StringPosition } from '../core/string-position';
import { wire, WireAttributes } from '../core/wire';
import { WireResource } from '../core/wire-elements';
import { Principal } from './principal';
import { RestrictionPolicyRelations } from './relations';
import { RestrictionPolicyResourceId } from './resource-id';
import { ID_GRAMMAR, knownType, PRINCIPAL, readArgument, RESOURCE_ID } from './type-and-id';
import { recordOrigin } from '../core/construct-origin';
import { recordGuardrailSubject } from '../core/guardrail-findings';
import { fixedId } from '../construct-descriptor';
import { LiveObjects } from '../core/live-objects';
import { POLICY_RESOURCE, RESTRICTION_POLICY } from './descriptors';
import { nfcOf } from '../core/nfc';

const TERRAFORM_TYPE = POLICY_RESOURCE.terraformTypes[0];

/** The resource's Terraform attributes by prop name (for `lifecycle.ignoreChanges`). */
const ATTRIBUTES = { resourceId: 'resource_id', bindings: 'bindings' };

/**
 * One binding of a restriction policy: principals granted one relation.
 */
export interface RestrictionPolicyBinding {
  /**
   * The relation (level of access) granted, e.g. `viewer` or `editor`. For a
   * resource type this library knows, it must be one of that type's relations
   * (see `RestrictionPolicyRelations`).
   */
  readonly relation: string;

  /**
   * The principals granted the relation: `Principal.role(id)`, `.team`,
   * `.user`, `.org`, or raw `type:id` strings (checked the same way).
   * Duplicates are dropped and the rest sorted. At least one.
   */
  readonly principals: (Principal | string)[];
}

/**
 * Props of a {@link RestrictionPolicy}.
 *
 * Duplicates: a principal listed twice in a binding is kept once; bindings
 * that share a relation are merged into one, their principals unioned. The
 * output is sorted (bindings by relation, principals by code point), so the
 * same policy always gives the same bytes. A binding whose `principals` is a
 * whole-list token is written as given, neither merged nor sorted.
 */
export interface RestrictionPolicyProps extends ResourceMetaArguments {
  /**
   * The resource the policy restricts, `resource_type:resource_id`: a
   * {@link RestrictionPolicyResourceId} or a raw string (checked the same
   * way). Changing it replaces the policy. A resource type this library does
   * not know is accepted with a warning, and its relations are not checked.
   */
  readonly resourceId: RestrictionPolicyResourceId | string;

  /**
   * The bindings: each grants one relation to some principals.
   *
   * @default - no bindings: the policy restricts the resource to nobody beyond
   *   what the service always allows (its creator and admins)
   */
  readonly bindings?: RestrictionPolicyBinding[];
}

/**
 * Known state of an existing policy, for {@link RestrictionPolicy.fromResourceId}.
 */
export interface RestrictionPolicyState {
  /**
   * The policy's bindings, when known. Checked, and exposed canonical (merged,
   * sorted) as `bindings` and `canonicalBindings`.
   *
   * @default - unknown: `bindings` and `canonicalBindings` are undefined
   */
  readonly bindings?: RestrictionPolicyBinding[];
}

/**
 * A restriction policy, declared by this stack or referenced by resource id.
 */
export interface IRestrictionPolicy extends IConstruct {
  /** The provider's id of the policy: its resource id. */
  readonly id: string;
  /** The restricted resource, `resource_type:resource_id`. */
  readonly resourceId: string;
  /** The bindings, as a Terraform value (a set of `{ principals, relation }` objects), when known. */
  readonly bindings?: IResolvable;
  /** The bindings in canonical form (merged, sorted), when known at synth time. */
  readonly canonicalBindings?: RestrictionPolicyBinding[];
}

const BINDINGS_SCHEMA = {
  description: 'a list of bindings, each { relation, principals }',
  type: 'array',
  items: {
    description: 'a binding { relation, principals }',
    type: 'object',
    required: ['relation', 'principals'],
    properties: {
      relation: { description: 'a relation such as "viewer" or "editor"', type: 'string' },
      principals: {
        description: 'a non-empty list of principals (Principal or "type:id" strings); a binding without principals grants nothing',
        type: 'array',
        minItems: 1,
        items: { description: 'a Principal or a "type:id" string', type: ['string', 'object'] },
      },
    },
    additionalProperties: false,
  },
};

const checkProps = compileSchema({
  type: 'object',
  required: ['resourceId'],
  properties: {
    resourceId: { description: 'a RestrictionPolicyResourceId or a "resource_type:resource_id" string', type: ['string', 'object'] },
    bindings: BINDINGS_SCHEMA,
    ...META_ARGUMENT_PROPERTIES,
  },
  additionalProperties: false,
});

const checkState = compileSchema({
  type: 'object',
  properties: { bindings: BINDINGS_SCHEMA },
  additionalProperties: false,
});

// As ids (type-and-id.ts): no whitespace, control or format characters, and NFC, as Terraform reads it.
const RELATION: StringPosition = {
  rule: 'a non-empty relation in Unicode NFC with no whitespace, control or format characters, such as "viewer" or "editor"',
  grammar: ID_GRAMMAR,
  nfc: true,
};

/** A checked string: the text Terraform reads when known, and what to write. */
interface Checked {
  /** The text Terraform reads (in NFC), when known at synth time. */
  readonly text?: string;
  /** What to write: the text as a literal when known (exactly what was read), else the value as given. */
  readonly written: string;
}

/** What the validation of a resource id and bindings yields. */
interface CheckedPolicy {
  readonly resourceId: Checked;
  readonly resourceType?: string;
  readonly bindings?: { readonly relation: Checked; readonly principals: Checked[] | string[] }[];
}

function checkedOf(given: string, checked: CheckedString | undefined): Checked {
  const text = checked?.text === undefined ? undefined : nfcOf(checked.text);
  return { text, written: text !== undefined ? literalText(text) : given };
}

function checkResourceId(value: unknown, problems: Problems, path: string, referencesFrom?: ReferenceScope): { resourceId: Checked; resourceType?: string } | undefined {
  const given = value instanceof RestrictionPolicyResourceId ? value.toString() : value;
  const checked = checkString(given, positionAt(RESOURCE_ID, referencesFrom), problems, path);
  if (checked === undefined) return undefined;
  return { resourceId: checkedOf(given as string, checked), resourceType: knownType(checked) };
}

/**
 * Checks bindings and returns them canonical: merged by relation, principals
 * deduplicated, everything sorted by the text Terraform reads.
 */
function canonicalBindings(
  bindings: RestrictionPolicyBinding[] | undefined,
  resourceType: string | undefined,
  problems: Problems,
  basePath: string,
  referencesFrom?: ReferenceScope,
): CheckedPolicy['bindings'] {
  if (bindings === undefined || !problems.isClean(basePath)) return undefined;
  // Terraform JSON cannot take an expression where blocks belong (bindings is a
  // set of nested blocks): the list and each binding must be known at synth time.
  const BLOCKS_RULE = 'known at synth time (Terraform writes each binding as a block); a binding\'s principals may be a token';
  if (isUnresolved(bindings) || !Array.isArray(bindings)) {
    problems.add(basePath, bindings, `a list of bindings ${BLOCKS_RULE}`);
    return undefined;
  }
  bindings.forEach((binding, i) => {
    if (isUnresolved(binding)) problems.add(`${basePath}/${i}`, binding, `a binding { relation, principals } ${BLOCKS_RULE}`);
  });
  if (!problems.isClean(basePath)) return undefined;
  const allowedRelations = resourceType === undefined ? undefined : RestrictionPolicyRelations.forResourceType(resourceType);
  // Each position once per policy, not once per value.
  const relationPosition = positionAt(RELATION, referencesFrom);
  const principalPosition = positionAt(PRINCIPAL, referencesFrom);
  // Loops and index access, not callbacks and destructuring: this runs for every policy of a fleet.
  const merged = new Map<string, { key: string; relation: Checked; principals: Map<string, Checked> }>();
  const asGiven: { relation: Checked; principals: string[] }[] = [];
  for (let i = 0; i < bindings.length; i++) {
    const binding = bindings[i];
    const path = `${basePath}/${i}`;
    const checkedRelation = checkString(binding.relation, relationPosition, problems, `${path}/relation`);
    if (checkedRelation === undefined) continue;
    const relation = checkedOf(binding.relation, checkedRelation);
    if (relation.text !== undefined && allowedRelations !== undefined && !allowedRelations.includes(relation.text)) {
      problems.add(`${path}/relation`, binding.relation, `one of ${allowedRelations.join(', ')} (the relations of resource type "${resourceType}")`);
    }
    const principals = binding.principals;
    if (isUnresolved(principals)) {
      // A list token is an array (Token.asList, variable.listValue); a number, map or `any` token is not a list.
      if (!Array.isArray(principals)) {
        problems.add(`${path}/principals`, principals, 'a list of principals, or a list token (Token.asList(…), variable.listValue)');
        continue;
      }
      asGiven.push({ relation, principals: principals as string[] });
      continue;
    }
    const key = relation.text ?? relation.written;
    let entry = merged.get(key);
    if (entry === undefined) merged.set(key, (entry = { key, relation, principals: new Map<string, Checked>() }));
    for (let j = 0; j < principals.length; j++) {
      const principal = principals[j];
      const given = principal instanceof Principal ? principal.toString() : principal;
      const checked = checkString(given, principalPosition, problems, `${path}/principals/${j}`);
      if (checked === undefined) continue;
      const read = checkedOf(given, checked);
      entry.principals.set(read.text ?? read.written, read);
    }
  }
  const canonical: { relation: Checked; principals: Checked[] | string[] }[] = [];
  for (const entry of Array.from(merged.values()).sort((a, b) => compareCodePoints(a.key, b.key))) {
    const principals = Array.from(entry.principals.keys()).sort(compareCodePoints);
    canonical.push({ relation: entry.relation, principals: principals.map((key) => entry.principals.get(key)!) });
  }
  for (const binding of asGiven) canonical.push(binding);
  return canonical;
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkPolicy(scope: IConstruct, props: RestrictionPolicyProps, referencesFrom: ReferenceScope): CheckedPolicy {
  const problems = new Problems();
  checkProps(props, problems);
  const id = problems.isClean('props/resourceId') ? checkResourceId(props.resourceId, problems, 'props/resourceId', referencesFrom) : undefined;
  const bindings = canonicalBindings(props.bindings, id?.resourceType, problems, 'props/bindings', referencesFrom);
  checkMetaArguments(scope, props, problems, ATTRIBUTES, 'datadog', true, referencesFrom);
  if (mayRepeat(props) && problems.isClean('props/forEach') && problems.isClean('props/count') && id?.resourceId.text !== undefined) {
    problems.add(
      'props/resourceId',
      props.resourceId,
      'with forEach or count, a resource id that differs per instance (built from iterator.value, iterator.getString(…) or count.index): every instance would restrict the same resource',
    );
  }
  problems.throwIfAny(scope);
  return { resourceId: id!.resourceId, resourceType: id!.resourceType, bindings };
}

/** The bindings as this construct states them: each text as Terraform reads it where known. */
function statedBindings(bindings: CheckedPolicy['bindings']): RestrictionPolicyBinding[] | undefined {
  return bindings?.map((b) => ({
    relation: b.relation.text ?? b.relation.written,
    principals: (b.principals as (Checked | string)[]).map((p) => (typeof p === 'string' ? p : p.text ?? p.written)),
  }));
}

function warnIfUnknownType(scope: IConstruct, resourceType: string | undefined): void {
  if (resourceType === undefined || RestrictionPolicyRelations.forResourceType(resourceType) !== undefined) return;
  Annotations.of(scope).addWarning(
    `RestrictionPolicy: resource type "${resourceType}" is not in this library's relations table; ` +
      'it is accepted (the service adds types over time) but its relations are not checked. ' +
      `Known types: ${RestrictionPolicyRelations.knownResourceTypes().join(', ')}.`,
  );
}

function bindingBlocks(bindings: NonNullable<CheckedPolicy['bindings']>): WireAttributes[] {
  return bindings.map((b) => ({
    principals: wire.stringSet((b.principals as (Checked | string)[]).map((p) => (typeof p === 'string' ? p : p.written))),
    relation: wire.string(b.relation.written),
  }));
}

/**
 * A restriction policy (`datadog_restriction_policy`): restricts access to one
 * resource by binding principals (roles, teams, users, the org) to relations.
 *
 * Checked at synth time: the resource id and every principal are `type:id`
 * with a non-empty id; principal types are role, team, user or org; relations
 * are non-empty and, for a known resource type, one of its relations. The
 * provider checks none of this: mistakes would surface only at apply.
 *
 * @example
 * new RestrictionPolicy(stack, 'Policy', {
 *   resourceId: RestrictionPolicyResourceId.dashboard('abc-def-ghi'),
 *   bindings: [
 *     { relation: 'editor', principals: [Principal.team('00000000-0000-1111-0000-000000000000')] },
 *     { relation: 'viewer', principals: [new CurrentOrg(stack, 'Org').principal] },
 *   ],
 * });
 *
 * @see https://registry.terraform.io/providers/DataDog/datadog/latest/docs/resources/restriction_policy
 */
export class RestrictionPolicy extends Construct implements IRestrictionPolicy {
  /**
   * The Terraform type of the construct's resource, `datadog_restriction_policy`,
   * as cdktf's generated resource classes declare it: cdktf's `Testing` matchers
   * take the class (`expect(Testing.synth(stack)).toHaveResourceWithProperties(RestrictionPolicy, { … })`).
   */
  public static readonly tfResourceType: string = TERRAFORM_TYPE;

  /**
   * References an existing policy by its resource id. Emits nothing. No data
   * source exists for policies: the bindings are what `state` says, if anything.
   *
   * @param scope the scope in which to define the reference
   * @param id the scoped construct id
   * @param resourceId the resource the policy restricts, `resource_type:resource_id`, checked like `RestrictionPolicyProps.resourceId`
   * @param state what is known of the policy (its bindings), checked like the props
   * @returns the policy, whose `id` and `resourceId` are the given resource id
   */
  public static fromResourceId(
    scope: Construct,
    id: string,
    resourceId: RestrictionPolicyResourceId | string,
    state?: RestrictionPolicyState,
  ): IRestrictionPolicy {
    return new ExistingRestrictionPolicy(scope, id, resourceId, state);
  }

  /**
   * Declares a policy that already exists and adopts it into Terraform state
   * with an `import` block (id: the resource id). After the first apply it is
   * managed like any other policy.
   *
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the configuration of the policy, as for the constructor (the import also uses `provider`, and `forEach`: one import per instance, id each instance's resource id; `count` is refused)
   * @returns the declared policy
   */
  public static adopt(scope: Construct, id: string, props: RestrictionPolicyProps): RestrictionPolicy {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    refuseCountInAdopt(scope, id, props);
    const policy = new RestrictionPolicy(scope, id, props);
    const resource = policy.resource;
    ImportBlocks.of(policy).add(
      () => `${policy.address}${instanceIndex(repetitionOf(resource))}`,
      policy.writtenResourceId,
      props.provider,
      props.forEach === undefined ? undefined : () => resource.forEach,
    );
    return policy;
  }

  /**
   * Stops managing a policy without destroying it, the counterpart of
   * `adopt`: instead of the resources, writes
   * `removed { from = <address>; lifecycle { destroy = false } }` for each
   * resource the construct would declare (the policy), in the JSON and the
   * HCL output (Terraform 1.7 or later). Give the id and props the construct
   * had, so the addresses are the ones in the state; the props are checked as
   * for the constructor. After the apply, the live policy is kept and is no
   * longer in the state; then the call can go. With `forEach` or `count`, one
   * block per resource covers every instance (removed blocks take no instance
   * keys). The datadog provider must stay in the stack: Terraform reads the
   * state with it.
   *
   * @param scope the scope the construct was defined in
   * @param id the construct's id
   * @param props the construct's props, as they were
   * @returns the addresses the blocks name; nothing is declared, so there is nothing to reference
   */
  public static release(scope: Construct, id: string, props: RestrictionPolicyProps): ReleasedResources {
    return releaseOwnedResources(new RestrictionPolicy(scope, id, props));
  }

  /**
   * Emits only an `import` block for an existing policy, with no resource:
   * `terraform plan -generate-config-out=FILE` then writes its configuration.
   *
   * @param scope the scope in which to define the import target
   * @param id the scoped construct id
   * @param resourceId the resource the policy restricts, used as the import id and checked like `RestrictionPolicyProps.resourceId`
   * @param provider the datadog provider to import with (when omitted, the import block names none)
   * @returns the import target; its `address`, `datadog_restriction_policy.<logical id>`, is the address the generated configuration will have
   */
  public static generateConfigForImport(
    scope: Construct,
    id: string,
    resourceId: RestrictionPolicyResourceId | string,
    provider?: TerraformProvider,
  ): ImportTarget {
    resourceId = readArgument(constructPathOf(scope, id), 'resourceId', resourceId);
    const problems = new Problems();
    const checked = checkResourceId(resourceId, problems, 'resourceId');
    problems.throwIfAnyAt(constructPathOf(scope, id));
    return new ImportTarget(scope, id, { terraformType: TERRAFORM_TYPE, importId: checked!.resourceId.written, provider });
  }

  /** The `datadog_restriction_policy` resource. */
  public readonly resource: TerraformResource;
  /** The policy's Terraform address, `datadog_restriction_policy.<logical id>`. */
  public get address(): string {
    // Read when asked: an `overrideLogicalId` on `resource` after construction is seen.
    return this.wireResource.address;
  }
  private readonly wireResource: WireResource;

  /** The policy's id (equal to its resource id), as a reference. */
  public get id(): string {
    return this.wireResource.stringReference('id');
  }

  /** The restricted resource, as a reference to the resource's attribute. */
  public get resourceId(): string {
    return this.wireResource.stringReference('resource_id');
  }

  /**
   * The bindings, as a reference to the resource's `bindings` attribute. Always
   * set on a declared policy; typed optional as in {@link IRestrictionPolicy}.
   */
  public get bindings(): IResolvable | undefined {
    return this.wireResource.interpolationForAttribute('bindings');
  }

  /** The resource id this construct synthesizes, `resource_type:resource_id`. */
  public readonly canonicalResourceId: string;
  /** The bindings this construct synthesizes: merged by relation, deduplicated, sorted. */
  public readonly canonicalBindings?: RestrictionPolicyBinding[];
  /** The resource id as written (known text as a literal). */
  private readonly writtenResourceId: string;

  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the configuration of the policy (every invalid value is reported in one `ValidationError`)
   */
  constructor(scope: Construct, id: string, props: RestrictionPolicyProps) {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    super(scope, id);
    recordOrigin(this, RESTRICTION_POLICY.className, RestrictionPolicy);
    recordGuardrailSubject(this, RESTRICTION_POLICY.className, props, RESTRICTION_POLICY.rules ?? []);
    LiveObjects.of(this).add(this, RESTRICTION_POLICY);
    // Checked and made canonical by the text Terraform reads; known text is written as exactly that text.
    let resourceRef: WireResource | undefined;
    const checked = checkPolicy(this, props, { construct: this, repeated: () => resourceRef, forEach: props.forEach });
    warnIfUnknownType(this, checked.resourceType);
    this.canonicalResourceId = checked.resourceId.text ?? checked.resourceId.written;
    this.writtenResourceId = checked.resourceId.written;
    this.canonicalBindings = statedBindings(checked.bindings);
    const bindings = checked.bindings;

    const resource = new WireResource(this, fixedId(POLICY_RESOURCE)!, {
      terraformType: TERRAFORM_TYPE,
      providerName: 'datadog',
      provider: props.provider,
      dependsOn: props.dependsOn,
      lifecycle: resourceLifecycle(props.lifecycle, ATTRIBUTES),
      forEach: props.forEach,
      count: props.count,
      attributes: () => ({
        resource_id: wire.string(checked.resourceId.written),
        bindings: bindings === undefined ? undefined : wire.blockSet(bindingBlocks(bindings)),
      }),
    });
    resourceRef = resource;
    this.resource = resource;
    this.wireResource = resource;
  }

  /**
   * Declares that this policy was at `previousPath` before (renamed, or moved
   * into another scope), so that Terraform moves the policy in its state
   * instead of destroying and recreating it: a `moved { from, to }` block
   * per resource, in the JSON and the HCL output (Terraform 1.1 or later).
   *
   * The former addresses are computed with the stack's own logical-id
   * allocation (`allocateLogicalId`, also when the stack overrides it) for the
   * former path; a resource whose logical id was overridden
   * (`overrideLogicalId`) keeps its address wherever the construct is, and gets
   * no block (if the override itself changed, use cdktf's `moveFromId` on that
   * resource). With `forEach` or `count`, each block moves every instance.
   * Keep the call until every state (each workspace, each environment) has
   * applied the move; one former path per construct.
   *
   * @param previousPath the construct's former path below its stack: its former id (`"analysts"`), or the ids of its former scopes and its own joined by `/` (`"team/analysts"`); a token, an empty id or the current path is a `ValidationError`
   */
  public movedFrom(previousPath: string): void {
    MovedBlocks.of(this).add(this, previousPath);
  }

  /**
   * The policy resource's reference, `${datadog_restriction_policy.<logical id>}`
   * as a token, so that the construct itself can be given wherever cdktf takes a
   * dependable (`dependsOn: [policy]`, `lifecycle.replaceTriggeredBy: [policy]`).
   */
  public get fqn(): string {
    return this.resource.fqn;
  }
}

class ExistingRestrictionPolicy extends Construct implements IRestrictionPolicy {
  public readonly id: string;
  public readonly resourceId: string;
  public readonly bindings?: IResolvable;
  public readonly canonicalBindings?: RestrictionPolicyBinding[];

  constructor(scope: Construct, id: string, resourceId: RestrictionPolicyResourceId | string, state?: RestrictionPolicyState) {
    resourceId = readArgument(constructPathOf(scope, id), 'resourceId', resourceId);
    state = readProps(constructPathOf(scope, id), state, 'state', true);
    super(scope, id);
    const problems = new Problems();
    const checked = checkResourceId(resourceId, problems, 'resourceId', { construct: this });
    if (state !== undefined) checkState(state, problems, 'state');
    const bindings = canonicalBindings(state?.bindings, checked?.resourceType, problems, 'state/bindings', { construct: this });
    problems.throwIfAny(this);
    warnIfUnknownType(this, checked!.resourceType);
    this.id = checked!.resourceId.written;
    this.resourceId = checked!.resourceId.written;
    this.canonicalBindings = statedBindings(bindings);
    this.bindings =
      bindings === undefined
        ? undefined
        : Token.asAny(bindings.map((b) => ({ principals: (b.principals as (Checked | string)[]).map((p) => (typeof p === 'string' ? p : p.written)), relation: b.relation.written })));
  }
}
