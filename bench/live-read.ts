// `npm run bench:adopt [-- --rounds=3 --nodes=5000 --profiles=1000]`: the
// `adopt` command at scale, from read to written module, against the loopback
// emulators, with a baseline in the same run:
// - nodes: `kubectl get nodes --chunk-size=500 -o json` (the real client) vs
//   `adopt nodes --chunk-size 500`, and `adopt nodes` with the continue token
//   expiring mid-way (410, list restarted; kubectl has no recovery for that);
// - profiles: one raw DescribeAuthenticationProfiles through the SDK written
//   as JSON vs `adopt profiles`.
// - then, once, what a user does next with the nodes module: type-check it
//   strictly against the library and synthesize its stack.
// Each measured run is its own process (peak RSS is per run); the emulators run
// in this process. Time is the reader's own, from before the read to the file
// written (process start-up excluded; kubectl's is included, a few ms).
import { execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { generateNodes, KubernetesEmulator } from '../__tests__/support/kubernetes-emulator';
import { RedshiftEmulator } from '../__tests__/support/redshift-emulator';

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

interface Measure {
  readonly ms: number;
  readonly peakRssMb: number;
}

async function child(args: string[], env: NodeJS.ProcessEnv): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [require.resolve('ts-node/dist/bin'), '--transpile-only', __filename, 'child', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (b) => (out += b));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`child ${args.join(' ')} failed (${code})`))));
  });
}

async function kubectl(server: string, chunk: number, out: string): Promise<Measure> {
  const start = process.hrtime.bigint();
  await new Promise<void>((resolve, reject) =>
    execFile('/usr/bin/time', ['-f', '%M', '-o', `${out}.rss`, 'kubectl', 'get', 'nodes', `--chunk-size=${chunk}`, `--server=${server}`, '-o', 'json'], { maxBuffer: 1 << 30, env: { ...process.env, KUBECONFIG: '/dev/null' } }, (e, stdout) => {
      if (e) return reject(e);
      fs.writeFileSync(out, stdout);
      resolve();
    }),
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, peakRssMb: Number(fs.readFileSync(`${out}.rss`, 'utf8').trim()) / 1024 };
}

async function runChild(): Promise<void> {
  const [, , , what, out, ...rest] = process.argv;
  const start = process.hrtime.bigint();
  if (what === 'adopt') {
    const { runAdopt } = require('../lib/cli/adopt');
    const code = await runAdopt([...rest, '--out', out], { stderr: () => undefined });
    if (code !== 0) throw new Error(`adopt exited ${code}`);
  } else if (what === 'use') {
    // `out` is the module adopt wrote: type-check it, then synthesize its stack.
    const { loadAdoptedModule, typeErrors } = require('../__tests__/support/adopted-module');
    const { App } = require('../lib/core/framework');
    const errors: string[] = typeErrors([out]);
    if (errors.length > 0) throw new Error(`the module does not type-check: ${errors[0]}`);
    const checked = Number(process.hrtime.bigint() - start) / 1e6;
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-adopt-synth-'));
    const app = new App({ outdir });
    new (loadAdoptedModule(out).AdoptedNodesStack)(app, 'nodes');
    app.synth();
    const config = JSON.parse(fs.readFileSync(path.join(outdir, 'stacks', 'nodes', 'cdk.tf.json'), 'utf8'));
    fs.rmSync(outdir, { recursive: true, force: true });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(JSON.stringify({ ms, checkedMs: checked, imports: (config.import ?? []).length, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
    return;
  } else {
    const { RedshiftClient, DescribeAuthenticationProfilesCommand } = require('@aws-sdk/client-redshift');
    const result = await new RedshiftClient({ endpoint: rest[0], region: 'us-east-1' }).send(new DescribeAuthenticationProfilesCommand({}));
    fs.writeFileSync(out, JSON.stringify(result.AuthenticationProfiles));
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const rounds = option('rounds', 3);
  const nodeCount = option('nodes', 5000);
  const profileCount = option('profiles', 1000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-adopt-'));
  const rows: string[] = [];
  const report = (label: string, base: Measure[], lib: Measure[], baseLabel: string) => {
    const b = median(base.map((m) => m.ms));
    const l = median(lib.map((m) => m.ms));
    rows.push(`| ${label} | ${baseLabel}: ${b.toFixed(0)} ms, ${median(base.map((m) => m.peakRssMb)).toFixed(0)} MB | ${l.toFixed(0)} ms, ${median(lib.map((m) => m.peakRssMb)).toFixed(0)} MB | ${(l / b).toFixed(2)} |`);
  };

  const nodes = generateNodes(nodeCount);
  const steady = await KubernetesEmulator.start({ nodes });
  const creds = { AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE', AWS_SECRET_ACCESS_KEY: 'fake', AWS_REGION: 'us-east-1' };
  const redshift = await RedshiftEmulator.start({ maxProfiles: profileCount });
  for (let i = 0; i < profileCount; i++) redshift.putProfile(`profile-${String(i).padStart(5, '0')}`, JSON.stringify({ Tenant: `t${i}`, AllowDBUserOverride: '1', Client_ID: `client-${i}` }));
  try {
    const base: Measure[] = [];
    const lib: Measure[] = [];
    const libExpiring: Measure[] = [];
    const profilesBase: Measure[] = [];
    const profilesLib: Measure[] = [];
    for (let r = 0; r < rounds; r++) {
      base.push(await kubectl(steady.url, 500, path.join(dir, 'kubectl.json')));
      lib.push(await child(['adopt', path.join(dir, 'nodes.ts'), 'nodes', '--kubeconfig', steady.writeKubeconfig(dir), '--chunk-size', '500'], {}));
      // A fresh emulator per round: its tokens expire once, half-way through the pages.
      const expiring = await KubernetesEmulator.start({ nodes, expireTokensAfter: Math.ceil(nodeCount / 500 / 2), inconsistentContinue: false });
      try {
        libExpiring.push(await child(['adopt', path.join(dir, 'nodes-expiring.ts'), 'nodes', '--kubeconfig', expiring.writeKubeconfig(dir), '--chunk-size', '500'], {}));
        if (!expiring.listRequests().some((q) => q.status === 410)) throw new Error('no continue token expired during the read');
      } finally {
        await expiring.stop();
      }
      profilesBase.push(await child(['sdk', path.join(dir, 'profiles.json'), redshift.url], creds));
      profilesLib.push(await child(['adopt', path.join(dir, 'profiles.ts'), 'profiles', '--endpoint', redshift.url], creds));
    }
    const written = (f: string) => `${(fs.statSync(path.join(dir, f)).size / 1e6).toFixed(1)} MB`;
    report(`${nodeCount} nodes, chunks of 500 (module ${written('nodes.ts')})`, base, lib, 'kubectl');
    report(`${nodeCount} nodes, chunks of 500, token expired mid-way (list restarted)`, base, libExpiring, 'kubectl, no expiry');
    report(`${profileCount} profiles (module ${written('profiles.ts')})`, profilesBase, profilesLib, 'raw SDK read to JSON');
    const use = (await child(['use', path.join(dir, 'nodes.ts')], {})) as Measure & { checkedMs: number; imports: number };
    console.log(`adopt at scale, median of ${rounds} rounds (${os.cpus().length} CPUs, Node ${process.version}):\n`);
    console.log('| scenario | baseline: time, peak RSS | adopt: time, peak RSS | ratio adopt/base (time) |');
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(
      `\nthe ${nodeCount}-node module, once: strict type-check ${use.checkedMs.toFixed(0)} ms, then synth ` +
        `${(use.ms - use.checkedMs).toFixed(0)} ms to ${use.imports} import blocks; peak RSS ${use.peakRssMb.toFixed(0)} MB`,
    );
  } finally {
    await Promise.all([steady.stop(), redshift.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  runChild().catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  void main();
}
