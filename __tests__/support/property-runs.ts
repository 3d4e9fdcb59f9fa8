// The one way a test draws random values: every fast-check run (fc.assert,
// fc.check, fc.sample) and every seeded generator of the tests takes its seed
// and size from here, so that `npm test` draws the same values every time.
// Each call site names its own fixed seed; one environment variable overrides
// them all for a long random run, and the seed in use is printed once per test
// file (fast-check also prints it with every counterexample):
//
//   FC_SEED=12345 FC_RUNS=5000 npx jest __tests__/core/errors.property.test.ts
//
// FC_SEED: the seed of every generator (an integer); FC_RUNS: the number of runs
// of every fc.assert / fc.check (fc.sample sizes keep their own; the long
// judges are scripts with their own --seed, see docs/contributing.md).
import type { Parameters } from 'fast-check';

const printed = new Set<string>();

/** FC_SEED, when set: the seed of every generator in this run. */
function seedOverride(): number | undefined {
  const given = process.env.FC_SEED;
  if (given === undefined || given === '') return undefined;
  const seed = Number(given);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(given)}`);
  return seed;
}

/** FC_RUNS, when set: the number of runs of every property. */
function runsOverride(): number | undefined {
  const given = process.env.FC_RUNS;
  if (given === undefined || given === '') return undefined;
  const runs = Number(given);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FC_RUNS must be a positive integer, got ${JSON.stringify(given)}`);
  return runs;
}

/** The test file running now (for the printed line), or the script. */
function caller(): string {
  try {
    const testPath: unknown = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect?.getState().testPath;
    if (typeof testPath === 'string') return testPath.replace(/^.*?(__tests__\/)/, '$1');
  } catch {
    // not under jest
  }
  return process.argv[1] ?? 'a script';
}

/** Prints the seed in use, once per test file and seed. */
function announce(seed: number, overridden: boolean): void {
  const where = caller();
  const key = `${where} ${seed}`;
  if (printed.has(key)) return;
  printed.add(key);
  process.stdout.write(`random values: seed ${seed} ${overridden ? '(FC_SEED)' : '(fixed; FC_SEED=<n> draws others)'} in ${where}\n`);
}

/** The seed a seeded generator uses: `fixed`, or FC_SEED when set (printed). */
export function propertySeed(fixed: number): number {
  const override = seedOverride();
  const seed = override ?? fixed;
  announce(seed, override !== undefined);
  return seed;
}

/**
 * The parameters of one fast-check run: `given` (its fixed `seed` and its
 * `numRuns`, and any other parameter) with FC_SEED and FC_RUNS applied; the
 * seed is printed. For fc.assert and fc.check; an fc.sample of a fixed size
 * takes `{ seed: propertySeed(n), numRuns }`.
 */
export function propertyRuns<T = unknown>(given: Parameters<T> & { readonly seed: number; readonly numRuns: number }): Parameters<T> & { seed: number; numRuns: number } {
  return { ...given, seed: propertySeed(given.seed), numRuns: runsOverride() ?? given.numRuns };
}
