// The OpenAPI formats of the node fields the library keeps or sends, as the
// API server parses them (Kubernetes 1.32): RFC 3339 timestamps (rfc3339.ts,
// Go 1.23's time.Parse), resource quantities (quantity.ts, apimachinery's
// resource.ParseQuantity) and CIDRs (cidr.ts, k8s.io/utils ParseCIDRSloppy).
// Each module names the upstream files and versions it ports.
export { isDateTime } from './rfc3339';
export { isQuantity } from './quantity';
export { cidrFamily } from './cidr';

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** True for a DNS-1123 label (a namespace name): at most 63 lowercase letters, digits and "-". */
export function isDnsLabel(value: string): boolean {
  return value.length <= 63 && DNS_LABEL.test(value);
}
