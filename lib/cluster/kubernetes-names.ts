// The Kubernetes name grammars the node rules use, as the API server checks
// them (k8s.io/apimachinery pkg/util/validation): DNS-1123 subdomains, qualified
// names, label values. A leaf module: the structure check (schema.ts) and the
// cross-field rules (validation.ts) both import it, and it imports neither.

/** Maximum length of a DNS-1123 subdomain (node names, label key prefixes). */
export const DNS_SUBDOMAIN_MAX_LENGTH = 253;
/** Maximum length of the name part of a qualified name, and of a label value. */
export const QUALIFIED_NAME_MAX_LENGTH = 63;
/** Maximum total size of a node's annotations, keys and values, in bytes (256 KiB). */
export const ANNOTATIONS_MAX_BYTES = 256 * 1024;

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** What a node name is, for error lines. */
export const NAME_RULE = 'a DNS-1123 subdomain: at most 253 lowercase letters, digits, "-" and ".", starting and ending with a letter or digit';
/** What a label, annotation or taint key is, for error lines. */
export const KEY_RULE =
  'a qualified name: an optional DNS-1123 subdomain prefix and "/", then a name of 1 to 63 letters, digits, "-", "_" and ".", starting and ending with a letter or digit';
/** What a label or taint value is, for error lines. */
export const VALUE_RULE = 'empty, or at most 63 letters, digits, "-", "_" and ".", starting and ending with a letter or digit';

/** True when `name` is a DNS-1123 subdomain (a valid node name). */
export function isDnsSubdomain(name: string): boolean {
  return name.length > 0 && name.length <= DNS_SUBDOMAIN_MAX_LENGTH && DNS_SUBDOMAIN.test(name);
}

/** True when `key` is a qualified name (a valid label, annotation or taint key). */
export function isQualifiedName(key: string): boolean {
  const slash = key.indexOf('/');
  let name = key;
  if (slash >= 0) {
    if (key.indexOf('/', slash + 1) >= 0) return false;
    if (!isDnsSubdomain(key.slice(0, slash))) return false;
    name = key.slice(slash + 1);
  }
  return name.length > 0 && name.length <= QUALIFIED_NAME_MAX_LENGTH && QUALIFIED_NAME_PART.test(name);
}

/** True when `value` is a valid label value (empty allowed). */
export function isLabelValue(value: string): boolean {
  return value.length <= QUALIFIED_NAME_MAX_LENGTH && LABEL_VALUE.test(value);
}

/**
 * The Kubernetes name formats the node rules use, as the API server checks
 * them, for every jsii language. TypeScript can also import `isDnsSubdomain`,
 * `isQualifiedName`, `isLabelValue` and `ANNOTATIONS_MAX_BYTES`.
 */
export class KubernetesNames {
  /** Maximum length of a DNS-1123 subdomain (node names, label key prefixes): 253. */
  public static readonly DNS_SUBDOMAIN_MAX_LENGTH: number = DNS_SUBDOMAIN_MAX_LENGTH;
  /** Maximum length of the name part of a qualified name, and of a label value: 63. */
  public static readonly QUALIFIED_NAME_MAX_LENGTH: number = QUALIFIED_NAME_MAX_LENGTH;
  /** Maximum total size of a node's annotations, keys and values, in bytes: 256 KiB. */
  public static readonly ANNOTATIONS_MAX_BYTES: number = ANNOTATIONS_MAX_BYTES;

  /**
   * True when `name` is a DNS-1123 subdomain (a valid node name).
   * TypeScript can also import this as `isDnsSubdomain`.
   *
   * @param name the name to check
   * @returns true for 1 to 253 lowercase letters, digits, `-` and `.`, each dot-separated part starting and ending with a letter or digit
   */
  public static isDnsSubdomain(name: string): boolean {
    // Anything but a string (a number, a token of another kind, null) is not a name: false, never a TypeError.
    return typeof name === 'string' && isDnsSubdomain(name);
  }

  /**
   * True when `key` is a qualified name (a valid label, annotation or taint key).
   * TypeScript can also import this as `isQualifiedName`.
   *
   * @param key the key to check
   * @returns true for an optional DNS-1123 subdomain prefix and `/`, then a name of 1 to 63
   *   letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit
   */
  public static isQualifiedName(key: string): boolean {
    return typeof key === 'string' && isQualifiedName(key);
  }

  /**
   * True when `value` is a valid label value (empty allowed).
   * TypeScript can also import this as `isLabelValue`.
   *
   * @param value the value to check
   * @returns true for an empty string, or at most 63 letters, digits, `-`, `_` and `.`,
   *   starting and ending with a letter or digit
   */
  public static isLabelValue(value: string): boolean {
    return typeof value === 'string' && isLabelValue(value);
  }

  private constructor() {}
}
