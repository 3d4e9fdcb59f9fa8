// A construct this library will never ship, defined in this one file with its
// descriptor (issue 31, What to build 2; issue 43, What to build 4): an RDS
// subnet group (`aws_db_subnet_group` of hashicorp/aws), far from warehouses,
// monitors and clusters. It exists to prove that a construct and its descriptor
// are all the judges and `explain` need: __tests__/support/construct-catalog.ts
// finds it here, jsii compiles it into the judges' assembly, and the closed-props
// test, the positions judge (every token kind at every position, and whether
// each position is reached), the one-declaration judge, the token test, the
// hostile-input property and explain's attribution cover it with no other file
// touched. It is not part of the published package. Its shapes are the ones that
// tripped a new construct before: a set of strings (`subnetIds`), a map of
// strings (`tags`), and a property that conflicts with the one its minimal
// value sets (`namePrefix` beside `name`, judged in the descriptor's
// alternative minimal value).
import { Construct } from 'constructs';
import { ConstructDescriptor, DeclaredResource, literalText } from '../../lib/construct-descriptor';
import { recordOrigin } from '../../lib/core/construct-origin';
import { diffOtherAttributes } from '../../lib/core/field-diff';
import { compileSchema } from '../../lib/core/json-schema';
import { LiveObjects } from '../../lib/core/live-objects';
import { ResourceMetaArguments } from '../../lib/core/meta-argument-props';
import { checkMetaArguments, mayRepeat, META_ARGUMENT_PROPERTIES, resourceLifecycle } from '../../lib/core/meta-arguments';
import { constructPathOf, Problems } from '../../lib/core/problems';
import { readProps } from '../../lib/core/snapshot';
import { checkStringList, checkStringMap } from '../../lib/core/string-collections';
import { checkString, positionAt, StringPosition } from '../../lib/core/string-position';
import { TextGrammar } from '../../lib/core/text-grammar';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { awsRegionOf } from '../../lib/warehouse/descriptors';

/**
 * The subnet group (`aws_db_subnet_group`): one per name in an account and
 * region. A second create of the name fails with DBSubnetGroupAlreadyExists
 * (Amazon RDS API reference, CreateDBSubnetGroup), so its identity is the
 * provider configuration, the region and the name.
 */
export const SUBNET_GROUP_RESOURCE: DeclaredResource = {
  kind: 'subnet group',
  description: 'the aws_db_subnet_group of an RdsSubnetGroup',
  terraformTypes: ['aws_db_subnet_group'],
  id: { fixed: 'Resource' },
  fieldChanges: (_type, before, after) => diffOtherAttributes(before, after, new Set()),
  identity: (values, provider) => {
    const name = literalText(values.name);
    const region = awsRegionOf(values, provider);
    return name === undefined || region === undefined ? undefined : { key: `${provider.key}\u0000${region}\u0000${name}`, shown: `subnet group ${JSON.stringify(name)}` };
  },
  identityProp: 'name',
  conflict: 'the second create fails with DBSubnetGroupAlreadyExists (Amazon RDS API reference, CreateDBSubnetGroup)',
};

/** What RdsSubnetGroup is. */
export const DESCRIPTOR: ConstructDescriptor = {
  className: 'RdsSubnetGroup',
  docsPage: '__tests__/constructs/rds-subnet-group.ts',
  declares: [[SUBNET_GROUP_RESOURCE]],
  eachInstance: { name: (key) => `group-${key}` },
  minimal: { RdsSubnetGroupProps: (n: number) => ({ name: `group-${n}`, subnetIds: ['subnet-0a1b2c3d'] }) },
  // `namePrefix` conflicts with the `name` the minimal value sets (Terraform: ConflictsWith).
  alternatives: { 'RdsSubnetGroupProps.namePrefix': (n: number) => ({ namePrefix: `group-${n}-`, subnetIds: ['subnet-0a1b2c3d'] }) },
  entryPoints: { '<init>': {} },
};

const TERRAFORM_TYPE = SUBNET_GROUP_RESOURCE.terraformTypes[0];
const ATTRIBUTES = { name: 'name', namePrefix: 'name_prefix', subnetIds: 'subnet_ids', description: 'description', tags: 'tags' };

/** The service's name rule (CreateDBSubnetGroup: lowercase letters, digits, periods, underscores, spaces and hyphens; not "default"). */
export const NAME: StringPosition = {
  rule: '1 to 255 lowercase letters, digits, periods, underscores, spaces and hyphens, not "default"',
  grammar: TextGrammar.repeat(TextGrammar.char(/[a-z0-9._ -]/), 1, 255),
  check: (name) => (name === 'default' ? 'a name other than "default" (RDS reserves it)' : undefined),
};
/** A name prefix: Terraform adds 26 characters to it. */
export const NAME_PREFIX: StringPosition = { rule: '1 to 229 lowercase letters, digits, periods, underscores, spaces and hyphens', grammar: TextGrammar.repeat(TextGrammar.char(/[a-z0-9._ -]/), 1, 229) };
/** A subnet id (`subnet-` and hexadecimal digits). */
export const SUBNET_ID: StringPosition = { rule: 'a subnet id: subnet- and 8 or 17 hexadecimal digits', grammar: TextGrammar.repeat(TextGrammar.char(/[a-z0-9-]/), 1, 255) };
/** The description (the service takes any text). */
export const DESCRIPTION: StringPosition = { rule: 'a description' };
/** A tag's value. */
export const TAG_VALUE: StringPosition = { rule: 'a tag value' };

/** Props of a {@link RdsSubnetGroup}. */
export interface RdsSubnetGroupProps extends ResourceMetaArguments {
  /**
   * The group's name, unique in the account and region.
   *
   * @default - Terraform chooses one (from `namePrefix` when given)
   */
  readonly name?: string;
  /**
   * A prefix Terraform completes to a unique name; not with `name`.
   *
   * @default - none
   */
  readonly namePrefix?: string;
  /** The ids of the group's subnets: at least one. */
  readonly subnetIds: string[];
  /**
   * What the group is for.
   *
   * @default "Managed by Terraform"
   */
  readonly description?: string;
  /**
   * Tags of the group.
   *
   * @default - none
   */
  readonly tags?: { [key: string]: string };
}

const checkProps = compileSchema({
  type: 'object',
  required: ['subnetIds'],
  // Each checked by the string and collection pipelines.
  properties: { name: {}, namePrefix: {}, subnetIds: {}, description: {}, tags: {}, ...META_ARGUMENT_PROPERTIES },
  additionalProperties: false,
});

/** An RDS subnet group (test-only). */
export class RdsSubnetGroup extends Construct {
  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the group
   */
  constructor(scope: Construct, id: string, props: RdsSubnetGroupProps) {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    super(scope, id);
    recordOrigin(this, DESCRIPTOR.className, RdsSubnetGroup);
    LiveObjects.of(this).add(this, DESCRIPTOR);
    let resource: WireResource | undefined;
    const referencesFrom = { construct: this, repeated: () => resource, forEach: props.forEach };
    const problems = new Problems();
    checkProps(props, problems);
    const name = checkString(props.name, positionAt(NAME, referencesFrom), problems, 'props/name');
    checkString(props.namePrefix, positionAt(NAME_PREFIX, referencesFrom), problems, 'props/namePrefix');
    if (props.name !== undefined && props.namePrefix !== undefined) problems.add('props/namePrefix', props.namePrefix, 'no name prefix beside a name (Terraform: "name_prefix" conflicts with "name")');
    checkStringList(props.subnetIds, { rule: 'the subnet ids', minItems: 1 }, positionAt(SUBNET_ID, referencesFrom), problems, 'props/subnetIds', this);
    checkString(props.description, positionAt(DESCRIPTION, referencesFrom), problems, 'props/description');
    checkStringMap(props.tags, { rule: 'the tags' }, positionAt(TAG_VALUE, referencesFrom), problems, 'props/tags', this);
    checkMetaArguments(this, props, problems, ATTRIBUTES, 'aws', true, referencesFrom);
    if (mayRepeat(props) && problems.isClean('props/forEach') && problems.isClean('props/count') && name?.text !== undefined) {
      problems.add('props/name', props.name, 'with forEach or count, a name that differs per instance: every instance would be the same group');
    }
    problems.throwIfAny(this);
    resource = new WireResource(this, 'Resource', {
      terraformType: TERRAFORM_TYPE,
      providerName: 'aws',
      provider: props.provider,
      dependsOn: props.dependsOn,
      lifecycle: resourceLifecycle(props.lifecycle, ATTRIBUTES),
      forEach: props.forEach,
      count: props.count,
      attributes: () => ({
        name: wire.string(props.name),
        name_prefix: wire.string(props.namePrefix),
        subnet_ids: wire.stringSet(props.subnetIds),
        description: wire.string(props.description),
        tags: wire.stringMap(props.tags),
      }),
    });
  }
}
