// `kubectl get nodes -o json` (or the raw list, `kubectl get --raw /api/v1/nodes`)
// as NodeList props: the list and items exactly as the API server returns them,
// wire keys included. Items' apiVersion and kind are checked when present (v1,
// Node; the raw list's items carry neither, as a typed list's do not) and
// dropped; `Port` becomes the model's `port`; status and system metadata are
// kept (validated, never sent).
import { literalStrings } from '../core/literal-text';
import { describeValue } from '../core/problems';
import { isPlainObject } from '../core/plain-object';
import { readArgument } from '../core/snapshot';
import { ValidationError, ValidationProblem } from '../core/validation-error';
import { ListMeta, Node } from './model';

const SOURCE = 'NodeList.propsFromKubectlJson';

/** The items and list metadata of a `kubectl get nodes -o json` output (text or parsed). */
export function nodeListFromKubectlJson(output: unknown): { items: Node[]; metadata?: ListMeta } {
  output = readArgument(SOURCE, 'output', output);
  const problems: ValidationProblem[] = [];
  const fail = (path: string, value: unknown, allowed: string) => problems.push({ path, received: describeValue(value), allowed });
  let list: unknown = output;
  // Always parsed: the text may hold anything, token-shaped text included (a token here would not parse).
  if (typeof output === 'string') {
    try {
      list = JSON.parse(output);
    } catch {
      throw new ValidationError(SOURCE, [{ path: 'output', received: `a string of ${output.length} characters (not shown)`, allowed: 'the JSON text of `kubectl get nodes -o json`' }]);
    }
  }
  if (!isPlainObject(list)) throw new ValidationError(SOURCE, [{ path: 'output', received: describeValue(list), allowed: 'a NodeList object: { apiVersion: "v1", kind: "List" or "NodeList", items: [...] }' }]);
  if (list.apiVersion !== 'v1') fail('output/apiVersion', list.apiVersion, '"v1"');
  if (list.kind !== 'List' && list.kind !== 'NodeList') fail('output/kind', list.kind, '"List" or "NodeList"');
  if (!Array.isArray(list.items)) fail('output/items', list.items, 'a list of Node objects');
  const items = (Array.isArray(list.items) ? list.items : []).map((item: unknown, i: number) => {
    if (!isPlainObject(item)) return item as Node;
    const { apiVersion, kind, ...node } = item;
    // A NodeList's items are Nodes by the list's type: the server omits their apiVersion and kind.
    if (apiVersion !== undefined && apiVersion !== 'v1') fail(`output/items/${i}/apiVersion`, apiVersion, '"v1", or nothing (a raw NodeList\'s items carry none)');
    if (kind !== undefined && kind !== 'Node') fail(`output/items/${i}/kind`, kind, '"Node", or nothing (a raw NodeList\'s items carry none)');
    return withModelKeys(node) as unknown as Node;
  });
  if (problems.length > 0) throw new ValidationError(SOURCE, problems);
  const metadata = isPlainObject(list.metadata) && Object.keys(list.metadata).length > 0 ? (list.metadata as ListMeta) : undefined;
  // Read text: Terraform must read each string as it is (Literal.text where it needs it).
  return literalStrings(metadata === undefined ? { items } : { items, metadata });
}

// The one wire key the TypeScript model names differently: DaemonEndpoint's `Port`.
function withModelKeys(node: { [key: string]: unknown }): { [key: string]: unknown } {
  const status = node.status;
  if (!isPlainObject(status) || !isPlainObject(status.daemonEndpoints) || !isPlainObject(status.daemonEndpoints.kubeletEndpoint)) return node;
  const { Port, ...endpoint } = status.daemonEndpoints.kubeletEndpoint;
  const kubeletEndpoint = Port === undefined ? endpoint : { ...endpoint, port: Port };
  return { ...node, status: { ...status, daemonEndpoints: { ...status.daemonEndpoints, kubeletEndpoint } } };
}
