// Profiles one scenario with `node --cpu-prof` and prints where the time went (self time by
// function and by package/file, and the library's functions by inclusive time). Usage:
//   npx ts-node --transpile-only bench/profile.ts <kind> <variant> <construct> <n>
//   e.g. bench/profile.ts synth lib profiles 10000; CDK_FRAMEWORK=cdktn for cdktn
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { build } from './run';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

function where(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 13).split('/').slice(0, url.slice(nm + 13).startsWith('@') ? 2 : 1).join('/');
  const lib = url.indexOf('/lib/');
  if (url.includes('cdktf-bench-build-') && lib >= 0) return url.slice(lib + 1);
  if (url.includes('cdktf-bench-build-')) return url.slice(url.indexOf('/bench/') + 1);
  return url || '(native/gc)';
}

function main(): void {
  const args = process.argv.slice(2);
  const buildDir = build();
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-bench-prof-'));
  // scripts/framework.js maps the framework module for CDK_FRAMEWORK=cdktn, as the bench's children do.
  const preload = ['-r', path.join(__dirname, '..', 'scripts', 'framework.js')];
  const child = spawnSync(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--max-old-space-size=2048', ...preload, path.join(buildDir, 'bench', 'child.js'), ...args], {
    env: { ...process.env, NODE_PATH: path.join(__dirname, '..', 'node_modules') },
    encoding: 'utf8',
  });
  process.stdout.write(child.stdout);
  if (child.status !== 0) process.stderr.write(child.stderr);
  const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
  const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8'));
  const keep = path.join(os.tmpdir(), `bench-${args.join('-')}.cpuprofile`);
  fs.copyFileSync(path.join(profDir, file), keep);
  // A sample's time is its own interval (timeDeltas), not the mean: V8 samples more often in some code than
  // in other, and the mean under-counted a run by more than half.
  const samples = profile.samples as number[];
  const ms = (i: number) => (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const nodes = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  samples.forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const f = where(frame.url);
    const fn = `${frame.functionName || '(anonymous)'} ${f}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms(i));
    byFile.set(f, (byFile.get(f) ?? 0) + ms(i));
  });
  // Inclusive time of the library's own functions: a sample counts once for each function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes as ProfileNode[]) for (const c of node.children ?? []) parent.set(c, node.id);
  const inclusive = new Map<string, number>();
  samples.forEach((sample, i) => {
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const frame = nodes.get(id)!.callFrame;
      const file = where(frame.url);
      if (!file.startsWith('lib/')) continue;
      const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
      if (!seen.has(fn)) inclusive.set(fn, (inclusive.get(fn) ?? 0) + ms(i));
      seen.add(fn);
    }
  });
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, t]) => `  ${t.toFixed(0).padStart(7)} ms  ${name}`).join('\n');
  process.stdout.write(
    `\nself time by file/package:\n${top(byFile, 15)}\n\nself time by function:\n${top(byFunction, 25)}\n\nthe library's functions, inclusive:\n${top(inclusive, 25)}\n\nprofile kept at ${keep}\n`,
  );
  fs.rmSync(profDir, { recursive: true, force: true });
  fs.rmSync(buildDir, { recursive: true, force: true });
}

main();
