// What a resource is to the construct that declared it, from the descriptors
// (lib/construct-descriptor.ts): its type, its id in the construct, and
// what its own values say.
import { ConstructDescriptor, DeclaredResource, declaredResources, descriptorsFor, matchesResource } from '../construct-descriptor';
import { ChangeSide } from '../core/change-side';
import { ResourceOrigin } from './construct-map';

/** The kind of a resource no construct of this library declared. */
export const OTHER_KIND = 'other';

/** Every kind the descriptors declare, in their order, and `other` last: the report schema's `kind`. */
export function kindsOf(descriptors: readonly ConstructDescriptor[]): string[] {
  return [...new Set([...descriptors.flatMap((d) => declaredResources(d).map((r) => r.kind)), OTHER_KIND])];
}

/** What both sides' values say of the resource's kind: true if either says it is, undefined if neither says. */
function saysOwn(resource: DeclaredResource, type: string, before: ChangeSide, after: ChangeSide): boolean | undefined {
  if (resource.saysOwn === undefined) return undefined;
  const said = [after, before].map((side) => resource.saysOwn!(type, side.value)).filter((s): s is boolean => s !== undefined);
  return said.length === 0 ? undefined : said.includes(true);
}

/**
 * The declared resource a resource is, or undefined for another's. With an
 * origin, the construct's class (when recorded) chooses the descriptor, and the
 * type and id the kind, unless the planned values say otherwise (a ConfigMap
 * manifest in a node-list-shaped construct). Without an origin, a resource of
 * these constructs' types is taken for one of theirs only while it leaves the
 * configuration (`leaving`: deleted, or removed from state): the type, the
 * address cdktf gave it and its values decide. Any other resource without an
 * origin (a `generated.tf` from `-generate-config-out`, a hand-written file)
 * was not made by a construct.
 */
export function declaredResourceOf(
  descriptors: readonly ConstructDescriptor[],
  type: string,
  address: string,
  origin: ResourceOrigin | undefined,
  before: ChangeSide,
  after: ChangeSide,
  leaving: boolean,
): DeclaredResource | undefined {
  if (origin === undefined && !leaving) return undefined;
  const chosen = descriptorsFor(descriptors, origin?.constructClass);
  for (const descriptor of chosen) {
    for (const resource of declaredResources(descriptor)) {
      if (origin !== undefined) {
        if (matchesResource(resource, type, origin.resourceId) && saysOwn(resource, type, before, after) !== false) return resource;
        continue;
      }
      if (!resource.terraformTypes.includes(type) || (resource.formerAddress !== undefined && !resource.formerAddress.test(address))) continue;
      if (resource.saysOwn === undefined || saysOwn(resource, type, before, after) === true) return resource;
    }
  }
  return undefined;
}
