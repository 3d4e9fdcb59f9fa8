// Which construct declared each resource of a synthesized stack, read from the
// metadata cdktf (and cdktn) write next to every resource: `"//": { "metadata":
// { "path": "<stack>/<construct…>/<resource id>" } }`. A JSON synth has it in
// `cdk.tf.json`; an HCL synth (`--hcl`) writes `cdk.tf` without it and puts the
// same metadata in `metadata.json` beside it, which Terraform does not read
// (it reads only *.tf and *.tf.json files). A `release` writes the same
// metadata on each of its `removed` blocks, in both. The class and declaring
// line of each construct are in the stack's own metadata, once per construct
// (lib/core/origin-index.ts; a stack written by 0.2 has them on each resource).
import { ExplainedGuardrails, NO_GUARDRAILS, readGuardrailAcknowledgements, readGuardrails, readGuardrailsCheckAtPlan, RecordedGuardrailAcknowledgement } from './guardrail-report';
import * as fs from 'fs';
import * as path from 'path';
import { ConstructDescriptor, declaredResources, declaredWay, descriptorsFor } from '../construct-descriptor';
import { isPlainObject } from '../core/plain-object';
import { CONSTRUCT_DESCRIPTORS } from '../descriptors';
import { ORIGINS_METADATA_KEY } from '../core/origin-index';
import { describeValue } from '../core/received-value';
import { escapeForLine, truncate } from '../core/server-text';
import { ValidationError } from '../core/validation-error';

/** What the error of an unreadable stack directory names as its construct path. */
export const STACK_ERROR_PATH = 'stack';

/** Where one resource comes from. */
export interface ResourceOrigin {
  /** The construct's path below the stack: the metadata path minus the stack's own path and the resource's own id. */
  readonly constructPath: string;
  /** The resource's own id in the construct tree (`Resource`, `NameTrigger`, a node name). */
  readonly resourceId: string;
  /** The class of the construct of this library that owns it (lib/core/construct-origin.ts), when recorded. */
  readonly constructClass?: string;
  /** `file:line` of the code that declared that construct, when recorded. */
  readonly source?: string;
}

/** Addresses (`type.name`, without an instance key) to where they come from. */
export class ConstructMap {
  /**
   * Reads a synthesized stack directory: `cdk.tf.json`, or `metadata.json` of an HCL synth.
   *
   * @param descriptors the constructs whose resources are attributed (this library's)
   * @throws ValidationError when the directory holds no synthesized stack, or its file is not cdktf's JSON
   */
  public static fromStackDirectory(directory: string, descriptors: readonly ConstructDescriptor[] = CONSTRUCT_DESCRIPTORS): ConstructMap {
    if (typeof directory !== 'string' || directory === '') {
      throw new ValidationError(STACK_ERROR_PATH, [{ path: STACK_ERROR_PATH, received: describeValue(directory), allowed: 'the path of a synthesized stack directory' }]);
    }
    let isDirectory: boolean | undefined;
    try {
      isDirectory = fs.statSync(directory).isDirectory();
    } catch {
      isDirectory = undefined;
    }
    if (isDirectory !== true) {
      throw new ValidationError(STACK_ERROR_PATH, [
        {
          path: `${STACK_ERROR_PATH}/${shownName(directory)}`,
          received: isDirectory === false ? 'a file, not a directory' : 'no such directory',
          allowed: 'a synthesized stack directory (cdktf.out/stacks/<stack>): cdk.tf.json, or cdk.tf with metadata.json',
        },
      ]);
    }
    const json = path.join(directory, 'cdk.tf.json');
    const metadata = path.join(directory, 'metadata.json');
    const hcl = path.join(directory, 'cdk.tf');
    // A JSON synth removes a stale cdk.tf, an HCL synth a stale cdk.tf.json; metadata.json belongs with cdk.tf.
    const file = fs.existsSync(json) ? json : fs.existsSync(hcl) && fs.existsSync(metadata) ? metadata : undefined;
    if (file === undefined) {
      throw new ValidationError(STACK_ERROR_PATH, [
        {
          path: `${STACK_ERROR_PATH}/${shownName(directory)}`,
          received: fs.existsSync(hcl) ? 'a cdk.tf without the metadata.json of its synth' : 'a directory without cdk.tf.json or cdk.tf',
          allowed: 'a synthesized stack directory (cdktf.out/stacks/<stack>): cdk.tf.json, or cdk.tf with metadata.json',
        },
      ]);
    }
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      throw new ValidationError(STACK_ERROR_PATH, [
        { path: `${STACK_ERROR_PATH}/${shownName(file)}`, received: `a file that cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, allowed: 'a readable file' },
      ]);
    }
    return ConstructMap.fromStackConfig(text, path.basename(file), descriptors);
  }

  /**
   * Reads a stack's configuration (`cdk.tf.json` or `metadata.json`), as text or parsed.
   *
   * @param fileName named in errors
   * @param descriptors the constructs whose resources are attributed (this library's)
   */
  public static fromStackConfig(config: string | unknown, fileName = 'cdk.tf.json', descriptors: readonly ConstructDescriptor[] = CONSTRUCT_DESCRIPTORS): ConstructMap {
    let root = config;
    if (typeof config === 'string') {
      try {
        root = JSON.parse(config);
      } catch {
        throw new ValidationError(STACK_ERROR_PATH, [{ path: `${STACK_ERROR_PATH}/${fileName}`, received: `text of ${config.length} characters that is not JSON`, allowed: "cdktf's synthesized JSON" }]);
      }
    }
    if (!isPlainObject(root)) {
      throw new ValidationError(STACK_ERROR_PATH, [{ path: `${STACK_ERROR_PATH}/${fileName}`, received: describeShape(root), allowed: "cdktf's synthesized JSON: an object" }]);
    }
    // cdktf writes "//" (the stack's metadata) in both files, and "resource" when there is one: a file with
    // neither is not a synth's, and would silently make every resource "not made by these constructs".
    if (!isPlainObject((root as { [key: string]: unknown })['//']) && !isPlainObject((root as { [key: string]: unknown }).resource)) {
      throw new ValidationError(STACK_ERROR_PATH, [
        { path: `${STACK_ERROR_PATH}/${fileName}`, received: 'an object without "//" (the stack\'s metadata) or "resource"', allowed: "cdktf's synthesized JSON" },
      ]);
    }
    const origins = new Map<string, ResourceOrigin>();
    const resources = (root as { [key: string]: unknown }).resource;
    const removed = (root as { [key: string]: unknown }).removed;
    const declared: { address: string; block: unknown }[] = [];
    if (isPlainObject(resources)) {
      for (const [type, byName] of Object.entries(resources as object)) {
        if (!isPlainObject(byName)) continue;
        for (const [name, block] of Object.entries(byName as object)) declared.push({ address: `${type}.${name}`, block });
      }
    }
    // A released construct's `removed` blocks carry its resources' paths (lib/core/removed-blocks.ts).
    if (Array.isArray(removed)) {
      for (const block of removed) {
        const from = (block as { from?: unknown } | null)?.from;
        if (typeof from === 'string') declared.push({ address: from, block });
      }
    }
    const stackPath = stackPathOf(root as { [key: string]: unknown }, declared.map((d) => metadataPathOf(d.block)));
    const recorded = recordedOrigins((root as { [key: string]: any })['//']?.metadata?.[ORIGINS_METADATA_KEY]);
    // Each construct's resources, by construct path: a construct is one of these constructs when its resources
    // are declared in one of the ways its descriptor gives (madeBy); any other resource is declared, but not theirs.
    const members = new Map<string, Member[]>();
    const seen = new Set<string>();
    for (const { address, block } of declared) {
      if (seen.has(address)) continue;
      seen.add(address);
      const origin = originOf(block, stackPath, recorded);
      if (origin === undefined) continue;
      const list = members.get(origin.constructPath) ?? [];
      members.set(origin.constructPath, list);
      list.push({ address, type: address.slice(0, address.indexOf('.')), origin, block });
    }
    const others = new Set<string>(declared.map((d) => d.address));
    for (const list of members.values()) {
      if (!madeBy(descriptors, list)) continue;
      for (const m of list) {
        origins.set(m.address, m.origin);
        others.delete(m.address);
      }
    }
    const metadata = (root as { [key: string]: any })['//']?.metadata;
    return new ConstructMap(origins, others, descriptors, readGuardrails(metadata, recorded), readGuardrailAcknowledgements(metadata), readGuardrailsCheckAtPlan(metadata));
  }

  private constructor(
    private readonly origins: ReadonlyMap<string, ResourceOrigin>,
    private readonly others: ReadonlySet<string>,
    /** The constructs whose resources this map attributes. */
    public readonly descriptors: readonly ConstructDescriptor[],
    /** The guardrails' findings recorded at synth. */
    public readonly guardrails: ExplainedGuardrails = NO_GUARDRAILS,
    /** The acknowledgements recorded at synth, for what is checked at plan. */
    public readonly guardrailAcknowledgements: readonly RecordedGuardrailAcknowledgement[] = [],
    /** The constructs whose props held a value known only at plan: the ones checked again on the planned values. */
    public readonly guardrailsCheckAtPlan: ReadonlySet<string> = new Set(),
  ) {}

  /** Kinds folded into another of their construct when it changes (a name trigger into its profile): trigger kind → the kind it replaces. */
  public triggerKinds(): ReadonlyMap<string, string> {
    return triggerKindsOf(this.descriptors);
  }

  /** Where the resource at `address` comes from (its instance key ignored), or undefined when no construct of this library declared it. */
  public originOf(address: string): ResourceOrigin | undefined {
    return this.origins.get(withoutInstanceKey(address));
  }

  /** True when the stack declares the resource at `address`, but no construct of this library made it (a plain `Construct`'s, the stack's own, another library's). */
  public isDeclaredByOthers(address: string): boolean {
    return this.others.has(withoutInstanceKey(address));
  }
}

/** Kinds folded into another of their construct when it changes (a name trigger into its profile): trigger kind → the kind it replaces. */
export function triggerKindsOf(descriptors: readonly ConstructDescriptor[]): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const d of descriptors) for (const r of declaredResources(d)) if (r.triggers !== undefined) out.set(r.kind, r.triggers.kind);
  return out;
}

/** One resource of a construct, as the stack declares it. */
interface Member {
  readonly address: string;
  readonly type: string;
  readonly origin: ResourceOrigin;
  /** The resource's block (cdk.tf.json: its attributes too; metadata.json and removed blocks: the metadata alone). */
  readonly block: unknown;
}

/**
 * Whether a construct's resources are those one of these constructs makes:
 * cdktf's metadata records a resource's construct path, and the constructs
 * record their class beside it (construct-origin.ts); a stack written before
 * that has the path alone. Either way what tells them is the shape of what
 * they declare, ids and types together, each construct's resources and
 * nothing else, in one of the ways its descriptor gives (`declares`): a plain
 * Construct holding a terraform_data, or a profile declared without its
 * trigger, is not one. A `release` writes the same paths on its removed blocks.
 */
function madeBy(descriptors: readonly ConstructDescriptor[], members: readonly Member[]): boolean {
  const chosen = descriptorsFor(descriptors, members[0]?.origin.constructClass);
  const declared = members.map((m) => ({ id: m.origin.resourceId, terraformType: m.type, values: m.block }));
  return chosen.some((d) => declaredWay(d, declared) !== undefined);
}

function metadataPathOf(block: unknown): string | undefined {
  const metadataPath = (block as any)?.['//']?.metadata?.path;
  return typeof metadataPath === 'string' ? metadataPath : undefined;
}

/**
 * The stack's own path in the construct tree, as segments. cdktf writes each
 * resource's full path (`<scopes…>/<stack>/<constructs…>/<id>`) and the stack's
 * id as `"//".metadata.stackName`, not its path: a stack may sit inside scopes
 * (`new TerraformStack(new Construct(app, 'prod'), 'warehouse')`). Every path
 * starts with the stack's path, so it is the shortest prefix common to all
 * paths that ends with the stack's id. (A scope above the stack with the
 * stack's own id is read as the stack: the metadata cannot tell them apart.)
 * Without a stack name, the first segment (a stack directly under the app).
 */
function stackPathOf(root: { [key: string]: unknown }, paths: readonly (string | undefined)[]): string[] | undefined {
  const stackName = (root['//'] as any)?.metadata?.stackName;
  const all = paths.filter((p): p is string => p !== undefined).map((p) => p.split('/'));
  if (typeof stackName !== 'string' || all.length === 0) return undefined;
  let common = all[0].slice(0, -1);
  for (const segments of all) {
    let i = 0;
    while (i < common.length && i < segments.length - 1 && common[i] === segments[i]) i++;
    common = common.slice(0, i);
  }
  const at = common.indexOf(stackName);
  return at < 0 ? undefined : common.slice(0, at + 1);
}

/**
 * The stack's index of origins (lib/core/construct-origin.ts: class → source →
 * construct paths) by construct path; entries of any other shape are skipped.
 */
function recordedOrigins(index: unknown): Map<string, { readonly constructClass: string; readonly source?: string }> {
  const out = new Map<string, { readonly constructClass: string; readonly source?: string }>();
  if (!isPlainObject(index)) return out;
  for (const [constructClass, bySource] of Object.entries(index as object)) {
    if (constructClass === '' || !isPlainObject(bySource)) continue;
    for (const [source, paths] of Object.entries(bySource as object)) {
      if (!Array.isArray(paths)) continue;
      for (const p of paths) if (typeof p === 'string') out.set(p, { constructClass, ...(source === '' ? {} : { source }) });
    }
  }
  return out;
}

function originOf(block: unknown, stackPath: readonly string[] | undefined, recorded: ReadonlyMap<string, { readonly constructClass: string; readonly source?: string }>): ResourceOrigin | undefined {
  const metadataPath = metadataPathOf(block);
  if (metadataPath === undefined) return undefined;
  const segments = metadataPath.split('/');
  const below = stackPath !== undefined && stackPath.every((s, i) => segments[i] === s) ? stackPath.length : 1;
  const constructPath = segments.slice(below, -1);
  // stack/resource: declared by the stack itself, not by a construct; an empty segment names no construct.
  if (constructPath.length === 0 || constructPath.some((s) => s === '')) return undefined;
  const metadata = (block as any)['//'].metadata;
  // The stack's index (0.3); a stack written by 0.2 has the class and source on each resource.
  const indexed = recorded.get(constructPath.join('/'));
  const constructClass = indexed?.constructClass ?? (typeof metadata.construct === 'string' && metadata.construct !== '' ? metadata.construct : undefined);
  const source = indexed === undefined ? (typeof metadata.source === 'string' && metadata.source !== '' ? metadata.source : undefined) : indexed.source;
  return {
    constructPath: constructPath.join('/'),
    resourceId: segments[segments.length - 1],
    ...(constructClass === undefined ? {} : { constructClass }),
    ...(source === undefined ? {} : { source }),
  };
}

/** A file's or directory's name as an error's path shows it: on one line, and its start only when it is long. */
function shownName(file: string): string {
  return truncate(escapeForLine(path.basename(file)));
}

function describeShape(value: unknown): string {
  return Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
}

// An instance key ends an address: `[0]` or `["key"]` (a quoted key may hold dots and brackets), or `[*]` for
// instances not known yet (a deferred change: addrs.PartialExpandedResource.String, Terraform v1.16.0-rc2).
const INSTANCE_KEY = /^([\s\S]*?)(\[(?:\d+|\*|"(?:[^"\\]|\\[\s\S])*")\])$/;

/** `type.name["key"]` or `type.name[0]` → `type.name`. */
export function withoutInstanceKey(address: string): string {
  return address.endsWith(']') ? INSTANCE_KEY.exec(address)?.[1] ?? address : address;
}

/** The instance key of an address, `["key"]` or `[0]`, or '' without one. */
export function instanceKeyOf(address: string): string {
  return address.endsWith(']') ? INSTANCE_KEY.exec(address)?.[2] ?? '' : '';
}

/**
 * For a resource the configuration no longer has: the construct part of
 * cdktf's name for it (`<construct path, "_"-joined>_<own id>_<hash>`, the id
 * `Resource` left out), e.g. `retired` for `aws_x.retired_454EF923` and
 * `retired_NameTrigger_F48A0798`.
 */
export function formerConstructName(address: string): string {
  const base = withoutInstanceKey(address);
  return base.slice(base.lastIndexOf('.') + 1).replace(/_[0-9A-F]{8}$/, '').replace(/_NameTrigger$/, '');
}
