// Benchmark harness (issue 6). `npm run bench` — not part of `npm test`. Prints figures; asserts nothing.
//
// Every scenario runs in its own child process (peak RSS is per scenario), baseline and library
// interleaved (A B A B …) for a few rounds; medians are reported. The library and the bench are
// first transpiled to plain JavaScript in a temp dir, so both variants load compiled code, as a
// user of the published package would.
//
// Options: --rounds=N (default 3; below N = 10,000 the synth scenario runs more: roundsAt)
//          --only=synth,adopt,cold,footprint (default; add scale for scenario 2)
//          --frameworks=cdktf,cdktn (default: the synth scenario runs on both; the others on cdktf)
//          --ns=100,1000,10000  --scale-n=100000 (scenario 2: one round)  --adopt-rounds=N (default 2)
//          --aws-size=skip (no npm look-up of @cdktf/provider-aws)
//          --against=REV (the synth scenario also runs the library as it was at git revision REV, built
//          from `git archive`, interleaved in the same rounds: lib/old and the document sizes side by side)
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');

function option(name: string, fallback: string): string {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? hit.slice(name.length + 3) : fallback;
}

const ROUNDS = Number(option('rounds', '3'));
/**
 * The synth scenario's rounds at N: `--rounds` at 10,000 and above, more below it, `--rounds` × √(10,000 / N)
 * (at most 7 ×). A run of 1,000 takes under a second and spreads by ±10% (the JIT's warm-up, the collector),
 * so three rounds cannot resolve a 5% difference there; ten or more do.
 */
function roundsAt(n: number): number {
  return n >= 10_000 ? ROUNDS : Math.min(7 * ROUNDS, Math.round(ROUNDS * Math.sqrt(10_000 / n)));
}
const ADOPT_ROUNDS = Number(option('adopt-rounds', '2'));
const ONLY = option('only', 'synth,adopt,cold,footprint').split(',');
const NS = option('ns', '100,1000,10000').split(',').map(Number);
const SCALE_N = Number(option('scale-n', '100000'));
const CONSTRUCTS = ['profiles', 'policies', 'nodes'] as const;
const FRAMEWORKS = option('frameworks', 'cdktf,cdktn').split(',');
const AGAINST = option('against', '');

// ---------------------------------------------------------------- build
function transpileTree(src: string, out: string): void {
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, entry.name);
    if (entry.isDirectory()) {
      transpileTree(from, path.join(out, entry.name));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
      const output = ts.transpileModule(fs.readFileSync(from, 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
        fileName: from,
      });
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, entry.name.replace(/\.ts$/, '.js')), output.outputText);
    }
  }
}

export function build(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-bench-build-'));
  transpileTree(path.join(ROOT, 'lib'), path.join(dir, 'lib'));
  transpileTree(path.join(ROOT, 'bench'), path.join(dir, 'bench'));
  return dir;
}

/** The library as it was at git revision `rev` (its lib/ from `git archive`), with this bench's own scenarios. */
function buildRevision(rev: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-bench-rev-'));
  const source = path.join(dir, 'source');
  fs.mkdirSync(source);
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(rev)} lib | tar -x -C ${JSON.stringify(source)}`], { cwd: ROOT });
  transpileTree(path.join(source, 'lib'), path.join(dir, 'lib'));
  transpileTree(path.join(ROOT, 'bench'), path.join(dir, 'bench'));
  fs.rmSync(source, { recursive: true, force: true });
  return dir;
}

/** Build directories by variant: `old` is the --against revision's. */
const builds: { [variant: string]: string } = {};

// ---------------------------------------------------------------- children
interface ChildResult {
  kind: string;
  variant: string;
  construct: string;
  n: number;
  sinceProcessStartMs: number;
  loadMs: number;
  constructMs: number;
  synthMs: number;
  workMs: number;
  peakRssMb: number;
  resources: number;
  documentBytes: number;
  processWallMs: number;
}

function runChild(buildDir: string, args: string[], framework: string): ChildResult {
  // The --against revision runs the library variant from its own build.
  if (args[1] === 'old') {
    buildDir = builds.old;
    args = [args[0], 'lib', ...args.slice(2)];
  }
  const started = process.hrtime.bigint();
  // scripts/framework.js maps the framework module (and the datadog binding) for CDK_FRAMEWORK=cdktn.
  const preload = ['-r', path.join(ROOT, 'scripts', 'framework.js')];
  const child = spawnSync(process.execPath, ['--max-old-space-size=2048', ...preload, path.join(buildDir, 'bench', 'child.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules'), CDK_FRAMEWORK: framework },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const processWallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('RESULT '));
  if (child.status !== 0 || !line) {
    throw new Error(`child ${args.join(' ')} failed (status ${child.status}, signal ${child.signal}):\n${(child.stderr ?? '').slice(-3000)}`);
  }
  return { ...JSON.parse(line.slice(7)), processWallMs };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface Pair {
  scenario: string;
  label: string;
  metric: keyof ChildResult;
  args: (variant: 'base' | 'lib') => string[];
  rounds: number;
  n: number;
  /** cdktf or cdktn: both variants of a pair run on the same framework. */
  framework: string;
  /** Variants run besides base and lib in each round (`lib-nosource`, `old`). */
  extras?: string[];
}

/** One variant's runs, summarised. */
interface VariantSummary {
  runs: ChildResult[];
  medianMs: number;
  medianPeakRssMb: number;
  resources: number;
  documentBytes?: number;
}

interface PairResult {
  scenario: string;
  label: string;
  framework?: string;
  n: number;
  metric: string;
  rounds: number;
  base: VariantSummary;
  lib: VariantSummary;
  ratio: number;
  pairedRatio: number;
  /** The extra variants, each with its median per-round ratio to base and to lib. */
  extras?: { [variant: string]: VariantSummary & { pairedRatioToBase: number; pairedRatioOfLib: number } };
  errors?: string[];
}

function runPairs(buildDir: string, pairs: Pair[]): PairResult[] {
  const runs = new Map<Pair, { [variant: string]: ChildResult[] } & { errors: string[] }>();
  for (const p of pairs) runs.set(p, Object.assign(Object.fromEntries(['base', 'lib', ...(p.extras ?? [])].map((v) => [v, [] as ChildResult[]])), { errors: [] as string[] }) as any);
  const maxRounds = Math.max(...pairs.map((p) => p.rounds));
  for (let round = 0; round < maxRounds; round++) {
    for (const p of pairs) {
      if (round >= p.rounds) continue;
      const r = runs.get(p)!;
      for (const variant of ['base', 'lib', ...(p.extras ?? [])]) {
        try {
          const res = runChild(buildDir, p.args(variant as 'base' | 'lib'), p.framework);
          r[variant].push(res);
          process.stderr.write(`  round ${round + 1} ${p.label} ${variant}: ${(res[p.metric] as number).toFixed(0)} ms, ${res.peakRssMb.toFixed(0)} MB\n`);
        } catch (e) {
          r.errors.push(String((e as Error).message));
          process.stderr.write(`  round ${round + 1} ${p.label} ${variant}: FAILED ${(e as Error).message.split('\n').slice(0, 3).join(' | ')}\n`);
        }
      }
    }
  }
  return pairs.map((p) => {
    const r = runs.get(p)!;
    const summary = (list: ChildResult[]): VariantSummary => ({
      runs: list,
      medianMs: list.length ? median(list.map((x) => x[p.metric] as number)) : NaN,
      medianPeakRssMb: list.length ? median(list.map((x) => x.peakRssMb)) : NaN,
      resources: list.length ? list[0].resources : NaN,
      documentBytes: list.length ? list[0].documentBytes : undefined,
    });
    const base = summary(r.base);
    const lib = summary(r.lib);
    // Within each round the variants ran back to back: the median of their per-round ratios is steadier under load.
    const pairedOf = (a: ChildResult[], b: ChildResult[]) => {
      const ratios = b.map((x, i) => (a[i] ? (a[i][p.metric] as number) / (x[p.metric] as number) : NaN)).filter(Number.isFinite);
      return ratios.length ? median(ratios) : NaN;
    };
    const paired = r.base.map((b, i) => (r.lib[i] ? (r.lib[i][p.metric] as number) / (b[p.metric] as number) : NaN)).filter(Number.isFinite);
    const extras = p.extras?.length
      ? Object.fromEntries(p.extras.map((v) => [v, { ...summary(r[v]), pairedRatioToBase: pairedOf(r[v], r.base), pairedRatioOfLib: pairedOf(r.lib, r[v]) }]))
      : undefined;
    return {
      scenario: p.scenario,
      label: p.label,
      framework: p.framework,
      n: p.n,
      metric: String(p.metric),
      rounds: p.rounds,
      base,
      lib,
      ratio: lib.medianMs / base.medianMs,
      // lib/base within each round (the two ran back to back), median over rounds: steadier under load
      pairedRatio: paired.length ? median(paired) : NaN,
      ...(extras === undefined ? {} : { extras }),
      ...(r.errors.length ? { errors: r.errors } : {}),
    };
  });
}

function pairedRatioOf(r: PairResult): number {
  const m = r.metric as keyof ChildResult;
  const ratios = r.base.runs.map((b, i) => (r.lib.runs[i] ? (r.lib.runs[i][m] as number) / (b[m] as number) : NaN)).filter(Number.isFinite);
  return ratios.length ? median(ratios) : NaN;
}

// ---------------------------------------------------------------- footprint
function packageDir(name: string, from: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    const parent = path.dirname(dir);
    if (parent === dir || !dir.startsWith(ROOT)) return undefined;
    dir = parent;
  }
}

function filesUnder(dir: string, into: Map<string, number>): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(p, into);
    else if (entry.isFile()) into.set(p, fs.statSync(p).size);
  }
}

/** Apparent size of a package and its runtime dependencies, recursively, each file counted once. */
function installedSize(names: string[]): { bytes: number; packages: string[] } {
  const dirs = new Set<string>();
  const visit = (name: string, from: string) => {
    const dir = packageDir(name, from);
    if (!dir || dirs.has(dir)) return;
    dirs.add(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const n of names) visit(n, ROOT);
  const files = new Map<string, number>();
  for (const d of dirs) filesUnder(d, files);
  let bytes = 0;
  for (const size of files.values()) bytes += size;
  return { bytes, packages: [...dirs].map((d) => path.relative(path.join(ROOT, 'node_modules'), d)) };
}

/**
 * Unpacked size of a package that is not installed. The registry's metadata may lack
 * `dist.unpackedSize` (it does for @cdktf/provider-aws); then `npm pack --dry-run --json` (which
 * fetches the tarball into npm's cache, about 37 MB for aws) reports it. `--aws-size=skip` skips both.
 */
function npmUnpackedSize(name: string): { bytes?: number; version?: string; source?: string; error?: string } {
  if (option('aws-size', '') === 'skip') return { error: 'skipped (--aws-size=skip)' };
  const npm = (args: string[], cwd = ROOT) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', timeout: 180_000, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const version = JSON.parse(npm(['view', name, 'version', '--json'])) as string;
    const unpacked = npm(['view', `${name}@${version}`, 'dist.unpackedSize', '--json']).trim();
    if (unpacked && typeof JSON.parse(unpacked) === 'number') return { bytes: JSON.parse(unpacked), version, source: 'npm view dist.unpackedSize' };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-bench-pack-'));
    try {
      const packed = JSON.parse(npm(['pack', `${name}@${version}`, '--dry-run', '--json'], dir));
      const entry = Array.isArray(packed) ? packed[0] : packed;
      return { bytes: entry.unpackedSize, version: entry.version, source: 'npm pack --dry-run --json (unpackedSize)' };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0] };
  }
}

function footprint() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const deps = Object.keys(pkg.dependencies ?? {});
  const library = installedSize(deps);
  const shared = installedSize(['cdktf', 'constructs']);
  const libraryOwn = installedSize(deps.filter((d) => d !== 'cdktf' && d !== 'constructs'));
  const datadog = installedSize(['@cdktf/provider-datadog']);
  const kubernetes = installedSize(['@cdktf/provider-kubernetes']);
  const aws = npmUnpackedSize('@cdktf/provider-aws');
  const official = datadog.bytes + kubernetes.bytes + (aws.bytes ?? 0);
  return {
    libraryDependencies: { ...library, names: deps },
    libraryDependenciesWithoutCdktfAndConstructs: libraryOwn,
    cdktfAndConstructs: shared,
    official: {
      '@cdktf/provider-datadog': datadog,
      '@cdktf/provider-kubernetes': kubernetes,
      '@cdktf/provider-aws': { ...aws, installed: false },
      totalBytes: official,
      awsIncluded: aws.bytes !== undefined,
    },
    ratio: library.bytes / official,
    ratioWithoutSharedPeers: libraryOwn.bytes / official,
  };
}

// ---------------------------------------------------------------- report
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (x: number) => (Number.isFinite(x) ? (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`) : 'n/a');

function table(results: PairResult[]): string {
  const rows = [
    '| scenario | N | baseline (median) | library (median) | ratio lib/base (of medians) | ratio lib/base (median per round) | baseline peak RSS | library peak RSS | µs/item base / lib | resources base / lib |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const perItem = r.n > 1 ? `${((r.base.medianMs * 1000) / r.n).toFixed(0)} / ${((r.lib.medianMs * 1000) / r.n).toFixed(0)}` : '';
    rows.push(
      `| ${r.label} | ${r.n.toLocaleString('en')} | ${ms(r.base.medianMs)} | ${ms(r.lib.medianMs)} | ${r.ratio.toFixed(2)} | ${r.pairedRatio.toFixed(2)} | ` +
        `${r.base.medianPeakRssMb.toFixed(0)} MB | ${r.lib.medianPeakRssMb.toFixed(0)} MB | ${perItem} | ${r.base.resources} / ${r.lib.resources} |`,
    );
  }
  return rows.join('\n');
}

const kb = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

const constructionMedian = (runs: ChildResult[]) => median(runs.map((x) => x.constructMs));

/** Source locations on (lib) against off (lib-nosource), and the library against the --against revision (old), same rounds. */
function extrasTable(results: PairResult[]): string {
  const old = results.some((r) => r.extras?.old !== undefined);
  const rows = [
    `| scenario | N | rounds | lib/base | lib-nosource/base | source locations cost (lib/lib-nosource) | construction, µs an item more |${old ? ` old/base | lib/old (${AGAINST}) |` : ''} document lib / nosource / base${old ? ' / old' : ''} |`,
    `|---|---:|---:|---:|---:|---:|---:|${old ? '---:|---:|' : ''}---|`,
  ];
  for (const r of results) {
    const off = r.extras!['lib-nosource'];
    const was = r.extras!.old;
    const cost = off ? `${((off.pairedRatioOfLib - 1) * 100).toFixed(1)}%` : 'n/a';
    // What the capture adds to construction, the phase it runs in: the difference of the construction medians.
    const constructionMore = off?.runs.length && r.lib.runs.length ? (((constructionMedian(r.lib.runs) - constructionMedian(off.runs)) * 1000) / r.n).toFixed(1) : 'n/a';
    rows.push(
      `| ${r.label} | ${r.n.toLocaleString('en')} | ${r.lib.runs.length} | ${r.pairedRatio.toFixed(2)} | ${off?.pairedRatioToBase.toFixed(2) ?? 'n/a'} | ${cost} | ${constructionMore} |` +
        `${old ? ` ${was?.pairedRatioToBase.toFixed(2) ?? 'n/a'} | ${was?.pairedRatioOfLib.toFixed(2) ?? 'n/a'} |` : ''}` +
        ` ${kb(r.lib.documentBytes)} / ${kb(off?.documentBytes)} / ${kb(r.base.documentBytes)}${old ? ` / ${kb(was?.documentBytes)}` : ''} |`,
    );
  }
  return rows.join('\n');
}

function main(): void {
  const buildDir = build();
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg(),
    date: new Date().toISOString(),
  };
  const pairs: Pair[] = [];
  if (ONLY.includes('synth')) {
    for (const framework of FRAMEWORKS) {
      for (const n of NS) {
        for (const c of CONSTRUCTS) {
          // cdktf keeps the historical labels; other frameworks are named in theirs.
          const label = framework === 'cdktf' ? `synth ${c}` : `synth ${c} (${framework})`;
          const extras = ['lib-nosource', ...(AGAINST ? ['old'] : [])];
          pairs.push({ scenario: 'synth', label, framework, n, metric: 'workMs', rounds: roundsAt(n), extras, args: (v) => ['synth', v, c, String(n)] });
        }
      }
    }
  }
  if (ONLY.includes('adopt')) {
    pairs.push({ scenario: 'adopt', label: 'adopt profiles (adopt vs importFrom)', framework: 'cdktf', n: 1000, metric: 'workMs', rounds: ADOPT_ROUNDS, args: (v) => ['adopt', v, 'profiles', '1000'] });
  }
  if (ONLY.includes('cold')) {
    pairs.push({ scenario: 'cold', label: 'cold start, one of each (process start → synthesized)', framework: 'cdktf', n: 1, metric: 'sinceProcessStartMs', rounds: ROUNDS, args: (v) => ['cold', v, 'all', '1'] });
  }
  if (AGAINST) builds.old = buildRevision(AGAINST);
  process.stderr.write(`bench: ${pairs.length} pairs, ${ROUNDS} rounds (synth below 10,000: ${NS.filter((n) => n < 10_000).map((n) => `${roundsAt(n)} at ${n}`).join(', ') || 'none'}), build in ${buildDir}${AGAINST ? `, ${AGAINST} in ${builds.old}` : ''}\n`);
  const results = runPairs(buildDir, pairs);
  let scale: PairResult[] = [];
  if (ONLY.includes('scale')) {
    // Time per item is compared with N = 10,000: from this run's synth scenario, else measured here.
    const scaleNs = results.some((r) => r.scenario === 'synth' && r.n === 10000) ? [SCALE_N] : [10000, SCALE_N];
    const scalePairs: Pair[] = scaleNs.flatMap((n) =>
      CONSTRUCTS.map((c) => ({
        scenario: 'scale',
        label: `scale ${c}`,
        framework: 'cdktf',
        n,
        metric: 'workMs' as const,
        rounds: 1,
        args: (v: 'base' | 'lib') => ['synth', v, c, String(n)],
      })),
    );
    scale = runPairs(buildDir, scalePairs);
  }
  const foot = ONLY.includes('footprint') ? footprint() : undefined;
  fs.rmSync(buildDir, { recursive: true, force: true });
  if (builds.old) fs.rmSync(builds.old, { recursive: true, force: true });

  // time per item, 10,000 → SCALE_N
  const growth = scale.filter((s) => s.n === SCALE_N).map((s) => {
    const at10k =
      results.find((r) => r.scenario === 'synth' && r.n === 10000 && r.label === s.label.replace('scale', 'synth')) ??
      scale.find((r) => r.n === 10000 && r.label === s.label);
    const per = (r: PairResult | undefined, side: 'base' | 'lib') => (r ? r[side].medianMs / r.n : NaN);
    return {
      construct: s.label.replace('scale ', ''),
      n: s.n,
      libPerItemGrowth: per(s, 'lib') / per(at10k, 'lib'),
      basePerItemGrowth: per(s, 'base') / per(at10k, 'base'),
    };
  });

  // A partial run (--only=…) keeps the other scenarios' figures from the previous results.json.
  const file = path.join(ROOT, 'bench', 'results.json');
  let previous: any = {};
  if (fs.existsSync(file)) previous = JSON.parse(fs.readFileSync(file, 'utf8'));
  const carried = (list: PairResult[] | undefined) =>
    (list ?? [])
      .filter((r) => !ONLY.includes(r.scenario))
      .map((r) => ({ ...r, pairedRatio: r.pairedRatio ?? pairedRatioOf(r) }));
  const mergedResults = [...carried(previous.results), ...results];
  const mergedScale = ONLY.includes('scale') ? scale : carried(previous.scale);
  const mergedGrowth = ONLY.includes('scale') ? growth : previous.growth ?? [];
  const mergedFoot = foot ?? previous.footprint;
  const history = [...(previous.runs ?? []), { date: machine.date, only: ONLY, loadAverageAtStart: machine.loadAverageAtStart }];
  const all = [...mergedResults, ...mergedScale];
  let out = `\nMachine: ${machine.cpus} cpus (${machine.cpuModel}), ${mb(machine.memoryBytes)}, node ${machine.node}\n\n`;
  out += table(all) + '\n';
  const withExtras = results.filter((r) => r.extras !== undefined);
  if (withExtras.length) out += `\n${extrasTable(withExtras)}\n`;
  for (const r of mergedResults.filter((x) => x.scenario === 'adopt')) {
    out += `\nAdoption of ${r.n.toLocaleString('en')} profiles: library ${(r.base.medianMs / r.lib.medianMs).toFixed(1)}× faster than importFrom\n`;
  }
  if (mergedGrowth.length) {
    out += '\nTime per item, 10,000 → larger N (growth factor):\n';
    for (const g of mergedGrowth as typeof growth) out += `- ${g.construct}: library ×${g.libPerItemGrowth.toFixed(2)}, baseline ×${g.basePerItemGrowth.toFixed(2)}\n`;
  }
  const foot2 = mergedFoot as ReturnType<typeof footprint> | undefined;
  if (foot2) {
    const foot = foot2;
    out += `\nFootprint (apparent size on disk):\n`;
    out += `- library runtime dependencies (${foot.libraryDependencies.names.join(', ')}, recursively): ${mb(foot.libraryDependencies.bytes)}; without cdktf + constructs (peers of every binding): ${mb(foot.libraryDependenciesWithoutCdktfAndConstructs.bytes)}\n`;
    out += `- @cdktf/provider-datadog: ${mb(foot.official['@cdktf/provider-datadog'].bytes)}; @cdktf/provider-kubernetes: ${mb(foot.official['@cdktf/provider-kubernetes'].bytes)}; @cdktf/provider-aws: ${foot.official['@cdktf/provider-aws'].bytes !== undefined ? `${mb(foot.official['@cdktf/provider-aws'].bytes!)} (not installed; ${foot.official['@cdktf/provider-aws'].source}, ${foot.official['@cdktf/provider-aws'].version})` : `unavailable (${foot.official['@cdktf/provider-aws'].error})`}\n`;
    out += `- ratio library / official: ${foot.ratio.toFixed(4)} (1/${(1 / foot.ratio).toFixed(0)}); without cdktf + constructs: ${foot.ratioWithoutSharedPeers.toFixed(4)} (1/${(1 / foot.ratioWithoutSharedPeers).toFixed(0)})\n`;
  }
  process.stdout.write(out);

  fs.writeFileSync(
    `${file}.tmp`,
    JSON.stringify({ machine, options: { ROUNDS, ADOPT_ROUNDS, NS, SCALE_N, ONLY }, runs: history, results: mergedResults, scale: mergedScale, growth: mergedGrowth, footprint: mergedFoot }, null, 2) + '\n',
  );
  fs.renameSync(`${file}.tmp`, file);
  process.stdout.write(`\nwrote ${path.relative(ROOT, file)}\n`);
}

if (require.main === module) main();
