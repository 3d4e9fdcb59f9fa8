// One field change as a phrase: `labels pool: "general" → "gpu"`,
// `bindings viewer: added "role:…"`, `authenticationProfileContent Password: removed (was a string of 7 characters (not shown))`.
import { ExplainedFieldChange } from '../core/field-change';

/** The change in words (values as the explanation shows them). */
export function fieldPhrase(f: ExplainedFieldChange): string {
  const what = f.key === undefined ? f.field : `${f.field} ${f.key}`;
  switch (f.change) {
    case 'added':
      return `${what}: added ${f.after}`;
    case 'removed':
      return `${what}: removed (was ${f.before})`;
    default:
      return `${what}: ${f.before} → ${f.after}`;
  }
}
