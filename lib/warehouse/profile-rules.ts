// The built-in guardrails of an AuthenticationProfile (issue 45): connection
// options in its content that turn TLS off or skip a certificate check, and
// options that make or choose database users. Each rests on the Redshift
// drivers' documented options (JDBC 2.1 configuration options, ODBC 2.x
// options, "Configuring security options for connections"), read as the
// drivers read them: the JDBC driver's source (aws/amazon-redshift-jdbc-driver
// v2.2.6: RedshiftConnectionImpl.setAuthMech, jdbc/SslMode.of,
// core/SocketFactoryFactory, plugin/SamlCredentialsProvider) and the ODBC 2.x
// page ("Driver options are not case sensitive"; a Boolean is "1 | TRUE" or
// "0 | FALSE"). A profile is read by both drivers (each has an AuthProfile
// option), so a value either driver reads as unsafe is found.
import { GuardrailLevel, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../core/guardrail-rule';
import { knownText, perSubject } from '../core/guardrail-values';

const JDBC_OPTIONS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc20-configuration-options.html';
const SSL_SUPPORT = 'https://docs.aws.amazon.com/redshift/latest/mgmt/connecting-ssl-support.html';
const DB_CREDENTIALS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc-and-odbc-options-for-database-credentials.html';
const PROFILE = ['AuthenticationProfile'];
/** The driver's non-validating factory and the PostgreSQL name it maps to it (RedshiftConnectionImpl.NON_VALIDATING_SSL_FACTORY). */
const NON_VALIDATING_FACTORIES = ['com.amazon.redshift.ssl.NonValidatingFactory', 'org.postgresql.ssl.NonValidatingFactory'];

interface Option {
  readonly key: string;
  readonly value: string;
}

/**
 * The content's options as given: key (lower case) → every key spelled that way and its literal text (a token's
 * value is unknown: left out). Keys that differ only in case are all kept: which one a driver reads is not
 * documented (the JDBC driver puts the profile's keys into its properties as written and reads them in lower
 * case), so a rule looks at each.
 */
const options = perSubject((subject: GuardrailSubject): Map<string, Option[]> => {
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
  const out = new Map<string, Option[]>();
  for (const [key, value] of Object.entries(entries ?? {})) {
    const text = knownText(value);
    if (text === undefined || knownText(key) === undefined) continue;
    const lower = key.toLowerCase();
    out.set(lower, [...(out.get(lower) ?? []), { key, value: text }]);
  }
  return out;
});

/** Every spelling of an option (its name in lower case). */
function optionsNamed(subject: GuardrailSubject, name: string): Option[] {
  return options(subject).get(name) ?? [];
}

/** A Boolean option read as true by either driver: JDBC's Boolean.parseBoolean ("true", any case), ODBC's "1 | TRUE". */
function readAsTrue(value: string): boolean {
  return value.toLowerCase() === 'true' || value === '1';
}

function violation(option: Option, message: string): GuardrailViolation {
  return { propPath: `authenticationProfileContent/${option.key}`, message: `${option.key} = ${JSON.stringify(option.value)}: ${message}` };
}

/**
 * The SSL mode the JDBC driver reads: sslmode, else AuthMech ("Alias for sslMode": RedshiftProperty.AUTH_MECH;
 * SslMode.of reads sslmode first), compared without case.
 */
function sslModeRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { values: readonly string[]; says: string }): IGuardrailRule {
  const { values, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: PROFILE,
    check: (subject) => {
      const modes = optionsNamed(subject, 'sslmode');
      return (modes.length > 0 ? modes : optionsNamed(subject, 'authmech')).filter((o) => values.includes(o.value.toLowerCase())).map((o) => violation(o, says));
    },
  };
}

/** A Boolean option that either driver reads as true. */
function trueOptionRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { option: string; says: string }): IGuardrailRule {
  const { option, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: PROFILE,
    check: (subject) => optionsNamed(subject, option).filter((o) => readAsTrue(o.value)).map((o) => violation(o, says)),
  };
}

/** The built-in rules of an AuthenticationProfile. */
export const PROFILE_RULES: readonly IGuardrailRule[] = [
  {
    id: 'WMC-1',
    title: 'A profile does not turn TLS off (SSL=false)',
    level: GuardrailLevel.ERROR,
    appliesTo: PROFILE,
    authority: JDBC_OPTIONS,
    remedy: 'Leave SSL out (it defaults to true) or set it to true.',
    // setAuthMech: SSL is on for "true" (any case) or an empty value; any other value turns it off
    // ("FALSE: The driver connects to the server without using SSL"), and beside an sslmode the driver refuses to connect.
    check: (subject) =>
      optionsNamed(subject, 'ssl')
        .filter((o) => o.value !== '' && o.value.toLowerCase() !== 'true')
        .map((o) => {
          const says = 'the JDBC driver turns SSL on only for "true" or an empty value: this one connects without SSL ("The driver connects to the server without using SSL")';
          // Any text turns SSL off: a word that says so is shown, other text only by its length (it may be anything, a secret pasted in the wrong field too).
          return /^(false|0|no|off)$/i.test(o.value) ? violation(o, says) : { propPath: `authenticationProfileContent/${o.key}`, message: `${o.key} is text of ${o.value.length} characters, not "true": ${says}` };
        }),
  },
  sslModeRule({
    id: 'WMC-2',
    title: 'A profile does not let a connection go without TLS (sslmode disable, allow, prefer)',
    level: GuardrailLevel.ERROR,
    values: ['disable', 'allow', 'prefer'],
    says: 'the connection may be unencrypted (disable: "SSL is disabled"; allow and prefer fall back to no SSL)',
    authority: SSL_SUPPORT,
    remedy: 'Set sslmode to verify-full (or verify-ca, the driver default).',
  }),
  sslModeRule({
    id: 'WMC-3',
    title: "A profile verifies the server's certificate (sslmode require does not)",
    level: GuardrailLevel.WARNING,
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
    // The two names the driver takes for its non-validating factory, as it compares them (exactly: isNonValidationFactory,
    // SocketFactoryFactory); any other spelling is a class the driver cannot load, so no connection is made with it.
    check: (subject) =>
      optionsNamed(subject, 'sslfactory')
        .filter((o) => NON_VALIDATING_FACTORIES.includes(o.value))
        .map((o) => violation(o, 'TLS without an identity check: any certificate is accepted ("Using SSL without identity check")')),
  },
  // Left out, SSL_Insecure is false in the driver (IdpCredentialsProvider's m_sslInsecure; the JDBC page's
  // "Default Value – true" is not what the driver does, and the ODBC page says 0).
  trueOptionRule({
    id: 'WMC-5',
    title: "A profile checks the identity provider's certificate (SSL_Insecure)",
    level: GuardrailLevel.WARNING,
    option: 'ssl_insecure',
    says: 'the driver does not check the identity provider\'s certificate ("The driver doesn\'t check the authenticity of the IDP server certificate")',
    authority: JDBC_OPTIONS,
    remedy: 'Set SSL_Insecure to false.',
  }),
  trueOptionRule({
    id: 'WMC-6',
    title: 'A profile does not create database users on first sign-in (AutoCreate)',
    level: GuardrailLevel.NOTE,
    option: 'autocreate',
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
      // An empty DbUser names no user (the driver takes it as not given).
      const users = optionsNamed(subject, 'dbuser').filter((o) => o.value !== '');
      // AllowDBUserOverride 1: the SAML assertion's DbUser wins; 0 (the default): the connection's.
      if (users.length === 0 || optionsNamed(subject, 'allowdbuseroverride').some((o) => readAsTrue(o.value))) return [];
      // The user's name is not shown: only that one is set.
      return users.map((user) => ({ propPath: `authenticationProfileContent/${user.key}`, message: `${user.key} is set and AllowDBUserOverride is not 1: the connection's DbUser is used, not the identity provider's; AWS recommends validating DbUser with an IAM condition` }));
    },
  },
];
