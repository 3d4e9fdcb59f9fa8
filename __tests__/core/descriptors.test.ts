// One descriptor per construct (issue 31): every construct class of the
// assembly has one (lib/construct-descriptor.ts), it lists exactly the
// class's entry points, its docs page documents the class, and what it says
// the construct declares is what the construct synthesizes. The explain
// report schema's kinds are the descriptors' kinds.
import * as fs from 'fs';
import * as path from 'path';
import { IConstruct } from 'constructs';
import { App, TerraformResource, TerraformStack, Testing } from '../../lib/core/framework';
import { declaredResources, declaredWay, DeclaredMember } from '../../lib/construct-descriptor';
import { CONSTRUCT_DESCRIPTORS } from '../../lib/descriptors';
import { kindsOf } from '../../lib/explain/resource-kind';
import { catalogCollisions, constructCatalog, TEST_CONSTRUCTS_DIR } from '../support/construct-catalog';
import { callEntry, constructsWithoutDescriptor, entryPoint, minimalArguments, readAssembly, undescribedEntryPoints } from '../support/jsii-positions';

const ROOT = path.resolve(__dirname, '..', '..');

let assembly: any;
beforeAll(() => {
  assembly = readAssembly();
}, 240_000);

describe('a descriptor per construct', () => {
  test('GIVEN the assembly THEN every construct class has a descriptor (a class without one is named)', () => {
    expect(constructsWithoutDescriptor(assembly)).toEqual([]);
  });

  test("GIVEN each descriptor THEN it lists exactly its class's entry points", () => {
    expect(undescribedEntryPoints(assembly)).toEqual([]);
  });

  test('GIVEN each descriptor THEN its docs page exists and names the class', () => {
    const wrong = constructCatalog()
      .filter((c) => !c.testOnly)
      .map((c) => c.descriptor)
      .filter((d) => {
        const page = path.join(ROOT, d.docsPage);
        return !fs.existsSync(page) || !fs.readFileSync(page, 'utf8').includes(d.className);
      })
      .map((d) => `${d.className}: ${d.docsPage}`);
    expect(wrong).toEqual([]);
  });

  test('GIVEN every descriptor THEN each class, kind and Terraform type is claimed once (a collision names both classes and files), and a trigger replaces a kind of its own construct', () => {
    expect(catalogCollisions()).toEqual([]);
    for (const { descriptor } of constructCatalog()) {
      const own = declaredResources(descriptor).map((r) => r.kind);
      for (const r of declaredResources(descriptor)) if (r.triggers !== undefined) expect(own).toContain(r.triggers.kind);
    }
  });

  test("GIVEN each construct built with its minimal props THEN what it synthesizes is one of its descriptor's ways", () => {
    const wrong: string[] = [];
    for (const { descriptor } of constructCatalog()) {
      if (descriptor.declares.length === 0) continue;
      const stack = new TerraformStack(new App(), 's');
      const init = entryPoint(assembly, `${descriptor.className}.<init>`);
      const construct = callEntry(init, minimalArguments(init.entry), stack) as IConstruct;
      // What the stack writes, resource by resource: each one's construct id, type and block.
      const written = JSON.parse(Testing.synth(stack)).resource ?? {};
      const members: DeclaredMember[] = construct.node
        .findAll()
        .filter((c): c is TerraformResource => TerraformResource.isTerraformResource(c))
        .map((r) => ({ id: r.node.id, terraformType: r.terraformResourceType, values: written[r.terraformResourceType]?.[r.friendlyUniqueId] }));
      expect(members.every((m) => m.values !== undefined)).toBe(true);
      if (declaredWay(descriptor, members) === undefined) wrong.push(`${descriptor.className}: ${members.map((m) => `${m.id} (${m.terraformType})`).join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  test('GIVEN the test-only directory THEN its constructs load into the catalog and jsii compiles them into the judges\' assembly (the path every judge covers a new construct by)', () => {
    const testOnly = constructCatalog().filter((c) => c.testOnly);
    expect(testOnly.map((c) => c.file)).toEqual(fs.readdirSync(TEST_CONSTRUCTS_DIR).filter((f) => f.endsWith('.ts')).map((f) => `__tests__/constructs/${f}`));
    expect(testOnly.length).toBeGreaterThan(0);
    for (const c of testOnly) expect(Object.keys(assembly.types).filter((fqn) => fqn.endsWith(`.${c.descriptor.className}`))).toHaveLength(1);
  });

  test("GIVEN the explain report schema THEN its kinds are the library's descriptors' kinds, and other", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', 'explain-report.schema.json'), 'utf8'));
    const expected = kindsOf(CONSTRUCT_DESCRIPTORS);
    expect(schema.definitions.kind.enum).toEqual(expected);
    expect(schema.definitions.resource.properties.kind).toEqual({ $ref: "#/definitions/kind" });
  });
});
