import { IConstruct } from 'constructs';
import { Token } from './framework';
import { literalValueOf } from './literal-text';
import { describeConcealed, describeValue, isCredentialLookingKey } from './received-value';
import { ValidationError, ValidationProblem } from './validation-error';

export { describeValue } from './received-value';

/** True for values that are not known until Terraform runs (variables, references, `Fn.*`). */
export function isUnresolved(value: unknown): boolean {
  return value !== undefined && value !== null && Token.isUnresolved(value);
}

/**
 * Collects the problems of one construct's props, then throws them all at once.
 */
export class Problems {
  private readonly found: ValidationProblem[] = [];
  // Made with the first problem: most checks find none, and every construct of a fleet makes two or three.
  private seenPaths?: Set<string>;
  private dirtyPrefixes?: Set<string>;

  /** Records a problem; a second problem at the same path is dropped (the first says what is allowed). */
  public add(path: string, value: unknown, allowed: string): void {
    this.record(path, describeValue(value), allowed);
  }

  /**
   * Records a problem whose value may hold a secret (an unknown property, a
   * credential, content under a credential key, text that failed to parse):
   * the line shows its type and size only.
   */
  public addConcealed(path: string, value: unknown, allowed: string): void {
    this.record(path, describeConcealed(value), allowed);
  }

  /** Records a problem whose received value is already described (a value that cannot be read at all). */
  public addReceived(path: string, received: string, allowed: string): void {
    this.record(path, received, allowed);
  }

  /**
   * Records a problem with the value of a map entry (a label, an annotation, a
   * resource quantity): shown by type and size only when the entry's key reads
   * like a credential ({@link isCredentialLookingKey}, the rule `describeValue`
   * applies to nested keys), whatever the value's type.
   */
  public addUnderKey(key: string, path: string, value: unknown, allowed: string): void {
    if (isCredentialLookingKey(key)) this.addConcealed(path, value, allowed);
    else this.add(path, value, allowed);
  }

  private record(path: string, received: string, allowed: string): void {
    this.seenPaths ??= new Set<string>();
    this.dirtyPrefixes ??= new Set<string>();
    if (this.seenPaths.has(path)) return;
    this.seenPaths.add(path);
    this.found.push({ path, received, allowed });
    // Every prefix of the path is now dirty: isClean is a set look-up, not a
    // scan, so 100,000 problems cost linear time.
    for (let i = path.indexOf('/'); i >= 0; i = path.indexOf('/', i + 1)) this.dirtyPrefixes.add(path.slice(0, i));
    this.dirtyPrefixes.add(path);
  }

  /** True when no problem has been recorded at this path or below it. */
  public isClean(pathPrefix: string): boolean {
    return this.dirtyPrefixes === undefined || !this.dirtyPrefixes.has(pathPrefix);
  }

  /** The problems recorded so far. */
  public get list(): readonly ValidationProblem[] {
    return this.found;
  }

  /**
   * Throws a {@link ValidationError} naming `constructPath` when any problem was
   * recorded: for checks that run before the construct exists, so that nothing
   * is added to the tree (nor written) when it is refused.
   */
  public throwIfAnyAt(constructPath: string): void {
    if (this.found.length > 0) throw new ValidationError(constructPath, [...this.found]);
  }

  /** Throws a {@link ValidationError} naming `scope`'s path when any problem was recorded. */
  public throwIfAny(scope: IConstruct): void {
    if (this.found.length > 0) throw new ValidationError(scope.node.path, [...this.found]);
  }
}

/**
 * The problems as one line, for the errors that carry a message only (the
 * readers' and `fetchOrgId`'s `invalid-options`): the first `max`, then "… and N more".
 */
export function problemSummary(list: readonly ValidationProblem[], max = 5): string {
  const lines = list.slice(0, max).map((p) => `${p.path}: received ${p.received}; allowed: ${p.allowed}`);
  const more = list.length > max ? `; … and ${list.length - max} more` : '';
  return `${list.length} invalid option${list.length === 1 ? '' : 's'}: ${lines.join('; ')}${more}`;
}

/**
 * Refuses an unresolved token where the value must be known at synth time:
 * where it decides which resources are declared, or where Terraform reads only
 * a literal (a provider's alias, a version constraint).
 */
export function requireKnown(value: unknown, problems: Problems, path: string, why: string): void {
  // Text made of Literal.text pieces is known: it is text.
  if (isUnresolved(value) && literalValueOf(value) === undefined) problems.add(path, value, `a value known at synth time (${why})`);
}

/** The path a construct will have under `scope`, for errors raised before it exists. */
export function constructPathOf(scope: IConstruct, id: string): string {
  return scope.node.path ? `${scope.node.path}/${id}` : id;
}
