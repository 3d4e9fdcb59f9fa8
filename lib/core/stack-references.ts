// References the user wrote as text (in a string: `"${var.env}-profile"`; in
// `dependsOn` or `lifecycle.replaceTriggeredBy`: `"terraform_data.marker"`),
// checked at synth time, when the stack is complete: Terraform refuses a
// reference to what the configuration does not declare ("Reference to
// undeclared input variable", "… undeclared resource"), and `each` or `count`
// outside a resource repeated that way. Where references may stand at all is
// decided where they are read (string-position.ts, meta-arguments.ts).
import { IConstruct } from 'constructs';
import { TerraformDataSource, TerraformLocal, TerraformModule, TerraformResource, TerraformStack, TerraformVariable } from './framework';
import { Problems } from './problems';
import { SynthTimeCheck } from './synth-time-check';

/** Where references are written: the construct, and the element whose repetition decides `each` and `count`. */
export interface ReferenceScope {
  /** The construct the references belong to, or its scope while it is being created (with `path`). */
  readonly construct: IConstruct;
  /**
   * The path of the construct being created under `construct` (a provider
   * checks its props before it exists); its problems are named after it, and
   * skipped if it was refused and never created.
   */
  readonly path?: string;
  /** The element repeated by `for_each` or `count`, read at synth time; undefined where neither can be (a provider block). */
  readonly repeated?: () => { readonly forEach?: unknown; readonly count?: unknown } | undefined;
  /**
   * The construct's `forEach` as given: when its collection is known at synth
   * time (an iterator over data in code), each instance's value of a text made
   * of `each.*` references is checked as the text it will be.
   */
  readonly forEach?: unknown;
}

/** What a reference names, by its root: Terraform's kinds of referenceable objects. */
export type StackReference =
  | { readonly kind: 'variable' | 'local' | 'module'; readonly name: string }
  | { readonly kind: 'resource' | 'data'; readonly type: string; readonly name: string }
  | { readonly kind: 'each' | 'count' | 'static' };

/** What a reference names, from its root and first steps (`var.x`, `data.t.n`, `t.n.attr`); undefined when it names nothing Terraform knows. */
export function stackReferenceOf(root: string, attributes: readonly (string | undefined)[]): StackReference | undefined {
  const [first, second] = attributes;
  switch (root) {
    case 'var':
      return first === undefined ? undefined : { kind: 'variable', name: first };
    case 'local':
      return first === undefined ? undefined : { kind: 'local', name: first };
    case 'module':
      return first === undefined ? undefined : { kind: 'module', name: first };
    case 'data':
      return first === undefined || second === undefined ? undefined : { kind: 'data', type: first, name: second };
    case 'each':
      return first === 'key' || first === 'value' ? { kind: 'each' } : undefined;
    case 'count':
      return first === 'index' ? { kind: 'count' } : undefined;
    case 'path':
      return first === 'module' || first === 'root' || first === 'cwd' ? { kind: 'static' } : undefined;
    case 'terraform':
      return first === 'workspace' ? { kind: 'static' } : undefined;
    case 'self':
      return undefined;
    default:
      return first === undefined ? undefined : { kind: 'resource', type: root, name: first };
  }
}

/** The text of a reference, as Terraform names it in its messages. */
export function referenceText(reference: StackReference): string {
  switch (reference.kind) {
    case 'variable':
      return `var.${reference.name}`;
    case 'local':
      return `local.${reference.name}`;
    case 'module':
      return `module.${reference.name}`;
    case 'data':
      return `data.${reference.type}.${reference.name}`;
    case 'resource':
      return `${reference.type}.${reference.name}`;
    default:
      return reference.kind;
  }
}

interface Entry {
  readonly scope: ReferenceScope;
  readonly path: string;
  readonly shown: unknown;
  readonly reference: StackReference;
}

/** Addresses that will be declared though no construct declares them: import targets whose configuration Terraform generates. */
export interface IGeneratedAddresses {
  /** The `type.name` address a `terraform plan -generate-config-out` will declare. */
  readonly address: string;
}

const REGISTRY_ID = 'StackReferences';

/** The user's text references of one stack, checked when it is synthesized. */
export class StackReferences extends SynthTimeCheck {
  /** The registry of the stack that contains `scope`, created on first use. */
  public static of(scope: IConstruct): StackReferences {
    const stack = TerraformStack.of(scope);
    return (stack.node.tryFindChild(REGISTRY_ID) as StackReferences | undefined) ?? new StackReferences(stack, REGISTRY_ID);
  }

  private readonly entries: Entry[] = [];
  private readonly generated: IGeneratedAddresses[] = [];

  private constructor(scope: TerraformStack, id: string) {
    super(scope, id);
  }

  /** Records that the value at `path` (shown as `shown`) refers to `reference`, written where `scope` says. */
  public add(scope: ReferenceScope, path: string, shown: unknown, reference: StackReference): void {
    this.entries.push({ scope, path, shown, reference });
  }

  /** Records an address whose configuration Terraform will generate (an import target). */
  public addGenerated(target: IGeneratedAddresses): void {
    this.generated.push(target);
  }

  /** Throws a ValidationError naming the first construct whose text refers to what the stack does not declare. */
  protected check(): void {
    if (this.entries.length === 0) return;
    const declared = this.declared();
    const existing = new Set(this.stackConstructs().map((c) => c.node.path));
    const byConstruct = new Map<string, Problems>();
    for (const { scope, path, shown, reference } of this.entries) {
      const constructPath = scope.path ?? scope.construct.node.path;
      if (!existing.has(constructPath)) continue;
      const allowed = this.refusal(reference, declared, scope);
      if (allowed === undefined) continue;
      const problems = byConstruct.get(constructPath) ?? new Problems();
      byConstruct.set(constructPath, problems);
      problems.add(path, shown, allowed);
    }
    for (const [constructPath, problems] of byConstruct) problems.throwIfAnyAt(constructPath);
  }

  private refusal(reference: StackReference, declared: Set<string>, scope: ReferenceScope): string | undefined {
    switch (reference.kind) {
      case 'each':
        return scope.repeated?.()?.forEach !== undefined ? undefined : 'each.key and each.value only where the resource has forEach (Terraform: Reference to "each" in context without for_each)';
      case 'count':
        return scope.repeated?.()?.count !== undefined ? undefined : 'count.index only where the resource has count (Terraform: Reference to "count" in non-counted context)';
      case 'static':
        return undefined;
      default: {
        const text = referenceText(reference);
        if (declared.has(text)) return undefined;
        const what = { variable: 'input variable', local: 'local value', module: 'module', data: 'data source', resource: 'resource' }[reference.kind];
        return `a reference to something this stack declares: it declares no ${what} ${text} (Terraform: Reference to undeclared ${what})`;
      }
    }
  }

  /** Every address the stack declares, as references write them. */
  private declared(): Set<string> {
    const out = new Set<string>(this.generated.map((g) => g.address));
    for (const c of this.stackConstructs()) {
      if (c instanceof TerraformVariable) out.add(`var.${c.friendlyUniqueId}`);
      else if (c instanceof TerraformLocal) out.add(`local.${c.friendlyUniqueId}`);
      else if (c instanceof TerraformModule) out.add(`module.${c.friendlyUniqueId}`);
      else if (c instanceof TerraformDataSource) out.add(`data.${c.terraformResourceType}.${c.friendlyUniqueId}`);
      else if (TerraformResource.isTerraformResource(c) && !(c as { isReleased?: boolean }).isReleased) out.add(`${c.terraformResourceType}.${c.friendlyUniqueId}`);
    }
    return out;
  }
}
