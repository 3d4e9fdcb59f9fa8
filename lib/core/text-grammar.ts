// A position's grammar as a small automaton (Thompson's construction, run as a
// DFA built as it is used), so that
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

  private compiled?: Automaton;

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
    const automaton = this.automaton();
    let current: Step | undefined = automaton.start;
    for (const segment of segments) {
      if ('unknown' in segment) {
        current = automaton.anything(current);
        continue;
      }
      const text = segment.known;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x80) {
          current = automaton.stepAscii(current, code);
        } else {
          // One code point (a lone surrogate alone, as the string iterator yields it).
          const point = text.codePointAt(i)!;
          if (point > 0xffff) i++;
          current = automaton.step(current, String.fromCodePoint(point));
        }
        if (current === undefined) return false;
      }
    }
    return current.accepting;
  }

  private automaton(): Automaton {
    if (this.compiled === undefined) {
      const states: State[] = [];
      const f = this.build(states);
      this.compiled = new Automaton(states, f.start, f.end);
    }
    return this.compiled;
  }
}

/** A set of NFA states reached so far, with the steps from it already taken (a lazily built DFA state). */
interface Step {
  readonly states: ReadonlySet<number>;
  readonly accepting: boolean;
  readonly next: Map<string, Step | undefined>;
  /** The steps by an ASCII character, by its code (null: no text goes on with it); the common case, without a map lookup. */
  readonly ascii: (Step | null | undefined)[];
  anything?: Step;
}

/** How many steps a grammar remembers; past it, a step is computed each time (a hostile text's alphabet is unbounded). */
const MAX_REMEMBERED_STEPS = 50_000;

/**
 * The automaton, run as a DFA built as it is used: each set of states reached
 * is one step, and each step by a character is taken once and remembered, so
 * the texts of one position (ids of one shape, by the thousand) pay the
 * automaton's closures once.
 */
class Automaton {
  public readonly start: Step;
  private readonly steps = new Map<string, Step>();
  private remembered = 0;

  constructor(
    private readonly states: readonly State[],
    start: number,
    private readonly accept: number,
  ) {
    this.start = this.stepOf(closure(states, [start]));
  }

  /** The step after the ASCII character of code `code`; undefined when no text goes on with it. */
  public stepAscii(from: Step, code: number): Step | undefined {
    const known = from.ascii[code];
    if (known !== undefined) return known ?? undefined;
    const char = String.fromCharCode(code);
    const step = this.step(from, char);
    // Remembered in the table when step() remembered it (bounded alike).
    if (from.next.has(char)) from.ascii[code] = step ?? null;
    return step;
  }

  /** The step after `char`; undefined when no text goes on with it. */
  public step(from: Step, char: string): Step | undefined {
    if (from.next.has(char)) return from.next.get(char);
    const next: number[] = [];
    for (const s of from.states) for (const edge of this.states[s].edges) if (edge.accepts(char)) next.push(edge.to);
    const reached = closure(this.states, next);
    const step = reached.size === 0 ? undefined : this.stepOf(reached);
    if (this.remembered < MAX_REMEMBERED_STEPS) {
      from.next.set(char, step);
      this.remembered += 1;
    }
    return step;
  }

  /** The step after any text (an unknown piece). */
  public anything(from: Step): Step {
    from.anything ??= this.stepOf(reachable(this.states, from.states));
    return from.anything;
  }

  private stepOf(states: Set<number>): Step {
    const key = [...states].sort((a, b) => a - b).join(',');
    let step = this.steps.get(key);
    if (step === undefined) {
      step = { states, accepting: states.has(this.accept), next: new Map(), ascii: [] };
      if (this.steps.size < MAX_REMEMBERED_STEPS) this.steps.set(key, step);
    }
    return step;
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
