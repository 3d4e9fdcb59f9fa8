// The pipelines for values written (or read) where Terraform takes a number or
// a bool. A number: a number, a number token, or a token of any type; a
// string, list or map token is refused (Terraform: "number required"), and so
// is any other value; a known number is checked against the position's rule
// (finite, whole where it must be, within its bounds). A bool: true, false, or
// a token of any type (`boolean | IResolvable`). A token that references a
// variable is checked by its declared type and default (token-types.ts).
import { IConstruct } from 'constructs';
import { isUnresolved, Problems } from './problems';
import { variableTypeProblem } from './token-types';
import { holdsTokenMarker } from './token-marker';

/** A position that takes a number. */
export interface NumberPosition {
  /** What the position accepts, for the error line. */
  readonly rule: string;
  /** A whole number (an integer Terraform reads exactly: a safe integer). */
  readonly integer?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** Checks `value` for a number position, recording a problem at `path`; true when it passed (or is undefined). */
export function checkNumber(value: unknown, position: NumberPosition, problems: Problems, path: string, scope?: IConstruct): boolean {
  if (value === undefined) return true;
  const typed = (token: unknown) => {
    const problem = scope === undefined ? undefined : variableTypeProblem(scope, token, 'number');
    if (problem !== undefined) problems.add(path, token, `${position.rule} (${problem})`);
    return problem === undefined;
  };
  if (typeof value === 'number') {
    if (isUnresolved(value)) return typed(value);
    const whole = position.integer ? Number.isSafeInteger(value) : Number.isFinite(value);
    if (whole && (position.minimum === undefined || value >= position.minimum) && (position.maximum === undefined || value <= position.maximum)) return true;
    problems.add(path, value, position.rule);
    return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && isUnresolved(value) && !Object.keys(value).some((k) => holdsTokenMarker(k))) return typed(value);
  const token = typeof value === 'string' && isUnresolved(value) ? 'a string token' : Array.isArray(value) && isUnresolved(value) ? 'a list token' : value !== null && typeof value === 'object' && isUnresolved(value) ? 'a map token' : undefined;
  problems.add(path, value, token === undefined ? position.rule : `${position.rule} (a number: ${token} is not one, Terraform refuses it with "number required"; a number token is variable.numberValue or Token.asNumber(…))`);
  return false;
}

/** What a bool position accepts, for the error line. */
const BOOLEAN_RULE = 'true or false, or a token (a bool variable\'s value)';

/** Checks `value` for a bool position (`boolean | IResolvable`); true when it passed (or is undefined). */
export function checkBoolean(value: unknown, problems: Problems, path: string, scope?: IConstruct): boolean {
  if (value === undefined || typeof value === 'boolean') return true;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && isUnresolved(value) && !Object.keys(value).some((k) => holdsTokenMarker(k))) {
    const problem = scope === undefined ? undefined : variableTypeProblem(scope, value, 'bool');
    if (problem !== undefined) problems.add(path, value, `${BOOLEAN_RULE} (${problem})`);
    return problem === undefined;
  }
  problems.add(path, value, BOOLEAN_RULE);
  return false;
}
