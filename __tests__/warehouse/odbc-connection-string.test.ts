// The ODBC driver's reading of a profile, branch by branch of its parser
// (aws/amazon-redshift-odbc-driver 2.1.17, src/odbc/rsodbc/rsutil.c
// parseConnectionString; the driver has no test table of its own for it):
// RsIamHelper::ReadAuthProfile joins the entries as `key=value;`.
import { odbcOptions } from '../../lib/warehouse/odbc-connection-string';

const read = (entries: [string, string][]) => odbcOptions(entries).map((o) => [o.key, o.value, o.entry]);

describe("the ODBC driver's reading of a profile", () => {
  test.each<[string, [string, string][], (string | number)[][]]>([
    ['each entry, in order', [['SSLMode', 'verify-full'], ['DbUser', 'a']], [['SSLMode', 'verify-full', 0], ['DbUser', 'a', 1]]],
    ['keys and values trimmed of " \\t\\n\\r\\f\\v"', [[' sslmode\t', '\n disable \f']], [['sslmode', 'disable', 0]]],
    ['a value holding ";" gives the rest as an option of its own, on the entry it came from', [['Client_ID', 'abc;SSLMode=disable'], ['x', 'y']], [['Client_ID', 'abc', 0], ['SSLMode', 'disable', 0], ['x', 'y', 1]]],
    ['a key holding "=" ends at it', [['a=b', 'c']], [['a', 'b=c', 0]]],
    ['a braced value is one value, "}}" standing for "}"', [['Client_ID', '{abc;SSLMode=disable}'], ['p', '{a}}b}']], [['Client_ID', 'abc;SSLMode=disable', 0], ['p', 'a}b', 1]]],
    ['empty pairs (";;") are skipped', [['a', 'b;;;c=d']], [['a', 'b', 0], ['c', 'd', 0]]],
    ['an empty value is read as empty', [['a', '']], [['a', '', 0]]],
    ['every repetition is kept (the driver keeps the last)', [['SSLMode', 'verify-full'], ['sslmode', 'disable']], [['SSLMode', 'verify-full', 0], ['sslmode', 'disable', 1]]],
    ['a key without "=" makes the whole text unreadable', [['a', 'b;c']], []],
    ['an empty key makes the whole text unreadable', [['', 'b'], ['SSLMode', 'disable']], []],
    ['an unclosed brace makes the whole text unreadable', [['a', '{b'], ['SSLMode', 'disable']], []],
    ['the text ends at a NUL (a C string)', [['a', 'b\u0000;SSLMode=disable'], ['c', 'd']], [['a', 'b', 0]]],
    ['no entries, nothing', [], []],
  ])('%s', (_name, entries, expected) => {
    expect(read(entries)).toEqual(expected);
  });
});
