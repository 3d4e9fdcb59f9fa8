// One live object, one declaration: two declarations in a stack that manage one
// live object (two profiles of one name in one account and region, two policies
// on one resource, one node in two node lists) synthesize and plan without a
// word, then fail or fight at apply. Each construct of this library registers
// here with its descriptor; at synth time the identity of every resource it
// declares (its descriptor's `identity`, from the resource's literal values and
// its provider configuration) is compared across the stack, with the resources
// of the same Terraform types that other code declares (the official
// bindings, a plain TerraformResource). An identity that holds a token is
// unknown at synth and not compared; other provider configurations (aliases,
// regions) and other stacks are other places.
import { IConstruct } from 'constructs';
import { BlockValues, ConstructDescriptor, DeclaredResource, declaredResources, matchesResource, ProviderPlace } from './construct-descriptor';
import { TerraformProvider, TerraformResource, TerraformStack } from './framework';
import { Problems } from './problems';
import { SynthTimeCheck } from './synth-time-check';

const CHECK_ID = 'LiveObjects';

/** A resource whose block values can be read without resolving the stack (the library's own resources). */
export interface ReadableBlock {
  /** The resource's attributes as cdk.tf.json will hold them, tokens unresolved. */
  readonly blockValues: BlockValues;
}

/** One resource's claim on a live object. */
interface Claim {
  /** Who declares it: the construct of this library, or the resource itself. */
  readonly declarer: IConstruct;
  readonly ours: boolean;
  readonly released: boolean;
  readonly terraformType: string;
  readonly resource: DeclaredResource;
  readonly shown: string;
}

/** The check of a stack's live objects, run when it is synthesized. */
export class LiveObjects extends SynthTimeCheck {
  /** The check of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): LiveObjects {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(CHECK_ID) as LiveObjects | undefined) ?? new LiveObjects(stack, CHECK_ID);
  }

  private readonly declarations: { readonly construct: IConstruct; readonly descriptor: ConstructDescriptor }[] = [];

  private constructor(scope: TerraformStack, id: string) {
    super(scope, id);
  }

  /** Registers a construct whose resources (its direct children) manage live objects, as `descriptor` says. */
  public add(construct: IConstruct, descriptor: ConstructDescriptor): void {
    this.declarations.push({ construct, descriptor });
  }

  /** Throws a ValidationError naming two declarations of one live object. */
  protected check(): void {
    const stack = TerraformStack.of(this);
    const places = new ProviderPlaces(stack);
    const claims = new Map<string, Claim>();
    const ownedBy = new Set<IConstruct>();
    const claim = (key: string, next: Claim) => {
      const first = claims.get(key);
      if (first === undefined) {
        claims.set(key, next);
        return;
      }
      if (first.declarer === next.declarer || !conflicting(first, next)) return;
      refuse(next.ours ? next : first, next.ours ? first : next);
    };
    for (const { construct, descriptor } of this.declarations) {
      ownedBy.add(construct);
      const resources = declaredResources(descriptor).filter((r) => r.identity !== undefined);
      if (resources.length === 0) continue;
      for (const child of construct.node.children) {
        if (!TerraformResource.isTerraformResource(child)) continue;
        const resource = child as TerraformResource;
        const kind = resources.find((r) => matchesResource(r, resource.terraformResourceType, resource.node.id));
        if (kind === undefined) continue;
        const values = (resource as unknown as Partial<ReadableBlock>).blockValues ?? blockOf(resource);
        const identity = values === undefined ? undefined : kind.identity!(values, places.of(resource));
        if (identity === undefined) continue;
        const released = (resource as { isReleased?: boolean }).isReleased === true;
        claim(`${descriptor.className}\u0000${identity.key}`, { declarer: construct, ours: true, released, terraformType: resource.terraformResourceType, resource: kind, shown: identity.shown });
      }
    }
    // The same types declared by other code: each resource a declaration of its own.
    const byType = identityTypes(this.declarations.map((d) => d.descriptor));
    if (byType.size === 0) return;
    for (const c of stack.node.findAll()) {
      if (!TerraformResource.isTerraformResource(c) || (c.node.scope !== undefined && ownedBy.has(c.node.scope))) continue;
      const resource = c as TerraformResource;
      const owner = byType.get(resource.terraformResourceType);
      // A repeated resource's literal values are every instance's: its identity is per instance, unknown here.
      if (owner === undefined || resource.forEach !== undefined || resource.count !== undefined) continue;
      const values = blockOf(resource);
      const identity = values === undefined ? undefined : owner.resource.identity!(values, places.of(resource));
      if (identity === undefined) continue;
      claim(`${owner.className}\u0000${identity.key}`, { declarer: resource, ours: false, released: false, terraformType: resource.terraformResourceType, resource: owner.resource, shown: identity.shown });
    }
  }
}

/** Two claims conflict when one is this library's, and another's resource has a type the library's declares. */
function conflicting(a: Claim, b: Claim): boolean {
  if (!a.ours && !b.ours) return false;
  if (a.ours && b.ours) return true;
  const theirs = a.ours ? b : a;
  const ours = a.ours ? a : b;
  return ours.resource.terraformTypes.includes(theirs.terraformType);
}

function refuse(later: Claim, first: Claim): void {
  const problems = new Problems();
  const how = (c: Claim) => (c.released ? 'releases (a removed block)' : c.ours ? 'declares' : `declares (a ${c.terraformType} resource)`);
  problems.addReceived(
    `props/${later.resource.identityProp ?? ''}`.replace(/\/$/, ''),
    `${later.shown}, which ${first.declarer.node.path} ${how(first)} already`,
    `one declaration per live object in a stack and provider configuration: ${later.resource.conflict ?? 'the two would manage one object'}; declare it once (reference it elsewhere), or put them under different provider configurations`,
  );
  problems.throwIfAnyAt(later.declarer.node.path);
}

/** Each type with an identity, and the resource kind (with its descriptor's class) that reads it. */
function identityTypes(descriptors: readonly ConstructDescriptor[]): Map<string, { readonly className: string; readonly resource: DeclaredResource }> {
  const out = new Map<string, { readonly className: string; readonly resource: DeclaredResource }>();
  for (const descriptor of new Set(descriptors)) {
    for (const resource of declaredResources(descriptor)) {
      if (resource.identity === undefined) continue;
      for (const type of resource.terraformTypes) if (!out.has(type)) out.set(type, { className: descriptor.className, resource });
    }
  }
  return out;
}

/** A resource's block as its own `toTerraform()` writes it, tokens unresolved. */
function blockOf(resource: TerraformResource): BlockValues | undefined {
  const block = resource.toTerraform()?.resource?.[resource.terraformResourceType]?.[resource.friendlyUniqueId];
  return block !== null && typeof block === 'object' ? (block as BlockValues) : undefined;
}

/** The provider configuration each resource of a stack uses. */
class ProviderPlaces {
  private readonly defaults = new Map<string, ProviderPlace>();
  private providers?: TerraformProvider[];

  constructor(private readonly stack: TerraformStack) {}

  public of(resource: TerraformResource): ProviderPlace {
    if (resource.provider !== undefined) return placeOf(resource.provider);
    const name = resource.terraformGeneratorMetadata?.providerName ?? resource.terraformResourceType.split('_')[0];
    let place = this.defaults.get(name);
    if (place === undefined) {
      this.providers ??= this.stack.node.findAll().filter((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c));
      const provider = this.providers.find((p) => p.terraformResourceType === name && p.alias === undefined);
      place = provider === undefined ? { key: `${name}\u0000` } : placeOf(provider);
      this.defaults.set(name, place);
    }
    return place;
  }
}

function placeOf(provider: TerraformProvider): ProviderPlace {
  const readable = (provider as unknown as Partial<ReadableBlock>).blockValues;
  const out = readable === undefined ? provider.toTerraform()?.provider?.[provider.terraformResourceType] : undefined;
  const settings = readable ?? (Array.isArray(out) ? out[0] : out);
  return { key: `${provider.terraformResourceType}\u0000${provider.alias ?? ''}`, settings: settings !== null && typeof settings === 'object' ? settings : undefined };
}
