// Tokens of every type (issue 18, items 4 and 6), at every prop of every
// construct (issue 31: read from the jsii assembly and the constructs'
// descriptors, so a construct added with its descriptor is covered here): a
// token of each type the prop's type allows either skips exactly the checks it
// cannot satisfy (accepted, written as a reference unless the prop is never
// written), or is refused where the value must be known at synth time (or
// where another prop's rule needs it known); either way an unrelated invalid
// prop in the same call is still reported, and the token's own problems are
// the same. Which props refuse a token and why, and which are never written,
// is the reviewed snapshot.
import { Construct } from 'constructs';
import { App, TerraformStack, TerraformVariable, Testing, Token } from '../../lib/core/framework';
import { ValidationError } from '../../lib/core/validation-error';
import { AwsProvider, DatadogProvider, KubernetesProvider, NodeList } from '../../lib';
import { catalogConstruct } from '../support/construct-catalog';
import { propertiesOf, readAssembly, usagesOf } from '../support/jsii-positions';
import { buildAt, Position, positionsOf } from '../support/position-judge';

/** The token types: cdktf's four encodings, an IResolvable (for `boolean | IResolvable` and structs), and a sensitive variable's string (for secrets). */
type Kind = 'string' | 'number' | 'list' | 'map' | 'resolvable' | 'secret';

function tokenOf(stack: TerraformStack, kind: Kind): unknown {
  if (kind === 'secret') return new TerraformVariable(stack, 'secret', { sensitive: true }).stringValue;
  const v = new TerraformVariable(stack, 'tok', {});
  switch (kind) {
    case 'string':
      return v.stringValue;
    case 'number':
      return v.numberValue;
    case 'list':
      return v.listValue;
    case 'map':
      return Token.asStringMap(v.value);
    default:
      return Token.asAny(v.value);
  }
}

const assembly = readAssembly();
const usages = usagesOf(assembly);

/** The token kinds a property's type allows. */
function kindsOf(position: Position): Kind[] {
  const struct = position.usage!.steps.length === 0 ? position.usage!.root : position.usage!.steps[position.usage!.steps.length - 1].struct;
  const ref = propertiesOf(assembly, struct).find((p: any) => p.name === position.prop)?.type;
  if (ref?.collection !== undefined) return [ref.collection.kind === 'array' ? 'list' : 'map'];
  switch (position.type) {
    case 'string':
      return ['string', 'secret'];
    case 'number':
      return ['number'];
    case 'iterator':
      return [];
    default:
      // A boolean (`boolean | IResolvable`), a struct, any value: an IResolvable.
      return ['resolvable'];
  }
}

/** Every prop of every construct's own props (its constructor's struct, nested ones included). */
const positions = positionsOf(assembly).filter((p) => p.prop !== undefined && p.entry.endsWith('.<init>') && catalogConstruct(p.entry.slice(0, -'.<init>'.length)) !== undefined);
const cases = positions.flatMap((position) => kindsOf(position).map((kind) => ({ label: `${position.label} <- ${kind} token`, position, kind })));

/** The problem path of a position's prop: `props/items/0/metadata/labels`. */
function pathOf(position: Position): string {
  const segments = [position.param];
  for (const step of position.usage!.steps) segments.push(step.prop, ...(step.collection === 'array' ? ['0'] : step.collection === 'map' ? ['k'] : []));
  return [...segments, position.prop].join('/');
}

const UNRELATED = 'unknownKeyXyz';
let ids = 0;

/** Builds the case in a fresh stack, with an unrelated invalid prop (an unknown key beside the props) when asked. */
function build(position: Position, kind: Kind, unrelated: boolean): { stack: TerraformStack; error?: ValidationError; detail?: string } {
  const stack = new TerraformStack(new App(), `s${ids++}`);
  // The providers a stack declares (their checks run at synth: an import target needs its resource type's).
  new AwsProvider(stack, 'aws', {});
  new DatadogProvider(stack, 'datadog', {});
  new KubernetesProvider(stack, 'kubernetes', {});
  const secrets = { apiKey: new TerraformVariable(stack, 'dd_api_key', { sensitive: true }).stringValue, appKey: new TerraformVariable(stack, 'dd_app_key', { sensitive: true }).stringValue };
  const adjust = (args: { [param: string]: any }) => {
    if (unrelated) args[position.param] = { ...args[position.param], [UNRELATED]: 'x' };
  };
  const built = buildAt(position, tokenOf(stack, kind), new Construct(stack, 'c'), usages, { n: ids, tokens: undefined as never, secrets }, adjust);
  return { stack, error: built.error, detail: built.kind === 'wrong' ? built.detail : undefined };
}

describe('tokens of every type, at every prop of every construct', () => {
  const outcomes: { [label: string]: string } = {};

  test.each(cases)('GIVEN $label THEN accepted and written as a reference, or refused at its path; an unrelated invalid prop is still reported', ({ label, position, kind }) => {
    const tokenPath = pathOf(position);
    const alone = build(position, kind, false);
    // Never a TypeError, never a refusal somewhere unrelated.
    expect(alone.detail).toBeUndefined();
    const atToken = alone.error?.problems.filter((p) => p.path === tokenPath || p.path.startsWith(`${tokenPath}/`)) ?? [];
    if (alone.error !== undefined) {
      // Refused: at the token's own path (a value needed at synth time), or where another prop's rule needs it
      // (a literal name with a count token, one half of a credential pair): every problem is recorded.
      outcomes[label] = `refused: ${alone.error.problems.map((p) => `${p.path === tokenPath ? '(here)' : p.path} ${p.allowed}`).join(' | ')}`;
    } else {
      let json: string;
      try {
        json = Testing.synth(alone.stack, true);
      } catch (e) {
        // A check that runs when the stack is written (a region needs an aws provider 6.x).
        if (!(e instanceof ValidationError)) throw e;
        outcomes[label] = `refused at synth: ${e.problems.map((p) => `${p.path === tokenPath ? '(here)' : p.path} ${p.allowed}`).join(' | ')}`;
        return;
      }
      expect(() => Testing.synthHcl(alone.stack)).not.toThrow();
      const written = json.includes(kind === 'secret' ? '${var.secret}' : 'var.tok');
      outcomes[label] = written ? 'written' : 'accepted, not written';
    }
    // The rest still run: the unrelated invalid prop is reported beside whatever the token gives.
    const withInvalid = build(position, kind, true);
    expect(withInvalid.detail).toBeUndefined();
    const paths = withInvalid.error?.problems.map((p) => p.path) ?? [];
    expect(paths).toContain(`${position.param}/${UNRELATED}`);
    expect(paths.filter((p) => p === tokenPath || p.startsWith(`${tokenPath}/`)).length).toBe(atToken.length);
  });

  test('GIVEN every case THEN which props refuse a token (and why) and which are never written are as reviewed', () => {
    expect(Object.keys(outcomes).length).toBe(cases.length);
    const refused = Object.entries(outcomes).filter(([, o]) => o.startsWith('refused')).map(([label, o]) => `${label}: ${o}`).sort();
    const notWritten = Object.entries(outcomes).filter(([, o]) => o === 'accepted, not written').map(([label]) => label).sort();
    const written = Object.values(outcomes).filter((o) => o === 'written').length;
    expect({ written, refused, notWritten }).toMatchSnapshot();
  });

  test('GIVEN the constructs THEN each has props here, and every token type is used somewhere', () => {
    const constructs = new Set(positions.map((p) => p.entry.slice(0, -'.<init>'.length)));
    const withProps = [...new Set(usages.filter((u) => u.entry.endsWith('.<init>') && catalogConstruct(u.entry.slice(0, -'.<init>'.length)) !== undefined).map((u) => u.entry.slice(0, -'.<init>'.length)))];
    expect([...constructs].sort()).toEqual(withProps.sort());
    expect([...new Set(cases.map((c) => c.kind))].sort()).toEqual(['list', 'map', 'number', 'resolvable', 'secret', 'string']);
  });
});

// The minimal props reach one way a construct declares its resources; NodeList's other mode writes
// labels and annotations as attributes (a token is fine) and taints as blocks (a token is not).
describe('tokens in NodeList labels-annotations-taints mode', () => {
  const LAT = 'LabelsAnnotationsTaints';
  const taint = { key: 'k', effect: 'NoSchedule' };
  const rows: [string, object, Kind, string | undefined][] = [
    ['items.0.metadata.labels', { metadata: { name: 'n1' } }, 'map', undefined],
    ['items.0.metadata.annotations', { metadata: { name: 'n1' } }, 'map', undefined],
    ['items.0.spec', { metadata: { name: 'n1' } }, 'resolvable', 'kubernetes_node_taint writes its taints as blocks'],
    ['items.0.spec.taints', { metadata: { name: 'n1' } }, 'list', 'kubernetes_node_taint writes each taint as a block'],
    ['items.0.spec.taints.0', { metadata: { name: 'n1' } }, 'resolvable', 'kubernetes_node_taint writes each taint as a block'],
    ['items.0.spec.taints.0.value', { metadata: { name: 'n1' }, spec: { taints: [taint] } }, 'string', undefined],
    ['fieldManager', { metadata: { name: 'n1', labels: { a: 'b' } } }, 'string', undefined],
  ];
  test.each(rows)('GIVEN %s <- a %s token THEN %s', (prop, item, kind, refused) => {
    const stack = new TerraformStack(new App(), `lat${ids++}`);
    new KubernetesProvider(stack, 'kubernetes', {});
    const props: any = JSON.parse(JSON.stringify({ mode: LAT, items: [item] }));
    const segments = prop.split('.');
    let at = props;
    segments.slice(0, -1).forEach((s, i) => (at = at[s] ??= /^\d+$/.test(segments[i + 1]) ? [] : {}));
    at[segments[segments.length - 1]] = tokenOf(stack, kind);
    let error: ValidationError | undefined;
    try {
      new NodeList(stack, 'x', props);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      error = e;
    }
    if (refused === undefined) {
      expect(error?.message).toBeUndefined();
      expect(Testing.synth(stack)).toContain('var.tok');
    } else {
      expect(error?.problems.find((p) => p.path === `props/${segments.join('/')}`)?.allowed).toContain(refused);
    }
  });
});
