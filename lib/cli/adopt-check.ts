// Before `adopt` writes a module, it declares every resource read with the
// constructs, in a throwaway app and stack, exactly as the module will (the
// same provider, construct ids and props: adopted-module.ts's declarations),
// and synthesizes it. The constructs' own checks judge; nothing here is a rule
// of its own. A resource whose construct throws a ValidationError is left out
// of the module, which then synthesizes; the caller names each on stderr and in
// the module, and exits EXIT_REFUSED.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from '../core/framework';
import { Errors } from '../core/errors';
import { isPlainObject } from '../core/plain-object';
import { describeConcealed } from '../core/received-value';
import { withLiteralTexts, literalValueOf } from '../core/literal-text';
import { escapeForLine } from '../core/server-text';
import type { ValidationError, ValidationProblem } from '../core/validation-error';
import { Node } from '../cluster/model';
import { KubernetesProvider } from '../cluster/kubernetes-provider';
import { NodeList } from '../cluster/node-list';
import { DatadogProvider } from '../monitoring/datadog-provider';
import { RestrictionPolicy, RestrictionPolicyProps } from '../monitoring/restriction-policy';
import { AuthenticationProfile, AuthenticationProfileProps } from '../warehouse/authentication-profile';
import { AwsProvider } from '../warehouse/aws-provider';
import { Declaration, ProviderDeclaration, RefusedResource } from './adopted-module';
import { findingLine, GuardrailFindings } from '../core/guardrail-findings';
import { SOURCE_LOCATION_CONTEXT } from '../core/construct-origin';

/** The problems found, by the index of the declaration they belong to. */
type Findings = Map<number, ValidationProblem[]>;

interface Judge<P> {
  /** Declares `declarations` in `stack`; the problems of those refused meanwhile. */
  declare(stack: TerraformStack, declarations: readonly Declaration<P>[]): Findings;
  /** The declarations a ValidationError thrown while synthesizing belongs to (none: it belongs to none). */
  attribute(error: ValidationError, stack: TerraformStack, declarations: readonly Declaration<P>[]): Findings;
}

const PROVIDERS = { AwsProvider, DatadogProvider, KubernetesProvider } as const;

/** The profiles the construct refuses, each with its reason (no value of a content: its type and length). */
export function refusedProfiles(declarations: readonly Declaration<AuthenticationProfileProps>[], provider: ProviderDeclaration, guardrails: string[] = []): RefusedResource[] {
  const refused = judge(declarations, provider, oneConstructEach((stack, d) => AuthenticationProfile.adopt(stack, d.id, d.props)), guardrails);
  return refused.map(({ declaration, problems }) => ({
    id: declaration.id,
    reason: reason(`authentication profile ${quoted(declaration.liveId)} (AuthenticationProfile ${quoted(declaration.id)})`, problems.map((p) => concealContent(p, declaration.props))),
  }));
}

/** The policies the construct refuses, each with its reason. */
export function refusedPolicies(declarations: readonly Declaration<RestrictionPolicyProps>[], provider: ProviderDeclaration, guardrails: string[] = []): RefusedResource[] {
  const refused = judge(declarations, provider, oneConstructEach((stack, d) => RestrictionPolicy.adopt(stack, d.id, d.props)), guardrails);
  return refused.map(({ declaration, problems }) => ({
    id: declaration.id,
    reason: reason(`restriction policy ${quoted(declaration.liveId)} (RestrictionPolicy ${quoted(declaration.id)})`, problems),
  }));
}

/** The nodes the NodeList refuses, each with its reason (paths below the node: `metadata/labels/…`). */
export function refusedNodes(declarations: readonly Declaration<Node>[], provider: ProviderDeclaration, guardrails: string[] = []): RefusedResource[] {
  const refused = judge(declarations, provider, {
    declare: (stack, ds) => {
      try {
        NodeList.adopt(stack, 'nodes', { items: ds.map((d) => d.props) });
        return new Map();
      } catch (error) {
        if (!Errors.isValidationError(error)) throw error;
        const findings = byItem(error as ValidationError);
        if (findings.size === 0) throw error;
        return findings;
      }
    },
    attribute: (error) => byItem(error),
  }, guardrails);
  return refused.map(({ declaration, problems }) => ({
    id: declaration.id,
    reason: reason(`node ${quoted(declaration.liveId)} (NodeList "nodes")`, problems),
  }));
}

/**
 * Declares the resources and synthesizes, leaving out each one a
 * ValidationError names, until what is left synthesizes; each round starts
 * from a new app, so nothing of a refused construct stays behind. Another
 * error, or a ValidationError that names none of them (the provider's), is
 * thrown: that is no resource's fault.
 */
function judge<P>(declarations: readonly Declaration<P>[], provider: ProviderDeclaration, kind: Judge<P>, guardrails: string[]): { declaration: Declaration<P>; problems: ValidationProblem[] }[] {
  const refused: { declaration: Declaration<P>; problems: ValidationProblem[] }[] = [];
  let remaining = [...declarations];
  for (;;) {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'adopt-check-'));
    try {
      // No source locations: the throwaway declarations have no line of the user's code.
      const app = new App({ outdir, skipValidation: true, stackTraces: false, context: { [SOURCE_LOCATION_CONTEXT]: false } });
      const stack = new TerraformStack(app, 'adopted');
      // As the generated stack declares it.
      new PROVIDERS[provider.className](stack, provider.className.replace('Provider', '').toLowerCase(), provider.props);
      let findings = kind.declare(stack, remaining);
      if (findings.size === 0) {
        try {
          // The synthesis of the stack (skipValidation: no `terraform version` run; every value resolved).
          app.synth();
          // The guardrails' findings of what was read, as the generated module's synth will give them.
          for (const f of GuardrailFindings.of(stack).evaluate().record.findings) guardrails.push(findingLine(f));
          return refused;
        } catch (error) {
          if (!Errors.isValidationError(error)) throw error;
          findings = kind.attribute(error as ValidationError, stack, remaining);
          if (findings.size === 0) throw error;
        }
      }
      for (const [index, problems] of findings) refused.push({ declaration: remaining[index], problems });
      remaining = remaining.filter((_, index) => !findings.has(index));
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }
}

/** For kinds declared one construct per resource: the construct that threw is the resource refused. */
function oneConstructEach<P>(declareOne: (stack: TerraformStack, declaration: Declaration<P>) => void): Judge<P> {
  return {
    declare: (stack, ds) => {
      const findings: Findings = new Map();
      ds.forEach((d, index) => {
        try {
          declareOne(stack, d);
        } catch (error) {
          if (!Errors.isValidationError(error)) throw error;
          findings.set(index, (error as ValidationError).problems);
        }
      });
      return findings;
    },
    attribute: (error, stack, ds) => {
      const index = ds.findIndex((d) => error.constructPath === `${stack.node.path}/${d.id}` || error.constructPath.startsWith(`${stack.node.path}/${d.id}/`));
      return index < 0 ? new Map() : new Map([[index, error.problems]]);
    },
  };
}

/** A NodeList's problems by item: `props/items/<i>/<rest>` belongs to item i, as `<rest>`. */
function byItem(error: ValidationError): Findings {
  const findings: Findings = new Map();
  for (const problem of error.problems) {
    const match = /^props\/items\/(\d+)(?:\/|$)/.exec(problem.path);
    if (match === null) continue;
    const index = Number(match[1]);
    findings.set(index, [...(findings.get(index) ?? []), { ...problem, path: problem.path.slice(match[0].length) || '(the node)' }]);
  }
  return findings;
}

/**
 * A problem of a profile's content, its received value as its type and
 * length only: the content may hold secrets (the construct conceals the
 * credential keys' values; this conceals every value).
 */
function concealContent(problem: ValidationProblem, props: AuthenticationProfileProps): ValidationProblem {
  const base = 'props/authenticationProfileContent';
  if (problem.path !== base && !problem.path.startsWith(`${base}/`)) return problem;
  const text = literalValueOf(props.authenticationProfileContent) ?? '';
  let value: unknown = text;
  if (problem.path !== base) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPlainObject(parsed)) {
        const key = Object.keys(parsed).find((k) => `${base}/${withLiteralTexts(k)}` === problem.path);
        if (key !== undefined) value = parsed[key];
      }
    } catch {
      // Not JSON: the whole content is described.
    }
  }
  return { ...problem, received: describeConcealed(value) };
}

/** Problems listed in a reason before "… and N more". */
const MAX_LISTED = 10;

/**
 * `<what>: <N> invalid properties: <path>: received <received>; allowed: <allowed> | …`:
 * the construct's problems as its ValidationError lists them, on one line
 * (a line break, control or format character in them written `\uXXXX`).
 */
function reason(what: string, problems: readonly ValidationProblem[]): string {
  const listed = problems.slice(0, MAX_LISTED).map((p) => `${p.path}: received ${p.received}; allowed: ${p.allowed}`);
  if (problems.length > MAX_LISTED) listed.push(`… and ${problems.length - MAX_LISTED} more`);
  const counted = problems.length === 1 ? '1 invalid property' : `${problems.length} invalid properties`;
  return escapeForLine(`${what}: ${counted}: ${listed.join(' | ')}`, false);
}

function quoted(text: string): string {
  return JSON.stringify(text);
}
