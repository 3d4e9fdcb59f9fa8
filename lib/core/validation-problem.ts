// One problem of a validation error: what the error and its message format
// (validation-message.ts) both speak of, so neither imports the other.

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
