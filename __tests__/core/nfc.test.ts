// The NFC fast path (lib/core/nfc.ts) against its authority, the runtime's own
// `String.prototype.normalize('NFC')` (ICU): every code point alone, each after
// a letter (where a combining mark composes), and the hostile alphabet's runs.
import * as fc from 'fast-check';
import { isNfc, nfcOf } from '../../lib/core/nfc';
import { ALL_CLASSES, fragmentsOf, hostileString } from '../support/hostile-strings';
import { propertyRuns } from '../support/property-runs';

function agreesWithNormalize(text: string): void {
  const normalized = text.normalize('NFC');
  expect({ text, nfc: nfcOf(text), isNfc: isNfc(text) }).toEqual({ text, nfc: normalized, isNfc: normalized === text });
}

describe('nfcOf and isNfc, against String.prototype.normalize', () => {
  test('GIVEN every code point alone and after "e" THEN each agrees with normalize', () => {
    const disagreements: string[] = [];
    for (let point = 0; point <= 0x10ffff; point++) {
      for (const text of [String.fromCodePoint(point), `e${String.fromCodePoint(point)}`]) {
        const normalized = text.normalize('NFC');
        if (nfcOf(text) !== normalized || isNfc(text) !== (normalized === text)) disagreements.push(point.toString(16));
      }
    }
    expect(disagreements).toEqual([]);
  });

  test('GIVEN the hostile alphabet\'s fragments and ASCII text THEN each agrees with normalize', () => {
    for (const fragment of [...fragmentsOf(ALL_CLASSES), 'plain ascii text', '', 'e\u0301', '\u212b']) agreesWithNormalize(fragment);
  });

  test('GIVEN generated hostile strings THEN each agrees with normalize', () => {
    fc.assert(
      fc.property(hostileString(), (text) => agreesWithNormalize(text)),
      propertyRuns({ seed: 141, numRuns: 500 }),
    );
  });
});
