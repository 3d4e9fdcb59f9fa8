// Resource quantities as the Kubernetes API server reads them, and its node
// rules for them.
//
// Authority (Kubernetes 1.32):
// - k8s.io/apimachinery pkg/api/resource/quantity.go `ParseQuantity` and
//   `parseQuantityString`, suffix.go `fastLookup.interpret` /
//   `suffixHandler.interpret`, math.go (`maxInt64Factors`, `maxAllowed`,
//   `int64Multiply`), read at tag v0.32.0 (commit 59e9003f; identical in
//   v0.36.3 for everything ported here).
// - pkg/apis/core/validation/validation.go `ValidateNode` →
//   `ValidateNodeResources` → `ValidateResourceQuantityValue` (non-negative;
//   `MilliValue() % 1000 == 0` for integer resources) and
//   pkg/apis/core/helper/helpers.go `IsIntegerResourceName`,
//   `IsExtendedResourceName`, `IsNativeResource` (kubernetes/kubernetes).
//   Nodes have no hugepages rule there: only these two checks run on
//   status.capacity and status.allocatable.
//
// Deliberately stricter than the API server: `Quantity.UnmarshalJSON` trims
// Unicode white space around the string before `ParseQuantity`; this library
// validates the string it keeps (and shows in `nodes[i].object`) as
// `ParseQuantity` does, so " 1" and "1 " are refused (TestQuantityParse's own
// invalid list refuses them too).

/** The three formats of a quantity (resource.Format). */
export type QuantityFormat = 'DecimalExponent' | 'BinarySI' | 'DecimalSI';

/**
 * A parsed quantity: its exact value is `unscaled × 10^exponent` (after
 * ParseQuantity's rounding up to nanounits and its cap of binary values at
 * 2^63-1), and the format the API server keeps for it.
 */
export interface ParsedQuantity {
  readonly unscaled: bigint;
  readonly exponent: number;
  readonly format: QuantityFormat;
}

/** What `parseQuantityString` splits a quantity into (quantity.go). */
export interface QuantityParts {
  readonly positive: boolean;
  readonly value: string;
  readonly num: string;
  readonly denom: string;
  readonly suffix: string;
}

const MAX_INT64 = (1n << 63n) - 1n;
const MIN_INT64 = -(1n << 63n);
const MAX_INT64_FACTORS = 18; // math.go maxInt64Factors
const NANO = -9;

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * quantity.go `parseQuantityString`: the sign, the numeric part (as written,
 * sign included), numerator without leading zeros, denominator and suffix.
 * Undefined where it returns ErrFormatWrong.
 */
export function parseQuantityString(str: string): QuantityParts | undefined {
  let positive = true;
  let pos = 0;
  const end = str.length;
  if (pos < end) {
    if (str[0] === '-') {
      positive = false;
      pos++;
    } else if (str[0] === '+') {
      pos++;
    }
  }
  // strip leading zeros; all zeros (or nothing) is "0"
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: '0', num: '0', denom: '', suffix: '' };
    if (str[i] === '0') pos++;
    else break;
  }
  let num: string;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value: str, num: str.slice(pos), denom: '', suffix: '' };
    if (!isDigit(str[i])) {
      num = str.slice(pos, i);
      pos = i;
      break;
    }
  }
  if (num.length === 0) num = '0';
  let denom = '';
  if (pos < end && str[pos] === '.') {
    pos++;
    for (let i = pos; ; i++) {
      if (i >= end) return { positive, value: str, num, denom: str.slice(pos), suffix: '' };
      if (!isDigit(str[i])) {
        denom = str.slice(pos, i);
        pos = i;
        break;
      }
    }
    // "TODO: we currently allow 1.G, but we may not want to in the future."
  }
  const value = str.slice(0, pos);
  const suffixStart = pos;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
    if (!'eEinumkKMGTP'.includes(str[i])) {
      pos = i;
      break;
    }
  }
  if (pos < end && (str[pos] === '-' || str[pos] === '+')) pos++;
  for (let i = pos; ; i++) {
    if (i >= end) return { positive, value, num, denom, suffix: str.slice(suffixStart) };
    if (!isDigit(str[i])) break;
  }
  // "we encountered a non decimal in the Suffix loop, but the last character was not a valid exponent"
  return undefined;
}

// strconv.ParseInt(s, 10, 64): an optional sign, then decimal digits, within int64.
function parseInt64(s: string): bigint | undefined {
  let digits = s;
  let negative = false;
  if (digits[0] === '+' || digits[0] === '-') {
    negative = digits[0] === '-';
    digits = digits.slice(1);
  }
  if (digits.length === 0 || !/^[0-9]+$/.test(digits)) return undefined;
  const v = negative ? -BigInt(digits) : BigInt(digits);
  return v < MIN_INT64 || v > MAX_INT64 ? undefined : v;
}

/** suffix.go: (base, exponent, format) of a suffix, or undefined (ErrSuffix). */
function interpretSuffix(suffix: string): { base: 2 | 10; exponent: number; format: QuantityFormat } | undefined {
  const decimal: Record<string, number> = { '': 0, 'n': -9, 'u': -6, 'm': -3, 'k': 3, 'M': 6, 'G': 9, 'T': 12, 'P': 15, 'E': 18 };
  const binary: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
  if (Object.prototype.hasOwnProperty.call(decimal, suffix)) return { base: 10, exponent: decimal[suffix], format: 'DecimalSI' };
  if (Object.prototype.hasOwnProperty.call(binary, suffix)) return { base: 2, exponent: binary[suffix], format: 'BinarySI' };
  if (suffix.length > 1 && (suffix[0] === 'E' || suffix[0] === 'e')) {
    const parsed = parseInt64(suffix.slice(1));
    if (parsed === undefined) return undefined;
    // int32(parsed): Go keeps the low 32 bits.
    return { base: 10, exponent: Number(BigInt.asIntN(32, parsed)), format: 'DecimalExponent' };
  }
  return undefined;
}

/**
 * Parses `str` exactly as apimachinery's `resource.ParseQuantity` does
 * (Kubernetes 1.32): undefined where it returns an error, otherwise the value
 * and format it keeps. Never throws, and never materialises a power of ten of
 * the exponent (Go's own slow path does, for exponents far beyond any real
 * quantity; its verdict is still "accepted", and so is this one).
 */
export function parseQuantity(str: string): ParsedQuantity | undefined {
  // Node lists repeat a few values ("110", "4", "16Gi") thousands of times.
  if (PARSED.has(str)) return PARSED.get(str);
  const result = parseQuantityUncached(str);
  if (PARSED.size >= 4096) PARSED.clear();
  if (str.length <= 64) PARSED.set(str, result);
  return result;
}

const PARSED = new Map<string, ParsedQuantity | undefined>();

function parseQuantityUncached(str: string): ParsedQuantity | undefined {
  if (str.length === 0) return undefined;
  if (str === '0') return { unscaled: 0n, exponent: 0, format: 'DecimalSI' };
  const parts = parseQuantityString(str);
  if (parts === undefined) return undefined;
  const { positive, value, num, denom } = parts;
  const suffix = interpretSuffix(parts.suffix);
  if (suffix === undefined) return undefined;
  const { base, exponent } = suffix;
  let format = suffix.format;

  let precision = 0;
  let scale = 0;
  let mantissa = 1n;
  if (format === 'BinarySI') {
    if (exponent >= 0 && denom.length === 0) {
      mantissa = 1n << BigInt(exponent);
      // float32(exponent)*3/10 is exact for 10, 20, …, 60
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else {
      precision = -1;
    }
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }

  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = parseInt64(num + denom);
      if (shifted === undefined) return undefined; // ErrNumeric (cannot happen with at most 18 digits)
      const product = shifted * mantissa;
      if (product >= MIN_INT64 && product <= MAX_INT64) {
        return { unscaled: positive ? product : -product, exponent: scale, format };
      }
    }
  }

  // The slow path: inf.Dec.SetString(value) needs at least one digit.
  if (!/[0-9]/.test(value)) return undefined;
  const negative = value[0] === '-';
  const digits = value.replace(/^[+-]/, '');
  const dot = digits.indexOf('.');
  let unscaled = BigInt((dot < 0 ? digits : digits.slice(0, dot) + digits.slice(dot + 1)) || '0');
  let exp10 = dot < 0 ? 0 : -(digits.length - dot - 1);
  if (base === 10) exp10 += exponent;
  else unscaled *= 1n << BigInt(exponent);

  // Round non-zero values up (away from zero) to nanounits.
  if (unscaled !== 0n && exp10 < NANO) {
    const shift = NANO - exp10; // digits to drop
    const length = unscaled.toString().length;
    if (shift > length) {
      unscaled = 1n;
    } else {
      const divisor = 10n ** BigInt(shift);
      const quotient = unscaled / divisor;
      unscaled = unscaled % divisor === 0n ? quotient : quotient + 1n;
    }
    exp10 = NANO;
  }
  if (format === 'BinarySI' && compareToInt(unscaled, exp10, MAX_INT64) > 0) {
    unscaled = MAX_INT64;
    exp10 = 0;
  }
  if (format === 'BinarySI' && unscaled !== 0n && compareToInt(unscaled, exp10, 1n) < 0) format = 'DecimalSI';
  return { unscaled: negative ? -unscaled : unscaled, exponent: exp10, format };
}

// Compares unscaled × 10^exp (unscaled ≥ 0) with an integer, without building huge powers.
function compareToInt(unscaled: bigint, exp: number, target: bigint): number {
  if (unscaled === 0n) return target > 0n ? -1 : target < 0n ? 1 : 0;
  const digits = unscaled.toString().length;
  const targetDigits = target.toString().length;
  if (digits + exp > targetDigits + 1) return 1;
  if (digits + exp < targetDigits - 1) return -1;
  const left = exp >= 0 ? unscaled * 10n ** BigInt(exp) : unscaled;
  const right = exp >= 0 ? target : target * 10n ** BigInt(-exp);
  return left > right ? 1 : left < right ? -1 : 0;
}

/** True for a string the API server accepts as a resource quantity, such as `4`, `16Gi`, `500m`, `1e3`. */
export function isQuantity(value: string): boolean {
  return parseQuantity(value) !== undefined;
}

/** Sign of a parsed quantity: -1, 0 or 1. */
export function quantitySign(q: ParsedQuantity): number {
  return q.unscaled < 0n ? -1 : q.unscaled > 0n ? 1 : 0;
}

/**
 * True when `Quantity.MilliValue() % 1000 == 0` (validation.go's integer
 * check): MilliValue is ceil(q × 1000), so values within a milliunit below a
 * whole number pass, as they do on the API server. Computed exactly; Go's
 * int64 wraps around past ±9.2e18 milliunits, this does not (a difference only
 * for quantities above 9.2e15).
 */
export function hasWholeMilliValue(q: ParsedQuantity): boolean {
  const exp = q.exponent + 3;
  if (exp >= 3) return true; // a multiple of 1000 milliunits
  if (exp >= 0) return (q.unscaled * 10n ** BigInt(exp)) % 1000n === 0n;
  const shift = -exp;
  const magnitude = q.unscaled < 0n ? -q.unscaled : q.unscaled;
  let milli: bigint;
  if (shift > magnitude.toString().length) {
    milli = q.unscaled > 0n ? 1n : 0n;
  } else {
    const divisor = 10n ** BigInt(shift);
    const quotient = q.unscaled / divisor; // truncates toward zero
    milli = q.unscaled % divisor > 0n ? quotient + 1n : quotient; // ceiling
  }
  return milli % 1000n === 0n;
}

// helpers.go integerResources (core.ResourcePods, ResourceQuotas, …).
const INTEGER_RESOURCES = new Set([
  'pods',
  'resourcequotas',
  'services',
  'replicationcontrollers',
  'secrets',
  'configmaps',
  'persistentvolumeclaims',
  'services.nodeports',
  'services.loadbalancers',
]);

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;

// apimachinery validation.IsQualifiedName.
function isQualifiedName(value: string): boolean {
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0];
  else if (parts.length === 2) {
    const prefix = parts[0];
    if (prefix.length === 0 || prefix.length > 253 || !DNS1123_SUBDOMAIN.test(prefix)) return false;
    name = parts[1];
  } else return false;
  return name.length > 0 && name.length <= 63 && QUALIFIED_NAME_PART.test(name);
}

/** helpers.go `IsNativeResource`: no "/", or one in the kubernetes.io/ namespace. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** helpers.go `IsExtendedResourceName`: a prefixed name outside kubernetes.io, such as `example.com/gpu`. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`);
}

/** helpers.go `IsIntegerResourceName`: object counts (`pods`, …) and extended resources. */
export function isIntegerResourceName(name: string): boolean {
  return INTEGER_RESOURCES.has(name) || isExtendedResourceName(name);
}

/**
 * validation.go `ValidateResourceQuantityValue` for a node's capacity or
 * allocatable entry: what is wrong with `value` for `resource`, or undefined.
 * A string that is not a quantity at all is the schema's to report.
 */
export function nodeResourceQuantityProblem(resource: string, value: string): string | undefined {
  const q = parseQuantity(value);
  if (q === undefined) return undefined;
  if (quantitySign(q) < 0) return 'a non-negative quantity (the API server refuses negative capacity and allocatable values)';
  if (isIntegerResourceName(resource) && !hasWholeMilliValue(q)) {
    return `a whole number: ${resource} is counted in integers (${isExtendedResourceName(resource) ? 'an extended resource' : 'an object count'})`;
  }
  return undefined;
}
