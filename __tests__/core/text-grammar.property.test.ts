// TextGrammar (lib/core/text-grammar.ts) runs its automaton as a DFA built as
// it is used, each step remembered: the answers must be those of the grammar
// itself, whatever texts came before. The judge is JavaScript's own regular
// expressions: random grammars of the five constructions, each with the regex
// of the same language, are asked about random texts, one grammar instance
// answering many texts (its remembered steps in play) and a fresh one the same
// text. Texts stay in the BMP: a class is tested on one code point, as a
// regex without the u flag tests one code unit.
import * as fc from 'fast-check';
import { TextGrammar } from '../../lib/core/text-grammar';
import { propertyRuns } from '../support/property-runs';

interface Built {
  readonly make: () => TextGrammar;
  readonly source: string;
}

const CLASSES = ['[a-z]', '[0-9]', '-', '[^:]', '[A-Za-z0-9-]', '\\.'];

const grammar: fc.Arbitrary<Built> = fc.letrec<{ g: Built }>((tie) => ({
  g: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...CLASSES).map((c) => ({ make: () => TextGrammar.char(new RegExp(c)), source: c })),
    fc.stringMatching(/^[a-c:.-]{1,3}$/).map((text) => ({ make: () => TextGrammar.literal(text), source: text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&') })),
    fc.array(tie('g'), { minLength: 1, maxLength: 3 }).map((parts) => ({ make: () => TextGrammar.sequence(...parts.map((p) => p.make())), source: parts.map((p) => `(?:${p.source})`).join('') })),
    fc.array(tie('g'), { minLength: 1, maxLength: 3 }).map((parts) => ({ make: () => TextGrammar.oneOf(...parts.map((p) => p.make())), source: parts.map((p) => `(?:${p.source})`).join('|') })),
    fc.tuple(tie('g'), fc.nat(3), fc.option(fc.nat(4), { nil: undefined })).map(([part, min, extra]) => ({
      make: () => TextGrammar.repeat(part.make(), min, extra === undefined ? undefined : min + extra),
      source: `(?:${part.source}){${min},${extra === undefined ? '' : min + extra}}`,
    })),
  ),
})).g;

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'z', '0', '9', '-', ':', '.', 'A', '_', 'é', '\u2028'), maxLength: 12 });

describe('TextGrammar: its remembered steps answer as the grammar does', () => {
  test('GIVEN random grammars and texts THEN matches agrees with the regular expression of the same language, warm or fresh', () => {
    fc.assert(
      fc.property(grammar, fc.array(text, { minLength: 1, maxLength: 30 }), (built, texts) => {
        const regex = new RegExp(`^(?:${built.source})$`);
        const warm = built.make();
        for (const t of texts) {
          expect(warm.matches(t)).toBe(regex.test(t));
          expect(built.make().matches(t)).toBe(regex.test(t));
        }
      }),
      propertyRuns({ seed: 310, numRuns: 300 }),
    );
  });

  test('GIVEN texts with unknown pieces THEN a grammar admits exactly what some filling could match', () => {
    const id = TextGrammar.sequence(TextGrammar.literal('role:'), TextGrammar.repeat(TextGrammar.char(/[a-z0-9-]/), 1, 36));
    // Asked twice, in both orders: the remembered steps change nothing.
    for (let round = 0; round < 2; round++) {
      expect(id.admits([{ known: 'role:' }, { unknown: true }])).toBe(true);
      expect(id.admits([{ known: 'ro' }, { unknown: true }, { known: 'abc' }])).toBe(true);
      expect(id.admits([{ known: 'team:' }, { unknown: true }])).toBe(false);
      expect(id.admits([{ known: 'role:a_' }, { unknown: true }])).toBe(false);
      expect(id.admits([{ unknown: true }, { known: '_' }])).toBe(false);
      expect(id.matches(`role:${'a'.repeat(36)}`)).toBe(true);
      expect(id.matches(`role:${'a'.repeat(37)}`)).toBe(false);
    }
  });
});
