// The API server's rules on a Node's metadata that the schema cannot say, as
// ValidateObjectMetaAccessor (k8s.io/apimachinery v0.32.0 pkg/api/validation/objectmeta.go)
// and kubernetes 1.32's ValidateObjectMeta (pkg/apis/core/validation/validation.go)
// apply them when a Node is created: generateName, owner references, finalizers,
// managed fields. Name, namespace, labels and annotations are in validation.ts,
// generation's sign and the required owner fields in schema.ts.
import { isUnresolved, Problems } from '../core/problems';
import { ReferenceScope } from '../core/stack-references';
import { checkString } from '../core/string-position';
import { isGoPrint } from './go-unicode-print';
import { isDnsSubdomain, isQualifiedName, KEY_RULE } from './kubernetes-names';
import { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './model';

/** FieldManagerMaxLength (pkg/apis/meta/v1/validation/validation.go): bytes. */
export const FIELD_MANAGER_MAX_BYTES = 128;
/** MaxSubresourceNameLength (same file): bytes. */
export const SUBRESOURCE_MAX_BYTES = 256;
/** The finalizers a name without "/" may be (pkg/apis/core/helper standardFinalizers). */
export const STANDARD_FINALIZERS: readonly string[] = ['kubernetes', 'orphan', 'foregroundDeletion'];

/**
 * schema.ParseGroupVersion (k8s.io/apimachinery pkg/runtime/schema/group_version.go):
 * "" and "/" are the empty group and version, no "/" a version of the core group,
 * one "/" splits group and version, more is an error (undefined). Neither part is
 * checked further.
 */
export function parseGroupVersion(gv: string): { group: string; version: string } | undefined {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const slashes = gv.split('/').length - 1;
  if (slashes === 0) return { group: '', version: gv };
  if (slashes === 1) {
    const at = gv.indexOf('/');
    return { group: gv.slice(0, at), version: gv.slice(at + 1) };
  }
  return undefined;
}

/**
 * maskTrailingDash (pkg/api/validation/generic.go), on UTF-8 bytes as Go slices
 * them: a name of more than one byte ending in "-" loses its last two bytes and
 * gains an "a". A byte of a cut character is kept as the Latin-1 character of
 * that value, so that the DNS check still refuses it.
 */
export function maskTrailingDash(name: string): string {
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length > 1 && name.endsWith('-')) return `${bytes.subarray(0, bytes.length - 2).toString('latin1')}a`;
  return bytes.toString('latin1');
}

/**
 * ValidateFieldManager (pkg/apis/meta/v1/validation/validation.go): at most 128
 * bytes, every character printable as Go 1.23's unicode.IsPrint says (letters,
 * marks, numbers, punctuation, symbols of Unicode 15.0.0, and the ASCII space).
 * What is wrong, or undefined.
 */
export function fieldManagerProblem(manager: string): string | undefined {
  const problems: string[] = [];
  const bytes = Buffer.byteLength(manager, 'utf8');
  if (bytes > FIELD_MANAGER_MAX_BYTES) problems.push(`at most ${FIELD_MANAGER_MAX_BYTES} bytes (it has ${bytes})`);
  let offset = 0;
  for (const char of manager) {
    const codePoint = char.codePointAt(0) as number;
    // A lone surrogate reaches the server as U+FFFD (the JSON encoder replaces it), which is printable.
    const sent = codePoint >= 0xd800 && codePoint <= 0xdfff ? 0xfffd : codePoint;
    if (!isGoPrint(sent)) {
      problems.push(`printable characters only (unicode.IsPrint), not U+${sent.toString(16).toUpperCase().padStart(4, '0')} at byte ${offset}`);
      break;
    }
    offset += Buffer.byteLength(String.fromCodePoint(sent), 'utf8');
  }
  return problems.length === 0 ? undefined : problems.join(', and ');
}

const FIELD_MANAGER_RULE = `a field manager of at most ${FIELD_MANAGER_MAX_BYTES} bytes of printable characters`;

/** The ObjectMeta rules of ValidateObjectMetaAccessor the schema cannot say, for one node's metadata at `path`. */
export function checkObjectMeta(meta: ObjectMeta, path: string, problems: Problems): void {
  checkGenerateName(meta.generateName, `${path}/generateName`, problems);
  checkOwnerReferences(meta.ownerReferences, `${path}/ownerReferences`, problems);
  checkFinalizers(meta.finalizers, `${path}/finalizers`, problems);
  checkManagedFields(meta.managedFields, `${path}/managedFields`, problems);
}

/** ValidateFieldManager on a field manager the library sends (the fieldManager prop: the apply request's fieldManager). */
export function checkFieldManager(manager: unknown, path: string, problems: Problems, referencesFrom?: ReferenceScope): void {
  // Written as a string attribute: through the string pipeline, the rule applied where the text is known.
  const check = (text: string) => {
    const problem = fieldManagerProblem(text);
    return problem === undefined ? undefined : `${FIELD_MANAGER_RULE}: ${problem}`;
  };
  checkString(manager, { rule: FIELD_MANAGER_RULE, check, referencesFrom }, problems, path);
}

// ValidateObjectMetaAccessor: a non-empty generateName is checked with the name
// function given prefix=true (ValidateNodeName = NameIsDNSSubdomain: maskTrailingDash, then IsDNS1123Subdomain).
function checkGenerateName(generateName: string | undefined, path: string, problems: Problems): void {
  if (typeof generateName !== 'string' || generateName === '' || isUnresolved(generateName)) return;
  if (!isDnsSubdomain(maskTrailingDash(generateName))) {
    problems.add(path, generateName, 'a DNS-1123 subdomain once a trailing "-" is replaced (a generated suffix follows it): at most 253 lowercase letters, digits, "-" and "."');
  }
}

// ValidateOwnerReferences and validateOwnerReference.
function checkOwnerReferences(references: OwnerReference[] | undefined, path: string, problems: Problems): void {
  if (!Array.isArray(references) || isUnresolved(references)) return;
  let firstController: number | undefined;
  references.forEach((reference, j) => {
    if (reference === null || typeof reference !== 'object' || isUnresolved(reference)) return;
    const { apiVersion, kind } = reference;
    const known = typeof apiVersion === 'string' && !isUnresolved(apiVersion);
    // gvk := schema.FromAPIVersionAndKind(apiVersion, kind): an apiVersion that does not parse gives no version.
    const gv = known ? parseGroupVersion(apiVersion) : undefined;
    if (known && apiVersion !== '' && (gv === undefined || gv.version === '')) {
      problems.add(`${path}/${j}/apiVersion`, apiVersion, 'an API version with a version: "v1" or "group/version" (schema.ParseGroupVersion: at most one "/", a version after it)');
    }
    // BannedOwners: v1 Event (core group) may not own anything.
    if (gv !== undefined && gv.group === '' && gv.version === 'v1' && kind === 'Event') {
      problems.add(`${path}/${j}`, { apiVersion, kind }, 'an owner of another kind: a v1 Event may not be an owner (BannedOwners)');
    }
    if (reference.controller === true) {
      if (firstController === undefined) firstController = j;
      else problems.add(`${path}/${j}/controller`, true, `false or nothing: only one owner reference may be the controller (ownerReferences/${firstController} is)`);
    }
  });
}

// ValidateFinalizers (apimachinery: each a qualified name, not both orphan and
// foregroundDeletion) and validateKubeFinalizerName (kubernetes: a name without
// "/" is one of the standard finalizers).
function checkFinalizers(finalizers: string[] | undefined, path: string, problems: Problems): void {
  if (!Array.isArray(finalizers) || isUnresolved(finalizers)) return;
  finalizers.forEach((finalizer, j) => {
    if (typeof finalizer !== 'string' || isUnresolved(finalizer)) return;
    if (!isQualifiedName(finalizer) || (!finalizer.includes('/') && !STANDARD_FINALIZERS.includes(finalizer))) {
      problems.add(`${path}/${j}`, finalizer, `a finalizer that is ${KEY_RULE}, with a "/" unless it is a standard finalizer (${STANDARD_FINALIZERS.join(', ')})`);
    }
  });
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    problems.add(path, finalizers, 'not both "orphan" and "foregroundDeletion": they ask for opposite deletion policies');
  }
}

// ValidateManagedFields: operation Apply or Update (the schema: required, enum),
// fieldsType empty or FieldsV1 (the schema), the manager as ValidateFieldManager
// says, subresource at most 256 bytes.
function checkManagedFields(entries: ManagedFieldsEntry[] | undefined, path: string, problems: Problems): void {
  if (!Array.isArray(entries) || isUnresolved(entries)) return;
  entries.forEach((entry, k) => {
    if (entry === null || typeof entry !== 'object' || isUnresolved(entry)) return;
    checkFieldManager(entry.manager, `${path}/${k}/manager`, problems);
    const subresource = entry.subresource;
    if (typeof subresource === 'string' && !isUnresolved(subresource) && Buffer.byteLength(subresource, 'utf8') > SUBRESOURCE_MAX_BYTES) {
      problems.add(`${path}/${k}/subresource`, subresource, `at most ${SUBRESOURCE_MAX_BYTES} bytes (it has ${Buffer.byteLength(subresource, 'utf8')})`);
    }
  });
}
