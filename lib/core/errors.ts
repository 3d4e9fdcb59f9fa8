import { VALIDATION_ERROR_BRAND, ValidationProblem } from './validation-error';
import { parseValidationMessage } from './validation-message';

/** Brand of org-id lookup errors (`OrgIdLookupError`). */
export const ORG_ID_LOOKUP_ERROR_BRAND = Symbol.for('cdktf-warehouse-monitoring-cluster.OrgIdLookupError');

/** Brand of node-read errors (`NodeReadError`, thrown by `ClusterNodeReader.list`). */
export const NODE_READ_ERROR_BRAND = Symbol.for('cdktf-warehouse-monitoring-cluster.NodeReadError');
/** Brand of restriction-policy read errors (`RestrictionPolicyReadError`). */
export const RESTRICTION_POLICY_READ_ERROR_BRAND = Symbol.for('cdktf-warehouse-monitoring-cluster.RestrictionPolicyReadError');

/** Brand of authentication-profile read errors (`AuthenticationProfileReadError`). */
export const AUTHENTICATION_PROFILE_READ_ERROR_BRAND = Symbol.for('cdktf-warehouse-monitoring-cluster.AuthenticationProfileReadError');

/**
 * What a validation error says, read back from the error or from its message.
 */
export interface ValidationErrorDetails {
  /** Path of the construct (or name of the factory) whose input is invalid, e.g. `app/stack/profile`. */
  readonly constructPath: string;
  /** How many problems were found (the message lists at most the first 50). */
  readonly problemCount: number;
  /** The problems the error carries: all of them from the error, the listed ones from a message. */
  readonly problems: ValidationProblem[];
}

/**
 * Recognises and reads this library's errors, from every jsii language.
 *
 * In TypeScript the errors are `Error`s (`ValidationError`, `OrgIdLookupError`)
 * and these helpers accept them. Other languages receive a JavaScript error as
 * their runtime's exception (Python `RuntimeError`, Java `JsiiError`, …) whose
 * message is the error's message: pass that string and the helpers read it.
 * A validation message escapes user text (line breaks, controls, separators)
 * so that it reads back exactly; the helpers read it in linear time.
 *
 * Every helper answers `false` or `undefined` for anything else, whatever it is
 * (a revoked proxy, an object whose getters throw, a symbol, a huge string):
 * none of them throws.
 *
 * @example
 * try {
 *   new AuthenticationProfile(stack, 'p', props);
 * } catch (e) {
 *   const details = Errors.validationDetails(e);
 *   if (details) console.error(details.problems.map((p) => p.path));
 * }
 */
export class Errors {
  /**
   * True when `x` is a validation error of this library, or the message of one.
   *
   * @param x a caught error, or its message
   * @returns whether `validationDetails(x)` finds details
   */
  public static isValidationError(x: any): boolean {
    return Errors.validationDetails(x) !== undefined;
  }

  /**
   * The construct path and problems of a validation error.
   *
   * @param x a caught error, or its message
   * @returns the details, or undefined when `x` is not a validation error
   */
  public static validationDetails(x: any): ValidationErrorDetails | undefined {
    return neverThrowing(() => {
      if (isBranded(x, VALIDATION_ERROR_BRAND)) {
        const own = ownValidationDetails(x);
        if (own !== undefined) return own;
      }
      const message = messageOf(x);
      return message === undefined ? undefined : parseValidationMessage(message);
    });
  }

  /**
   * True when `x` is an org-id lookup error (`CurrentOrg.fetchOrgId`), or the message of one.
   *
   * @param x a caught error, or its message
   * @returns whether `orgIdLookupDetails(x)` finds details
   */
  public static isOrgIdLookupError(x: any): boolean {
    return Errors.orgIdLookupDetails(x) !== undefined;
  }

  /**
   * Why an org-id lookup failed, read from the error or its message.
   *
   * @param x a caught error, or its message
   * @returns the details, or undefined when `x` is not an org-id lookup error
   */
  public static orgIdLookupDetails(x: any): OrgIdLookupErrorDetails | undefined {
    return neverThrowing(() => {
      if (isBranded(x, ORG_ID_LOOKUP_ERROR_BRAND)) {
        const { reason, url, status, attempts } = x;
        if (typeof reason === 'string' && typeof url === 'string' && isCountOrAbsent(status) && isCount(attempts)) return { reason, url, status, attempts };
      }
      const message = messageOf(x);
      return message === undefined ? undefined : parseOrgIdLookupMessage(message);
    });
  }

  /**
   * True when `x` is an error of `ClusterNodeReader.list`, or the message of one.
   *
   * @param x a caught error, or its message
   * @returns whether `nodeReadDetails(x)` finds details
   */
  public static isNodeReadError(x: any): boolean {
    return Errors.nodeReadDetails(x) !== undefined;
  }

  /**
   * Why `ClusterNodeReader.list` failed, read from the error or its message.
   *
   * @param x a caught error, or its message
   * @returns the details, or undefined when `x` is not a node-read error
   */
  public static nodeReadDetails(x: any): NodeReadErrorDetails | undefined {
    return neverThrowing(() => {
      if (isBranded(x, NODE_READ_ERROR_BRAND)) {
        const { reason, url, status, requests, restarts } = x;
        if (typeof reason === 'string' && typeof url === 'string' && isCountOrAbsent(status) && isCount(requests) && isCount(restarts)) {
          return { reason, url, status, requests, restarts };
        }
      }
      const message = messageOf(x);
      return message === undefined ? undefined : parseNodeReadMessage(message);
    });
  }
}

/**
 * Why a read of a cluster's nodes (`ClusterNodeReader.list`) failed.
 */
export interface NodeReadErrorDetails {
  /** The kind of failure, one of `NodeReadFailure`'s values (`expired`, `unauthorized`, …). */
  readonly reason: string;
  /** The list URL (`<server>/api/v1/nodes`, without credentials or query), or a placeholder when no server was known. */
  readonly url: string;
  /**
   * The HTTP status of the last answer.
   *
   * @default - no answer was received
   */
  readonly status?: number;
  /** How many list requests were sent. */
  readonly requests: number;
  /** How many times an expired continue token was recovered from (restarts and inconsistent continuations). */
  readonly restarts: number;
}

/**
 * Why an org-id lookup failed.
 */
export interface OrgIdLookupErrorDetails {
  /** The kind of failure, one of `OrgIdLookupFailure`'s values (`unauthorized`, `rate-limited`, …). */
  readonly reason: string;
  /** The URL requested. */
  readonly url: string;
  /**
   * The HTTP status of the last answer.
   *
   * @default - no answer was received
   */
  readonly status?: number;
  /** How many requests were sent. */
  readonly attempts: number;
}

// Any input may arrive here, from any language: a revoked proxy (every
// operation on it throws), getters that throw, symbols, bigints, huge strings.
// The helpers answer undefined for what they cannot read instead of throwing.
function neverThrowing<T>(read: () => T | undefined): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function isBranded(x: unknown, brand: symbol): x is any {
  return typeof x === 'object' && x !== null && (x as any)[brand] === true;
}

function isCount(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

function isCountOrAbsent(x: unknown): x is number | undefined {
  return x === undefined || isCount(x);
}

// The details a branded error carries itself (every problem, not only the
// listed ones), copied into plain data; undefined when they are not well formed.
function ownValidationDetails(x: any): ValidationErrorDetails | undefined {
  const constructPath: unknown = x.constructPath;
  const problems: unknown = x.problems;
  if (typeof constructPath !== 'string' || !Array.isArray(problems) || problems.length === 0) return undefined;
  const copies: ValidationProblem[] = [];
  for (const p of problems) {
    if (typeof p !== 'object' || p === null) return undefined;
    const { path, received, allowed } = p;
    if (typeof path !== 'string' || typeof received !== 'string' || typeof allowed !== 'string') return undefined;
    copies.push({ path, received, allowed });
  }
  return { constructPath, problemCount: copies.length, problems: copies };
}

function messageOf(x: unknown): string | undefined {
  if (typeof x === 'string') return x;
  if (x instanceof Error) {
    const message: unknown = x.message;
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

const ORG_ID_MESSAGE = /^fetchOrgId: GET (\S+): [\s\S]* \[reason: ([a-z-]+); status: (\d+|none); attempts: (\d+)\]$/;

function parseOrgIdLookupMessage(message: string): OrgIdLookupErrorDetails | undefined {
  const match = ORG_ID_MESSAGE.exec(message);
  if (match === null) return undefined;
  return { url: match[1], reason: match[2], status: match[3] === 'none' ? undefined : Number(match[3]), attempts: Number(match[4]) };
}

const NODE_READ_MESSAGE = /^ClusterNodeReader\.list: (\S+): [\s\S]* \[reason: ([a-z-]+); status: (\d+|none); requests: (\d+); restarts: (\d+)\]$/;

function parseNodeReadMessage(message: string): NodeReadErrorDetails | undefined {
  const match = NODE_READ_MESSAGE.exec(message);
  if (match === null) return undefined;
  return {
    url: match[1],
    reason: match[2],
    status: match[3] === 'none' ? undefined : Number(match[3]),
    requests: Number(match[4]),
    restarts: Number(match[5]),
  };
}
