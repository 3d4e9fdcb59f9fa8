/**
 * Terraform as the judge of the HCL output: a stack is synthesized as JSON and
 * as HCL, and the real `terraform` plans each (against echo providers, see
 * ./echo-provider). The two must agree on everything Terraform read: every
 * resource's planned values, every import and its id, every data source's
 * configuration, every failed condition's message; or fail in the same way.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App } from '../../lib/core/framework';
import { startEchoProviders, EchoProviders } from './echo-provider';
import { ALL_PROVIDERS, ProviderSchema } from './echo-provider/schemas';
import { synthApp } from './synth';
import { terraformAsync } from './terraform-async';

/** What Terraform read from one output. */
export interface TerraformReading {
  /** `ok`: a plan; `failed`: the diagnostics of a failed plan (or init). */
  readonly outcome: 'ok' | 'failed';
  /** The plan's resource changes, data sources and outputs, or the error diagnostics. */
  readonly reading: unknown;
}

export interface Verdict {
  readonly json: TerraformReading;
  readonly hcl: TerraformReading;
  readonly agree: boolean;
  /** The stack directories, for a look at a disagreement. */
  readonly dirs: { readonly json: string; readonly hcl: string };
}

/** The first place where two readings differ, as `path: json value | hcl value`. */
export function firstDifference(json: unknown, hcl: unknown, at = ''): string | undefined {
  if (JSON.stringify(json) === JSON.stringify(hcl)) return undefined;
  if (json && hcl && typeof json === 'object' && typeof hcl === 'object') {
    for (const key of new Set([...Object.keys(json), ...Object.keys(hcl)])) {
      const found = firstDifference((json as any)[key], (hcl as any)[key], `${at}/${key}`);
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(json)} | ${JSON.stringify(hcl)}`;
}

/** Reattached echo providers shared by the judgements of one run. */
export class HclJudge {
  /** Starts the echo providers; `schemas` replace the default schema of the same provider (AWS_6 for aws 6.x). */
  public static async start(schemas: readonly ProviderSchema[] = []): Promise<HclJudge> {
    const served = ALL_PROVIDERS.map((p) => schemas.find((s) => s.address === p.address) ?? p);
    return new HclJudge(await startEchoProviders(served));
  }

  private constructor(private readonly providers: EchoProviders) {}

  /**
   * Synthesizes `build`'s single stack both ways and has terraform read each;
   * `edit` rewrites the text of both synthesized files first (the same
   * expression put where the library would refuse it).
   */
  public async judge(build: (app: App) => void, edit?: (text: string) => string): Promise<Verdict> {
    const jsonDir = onlyStack(synthApp(build, false));
    const hclDir = onlyStack(synthApp(build, true));
    if (edit !== undefined) {
      for (const file of [path.join(jsonDir, 'cdk.tf.json'), path.join(hclDir, 'cdk.tf')]) fs.writeFileSync(file, edit(fs.readFileSync(file, 'utf8')));
    }
    const generate = importsWithoutResource(jsonDir);
    const vars = variablesWithoutDefault(jsonDir);
    const [json, hcl] = await Promise.all([this.read(jsonDir, generate, vars), this.read(hclDir, generate, vars)]);
    return { json, hcl, agree: JSON.stringify(json) === JSON.stringify(hcl), dirs: { json: jsonDir, hcl: hclDir } };
  }

  public stop(): Promise<void> {
    return this.providers.stop();
  }

  private async read(dir: string, generateConfig: boolean, vars: NodeJS.ProcessEnv): Promise<TerraformReading> {
    const env = { ...this.providers.env, ...vars };
    const init = await terraformAsync(dir, ['init', '-input=false', '-no-color'], { env, allowFailure: true });
    if (init.code !== 0) return { outcome: 'failed', reading: errorsOf(init.stdout + init.stderr) };
    // Import blocks with no resource behind them need configuration generated.
    const generate = generateConfig ? ['-generate-config-out=generated.tf'] : [];
    const plan = await terraformAsync(dir, ['plan', '-input=false', '-json', '-out=plan.bin', '-lock=false', ...generate], { env, allowFailure: true });
    if (plan.code !== 0) return { outcome: 'failed', reading: crash(plan.stderr) ?? diagnostics(plan.stdout) };
    const show = await terraformAsync(dir, ['show', '-json', 'plan.bin'], { env });
    return { outcome: 'ok', reading: readingOf(JSON.parse(show.stdout), dir) };
  }
}

function onlyStack(outdir: string): string {
  const stacks = fs.readdirSync(path.join(outdir, 'stacks'));
  if (stacks.length !== 1) throw new Error(`expected one stack in ${outdir}, found ${stacks.length}`);
  return path.join(outdir, 'stacks', stacks[0]);
}

/** A value for each variable without a default (sensitive keys), as TF_VAR_ settings. */
function variablesWithoutDefault(jsonDir: string): NodeJS.ProcessEnv {
  const config = JSON.parse(fs.readFileSync(path.join(jsonDir, 'cdk.tf.json'), 'utf8'));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, variable] of Object.entries<any>(config.variable ?? {})) {
    if (variable.default === undefined) env[`TF_VAR_${name}`] = `value-of-${name}`;
  }
  return env;
}

/** Whether the stack has an `import` block with no resource behind it (read from the JSON output). */
function importsWithoutResource(jsonDir: string): boolean {
  const config = JSON.parse(fs.readFileSync(path.join(jsonDir, 'cdk.tf.json'), 'utf8'));
  return (config.import ?? []).some((i: { to: string }) => {
    const [type, name] = i.to.replace(/\[.*$/, '').split('.');
    return config.resource?.[type]?.[name] === undefined;
  });
}

function readingOf(show: any, dir: string): unknown {
  const generated = path.join(dir, 'generated.tf');
  return {
    resources: (show.resource_changes ?? []).map((c: any) => ({
      address: c.address,
      actions: c.change.actions,
      importing: c.change.importing,
      after: c.change.after,
      after_unknown: c.change.after_unknown,
      after_sensitive: c.change.after_sensitive,
    })),
    data: (show.prior_state?.values?.root_module?.resources ?? []).map((r: any) => ({ address: r.address, values: r.values })),
    outputs: show.planned_values?.outputs ?? {},
    // Generated resources come in the order of the import blocks, which the two files may list differently.
    generated: fs.existsSync(generated) ? fs.readFileSync(generated, 'utf8').split('\n\n').map((b) => b.trim()).sort() : undefined,
  };
}

// `terraform plan -json` prints one JSON object per line; the errors carry
// what Terraform refused (a failed condition's message included).
function diagnostics(stdout: string): unknown {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((m) => m.type === 'diagnostic' && m.diagnostic.severity === 'error')
    .map((m) => ({ summary: m.diagnostic.summary, detail: m.diagnostic.detail, address: m.diagnostic.address }))
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/** The panic's message when terraform crashed (it prints no diagnostic then, only a stack trace). */
function crash(stderr: string): unknown {
  const panic = /^panic: (.*)$/m.exec(stderr);
  return panic === null ? undefined : [{ summary: 'terraform crashed', detail: panic[1] }];
}

function errorsOf(text: string): unknown {
  return text.split('\n').filter((l) => /Error/.test(l));
}
