// The published cdktf package (issue 9): built by jsii from a clean copy of the
// sources, its tarball, its API reference, the other languages' code, and a
// fresh app at the lowest and highest framework versions the package declares.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as fc from 'fast-check';
import { propertySeed } from '../support/property-runs';
import { packStaged, stagePackage } from '../../scripts/stage-package';
import { App, TerraformStack } from '../../lib/core/framework';
import { AuthenticationProfile } from '../../lib';
import { errorOf } from '../support/errors';
import { fragmentsOf, hostileString } from '../support/hostile-strings';
import { consumerApp, expectAllBlocks, expectUserLifecycleValid, runLifecycle } from './consumer-support';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

let staged: string;
let tarball: string;
const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'packs-'));

beforeAll(() => {
  staged = stagePackage('cdktf');
  tarball = packStaged(staged, packs);
});

afterAll(() => {
  fs.rmSync(staged, { recursive: true, force: true });
  fs.rmSync(packs, { recursive: true, force: true });
});

describe('the cdktf package', () => {
  test('GIVEN the tarball THEN it holds the compiled library, its types, the assembly and the docs, and nothing else', () => {
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, ''));
    const own = files.filter((f) => !f.startsWith('node_modules/'));
    const unexpected = own.filter((f) => !/^dist\/lib\/.+\.(js|d\.ts)$/.test(f) && !['.jsii', 'API.md', 'README.md', 'LICENSE', 'package.json', 'docs/explain-report.schema.json'].includes(f));
    expect(unexpected).toEqual([]);
    expect(own).toEqual(expect.arrayContaining(['dist/lib/index.js', 'dist/lib/index.d.ts', '.jsii', 'API.md', 'README.md', 'LICENSE', 'docs/explain-report.schema.json']));
    const bundled = new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/')[1]));
    expect([...bundled].sort()).toEqual(['ajv', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 'require-from-string']);
  });

  test('GIVEN the assembly THEN API.md is what jsii-docgen writes from it (run `npm run build && npm run docgen` when this fails)', () => {
    const out = path.join(packs, 'API.md');
    execFileSync(path.join(BIN, 'jsii-docgen'), ['--output', out], { cwd: staged, stdio: 'pipe' });
    expect(fs.readFileSync(path.join(ROOT, 'API.md'), 'utf8')).toBe(fs.readFileSync(out, 'utf8'));
  });

  test('GIVEN the assembly THEN every type, parameter and optional property is documented, with @default', () => {
    const assembly = JSON.parse(fs.readFileSync(path.join(staged, '.jsii'), 'utf8'));
    const missing: string[] = [];
    for (const [fqn, type] of Object.entries<any>(assembly.types)) {
      if (!type.docs?.summary) missing.push(`${fqn}: summary`);
      const callables = [...(type.initializer ? [{ name: '<init>', ...type.initializer }] : []), ...(type.methods ?? [])];
      for (const c of callables) for (const p of c.parameters ?? []) if (!p.docs?.summary) missing.push(`${fqn}.${c.name}(${p.name})`);
      for (const p of type.properties ?? []) {
        if (!p.docs?.summary) missing.push(`${fqn}.${p.name}: summary`);
        if (type.kind === 'interface' && type.datatype && p.optional && p.docs?.default === undefined) missing.push(`${fqn}.${p.name}: @default`);
      }
      for (const m of type.members ?? []) if (!m.docs?.summary) missing.push(`${fqn}.${m.name}: summary`);
    }
    expect(missing).toEqual([]);
  });

  test('GIVEN jsii-pacmak --code-only THEN Python, Java, C# and Go name the props as each language does', () => {
    const out = path.join(packs, 'pacmak');
    execFileSync(path.join(BIN, 'jsii-pacmak'), ['--code-only', '--targets', 'python,java,dotnet,go', '--outdir', out], { cwd: staged, stdio: 'pipe', timeout: 300_000 });
    const read = (dir: string, pattern: RegExp): string => {
      const texts: string[] = [];
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else if (pattern.test(e.name)) texts.push(fs.readFileSync(p, 'utf8'));
        }
      };
      walk(path.join(out, dir));
      return texts.join('\n');
    };
    const python = read('python', /\.py$/);
    for (const name of ['authentication_profile_name', 'authentication_profile_content', 'resource_id', 'bindings', 'items', 'remaining_item_count', 'continue_']) {
      expect(python).toMatch(new RegExp(`\\bdef ${name}\\b`));
    }
    const csharp = read('dotnet', /\.cs$/);
    const go = read('go', /\.go$/);
    for (const name of ['AuthenticationProfileName', 'ResourceId', 'RemainingItemCount', 'Continue', 'Namespace', 'Type']) {
      expect(csharp).toMatch(new RegExp(`\\b${name}\\b`));
      expect(go).toMatch(new RegExp(`\\b${name}\\b`));
    }
    const java = read('java', /\.java$/);
    expect(java).toMatch(/getAuthenticationProfileName\(\)/);
    expect(java).toMatch(/getContinueValue\(\)/);
  });

  test('GIVEN the jsii kernel, which Python, Java, C# and Go drive THEN a validation failure reaches them as a message Errors reads back', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Kernel } = require('@jsii/kernel');
    const kernel = new Kernel(() => {
      throw new Error('no callbacks expected');
    });
    const deps = execFileSync('npm', ['pack', '--json', 'constructs@10.7.2', 'cdktf@0.21.0', '--pack-destination', packs], { cwd: packs, encoding: 'utf8' });
    for (const { name, version, filename } of JSON.parse(deps.slice(deps.indexOf('[')))) kernel.load({ name, version, tarball: path.join(packs, filename) });
    kernel.load({ name: pkg.name, version: pkg.version, tarball });
    const app = kernel.create({ fqn: 'cdktf.App', args: [] });
    const stack = kernel.create({ fqn: 'cdktf.TerraformStack', args: [app, 'stack'] });
    let message = '';
    try {
      kernel.create({
        fqn: `${pkg.name}.AuthenticationProfile`,
        args: [stack, 'p', { authenticationProfileName: 'bad_name', authenticationProfileContent: '{"Password":"hunter2"}' }],
      });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^stack\/p: 2 invalid properties:/);
    expect(message).not.toContain('hunter2');
    const details = kernel.sinvoke({ fqn: `${pkg.name}.Errors`, method: 'validationDetails', args: [message] }).result;
    const get = (objref: any, property: string) => kernel.get({ objref, property }).value;
    expect(get(details, 'constructPath')).toBe('stack/p');
    expect(get(details, 'problems').map((p: any) => get(p, 'path'))).toEqual(['props/authenticationProfileName', 'props/authenticationProfileContent/Password']);
    expect(kernel.sinvoke({ fqn: `${pkg.name}.Errors`, method: 'isValidationError', args: ['boom'] }).result).toBe(false);

    // Hostile construct ids and content keys (issue 18, item 7): what another language reads back from
    // the message, through the kernel and a JSON wire, is exactly the error's own path and first 50 problems.
    const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x));
    const readBack = (id: string, content: string) => {
      let thrown = '';
      try {
        kernel.create({ fqn: `${pkg.name}.AuthenticationProfile`, args: [stack, id, { authenticationProfileName: 'bad_name', authenticationProfileContent: content }] });
      } catch (e) {
        thrown = wire((e as Error).message);
      }
      const ref = kernel.sinvoke({ fqn: `${pkg.name}.Errors`, method: 'validationDetails', args: [thrown] }).result;
      const problems = (get(ref, 'problems') as any[]).map((p) => ({ path: get(p, 'path'), received: get(p, 'received'), allowed: get(p, 'allowed') }));
      return wire({ constructPath: get(ref, 'constructPath'), problemCount: get(ref, 'problemCount'), problems });
    };
    const expected = (id: string, content: string) => {
      const error = errorOf(() => new AuthenticationProfile(new TerraformStack(new App(), 'stack'), id, { authenticationProfileName: 'bad_name', authenticationProfileContent: content }));
      return { constructPath: error.constructPath, problemCount: error.problems.length, problems: error.problems.slice(0, 50) };
    };
    const FORMAT_TEXT = [': received ', '; allowed: ', ': 1 invalid property:', '  … and 2 more', '\\', '\\u000A', '\\:', '\\;'];
    const keys = [...fragmentsOf(), ...FORMAT_TEXT].map((f, i) => `k${i}${f}`);
    const cases: [string, string][] = [
      // Every fragment of the alphabet as a key at once: more than 50 problems.
      ['p: received x; allowed: y\\', JSON.stringify(Object.fromEntries(keys.map((k) => [k, 1])))],
      ...fc.sample(fc.tuple(hostileString({ nonEmpty: true }), fc.array(hostileString({ nonEmpty: true }), { minLength: 1, maxLength: 4 })), { numRuns: 25, seed: propertySeed(18) }).map(
        ([id, ks]): [string, string] => [`p${id}`, JSON.stringify(Object.fromEntries(ks.map((k) => [k, [k]])))],
      ),
    ];
    cases.forEach(([id, content], i) => {
      const child = `${i}-${id}`;
      expect(readBack(child, content)).toEqual(wire(expected(child, content)));
    });
  });

  test('GIVEN a guardrail rule written in another language (an object the kernel calls back, as a Python class implementing IGuardrailRule) THEN it checks the props and its error fails synth, named', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Kernel } = require('@jsii/kernel');
    const subjects: any[] = [];
    // What the other language's object answers: its properties, and check() over the subject it is given.
    const RULE: { [property: string]: unknown } = {
      id: 'PY-1',
      title: 'Profile names start with the team',
      level: { '$jsii.enum': `${pkg.name}.GuardrailLevel/ERROR` },
      appliesTo: ['AuthenticationProfile'],
      authority: 'https://example.com/naming',
      remedy: 'Name it team-a-…',
    };
    const kernel = new Kernel((callback: any) => {
      if (callback.get !== undefined) return RULE[callback.get.property];
      if (callback.invoke?.method === 'check') {
        // The subject comes by reference, as a struct does to Python: its fields are read back through the kernel.
        const ref = callback.invoke.args[0];
        const read = (property: string) => kernel.get({ objref: ref, property }).value;
        // A map comes on the wire as { "$jsii.map": … } (the jsii kernel API), as Python's runtime reads it.
        const subject = { constructPath: read('constructPath'), constructClass: read('constructClass'), props: read('props')['$jsii.map'] };
        subjects.push(subject);
        const name = String(subject.props?.authenticationProfileName ?? '');
        return name.startsWith('team-a-') ? [] : [{ propPath: 'authenticationProfileName', message: `${name} does not start with team-a-` }];
      }
      throw new Error(`an unexpected callback: ${JSON.stringify(callback)}`);
    });
    const deps = execFileSync('npm', ['pack', '--json', 'constructs@10.7.2', 'cdktf@0.21.0', '--pack-destination', packs], { cwd: packs, encoding: 'utf8' });
    for (const { name, version, filename } of JSON.parse(deps.slice(deps.indexOf('[')))) kernel.load({ name, version, tarball: path.join(packs, filename) });
    kernel.load({ name: pkg.name, version: pkg.version, tarball });
    const app = kernel.create({ fqn: 'cdktf.App', args: [{ outdir: fs.mkdtempSync(path.join(packs, 'guardrail-')) }] });
    const stack = kernel.create({ fqn: 'cdktf.TerraformStack', args: [app, 'stack'] });
    kernel.create({ fqn: `${pkg.name}.AwsProvider`, args: [stack, 'aws', { region: 'us-east-1' }] });
    const rule = kernel.create({
      fqn: 'Object',
      interfaces: [`${pkg.name}.IGuardrailRule`],
      overrides: [...Object.keys(RULE).map((property) => ({ property })), { method: 'check' }],
    });
    const guardrails = kernel.sinvoke({ fqn: `${pkg.name}.Guardrails`, method: 'of', args: [stack] }).result;
    kernel.invoke({ objref: guardrails, method: 'addRule', args: [rule] });
    kernel.create({ fqn: `${pkg.name}.AuthenticationProfile`, args: [stack, 'ok', { authenticationProfileName: 'team-a-x', authenticationProfileContent: '{}' }] });
    kernel.create({ fqn: `${pkg.name}.AuthenticationProfile`, args: [stack, 'wrong', { authenticationProfileName: 'other', authenticationProfileContent: '{}' }] });
    let message = '';
    try {
      kernel.invoke({ objref: app, method: 'synth', args: [] });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('1 guardrail error');
    expect(message).toContain('PY-1 (error) wrong authenticationProfileName: other does not start with team-a-');
    // The subject it was given: the construct's path, class and props as plain data.
    expect(subjects.map((s) => [s.constructPath, s.constructClass, s.props.authenticationProfileName])).toEqual([
      ['ok', 'AuthenticationProfile', 'team-a-x'],
      ['wrong', 'AuthenticationProfile', 'other'],
    ]);
  });

  // The ends of the declared peer ranges: cdktf >=0.20.0 <0.22.0, constructs ^10.3.0.
  test.each([
    ['lowest', '0.20.0', '10.3.0'],
    ['highest', '0.21.0', '10.8.1'],
  ])('GIVEN a fresh cdktf app at the %s versions (cdktf %s, constructs %s) THEN a strict consumer compiles and synthesizes all three constructs; at the highest, the dependsOn and replaceTriggeredBy it gives validate and its profiles are created, renamed, moved and released with the real terraform', async (_, cdktf, constructs) => {
    expect(pkg.peerDependencies).toEqual({ cdktf: '>=0.20.0 <0.22.0', constructs: '^10.3.0' });
    const app = consumerApp(tarball, pkg.name, 'cdktf', [`cdktf@${cdktf}`, `constructs@${constructs}`]);
    try {
      const installed = (name: string) => JSON.parse(fs.readFileSync(path.join(app.dir, 'node_modules', name, 'package.json'), 'utf8')).version;
      expect([installed('cdktf'), installed('constructs')]).toEqual([cdktf, constructs]);
      expect(fs.existsSync(path.join(app.dir, 'node_modules', pkg.name, 'node_modules', 'cdktf'))).toBe(false);
      expectAllBlocks(app.stack('all'));
      // The package's one command, as installed and named after it (no generic `adopt` in the app's .bin):
      // `adopt nodes --from-file` writes a module that compiles strictly in the app.
      const bins = path.join(app.dir, 'node_modules', '.bin');
      expect(fs.existsSync(path.join(bins, 'adopt'))).toBe(false);
      const command = path.join(bins, pkg.name);
      expect(execFileSync(command, ['--help'], { cwd: app.dir, encoding: 'utf8' })).toMatch(new RegExp(`^usage: ${pkg.name} <command>[\\s\\S]*\\n  adopt `));
      expect(execFileSync(command, ['adopt', 'nodes', '--help'], { cwd: app.dir, encoding: 'utf8' })).toContain(`${pkg.name} adopt nodes --from-file KUBECTL_JSON --out FILE`);
      const fixture = path.join(ROOT, '__tests__', 'cluster', 'fixtures', 'kubectl-get-nodes.json');
      execFileSync(command, ['adopt', 'nodes', '--from-file', fixture, '--out', 'adopted.ts'], { cwd: app.dir, stdio: 'pipe' });
      expect(fs.readFileSync(path.join(app.dir, 'adopted.ts'), 'utf8')).toContain(`from "${pkg.name}"`);
      const tsconfig = { compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, skipLibCheck: false, esModuleInterop: true, noEmit: true, types: [] }, files: ['adopted.ts'] };
      fs.writeFileSync(path.join(app.dir, 'tsconfig.adopted.json'), JSON.stringify(tsconfig));
      execFileSync(path.join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.adopted.json'], { cwd: app.dir, stdio: 'pipe' });
      // Issue 19 item 5: the terraform part once per framework (its cost is the provider's, not the version's);
      // the lifecycle not in the runtime matrix (scripts/test-runtimes.sh: RUNTIME_MATRIX), for the same reason.
      if (cdktf === '0.21.0') {
        expectUserLifecycleValid(app);
        if (!process.env.RUNTIME_MATRIX) process.stdout.write(`cdktf package ${await runLifecycle(app)}\n`);
      }
    } finally {
      fs.rmSync(app.dir, { recursive: true, force: true });
    }
  }, 10 * 60 * 1000);
});
