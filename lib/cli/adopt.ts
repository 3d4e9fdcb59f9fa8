#!/usr/bin/env node
// `adopt profiles|policies|nodes … --out FILE`: reads what already runs and
// writes a TypeScript module that declares it with the constructs' adopt().
// Credentials come only from the standard places (the AWS credential chain,
// DD_API_KEY / DD_APP_KEY, the kubeconfig); none is written or printed.
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { ClusterNodeReader } from '../cluster/node-reader';
import { NodeListProps } from '../cluster/node-list';
import { nodeListFromKubectlJson } from '../cluster/kubectl-json';
import { IReadProgress } from '../core/read-progress';
import { RestrictionPolicyReader } from '../monitoring/policy-reader';
import { AuthenticationProfileReader } from '../warehouse/profile-reader';
import { ModuleImports, nodesModule, policiesModule, profilesModule, ProviderDeclaration } from './adopted-module';

const USAGE = `usage:
  adopt profiles [--region R] [--name NAME]... [--endpoint URL] --out FILE
  adopt policies (--resource-id TYPE:ID)... [--resource-ids-file FILE] [--api-url URL] --out FILE
  adopt nodes [--kubeconfig PATH] [--context NAME] [--chunk-size N] --out FILE
  adopt nodes --from-file KUBECTL_JSON --out FILE      (offline: \`kubectl get nodes -o json\` output)
options for all: --import-from MODULE (default: this package)
credentials: the AWS credential chain; DD_API_KEY and DD_APP_KEY; the kubeconfig.`;

/** Where the command writes: stderr for progress and errors. */
export interface AdoptIo {
  readonly stderr: (line: string) => void;
}

/** Runs the command; returns the exit code (0 written, 1 read or write failed, 2 usage). */
export async function runAdopt(argv: string[], io: AdoptIo = { stderr: (line) => process.stderr.write(`${line}\n`) }): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'out': { type: 'string' },
        'import-from': { type: 'string' },
        'region': { type: 'string' },
        'name': { type: 'string', multiple: true },
        'endpoint': { type: 'string' },
        'resource-id': { type: 'string', multiple: true },
        'resource-ids-file': { type: 'string' },
        'api-url': { type: 'string' },
        'kubeconfig': { type: 'string' },
        'context': { type: 'string' },
        'chunk-size': { type: 'string' },
        'from-file': { type: 'string' },
        'help': { type: 'boolean' },
      },
    });
  } catch (e) {
    io.stderr(`adopt: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const kind = positionals[0];
  if (values.help) {
    io.stderr(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !['profiles', 'policies', 'nodes'].includes(kind) || values.out === undefined) {
    io.stderr(`adopt: ${values.out === undefined ? '--out FILE is required' : 'name one of profiles, policies, nodes'}\n${USAGE}`);
    return 2;
  }
  const imports: ModuleImports = { library: values['import-from'] ?? ownPackage().name, framework: ownPackage().framework };
  try {
    let source: string;
    let summary: string;
    if (kind === 'profiles') {
      const profiles = await AuthenticationProfileReader.list({ region: values.region, names: values.name, endpoint: values.endpoint });
      source = profilesModule(profiles, provider('AwsProvider', { region: values.region }), imports);
      summary = `${profiles.length} authentication profiles`;
    } else if (kind === 'policies') {
      const resourceIds = [...(values['resource-id'] ?? []), ...idsFromFile(values['resource-ids-file'])];
      if (resourceIds.length === 0) {
        io.stderr(`adopt: policies needs --resource-id or --resource-ids-file (the API has no list of policies)\n${USAGE}`);
        return 2;
      }
      const progress: IReadProgress = {
        // Every 50 resources and the last: one line per request would drown the terminal.
        onProgress: (read, total) => {
          if (read % 50 === 0 || read === total) io.stderr(`adopt: read ${read} of ${total} resources`);
        },
      };
      const policies = await RestrictionPolicyReader.read({ resourceIds, apiUrl: values['api-url'], progress });
      source = policiesModule(policies, provider('DatadogProvider', { apiUrl: values['api-url'] }), imports);
      summary = `${policies.length} restriction policies (of ${resourceIds.length} resources; a resource without a policy has none to adopt)`;
    } else {
      const nodes = await readNodes(values, io);
      source = nodesModule(nodes, provider('KubernetesProvider', { configPath: values.kubeconfig ?? '~/.kube/config', configContext: values.context }), imports);
      summary = `${nodes.items.length} nodes`;
    }
    writeAtomically(values.out, source);
    io.stderr(`adopt: wrote ${summary} to ${values.out}`);
    return 0;
  } catch (e) {
    // The readers' and the constructs' messages never hold credentials or content.
    io.stderr(`adopt: ${(e as Error).message}`);
    return 1;
  }
}

async function readNodes(values: { [name: string]: unknown }, io: AdoptIo): Promise<NodeListProps> {
  if (typeof values['from-file'] === 'string') return nodeListFromKubectlJson(fs.readFileSync(values['from-file'], 'utf8'));
  const chunkSize = values['chunk-size'] === undefined ? undefined : Number(values['chunk-size']);
  const progress: IReadProgress = {
    onProgress: (read, estimatedTotal) => io.stderr(`adopt: read ${read} nodes${estimatedTotal === undefined ? '' : ` (about ${estimatedTotal} in all)`}`),
  };
  return ClusterNodeReader.list({ kubeconfigPath: values.kubeconfig as string | undefined, context: values.context as string | undefined, chunkSize, progress });
}

function provider(className: ProviderDeclaration['className'], props: { [name: string]: string | undefined }): ProviderDeclaration {
  const set: { [name: string]: string } = {};
  for (const [name, value] of Object.entries(props)) if (value !== undefined) set[name] = value;
  return { className, props: set };
}

function idsFromFile(file: string | undefined): string[] {
  if (file === undefined) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

// This package's name, and its framework (the cdktn package is named cdktn-…).
function ownPackage(): { name: string; framework: string } {
  for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const name: string = JSON.parse(fs.readFileSync(file, 'utf8')).name;
      return { name, framework: name.startsWith('cdktn') ? 'cdktn' : 'cdktf' };
    }
  }
  return { name: 'cdktf-warehouse-monitoring-cluster', framework: 'cdktf' };
}

if (require.main === module) {
  void runAdopt(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
