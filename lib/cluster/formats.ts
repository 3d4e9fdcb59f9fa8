// The OpenAPI formats of the node fields the library keeps or sends, as the
// API server parses them: RFC 3339 timestamps, resource quantities, CIDRs.
import { isIP } from 'net';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** True for an RFC 3339 date-time such as `2024-05-01T12:00:00Z` (metav1.Time). */
export function isDateTime(value: string): boolean {
  const match = RFC3339.exec(value);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 61;
}

// resource.Quantity: a signed decimal number, then a binary suffix (Ki … Ei),
// a decimal suffix (n u m k M G T P E) or a decimal exponent (e3, E-2).
const QUANTITY = /^[+-]?(\d+(\.\d*)?|\.\d+)([KMGTPE]i|[numkMGTPE]|[eE][+-]?\d+)?$/;

/** True for a Kubernetes resource quantity such as `4`, `16Gi`, `500m`, `1e3`. */
export function isQuantity(value: string): boolean {
  return QUANTITY.test(value);
}

/** The IP family of a CIDR such as `10.244.1.0/24` or `fd00::/64`, or undefined when it is not one. */
export function cidrFamily(value: string): 4 | 6 | undefined {
  const slash = value.indexOf('/');
  if (slash < 0 || value.indexOf('/', slash + 1) >= 0) return undefined;
  const family = isIP(value.slice(0, slash));
  const prefix = value.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return undefined;
  return family as 4 | 6;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** True for a DNS-1123 label (a namespace name): at most 63 lowercase letters, digits and "-". */
export function isDnsLabel(value: string): boolean {
  return value.length <= 63 && DNS_LABEL.test(value);
}
