// CIDRs as the Kubernetes API server reads node podCIDRs.
//
// Authority (Kubernetes 1.32):
// - ValidateNode (kubernetes/kubernetes pkg/apis/core/validation/validation.go)
//   checks each spec.podCIDRs entry with apimachinery's
//   `validation.IsValidCIDR`, which in v0.32.0 (pkg/util/validation/
//   validation.go) is `netutils.ParseCIDRSloppy(value)` succeeding; with more
//   than one entry it requires `netutils.IsDualStackCIDRStrings` and at most
//   two ("may specify no more than one CIDR for each IP family"), and no
//   duplicates.
// - k8s.io/utils at the commit Kubernetes 1.32 pins (v0.0.0-20241104100929-
//   3ea5e8cea738): net/parse.go `ParseCIDRSloppy` = internal/third_party/
//   forked/golang/net/ip.go `ParseCIDR` (Go's pre-1.17 parser, which allows
//   leading zeros: "127.010.020.030/32" is 127.10.20.30/32), and
//   net/ipfamily.go `IPFamilyOf` / `IPFamilyOfCIDR` / `IsDualStackCIDRs`.
//
// The family of a CIDR is that of its network address (`IPFamilyOfCIDR` of the
// parsed *net.IPNet), by `ip.To4() != nil`: an IPv4-mapped IPv6 prefix such as
// `::ffff:10.0.0.0/104` is IPv4, while `::ffff:10.0.0.0/80`, whose network
// address is `::`, is IPv6. A zone (`fe80::1%eth0/64`) is refused.

/** A parsed CIDR: the address as written and the network address, both as 16 bytes (IPv4 in IPv4-mapped form). */
export interface ParsedCidr {
  readonly ip: Uint8Array;
  readonly network: Uint8Array;
  readonly prefixLength: number;
  /** 32 when the address was written in IPv4 dotted form, else 128. */
  readonly addressBits: 32 | 128;
}

const BIG = 0xffffff; // parse.go big

// parse.go dtoi: decimal digits (leading zeros allowed) below BIG.
function dtoi(s: string, from: number): { n: number; next: number } | undefined {
  let n = 0;
  let i = from;
  for (; i < s.length && s[i] >= '0' && s[i] <= '9'; i++) {
    n = n * 10 + (s.charCodeAt(i) - 48);
    if (n >= BIG) return undefined;
  }
  if (i === from) return undefined;
  return { n, next: i };
}

// parse.go xtoi: hexadecimal digits (any count, leading zeros allowed) below BIG.
function xtoi(s: string, from: number): { n: number; next: number } | undefined {
  let n = 0;
  let i = from;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c >= '0' && c <= '9') n = n * 16 + (s.charCodeAt(i) - 48);
    else if (c >= 'a' && c <= 'f') n = n * 16 + (s.charCodeAt(i) - 97 + 10);
    else if (c >= 'A' && c <= 'F') n = n * 16 + (s.charCodeAt(i) - 65 + 10);
    else break;
    if (n >= BIG) return undefined;
  }
  if (i === from) return undefined;
  return { n, next: i };
}

function v4InV6(a: number, b: number, c: number, d: number): Uint8Array {
  const ip = new Uint8Array(16);
  ip[10] = 0xff;
  ip[11] = 0xff;
  ip[12] = a;
  ip[13] = b;
  ip[14] = c;
  ip[15] = d;
  return ip;
}

/** ip.go parseIPv4 (sloppy): four decimal parts of at most 255, leading zeros allowed. */
function parseIPv4(s: string): Uint8Array | undefined {
  const ip = v4InV6(0, 0, 0, 0);
  let at = 0;
  for (let i = 0; i < 4; i++) {
    if (at >= s.length) return undefined;
    if (i > 0) {
      if (s[at] !== '.') return undefined;
      at++;
    }
    const part = dtoi(s, at);
    if (part === undefined || part.n > 0xff) return undefined;
    at = part.next;
    ip[12 + i] = part.n;
  }
  if (at !== s.length) return undefined;
  return ip;
}

/** ip.go parseIPv6 (sloppy), with an embedded IPv4 tail and one "::". */
function parseIPv6(input: string): Uint8Array | undefined {
  const ip = new Uint8Array(16);
  let s = input;
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ':' && s[1] === ':') {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    const part = xtoi(s, 0);
    if (part === undefined || part.n > 0xffff) return undefined;
    if (part.next < s.length && s[part.next] === '.') {
      if (ellipsis < 0 && i !== 16 - 4) return undefined;
      if (i + 4 > 16) return undefined;
      const ip4 = parseIPv4(s);
      if (ip4 === undefined) return undefined;
      ip.set(ip4.subarray(12), i);
      s = '';
      i += 4;
      break;
    }
    ip[i] = part.n >> 8;
    ip[i + 1] = part.n & 0xff;
    i += 2;
    s = s.slice(part.next);
    if (s.length === 0) break;
    if (s[0] !== ':' || s.length === 1) return undefined;
    s = s.slice(1);
    if (s[0] === ':') {
      if (ellipsis >= 0) return undefined;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return undefined;
  if (i < 16) {
    if (ellipsis < 0) return undefined;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j];
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) {
    return undefined; // "Ellipsis must represent at least one 0 group."
  }
  return ip;
}

/** k8s.io/utils `ParseIPSloppy`: the address as 16 bytes, or undefined. */
export function parseIPSloppy(s: string): Uint8Array | undefined {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '.') return parseIPv4(s);
    if (s[i] === ':') return parseIPv6(s);
  }
  return undefined;
}

/** k8s.io/utils `ParseCIDRSloppy`: the address, network and prefix, or undefined where it returns an error. */
export function parseCidrSloppy(s: string): ParsedCidr | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  let addressBits: 32 | 128 = 32;
  let ip = parseIPv4(addr);
  if (ip === undefined) {
    addressBits = 128;
    ip = parseIPv6(addr);
  }
  const prefix = dtoi(mask, 0);
  if (ip === undefined || prefix === undefined || prefix.next !== mask.length || prefix.n > addressBits) return undefined;
  // IP.Mask: a 4-byte mask applies to the last four bytes of the 16-byte form.
  const network = new Uint8Array(16);
  const offset = addressBits === 32 ? 12 : 0;
  if (addressBits === 32) network[10] = network[11] = 0xff;
  for (let b = 0; b < addressBits / 8; b++) {
    const bits = prefix.n - b * 8;
    const maskByte = bits >= 8 ? 0xff : bits <= 0 ? 0 : (0xff << (8 - bits)) & 0xff;
    network[offset + b] = ip[offset + b] & maskByte;
  }
  return { ip, network, prefixLength: prefix.n, addressBits };
}

/** ipfamily.go `IPFamilyOf` on a 16-byte address: 4 when `To4()` is not nil (IPv4 or IPv4-mapped), else 6. */
export function ipFamilyOf(ip: Uint8Array): 4 | 6 {
  for (let i = 0; i < 10; i++) if (ip[i] !== 0) return 6;
  return ip[10] === 0xff && ip[11] === 0xff ? 4 : 6;
}

/**
 * The IP family of a CIDR as the API server's dual-stack check sees it
 * (`IPFamilyOfCIDR` of `ParseCIDRSloppy`'s network, as `IsDualStackCIDRs`
 * uses it), or undefined when it is not a CIDR.
 */
export function cidrFamily(value: string): 4 | 6 | undefined {
  const parsed = parseCidrSloppy(value);
  return parsed === undefined ? undefined : ipFamilyOf(parsed.network);
}

/** ipfamily.go `IPFamilyOfCIDRString`: the family of the address as written (not the network), or undefined. */
export function ipFamilyOfCidrString(value: string): 4 | 6 | undefined {
  const parsed = parseCidrSloppy(value);
  return parsed === undefined ? undefined : ipFamilyOf(parsed.ip);
}

/**
 * ipfamily.go `IsDualStackCIDRStrings`: whether the CIDRs hold at least one of
 * each family (by network address); `error` when one does not parse (then
 * `dualStack` is false, as in Go).
 */
export function isDualStackCidrStrings(cidrs: readonly string[]): { dualStack: boolean; error: boolean } {
  const families = cidrs.map(cidrFamily);
  if (families.some((f) => f === undefined)) return { dualStack: false, error: true };
  return { dualStack: families.includes(4) && families.includes(6), error: false };
}
