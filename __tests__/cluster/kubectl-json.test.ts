// `kubectl get nodes -o json`, as it is, through NodeList.propsFromKubectlJson
// into a NodeList and NodeList.adopt (issue 12).
import * as fs from 'fs';
import * as path from 'path';
import { NodeList } from '../../lib';
import { synthJson } from '../support/synth';
import { errorOf, newStack, warningsOf } from './helpers';

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

  test('GIVEN text that is not JSON THEN a ValidationError that does not echo it', () => {
    const error = errorOf(() => NodeList.propsFromKubectlJson('{"items": [token-abc123'));
    expect(error.message).not.toContain('token-abc123');
  });
});
