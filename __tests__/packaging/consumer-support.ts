// Installs a packed tarball into a fresh app from the npm registry, compiles a
// strict TypeScript consumer against it and synthesizes: what a user does.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

export interface ConsumerApp {
  readonly dir: string;
  /** The synthesized JSON of a stack. */
  stack(name: string): any;
}

/** A fresh app with `dependencies` and the tarball installed, the consumer compiled and run. */
export function consumerApp(tarball: string, packageName: string, framework: 'cdktf' | 'cdktn', dependencies: string[]): ConsumerApp {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `consumer-${framework}-`));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...dependencies, tarball], { cwd: dir, stdio: 'pipe', timeout: 300_000 });
  const source = fs
    .readFileSync(path.join(__dirname, 'fixtures', 'consumer.ts'), 'utf8')
    .replace("'PACKAGE'", `'${packageName}'`)
    .replace("'FRAMEWORK'", `'${framework}'`);
  fs.writeFileSync(path.join(dir, 'consumer.ts'), source);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, skipLibCheck: false, esModuleInterop: true, outDir: 'out', types: [] },
      files: ['consumer.ts'],
    }),
  );
  execFileSync(TSC, ['-p', 'tsconfig.json'], { cwd: dir, stdio: 'pipe' });
  execFileSync(process.execPath, ['out/consumer.js'], { cwd: dir, stdio: 'pipe', env: { ...process.env, CDK_FRAMEWORK: '' } });
  return {
    dir,
    stack: (name) => JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.out', 'stacks', name, 'cdk.tf.json'), 'utf8')),
  };
}

/** The resource types, data sources and providers a consumer's `all` stack must hold. */
export function expectAllBlocks(all: any): void {
  expect(Object.keys(all.resource).sort()).toEqual(
    ['aws_redshift_authentication_profile', 'datadog_restriction_policy', 'kubernetes_manifest', 'null_resource'].sort(),
  );
  expect(Object.keys(all.provider).sort()).toEqual(['aws', 'datadog', 'kubernetes', 'null']);
  const [profile] = Object.values<any>(all.resource.aws_redshift_authentication_profile);
  expect(profile.authentication_profile_content).toBe('{"a":"1","b":"2"}');
  expect(profile.lifecycle.replace_triggered_by[0]).toMatch(/^null_resource\./);
  const [policy] = Object.values<any>(all.resource.datadog_restriction_policy);
  expect(policy).toMatchObject({ resource_id: 'dashboard:abc-def-ghi', bindings: [{ relation: 'viewer', principals: ['role:00000000-0000-1111-0000-000000000001'] }] });
  const [node] = Object.values<any>(all.resource.kubernetes_manifest);
  expect(node.manifest).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1' } });
}
