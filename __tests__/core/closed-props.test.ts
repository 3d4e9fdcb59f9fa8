// Closed props (issue 18, item 2): every props/options struct of the public API,
// read from the jsii assembly, refuses a property it does not declare, at every
// entry point that takes it (constructors and static methods, nested structs
// included), naming the path and showing the value by type and size only.
// A struct the tables below do not know fails the test: new structs cannot be forgotten.
import { App, TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, ClusterNodes, NodeList } from '../../lib';
import { argumentsFor, callEntry, entryPoint, minimalValue, OUTPUT_ONLY, readAssembly, serviceEntries, short, structsOf, Usage, usagesOf } from '../support/jsii-positions';
import { ValidationError } from '../../lib/core/validation-error';
import { errorOf } from '../support/errors';

const UNKNOWN_KEY = 'unknownKeyXyz';
const MARKER = 'SeCrEt-MaRkEr';

let ids = 0;
const newStack = () => new TerraformStack(new App(), `s${ids++}`);

/** What the call threw (awaited for the readers); undefined when it returned. */
async function thrown(f: () => unknown): Promise<unknown> {
  try {
    await f();
  } catch (e) {
    return e;
  }
  return undefined;
}

let assembly: any;
let usages: Usage[];
let readers: string[];

beforeAll(() => {
  assembly = readAssembly();
  usages = usagesOf(assembly);
  readers = serviceEntries(assembly);
}, 240_000);

const call = (usage: Usage, args: { [param: string]: any }, stack: TerraformStack) => callEntry(entryPoint(assembly, usage.entry), args, stack);

describe('closed props: every struct of the jsii assembly', () => {
  test('GIVEN the assembly THEN every struct is either taken by an entry point (and has a minimal value) or listed as output only', () => {
    const structs = [...structsOf(assembly)].map(short).sort();
    const taken = new Set(usages.flatMap((u) => [u.root, ...u.steps.map((s) => s.struct)]).map(short));
    // A base struct (NodeListModel) is checked through the structs that extend it.
    const bases = new Set([...structsOf(assembly)].flatMap((fqn) => assembly.types[fqn].interfaces ?? []).map(short));
    const unknown = structs.filter((s) => !taken.has(s) && !OUTPUT_ONLY.includes(s) && !bases.has(s));
    expect(unknown).toEqual([]);
    expect(structs.filter((s) => taken.has(s) && minimalValue(s) === undefined)).toEqual([]);
    expect(OUTPUT_ONLY.filter((s) => taken.has(s))).toEqual([]);
    const entries = [...new Set(usages.map((u) => u.entry))].sort();
    process.stdout.write(`closed props: ${entries.length} entry points take structs, at ${usages.length} places\n`);
    if (process.env.CLOSED_PROPS_LIST) console.log(usages.map((u) => u.label).join('\n'));
  });

  test('GIVEN each place a struct is taken, with minimal valid values THEN the entry point accepts them', async () => {
    const refused: string[] = [];
    for (const usage of usages) {
      if (readers.includes(usage.entry)) continue;
      const { args } = argumentsFor(usage, usages, {});
      const error = await thrown(() => call(usage, args, newStack()));
      if (error !== undefined) refused.push(`${usage.label}: ${(error as Error).message}`);
    }
    expect(refused).toEqual([]);
  });

  test('GIVEN each place a struct is taken, with an unknown property THEN the entry point refuses it, naming its path, without showing its value, and writes nothing', async () => {
    const wrong: string[] = [];
    for (const usage of usages) {
      const { args, structPath } = argumentsFor(usage, usages, { [UNKNOWN_KEY]: MARKER });
      const stack = newStack();
      const error = (await thrown(() => call(usage, args, stack))) as any;
      // Nothing is written when an entry point refuses its props.
      const written = Object.keys(JSON.parse(Testing.synth(stack))).filter((block) => ['provider', 'resource', 'data', 'import', 'terraform'].includes(block));
      if (written.length > 0) wrong.push(`${usage.label}: refused, yet the stack writes ${written.join(', ')}`);
      const expectedPath = `${structPath}/${UNKNOWN_KEY}`;
      const message = String(error?.message ?? '');
      if (readers.includes(usage.entry)) {
        if (error?.reason !== 'invalid-options') wrong.push(`${usage.label}: expected reason invalid-options, got ${message || 'nothing'}`);
      } else if (!(error instanceof ValidationError)) {
        wrong.push(`${usage.label}: expected a ValidationError, got ${message || 'nothing'}`);
        continue;
      } else if (!error.problems.some((p) => p.path === expectedPath)) {
        wrong.push(`${usage.label}: no problem at ${expectedPath}: ${message}`);
      }
      if (!message.includes(`${expectedPath}: received a string of ${MARKER.length} characters (not shown)`)) wrong.push(`${usage.label}: message does not name ${expectedPath} by type and size: ${message}`);
      if (!message.includes('no such property')) wrong.push(`${usage.label}: message does not say the property is unknown: ${message}`);
      if (message.includes(MARKER)) wrong.push(`${usage.label}: message shows the value`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('closed props: the cases of issue 18', () => {
  const refusal = errorOf;

  test('GIVEN a misspelt maxContentLenght THEN it is refused by name, not dropped with its quota check', () => {
    const error = refusal(() => new AuthenticationProfile(newStack(), 'p', { authenticationProfileName: 'p', authenticationProfileContent: '{"a":"1"}', maxContentLenght: 1 } as any));
    expect(error.problems).toEqual([
      expect.objectContaining({ path: 'props/maxContentLenght', received: 'a number (not shown)', allowed: expect.stringContaining('no such property; known properties: authenticationProfileName, authenticationProfileContent, maxContentLength') }),
    ]);
  });

  test('GIVEN a misspelt labelSelecter THEN ClusterNodes refuses it rather than read every node', () => {
    const error = refusal(() => new ClusterNodes(newStack(), 'n', { labelSelecter: 'pool=gpu' } as any));
    expect(error.problems.map((p) => p.path)).toEqual(['props/labelSelecter']);
    expect(error.message).not.toContain('pool=gpu');
  });

  test('GIVEN a stray password THEN NodeList refuses it without echoing it', () => {
    const error = refusal(() => new NodeList(newStack(), 'n', { items: [{ metadata: { name: 'n1' } }], password: 'hunter2-hunter2' } as any));
    expect(error.message).toContain('props/password: received a string of 15 characters (not shown); allowed: no such property');
    expect(error.message).not.toContain('hunter2');
  });
});
