// Issue 18, item 5: every provider's `versionConstraint` is checked with
// Terraform's grammar (lib/core/version-constraint.ts) when the provider is
// created: a ValidationError at props/versionConstraint that shows the value
// and says the grammar; tokens skip the check.
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { ValidationError } from '../../lib';
import { TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import { KubernetesProvider } from '../../lib/cluster/kubernetes-provider';
import { parseVersionConstraint } from '../../lib/core/version-constraint';
import { DatadogProvider } from '../../lib/monitoring/datadog-provider';
import { HttpProvider } from '../../lib/monitoring/http-provider';
import { AwsProvider } from '../../lib/warehouse/aws-provider';
import { errorOf } from '../support/errors';
import { hostileString } from '../support/hostile-strings';

const PROVIDERS: [string, (stack: TerraformStack, versionConstraint: unknown) => unknown][] = [
  ['AwsProvider', (stack, v) => new AwsProvider(stack, 'p', { versionConstraint: v as string })],
  ['DatadogProvider', (stack, v) => new DatadogProvider(stack, 'p', { versionConstraint: v as string })],
  ['HttpProvider', (stack, v) => new HttpProvider(stack, 'p', { versionConstraint: v as string })],
  ['KubernetesProvider', (stack, v) => new KubernetesProvider(stack, 'p', { versionConstraint: v as string })],
];
const stackOf = () => new TerraformStack(Testing.app(), 'stack');

describe.each(PROVIDERS)('%s versionConstraint', (_name, make) => {
  test.each([
    ['^4.16.0', '"^" is not a Terraform operator'],
    ['>= 4.16.0 < 5.0.0', 'missing comma after ">= 4.16.0"'],
    ['', 'it is empty'],
    ['~> 1.2.3.4', 'too many numbered portions'],
  ])('%j is refused at props/versionConstraint (%s)', (value, reason) => {
    const error = errorOf(() => make(stackOf(), value));
    expect(error.problems).toEqual([
      { path: 'props/versionConstraint', received: JSON.stringify(value), allowed: expect.stringContaining('Terraform version constraint') },
    ]);
    expect(error.problems[0].allowed).toContain(reason);
    expect(error.problems[0].allowed).toContain('e.g. ">= 4.16.0, < 5.0.0"');
  });

  test('a good constraint is accepted; a token is refused (required_providers versions are literals); a number is refused by the schema', () => {
    expect(() => make(stackOf(), '>= 4.16.0, < 5.0.0')).not.toThrow();
    const stack = stackOf();
    const variable = new TerraformVariable(stack, 'v', { type: 'string' });
    expect(errorOf(() => make(stack, variable.stringValue)).problems.map((p) => [p.path, p.allowed])).toEqual([
      ['props/versionConstraint', 'a value known at synth time (Terraform reads required_providers versions as literals)'],
    ]);
    expect(errorOf(() => make(stackOf(), 5)).problems[0].path).toBe('props/versionConstraint');
  });

  test('hostile strings: only a ValidationError, and only strings Terraform reads', () => {
    fc.assert(
      fc.property(hostileString({ classes: ['template', 'quote', 'lineBreak', 'control', 'format', 'nonBmp', 'credential'], maxFragments: 6 }), (value) => {
        let accepted = true;
        try {
          make(stackOf(), value);
        } catch (e) {
          expect(e).toBeInstanceOf(ValidationError);
          accepted = false;
        }
        if (accepted) {
          expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f()]/);
          expect(parseVersionConstraint(value).ok).toBe(true);
        }
      }),
      propertyRuns({ seed: 117, numRuns: 150 }),
    );
  });
});

test('a huge constraint gives a short message', () => {
  for (const value of [`>= ${'1.'.repeat(500_000)}0`, `>= 1.0 ${'x'.repeat(1_000_000)}`, `${'>= 1.0, '.repeat(100_000)}^2`, `~> ${'9'.repeat(1_000_000)}`]) {
    const error = errorOf(() => new AwsProvider(stackOf(), 'p', { versionConstraint: value }));
    expect(error.message.length).toBeLessThan(2_000);
  }
});
