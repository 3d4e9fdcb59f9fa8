// A construct written the way a first version gets written, with every defect
// the judges must catch (issue 43): only __tests__/core/judges-teeth.test.ts
// loads it (construct-catalog.ts, useTestConstructDirs), and that test fails
// unless each judge names it and the position:
// 1. tokens: `subnetIds` (a set of strings) takes a string, number or `any`
//    token for the whole list, and `tags` (a map of strings) an `any` token;
//    Terraform refuses each ("set of string required", "map of string required");
// 2. `namePrefix` conflicts with the `name` its minimal value sets, and its
//    descriptor gives no alternative: no value reaches Terraform there;
// 3. its identity leaves the region out: two groups of one name in two regions
//    are refused as one;
// 4. its kind and Terraform type are RdsSubnetGroup's (__tests__/constructs/).
import { Construct } from 'constructs';
import { ConstructDescriptor, literalText } from '../../lib/construct-descriptor';
import { recordOrigin } from '../../lib/core/construct-origin';
import { compileSchema } from '../../lib/core/json-schema';
import { LiveObjects } from '../../lib/core/live-objects';
import { checkMetaArguments, META_ARGUMENT_PROPERTIES, resourceLifecycle } from '../../lib/core/meta-arguments';
import { constructPathOf, isUnresolved, Problems } from '../../lib/core/problems';
import { readProps } from '../../lib/core/snapshot';
import { checkString, positionAt } from '../../lib/core/string-position';
import { wire } from '../../lib/core/wire';
import { WireResource } from '../../lib/core/wire-elements';
import { DESCRIPTION, NAME, NAME_PREFIX, RdsSubnetGroupProps, SUBNET_GROUP_RESOURCE, SUBNET_ID, TAG_VALUE } from '../constructs/rds-subnet-group';

/** What CarelessSubnetGroup is: its identity has no region, and its kind is RdsSubnetGroup's. */
export const DESCRIPTOR: ConstructDescriptor = {
  className: 'CarelessSubnetGroup',
  docsPage: '__tests__/constructs-defective/careless-subnet-group.ts',
  declares: [
    [
      {
        ...SUBNET_GROUP_RESOURCE,
        description: 'the aws_db_subnet_group of a CarelessSubnetGroup',
        identity: (values, provider) => {
          const name = literalText(values.name);
          return name === undefined ? undefined : { key: `${provider.key}\u0000${name}`, shown: `subnet group ${JSON.stringify(name)}` };
        },
      },
    ],
  ],
  minimal: { CarelessSubnetGroupProps: (n: number) => ({ name: `careless-${n}`, subnetIds: ['subnet-0a1b2c3d'] }) },
  entryPoints: { '<init>': {} },
};

/** Props of a {@link CarelessSubnetGroup}. */
export interface CarelessSubnetGroupProps extends RdsSubnetGroupProps {
  /**
   * The region to manage the group in (aws provider 6.x).
   *
   * @default - the provider's
   */
  readonly region?: string;
}

const checkProps = compileSchema({
  type: 'object',
  required: ['subnetIds'],
  properties: { name: {}, namePrefix: {}, subnetIds: {}, description: {}, tags: {}, region: {}, ...META_ARGUMENT_PROPERTIES },
  additionalProperties: false,
});

const ATTRIBUTES = { name: 'name', namePrefix: 'name_prefix', subnetIds: 'subnet_ids', description: 'description', tags: 'tags', region: 'region' };

/** An RDS subnet group with a first version's defects (test-only). */
export class CarelessSubnetGroup extends Construct {
  /**
   * @param scope the scope in which to define this construct
   * @param id the scoped construct id
   * @param props the group
   */
  constructor(scope: Construct, id: string, props: CarelessSubnetGroupProps) {
    props = readProps(constructPathOf(scope, id), props, 'props', false);
    super(scope, id);
    recordOrigin(this, DESCRIPTOR.className, CarelessSubnetGroup);
    LiveObjects.of(this).add(this, DESCRIPTOR);
    const referencesFrom = { construct: this, forEach: props.forEach };
    const problems = new Problems();
    checkProps(props, problems);
    checkString(props.name, positionAt(NAME, referencesFrom), problems, 'props/name');
    checkString(props.namePrefix, positionAt(NAME_PREFIX, referencesFrom), problems, 'props/namePrefix');
    if (props.name !== undefined && props.namePrefix !== undefined) problems.add('props/namePrefix', props.namePrefix, 'no name prefix beside a name');
    // Defect: only a literal list is looked at; any token passes as the whole list.
    if (Array.isArray(props.subnetIds) && !isUnresolved(props.subnetIds)) props.subnetIds.forEach((s, i) => checkString(s, positionAt(SUBNET_ID, referencesFrom), problems, `props/subnetIds/${i}`));
    checkString(props.description, positionAt(DESCRIPTION, referencesFrom), problems, 'props/description');
    // Defect: only a literal map is looked at; any token passes as the whole map.
    if (props.tags !== null && typeof props.tags === 'object' && !isUnresolved(props.tags)) for (const [k, v] of Object.entries(props.tags)) checkString(v, positionAt(TAG_VALUE, referencesFrom), problems, `props/tags/${k}`);
    checkString(props.region, positionAt({ rule: 'an AWS region' }, referencesFrom), problems, 'props/region');
    checkMetaArguments(this, props, problems, ATTRIBUTES, 'aws', true, referencesFrom);
    problems.throwIfAny(this);
    new WireResource(this, 'Resource', {
      terraformType: 'aws_db_subnet_group',
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
        region: wire.string(props.region),
      }),
    });
  }
}
