import { App, DataResource, TerraformOutput, TerraformStack, TerraformVariable, Testing } from '../../lib/core/framework';
import {
  AuthenticationProfile,
  AuthenticationProfileProps,
  AwsProvider,
  Literal,
  ReplaceTriggerKind,
  ValidationError,
} from '../../lib';
import { ValidateBinaryVersion, ValidateTerraformVersion } from '../../lib/core/framework';
import { errorOf } from '../support/errors';
import { synthJson } from '../support/synth';

function newStack(): TerraformStack {
  const stack = new TerraformStack(Testing.app(), 'stack');
  new AwsProvider(stack, 'aws', { region: 'us-east-1' });
  return stack;
}

const VALID: AuthenticationProfileProps = {
  authenticationProfileName: 'analysts',
  authenticationProfileContent: { AllowDBUserOverride: '1', Client_ID: 'ExampleClientID' },
};

function profileBlock(stack: TerraformStack): any {
  const profiles = synthJson(stack).resource.aws_redshift_authentication_profile;
  return Object.values(profiles)[0];
}

describe('AuthenticationProfile synthesis', () => {
  test('GIVEN an object content WHEN synthesized THEN the content is canonical JSON with sorted keys', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'profile', {
      authenticationProfileName: 'analysts',
      authenticationProfileContent: { b: '2', a: '1', C: '3' },
    });
    expect(profileBlock(stack).authentication_profile_content).toBe('{"C":"3","a":"1","b":"2"}');
    expect(profileBlock(stack).authentication_profile_name).toBe('analysts');
  });

  test('GIVEN equivalent string and object contents THEN the output bytes are identical', () => {
    const fromString = newStack();
    new AuthenticationProfile(fromString, 'profile', {
      authenticationProfileName: 'analysts',
      authenticationProfileContent: '{\n  "b" : "2",\n  "a": "1"\n}',
    });
    const fromObject = newStack();
    new AuthenticationProfile(fromObject, 'profile', {
      authenticationProfileName: 'analysts',
      authenticationProfileContent: { a: '1', b: '2' },
    });
    expect(Testing.synth(fromString)).toBe(Testing.synth(fromObject));
  });

  test('the name feeds a terraform_data trigger named by address in replace_triggered_by', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'profile', VALID);
    const json = synthJson(stack);
    const [triggerName, trigger] = Object.entries<any>(json.resource.terraform_data)[0];
    expect(trigger.triggers_replace).toBe('analysts');
    expect(profileBlock(stack).lifecycle.replace_triggered_by).toEqual([`terraform_data.${triggerName}`]);
  });

  test('the trigger address is taken at synth time, so a later overrideLogicalId is followed', () => {
    const stack = newStack();
    const profile = new AuthenticationProfile(stack, 'profile', VALID);
    profile.replaceTriggerResource.overrideLogicalId('renamed_trigger');
    expect(profileBlock(stack).lifecycle.replace_triggered_by).toEqual(['terraform_data.renamed_trigger']);
    expect(synthJson(stack).resource.terraform_data.renamed_trigger.triggers_replace).toBe('analysts');
  });

  test('the content does not feed the trigger, so content changes never replace', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'profile', VALID);
    const trigger: any = Object.values(synthJson(stack).resource.terraform_data)[0];
    expect(JSON.stringify(trigger)).not.toContain('ExampleClientID');
  });

  test('GIVEN replaceTrigger NULL_RESOURCE THEN a null_resource carries the name and the null provider is added', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'profile', { ...VALID, replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
    const json = synthJson(stack);
    const [name, trigger] = Object.entries<any>(json.resource.null_resource)[0];
    expect(trigger.triggers).toEqual({ authentication_profile_name: 'analysts' });
    expect(profileBlock(stack).lifecycle.replace_triggered_by).toEqual([`null_resource.${name}`]);
    expect(json.provider.null).toHaveLength(1);
    expect(json.resource.terraform_data).toBeUndefined();
  });

  test('GIVEN replaceTrigger as Literal.text("null_resource") THEN the trigger is a null_resource, as for the enum', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'profile', { ...VALID, replaceTrigger: Literal.text('null_resource') as ReplaceTriggerKind });
    const json = synthJson(stack);
    expect(Object.keys(json.resource.null_resource ?? {})).toHaveLength(1);
    expect(json.resource.terraform_data).toBeUndefined();
  });

  test('two profiles with null_resource triggers share one null provider', () => {
    const stack = newStack();
    new AuthenticationProfile(stack, 'a', { ...VALID, replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
    new AuthenticationProfile(stack, 'b', { ...VALID, authenticationProfileName: 'b', replaceTrigger: ReplaceTriggerKind.NULL_RESOURCE });
    expect(synthJson(stack).provider.null).toHaveLength(1);
  });

  test("GIVEN the user's own lifecycle THEN it is merged with the trigger, not replaced", () => {
    const stack = newStack();
    const other = new AuthenticationProfile(stack, 'other', { ...VALID, authenticationProfileName: 'other' });
    new DataResource(stack, 'external', {});
    new AuthenticationProfile(stack, 'profile', {
      ...VALID,
      lifecycle: { preventDestroy: true, replaceTriggeredBy: ['terraform_data.external'], ignoreChanges: ['authentication_profile_content'] },
      dependsOn: [other.resource],
    });
    const profiles = Object.entries<any>(synthJson(stack).resource.aws_redshift_authentication_profile);
    const profile = profiles.find(([name]) => name.startsWith('profile_'))![1];
    expect(profile.lifecycle.prevent_destroy).toBe(true);
    expect(profile.lifecycle.ignore_changes).toEqual(['authentication_profile_content']);
    expect(profile.lifecycle.replace_triggered_by[0]).toBe('terraform_data.external');
    expect(profile.lifecycle.replace_triggered_by[1]).toMatch(/^terraform_data\.profile_NameTrigger_/);
    expect(profile.depends_on).toEqual([expect.stringMatching(/^aws_redshift_authentication_profile\.other_/)]);
  });

  test('outputs are references to the resource attributes', () => {
    const stack = newStack();
    const profile = new AuthenticationProfile(stack, 'profile', VALID);
    new TerraformOutput(stack, 'out', {
      value: { id: profile.id, name: profile.authenticationProfileName, content: profile.authenticationProfileContent },
    });
    const resolved = synthJson(stack).output.out.value;
    const address = profile.address;
    expect(resolved).toEqual({
      id: `\${${address}.id}`,
      name: `\${${address}.authentication_profile_name}`,
      content: `\${${address}.authentication_profile_content}`,
    });
    expect(profile.canonicalContent).toBe('{"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}');
  });

  test('GIVEN tokens for name and content THEN the checks that cannot run yet are skipped and the references are kept', () => {
    const stack = newStack();
    const name = new TerraformVariable(stack, 'name', { type: 'string' });
    const content = new TerraformVariable(stack, 'content', { type: 'string' });
    new AuthenticationProfile(stack, 'profile', {
      authenticationProfileName: name.stringValue,
      authenticationProfileContent: content.stringValue,
      maxContentLength: 10,
    });
    expect(profileBlock(stack)).toMatchObject({
      authentication_profile_name: '${var.name}',
      authentication_profile_content: '${var.content}',
    });
  });

  test('GIVEN a token as a content value THEN the other keys are still checked and the content is written with jsonencode', () => {
    const stack = newStack();
    const app = new TerraformVariable(stack, 'app', { type: 'string' });
    new AuthenticationProfile(stack, 'profile', {
      authenticationProfileName: 'analysts',
      authenticationProfileContent: { App_Name: app.stringValue, a: '1' },
    });
    // Whatever the variable holds (a quote, a line break), jsonencode keeps it inside its JSON string.
    expect(profileBlock(stack).authentication_profile_content).toBe('${jsonencode({"App_Name" = "${var.app}", "a" = "1"})}');
    expect(() =>
      new AuthenticationProfile(newStack(), 'bad', {
        authenticationProfileName: 'analysts',
        authenticationProfileContent: { App_Name: app.stringValue, password: 'x' },
      }),
    ).toThrow(/props\/authenticationProfileContent\/password/);
  });
});

describe('AuthenticationProfile rules', () => {
  test.each([
    ['empty', ''],
    ['64 characters', 'a'.repeat(64)],
    ['an underscore', 'bad_name'],
    ['a space', 'bad name'],
    ['a dot', 'bad.name'],
  ])('a name with %s is refused with the path, the value and the rule', (_, name) => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'profile', { ...VALID, authenticationProfileName: name }));
    expect(error.message).toContain('stack/profile');
    expect(error.message).toContain('props/authenticationProfileName');
    expect(error.message).toContain(`received ${JSON.stringify(name).slice(0, 40)}`);
    expect(error.message).toContain('1 to 63 characters: letters, digits and hyphens');
  });

  test('a name of exactly 63 letters, digits and hyphens is accepted', () => {
    expect(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileName: `A-9${'x'.repeat(60)}` })).not.toThrow();
  });

  test('content that is not JSON is refused by size only: the text may hold a password', () => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: '{"Password": hunter2}' }));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0].path).toBe('props/authenticationProfileContent');
    expect(error.problems[0].received).toBe('a string of 21 characters (not shown)');
    expect(error.problems[0].allowed).toMatch(/not valid JSON/);
    expect(error.message).not.toContain('hunter2');
  });

  test.each([
    ['an array', '["a"]'],
    ['a string', '"a"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('content holding %s is refused: it must be an object', (_, content) => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: content }));
    expect(error.problems[0]).toMatchObject({ path: 'props/authenticationProfileContent', received: `a string of ${content.length} characters (not shown)` });
    expect(error.problems[0].allowed).toMatch(/JSON object of string keys to string values/);
  });

  test.each([
    // By type and size only, whatever the key: a list or object may hold a credential anywhere inside.
    ['a number', '{"a": 1}', 'a number (not shown)'],
    ['a boolean', '{"a": true}', 'a boolean (not shown)'],
    ['an object', '{"a": {"b": "SeCrEt"}}', 'an object with 1 key (not shown)'],
    ['null', '{"a": null}', 'null'],
  ])('a content value that is %s is refused at its key, its value not shown', (_, content, received) => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: content }));
    expect(error.problems[0]).toMatchObject({ path: 'props/authenticationProfileContent/a', received });
    expect(error.problems[0].allowed).toMatch(/string value/);
  });

  test('an object content with a non-string value is refused by the schema at its key', () => {
    const content = { a: 1 } as unknown as { [key: string]: string };
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: content }));
    expect(error.problems[0]).toMatchObject({ path: 'props/authenticationProfileContent/a', received: 'a number (not shown)' });
  });

  test.each(['AccessKeyID', 'access_key_id', 'SecretAccessKey', 'secret_access_key_id', 'PWD', 'Password', 'password', 'AuthProfile', 'auth_profile'])(
    'the credential key %s is refused, as the service refuses it',
    (key) => {
      const error = errorOf(() =>
        new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: { App_Name: 'x', [key]: 'secret-value' } }),
      );
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0].path).toBe(`props/authenticationProfileContent/${key}`);
      expect(error.problems[0].received).toBe(JSON.stringify(key));
      expect(error.message).not.toContain('secret-value');
      expect(error.problems[0].allowed).toMatch(/refuses to store credentials/);
    },
  );

  test('credential keys are matched exactly: a longer key that contains one is accepted', () => {
    expect(() =>
      new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: { password_hint_url: 'x', PWDLength: '8' } }),
    ).not.toThrow();
  });

  test('maxContentLength: content over the quota is refused with its size', () => {
    const content = { k: 'v'.repeat(20) }; // {"k":"vvvv…"} = 28 bytes
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: content, maxContentLength: 27 }));
    expect(error.problems[0]).toMatchObject({ path: 'props/authenticationProfileContent', received: '"28 bytes of canonical JSON"' });
    expect(error.problems[0].allowed).toMatch(/at most 27 bytes/);
    expect(() => new AuthenticationProfile(newStack(), 'q', { ...VALID, authenticationProfileContent: content, maxContentLength: 28 })).not.toThrow();
  });

  test('maxContentLength counts UTF-8 bytes of the canonical form, not the input', () => {
    const content = '{ "k" :   "é" }'; // canonical {"k":"é"} = 10 bytes
    expect(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, authenticationProfileContent: content, maxContentLength: 10 })).not.toThrow();
    expect(() => new AuthenticationProfile(newStack(), 'q', { ...VALID, authenticationProfileContent: content, maxContentLength: 9 })).toThrow(ValidationError);
  });

  test.each([0, -1, 1.5])('maxContentLength %p is refused', (max) => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', { ...VALID, maxContentLength: max }));
    expect(error.problems[0]).toMatchObject({ path: 'props/maxContentLength', received: String(max) });
    expect(error.problems[0].allowed).toBe('a whole number of bytes, at least 1');
  });

  test('missing required props are each reported', () => {
    const error = errorOf(() => new AuthenticationProfile(newStack(), 'p', {} as AuthenticationProfileProps));
    expect(error.problems.map((p) => p.path)).toEqual(['props/authenticationProfileName', 'props/authenticationProfileContent']);
    expect(error.problems[0].received).toBe('nothing');
  });

  test('every problem is reported at once, one line each', () => {
    const error = errorOf(
      () => new AuthenticationProfile(newStack(), 'p', { authenticationProfileName: 'bad_name', authenticationProfileContent: { Password: 'x', b: 'y' }, maxContentLength: 0 }),
    );
    expect(error.problems.map((p) => p.path)).toEqual([
      'props/authenticationProfileName',
      'props/maxContentLength',
      'props/authenticationProfileContent/Password',
    ]);
    expect(error.message.split('\n')).toHaveLength(4);
    expect(error.message.split('\n')[0]).toBe('stack/p: 3 invalid properties:');
  });

  test('a failed construct leaves nothing behind to synthesize: the app never writes', () => {
    const app = Testing.app();
    const stack = new TerraformStack(app, 'stack');
    expect(() => new AuthenticationProfile(stack, 'p', { ...VALID, authenticationProfileName: '' })).toThrow(ValidationError);
  });
});

describe('AuthenticationProfile lookup', () => {
  test('fromAuthenticationProfileName emits nothing and exposes the name, id and canonical content', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    const existing = AuthenticationProfile.fromAuthenticationProfileName(stack, 'existing', 'shared-profile', {
      authenticationProfileContent: '{"b":"2","a":"1"}',
    });
    expect(existing.id).toBe('shared-profile');
    expect(existing.authenticationProfileName).toBe('shared-profile');
    expect(existing.authenticationProfileContent).toBe('{"a":"1","b":"2"}');
    const json = synthJson(stack);
    expect(json.resource).toBeUndefined();
    expect(json.import).toBeUndefined();
  });

  test('without state the content is unknown', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    expect(AuthenticationProfile.fromAuthenticationProfileName(stack, 'existing', 'shared').authenticationProfileContent).toBeUndefined();
  });

  test('a bad name or state content is refused at lookup too', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    const error = errorOf(() =>
      AuthenticationProfile.fromAuthenticationProfileName(stack, 'existing', 'bad_name', { authenticationProfileContent: '[]' }),
    );
    expect(error.constructPath).toBe('stack/existing');
    expect(error.problems.map((p) => p.path)).toEqual(['authenticationProfileName', 'state/authenticationProfileContent']);
  });
});

describe('AuthenticationProfile adoption', () => {
  test('adopt declares the profile and an import block whose id is the name', () => {
    const stack = newStack();
    const profile = AuthenticationProfile.adopt(stack, 'legacy', { ...VALID, authenticationProfileName: 'legacy' });
    const json = synthJson(stack);
    expect(json.import).toEqual([{ id: 'legacy', to: profile.address }]);
    expect(json.resource.aws_redshift_authentication_profile[profile.address.split('.')[1]].authentication_profile_name).toBe('legacy');
  });

  test('generateConfigForImport emits only an import block', () => {
    const stack = newStack();
    const target = AuthenticationProfile.generateConfigForImport(stack, 'handmade', 'handmade-profile');
    const json = synthJson(stack);
    expect(target.address).toBe('aws_redshift_authentication_profile.handmade');
    expect(json.import).toEqual([{ id: 'handmade-profile', to: 'aws_redshift_authentication_profile.handmade' }]);
    expect(json.resource).toBeUndefined();
  });

  test('generateConfigForImport refuses a bad name', () => {
    expect(() => AuthenticationProfile.generateConfigForImport(newStack(), 'x', 'no_underscores')).toThrow(
      /stack\/x: 1 invalid property:\n {2}authenticationProfileName: received "no_underscores"/,
    );
  });

  test('adopting many profiles adds one terraform version check per stack, not one per profile', () => {
    const stack = newStack();
    for (let i = 0; i < 50; i++) AuthenticationProfile.adopt(stack, `p${i}`, { ...VALID, authenticationProfileName: `p${i}` });
    // Every check cdktf runs for import blocks is a ValidateTerraformVersion; count the runs.
    const validate = jest.spyOn(ValidateBinaryVersion.prototype, 'validate');
    try {
      expect(synthJson(stack).import).toHaveLength(50);
      expect(validate.mock.contexts.filter((check) => check instanceof ValidateTerraformVersion)).toHaveLength(1);
    } finally {
      validate.mockRestore();
    }
  });

  test('an import block in a second stack goes to that stack', () => {
    const app = new App();
    const a = new TerraformStack(app, 'a');
    const b = new TerraformStack(app, 'b');
    new AwsProvider(a, 'aws');
    new AwsProvider(b, 'aws');
    AuthenticationProfile.adopt(a, 'p', VALID);
    AuthenticationProfile.generateConfigForImport(b, 'q', 'other');
    expect(synthJson(a).import.map((i: any) => i.id)).toEqual(['analysts']);
    expect(synthJson(b).import.map((i: any) => i.id)).toEqual(['other']);
  });
});

describe('AwsProvider', () => {
  test('writes region, endpoints and skip settings, and requires aws 5.x or 6.x', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    new AwsProvider(stack, 'aws', {
      region: 'eu-west-1',
      endpoints: { redshift: 'http://127.0.0.1:4566' },
      skipCredentialsValidation: true,
      skipRequestingAccountId: true,
      skipMetadataApiCheck: true,
      alias: 'local',
    });
    const json = synthJson(stack);
    expect(json.provider.aws).toEqual([
      {
        alias: 'local',
        region: 'eu-west-1',
        endpoints: [{ redshift: 'http://127.0.0.1:4566' }],
        skip_credentials_validation: true,
        skip_requesting_account_id: true,
        skip_metadata_api_check: true,
      },
    ]);
    expect(json.terraform.required_providers.aws).toEqual({ source: 'hashicorp/aws', version: '>= 5.0, < 7.0' });
  });

  test('refuses access keys as props and names what is allowed', () => {
    const props = { region: 'us-east-1', accessKey: 'AKIA…' } as any;
    const error = errorOf(() => new AwsProvider(new TerraformStack(Testing.app(), 'stack'), 'aws', props));
    expect(error.problems[0].path).toBe('props/accessKey');
    expect(error.problems[0].allowed).toMatch(/no such property; known properties: region, endpoints/);
  });

  test('refuses a malformed region and a non-URL endpoint', () => {
    const error = errorOf(
      () => new AwsProvider(new TerraformStack(Testing.app(), 'stack'), 'aws', { region: 'Europe', endpoints: { redshift: 'localhost:1' } }),
    );
    expect(error.problems.map((p) => p.path)).toEqual(['props/region', 'props/endpoints/redshift']);
  });

  test('a profile in a stack without an aws provider fails synth with cdktf naming the missing provider', () => {
    const stack = new TerraformStack(Testing.app(), 'stack');
    new AuthenticationProfile(stack, 'p', VALID);
    expect(() => Testing.synth(stack, true)).toThrow(/for the following providers: aws/);
  });
});
