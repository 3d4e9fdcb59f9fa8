// Terraform reads every string in Unicode NFC. Text of ASCII characters alone is
// its own NFC (no ASCII character decomposes or combines), and it is what nearly
// every value is: tested with one regular expression, it skips the ICU call that
// `String.prototype.normalize` makes for every other string.
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** `text` in Unicode NFC (`text` itself when it is ASCII). */
export function nfcOf(text: string): string {
  return ASCII_ONLY.test(text) ? text : text.normalize('NFC');
}

/** Whether `text` is in Unicode NFC. */
export function isNfc(text: string): boolean {
  return ASCII_ONLY.test(text) || text === text.normalize('NFC');
}
