// One live object, one declaration: two declarations in a stack that manage one
// live object (two profiles of one name in one account and region, two policies
// on one resource, one node in two node lists) synthesize and plan without a
// word, then fail or fight at apply. Each construct of this library registers
// here with its descriptor; at synth time the identity of every resource it
// declares (its descriptor's `identity`, from the resource's literal values and
// its provider configuration) is compared across the stack, with the resources
// of the same kinds that other code declares (the official bindings, a plain
// TerraformResource). An identity that holds a token is unknown at synth and not
// compared; other provider configurations (aliases, regions) and other stacks
// are other places. Two resources of other code are not ours to judge, and two
// releases forget one object twice, which is harmless.
import { IConstruct } from 'constructs';
import { BlockValues, DeclaringConstruct, DeclaredKind, declaredResources, LiveIdentity, matchesResource, ProviderPlace } from './declared-resources';
import { TerraformProvider, TerraformResource, TerraformStack } from './framework';
import { instanceTexts, MAX_READ_INSTANCES } from './iterator-collection';
import { Problems } from './problems';
import { SynthTimeCheck } from './synth-time-check';

const CHECK_ID = 'LiveObjects';

/** What one resource manages, as its kind's `identity` says. */
type Identity = LiveIdentity;

/** An identity as the check keys its claims: the construct class's name, then the identity's key. */
function claimKeyOf(className: string, identity: Identity): string {
  return `${className}\u0000${identity.key}`;
}

/**
 * Where a resource of this library keeps the identity last read from it: a
 * property of its own, as its construct keeps its origin (no table of every
 * resource for the collector to keep and scan).
 */
const READ_IDENTITY = Symbol.for('cdktf-warehouse-monitoring-cluster/identity');

interface ReadIdentity {
  /** The provider place it was read under (its signature). */
  readonly place: string;
  readonly identity: Identity | undefined;
  /** The key of its claims. */
  readonly key?: string;
}

/** A resource whose block values can be read without resolving the stack (the library's own resources). */
export interface ReadableBlock {
  /** The resource's attributes as cdk.tf.json will hold them, tokens unresolved. */
  readonly blockValues: BlockValues;
}

/** The index in its construct's list prop of the item a per-item resource is of, by the resource's construct id. */
export type ItemIndex = (resourceId: string) => number | undefined;

/** One resource's claim on a live object. */
interface Claim {
  /** Who declares it: the construct of this library, or the resource itself. */
  readonly declarer: IConstruct;
  /** The instance key, for one instance of a resource repeated over a collection known at synth. */
  readonly instance?: string;
  readonly ours: boolean;
  readonly released: boolean;
  readonly terraformType: string;
  readonly kind: DeclaredKind;
  readonly shown: string;
  /** The prop that names the object, from the construct (`props/items/0/metadata/name`), found when asked; undefined for other code's. */
  readonly propPath?: () => string;
}

/** The check of a stack's live objects, run when it is synthesized. */
export class LiveObjects extends SynthTimeCheck {
  /** The check of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): LiveObjects {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(CHECK_ID) as LiveObjects | undefined) ?? new LiveObjects(stack, CHECK_ID);
  }

  private readonly declarations: { readonly construct: IConstruct; readonly descriptor: DeclaringConstruct; readonly itemIndex?: ItemIndex }[] = [];

  private constructor(scope: TerraformStack, id: string) {
    super(scope, id);
  }

  /**
   * Registers a construct whose resources (its direct children) manage live
   * objects, as `descriptor` says; `itemIndex` places a per-item resource in
   * its list prop (read at synth time, when the construct is complete).
   */
  public add(construct: IConstruct, descriptor: DeclaringConstruct, itemIndex?: ItemIndex): void {
    this.declarations.push({ construct, descriptor, itemIndex });
  }

  /**
   * The identity of a resource of this library's, read from its values once:
   * they are fixed when the construct is made (its props are read then), so a
   * later check (a stack is checked when prepared and again when written) reads
   * it again only when its provider configuration changed (an alias set since).
   */
  private identityOf(resource: TerraformResource, kind: DeclaredKind, className: string, place: ProviderPlace, placeSignature: string): ReadIdentity {
    const holder = resource as unknown as { [READ_IDENTITY]?: ReadIdentity };
    const known = holder[READ_IDENTITY];
    if (known !== undefined && known.place === placeSignature) return known;
    const values = (resource as unknown as Partial<ReadableBlock>).blockValues ?? blockOf(resource);
    const identity = values === undefined ? undefined : kind.identity!(values, place);
    const read: ReadIdentity = { place: placeSignature, identity, key: identity === undefined ? undefined : claimKeyOf(className, identity) };
    Object.defineProperty(resource, READ_IDENTITY, { value: read, configurable: true, writable: true, enumerable: false });
    return read;
  }

  /**
   * The claim of a resource of ours, read from its declaration when a second
   * claim on its object comes (the first claim is the resource itself: nothing
   * is kept per resource for the check).
   */
  private claimOfResource(resource: TerraformResource): Claim {
    const declaration = this.declarations.find((d) => d.construct === resource.node.scope)!;
    const kind = declaredResources(declaration.descriptor).find((r) => matchesResource(r, resource.terraformResourceType, resource.node.id))!;
    const read = (resource as unknown as { [READ_IDENTITY]: ReadIdentity })[READ_IDENTITY];
    return {
      declarer: declaration.construct,
      ours: true,
      released: (resource as { isReleased?: boolean }).isReleased === true,
      terraformType: resource.terraformResourceType,
      kind,
      shown: read.identity!.shown,
      // Placed in its list only when a conflict is reported: finding an item is not paid by every resource.
      propPath: () => propPathOf(kind, declaration.itemIndex?.(resource.node.id)),
    };
  }

  /** Throws a ValidationError naming two declarations of one live object. */
  protected check(): void {
    // One walk of the stack (shared by its checks): its providers, and the resources other code declares.
    const all = this.stackConstructs();
    const places = new ProviderPlaces(all);
    // The first claim on each object: a resource of ours, read into a Claim only when a second claim
    // comes (a claim per resource, kept until the check ends, is what a 10,000-construct stack would
    // pay for in memory and collector time), or a Claim; then with the types its declarer manages it with.
    const claims = new Map<string, TerraformResource | Claim | Held>();
    const claimOf = (claimed: TerraformResource | Claim): Claim => (TerraformResource.isTerraformResource(claimed) ? this.claimOfResource(claimed as TerraformResource) : (claimed as Claim));
    const claim = (key: string, next: TerraformResource | Claim) => {
      const held = claims.get(key);
      if (held === undefined) {
        claims.set(key, next);
        return;
      }
      let first: Held;
      if ('types' in held) first = held;
      else {
        const read = claimOf(held);
        claims.set(key, (first = { first: read, types: new Set([read.terraformType]) }));
      }
      const claimed = claimOf(next);
      if (first.first.declarer === claimed.declarer && first.first.instance === claimed.instance) first.types.add(claimed.terraformType);
      else if (conflicting(first.first, first.types, claimed)) refuse(first.first, claimed);
    };
    const kindsOf = new Map<DeclaringConstruct, DeclaredKind[]>();
    for (const { construct, descriptor, itemIndex } of this.declarations) {
      let kinds = kindsOf.get(descriptor);
      if (kinds === undefined) kindsOf.set(descriptor, (kinds = declaredResources(descriptor).filter((r) => r.identity !== undefined)));
      if (kinds.length === 0) continue;
      for (const child of construct.node.children) {
        if (!TerraformResource.isTerraformResource(child)) continue;
        const resource = child as TerraformResource;
        const kind = kinds.find((r) => matchesResource(r, resource.terraformResourceType, resource.node.id));
        if (kind === undefined) continue;
        const place = places.of(resource);
        const read = this.identityOf(resource, kind, descriptor.className, place, places.signatureOf(place));
        if (read.identity === undefined) {
          // With forEach over a collection known at synth, each instance manages its own object: one claim each.
          const released = (resource as { isReleased?: boolean }).isReleased === true;
          for (const instance of instanceIdentities(resource, kind, place)) {
            claim(claimKeyOf(descriptor.className, instance.identity), {
              declarer: construct,
              instance: instance.key,
              ours: true,
              released,
              terraformType: resource.terraformResourceType,
              kind,
              shown: instance.identity.shown,
              propPath: () => propPathOf(kind, itemIndex?.(resource.node.id)),
            });
          }
          continue;
        }
        claim(read.key!, resource);
      }
    }
    // The same kinds declared by other code: each resource a declaration of its own.
    const byType = identityTypes(this.declarations.map((d) => d.descriptor));
    if (byType.size === 0) return;
    for (const c of all) {
      // Ours carry the identity read from them.
      if (!TerraformResource.isTerraformResource(c) || READ_IDENTITY in c) continue;
      const resource = c as TerraformResource;
      const owner = byType.get(resource.terraformResourceType);
      // A repeated resource's literal values are every instance's: its identity is per instance, unknown here.
      if (owner === undefined || resource.forEach !== undefined || resource.count !== undefined) continue;
      const values = blockOf(resource);
      const identity = values === undefined ? undefined : owner.kind.identity!(values, places.of(resource));
      if (identity === undefined) continue;
      claim(`${owner.className}\u0000${identity.key}`, { declarer: resource, ours: false, released: false, terraformType: resource.terraformResourceType, kind: owner.kind, shown: identity.shown });
    }
  }
}

/** The first claim on an object that has a second, and the Terraform types its declarer manages it with. */
interface Held {
  readonly first: Claim;
  readonly types: Set<string>;
}

/**
 * Two claims on one object conflict unless both are other code's (not ours to
 * judge), both are releases (each only forgets it), or both are one construct's
 * (its own checks refuse a node twice in one list). Other code's resource
 * conflicts with a construct's when it has a Terraform type the construct
 * manages that object with (issue 31: "a resource of the same Terraform type");
 * two constructs conflict in any of their kinds (a node in a manifest list and
 * in a labels list).
 */
function conflicting(first: Claim, firstTypes: ReadonlySet<string>, next: Claim): boolean {
  if (!first.ours && !next.ours) return false;
  if (first.released && next.released) return false;
  if (!next.ours) return firstTypes.has(next.terraformType);
  return true;
}

/** The prop path of a claim's identity below `props/`, with a per-item kind's `{item}` replaced by the item's index. */
function propPathOf(kind: DeclaredKind, itemIndex: number | undefined): string {
  const prop = kind.identityProp ?? '';
  return `props/${itemIndex === undefined ? prop.replace(/\/\{item\}.*$/, '') : prop.replace('{item}', String(itemIndex))}`.replace(/\/$/, '');
}

/**
 * Refuses the second claim on one object, at a construct of this library (the
 * declaring one where the other releases, else the later one), naming the other.
 */
function refuse(first: Claim, next: Claim): void {
  const [here, other] = !next.ours || (first.ours && next.released && !first.released) ? [first, next] : [next, first];
  const problems = new Problems();
  const otherPath = other.declarer.node.path;
  const instance = (c: Claim) => (c.instance === undefined ? '' : ` for its instance ${JSON.stringify(c.instance)}`);
  const how = other.released
    ? 'releases already (a removed block)'
    : other.ours
      ? `declares already (its ${other.propPath!()}${instance(other)})`
      : `declares already (a ${other.terraformType} resource)`;
  problems.addReceived(
    here.propPath!(),
    `${here.shown}${instance(here)}, which ${other.declarer === here.declarer ? 'it' : otherPath} ${how}`,
    `one declaration per live object in a stack and provider configuration, because ${here.kind.conflict ?? 'the two would manage one object'}; ${remedy(here, other)}`,
  );
  problems.throwIfAnyAt(here.declarer.node.path);
}

/** What to do about two claims on one object. */
function remedy(here: Claim, other: Claim): string {
  const otherPath = other.declarer.node.path;
  // A release beside other code's resource: the object is handed over, which a moved block does without a gap.
  if (here.released) return `to hand the object to ${otherPath}, write a moved block from this construct's resource to it instead of the release; to stop managing the object, remove ${otherPath}`;
  if (other.released) {
    const below = otherPath.split('/').slice(TerraformStack.of(other.declarer).node.path.split('/').length).join('/');
    return `to move the object to this construct, call movedFrom(${JSON.stringify(below)}) on it instead of releasing it at ${otherPath}; to stop managing it, remove this declaration`;
  }
  const another = 'if you meant another object, change this value; if you meant another account, region, org or cluster, give this construct a provider of its own (an alias)';
  if (!other.ours) return `manage it with one of the two, this construct or the ${other.terraformType} at ${otherPath}, and remove the other; ${another}`;
  return `declare (or adopt) it once and reference ${otherPath} where it is needed; ${another}`;
}

/**
 * The identity of each instance of a resource repeated with forEach over a
 * collection known at synth time, its string values read per instance
 * (iterator-collection.ts); none when the collection or a value is not known.
 */
function instanceIdentities(resource: TerraformResource, kind: DeclaredKind, place: ProviderPlace): { readonly key: string; readonly identity: Identity }[] {
  if (resource.forEach === undefined) return [];
  const values = (resource as unknown as Partial<ReadableBlock>).blockValues ?? blockOf(resource);
  if (values === undefined) return [];
  const perInstance = new Map<string, { [attribute: string]: unknown }>();
  for (const [name, value] of Object.entries(values)) {
    const texts = typeof value === 'string' ? instanceTexts(resource, resource.forEach, value, MAX_READ_INSTANCES) : undefined;
    if (texts === undefined) continue;
    for (const instance of texts) {
      const own = perInstance.get(instance.key) ?? { ...values };
      // A value that reads as no text in an instance is Terraform's to refuse; it names no object here.
      own[name] = 'text' in instance ? instance.text : undefined;
      perInstance.set(instance.key, own);
    }
  }
  const out: { key: string; identity: Identity }[] = [];
  for (const [key, own] of perInstance) {
    const identity = kind.identity!(own, place);
    if (identity !== undefined) out.push({ key, identity });
  }
  return out;
}

/** Each type with an identity, and the resource kind (with its descriptor's class) that reads it. */
function identityTypes(descriptors: readonly DeclaringConstruct[]): Map<string, { readonly className: string; readonly kind: DeclaredKind }> {
  const out = new Map<string, { readonly className: string; readonly kind: DeclaredKind }>();
  for (const descriptor of new Set(descriptors)) {
    for (const kind of declaredResources(descriptor)) {
      if (kind.identity === undefined) continue;
      for (const type of kind.terraformTypes) if (!out.has(type)) out.set(type, { className: descriptor.className, kind });
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
  private readonly places = new Map<TerraformProvider, ProviderPlace>();
  private readonly signatures = new Map<ProviderPlace, string>();
  private readonly providers: TerraformProvider[];

  constructor(constructs: readonly IConstruct[]) {
    this.providers = constructs.filter((c): c is TerraformProvider => TerraformProvider.isTerraformProvider(c));
  }

  public of(resource: TerraformResource): ProviderPlace {
    if (resource.provider !== undefined) return this.placeOf(resource.provider);
    const name = resource.terraformGeneratorMetadata?.providerName ?? resource.terraformResourceType.split('_')[0];
    let place = this.defaults.get(name);
    if (place === undefined) {
      const provider = this.providers.find((p) => p.terraformResourceType === name && p.alias === undefined);
      place = provider === undefined ? { key: `${name}\u0000` } : this.placeOf(provider);
      this.defaults.set(name, place);
    }
    return place;
  }

  /** What a place is, as text: its key and settings (an identity read under one signature holds under it). */
  public signatureOf(place: ProviderPlace): string {
    let signature = this.signatures.get(place);
    if (signature === undefined) {
      signature = `${place.key}\u0000${JSON.stringify(place.settings ?? null)}`;
      this.signatures.set(place, signature);
    }
    return signature;
  }

  /** A provider's place, read once per check (its block is written once, whatever number of resources use it). */
  private placeOf(provider: TerraformProvider): ProviderPlace {
    let place = this.places.get(provider);
    if (place === undefined) {
      place = placeOf(provider);
      this.places.set(provider, place);
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
