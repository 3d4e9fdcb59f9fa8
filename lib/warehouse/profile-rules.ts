// The built-in guardrails of an AuthenticationProfile (issue 45): connection
// options in its content that turn TLS off or skip a certificate check, and
// options that make or choose database users. Each rests on the Redshift
// drivers' documented options (JDBC 2.1 configuration options, ODBC 2.x
// options, "Configuring security options for connections"), read as the
// drivers read them: the JDBC driver's source (aws/amazon-redshift-jdbc-driver
// v2.2.6: RedshiftConnectionImpl.setAuthMech, jdbc/SslMode.of,
// core/SocketFactoryFactory, plugin/SamlCredentialsProvider) and the ODBC
// driver's (aws/amazon-redshift-odbc-driver 2.1.17: RsIamHelper::ReadAuthProfile,
// parseConnectionString, convertToBoolVal, EncryptionMethod; its page: "Driver
// options are not case sensitive"). A profile is read by both drivers (each has
// an AuthProfile option), so a value either driver reads as unsafe is found.
import { GuardrailLevel, GuardrailSubject, GuardrailViolation, IGuardrailRule } from '../core/guardrail-rule';
import { knownText, perSubject } from '../core/guardrail-values';
import { odbcOptions } from './odbc-connection-string';

const JDBC_OPTIONS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc20-configuration-options.html';
const SSL_SUPPORT = 'https://docs.aws.amazon.com/redshift/latest/mgmt/connecting-ssl-support.html';
const DB_CREDENTIALS = 'https://docs.aws.amazon.com/redshift/latest/mgmt/jdbc-and-odbc-options-for-database-credentials.html';
const PROFILE = ['AuthenticationProfile'];
/** The driver's non-validating factory and the PostgreSQL name it maps to it (RedshiftConnectionImpl.NON_VALIDATING_SSL_FACTORY). */
const NON_VALIDATING_FACTORIES = ['com.amazon.redshift.ssl.NonValidatingFactory', 'org.postgresql.ssl.NonValidatingFactory'];

/** An option as a driver reads it. */
interface Option {
  /** The key as the driver reads it. */
  readonly key: string;
  /** The value as the driver reads it. */
  readonly value: string;
  /** The profile's key it comes from: the prop path names it. */
  readonly from: string;
  readonly driver: 'JDBC' | 'ODBC';
}

/** Each driver's options: name (lower case) → every option read under it. */
interface Readings {
  readonly JDBC: Map<string, Option[]>;
  readonly ODBC: Map<string, Option[]>;
}

/**
 * The content's options as each driver reads them (a token's value is unknown: left out). JDBC: the entries as
 * given (the driver puts the profile's keys into its properties as written and reads them in lower case; keys that
 * differ only in case are each kept, which one it reads is not documented). ODBC: what it parses from the entries
 * joined as `key=value;` (odbc-connection-string.ts): trimmed, and with any option a value holds.
 */
const readings = perSubject((subject: GuardrailSubject): Readings => {
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
  const literal: [string, string][] = [];
  for (const [key, value] of Object.entries(entries ?? {})) {
    const text = knownText(value);
    if (text !== undefined && knownText(key) !== undefined) literal.push([key, text]);
  }
  const byName = (options: Option[]) => {
    const out = new Map<string, Option[]>();
    for (const o of options) out.set(o.key.toLowerCase(), [...(out.get(o.key.toLowerCase()) ?? []), o]);
    return out;
  };
  return {
    JDBC: byName(literal.map(([key, value]) => ({ key, value, from: key, driver: 'JDBC' }))),
    ODBC: byName(odbcOptions(literal).map((o) => ({ key: o.key, value: o.value, from: literal[o.entry][0], driver: 'ODBC' }))),
  };
});

/** Every option a driver reads under a name (in lower case); both drivers' when none is named. */
function optionsNamed(subject: GuardrailSubject, name: string, driver?: 'JDBC' | 'ODBC'): Option[] {
  const read = readings(subject);
  return driver === undefined ? [...(read.JDBC.get(name) ?? []), ...(read.ODBC.get(name) ?? [])] : read[driver].get(name) ?? [];
}

/** A Boolean option read as true: JDBC's Boolean.parseBoolean ("true", any case), ODBC's convertToBoolVal ("TRUE" or "1", any case). */
function readAsTrue(option: Option): boolean {
  return option.value.toLowerCase() === 'true' || (option.driver === 'ODBC' && option.value === '1');
}

/**
 * A finding on the profile's key the option comes from, once per key and rule (both drivers may read it). Where the
 * ODBC driver reads an option out of another key's value, the message says so (that value is not shown: it may be anything).
 */
function violations(options: readonly Option[], message: (o: Option) => string): GuardrailViolation[] {
  const out = new Map<string, GuardrailViolation>();
  for (const o of options) {
    const propPath = `authenticationProfileContent/${o.from}`;
    if (out.has(propPath)) continue;
    const read = o.key.trim().toLowerCase() === o.from.trim().toLowerCase() ? `${o.from} = ${shown(o.value)}` : `${o.key} = ${shown(o.value)}, which the ODBC driver reads out of ${o.from}'s value (it joins the options as key=value; without escaping)`;
    out.set(propPath, { propPath, message: `${read}: ${message(o)}` });
  }
  return [...out.values()];
}

/** The values the rules name: a finding shows one of these as it is, any other value by its length (it may be a secret pasted in the wrong field). */
const NAMED_VALUES = new Set(['true', 'false', '0', '1', '2', '3', 'no', 'off', 'disable', 'allow', 'prefer', 'require', ...NON_VALIDATING_FACTORIES.map((f) => f.toLowerCase())]);

function shown(value: string): string {
  return NAMED_VALUES.has(value.toLowerCase()) ? JSON.stringify(value) : `text of ${value.length} characters`;
}

/** The SSL modes the ODBC driver reads from EncryptionMethod (or EM) when no SSLMode is given: rslibpq.c, rsconnect.cpp. */
const ENCRYPTION_METHODS: { [n: string]: string } = { 0: 'disable', 1: 'verify-ca', 2: 'verify-full', 3: 'require' };

/**
 * The SSL modes each driver reads: JDBC's sslmode, else AuthMech ("Alias for sslMode": RedshiftProperty.AUTH_MECH;
 * SslMode.of reads sslmode first); ODBC's SSLMode, and EncryptionMethod (or EM) as its number says (sscanf "%d").
 */
function sslModes(subject: GuardrailSubject): { option: Option; mode: string }[] {
  const jdbc = optionsNamed(subject, 'sslmode', 'JDBC');
  const odbcMethods = [...optionsNamed(subject, 'encryptionmethod', 'ODBC'), ...optionsNamed(subject, 'em', 'ODBC')];
  return [
    ...(jdbc.length > 0 ? jdbc : optionsNamed(subject, 'authmech', 'JDBC')).map((option) => ({ option, mode: option.value.toLowerCase() })),
    ...optionsNamed(subject, 'sslmode', 'ODBC').map((option) => ({ option, mode: option.value.toLowerCase() })),
    ...odbcMethods.flatMap((option) => {
      const n = /^[+-]?\d+/.exec(option.value)?.[0];
      const mode = n === undefined ? undefined : ENCRYPTION_METHODS[String(Number(n))];
      return mode === undefined ? [] : [{ option, mode }];
    }),
  ];
}

function sslModeRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { values: readonly string[]; says: string }): IGuardrailRule {
  const { values, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: PROFILE,
    check: (subject) => violations(sslModes(subject).filter((m) => values.includes(m.mode)).map((m) => m.option), (o) => (/^(encryptionmethod|em)$/i.test(o.key) ? `the ODBC driver reads it as sslmode ${sslModes(subject).find((m) => m.option === o)!.mode}: ${says}` : says)),
  };
}

/** A Boolean option that either driver reads as true. */
function trueOptionRule(spec: Omit<IGuardrailRule, 'check' | 'appliesTo'> & { option: string; says: string }): IGuardrailRule {
  const { option, says, ...rule } = spec;
  return {
    ...rule,
    appliesTo: PROFILE,
    check: (subject) => violations(optionsNamed(subject, option).filter(readAsTrue), () => says),
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
      optionsNamed(subject, 'ssl', 'JDBC')
        .filter((o) => o.value !== '' && o.value.toLowerCase() !== 'true')
        .map((o) => {
          const says = 'the JDBC driver turns SSL on only for "true" or an empty value: this one connects without SSL ("The driver connects to the server without using SSL")';
          return violations([o], () => says)[0];
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
      violations(
        optionsNamed(subject, 'sslfactory', 'JDBC').filter((o) => NON_VALIDATING_FACTORIES.includes(o.value)),
        () => 'TLS without an identity check: any certificate is accepted ("Using SSL without identity check")',
      ),
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
      // An empty DbUser names no user (the ODBC driver trims it).
      const users = optionsNamed(subject, 'dbuser').filter((o) => o.value.trim() !== '');
      // AllowDBUserOverride 1: the SAML assertion's DbUser wins; 0 (the default): the connection's.
      if (users.length === 0 || optionsNamed(subject, 'allowdbuseroverride').some((o) => o.value.trim() === '1' || o.value.trim().toLowerCase() === 'true')) return [];
      // The user's name is not shown: only that one is set.
      return [...new Set(users.map((u) => u.from))].map((from) => ({
        propPath: `authenticationProfileContent/${from}`,
        message: `${from.trim().toLowerCase() === 'dbuser' ? `${from} is set` : `${from}'s value sets DbUser for the ODBC driver`} and AllowDBUserOverride is not 1: the connection's DbUser is used, not the identity provider's; AWS recommends validating DbUser with an IAM condition`,
      }));
    },
  },
];
