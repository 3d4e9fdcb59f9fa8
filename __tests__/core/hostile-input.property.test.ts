// Hostile and sloppy input through every public entry point (issue 12): any
// JavaScript value in any prop, or as the props, must give a ValidationError
// naming the path, or be accepted; never a TypeError. Values come from
// fast-check's anything() plus what plain-JavaScript callers and YAML/JSON
// parsers produce: null, class instances, Map/Set/Date, cycles, buffers, huge
// values, and tokens of every kind where a list or object belongs.
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { Fn, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, CurrentOrg, DatadogProvider, KubernetesProvider, NodeList, RestrictionPolicy } from '../../lib';
import { readAssembly, usagesOf } from '../support/jsii-positions';
import { buildAt, Position, positionsOf, unjudgedEntries } from '../support/position-judge';
import { ValidationError } from '../../lib/core/validation-error';

// Runs per position (about 700 positions); the seeds are fixed (support/property-runs.ts: FC_SEED, FC_RUNS for a long run).
const RUNS = Number(process.env.HOSTILE_RUNS ?? 4);

class Widget {
  public readonly size = 3;
}

type TokenKind = 'string' | 'number' | 'list' | 'map' | 'any' | 'join';

/** A value, some of which need a stack (tokens): built inside the property. */
type Hostile = { kind: 'plain'; value: unknown } | { kind: 'token'; token: TokenKind } | { kind: 'special'; name: string };

const SPECIALS = ['instance', 'cycle', 'buffer', 'map', 'set', 'date', 'invalidDate', 'hugeString', 'hugeList', 'function', 'symbol', 'NaN', 'Infinity'];

const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  fc
    .anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true })
    .map((value) => ({ kind: 'plain' as const, value })),
  fc.constantFrom<TokenKind>('string', 'number', 'list', 'map', 'any', 'join').map((token) => ({ kind: 'token' as const, token })),
  fc.constantFrom(...SPECIALS).map((name) => ({ kind: 'special' as const, name })),
  fc.constantFrom(null, undefined, '', ' ', 0, -1, true).map((value) => ({ kind: 'plain' as const, value })),
);

function materialize(stack: TerraformStack, h: Hostile): unknown {
  if (h.kind === 'plain') return h.value;
  if (h.kind === 'token') {
    switch (h.token) {
      case 'string':
        return new TerraformVariable(stack, 'v_str', { type: 'string' }).stringValue;
      case 'number':
        return new TerraformVariable(stack, 'v_num', { type: 'number' }).numberValue;
      case 'list':
        return new TerraformVariable(stack, 'v_list', { type: 'list(object({relation=string, principals=list(string)}))' }).listValue;
      case 'map':
        return new TerraformVariable(stack, 'v_map', { type: 'map(string)' }).value;
      case 'any':
        return Token.asAny(new TerraformVariable(stack, 'v_any', { type: 'any' }).value);
      case 'join':
        return Fn.join('', ['a', 'b']);
    }
  }
  switch (h.name) {
    case 'instance':
      return new Widget();
    case 'cycle': {
      const o: any = { name: 'x' };
      o.self = o;
      return o;
    }
    case 'buffer':
      return Buffer.from('bytes');
    case 'map':
      return new Map([['a', 'b']]);
    case 'set':
      return new Set(['a']);
    case 'date':
      return new Date(0);
    case 'invalidDate':
      return new Date('x');
    case 'hugeString':
      return 'x'.repeat(1_000_000);
    case 'hugeList':
      return Array.from({ length: 20_000 }, (_, i) => `n${i}`);
    case 'function':
      return () => 1;
    case 'symbol':
      return Symbol('s');
    case 'NaN':
      return NaN;
    default:
      return Infinity;
  }
}

function newStack(): TerraformStack {
  return new TerraformStack(Testing.app(), 'stack');
}

const VALID_PROFILE = { authenticationProfileName: 'analysts', authenticationProfileContent: { a: 'b' } };
const VALID_POLICY = { resourceId: 'dashboard:abc', bindings: [{ relation: 'viewer', principals: ['role:x'] }] };
const VALID_NODES = { items: [{ metadata: { name: 'n1' } }] };

/** What an entry point did with a value: accepted, or a ValidationError; anything else fails the property. */
function outcome(run: () => unknown): 'accepted' | ValidationError {
  try {
    run();
    return 'accepted';
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw new Error(`not a ValidationError: ${e instanceof Error ? `${e.name}: ${e.message.split('\n')[0]}` : String(e)}`);
  }
}

// Every position of the public API, from the jsii assembly and the constructs' descriptors
// (__tests__/support/jsii-positions.ts): a construct added with its descriptor is covered here.
const assembly = readAssembly();
const usages = usagesOf(assembly);
const POSITIONS = positionsOf(assembly).map((p): [string, Position] => [p.label, p]);

describe('hostile input: a ValidationError naming the path, or accepted; never anything else', () => {
  test('GIVEN the assembly THEN every entry point with a position can be judged', () => {
    expect(unjudgedEntries(POSITIONS.map(([, p]) => p))).toEqual([]);
  });

  test.each(POSITIONS)('%s', (_, position) => {
    let n = 0;
    fc.assert(
      fc.property(hostile, (h) => {
        const stack = newStack();
        const secrets = { apiKey: new TerraformVariable(stack, 'k1', { sensitive: true }).stringValue, appKey: new TerraformVariable(stack, 'k2', { sensitive: true }).stringValue };
        const built = buildAt(position, materialize(stack, h), stack, usages, { n: n++, tokens: undefined as never, secrets });
        // A refusal elsewhere than the position, or any other exception (a TypeError), fails the property.
        if (built.kind === 'wrong') throw new Error(built.detail);
        const result = built.error;
        if (result !== undefined) {
          expect(result.constructPath).not.toBe('');
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) expect(p.path).toMatch(/^[a-zA-Z]/);
          expect(result.message.length).toBeLessThan(20_000);
        }
      }),
      propertyRuns({ seed: 115, numRuns: RUNS }),
    );
  });
});

// Secrets in the places that may hold one: unknown properties (a misspelt
// credential), provider credentials, content under credential-looking keys,
// content that does not parse. Whatever form the secret takes, no message,
// warning or synthesized file may contain it.
const MARKER = 'Zq8mark3rS3cret';
const MARKER_DIGITS = 987654321987;

const LITERAL_FORMS: Array<() => unknown> = [
  () => MARKER,
  () => `${MARKER}-with-suffix`,
  () => MARKER_DIGITS,
  () => Buffer.from(MARKER),
  () => ({ nested: MARKER }),
  () => [MARKER],
  () => new Map([['k', MARKER]]),
];
// An expression around a literal: refused for credentials without showing it.
// (As profile content, an expression is the user's content and is written as given.)
const TOKEN_FORM = () => Fn.join('', [MARKER, 'x']);

// [name, entry point, whether the secret is profile content]: three items each (jest reads a
// shorter row as asking for a done callback).
type SecretEntry = [string, (stack: TerraformStack, secret: unknown) => unknown, boolean];
const SECRET_ENTRIES: SecretEntry[] = [
  ['AwsProvider accessKey (not a prop)', (s, v) => new AwsProvider(s, 'aws', { region: 'eu-west-1', accessKey: v, secretKey: v } as any), false],
  ['DatadogProvider apiKey', (s, v) => new DatadogProvider(s, 'datadog', { apiKey: v as any }), false],
  ['DatadogProvider appKey', (s, v) => new DatadogProvider(s, 'datadog', { appKey: v as any }), false],
  ['DatadogProvider api_key (typo)', (s, v) => new DatadogProvider(s, 'datadog', { api_key: v } as any), false],
  ['CurrentOrg apiKey', (s, v) => new CurrentOrg(s, 'org', { apiKey: v as any }), false],
  ['KubernetesProvider token', (s, v) => new KubernetesProvider(s, 'k', { token: v as any }), false],
  ['KubernetesProvider clientKey', (s, v) => new KubernetesProvider(s, 'k', { clientKey: v as any }), false],
  ['KubernetesProvider password (typo)', (s, v) => new KubernetesProvider(s, 'k', { password: v } as any), false],
  ['AuthenticationProfile content Password', (s, v) => new AuthenticationProfile(s, 'p', { ...VALID_PROFILE, authenticationProfileContent: { Password: v } as any }), true],
  ['AuthenticationProfile content db_password', (s, v) => new AuthenticationProfile(s, 'p', { ...VALID_PROFILE, authenticationProfileContent: { db_password: v } as any }), true],
  ['AuthenticationProfile content text', (s, v) => new AuthenticationProfile(s, 'p', { ...VALID_PROFILE, authenticationProfileContent: `{"Password": ${typeof v === 'string' ? v : JSON.stringify(String(v))}` }), true],
  ['AuthenticationProfile content as a whole', (s, v) => new AuthenticationProfile(s, 'p', { ...VALID_PROFILE, authenticationProfileContent: v as any }), true],
  ['AuthenticationProfile unknown prop', (s, v) => new AuthenticationProfile(s, 'p', { ...VALID_PROFILE, password: v } as any), false],
  ['AuthenticationProfile.fromAuthenticationProfileName state content', (s, v) => AuthenticationProfile.fromAuthenticationProfileName(s, 'p', 'analysts', { authenticationProfileContent: { Password: v } as any }), true],
  ['RestrictionPolicy unknown prop', (s, v) => new RestrictionPolicy(s, 'p', { ...VALID_POLICY, apiKey: v } as any), false],
  ['NodeList unknown prop', (s, v) => new NodeList(s, 'n', { ...VALID_NODES, token: v } as any), false],
  ['NodeList item unknown prop', (s, v) => new NodeList(s, 'n', { items: [{ metadata: { name: 'n1' }, secret: v }] } as any), false],
];

// Accepted profile content is written by design (it is the profile): for
// content, only messages and warnings are searched.
function everythingSaid(stack: TerraformStack, error: unknown, withSynth: boolean): string {
  const said: string[] = [];
  if (error !== undefined) said.push(error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error));
  for (const c of stack.node.findAll()) for (const m of c.node.metadata) said.push(JSON.stringify(m.data));
  if (error === undefined && withSynth) said.push(Testing.synth(stack));
  return said.join('\n');
}

describe('secrets: never in a message, a warning or a synthesized file', () => {
  test.each(SECRET_ENTRIES)('%s', (_, entry, isContent) => {
    const forms = isContent ? LITERAL_FORMS : [...LITERAL_FORMS, TOKEN_FORM];
    fc.assert(
      fc.property(fc.constantFrom(...forms), (form) => {
        const stack = newStack();
        let error: unknown;
        try {
          entry(stack, form());
        } catch (e) {
          error = e;
        }
        if (error !== undefined && !(error instanceof ValidationError)) throw error;
        const said = everythingSaid(stack, error, !isContent);
        expect(said).not.toContain(MARKER);
        expect(said).not.toContain(String(MARKER_DIGITS));
      }),
      propertyRuns({ seed: 116, numRuns: 24 }),
    );
  });
});

describe('the cases issue 12 names', () => {
  test.each([
    ['a Map', new Map([['AllowDBUserOverride', '1']])],
    ['a Date', new Date(0)],
    ['a class instance', new Widget()],
  ])('GIVEN content given as %s THEN it is refused, not written as "{}"', (_, content) => {
    const error = errorOfValidation(() => new AuthenticationProfile(newStack(), 'p', { ...VALID_PROFILE, authenticationProfileContent: content as any }));
    expect(error.problems[0].path).toBe('props/authenticationProfileContent');
  });

  test('GIVEN NaN and Infinity THEN the message prints them as such', () => {
    const error = errorOfValidation(() => new AuthenticationProfile(newStack(), 'p', { ...VALID_PROFILE, maxContentLength: NaN }));
    expect(error.problems[0].received).toBe('NaN');
    const infinite = errorOfValidation(() => NodeList.fromCluster(newStack(), 'c', { limit: Infinity }));
    expect(infinite.problems[0].received).toBe('Infinity');
  });

  test('GIVEN 100,000 invalid node names THEN one bounded message: 50 lines and "and N more"', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ metadata: { name: `Bad_${i}` } }));
    const error = errorOfValidation(() => new NodeList(newStack(), 'n', { items }));
    expect(error.problems).toHaveLength(100_000);
    expect(error.message.split('\n')).toHaveLength(52);
    expect(error.message).toMatch(/… and 99950 more$/);
    expect(error.message.length).toBeLessThan(20_000);
  });
});

function errorOfValidation(run: () => unknown): ValidationError {
  const result = outcome(run);
  if (result === 'accepted') throw new Error('expected a ValidationError, the value was accepted');
  return result;
}
