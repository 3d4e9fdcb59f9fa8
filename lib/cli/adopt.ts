// `<package> adopt profiles|policies|nodes … --out FILE`: reads what already
// runs and writes a TypeScript module that declares it with the constructs'
// adopt(). Credentials come only from the standard places (the AWS credential
// chain, DD_API_KEY / DD_APP_KEY, the kubeconfig); none is written or printed.
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { ClusterNodeReader } from '../cluster/node-reader';
import { NodeListProps } from '../cluster/node-list';
import { nodeListFromKubectlJson } from '../cluster/kubectl-json';
import { TIMEOUT_VARIABLES } from '../core/http-timeouts';
import { IReadProgress } from '../core/read-progress';
import { escapeForLine } from '../core/server-text';
import { RestrictionPolicyReader } from '../monitoring/policy-reader';
import { AuthenticationProfileReader } from '../warehouse/profile-reader';
import { refusedNodes, refusedPolicies, refusedProfiles } from './adopt-check';
import {
  EXIT_REFUSED,
  ModuleImports,
  nodeDeclarations,
  nodesModule,
  policiesModule,
  policyDeclarations,
  profileDeclarations,
  profilesModule,
  ProviderDeclaration,
  RefusedResource,
} from './adopted-module';
import { CommandIo, PROCESS_IO, Subcommand } from './command';
import { commandName, ownPackage } from '../core/own-package';

type Kind = 'profiles' | 'policies' | 'nodes';

const KINDS: { readonly [kind in Kind]: { readonly summary: string; readonly usage: readonly string[] } } = {
  profiles: {
    summary: 'Redshift authentication profiles of an account and region',
    usage: ['adopt profiles [--region R] [--per-resource-region] [--name NAME]... [--endpoint URL] --out FILE'],
  },
  policies: {
    summary: 'Datadog restriction policies, by resource id (the API has no list)',
    usage: ['adopt policies (--resource-id TYPE:ID)... [--resource-ids-file FILE] [--api-url URL] --out FILE'],
  },
  nodes: {
    summary: 'the nodes of a Kubernetes cluster',
    usage: [
      'adopt nodes [--kubeconfig PATH] [--context NAME] [--chunk-size N] --out FILE',
      'adopt nodes --from-file KUBECTL_JSON --out FILE      (offline: `kubectl get nodes -o json` output)',
    ],
  },
};

/** The usage of `adopt`, or of one kind: each line starts with the package's command. */
export function adoptUsage(kind?: Kind): string {
  const command = commandName();
  const kinds = kind === undefined ? (Object.keys(KINDS) as Kind[]) : [kind];
  return [
    'usage:',
    ...kinds.flatMap((k) => KINDS[k].usage.map((line) => `  ${command} ${line}`)),
    ...(kind === undefined ? ['', ...kinds.map((k) => `  ${k.padEnd(9)} ${KINDS[k].summary}`), ''] : []),
    'options for all:',
    '  --import-from MODULE      the module the written file imports the constructs from (default: this package)',
    `  --connect-timeout SECONDS the TCP connection of each request (default: ${TIMEOUT_VARIABLES.connect} in ms, else 10)`,
    `  --idle-timeout SECONDS    the longest silence of a request (default: ${TIMEOUT_VARIABLES.idle} in ms, else 30)`,
    `  --request-timeout SECONDS each request in all (default: ${TIMEOUT_VARIABLES.total} in ms, else 10; 60 per page of nodes)`,
    '  seconds may have decimals (0.5)',
    'credentials: the AWS credential chain; DD_API_KEY and DD_APP_KEY; the kubeconfig.',
    'each resource read is declared with its construct and synthesized before the module is written; one the',
    'constructs refuse is left out: a line on stderr and a comment in the module name it and why.',
    `exit: 0 written, every resource adopted; 1 read or write failed; 2 usage; ${EXIT_REFUSED} written without the resources the constructs refuse.`,
  ].join('\n');
}

/** Where the command writes: stderr for progress and errors; stdout, when given, for the help asked for. */
export type AdoptIo = CommandIo;

/**
 * Runs `adopt` with the arguments after it; returns the exit code (0 written, every resource adopted;
 * 1 read or write failed; 2 usage; EXIT_REFUSED, 4: written without the resources the constructs refuse).
 */
export async function runAdopt(argv: string[], io: AdoptIo = PROCESS_IO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'out': { type: 'string' },
        'import-from': { type: 'string' },
        'region': { type: 'string' },
        'per-resource-region': { type: 'boolean' },
        'name': { type: 'string', multiple: true },
        'endpoint': { type: 'string' },
        'resource-id': { type: 'string', multiple: true },
        'resource-ids-file': { type: 'string' },
        'api-url': { type: 'string' },
        'kubeconfig': { type: 'string' },
        'context': { type: 'string' },
        'chunk-size': { type: 'string' },
        'from-file': { type: 'string' },
        'connect-timeout': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'help': { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    io.stderr(`adopt: ${oneLine((e as Error).message)}\n${adoptUsage()}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const kind = positionals[0] as Kind | undefined;
  const known = kind !== undefined && Object.prototype.hasOwnProperty.call(KINDS, kind);
  if (values.help) {
    (io.stdout ?? io.stderr)(adoptUsage(known ? kind : undefined));
    return 0;
  }
  if (positionals.length !== 1 || !known || values.out === undefined) {
    io.stderr(`adopt: ${values.out === undefined && known ? '--out FILE is required' : 'name one of profiles, policies, nodes'}\n${adoptUsage(known ? kind : undefined)}`);
    return 2;
  }
  const timeouts: { connectTimeoutMs?: number; idleTimeoutMs?: number; requestTimeoutMs?: number } = {};
  for (const [flag, option] of [['connect-timeout', 'connectTimeoutMs'], ['idle-timeout', 'idleTimeoutMs'], ['request-timeout', 'requestTimeoutMs']] as const) {
    const raw = values[flag];
    if (raw === undefined) continue;
    if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) {
      io.stderr(`adopt: --${flag} must be a positive number of seconds (e.g. 30 or 0.5), not ${JSON.stringify(oneLine(raw))}\n${adoptUsage(kind)}`);
      return 2;
    }
    timeouts[option] = Math.max(1, Math.round(Number(raw) * 1000));
  }
  const out = values.out;
  for (const removed of removeStaleTemporaries(out)) io.stderr(`adopt: removed ${removed}, left by a process that no longer runs`);
  const imports: ModuleImports = { library: values['import-from'] ?? ownPackage().name, framework: ownPackage().framework };
  const bounds = { connectTimeoutMs: timeouts.connectTimeoutMs, idleTimeoutMs: timeouts.idleTimeoutMs };
  try {
    let source: string;
    let summary: string;
    let refused: RefusedResource[];
    const guardrails: string[] = [];
    if (kind === 'profiles') {
      // As the service holds them: the construct judges each below.
      // The region read in is kept: on the provider, or (aws provider 6.x) on each profile.
      const read = await AuthenticationProfileReader._listAsStored({ region: values.region, includeRegion: true, names: values.name, endpoint: values.endpoint, ...bounds, timeoutMs: timeouts.requestTimeoutMs });
      const region = values.region ?? read.find((p) => p.region !== undefined)?.region;
      const perResource = values['per-resource-region'] === true;
      const profiles = perResource ? read : read.map(({ region: _region, ...props }) => props);
      // The per-resource region needs the aws provider 6.x: the module pins it, as the construct requires.
      const declaration = provider('AwsProvider', { region, versionConstraint: perResource ? AWS_PER_RESOURCE_REGION_CONSTRAINT : undefined });
      refused = refusedProfiles(profileDeclarations(profiles), declaration, guardrails);
      source = profilesModule(profiles, declaration, imports, refused, guardrails);
      summary = profiles.length === 0 ? 'found no authentication profiles; wrote a module that declares none' : `wrote ${count(profiles.length - refused.length, 'authentication profile')}`;
    } else if (kind === 'policies') {
      const resourceIds = [...(values['resource-id'] ?? []), ...idsFromFile(values['resource-ids-file'])];
      if (resourceIds.length === 0) {
        io.stderr(`adopt: policies needs --resource-id or --resource-ids-file (the API has no list of policies)\n${adoptUsage('policies')}`);
        return 2;
      }
      const progress: IReadProgress = {
        // Every 50 resources and the last: one line per request would drown the terminal.
        onProgress: (read, total) => {
          if (read % 50 === 0 || read === total) io.stderr(`adopt: read ${read} of ${total} resources`);
        },
      };
      const policies = await RestrictionPolicyReader.read({ resourceIds, apiUrl: values['api-url'], progress, ...bounds, timeoutMs: timeouts.requestTimeoutMs });
      const declaration = provider('DatadogProvider', { apiUrl: values['api-url'] });
      refused = refusedPolicies(policyDeclarations(policies), declaration, guardrails);
      source = policiesModule(policies, declaration, imports, refused, guardrails);
      summary =
        policies.length === 0
          ? `found no restriction policies (of ${count(resourceIds.length, 'resource')}, each answered 404); wrote a module that declares none`
          : `wrote ${count(policies.length - refused.length, 'restriction policy', 'restriction policies')} (of ${count(resourceIds.length, 'resource')}; a resource without a policy has none to adopt)`;
    } else {
      const nodes = await readNodes(values, io, { ...bounds, requestTimeoutMs: timeouts.requestTimeoutMs });
      const declaration = provider('KubernetesProvider', { configPath: values.kubeconfig ?? '~/.kube/config', configContext: values.context });
      refused = refusedNodes(nodeDeclarations(nodes), declaration, guardrails);
      source = nodesModule(nodes, declaration, imports, refused, guardrails);
      summary = nodes.items.length === 0 ? 'found no nodes; wrote a module that declares none' : `wrote ${count(nodes.items.length - refused.length, 'node')}`;
    }
    writeAtomically(out, source);
    // What the guardrails find in the live values: said here, and written in the module.
    for (const line of guardrails) io.stderr(`adopt: guardrail ${oneLine(line)}`);
    // One line per resource left out, its reason escaped onto it (the constructs' message shows no secret;
    // a profile's content values are described by type and length only).
    for (const r of refused) io.stderr(`adopt: skipped ${oneLine(r.reason)}`);
    io.stderr(`adopt: ${summary} to ${out}${refused.length === 0 ? '' : `; skipped ${refused.length} the constructs refuse (named above and in the module; exit ${EXIT_REFUSED})`}`);
    return refused.length === 0 ? 0 : EXIT_REFUSED;
  } catch (e) {
    // The readers' and the constructs' messages hold no credentials and escape what servers sent;
    // a last escape keeps any other message (a file system error naming a path) on one line.
    io.stderr(`adopt: ${oneLine((e as Error)?.message ?? String(e))}`);
    return 1;
  }
}

async function readNodes(
  values: { [name: string]: unknown },
  io: AdoptIo,
  bounds: { connectTimeoutMs?: number; idleTimeoutMs?: number; requestTimeoutMs?: number },
): Promise<NodeListProps> {
  if (typeof values['from-file'] === 'string') return nodeListFromKubectlJson(fs.readFileSync(values['from-file'], 'utf8'));
  const chunkSize = values['chunk-size'] === undefined ? undefined : Number(values['chunk-size']);
  const progress: IReadProgress = {
    onProgress: (read, estimatedTotal) => io.stderr(`adopt: read ${read} nodes${estimatedTotal === undefined ? '' : ` (about ${estimatedTotal} in all)`}`),
  };
  return ClusterNodeReader.list({ kubeconfigPath: values.kubeconfig as string | undefined, context: values.context as string | undefined, chunkSize, progress, ...bounds });
}

/** The aws provider constraint a module with per-resource regions pins: 6.x alone (AuthenticationProfileProps.region). */
export const AWS_PER_RESOURCE_REGION_CONSTRAINT = '~> 6.0';

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

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

function oneLine(text: string): string {
  return escapeForLine(text, false);
}

/** `<out>.<pid>.tmp`: the file being written, renamed onto `<out>` once complete. */
function temporaryName(file: string, pid: number): string {
  return `${file}.${pid}.tmp`;
}

/**
 * Removes the temporary files of `file` left by processes that no longer run
 * (killed while writing: SIGKILL leaves no chance to clean up). A file of a
 * process that still runs, another `adopt` writing the same output, is kept.
 *
 * @returns the paths removed
 */
export function removeStaleTemporaries(file: string): string[] {
  const dir = path.dirname(path.resolve(file));
  const base = path.basename(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return []; // no directory yet: the write will say so
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(`${base}.`) || !name.endsWith('.tmp')) continue;
    const pid = name.slice(base.length + 1, -'.tmp'.length);
    if (!/^[1-9]\d*$/.test(pid) || (Number(pid) !== process.pid && isRunning(Number(pid)))) continue;
    const stale = path.join(path.dirname(file), name);
    try {
      fs.unlinkSync(stale);
      removed.push(stale);
    } catch {
      // gone meanwhile, or not ours to remove: the rename below does not need it gone
    }
  }
  return removed;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Writes `<out>.<pid>.tmp`, flushes it to disk, renames it onto `file`: readers see the old file or the new one, never a part. */
function writeAtomically(file: string, text: string): void {
  const temporary = temporaryName(file, process.pid);
  try {
    const fd = fs.openSync(temporary, 'w');
    try {
      fs.writeSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** The `adopt` subcommand, for the package's command. */
export const ADOPT_COMMAND: Subcommand = {
  name: 'adopt',
  summary: 'read live resources and write a TypeScript module that adopts them (profiles, policies, nodes)',
  run: runAdopt,
};
