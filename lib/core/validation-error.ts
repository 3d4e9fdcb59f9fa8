import { LibraryError } from './library-error';
import { formatValidationMessage } from './validation-message';
import { ValidationProblem } from './validation-problem';

export type { ValidationProblem } from './validation-problem';

export { MAX_PROBLEM_LINES } from './validation-message';

/** Brand of validation errors, shared by every copy of this library in one process. */
export const VALIDATION_ERROR_BRAND = Symbol.for('cdktf-warehouse-monitoring-cluster.ValidationError');

/**
 * The error every construct of this library throws for invalid props.
 *
 * It names the construct path and lists every problem found at once, one line
 * each, so a user fixes all of them in one round instead of one per synth.
 * Other jsii languages read it with `Errors.validationDetails`: the message
 * escapes user text so that it reads back exactly (`validation-message.ts`).
 *
 * @internal jsii cannot describe a subclass of `Error`; TypeScript users catch it as usual.
 */
export class ValidationError extends LibraryError {
  /** Path of the construct in the construct tree, e.g. `app/stack/profile`. */
  public readonly constructPath: string;
  /** Every problem found, in the order the checks ran (the message lists the first 50). */
  public readonly problems: ValidationProblem[];

  /**
   * @param constructPath path of the construct whose props are invalid
   * @param problems every problem found (at least one)
   */
  constructor(constructPath: string, problems: ValidationProblem[]) {
    super(VALIDATION_ERROR_BRAND, 'ValidationError', formatValidationMessage(constructPath, problems));
    this.constructPath = constructPath;
    this.problems = problems;
  }
}
