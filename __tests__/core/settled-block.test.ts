// A resource block without tokens is skipped by cdktf's preparing pass
// (lib/core/settled-block.ts). The authority is cdktf's own resolve (cdktf 0.21
// and cdktn, tokens/private/resolve.ts), reached through its public API: a
// resolver that records every token it meets is what cdktf's `findTokens` is.
// What it finds in a value, or a value it refuses, must never be judged settled;
// a settled value must resolve to itself; and the document must not change.
import * as fs from 'fs';
import * as path from 'path';
import * as vm from 'vm';
import * as fc from 'fast-check';
import {
  App,
  DefaultTokenResolver,
  Fn,
  IResolvable,
  IResolveContext,
  Lazy,
  StringConcat,
  TerraformIterator,
  TerraformResource,
  TerraformStack,
  TerraformVariable,
  Testing,
  Token,
  Tokenization,
} from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, DatadogProvider, KubernetesProvider, NodeList, NodeListMode, RestrictionPolicy, RestrictionPolicyResourceId } from '../../lib';
import { isSettled } from '../../lib/core/settled-block';
import { WireResource } from '../../lib/core/wire-elements';
import { fragmentsOf, hostileString } from '../support/hostile-strings';
import { propertyRuns } from '../support/property-runs';

/** A stack's cdk.tf.json from an app's synth. */
function readSynth(outdir: string, stack: string): any {
  return JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', stack, 'cdk.tf.json'), 'utf8'));
}

/** cdktf's `findTokens` through public API: the tokens one resolve meets. */
class RememberingResolver extends DefaultTokenResolver {
  public readonly tokens: IResolvable[] = [];
  constructor() {
    super(new StringConcat());
  }
  public resolveToken(t: IResolvable, context: IResolveContext, postProcessor: any): any {
    this.tokens.push(t);
    return super.resolveToken(t, context, postProcessor);
  }
}

/** What cdktf's resolve makes of `value` in `stack`: its result and the tokens met, or what it threw. */
function cdktfResolve(stack: TerraformStack, value: unknown, preparing: boolean): { out?: unknown; tokens: IResolvable[]; threw?: unknown } {
  const resolver = new RememberingResolver();
  try {
    return { out: Tokenization.resolve(value, { scope: stack, preparing, resolver }), tokens: resolver.tokens };
  } catch (threw) {
    return { tokens: resolver.tokens, threw };
  }
}

/** `value` as resolve copies a value without tokens: undefined dropped from objects and lists. */
function copied(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(copied);
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: unknown } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copied(v);
    return out;
  }
  return value;
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
  return value;
}

class Widget {
  public readonly size = 3;
}

/** One stack's tokens of every kind cdktf encodes, made once (the token map is global). */
function tokensOf(stack: TerraformStack) {
  const variable = new TerraformVariable(stack, 'v', { type: 'string' });
  const numberToken = Token.asNumber(Lazy.numberValue({ produce: () => 7 }));
  const iterator = TerraformIterator.fromList(['a', 'b']);
  const other = new TerraformResource(new TerraformStack(App.of(stack), 'other'), 'origin', { terraformResourceType: 'terraform_data' });
  return {
    string: variable.stringValue,
    inText: `x-${variable.stringValue}-y`,
    number: numberToken,
    numberInText: `n=${numberToken}`,
    list: Token.asList(Lazy.listValue({ produce: () => ['a'] })),
    numberList: Token.asNumberList(Lazy.anyValue({ produce: () => [1] })),
    map: Token.asStringMap(Lazy.anyValue({ produce: () => ({ a: 'b' }) })),
    any: Lazy.anyValue({ produce: () => ({ a: 'b' }) }),
    fn: Fn.join('-', ['a', variable.stringValue]),
    iterator: iterator.value,
    crossStack: other.getStringAttribute('id'),
  };
}

describe('settled values: judged as cdktf resolve finds tokens', () => {
  const stack = new TerraformStack(Testing.app(), 'st');
  const tokens = tokensOf(stack);
  const mapTokenKey = Object.keys(tokens.map)[0];

  const table: [string, unknown, boolean][] = [
    ['a policy block', { resource_id: 'dashboard:abc-def-0', bindings: [{ relation: 'editor', principals: ['role:00000000-0000-1111-0000-000000000000'] }] }, true],
    ['a uuid that cdktf\'s number pattern reads as NaN ("-e5")', 'role:3fe12345-ab1c-e5f0-0000-000000000000', true],
    ['e-notation below any token ("1e5", "2.5e+279")', ['1e5', 'x2.5e+279y'], true],
    ['numbers, booleans, null, undefined', { n: [0, -1.5, 1e279, true, false, null], u: undefined, o: { a: undefined } }, true],
    ['a list holding undefined (resolve drops it, JSON writes null)', ['a', undefined], false],
    ['64 levels of lists and objects', nested(64), true],
    ['65 levels of lists and objects', nested(65), false],
    ['210 levels (resolve refuses 200)', nested(210), false],
    ['a string token', tokens.string, false],
    ['a string token inside text', { a: tokens.inText }, false],
    ['a number token', [tokens.number], false],
    ['a number token written into a string', { a: tokens.numberInText }, false],
    ['a list token', { a: tokens.list }, false],
    ['a number list token', { a: tokens.numberList }, false],
    ['a map token', { a: tokens.map }, false],
    ['a map token\'s key', { [mapTokenKey]: 'v' }, false],
    ['cdktf\'s map-token value', [Token.STRING_MAP_TOKEN_VALUE, Token.ANY_MAP_TOKEN_VALUE], false],
    ['a lazy value', { a: tokens.any }, false],
    ['a function call', { a: tokens.fn }, false],
    ['an iterator\'s value', { a: tokens.iterator }, false],
    ['a reference to another stack', { a: tokens.crossStack }, false],
    ['a number no token is, of a token\'s magnitude', [-8.1e298], false],
    ['the text of such a number', '-8.1e+298', false],
    ['a number token written out in full, then "eE" (the pattern\'s run)', `${BigInt(tokens.number)}eE`, false],
    ['Infinity and NaN', [Infinity], false],
    ['cdktf\'s map-token number', { a: [Token.NUMBER_MAP_TOKEN_VALUE] }, false],
    ['an object with the keys cdktf reads a construct by', { _children: null, _metadata: 0 }, false],
    ['a hidden resolve method', Object.defineProperty({ a: 1 }, 'resolve', { value: () => 'r', enumerable: false }), false],
    ['an inherited resolve method', Object.create({ resolve: () => 'r' }), false],
    ['hidden construct keys', Object.defineProperty(Object.defineProperty({ a: 1 }, '_children', { value: 1 }), '_metadata', { value: 1 }), false],
    ['an object of another realm whose prototype has a resolve method', vm.runInNewContext('Object.prototype.resolve = function () { return "r"; }; ({ a: 1 })'), false],
    ['a Proxy that answers a resolve method', new Proxy({ a: 'x' }, { get: (target: any, key) => (key === 'resolve' ? () => 'r' : target[key]) }), false],
    ['an own __proto__ key', JSON.parse('{"a": {"__proto__": {"b": 1}}}'), false],
    ['a plain object of another realm', vm.runInNewContext('({ a: [1, "b", { c: null }] })'), true],
    ['a date', new Date(0), false],
    ['a class instance', new Widget(), false],
    ['a function', { f: () => 1 }, false],
  ];

  test.each(table.map(([name, value, settled]) => [name, settled, value] as const))('GIVEN %s THEN settled is %s, as cdktf resolves it', (_name, settled, value) => {
    expect(isSettled(value)).toBe(settled);
    const resolved = cdktfResolve(stack, value, true);
    if (resolved.threw !== undefined || resolved.tokens.length > 0) expect(settled).toBe(false);
    if (settled) {
      expect(resolved.threw).toBeUndefined();
      expect(resolved.tokens).toEqual([]);
      expect(resolved.out).toEqual(copied(value));
    }
  });

  test('GIVEN each fragment of the hostile alphabet, alone and in text THEN a fragment cdktf finds a token in, or refuses, is never settled', () => {
    for (const fragment of [...fragmentsOf(), tokens.inText, tokens.numberInText, mapTokenKey]) {
      for (const text of [fragment, `a${fragment}b`, `1${fragment}e+300`]) {
        const resolved = cdktfResolve(stack, { [text]: text }, true);
        if (resolved.threw !== undefined || resolved.tokens.length > 0) expect({ text, settled: isSettled({ [text]: text }) }).toEqual({ text, settled: false });
        else if (isSettled(text)) expect(resolved.out).toEqual({ [text]: text });
      }
    }
  });

  test('GIVEN generated values (hostile text, tokens of every kind, numbers, nesting) THEN what is settled holds no token cdktf finds and resolves to itself', () => {
    const leaf: fc.Arbitrary<unknown> = fc.oneof(
      { arbitrary: hostileString({ maxFragments: 4 }), weight: 6 },
      { arbitrary: fc.constantFrom(...Object.values(tokens)), weight: 2 },
      { arbitrary: fc.double().map((n) => String(n)), weight: 1 },
      { arbitrary: fc.oneof(fc.double(), fc.integer(), fc.constantFrom(-8.109562212591379e298, -1.8881545897087503e289, 1e280)), weight: 2 },
      { arbitrary: fc.constantFrom(true, false, null, undefined, Token.STRING_MAP_TOKEN_VALUE), weight: 1 },
      { arbitrary: fc.constantFrom<unknown>(new Date(0), new Widget(), () => 1), weight: 1 },
    );
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(hostileString({ maxFragments: 2 }), fc.constantFrom(mapTokenKey, tokens.string)), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    let settledCount = 0;
    let unsettledCount = 0;
    fc.assert(
      fc.property(value, (v) => {
        const resolved = cdktfResolve(stack, v, true);
        const settled = isSettled(v);
        if (settled) settledCount++;
        else unsettledCount++;
        if (resolved.threw !== undefined || resolved.tokens.length > 0) expect(settled).toBe(false);
        if (settled) expect(resolved.out).toEqual(copied(v));
      }),
      propertyRuns({ seed: 3201, numRuns: 600 }),
    );
    // Both sides of the rule are met, not one.
    expect(settledCount).toBeGreaterThan(60);
    expect(unsettledCount).toBeGreaterThan(60);
  });
});

describe('settled blocks in a synth', () => {
  function everyConstruct(stack: TerraformStack): void {
    new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
    new DatadogProvider(stack, 'datadog', {});
    new KubernetesProvider(stack, 'kubernetes', { configPath: '~/.kube/config' });
    new AuthenticationProfile(stack, 'profile', { authenticationProfileName: 'analysts', authenticationProfileContent: { AllowDBUserOverride: '1' } });
    new RestrictionPolicy(stack, 'policy', {
      resourceId: RestrictionPolicyResourceId.dashboard('abc-def-ghi'),
      bindings: [{ relation: 'editor', principals: ['role:00000000-0000-1111-0000-000000000000'] }],
    });
    const items = (name: string) => [{ metadata: { name, labels: { zone: 'a' }, annotations: { note: 'x' } }, spec: { taints: [{ key: 'k', value: 'v', effect: 'NoSchedule' }] } }];
    new NodeList(stack, 'nodes', { items: items('node-a') } as any);
    new NodeList(stack, 'owned', { items: items('node-b'), mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS } as any);
  }

  function wireResources(stack: TerraformStack): WireResource[] {
    return stack.node.findAll().filter((c): c is WireResource => c instanceof WireResource);
  }

  test('GIVEN every construct, with meta-arguments and overrides THEN each block is cdktf\'s own when written, and nothing while preparing', () => {
    const stack = new TerraformStack(Testing.app(), 'st');
    everyConstruct(stack);
    const resources = wireResources(stack);
    expect(resources.map((r) => r.terraformResourceType).sort()).toEqual(
      ['aws_redshift_authentication_profile', 'datadog_restriction_policy', 'kubernetes_annotations', 'kubernetes_labels', 'kubernetes_manifest', 'kubernetes_node_taint', 'terraform_data'].sort(),
    );
    resources[0].addOverride('lifecycle.prevent_destroy', true);
    resources[1].addOverride('depends_on', ['terraform_data.x']);
    for (const resource of resources) {
      // As cdktf writes a stack: each fragment resolved, then the document resolved again, as JSON.
      const own = cdktfResolve(stack, cdktfResolve(stack, TerraformResource.prototype.toTerraform.call(resource), false).out, false);
      const written = cdktfResolve(stack, resource.toTerraform(), false);
      expect(JSON.stringify(written.out)).toBe(JSON.stringify(own.out));
      expect(JSON.stringify(cdktfResolve(stack, written.out, false).out)).toBe(JSON.stringify(own.out));
      const prepared = cdktfResolve(stack, resource.toTerraform(), true).out as any;
      expect(prepared.resource[resource.terraformResourceType][resource.friendlyUniqueId]).toBeUndefined();
    }
  });

  test('GIVEN a stack-level override into a library resource\'s block THEN it is written (the stack merges into the block)', () => {
    const stack = new TerraformStack(Testing.app(), 'st');
    everyConstruct(stack);
    const policy = wireResources(stack).find((r) => r.terraformResourceType === 'datadog_restriction_policy')!;
    stack.addOverride(`resource.datadog_restriction_policy.${policy.friendlyUniqueId}.resource_id`, 'dashboard:overridden');
    const written = JSON.parse(Testing.synth(stack)).resource.datadog_restriction_policy[policy.friendlyUniqueId];
    expect(written.resource_id).toBe('dashboard:overridden');
    expect(written.bindings).toEqual([{ relation: 'editor', principals: ['role:00000000-0000-1111-0000-000000000000'] }]);
  });

  test('GIVEN a block with a token (a name from a variable, an override with a reference) THEN the preparing pass reads it', () => {
    const stack = new TerraformStack(Testing.app(), 'st');
    new AwsProvider(stack, 'aws', { region: 'eu-west-1' });
    const name = new TerraformVariable(stack, 'name', { type: 'string' }).stringValue;
    new AuthenticationProfile(stack, 'profile', { authenticationProfileName: name, authenticationProfileContent: { A: 'b' } });
    const [profile, trigger] = wireResources(stack);
    trigger.addOverride('input', new TerraformVariable(stack, 'other', { type: 'string' }).stringValue);
    for (const resource of [profile, trigger]) {
      const prepared = cdktfResolve(stack, resource.toTerraform(), true);
      expect(prepared.tokens.length).toBeGreaterThan(0);
      expect((prepared.out as any).resource[resource.terraformResourceType][resource.friendlyUniqueId]).toBeDefined();
    }
  });

  test('GIVEN a profile named by a resource of another stack THEN the cross-stack output and remote state are written (only the preparing pass makes them)', () => {
    const app = Testing.app();
    const origin = new TerraformStack(app, 'origin');
    const source = new TerraformResource(origin, 'source', { terraformResourceType: 'terraform_data' });
    const user = new TerraformStack(app, 'user');
    new AwsProvider(user, 'aws', { region: 'eu-west-1' });
    new AuthenticationProfile(user, 'profile', { authenticationProfileName: source.getStringAttribute('output'), authenticationProfileContent: { A: 'b' } });
    app.synth();
    const originDoc = readSynth(app.outdir, 'origin');
    const userDoc = readSynth(app.outdir, 'user');
    const outputs = Object.keys(originDoc.output ?? {});
    expect(outputs).toEqual([expect.stringMatching(/^cross-stack-output-terraform_datasource/)]);
    expect(Object.keys(userDoc.data?.terraform_remote_state ?? {})).toEqual(['cross-stack-reference-input-origin']);
    const profile = Object.values<any>(userDoc.resource.aws_redshift_authentication_profile)[0];
    expect(profile.authentication_profile_name).toBe(`\${data.terraform_remote_state.cross-stack-reference-input-origin.outputs.${outputs[0]}}`);
  });
});
