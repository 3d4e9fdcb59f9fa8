// Shared by the monitoring tests: stacks, and assertions on ValidationError.
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { ValidationError, ValidationProblem } from '../../lib/core/validation-error';
import { DatadogProvider } from '../../lib/monitoring/datadog-provider';

/** A fresh stack with the default datadog provider. */
export function datadogStack(name = 'stack'): { app: App; stack: TerraformStack } {
  const app = Testing.app();
  const stack = new TerraformStack(app, name);
  new DatadogProvider(stack, 'datadog');
  return { app, stack };
}

/** Runs `build`, expects a ValidationError, and returns it. */
export function validationErrorOf(build: () => unknown): ValidationError {
  try {
    build();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw new Error(`expected a ValidationError, got ${String(error)}`);
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}

/**
 * Expects `build` to throw a ValidationError with a problem at `path` whose
 * received value is `received` (as rendered: JSON) and whose allowed text
 * matches `allowed`. Also checks the message names the path and the value.
 */
export function expectProblem(build: () => unknown, path: string, received: string, allowed: RegExp, constructPath?: string): ValidationProblem {
  const error = validationErrorOf(build);
  const problem = error.problems.find((p) => p.path === path);
  if (problem === undefined) throw new Error(`no problem at ${path}; problems: ${JSON.stringify(error.problems)}`);
  expect(problem.received).toBe(received);
  expect(problem.allowed).toMatch(allowed);
  expect(error.message).toContain(`${path}: received ${received}; allowed: `);
  if (constructPath !== undefined) expect(error.constructPath).toBe(constructPath);
  return problem;
}
