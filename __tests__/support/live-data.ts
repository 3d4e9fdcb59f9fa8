// Live data for the round-trip tests: what a real service can hold, made of the
// hostile string alphabet. Each generator is deterministic for a seed.
//
// What a service can hold differs from what a user can write: no lone
// surrogates anywhere (UTF-8 services, Go's JSON decoder); a profile's content
// is valid JSON text (raw control characters only as escapes, JSON escapes such
// as `\u0024` and odd whitespace kept as the service stores the text); ids and
// principals have no whitespace, control or format characters and are NFC (the
// constructs' rule: Terraform reads ids in NFC); label values are label values.
// Everything else is free.
import * as fc from 'fast-check';
import { fragmentsOf, hostileString, HostileClass, LIVE_CLASSES } from './hostile-strings';
import { RestrictionPolicyRelations } from '../../lib';
import { SUPPORTED_RESOURCE_TYPES } from './datadog-emulator';
import { generateNodes, StoredNode } from './kubernetes-emulator';

// The types both the emulated service and the library's table know.
const KNOWN_TYPES = SUPPORTED_RESOURCE_TYPES.filter((t) => RestrictionPolicyRelations.forResourceType(t) !== undefined);

/** The keys the service refuses in a profile (credentials). */
const REFUSED_KEYS = new Set(['AccessKeyID', 'access_key_id', 'SecretAccessKey', 'secret_access_key_id', 'PWD', 'Password', 'password', 'AuthProfile', 'auth_profile']);

const liveText = (maxFragments = 6) => hostileString({ classes: LIVE_CLASSES, maxFragments, withHuge: false });

/** JSON text of `value` as a service may store it: escapes for some `$`, `%`, `/` and odd whitespace. */
function storedJson(entries: [string, string][], style: { escapeDollar: boolean; escapeSlash: boolean; whitespace: string }): string {
  const jsonString = (s: string) => {
    let text = JSON.stringify(s);
    if (style.escapeDollar) text = text.split('$').join('\\u0024').split('%').join('\\u0025');
    if (style.escapeSlash) text = text.split('/').join('\\/');
    return text;
  };
  const w = style.whitespace;
  return `{${w}${entries.map(([k, v]) => `${jsonString(k)}${w}:${w}${jsonString(v)}`).join(`,${w}`)}${w}}`;
}

/** A live authentication profile: a name and the content text as the service holds it. */
export interface LiveProfile {
  readonly name: string;
  readonly content: string;
}

/** `count` profiles with hostile content keys and values. */
export function liveProfiles(seed: number, count: number): LiveProfile[] {
  const entry = fc.tuple(liveText(4).filter((k) => !REFUSED_KEYS.has(k)), liveText());
  const profile = fc.record({
    entries: fc.uniqueArray(entry, { minLength: 1, maxLength: 4, selector: ([k]) => k }),
    style: fc.record({ escapeDollar: fc.boolean(), escapeSlash: fc.boolean(), whitespace: fc.constantFrom('', ' ', '\n  ', '\r\n\t', '\t') }),
  });
  return fc.sample(profile, { numRuns: count, seed }).map((p, i) => ({ name: `live-${String(i).padStart(4, '0')}`, content: storedJson(p.entries, p.style) }));
}

/** Text an id can be (an id, a principal's id, a relation): no whitespace, control or format character, NFC. */
function idText(classes: readonly HostileClass[] = LIVE_CLASSES): fc.Arbitrary<string> {
  return hostileString({ classes, maxFragments: 4 })
    .map((s) => s.replace(/[\s\p{Cc}\p{Cf}\u0085\u2028\u2029]/gu, '').normalize('NFC'))
    .filter((s) => s.length > 0);
}

/** A live restriction policy: its resource id and bindings. */
export interface LivePolicy {
  readonly resourceId: string;
  readonly bindings: { relation: string; principals: string[] }[];
}

/** Resource types the emulated service accepts that the library's relations table does not know (added later). */
export const NEWER_RESOURCE_TYPES = ['future-thing', 'x-app'];

/**
 * `count` policies with hostile ids and principal ids: half on types the
 * relations table knows (with their relations), half on types newer than the
 * table, whose relations are any text without whitespace (hostile too).
 */
export function livePolicies(seed: number, count: number): LivePolicy[] {
  const principal = fc.tuple(fc.constantFrom('role', 'team', 'user', 'org'), idText()).map(([t, id]) => `${t}:${id}`);
  const principals = fc.uniqueArray(principal, { minLength: 1, maxLength: 3 });
  const known = fc.constantFrom(...KNOWN_TYPES).chain((type) =>
    fc.record({
      type: fc.constant(type),
      id: idText(),
      bindings: fc.uniqueArray(fc.record({ relation: fc.constantFrom(...RestrictionPolicyRelations.forResourceType(type)!), principals }), { minLength: 1, maxLength: 3, selector: (b) => b.relation }),
    }),
  );
  const newer = fc.record({
    type: fc.constantFrom(...NEWER_RESOURCE_TYPES),
    id: idText(),
    bindings: fc.uniqueArray(fc.record({ relation: idText(), principals }), { minLength: 1, maxLength: 3, selector: (b) => b.relation }),
  });
  const seen = new Set<string>();
  return fc
    .sample(fc.oneof(known, newer), { numRuns: count * 2, seed })
    .map((p) => ({ resourceId: `${p.type}:${p.id}`, bindings: p.bindings }))
    .filter((p) => !seen.has(p.resourceId) && seen.add(p.resourceId) !== undefined)
    .slice(0, count);
}

/** The annotation that `kubectl apply` writes: JSON text, free to hold anything. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** `count` realistic nodes whose annotations (and provider id) hold hostile text. */
export function liveNodes(seed: number, count: number): StoredNode[] {
  const extra = fc.record({
    annotations: fc.uniqueArray(fc.tuple(fc.constantFrom('example.com/note', 'example.com/owner', 'ops.example.org/ticket', 'note'), liveText()), { maxLength: 3, selector: ([k]) => k }),
    lastApplied: liveText(),
    providerID: idText(),
  });
  const extras = fc.sample(extra, { numRuns: count, seed });
  return generateNodes(count).map((node, i) => {
    const e = extras[i];
    node.metadata.annotations = {
      ...node.metadata.annotations,
      ...Object.fromEntries(e.annotations),
      [LAST_APPLIED]: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: node.metadata.name, annotations: { note: e.lastApplied } } }),
    };
    node.spec = { ...node.spec, providerID: `kind://${e.providerID}` };
    return node;
  });
}

/** Every fragment of the live classes once, for a report of what was covered. */
export const LIVE_FRAGMENTS = fragmentsOf(LIVE_CLASSES);
