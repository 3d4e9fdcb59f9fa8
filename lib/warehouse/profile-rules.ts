// The built-in guardrails of an AuthenticationProfile (issue 45): connection
// options in its content that turn TLS off or skip a certificate check, and
// options that make or choose database users. Each rests on the Redshift
// drivers' documented options (JDBC 2.x configuration options; "Configuring
// security options for connections"), option names compared as the drivers
// read them, without regard to case.
import { GuardrailLevel, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../core/guardrail-rule';
import { knownText, perSubject } from '../core/guardrail-values';

const JDBC_OPTIONS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc20-configuration-options.html';
const SSL_SUPPORT = 'https://docs.aws.amazon.com/redshift/latest/mgmt/connecting-ssl-support.html';
const DB_CREDENTIALS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc-and-odbc-options-for-database-credentials.html';
const PROFILE = ['AuthenticationProfile'];

/** The content's options as given: key (lower case) → the key and its literal text (a token's value is unknown: left out). */
const options = perSubject((subject: GuardrailSubject): Map<string, { key: string; value: string }> => {
  const content = subject.props.authenticationProfileContent;
  let entries: { [key: string]: unknown } | undefined;
  if (typeof content === 'string' && knownText(content) !== undefined) {
    try {
      const parsed = JSON.parse(content);
      entries = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
    } catch {
      entries = undefined;
    }
  } else if (content !== null && typeof content === 'object' && !Array.isArray(content)) {
    entries = content;
  }
  const out = new Map<string, { key: string; value: string }>();
  for (const [key, value] of Object.entries(entries ?? {})) {
    const text = knownText(value);
    if (text !== undefined && knownText(key) !== undefined) out.set(key.toLowerCase(), { key, value: text });
  }
  return out;
});

function violation(option: { key: string; value: string }, message: string): GuardrailViolation {
  return { propPath: `authenticationProfileContent/${option.key}`, message: `${option.key} = ${JSON.stringify(option.value)}: ${message}` };
}

/** One option whose value (compared without case) is among `values`. */
function optionRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { option: string; values: readonly string[]; says: string }): IGuardrailRule {
  const { option, values, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: PROFILE,
    check: (subject) => {
      const found = options(subject).get(option);
      return found !== undefined && values.includes(found.value.toLowerCase()) ? [violation(found, says)] : [];
    },
  };
}

/** The built-in rules of an AuthenticationProfile. */
export const PROFILE_RULES: readonly IGuardrailRule[] = [
  optionRule({
    id: 'WMC-1',
    title: 'A profile does not turn TLS off (SSL=false)',
    level: GuardrailLevel.ERROR,
    option: 'ssl',
    values: ['false'],
    says: 'the driver connects without TLS ("The driver connects to the server without using SSL")',
    authority: JDBC_OPTIONS,
    remedy: 'Leave SSL out (it defaults to true) or set it to true.',
  }),
  optionRule({
    id: 'WMC-2',
    title: 'A profile does not let a connection go without TLS (sslmode disable, allow, prefer)',
    level: GuardrailLevel.ERROR,
    option: 'sslmode',
    values: ['disable', 'allow', 'prefer'],
    says: 'the connection may be unencrypted (disable: "SSL is disabled"; allow and prefer fall back to no SSL)',
    authority: SSL_SUPPORT,
    remedy: 'Set sslmode to verify-full (or verify-ca, the driver default).',
  }),
  optionRule({
    id: 'WMC-3',
    title: "A profile verifies the server's certificate (sslmode require does not)",
    level: GuardrailLevel.WARNING,
    option: 'sslmode',
    values: ['require'],
    says: 'the connection is encrypted but the server certificate is not verified ("verify-ca: … the server certificate must be verified")',
    authority: SSL_SUPPORT,
    remedy: 'Set sslmode to verify-full (or verify-ca).',
  }),
  {
    id: 'WMC-4',
    title: 'A profile does not skip the certificate check (SSLFactory NonValidatingFactory)',
    level: GuardrailLevel.ERROR,
    appliesTo: PROFILE,
    authority: 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc20-configure-authentication-ssl.html',
    remedy: 'Leave SSLFactory out: the driver then verifies the certificate (sslmode verify-ca by default).',
    check: (subject) => {
      const found = options(subject).get('sslfactory');
      // com.amazon.redshift.ssl.NonValidatingFactory, and the PostgreSQL name the driver maps to it.
      return found !== undefined && /(^|\.)NonValidatingFactory$/i.test(found.value.trim()) ? [violation(found, 'TLS without an identity check: any certificate is accepted ("Using SSL without identity check")')] : [];
    },
  },
  optionRule({
    id: 'WMC-5',
    title: "A profile checks the identity provider's certificate (SSL_Insecure)",
    level: GuardrailLevel.WARNING,
    option: 'ssl_insecure',
    values: ['true'],
    says: 'the driver does not check the identity provider\'s certificate ("The driver doesn\'t check the authenticity of the IDP server certificate")',
    authority: JDBC_OPTIONS,
    remedy: 'Set SSL_Insecure to false.',
  }),
  optionRule({
    id: 'WMC-6',
    title: 'A profile does not create database users on first sign-in (AutoCreate)',
    level: GuardrailLevel.NOTE,
    option: 'autocreate',
    values: ['true'],
    says: 'a database user that does not exist is created at sign-in ("a new user with that name is created")',
    authority: JDBC_OPTIONS,
    remedy: 'Create database users on purpose (CREATE USER), and leave AutoCreate out or false; or acknowledge the rule for profiles meant to provision users.',
  }),
  {
    id: 'WMC-7',
    title: "A profile's DbUser is bound to the sign-in (an IAM condition), or the identity provider's wins",
    level: GuardrailLevel.NOTE,
    appliesTo: PROFILE,
    authority: DB_CREDENTIALS,
    remedy: "Set AllowDBUserOverride to 1 so that the identity provider's DbUser wins, or validate DbUser against the RoleSessionName with an IAM policy condition, as AWS recommends; then acknowledge this rule.",
    check: (subject) => {
      const all = options(subject);
      const user = all.get('dbuser');
      const override = all.get('allowdbuseroverride');
      // AllowDBUserOverride 1: the SAML assertion's DbUser wins; 0 (the default): the connection's.
      if (user === undefined || (override !== undefined && ['1', 'true'].includes(override.value.toLowerCase()))) return [];
      // The user's name is not shown: only that one is set.
      return [{ propPath: `authenticationProfileContent/${user.key}`, message: `${user.key} is set and AllowDBUserOverride is not 1: the connection's DbUser is used, not the identity provider's; AWS recommends validating DbUser with an IAM condition` }];
    },
  },
];
