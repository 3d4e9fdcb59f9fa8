/**
 * A Terraform provider that plans exactly what the configuration says: a gRPC
 * server speaking the plugin protocol (version 6) on 127.0.0.1, attached to
 * terraform with TF_REATTACH_PROVIDERS the way provider developers debug
 * theirs. It stands in for the datadog, kubernetes, http, null (and, where
 * asked, aws) providers, which have no offline mirror here, so that the real
 * `terraform plan` reads every block the library writes and reports, through
 * `terraform show -json`, the values it decoded from the configuration.
 *
 * - Plans echo the proposed new state (the configuration merged with the prior
 *   state), so `after` is what Terraform read from the file; applies store the
 *   planned state as it is (so a state to move or forget can be made).
 * - Imports succeed with `id` = the import id, or, given a `LiveState`, with
 *   what that live store holds (as the real provider reads the service); reads
 *   return the state as it is.
 * - Data sources return their configuration with fixed values in the computed
 *   attributes (`response_body` a current-user document, `org_id` an org id).
 *
 * It must live in a process whose event loop is free while terraform runs:
 * run terraform with `terraformAsync`, never `spawnSync`.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { decode, ExtData } from '@msgpack/msgpack';
import * as path from 'path';
import { ALL_PROVIDERS, BlockSchema, CtyType, ProviderSchema } from './schemas';

/** The org id that the data sources of the echo providers report. */
export const ECHO_ORG_ID = 'echo-org-0000';

export interface EchoProviders {
  /** `TF_REATTACH_PROVIDERS` for terraform commands. */
  readonly env: NodeJS.ProcessEnv;
  /** Stops every server. */
  stop(): Promise<void>;
}

let packageDefinition: any;
function providerService(): grpc.ServiceDefinition {
  packageDefinition ??= grpc.loadPackageDefinition(
    protoLoader.loadSync(path.join(__dirname, 'tfplugin6-subset.proto'), { keepCase: true, longs: Number, enums: Number, defaults: true }),
  );
  return packageDefinition.tfplugin6.Provider.service;
}

/**
 * What an import of `id` finds in a live store (a resource's state as the
 * provider's JSON state holds it: dynamic values as `{ value, type }`), or
 * undefined for the default (the import id in every required string).
 */
export type LiveState = (typeName: string, id: string) => { [name: string]: unknown } | undefined;

/** Starts one echo server per provider in `providers` (default: all but aws). */
export async function startEchoProviders(
  providers: readonly ProviderSchema[] = ALL_PROVIDERS.filter((p) => !p.address.endsWith('/aws')),
  live?: LiveState,
): Promise<EchoProviders> {
  const servers: grpc.Server[] = [];
  const reattach: { [address: string]: unknown } = {};
  for (const schema of providers) {
    const server = new grpc.Server();
    server.addService(providerService(), handlers(schema, live));
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    servers.push(server);
    reattach[schema.address] = { Protocol: 'grpc', ProtocolVersion: 6, Pid: process.pid, Test: true, Addr: { Network: 'tcp', String: `127.0.0.1:${port}` } };
  }
  return {
    env: { TF_REATTACH_PROVIDERS: JSON.stringify(reattach) },
    stop: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.tryShutdown(() => resolve()))));
    },
  };
}

type Handler = (call: { request: any }, callback: (error: Error | null, response?: any) => void) => void;

function handlers(schema: ProviderSchema, live?: LiveState): { [rpc: string]: Handler } {
  const ok = (response: (request: any) => any): Handler => (call, callback) => {
    try {
      callback(null, response(call.request));
    } catch (e) {
      callback(null, { diagnostics: [{ severity: 1, summary: 'echo provider', detail: (e as Error).message }] });
    }
  };
  return {
    GetProviderSchema: ok(() => ({
      provider: toProtoSchema(schema.provider),
      resource_schemas: mapValues(schema.resources, toProtoSchema),
      data_source_schemas: mapValues(schema.dataSources, toProtoSchema),
      server_capabilities: { plan_destroy: false, get_provider_schema_optional: false },
    })),
    ValidateProviderConfig: ok(() => ({})),
    ValidateResourceConfig: ok(() => ({})),
    ValidateDataResourceConfig: ok(() => ({})),
    ConfigureProvider: ok(() => ({})),
    UpgradeResourceState: ok((r) => ({ upgraded_state: { json: r.raw_state.json } })),
    ReadResource: ok((r) => ({ new_state: r.current_state, private: r.private })),
    PlanResourceChange: ok((r) => ({ planned_state: r.proposed_new_state, planned_private: r.prior_private })),
    // The apply makes the plan true (a stored object is what the configuration said).
    ApplyResourceChange: ok((r) => ({ new_state: r.planned_state, private: r.planned_private })),
    ImportResourceState: ok((r) => ({
      imported_resources: [
        { type_name: r.type_name, state: { json: Buffer.from(JSON.stringify(live?.(r.type_name, r.id) ?? importedState(schema.resources[r.type_name], r.id))) } },
      ],
    })),
    ReadDataSource: ok((r) => {
      const block = schema.dataSources[r.type_name];
      const config = fromMsgpack(decode(r.config.msgpack), { type: "object", block }) as { [name: string]: unknown };
      return { state: { json: Buffer.from(JSON.stringify({ ...config, ...dataSourceResult(r.type_name, block) })) } };
    }),
    StopProvider: ok(() => ({})),
  };
}

// What an import finds: the import id in `id` and in every required string, so
// that `-generate-config-out` writes a configuration that plans.
function importedState(block: BlockSchema, id: string): { [name: string]: unknown } {
  const state: { [name: string]: unknown } = block.attributes.id ? { id } : {};
  for (const [name, attribute] of Object.entries(block.attributes)) {
    if (!attribute.required) continue;
    if (attribute.type === 'string') state[name] = id;
    else if (attribute.type === 'dynamic') state[name] = { type: 'string', value: id };
  }
  return state;
}

function dataSourceResult(type: string, block: BlockSchema): { [name: string]: unknown } {
  switch (type) {
    case 'http':
      return {
        id: 'echo-http',
        status_code: 200,
        response_body: JSON.stringify({ data: { type: 'users', id: 'echo-user', relationships: { org: { data: { id: ECHO_ORG_ID, type: 'orgs' } } } } }),
        body: '',
        response_headers: {},
      };
    case 'datadog_current_user':
      return { id: 'echo-user', email: 'echo@example.com', handle: 'echo', name: 'echo', org_id: ECHO_ORG_ID };
    case 'kubernetes_resources':
      // No nodes: a list of dynamic objects (KUBERNETES), or, where `objects` is
      // itself dynamic (KUBERNETES_3, as the real provider declares it), an empty tuple with its type.
      return { objects: block.attributes.objects.type === 'dynamic' ? { value: [], type: ['tuple', []] } : [] };
    default:
      return {};
  }
}

type Shape = { type: 'object'; block: BlockSchema } | { type: CtyType };

/** A msgpack-decoded configuration as cty JSON (data source configurations are wholly known). */
function fromMsgpack(value: unknown, shape: Shape): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof ExtData) throw new Error('unknown value in a data source configuration');
  if (shape.type === 'object') {
    const out: { [name: string]: unknown } = {};
    const object = value as { [name: string]: unknown };
    for (const [name, attribute] of Object.entries(shape.block.attributes)) out[name] = fromMsgpack(object[name], { type: attribute.type });
    for (const [name, nested] of Object.entries(shape.block.blocks ?? {})) {
      out[name] = ((object[name] as unknown[]) ?? []).map((item) => fromMsgpack(item, { type: 'object', block: nested.block }));
    }
    return out;
  }
  if (shape.type === 'dynamic') {
    const [typeJson, inner] = value as [Uint8Array, unknown];
    return { type: JSON.parse(Buffer.from(typeJson).toString('utf8')), value: inner };
  }
  if (Array.isArray(shape.type) && shape.type[0] === 'object') {
    const object = value as { [name: string]: unknown };
    return mapValues(shape.type[1], (type, name) => fromMsgpack(object[name], { type }));
  }
  if (Array.isArray(shape.type)) {
    const [kind, element] = shape.type as ['map' | 'list' | 'set', CtyType];
    if (kind === 'map') return mapValues(value as { [k: string]: unknown }, (v) => fromMsgpack(v, { type: element }));
    return (value as unknown[]).map((v) => fromMsgpack(v, { type: element }));
  }
  return value;
}

function toProtoSchema(block: BlockSchema): any {
  return { version: 0, block: toProtoBlock(block) };
}

function toProtoBlock(block: BlockSchema): any {
  return {
    version: 0,
    attributes: Object.entries(block.attributes).map(([name, a]) => ({
      name,
      type: Buffer.from(JSON.stringify(a.type)),
      required: !!a.required,
      optional: a.optional ?? (!a.required && !a.computed),
      computed: !!a.computed,
      sensitive: !!a.sensitive,
    })),
    block_types: Object.entries(block.blocks ?? {}).map(([name, b]) => ({
      type_name: name,
      block: toProtoBlock(b.block),
      nesting: b.nesting === 'list' ? 2 : 3,
      min_items: b.minItems ?? 0,
      max_items: b.maxItems ?? 0,
    })),
  };
}

function mapValues<T, U>(map: { readonly [key: string]: T }, f: (value: T, key: string) => U): { [key: string]: U } {
  const out: { [key: string]: U } = {};
  for (const [key, value] of Object.entries(map)) out[key] = f(value, key);
  return out;
}
