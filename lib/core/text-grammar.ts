// A position's grammar as a small automaton (Thompson's construction), so that
// one definition answers both questions the library asks of a text: is this
// text valid, and could a text made of these known pieces and these unknown
// ones (tokens, references, known only when Terraform runs) be valid at all.
// The second answers "as far as the known pieces decide it": `'bad_' + name`
// can never be a profile name (the underscore), nor 64 known characters and
// then a variable; `'role:' + id` can.

/** A piece of a text: characters known at synth time, or a value known only when Terraform runs (any text, empty included). */
export type TextSegment = { readonly known: string } | { readonly unknown: true };

interface State {
  readonly edges: { readonly accepts: (char: string) => boolean; readonly to: number }[];
  readonly empty: number[];
}

/** A fragment under construction: its start and end states in the shared state list. */
interface Fragment {
  readonly start: number;
  readonly end: number;
}

type Builder = (states: State[]) => Fragment;

function newState(states: State[]): number {
  states.push({ edges: [], empty: [] });
  return states.length - 1;
}

/**
 * A grammar of texts, built from characters, literals, sequences,
 * alternatives and bounded repetitions. Immutable; compiled once per definition.
 */
export class TextGrammar {
  /** One character (a code point) of a class, e.g. `/[a-z0-9-]/` (tested on the code point alone). */
  public static char(pattern: RegExp): TextGrammar {
    const test = new RegExp(`^(?:${pattern.source})$`, pattern.flags.includes('u') ? 'u' : '');
    return new TextGrammar((states) => {
      const start = newState(states);
      const end = newState(states);
      states[start].edges.push({ accepts: (c) => test.test(c), to: end });
      return { start, end };
    });
  }

  /** Exactly `text`. */
  public static literal(text: string): TextGrammar {
    return TextGrammar.sequence(...Array.from(text, (c) => TextGrammar.char(new RegExp(c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'u'))));
  }

  /** The parts one after the other. */
  public static sequence(...parts: TextGrammar[]): TextGrammar {
    return new TextGrammar((states) => {
      const start = newState(states);
      let end = start;
      for (const part of parts) {
        const f = part.build(states);
        states[end].empty.push(f.start);
        end = f.end;
      }
      return { start, end };
    });
  }

  /** Any one of the alternatives. */
  public static oneOf(...alternatives: TextGrammar[]): TextGrammar {
    return new TextGrammar((states) => {
      const start = newState(states);
      const end = newState(states);
      for (const alternative of alternatives) {
        const f = alternative.build(states);
        states[start].empty.push(f.start);
        states[f.end].empty.push(end);
      }
      return { start, end };
    });
  }

  /** `part` repeated `min` to `max` times (`max` undefined: no bound). */
  public static repeat(part: TextGrammar, min: number, max?: number): TextGrammar {
    return new TextGrammar((states) => {
      const start = newState(states);
      let end = start;
      for (let i = 0; i < min; i++) {
        const f = part.build(states);
        states[end].empty.push(f.start);
        end = f.end;
      }
      if (max === undefined) {
        const f = part.build(states);
        states[end].empty.push(f.start);
        states[f.end].empty.push(end);
        return { start, end };
      }
      const last = newState(states);
      states[end].empty.push(last);
      for (let i = min; i < max; i++) {
        const f = part.build(states);
        states[end].empty.push(f.start);
        states[f.end].empty.push(last);
        end = f.end;
      }
      return { start, end: last };
    });
  }

  /** Nothing or `part`. */
  public static optional(part: TextGrammar): TextGrammar {
    return TextGrammar.repeat(part, 0, 1);
  }

  private compiled?: { states: State[]; start: number; accept: number };

  private constructor(private readonly build: Builder) {}

  /** True when `text` is in the grammar. */
  public matches(text: string): boolean {
    return this.admits([{ known: text }]);
  }

  /**
   * True when some text made of `segments` (each unknown one standing for any
   * text, the empty one included) is in the grammar.
   */
  public admits(segments: readonly TextSegment[]): boolean {
    const { states, start, accept } = this.automaton();
    let current = closure(states, [start]);
    for (const segment of segments) {
      if ('unknown' in segment) {
        current = reachable(states, current);
        continue;
      }
      for (const char of segment.known) {
        const next: number[] = [];
        for (const s of current) for (const edge of states[s].edges) if (edge.accepts(char)) next.push(edge.to);
        current = closure(states, next);
        if (current.size === 0) return false;
      }
    }
    return current.has(accept);
  }

  private automaton(): { states: State[]; start: number; accept: number } {
    if (this.compiled === undefined) {
      const states: State[] = [];
      const f = this.build(states);
      this.compiled = { states, start: f.start, accept: f.end };
    }
    return this.compiled;
  }
}

function closure(states: readonly State[], from: Iterable<number>): Set<number> {
  const seen = new Set<number>();
  const pending = [...from];
  while (pending.length > 0) {
    const s = pending.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    pending.push(...states[s].empty);
  }
  return seen;
}

// Every state reachable by any text: each edge's class is taken to hold some character.
function reachable(states: readonly State[], from: Iterable<number>): Set<number> {
  const seen = new Set<number>();
  const pending = [...from];
  while (pending.length > 0) {
    const s = pending.pop()!;
    if (seen.has(s)) continue;
    seen.add(s);
    pending.push(...states[s].empty, ...states[s].edges.map((e) => e.to));
  }
  return seen;
}
