// Issue 25 item 2: hashicorp/kubernetes 3.x. The library's default constraint
// admits 2.x and 3.x (`>= 2.21, < 4.0`). Terraform reads every block the library
// writes for kubernetes against the provider's 3.x schema (KUBERNETES_3 in
// ../support/echo-provider/schemas.ts, taken from the provider's source at
// v3.2.1, where each file is named), JSON and HCL alike; and `terraform init`,
// offline from a plugin directory holding 2.38.0 and 3.2.1, selects 3.x for a
// stack whose other module requires `~> 3.0`, which the old default (`< 3.0`)
// could not.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { App, TerraformOutput, TerraformStack, TerraformVariable } from '../../lib/core/framework';
import { KubernetesProvider, NodeList, NodeListMode, TaintEffect } from '../../lib';
import { startEchoProviders } from '../support/echo-provider';
import { KUBERNETES_3 } from '../support/echo-provider/schemas';
import { HclJudge } from '../support/hcl-judge';
import { stackFile } from '../support/synth';
import { terraform, workdir } from '../support/terraform';
import { terraformAsync } from '../support/terraform-async';

const TIMEOUT = 180_000;

/** Every block the library writes for kubernetes, each setting given once. */
function everything(stack: TerraformStack): void {
  const secret = (name: string) => new TerraformVariable(stack, name, { type: 'string', sensitive: true }).stringValue;
  new KubernetesProvider(stack, 'kubernetes', {
    configPath: '~/.kube/config',
    configContext: 'prod',
    host: 'https://10.0.0.1:6443',
    clusterCaCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
    token: secret('kube_token'),
    clientCertificate: secret('kube_client_cert'),
    clientKey: secret('kube_client_key'),
    insecure: false,
  });
  new NodeList(stack, 'workers', {
    fieldManager: 'wmc',
    forceConflicts: true,
    items: [{ metadata: { name: 'worker-1', labels: { pool: 'general' }, annotations: { note: 'x' } }, spec: { podCIDR: '10.244.1.0/24', taints: [{ key: 'dedicated', value: 'gpu', effect: TaintEffect.NO_SCHEDULE }] } }],
  });
  new NodeList(stack, 'edge', {
    mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS,
    fieldManager: 'wmc',
    forceConflicts: true,
    items: [
      {
        metadata: { name: 'edge-1', labels: { zone: 'a' }, annotations: { owner: 'team-edge' } },
        spec: { taints: [{ key: 'dedicated', value: 'edge', effect: TaintEffect.NO_EXECUTE }, { key: 'spot', effect: TaintEffect.PREFER_NO_SCHEDULE }] },
      },
    ],
  });
  NodeList.adopt(stack, 'adopted', { items: [{ metadata: { name: 'cp-1' } }] });
  const read = NodeList.fromCluster(stack, 'read', { labelSelector: 'pool in (a,b)', fieldSelector: 'spec.unschedulable=false', limit: 50 });
  new TerraformOutput(stack, 'objects', { value: read.objects });
}

describe('hashicorp/kubernetes 3.x', () => {
  test('GIVEN every block the library writes for kubernetes THEN terraform plans the JSON and the HCL output alike against the 3.x schema', async () => {
    const judge = await HclJudge.start([KUBERNETES_3]);
    try {
      const verdict = await judge.judge((app: App) => everything(new TerraformStack(app, 'nodes')));
      expect(verdict.json.outcome).toBe('ok');
      expect(verdict.agree).toBe(true);
      const reading = verdict.json.reading as { resources: { address: string; actions: string[]; importing?: { id: string }; after: any }[]; data: { address: string; values: any }[] };
      const byType = (type: string) => reading.resources.filter((r) => r.address.startsWith(`${type}.`));
      expect(reading.resources.map((r) => r.address.split('.')[0]).sort()).toEqual([
        'kubernetes_annotations',
        'kubernetes_labels',
        'kubernetes_manifest',
        'kubernetes_manifest',
        'kubernetes_node_taint',
      ]);
      const [worker, adopted] = [...byType('kubernetes_manifest')].sort((a, b) => (a.importing ? 1 : 0) - (b.importing ? 1 : 0));
      expect(worker.after.manifest).toMatchObject({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'worker-1', labels: { pool: 'general' } }, spec: { podCIDR: '10.244.1.0/24' } });
      expect(worker.after.field_manager).toEqual([{ name: 'wmc', force_conflicts: true }]);
      expect(adopted.importing?.id).toBe('apiVersion=v1,kind=Node,name=cp-1');
      expect(byType('kubernetes_labels')[0].after).toMatchObject({ api_version: 'v1', kind: 'Node', metadata: [{ name: 'edge-1' }], labels: { zone: 'a' }, field_manager: 'wmc', force: true });
      expect(byType('kubernetes_annotations')[0].after).toMatchObject({ metadata: [{ name: 'edge-1' }], annotations: { owner: 'team-edge' }, field_manager: 'wmc', force: true });
      expect(byType('kubernetes_node_taint')[0].after).toMatchObject({
        metadata: [{ name: 'edge-1' }],
        taint: [
          { key: 'dedicated', value: 'edge', effect: 'NoExecute' },
          { key: 'spot', value: '', effect: 'PreferNoSchedule' },
        ],
        field_manager: 'wmc',
        force: true,
      });
      expect(reading.data.filter((d) => d.address.startsWith('data.')).map((d) => d.values)).toEqual([
        expect.objectContaining({ api_version: 'v1', kind: 'Node', label_selector: 'pool in (a,b)', field_selector: 'spec.unschedulable=false', limit: 50 }),
      ]);
    } finally {
      await judge.stop();
    }
  }, TIMEOUT);

  test('GIVEN a taint written without its value THEN the 3.x schema refuses it (why the library writes value = "" for a taint that has none)', async () => {
    const judge = await HclJudge.start([KUBERNETES_3]);
    try {
      const verdict = await judge.judge((app: App) => {
        const stack = new TerraformStack(app, 'nodes');
        new KubernetesProvider(stack, 'kubernetes', {});
        const edge = new NodeList(stack, 'edge', { mode: NodeListMode.LABELS_ANNOTATIONS_TAINTS, items: [{ metadata: { name: 'edge-1' }, spec: { taints: [{ key: 'spot', effect: TaintEffect.NO_SCHEDULE }] } }] });
        edge.nodes[0].resources[0].addOverride('taint', [{ key: 'spot', effect: 'NoSchedule' }]);
      });
      expect([verdict.json.outcome, verdict.hcl.outcome]).toEqual(['failed', 'failed']);
      expect(JSON.stringify(verdict.json.reading)).toMatch(/The argument \\"value\\" is required/);
    } finally {
      await judge.stop();
    }
  }, TIMEOUT);

  describe('terraform init, offline from a plugin directory holding hashicorp/kubernetes 2.38.0 and 3.2.1', () => {
    let plugins: string;

    beforeAll(() => {
      // Stand-ins: init installs a provider by checking its file, it never runs it
      // (plans below use the echo provider, reattached).
      plugins = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-plugins-'));
      for (const version of ['2.38.0', '3.2.1']) {
        const dir = path.join(plugins, 'registry.terraform.io', 'hashicorp', 'kubernetes', version, 'linux_amd64');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `terraform-provider-kubernetes_v${version}`), '#!/bin/sh\necho "stand-in for terraform init only" >&2\nexit 1\n', { mode: 0o755 });
      }
    });

    afterAll(() => fs.rmSync(plugins, { recursive: true, force: true }));

    /** A working directory holding the stack and, when given, a module requiring `moduleConstraint`. */
    function stackDir(constraint: string | undefined, moduleConstraint?: string): { dir: string; config: any } {
      const { file, text } = stackFile('nodes', (stack) => {
        new KubernetesProvider(stack, 'kubernetes', constraint === undefined ? {} : { versionConstraint: constraint });
        new NodeList(stack, 'workers', { items: [{ metadata: { name: 'worker-1', labels: { pool: 'general' } } }] });
        if (moduleConstraint !== undefined) stack.addOverride('module.needs_kubernetes', { source: './needs-kubernetes' });
      }, false);
      const config = JSON.parse(text);
      const dir = workdir({ [file]: text });
      if (moduleConstraint !== undefined) {
        fs.mkdirSync(path.join(dir, 'needs-kubernetes'));
        const module = { terraform: { required_providers: { kubernetes: { source: 'hashicorp/kubernetes', version: moduleConstraint } } } };
        fs.writeFileSync(path.join(dir, 'needs-kubernetes', 'main.tf.json'), JSON.stringify(module));
      }
      return { dir, config };
    }

    const init = (dir: string) => terraform(dir, ['init', '-input=false', '-no-color', `-plugin-dir=${plugins}`], { allowFailure: true });
    const locked = (dir: string) => /provider "registry\.terraform\.io\/hashicorp\/kubernetes" \{\s*version\s*=\s*"([^"]+)"/.exec(fs.readFileSync(path.join(dir, '.terraform.lock.hcl'), 'utf8'))?.[1];

    test('GIVEN the default constraint and a module requiring ~> 3.0 THEN init selects 3.2.1, and terraform plans the stack against the 3.x schema', async () => {
      const { dir, config } = stackDir(undefined, '~> 3.0');
      expect(config.terraform.required_providers.kubernetes).toEqual({ source: 'hashicorp/kubernetes', version: '>= 2.21, < 4.0' });
      const result = init(dir);
      expect(result.code).toBe(0);
      expect(locked(dir)).toBe('3.2.1');
      const echo = await startEchoProviders([KUBERNETES_3]);
      try {
        await terraformAsync(dir, ['plan', '-input=false', '-no-color', '-lock=false', '-out=tfplan'], { env: echo.env });
        const plan = JSON.parse((await terraformAsync(dir, ['show', '-json', 'tfplan'], { env: echo.env })).stdout);
        expect(plan.resource_changes.map((c: any) => `${c.type} ${c.change.actions.join('+')}`)).toEqual(['kubernetes_manifest create']);
      } finally {
        await echo.stop();
      }
    }, TIMEOUT);

    test('GIVEN the old default (< 3.0) and the same module THEN init finds no version that both admit', () => {
      const { dir } = stackDir('>= 2.21, < 3.0', '~> 3.0');
      const result = init(dir);
      expect(result.code).not.toBe(0);
      expect(result.stderr + result.stdout).toMatch(/no available releases match the given constraints\s+>=\s+2\.21\.0, ~> 3\.0, < 3\.0\.0/);
    });

    test('GIVEN the default alone THEN init selects the newest, 3.2.1; GIVEN a user pin ~> 2.38 THEN 2.38.0', () => {
      const alone = stackDir(undefined);
      expect(init(alone.dir).code).toBe(0);
      expect(locked(alone.dir)).toBe('3.2.1');
      const pinned = stackDir('~> 2.38');
      expect(init(pinned.dir).code).toBe(0);
      expect(locked(pinned.dir)).toBe('2.38.0');
    });
  });
});
