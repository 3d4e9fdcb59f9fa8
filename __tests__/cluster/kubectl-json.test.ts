// `kubectl get nodes -o json`, as it is, through NodeList.propsFromKubectlJson
// into a NodeList and NodeList.adopt (issue 12).
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeList } from '../../lib';
import { generateNodes, KubernetesEmulator } from '../support/kubernetes-emulator';
import { synthJson } from '../support/synth';
import { errorOf, newStack, warningsOf } from './helpers';

/** The real kubectl (v1.32 on these machines; the test fails, not skips, without it), with no user kubeconfig. */
function kubectl(args: string[]): Promise<string> {
  const env = { ...process.env, KUBECONFIG: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-')), 'none') };
  return new Promise((resolve, reject) => {
    execFile('kubectl', args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`kubectl ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

const OUTPUT = fs.readFileSync(path.join(__dirname, 'fixtures', 'kubectl-get-nodes.json'), 'utf8');

describe('NodeList.propsFromKubectlJson', () => {
  test('GIVEN a two-node kubectl output THEN the nodes are declared with only their writable fields', () => {
    const list = new NodeList(newStack(), 'nodes', NodeList.propsFromKubectlJson(OUTPUT));
    expect(list.nodes.map((n) => n.name)).toEqual(['control-plane-1', 'worker-1']);
    const manifest = list.nodes[0].manifest;
    expect(Object.keys(manifest).sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(Object.keys(manifest.metadata).sort()).toEqual(['annotations', 'labels', 'name']);
    expect(manifest.spec.taints).toEqual([{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }]);
    expect(warningsOf(list).join('\n')).toMatch(/status is read-only and never sent/);
    expect(warningsOf(list).join('\n')).toMatch(/populated by the system .* never sent/);
  });

  test('GIVEN the wire key Port THEN the kept object writes it back as kubectl showed it', () => {
    const list = new NodeList(newStack(), 'nodes', NodeList.propsFromKubectlJson(JSON.parse(OUTPUT)));
    expect(list.nodes[1].object.status.daemonEndpoints).toEqual({ kubeletEndpoint: { Port: 10250 } });
    expect(list.nodes[0].object.status.declaredFeatures).toEqual(['InPlacePodVerticalScaling']);
  });

  test('GIVEN the same output to adopt THEN one import block per node with the provider\'s id', () => {
    const stack = newStack();
    NodeList.adopt(stack, 'nodes', NodeList.propsFromKubectlJson(OUTPUT));
    const imports = synthJson(stack).import.map((i: any) => i.id).sort();
    expect(imports).toEqual(['apiVersion=v1,kind=Node,name=control-plane-1', 'apiVersion=v1,kind=Node,name=worker-1']);
  });

  test('GIVEN an item of another kind or version THEN a ValidationError names it', () => {
    const output = JSON.parse(OUTPUT);
    output.items[1].kind = 'Pod';
    output.items[0].apiVersion = 'v2';
    const error = errorOf(() => NodeList.propsFromKubectlJson(output));
    expect(error.constructPath).toBe('NodeList.propsFromKubectlJson');
    expect(error.problems.map((p) => p.path)).toEqual(['output/items/0/apiVersion', 'output/items/1/kind']);
  });

  test('GIVEN items with no apiVersion or kind (a raw NodeList) THEN they are read; a wrong one beside them is still refused', () => {
    const output = JSON.parse(OUTPUT);
    const raw = { ...output, kind: 'NodeList', items: output.items.map(({ apiVersion: _a, kind: _k, ...item }: any) => item) };
    expect(NodeList.propsFromKubectlJson(raw)).toEqual(NodeList.propsFromKubectlJson(OUTPUT));
    const { apiVersion: _dropped, ...onlyKind } = output.items[0];
    raw.items = [onlyKind, { ...output.items[1], kind: 'Pod' }];
    const error = errorOf(() => NodeList.propsFromKubectlJson(raw));
    expect(error.problems).toEqual([{ path: 'output/items/1/kind', received: '"Pod"', allowed: '"Node", or nothing (a raw NodeList\'s items carry none)' }]);
  });

  test('GIVEN the real kubectl get --raw /api/v1/nodes against the emulator THEN its items carry no apiVersion/kind AND they read as kubectl get nodes -o json does', async () => {
    const api = await KubernetesEmulator.start({ nodes: generateNodes(5) });
    try {
      const raw = await kubectl(['get', '--raw', '/api/v1/nodes', `--server=${api.url}`]);
      const printed = await kubectl(['get', 'nodes', '-o', 'json', `--server=${api.url}`]);
      const rawList = JSON.parse(raw);
      expect(rawList.kind).toBe('NodeList');
      expect(rawList.items).toHaveLength(5);
      expect(rawList.items.every((item: object) => !('apiVersion' in item) && !('kind' in item))).toBe(true);
      expect(JSON.parse(printed).items.every((item: any) => item.apiVersion === 'v1' && item.kind === 'Node')).toBe(true);
      const props = NodeList.propsFromKubectlJson(raw);
      // -o json hides managedFields (--show-managed-fields=false); the raw list has them. The rest is the same.
      const withoutManagedFields = (items: any[]) => items.map(({ metadata: { managedFields: _m, ...metadata }, ...item }) => ({ ...item, metadata }));
      expect(withoutManagedFields(props.items)).toEqual(NodeList.propsFromKubectlJson(printed).items);
      expect(new NodeList(newStack(), 'nodes', props).nodes.map((n) => n.name)).toEqual(api.nodeNames());
    } finally {
      await api.stop();
    }
  });

  test('GIVEN text that is not JSON THEN a ValidationError that does not echo it', () => {
    const error = errorOf(() => NodeList.propsFromKubectlJson('{"items": [token-abc123'));
    expect(error.message).not.toContain('token-abc123');
  });
});
