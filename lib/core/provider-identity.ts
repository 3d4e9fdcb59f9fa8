// What every provider construct takes the same way: its alias and its
// version constraint. Terraform reads both as literals (an alias names the
// provider configuration; `required_providers` takes no expressions), so both
// must be known at synth time; a `Literal.text` value is known (it is text).
import { Problems } from './problems';
import { checkString, StringPosition } from './string-position';
import { TextGrammar } from './text-grammar';
import { checkVersionConstraint, VERSION_CONSTRAINT_RULE } from './version-constraint';

/** A provider alias: a Terraform identifier, known at synth time. */
const ALIAS: StringPosition = {
  rule: 'a Terraform identifier: a letter or "_", then letters, digits, "_" and "-"',
  grammar: TextGrammar.sequence(TextGrammar.char(/[a-zA-Z_]/), TextGrammar.repeat(TextGrammar.char(/[a-zA-Z0-9_-]/), 0)),
  mustBeKnown: 'Terraform reads a provider alias as a literal',
};

/** A provider version constraint, known at synth time; its grammar is Terraform's (version-constraint.ts). */
const VERSION_CONSTRAINT: StringPosition = {
  rule: VERSION_CONSTRAINT_RULE,
  mustBeKnown: 'Terraform reads required_providers versions as literals',
};

/** The alias and version constraint as Terraform reads them: their texts. */
export interface ProviderIdentity {
  readonly alias?: string;
  readonly versionConstraint?: string;
}

/** Checks `props.alias` and `props.versionConstraint`; returns their texts (undefined where absent or refused). */
export function checkProviderIdentity(props: { readonly alias?: unknown; readonly versionConstraint?: unknown }, problems: Problems): ProviderIdentity {
  const alias = checkString(props.alias, ALIAS, problems, 'props/alias')?.text;
  const versionConstraint = checkString(props.versionConstraint, VERSION_CONSTRAINT, problems, 'props/versionConstraint')?.text;
  if (versionConstraint !== undefined) checkVersionConstraint(versionConstraint, problems);
  return { alias, versionConstraint };
}
