// How cdktf writes a string token that sits inside a `${` of the text around it.
//
// Authority: cdktf 0.21.0 (and cdktn 0.24.0, the same code),
// `lib/tokens/private/encoding.ts` (TokenString.split with escape sequences:
// ESCAPE_TOKEN_BEGIN_REGEX `\$\{(?!TfToken\[)` opens, ESCAPE_TOKEN_END_REGEX
// `\}` closes) and `lib/tokens/string-fragments.ts` (mapTokens: from an open
// to the next close, `suppressBraces` is set). cdktf takes a `${` the user
// wrote as the start of a Terraform expression and writes a token after it
// without its own `${…}`, as part of that expression: `'${' + v.stringValue +
// '}'` is written `${var.v}`, but `'$${' + v.stringValue` is written
// `$${var.v`, which Terraform reads as text (cdktf does not know `$${`). A
// `Literal.text` there is written as a quoted string (`"text"`). Number tokens
// are resolved in a second pass, without this state: always `${…}`.
import { holdsTokenMarker } from './token-marker';

/** A string token marker, as literal-text.ts `stringPieces` finds them (cdktf's STRING_TOKEN_REGEX). */
const STRING_TOKEN = /\$\{TfToken\[[\w.]+\]\}/y;

/**
 * For each string token marker of `value` (`${TfToken[…]}`, a `Literal.text`
 * included), in order: whether cdktf writes it inside a `${` of the text (bare,
 * without its own braces).
 */
export function tokensWrittenBare(value: string): boolean[] {
  // No marker, nothing written: the walk below would find none.
  if (!holdsTokenMarker(value)) return [];
  const bare: boolean[] = [];
  let open = false;
  for (let i = 0; i < value.length; ) {
    STRING_TOKEN.lastIndex = i;
    const marker = STRING_TOKEN.exec(value);
    if (marker !== null) {
      bare.push(open);
      i += marker[0].length;
    } else if (value.startsWith('${', i) && !value.startsWith('${TfToken[', i)) {
      open = true;
      i += 2;
    } else {
      // Any `}` closes, however many `${` opened (mapTokens restores the original state).
      if (value[i] === '}') open = false;
      i += 1;
    }
  }
  return bare;
}
