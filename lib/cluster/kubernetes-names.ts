import { ANNOTATIONS_MAX_BYTES, DNS_SUBDOMAIN_MAX_LENGTH, isDnsSubdomain, isLabelValue, isQualifiedName, QUALIFIED_NAME_MAX_LENGTH } from './validation';

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
