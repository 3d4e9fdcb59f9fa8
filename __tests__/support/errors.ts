import { ValidationError } from '../../lib';

/** The ValidationError `f` throws; fails when it throws nothing or something else. */
export function errorOf(f: () => unknown): ValidationError {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}
