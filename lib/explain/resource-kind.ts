// What a resource is to the construct that declared it, from its type and its
// place in the construct (`Resource`, `NameTrigger`, a node's resources).
import { ChangeSide } from './change-side';
import { ResourceOrigin } from './construct-map';
import { nodeKindSaid } from './node-fields';

/** The kinds of resource these constructs declare, as reports name them. */
export const ResourceKinds = {
  PROFILE: 'profile',
  NAME_TRIGGER: 'name trigger',
  POLICY: 'policy',
  NODE_MANIFEST: 'node manifest',
  NODE_LABELS: 'node labels',
  NODE_ANNOTATIONS: 'node annotations',
  NODE_TAINTS: 'node taints',
  OTHER: 'other',
} as const;

const NODE_KINDS: { readonly [type: string]: string } = {
  kubernetes_manifest: ResourceKinds.NODE_MANIFEST,
  kubernetes_labels: ResourceKinds.NODE_LABELS,
  kubernetes_annotations: ResourceKinds.NODE_ANNOTATIONS,
  kubernetes_node_taint: ResourceKinds.NODE_TAINTS,
};

/**
 * The kind of a resource. Without an origin, a resource of these constructs'
 * types is taken for one of theirs only while it leaves the configuration
 * (`leaving`: deleted, or removed from state): the type and cdktf's naming of
 * the trigger (`<construct>_NameTrigger_<hash>`) decide. Any other resource
 * without an origin (a `generated.tf` from `-generate-config-out`, a
 * hand-written file) was not made by a construct.
 */
export function resourceKind(type: string, address: string, origin: ResourceOrigin | undefined, before: ChangeSide, after: ChangeSide, leaving: boolean): string {
  if (origin === undefined && !leaving) return ResourceKinds.OTHER;
  switch (type) {
    case 'aws_redshift_authentication_profile':
      return origin === undefined || origin.resourceId === 'Resource' ? ResourceKinds.PROFILE : ResourceKinds.OTHER;
    case 'datadog_restriction_policy':
      return origin === undefined || origin.resourceId === 'Resource' ? ResourceKinds.POLICY : ResourceKinds.OTHER;
    case 'terraform_data':
    case 'null_resource':
      if (origin !== undefined) return origin.resourceId === 'NameTrigger' ? ResourceKinds.NAME_TRIGGER : ResourceKinds.OTHER;
      return /(^|\.)[^.]*_NameTrigger_[0-9A-F]{8}(\[|$)/.test(address) ? ResourceKinds.NAME_TRIGGER : ResourceKinds.OTHER;
    default: {
      if (NODE_KINDS[type] === undefined) return ResourceKinds.OTHER;
      // A construct's resource whose planned values say no kind at all (null, unknown, partial) is the construct's:
      // the stack's metadata attributes it (the same in a JSON and an HCL synth, whose metadata.json has no values).
      const said = nodeKindSaid(type, before, after);
      const isNode = type === 'kubernetes_node_taint' || said === true || (said === undefined && origin !== undefined);
      return isNode ? NODE_KINDS[type] : ResourceKinds.OTHER;
    }
  }
}
