// The guardrails' text boundaries, driven by the tests' hostile string alphabet
// (issue 45): what a user writes (a profile's options, in any case, with any
// value) and what a custom rule says (its message, prop path) and an
// acknowledgement's reason go through the rules, the annotations, the stack's
// record and explain's reading of it. Each finding is one line everywhere, reads
// back through explain as synth wrote it, and a profile's value that no rule
// matches word for word is never echoed.
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformStack } from 'cdktf';
import { AuthenticationProfile, AwsProvider, GuardrailLevel, Guardrails, GuardrailSubject, IGuardrailRule } from '../../lib';
import { readGuardrailsRecord, recordedFindings } from '../../lib/core/guardrail-findings';
import { escapeForLine } from '../../lib/core/server-text';
import { readGuardrails } from '../../lib/explain/guardrail-report';
import { HOSTILE_CLASSES, hostileString, USER_CLASSES } from '../support/hostile-strings';
import { propertyRuns } from '../support/property-runs';

// The option names the built-in rules read, and other keys, each in a random case.
const OPTION_NAMES = ['SSL', 'sslmode', 'AuthMech', 'EncryptionMethod', 'Client_ID', 'SSLFactory', 'SSL_Insecure', 'AutoCreate', 'DbUser', 'AllowDBUserOverride', 'Plugin_Name', 'client_secret'];
const caseOf = (name: string) => fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
const option = fc.constantFrom(...OPTION_NAMES).chain((name) => fc.tuple(caseOf(name), hostileString({ classes: USER_CLASSES, maxFragments: 4 })));
const CREDENTIALS = HOSTILE_CLASSES.credential as readonly string[];
// A line as escapeForLine leaves it: no line break, control or format character.
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

function synthOf(content: [string, string][], said: { message: string; propPath: string }, reason: string) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guardrails-property-'));
  const app = new App({ outdir });
  const stack = new TerraformStack(app, 's');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  const rule: IGuardrailRule = {
    id: 'ACME-1',
    title: 'says what it was given',
    level: GuardrailLevel.WARNING,
    appliesTo: ['AuthenticationProfile'],
    authority: 'https://example.com/rules',
    remedy: 'none',
    check: (_subject: GuardrailSubject) => [said],
  };
  Guardrails.of(app).addRule(rule);
  Guardrails.of(stack).acknowledge({ rule: 'WMC-7', reason });
  new AuthenticationProfile(stack, 'subject', { authenticationProfileName: 'p', authenticationProfileContent: Object.fromEntries(content) });
  app.synth();
  const json = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 's', 'cdk.tf.json'), 'utf8'));
  const annotations: { message: string }[] = JSON.parse(fs.readFileSync(path.join(outdir, 'manifest.json'), 'utf8')).stacks.s.annotations;
  fs.rmSync(outdir, { recursive: true, force: true });
  return { json, annotations };
}

describe('the guardrails and hostile text', () => {
  test('GIVEN hostile options, a custom rule saying hostile text and a hostile reason THEN every finding is one line in each output, reads back through explain as written, and no unmatched value is echoed', () => {
    fc.assert(
      fc.property(fc.array(option, { maxLength: 5 }), hostileString({ classes: USER_CLASSES }), hostileString({ classes: USER_CLASSES }), hostileString({ classes: USER_CLASSES.filter((c) => c !== 'credential'), nonEmpty: true }), (content, message, propPath, reason) => {
        // Synth either passes or refuses the input with a ValidationError; never another error.
        let out: ReturnType<typeof synthOf>;
        try {
          out = synthOf(content, { message, propPath }, reason);
        } catch (e) {
          expect((e as Error).name).toBe('ValidationError');
          return;
        }
        const metadata = out.json['//'].metadata;
        const recorded = recordedFindings(readGuardrailsRecord(metadata));
        const origins = new Map([['subject', { constructClass: 'AuthenticationProfile' }]]);
        const read = readGuardrails(metadata, origins).findings;
        // The record holds the text as the rule gave it; explain escapes it once (not twice).
        const custom = read.find((f) => f.rule === 'ACME-1')!;
        expect(custom).toMatchObject({ message: escapeForLine(message), propPath: escapeForLine(propPath), constructClass: 'AuthenticationProfile' });
        expect(recorded.find((f) => f.rule === 'ACME-1')).toMatchObject({ message, propPath });
        expect(read.map((f) => f.message)).toEqual(recorded.map((f) => escapeForLine(f.message)));
        const guardrailLines = out.annotations.filter((a) => /^(WMC|ACME)-\d+ /.test(a.message)).flatMap((a) => a.message.split('\n'));
        for (const text of [...guardrailLines, ...read.flatMap((f) => [f.message, f.propPath, f.acknowledged?.reason ?? ''])]) expect(text).not.toMatch(RAW);
        // A credential-shaped value of the user's options is never in a built-in rule's finding (a custom rule says what it says;
        // the reason, the user's own words, holds none here).
        const builtin = JSON.stringify([...recorded.filter((f) => f.rule !== 'ACME-1'), ...guardrailLines.filter((l) => l.startsWith('WMC-'))]);
        for (const [, value] of content) for (const secret of CREDENTIALS) if (value.includes(secret)) expect(builtin).not.toContain(secret);
      }),
      propertyRuns({ seed: 4545, numRuns: 60 }),
    );
  });
});
