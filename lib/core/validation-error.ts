/**
 * One invalid property value found while validating a construct's props.
 */
export interface ValidationProblem {
  /** Path of the property below the construct, e.g. `props/bindings/0/principals/1`. */
  readonly path: string;
  /** The value received, rendered for humans (quoted, truncated when long). */
  readonly received: string;
  /** What the property accepts, and how to fix it. */
  readonly allowed: string;
}

/**
 * The error every construct of this library throws for invalid props.
 *
 * It names the construct path and lists every problem found at once, one line
 * each, so a user fixes all of them in one round instead of one per synth.
 */
export class ValidationError extends Error {
  /** Path of the construct in the construct tree, e.g. `app/stack/profile`. */
  public readonly constructPath: string;
  /** Every problem found, in the order the checks ran. */
  public readonly problems: ValidationProblem[];

  /**
   * @param constructPath path of the construct whose props are invalid
   * @param problems every problem found (at least one)
   */
  constructor(constructPath: string, problems: ValidationProblem[]) {
    const count = problems.length === 1 ? '1 invalid property' : `${problems.length} invalid properties`;
    super(
      `${constructPath}: ${count}:\n` +
        problems.map((p) => `  ${p.path}: received ${p.received}; allowed: ${p.allowed}`).join('\n'),
    );
    this.name = 'ValidationError';
    this.constructPath = constructPath;
    this.problems = problems;
  }
}
