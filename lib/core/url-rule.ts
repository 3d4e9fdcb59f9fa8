// The one rule for a URL prop (a Datadog API URL, a Kubernetes host, an AWS
// endpoint): an absolute http(s) URL as the WHATWG URL parser reads it (Node's
// `URL`, the parser the readers send requests with), with no credential in it:
// no userinfo (`user:key@`) and no query, fragment or path parameter whose name
// reads like a credential (`?api_key=…`, `#access_token=…`, `/;api_key=…`). A credential belongs in the provider's own
// settings or environment variables, never in a URL that is written into
// cdk.tf.json. A refused URL is never printed whole: only with its userinfo and
// query, fragment and path parameter values removed.
import { Problems } from './problems';
import { redactCredentials } from './server-text';
import { ReferenceScope } from './stack-references';
import { checkString } from './string-position';
import { TextGrammar } from './text-grammar';

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

// What a URL's known start must be: its scheme (any case); no whitespace anywhere.
const anyCase = (text: string) => TextGrammar.sequence(...Array.from(text, (c) => (/[a-z]/.test(c) ? TextGrammar.char(new RegExp(`[${c}${c.toUpperCase()}]`)) : TextGrammar.literal(c))));
const URL_GRAMMAR = TextGrammar.sequence(TextGrammar.oneOf(anyCase('http://'), anyCase('https://')), TextGrammar.repeat(TextGrammar.char(/\S/u), 0));

/**
 * Checks a URL prop through the string pipeline (string-position.ts): the text
 * Terraform reads, as far as it is known, must start with its scheme; a
 * wholly known URL (a Literal.text one included) is checked whole. Records
 * at most one problem at `path`; never prints a URL whole.
 *
 * @returns whether the value passed (or is known only when Terraform runs)
 */
export function checkUrl(value: unknown, problems: Problems, path: string, rule: UrlRule, referencesFrom?: ReferenceScope): boolean {
  if (value === undefined) return true;
  const checked = checkString(value, { rule: rule.allowed, grammar: URL_GRAMMAR, display: withoutCredentials, referencesFrom }, problems, path);
  if (checked === undefined) return false;
  if (checked.text === undefined) return true;
  return checkUrlText(checked.text, problems, path, rule);
}

function checkUrlText(value: string, problems: Problems, path: string, rule: UrlRule): boolean {
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
  // The fragment (`#access_token=…`, OAuth 2.0's implicit grant: RFC 6749 section 4.2.2) and path
  // parameters (`/;api_key=…`, RFC 3986 section 3.3) carry credentials as the query does, and are
  // written into cdk.tf.json alike.
  const elsewhere = [...parameterNames(url.hash.slice(1), /[&;]/), ...url.pathname.split('/').flatMap((segment) => parameterNames(segment.split(';').slice(1).join(';'), /;/))]
    .filter((name) => CREDENTIAL_PARAMETER.test(name));
  if (elsewhere.length > 0) {
    problems.add(path, withoutCredentials(value), `${rule.allowed}, with no credential in its fragment or path parameters (${elsewhere.join(', ')}): give credentials to the provider's own settings or environment variables`);
    return false;
  }
  const wrong = rule.check?.(url);
  if (wrong !== undefined) {
    problems.add(path, withoutCredentials(value), `${rule.allowed} (${wrong})`);
    return false;
  }
  return true;
}

/** The names of `name=value` parameters in `text`, separated by `separator`, percent-decoded where they can be. */
function parameterNames(text: string, separator: RegExp): string[] {
  if (text === '') return [];
  return text.split(separator).map((parameter) => {
    const name = parameter.split('=')[0];
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  });
}

/** `text` with what could be a credential in a URL removed: userinfo, query values, credential-shaped text. */
export function withoutCredentials(text: string): string {
  const stripped = text.replace(/^((?:[a-z][a-z0-9+.-]*:)?\/\/)?[^/?#@\s]*@/i, '$1<userinfo removed>@').replace(/([?&#;][^=&#;?/]*)=[^&#;]*/g, '$1=<removed>');
  return redactCredentials(stripped) ?? `a URL of ${text.length} characters (not shown)`;
}
