// explain's attribution from the descriptors (issue 31): every construct the
// tests know that declares resources (this library's, and the test-only ones
// under __tests__/constructs/, which no explain code names) is synthesized with
// its minimal props, as JSON and as HCL, and a plan creating what it declares
// is explained: each resource is attributed to the construct, its class and
// the kind its descriptor gives, and the JSON report validates against the
// report schema. Without the construct's descriptor, the same resources are
// another's.
import * as fs from 'fs';
import * as path from 'path';
import { IConstruct } from 'constructs';
import { App, TerraformStack } from '../../lib/core/framework';
import { AwsProvider, DatadogProvider, KubernetesProvider, PlanExplanation } from '../../lib';
import { ConstructDescriptor, declaredResources, matchesResource } from '../../lib/construct-descriptor';
import { ConstructMap } from '../../lib/explain/construct-map';
import { OTHER_KIND } from '../../lib/explain/resource-kind';
import { catalogDescriptors, constructCatalog } from '../support/construct-catalog';
import { callEntry, entryPoint, minimalArguments, readAssembly } from '../support/jsii-positions';
import { synthApp } from '../support/synth';
import { PLAN_HEADER, reportIsValid } from './support';

let assembly: any;
beforeAll(() => {
  assembly = readAssembly();
}, 240_000);

/** Synthesizes the construct of `descriptor` (minimal props, id `subject`) in stack `s`; the stack directory. */
function synthesized(descriptor: ConstructDescriptor, hcl: boolean): string {
  const out = synthApp((app: App) => {
    const stack = new TerraformStack(app, 's');
    new AwsProvider(stack, 'aws', { region: 'us-east-1' });
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', {});
    const init = entryPoint(assembly, `${descriptor.className}.<init>`);
    callEntry(init, minimalArguments(init.entry), stack, 0, 'subject') as IConstruct;
  }, hcl);
  return path.join(out, 'stacks', 's');
}

/** A plan that creates every resource of a JSON synth, with its values. */
function creationPlan(config: any): object {
  const resource_changes = Object.entries<any>(config.resource ?? {}).flatMap(([type, byName]) =>
    Object.entries<any>(byName).map(([name, block]) => {
      const { '//': _metadata, provider: _provider, lifecycle: _lifecycle, depends_on: _dependsOn, ...values } = block;
      return { address: `${type}.${name}`, mode: 'managed', type, name, change: { actions: ['create'], before: null, after: values, after_unknown: {}, before_sensitive: false, after_sensitive: {} } };
    }),
  );
  return { ...PLAN_HEADER, resource_changes };
}

const declaring = constructCatalog().filter((c) => c.descriptor.declares.length > 0);

describe("explain attributes every construct's resources by its descriptor", () => {
  test.each(declaring.map((c) => [c.descriptor.className, c.descriptor, c.testOnly] as const))('GIVEN a %s THEN each resource is its construct\'s, of its kind, in JSON and HCL synths', (_, descriptor, testOnly) => {
    const json = synthesized(descriptor, false);
    const config = JSON.parse(fs.readFileSync(path.join(json, 'cdk.tf.json'), 'utf8'));
    const plan = creationPlan(config);
    for (const dir of [json, synthesized(descriptor, true)]) {
      const explanation = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackDirectory(dir, catalogDescriptors()));
      const changes = explanation.changes;
      expect(changes.length).toBeGreaterThan(0);
      for (const r of changes) {
        const type = r.address.slice(0, r.address.indexOf('.'));
        const kinds = declaredResources(descriptor).filter((d) => d.terraformTypes.includes(type)).map((d) => d.kind);
        expect({ address: r.address, constructPath: r.constructPath, constructClass: r.constructClass }).toEqual({ address: r.address, constructPath: 'subject', constructClass: descriptor.className });
        expect(kinds).toContain(r.kind);
      }
      expect(reportIsValid(explanation.toJson())).toBe(true);
      expect(explanation.constructs.map((c) => c.constructPath)).toEqual(['subject']);
    }
    // Without its descriptor, what it declares is another's: the attribution came from the descriptor.
    if (testOnly) {
      const without = PlanExplanation._fromPlanAndMap(plan, ConstructMap.fromStackDirectory(json));
      expect(without.changes.map((r) => r.kind)).toEqual(without.changes.map(() => OTHER_KIND));
    }
  });

  test('GIVEN each declaring construct THEN its resources match one of its declared kinds by type and id', () => {
    for (const { descriptor } of declaring) {
      const resources = declaredResources(descriptor);
      expect(resources.every((r) => r.terraformTypes.length > 0 && matchesResource(r, r.terraformTypes[0], 'fixed' in r.id ? r.id.fixed : `item${r.id.perItemSuffix}`))).toBe(true);
    }
  });
});
