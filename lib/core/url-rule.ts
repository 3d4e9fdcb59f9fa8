// The one rule for a URL prop (a Datadog API URL, a Kubernetes host, an AWS
// endpoint): an absolute http(s) URL as the WHATWG URL parser reads it (Node's
// `URL`, the parser the readers send requests with), with no credential in it:
// no userinfo (`user:key@`) and no query parameter whose name reads like a
// credential (`?api_key=…`). A credential belongs in the provider's own
// settings or environment variables, never in a URL that is written into
// cdk.tf.json. A refused URL is never printed whole: only with its userinfo and
// query values removed.
import { isUnresolved, Problems } from './problems';
import { redactCredentials } from './server-text';

// Query parameter names that carry credentials: api_key, apikey, application_key, token,
// access_token, password, secret, signature (X-Amz-Signature), credential (X-Amz-Credential), sig, auth.
const CREDENTIAL_PARAMETER = /pass|pwd|secret|token|credential|key|sig|auth/i;

/** What the rule needs to know of one prop. */
export interface UrlRule {
  /** What is allowed, for the error line (e.g. "an absolute http(s) URL such as https://10.0.0.1:6443"). */
  readonly allowed: string;
  /** A further check of the parsed URL; returns what is wrong, or undefined. */
  readonly check?: (url: URL) => string | undefined;
}

/**
 * Checks a URL prop; records at most one problem at `path`. Tokens (known only
 * when Terraform runs) pass unchecked.
 *
 * @returns whether the value passed (or is a token)
 */
export function checkUrl(value: unknown, problems: Problems, path: string, rule: UrlRule): boolean {
  if (value === undefined || isUnresolved(value)) return true;
  if (typeof value !== 'string') {
    problems.add(path, value, rule.allowed);
    return false;
  }
  let url: URL | undefined;
  try {
    url = /^https?:\/\//i.test(value) && !/\s/.test(value) ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined) {
    problems.add(path, withoutCredentials(value), rule.allowed);
    return false;
  }
  if (url.username !== '' || url.password !== '' || /^https?:\/\/[^/?#]*@/i.test(value)) {
    problems.add(path, withoutCredentials(value), `${rule.allowed}, with no user or key in it (user:key@): give credentials to the provider's own settings or environment variables`);
    return false;
  }
  const credentialParameters = [...url.searchParams.keys()].filter((name) => CREDENTIAL_PARAMETER.test(name));
  if (credentialParameters.length > 0) {
    problems.add(path, withoutCredentials(value), `${rule.allowed}, with no credential in its query (${credentialParameters.join(', ')}): give credentials to the provider's own settings or environment variables`);
    return false;
  }
  const wrong = rule.check?.(url);
  if (wrong !== undefined) {
    problems.add(path, withoutCredentials(value), `${rule.allowed} (${wrong})`);
    return false;
  }
  return true;
}

/** `text` with what could be a credential in a URL removed: userinfo, query values, credential-shaped text. */
export function withoutCredentials(text: string): string {
  const stripped = text.replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)?[^/?#@\s]*@/i, '$1<userinfo removed>@').replace(/([?&][^=&#]*)=[^&#]*/g, '$1=<removed>');
  return redactCredentials(stripped) ?? `a URL of ${text.length} characters (not shown)`;
}
