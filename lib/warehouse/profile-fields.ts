// A profile's field changes: its name, its content key by key (values under
// credential-looking keys shown by type and size only, as error messages
// show them), its other attributes by prop name; and its name trigger's name.
// Beside the construct: descriptors.ts names it, lib/explain/ reads it from there.
import { isCredentialContentKey } from './authentication-profile-content';
import { ChangeSide, child, isOpaque } from '../core/change-side';
import { ExplainedFieldChange } from '../core/field-change';
import { diffMap, diffOtherAttributes, diffValue, isPresent } from '../core/field-diff';

const NAME = 'authentication_profile_name';
const CONTENT = 'authentication_profile_content';
const HANDLED = new Set([NAME, CONTENT]);

/** The field changes of an `aws_redshift_authentication_profile`. */
export function profileFieldChanges(before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  return [
    ...diffValue('authenticationProfileName', child(before, NAME), child(after, NAME)),
    ...contentChanges(child(before, CONTENT), child(after, CONTENT)),
    ...diffOtherAttributes(before, after, HANDLED),
  ];
}

function contentChanges(before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  const field = 'authenticationProfileContent';
  const b = parsedContent(before);
  const a = parsedContent(after);
  // Unknown, sensitive, or not a JSON object: one change of the whole content, never its text (it may hold a password).
  if (b === undefined || a === undefined) return diffValue(field, before, after, undefined, true);
  return diffMap(field, b, a, isCredentialContentKey);
}

// The content as a side holding the parsed object; undefined when it cannot be read key by key.
function parsedContent(side: ChangeSide): ChangeSide | undefined {
  if (!isPresent(side)) return { value: {}, unknown: false, sensitive: false };
  if (isOpaque(side) || typeof side.value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(side.value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? { value: parsed, unknown: false, sensitive: false } : undefined;
  } catch {
    return undefined;
  }
}

/** The field changes of a profile's name trigger: the name it carries (terraform_data `triggers_replace`, null_resource `triggers`). */
export function nameTriggerFieldChanges(type: string, before: ChangeSide, after: ChangeSide): ExplainedFieldChange[] {
  return diffValue('authenticationProfileName', triggerName(type, before), triggerName(type, after));
}

/** The profile name a trigger carries, with its masks. */
export function triggerName(type: string, side: ChangeSide): ChangeSide {
  return type === 'null_resource' ? child(child(side, 'triggers'), NAME) : child(side, 'triggers_replace');
}
