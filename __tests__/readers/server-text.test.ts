// The one rule for server text in a message (lib/core/server-text.ts), on the
// tests' hostile alphabet: whatever a server sends, the excerpt is one line,
// holds no control, line-break or format character, no credential, and is short.
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { escapeForLine, serverExcerpt, truncate } from '../../lib/core/server-text';
import { ALL_CLASSES, fragmentsOf, hostileString, hugeString } from '../support/hostile-strings';

// What must never survive of the alphabet's credential class, nor of the known secrets below.
const CREDENTIAL_PARTS = ['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'eyJhbGciOiJIUzI1NiJ9', 'ZRrHA1JJJW8opsbCGfG', 'hunter2', '0123456789abcdef0123456789abcdef', 'user:secret'];
const KNOWN = [
  { name: 'token', value: 'kube-token-MARKER-1' },
  { name: 'apiKey', value: 'dd-api-key-MARKER-2' },
];
// Anything that breaks a line or drives a terminal: controls, separators, format characters, lone surrogates.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

function expectSafe(excerpt: string): void {
  expect(excerpt).not.toMatch(UNSAFE);
  for (const part of [...CREDENTIAL_PARTS, ...KNOWN.map((k) => k.value)]) expect(excerpt).not.toContain(part);
  // 300 characters of text, and the length said after the cut.
  expect(excerpt.length).toBeLessThanOrEqual(300 + ' … (00000000 characters)'.length);
}

describe('serverExcerpt', () => {
  test.each(fragmentsOf(ALL_CLASSES).map((f) => [JSON.stringify(f), f]))('GIVEN the fragment %s, alone and between text THEN the excerpt is safe', (_, fragment) => {
    for (const text of [fragment, `a ${fragment} b`, `x${fragment}y`, `${fragment}${fragment}`]) expectSafe(serverExcerpt(text, KNOWN));
  });

  test('GIVEN any text of the hostile alphabet, a known secret glued between its fragments THEN the excerpt is one safe line', () => {
    fc.assert(
      fc.property(hostileString({ withHuge: true }), fc.constantFrom('', ...KNOWN.map((k) => k.value)), hostileString(), (before, secret, after) => {
        expectSafe(serverExcerpt(before + secret + after, KNOWN));
      }),
      propertyRuns({ seed: 132, numRuns: 500 }),
    );
  });

  test('GIVEN known secrets THEN each is replaced by its name; credential-shaped text by a placeholder', () => {
    expect(serverExcerpt('token kube-token-MARKER-1 refused; Authorization: Bearer abc.def; key AKIAABCDEFGHIJKLMNOP', KNOWN)).toBe(
      'token <token> refused; Authorization: <redacted> <redacted>; key <redacted key id>',
    );
    expect(serverExcerpt('GET https://u:p4ss@host/x?api_key=zz&password=hunter2 failed')).toBe('GET https://<redacted>@host/x?api_key=<redacted>&password=<redacted> failed');
  });

  test('GIVEN a known secret too short to replace safely THEN the text is withheld when it holds it', () => {
    expect(serverExcerpt('you sent abc', [{ name: 'password', value: 'abc' }])).toBe('(12 characters, not shown: they contain a credential too short to redact)');
    expect(serverExcerpt('nothing to hide', [{ name: 'password', value: 'abc' }])).toBe('nothing to hide');
  });

  test('GIVEN controls, line breaks and bidi characters THEN each is escaped as \\uXXXX, a backslash as \\\\, so the text reads back', () => {
    const text = 'a\u001b[31mb\u0007\r\n\u2028\u2029\u0085\u202e\u200b\\u001b\ud800z\u{1f600}';
    expect(escapeForLine(text)).toBe('a\\u001b[31mb\\u0007\\u000d\\u000a\\u2028\\u2029\\u0085\\u202e\\u200b\\\\u001b\\ud800z\u{1f600}');
  });

  test('GIVEN a long text THEN it is cut at 300 characters with its length, never inside an escape or a surrogate pair', () => {
    const huge = hugeString();
    expect(serverExcerpt(huge)).toMatch(new RegExp(`… \\(\\d+ characters\\)$`));
    for (let pad = 0; pad < 8; pad++) {
      const cut = truncate(escapeForLine(`${'x'.repeat(295 + pad)}\u001b\u{1f600}${'y'.repeat(400)}`));
      const kept = cut.slice(0, cut.indexOf('…'));
      expect(kept.length).toBeLessThanOrEqual(300);
      expect(kept).toMatch(/^x+(\\u001b)?(\u{1f600})?y*$/u);
    }
  });
});
