import { isPlainObject } from '../core/plain-object';
import { isUnresolved, Problems } from '../core/problems';

/**
 * Keys the service refuses to store in a profile, because they are credentials.
 * Matching is exact, as the service's own list is (it names `Password` and `password`).
 */
export const CREDENTIAL_KEYS: readonly string[] = [
  'AccessKeyID',
  'access_key_id',
  'SecretAccessKey',
  'secret_access_key_id',
  'PWD',
  'Password',
  'password',
  'AuthProfile',
  'auth_profile',
];

// Keys whose values are not echoed in error lines: the service's credential keys
// and anything that reads like one (`db_password`, `client_secret`, `ApiToken`).
const SECRET_LOOKING_KEY = /pass|pwd|secret|token|credential|key/i;

const ALLOWED_CONTENT = 'a JSON object of string keys to string values, e.g. {"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}';

/**
 * Checks a profile's content and returns it as canonical JSON: keys sorted by
 * code unit, no insignificant whitespace, so equivalent inputs give the same bytes.
 * Returns the input untouched when it is a token, and undefined when invalid.
 */
export function canonicalProfileContent(
  content: string | { [key: string]: string },
  problems: Problems,
  path: string,
): string | undefined {
  if (isUnresolved(content) && typeof content === 'string') return content;
  let parsed: unknown = content;
  if (typeof content === 'string') {
    try {
      parsed = JSON.parse(content);
    } catch (e) {
      // The parser's message quotes the text, which may hold a password: keep only where it failed.
      const at = /at position (\d+)/.exec((e as Error).message);
      problems.addConcealed(path, content, `${ALLOWED_CONTENT} (not valid JSON${at ? ` at position ${at[1]}` : ''})`);
      return undefined;
    }
  }
  if (!isPlainObject(parsed)) {
    // A Map, a Date or a class instance would be written as "{}": refused, not lost.
    problems.addConcealed(path, content, ALLOWED_CONTENT);
    return undefined;
  }
  const entries = Object.entries(parsed as object);
  for (const [key, value] of entries) {
    if (typeof value !== 'string') {
      const allowed = 'a string value (the service stores string values only)';
      if (CREDENTIAL_KEYS.includes(key) || SECRET_LOOKING_KEY.test(key)) problems.addConcealed(`${path}/${key}`, value, allowed);
      else problems.add(`${path}/${key}`, value, allowed);
    } else if (CREDENTIAL_KEYS.includes(key)) {
      problems.add(
        `${path}/${key}`,
        key,
        `a key other than ${CREDENTIAL_KEYS.join(', ')}: the service refuses to store credentials in a profile; pass them to the driver at connect time`,
      );
    }
  }
  if (!problems.isClean(path)) return undefined;
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

/** Length of the content as the quota counts it: UTF-8 bytes. */
export function contentByteLength(content: string): number {
  return Buffer.byteLength(content, 'utf8');
}
