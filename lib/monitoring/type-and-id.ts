// The `type:id` format shared by principals and restriction policy resource
// ids, and the string positions that take them. Internal: not exported from
// lib/index.ts.
import { Problems } from '../core/problems';
export { readArgument } from '../core/snapshot';
import { CheckedString, StringPosition } from '../core/string-position';
import { TextGrammar } from '../core/text-grammar';
import { ValidationError } from '../core/validation-error';
import { nfcOf } from '../core/nfc';

// No whitespace, control or format characters (zero-width, bidi, BOM: invisible,
// so an id that holds one is not the id a reader sees), and in Unicode NFC:
// Terraform reads every string in NFC, so another form would address another resource.
const ID_CHAR = TextGrammar.char(/[^\s\p{Cc}\p{Cf}]/u);

/** What an id accepts, for error lines. */
export const ID_RULE = 'a non-empty id in Unicode NFC with no whitespace, control or format characters (Terraform reads every string in NFC)';

/** An id: one or more id characters. */
export const ID_GRAMMAR = TextGrammar.repeat(ID_CHAR, 1);

/** An id given to a factory (`Principal.role(id)`, `RestrictionPolicyResourceId.dashboard(id)`). */
export const ID: StringPosition = { rule: ID_RULE, grammar: ID_GRAMMAR, nfc: true, required: true };

/** For a known `type:id` text: the rule for the id after a valid type, so the message says which part is wrong. */
function idAfterType(typeValid: (type: string) => boolean, rule: string): (text: string) => string | undefined {
  return (text) => {
    const parts = splitTypeAndId(text);
    if (parts === undefined || !typeValid(parts.type)) return rule;
    return ID_GRAMMAR.matches(parts.id) ? undefined : `${ID_RULE} after "${parts.type}:"`;
  };
}

/** A resource type: lowercase letters and digits, words joined by `-` or `_`. */
const RESOURCE_TYPE_GRAMMAR = TextGrammar.sequence(
  TextGrammar.char(/[a-z]/),
  TextGrammar.repeat(TextGrammar.char(/[a-z0-9]/), 0),
  TextGrammar.repeat(TextGrammar.sequence(TextGrammar.char(/[-_]/), TextGrammar.repeat(TextGrammar.char(/[a-z0-9]/), 1)), 0),
);

/** What a resource type accepts, for error lines. */
export const RESOURCE_TYPE_RULE = 'a resource type of lowercase letters and digits, words joined by "-" or "_" (e.g. "dashboard", "synthetics-test")';

/** A resource type given to `RestrictionPolicyResourceId.of`. */
export const RESOURCE_TYPE: StringPosition = { rule: RESOURCE_TYPE_RULE, grammar: RESOURCE_TYPE_GRAMMAR, required: true };

/** What a resource id string accepts, for error lines. */
export const RESOURCE_ID_RULE = `a resource id formatted "resource_type:resource_id": ${RESOURCE_TYPE_RULE}, a colon, then ${ID_RULE} (e.g. "dashboard:abc-def-ghi")`;

/** A restriction policy's resource id, `resource_type:resource_id` (split at the first colon: the id may hold colons). */
export const RESOURCE_ID: StringPosition = {
  rule: RESOURCE_ID_RULE,
  grammar: TextGrammar.sequence(RESOURCE_TYPE_GRAMMAR, TextGrammar.literal(':'), ID_GRAMMAR),
  check: idAfterType((type) => RESOURCE_TYPE_GRAMMAR.matches(type), RESOURCE_ID_RULE),
  nfc: true,
  required: true,
};

/** The principal types the restriction policy API accepts. */
export const PRINCIPAL_TYPES: readonly string[] = ['role', 'team', 'user', 'org'];

/** What a principal string accepts, for error lines. */
export const PRINCIPAL_RULE =
  'a principal formatted "type:id", type one of role, team, user, org, then ' + ID_RULE + ' (e.g. "role:00000000-0000-1111-0000-000000000000")';

/** A principal, `type:id`. */
export const PRINCIPAL: StringPosition = {
  rule: PRINCIPAL_RULE,
  grammar: TextGrammar.sequence(TextGrammar.oneOf(...PRINCIPAL_TYPES.map((t) => TextGrammar.literal(t))), TextGrammar.literal(':'), ID_GRAMMAR),
  check: idAfterType((type) => PRINCIPAL_TYPES.includes(type), PRINCIPAL_RULE),
  nfc: true,
  required: true,
};

/** A `type:id` string split at its first colon; the id may itself contain colons. */
export interface TypeAndId {
  readonly type: string;
  readonly id: string;
}

/** Splits `raw` at the first colon, or undefined when it has none. */
export function splitTypeAndId(raw: string): TypeAndId | undefined {
  const colon = raw.indexOf(':');
  if (colon < 0) return undefined;
  return { type: raw.slice(0, colon), id: raw.slice(colon + 1) };
}

/** The type of a checked `type:id` string, when the text up to its first colon is known. */
export function knownType(checked: CheckedString | undefined): string | undefined {
  const first = checked?.segments[0];
  if (first === undefined || !('known' in first)) return undefined;
  const colon = first.known.indexOf(':');
  return colon < 0 ? undefined : nfcOf(first.known.slice(0, colon));
}

/** Throws a {@link ValidationError} named after a factory (there is no construct yet). */
export function throwIfProblems(factory: string, problems: Problems): void {
  if (problems.list.length > 0) throw new ValidationError(factory, [...problems.list]);
}
