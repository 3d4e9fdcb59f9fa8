import { IConstruct } from 'constructs';
import { Token } from './framework';
import { ValidationError, ValidationProblem } from './validation-error';

const MAX_RECEIVED_LENGTH = 120;

/** Renders a received value for an error line: JSON, truncated when long. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_RECEIVED_LENGTH ? `${text.slice(0, MAX_RECEIVED_LENGTH)}… (${text.length} characters)` : text;
}

/** True for values that are not known until Terraform runs (variables, references, `Fn.*`). */
export function isUnresolved(value: unknown): boolean {
  return value !== undefined && value !== null && Token.isUnresolved(value);
}

/**
 * Collects the problems of one construct's props, then throws them all at once.
 */
export class Problems {
  private readonly found: ValidationProblem[] = [];
  private readonly seenPaths = new Set<string>();

  /** Records a problem; a second problem at the same path is dropped (the first says what is allowed). */
  public add(path: string, value: unknown, allowed: string): void {
    if (this.seenPaths.has(path)) return;
    this.seenPaths.add(path);
    this.found.push({ path, received: describeValue(value), allowed });
  }

  /** True when no problem has been recorded at this path or below it. */
  public isClean(pathPrefix: string): boolean {
    for (const path of this.seenPaths) {
      if (path === pathPrefix || path.startsWith(`${pathPrefix}/`)) return false;
    }
    return true;
  }

  /** The problems recorded so far. */
  public get list(): readonly ValidationProblem[] {
    return this.found;
  }

  /** Throws a {@link ValidationError} naming `scope`'s path when any problem was recorded. */
  public throwIfAny(scope: IConstruct): void {
    if (this.found.length > 0) throw new ValidationError(scope.node.path, [...this.found]);
  }
}
