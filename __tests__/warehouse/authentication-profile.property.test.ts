// Property-based tests: generated names and contents are accepted if and only if
// an oracle written here, from the service's rules, says they are valid; nothing
// but the library's ValidationError is ever thrown.
import { isDeepStrictEqual } from 'util';
import * as fc from 'fast-check';
import { propertyRuns } from '../support/property-runs';
import { TerraformStack, Testing } from '../../lib/core/framework';
import { AuthenticationProfile, AwsProvider, ValidationError } from '../../lib';
import { synthJson } from '../support/synth';
import { hostileString, USER_CLASSES } from '../support/hostile-strings';

export const RUNS = 2000;

const CREDENTIALS = new Set(['AccessKeyID', 'access_key_id', 'SecretAccessKey', 'secret_access_key_id', 'PWD', 'Password', 'password', 'AuthProfile', 'auth_profile']);

function oracleNameValid(name: string): boolean {
  if (name.length < 1 || name.length > 63) return false;
  for (const ch of name) {
    const ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '-';
    if (!ok) return false;
  }
  return true;
}

function oracleContentValid(content: unknown): boolean {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return false;
  return Object.entries(content).every(([k, v]) => typeof v === 'string' && !CREDENTIALS.has(k));
}

const stack = new TerraformStack(Testing.app(), 'stack');
new AwsProvider(stack, 'aws');
let counter = 0;

// Constructed and synthesized: a reference's target is checked when the stack is complete.
function attempt(props: any): 'accepted' | ValidationError {
  const own = new TerraformStack(Testing.app(), `s${counter++}`);
  try {
    new AuthenticationProfile(own, 'p', props);
    Testing.synth(own);
    return 'accepted';
  } catch (e) {
    if (e instanceof ValidationError) return e;
    throw e;
  }
}

const nameChars = fc.constantFrom(...'abcXYZ019-_. é/'.split(''));
const names = fc.oneof(
  fc.string({ unit: nameChars, minLength: 0, maxLength: 70 }),
  fc.string({ unit: fc.constantFrom(...'aZ9-'.split('')), minLength: 60, maxLength: 66 }),
  fc.string(),
  hostileString({ classes: USER_CLASSES, withHuge: true }),
);
// The service's rules on text without template sequences: what Terraform makes of
// "${" and "%{" is judged by terraform itself (__tests__/core/positions.terraform.test.ts)
// and HCL's own tables (__tests__/core/terraform-template.upstream.test.ts).
const TEXT_CLASSES = USER_CLASSES.filter((c) => c !== 'template');
const noTemplate = (s: string) => !/[$%]\{/.test(s);
const keys = fc.oneof(fc.constantFrom(...CREDENTIALS), fc.string({ maxLength: 12 }), fc.constantFrom('Client_ID', 'password_hint', 'PWDx'), hostileString({ classes: TEXT_CLASSES, maxFragments: 3 })).filter(noTemplate);
const values = fc.oneof({ weight: 6, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), hostileString({ classes: TEXT_CLASSES })).filter(noTemplate) }, { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.string())) });
const contents = fc.oneof(
  fc.dictionary(keys, values, { maxKeys: 6 }),
  fc.jsonValue(),
);

describe('AuthenticationProfile properties', () => {
  test('a name is accepted if and only if the oracle says it is valid', () => {
    fc.assert(
      fc.property(names, (name) => {
        const result = attempt({ authenticationProfileName: name, authenticationProfileContent: {} });
        if (oracleNameValid(name)) return result === 'accepted';
        return result instanceof ValidationError && result.problems.some((p) => p.path === 'props/authenticationProfileName');
      }),
      propertyRuns({ seed: 133, numRuns: RUNS }),
    );
  });

  test('a content, as an object or as its JSON text, is accepted if and only if the oracle says it is valid', () => {
    fc.assert(
      fc.property(contents, fc.boolean(), (content, asText) => {
        const given = asText ? JSON.stringify(content) : content;
        const result = attempt({ authenticationProfileName: 'p', authenticationProfileContent: given });
        return oracleContentValid(content) === (result === 'accepted');
      }),
      propertyRuns({ seed: 134, numRuns: RUNS }),
    );
  });

  test('accepted contents synthesize canonically: parse back equal, keys sorted, same bytes for any key order', () => {
    const text = (max: number) => fc.oneof(fc.string({ maxLength: max }), hostileString({ classes: TEXT_CLASSES, maxFragments: 3 })).filter(noTemplate);
    const validContents = fc.dictionary(text(10).filter((k) => !CREDENTIALS.has(k)), text(10), { maxKeys: 8 });
    fc.assert(
      fc.property(validContents, (content) => {
        const forward = new AuthenticationProfile(stack, `c${counter++}`, { authenticationProfileName: 'p', authenticationProfileContent: content });
        const reversed = Object.fromEntries(Object.entries(content).reverse());
        const backward = new AuthenticationProfile(stack, `c${counter++}`, { authenticationProfileName: 'p', authenticationProfileContent: JSON.stringify(reversed, null, 2) });
        const text = forward.canonicalContent;
        // Read the keys in written order from the text itself (parsing into an object reorders integer-like keys).
        const literals = text.match(/"(?:[^"\\]|\\.)*"/g) ?? [];
        const writtenKeys = literals.filter((_, i) => i % 2 === 0).map((l) => JSON.parse(l) as string);
        const noWhitespace = text === `{${literals.map((l, i) => (i % 2 === 0 ? (i > 0 ? ',' : '') + l + ':' : l)).join('')}}`;
        const keysSorted = writtenKeys.every((k, i) => i === 0 || writtenKeys[i - 1] < k);
        const entries = (o: object) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const sameContent = isDeepStrictEqual(entries(JSON.parse(text)), entries(content));
        return text === backward.canonicalContent && keysSorted && noWhitespace && sameContent;
      }),
      propertyRuns({ seed: 135, numRuns: RUNS }),
    );
  });

  test('what is accepted is what is synthesized', () => {
    const one = new TerraformStack(Testing.app(), 'one');
    new AwsProvider(one, 'aws');
    const p = new AuthenticationProfile(one, 'p', { authenticationProfileName: 'a-b', authenticationProfileContent: { 'ü"\\': 'x\ny' } });
    const block: any = Object.values(synthJson(one).resource.aws_redshift_authentication_profile)[0];
    expect(block.authentication_profile_content).toBe(p.canonicalContent);
    expect(JSON.parse(block.authentication_profile_content)).toEqual({ 'ü"\\': 'x\ny' });
  });
});
