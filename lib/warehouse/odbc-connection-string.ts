// How the Redshift ODBC driver reads an authentication profile (its authority,
// aws/amazon-redshift-odbc-driver 2.1.17, af2dfff1): RsIamHelper::ReadAuthProfile
// joins the profile's options as `key=value;` with no escaping, and
// RS_CONN_INFO::readAuthProfile parses that text as a connection string
// (rsutil.c parseConnectionString): keys and values trimmed of " \t\n\r\f\v", a
// value ends at `;` unless it starts with `{` (then at `}`, `}}` standing for
// one), a key without `=` makes the whole text unreadable, and the text ends at
// a NUL (a C string). So a value can hold options of its own
// (`"abc;SSLMode=disable"`), and what the driver reads is not always what the
// JSON says. The guardrails judge what it reads.

/** An option as the ODBC driver reads it from a profile. */
export interface OdbcOption {
  /** The key as the driver reads it (trimmed; the driver compares keys without case). */
  readonly key: string;
  /** The value as the driver reads it (trimmed, braces removed). */
  readonly value: string;
  /** The index of the profile's entry in whose `key=value;` text the key begins. */
  readonly entry: number;
}

const WHITE_SPACE = ' \t\n\r\f\v';
const isWhiteSpace = (c: string | undefined) => c !== undefined && c !== '' && WHITE_SPACE.includes(c);
const trim = (text: string) => text.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, '');

/**
 * The options the ODBC driver reads from a profile's entries (in their order; every repetition kept, the
 * driver's last one wins); none when it cannot read the text (a key without `=`, an unclosed brace).
 */
export function odbcOptions(entries: readonly (readonly [string, string])[]): OdbcOption[] {
  let text = '';
  const starts: number[] = [];
  for (const [key, value] of entries) {
    starts.push(text.length);
    text += `${key}=${value};`;
  }
  const nul = text.indexOf('\u0000');
  if (nul >= 0) text = text.slice(0, nul);
  const entryAt = (position: number) => {
    let index = 0;
    while (index + 1 < starts.length && starts[index + 1] <= position) index++;
    return index;
  };
  const out: OdbcOption[] = [];
  let i = 0;
  const skipWhiteSpace = () => {
    while (isWhiteSpace(text[i])) i++;
  };
  while (i < text.length) {
    skipWhiteSpace();
    if (text[i] === ';') {
      i++;
      continue;
    }
    const keyStart = i;
    while (i < text.length && text[i] !== '=') i++;
    if (i >= text.length || i === keyStart) return [];
    const key = trim(text.slice(keyStart, i));
    i++;
    skipWhiteSpace();
    let close = ';';
    let value = '';
    if (text[i] === '{') {
      close = '}';
      i++;
    }
    while (i < text.length) {
      if (close === '}' && text[i] === '}' && text[i + 1] === '}') {
        value += '}';
        i += 2;
      } else if (text[i] === close) {
        break;
      } else {
        value += text[i];
        i++;
      }
    }
    if (close === '}') {
      if (i >= text.length) return [];
      i++;
    }
    out.push({ key, value: trim(value), entry: entryAt(keyStart) });
    skipWhiteSpace();
    if (text[i] === ';') i++;
    skipWhiteSpace();
  }
  return out;
}
