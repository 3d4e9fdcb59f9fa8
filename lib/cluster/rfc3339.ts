// RFC 3339 timestamps as the Kubernetes API server reads them.
//
// Authority: metav1.Time.UnmarshalJSON (k8s.io/apimachinery
// pkg/apis/meta/v1/time.go, tag v0.32.0 = Kubernetes 1.32) calls
// `time.Parse(time.RFC3339, str)`. Kubernetes 1.32 is built with Go 1.23
// (apimachinery v0.32.0 go.mod: `go 1.23.0`), so the rules are those of Go
// 1.23's src/time/format.go `Parse` and src/time/format_rfc3339.go
// `parseRFC3339` (read at golang/go commits 08d24035 and 1e0d7318; the Go 1.23
// release notes add the offset range check: "Parse and ParseInLocation now
// return an error if the time zone offset is out of range").
//
// `Parse` with the RFC3339 layout first tries the strict fast path
// `parseRFC3339`; when that fails it falls back to the general layout parser
// `parse(layout "2006-01-02T15:04:05Z07:00")`, which is looser. A value is
// accepted when either accepts it, so the union is what is ported here:
//
// - year: exactly 4 digits (0000 to 9999); month, day, minute, second: exactly
//   2 digits; hour: 1 or 2 digits (`15` is read with getnum(value, false)).
// - month 1 to 12, day 1 to the month's length (proleptic Gregorian leap
//   years), hour 0 to 23, minute 0 to 59, second 0 to 59 (no leap second 60).
// - `T`, `Z`, `-`, `:` exactly as in the layout: lowercase `t`/`z` are refused.
// - an optional fraction after the seconds: `.` or `,` then one or more digits,
//   any number of them (Go keeps nanoseconds, ignores the rest).
// - the zone: `Z`, or a sign, 2 digits, `:`, 2 digits; the general parser
//   accepts hours up to 24 and minutes up to 60 (its comment: "some people do
//   write offsets of 24 hours or 60 minutes"), so `+24:00` and `+00:60` are
//   accepted while `+25:00` and `+00:61` are refused.
// - nothing else: no spaces, no trailing text.
//
// `parseStrictRFC3339` (Time.UnmarshalJSON) is not what metav1.Time uses; its
// extra checks are disabled anyway ("Strict parsing is disabled for now",
// go.dev/issue/54580), which time_test.go's TestUnmarshalInvalidTimes shows.

/** The fields of an RFC 3339 timestamp as Go's `time.Parse(time.RFC3339, …)` reads them. */
export interface GoRfc3339Time {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Nanoseconds (a longer fraction is truncated, as Go does). */
  readonly nanosecond: number;
  /** The zone offset east of UTC in seconds (0 for `Z`). */
  readonly offsetSeconds: number;
}

const isDigitAt = (s: string, i: number): boolean => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;

// format.go getnum: one or two digits (fixed: exactly two); undefined on error.
function getnum(s: string, at: number, fixed: boolean): { value: number; next: number } | undefined {
  if (!isDigitAt(s, at)) return undefined;
  if (!isDigitAt(s, at + 1)) {
    if (fixed) return undefined;
    return { value: s.charCodeAt(at) - 48, next: at + 1 };
  }
  return { value: (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48), next: at + 2 };
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** format.go daysIn: the days of `month` (1 to 12) in `year`. */
function daysIn(month: number, year: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/**
 * Parses `value` exactly as Go 1.23's `time.Parse(time.RFC3339, value)` does
 * (the API server's reading of metav1.Time); undefined where Go returns an error.
 */
export function parseGoRfc3339(value: string): GoRfc3339Time | undefined {
  const s = value;
  let i = 0;
  // "2006": stdLongYear, exactly four digits (atoi of value[0:4] must consume all of them).
  if (s.length < 4 || !isDigitAt(s, 0) || !isDigitAt(s, 1) || !isDigitAt(s, 2) || !isDigitAt(s, 3)) return undefined;
  const year = Number(s.slice(0, 4));
  i = 4;
  if (s[i] !== '-') return undefined;
  // "01": stdZeroMonth, two digits, 1 to 12.
  const month = getnum(s, i + 1, true);
  if (month === undefined || month.value < 1 || month.value > 12) return undefined;
  i = month.next;
  if (s[i] !== '-') return undefined;
  // "02": stdZeroDay, two digits; checked against the month after parsing.
  const day = getnum(s, i + 1, true);
  if (day === undefined) return undefined;
  i = day.next;
  if (s[i] !== 'T') return undefined;
  // "15": stdHour, one or two digits, 0 to 23.
  const hour = getnum(s, i + 1, false);
  if (hour === undefined || hour.value >= 24) return undefined;
  i = hour.next;
  if (s[i] !== ':') return undefined;
  // "04": stdZeroMinute, two digits, 0 to 59.
  const minute = getnum(s, i + 1, true);
  if (minute === undefined || minute.value >= 60) return undefined;
  i = minute.next;
  if (s[i] !== ':') return undefined;
  // "05": stdZeroSecond, two digits, 0 to 59.
  const second = getnum(s, i + 1, true);
  if (second === undefined || second.value >= 60) return undefined;
  i = second.next;
  // A fraction the layout does not name: "." or "," then at least one digit (commaOrPeriod).
  let nanosecond = 0;
  if ((s[i] === '.' || s[i] === ',') && isDigitAt(s, i + 1)) {
    let n = i + 1;
    while (isDigitAt(s, n)) n++;
    // parseNanoseconds: at most nine digits count.
    nanosecond = Number(s.slice(i + 1, Math.min(n, i + 10)).padEnd(9, '0'));
    i = n;
  }
  // "Z07:00": stdISO8601ColonTZ.
  let offsetSeconds = 0;
  if (s[i] === 'Z') {
    i += 1;
  } else {
    if (s.length - i < 6 || s[i + 3] !== ':') return undefined;
    const sign = s[i];
    const hh = getnum(s.slice(i + 1, i + 3), 0, true);
    const mm = getnum(s.slice(i + 4, i + 6), 0, true);
    if (hh === undefined || mm === undefined) return undefined;
    // "The range test use > rather than >=, as some people do write offsets of 24 hours or 60 minutes" (Go 1.23).
    if (hh.value > 24 || mm.value > 60) return undefined;
    if (sign !== '+' && sign !== '-') return undefined;
    offsetSeconds = (sign === '-' ? -1 : 1) * (hh.value * 60 + mm.value) * 60;
    i += 6;
  }
  // Anything left is "extra text".
  if (i !== s.length) return undefined;
  if (day.value < 1 || day.value > daysIn(month.value, year)) return undefined;
  return { year, month: month.value, day: day.value, hour: hour.value, minute: minute.value, second: second.value, nanosecond, offsetSeconds };
}

/** True for a timestamp the API server accepts as a metav1.Time, such as `2024-05-01T12:00:00Z` (see `parseGoRfc3339`). */
export function isDateTime(value: string): boolean {
  return parseGoRfc3339(value) !== undefined;
}
