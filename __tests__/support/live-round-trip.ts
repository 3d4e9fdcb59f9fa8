/**
 * The live round trip (issue 17): live data made of the hostile alphabet is
 * stored in a loopback emulator of each service, read back by the `adopt`
 * command through the real client, written as a module, synthesized as JSON
 * and as HCL, and planned by the real `terraform`: the aws provider against
 * the Redshift emulator, echo providers whose imports read the Datadog and
 * Kubernetes emulators' stores. Each resource must be imported with its live
 * id and planned with no change, and the planned values must equal the live
 * ones: exactly, except that Terraform normalises every string to NFC (cty
 * strings are NFC by construction), so a live text is compared in NFC.
 *
 * Used by __tests__/readers/live-round-trip.test.ts at a small size and by
 * `npm run judge:live` for long runs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AwsProvider, DatadogProvider, KubernetesProvider } from '../../lib';
import { runAdopt } from '../../lib/cli/adopt';
import { App, TerraformStack } from '../../lib/core/framework';
import { loadAdoptedModule } from './adopted-module';
import { firstDifference } from './hcl-judge';
import { DatadogEmulator } from './datadog-emulator';
import { startEchoProviders } from './echo-provider';
import { ALL_PROVIDERS, ctyTypeOf } from './echo-provider/schemas';
import { KubernetesEmulator, StoredNode } from './kubernetes-emulator';
import { LivePolicy, LiveProfile, NEWER_RESOURCE_TYPES } from './live-data';
import { startReattachedAwsProvider } from './provider-reattach';
import { RedshiftEmulator } from './redshift-emulator';
import { synthApp } from './synth';
import { init } from './terraform';
import { terraformAsync } from './terraform-async';

/** What one format of one kind's round trip found. */
export interface RoundTripResult {
  readonly format: 'json' | 'hcl';
  /** Resources of the kind in the plan. */
  readonly planned: number;
  /** Every way the plan differs from the live data; empty when the round trip holds. */
  readonly mismatches: string[];
  /** The adopt command's stderr. */
  readonly adoptOutput: string[];
}

const FORMATS = [false, true] as const;

/** Terraform's reading of a live string: cty strings are NFC. */
export function asTerraformReads(text: string): string {
  return text.normalize('NFC');
}

/** Profiles: the real aws provider plans against the Redshift emulator. */
export async function profilesRoundTrip(profiles: readonly LiveProfile[]): Promise<RoundTripResult[]> {
  const emulator = await RedshiftEmulator.start({ maxProfiles: profiles.length + 1 });
  const saved = { ...process.env };
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKEFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret-for-offline-tests', AWS_REGION: 'us-east-1' });
  let provider: Awaited<ReturnType<typeof startReattachedAwsProvider>>;
  try {
    for (const p of profiles) emulator.putProfile(p.name, p.content);
    const { out, stderr } = await adopt(['profiles', '--region', 'us-east-1', '--endpoint', emulator.url]);
    const build = (app: App) => {
      const stack = new TerraformStack(app, 'adopted');
      new AwsProvider(stack, 'aws', emulator.awsProviderProps());
      loadAdoptedModule(out).declareAdoptedProfiles(stack);
    };
    const results: RoundTripResult[] = [];
    for (const hcl of FORMATS) {
      const dir = stackDir(synthApp(build, hcl));
      init(dir);
      provider ??= await startReattachedAwsProvider(dir, emulator.providerEnv());
      const plan = await planOf(dir, { ...emulator.providerEnv(), ...provider?.env });
      const live = new Map(profiles.map((p) => [p.name, p.content]));
      const mismatches = checkPlan(plan, 'aws_redshift_authentication_profile', live.size, (change) => {
        const name = change.change.after?.authentication_profile_name;
        const content = live.get(name);
        if (content === undefined) return [`${change.address}: planned name ${JSON.stringify(name)} is not a live profile`];
        return [
          ...expectEqual(`${change.address} import id`, change.change.importing?.id, name),
          ...expectEqual(`${change.address} content`, change.change.after?.authentication_profile_content, asTerraformReads(content)),
        ];
      });
      results.push({ format: hcl ? 'hcl' : 'json', planned: countOf(plan, 'aws_redshift_authentication_profile'), mismatches, adoptOutput: stderr });
    }
    return results;
  } finally {
    process.env = saved;
    await provider?.stop();
    await emulator.stop();
  }
}

/** Policies: echo providers whose import reads the Datadog emulator's store. */
export async function policiesRoundTrip(policies: readonly LivePolicy[]): Promise<RoundTripResult[]> {
  const emulator = await DatadogEmulator.start({ newerResourceTypes: NEWER_RESOURCE_TYPES });
  const saved = { ...process.env };
  Object.assign(process.env, { DD_API_KEY: emulator.apiKey, DD_APP_KEY: emulator.appKey });
  const echo = await startEchoProviders(
    ALL_PROVIDERS.filter((p) => !p.address.endsWith('/aws')),
    (type, id) => {
      const bindings = type === 'datadog_restriction_policy' ? emulator.policy(id) : undefined;
      return bindings && { id, resource_id: id, bindings: bindings.map((b) => ({ relation: b.relation, principals: [...b.principals] })) };
    },
  );
  try {
    for (const p of policies) emulator.putPolicy(p.resourceId, p.bindings);
    const idsFile = tempFile('ids.txt');
    fs.writeFileSync(idsFile, policies.map((p) => p.resourceId).join('\n'));
    const { out, stderr } = await adopt(['policies', '--resource-ids-file', idsFile, '--api-url', emulator.url]);
    const build = (app: App) => {
      const stack = new TerraformStack(app, 'adopted');
      new DatadogProvider(stack, 'datadog', { apiUrl: emulator.url });
      loadAdoptedModule(out).declareAdoptedPolicies(stack);
    };
    const live = new Map(policies.map((p) => [p.resourceId, p.bindings]));
    const results: RoundTripResult[] = [];
    for (const hcl of FORMATS) {
      const dir = stackDir(synthApp(build, hcl));
      const plan = await planOf(dir, echo.env, true);
      const mismatches = checkPlan(plan, 'datadog_restriction_policy', live.size, (change) => {
        const id = change.change.after?.resource_id;
        const bindings = live.get(id);
        if (bindings === undefined) return [`${change.address}: planned resource_id ${JSON.stringify(id)} is not a live policy`];
        return [
          ...expectEqual(`${change.address} import id`, change.change.importing?.id, id),
          ...expectEqual(`${change.address} bindings`, bindingSet(change.change.after?.bindings ?? []), bindingSet(bindings.map((b) => ({ relation: asTerraformReads(b.relation), principals: b.principals.map(asTerraformReads) })))),
        ];
      });
      results.push({ format: hcl ? 'hcl' : 'json', planned: countOf(plan, 'datadog_restriction_policy'), mismatches, adoptOutput: stderr });
    }
    return results;
  } finally {
    process.env = saved;
    await echo.stop();
    await emulator.stop();
  }
}

/**
 * The fields of a live node that kubernetes_manifest manages, as the provider
 * imports them: metadata without what the API server populates, and spec.
 */
export function managedManifest(node: StoredNode): { [key: string]: unknown } {
  const { uid: _u, resourceVersion: _r, generation: _g, creationTimestamp: _c, deletionTimestamp: _d, deletionGracePeriodSeconds: _dg, managedFields: _m, generateName: _gn, selfLink: _s, ...metadata } = node.metadata;
  return { apiVersion: 'v1', kind: 'Node', metadata, ...(node.spec === undefined ? {} : { spec: node.spec }) };
}

/** Nodes: echo providers whose import reads the Kubernetes emulator's store. */
export async function nodesRoundTrip(nodes: readonly StoredNode[]): Promise<RoundTripResult[]> {
  const emulator = await KubernetesEmulator.start({ nodes: nodes.map((n) => structuredClone(n)) });
  const byImportId = new Map(nodes.map((n) => [`apiVersion=v1,kind=Node,name=${n.metadata.name}`, n]));
  const echo = await startEchoProviders(
    ALL_PROVIDERS.filter((p) => !p.address.endsWith('/aws')),
    (type, id) => {
      const node = type === 'kubernetes_manifest' ? byImportId.get(id) : undefined;
      if (node === undefined) return undefined;
      const manifest = { value: managedManifest(node), type: ctyTypeOf(managedManifest(node)) };
      return { manifest, object: manifest, field_manager: [] };
    },
  );
  try {
    const kubeconfig = emulator.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'live-nodes-')));
    const { out, stderr } = await adopt(['nodes', '--kubeconfig', kubeconfig]);
    const build = (app: App) => {
      const stack = new TerraformStack(app, 'adopted');
      new KubernetesProvider(stack, 'kubernetes', { configPath: kubeconfig });
      loadAdoptedModule(out).declareAdoptedNodes(stack);
    };
    const live = new Map(nodes.map((n) => [n.metadata.name, n]));
    const results: RoundTripResult[] = [];
    for (const hcl of FORMATS) {
      const dir = stackDir(synthApp(build, hcl));
      const plan = await planOf(dir, echo.env, true);
      const mismatches = checkPlan(plan, 'kubernetes_manifest', live.size, (change) => {
        const manifest = change.change.after?.manifest;
        const node = live.get(manifest?.metadata?.name);
        if (node === undefined) return [`${change.address}: planned node ${JSON.stringify(manifest?.metadata?.name)} is not a live node`];
        return [
          ...expectEqual(`${change.address} import id`, change.change.importing?.id, `apiVersion=v1,kind=Node,name=${node.metadata.name}`),
          ...expectEqual(`${change.address} manifest`, manifest, nfcDeep(managedManifest(node))),
        ];
      });
      results.push({ format: hcl ? 'hcl' : 'json', planned: countOf(plan, 'kubernetes_manifest'), mismatches, adoptOutput: stderr });
    }
    return results;
  } finally {
    await echo.stop();
    await emulator.stop();
  }
}

async function adopt(args: string[]): Promise<{ out: string; stderr: string[] }> {
  const out = tempFile('adopted.ts');
  const stderr: string[] = [];
  const code = await runAdopt([...args, '--out', out], { stderr: (line) => stderr.push(line) });
  if (code !== 0) throw new Error(`adopt ${args[0]} failed (${code}): ${stderr.join('\n')}`);
  return { out, stderr };
}

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'live-')), name);
}

function stackDir(outdir: string): string {
  return path.join(outdir, 'stacks', 'adopted');
}

async function planOf(dir: string, env: NodeJS.ProcessEnv, initHere = false): Promise<any> {
  if (initHere) await terraformAsync(dir, ['init', '-input=false', '-no-color'], { env });
  await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-lock=false', '-out=plan.bin'], { env });
  return JSON.parse((await terraformAsync(dir, ['show', '-json', 'plan.bin'], { env })).stdout);
}

function countOf(plan: any, type: string): number {
  return (plan.resource_changes ?? []).filter((c: any) => c.type === type).length;
}

/**
 * Every resource of `type` must be an import with no change, checked further by
 * `each`; every other change may only create (the replace triggers).
 */
function checkPlan(plan: any, type: string, expected: number, each: (change: any) => string[]): string[] {
  const changes = (plan.resource_changes ?? []) as any[];
  const ofType = changes.filter((c) => c.type === type);
  const out: string[] = [];
  if (ofType.length !== expected) out.push(`${ofType.length} ${type} planned, ${expected} live`);
  for (const change of ofType) {
    if (JSON.stringify(change.change.actions) !== '["no-op"]') out.push(`${change.address}: actions ${JSON.stringify(change.change.actions)}, not a no-op import`);
    out.push(...each(change));
  }
  for (const change of changes.filter((c) => c.type !== type && c.change.actions.join() !== 'create')) {
    out.push(`${change.address}: unexpected ${change.change.actions.join(',')}`);
  }
  return out;
}

function expectEqual(what: string, actual: unknown, expected: unknown): string[] {
  const [a, e] = [sortedKeys(actual), sortedKeys(expected)];
  return JSON.stringify(a) === JSON.stringify(e) ? [] : [`${what}: ${firstDifference(a, e) ?? 'differs'}`];
}

// Objects compare by their entries (Terraform orders an object's attributes itself).
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortedKeys((value as any)[k])]));
  return value;
}

function bindingSet(bindings: { relation: string; principals: string[] }[]): string[] {
  return bindings.map((b) => JSON.stringify([b.relation, [...b.principals].sort()])).sort();
}

function nfcDeep(value: unknown): unknown {
  if (typeof value === 'string') return asTerraformReads(value);
  if (Array.isArray(value)) return value.map(nfcDeep);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [asTerraformReads(k), nfcDeep(v)]));
  return value;
}
