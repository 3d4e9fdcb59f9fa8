import { DefaultTokenResolver, Fn, IResolveContext, Lazy, StringConcat, Token, Tokenization } from '../core/framework';
import { hclTemplate } from '../core/hcl-writer';
import { isPlainObject } from '../core/plain-object';
import { literalText, literalToken, literalValueOf, stringPieces, withLiteralTexts, writtenLiteral } from '../core/literal-text';
import { isUnresolved, Problems } from '../core/problems';
import { isCredentialLookingKey } from '../core/received-value';
import { checkString, positionAt, StringPosition } from '../core/string-position';
import { ReferenceScope } from '../core/stack-references';
import { referencedVariable } from '../core/token-types';
import { nfcOf } from '../core/nfc';

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

/**
 * Whether a content key's value is never shown (in an error message or a plan
 * explanation): the service's credential keys, as Terraform reads them (NFC),
 * and anything that reads like a credential (received-value.ts).
 */
export function isCredentialContentKey(key: string): boolean {
  return CREDENTIAL_KEYS.includes(nfcOf(key)) || isCredentialLookingKey(key);
}

const ALLOWED_CONTENT = 'a JSON object of string keys to string values, e.g. {"AllowDBUserOverride":"1","Client_ID":"ExampleClientID"}';

/** A content key or value: any text Terraform reads as it is written (its template grammar checked). */
const CONTENT_TEXT: StringPosition = { rule: 'a string' };

/** A checked content: what the construct writes, and the text Terraform will send when known. */
export interface CheckedProfileContent {
  /** The content as written to Terraform: canonical JSON, a `jsonencode(…)` expression, or a token. */
  readonly written: string;
  /** The characters the service will receive, when no part of it is unknown until Terraform runs. */
  readonly text?: string;
}

/**
 * Checks a profile's content and returns what to write.
 *
 * - Known content is written as canonical JSON (keys sorted by code unit, no
 *   insignificant whitespace, so equivalent inputs give the same bytes), as
 *   literal text: Terraform reads exactly those characters.
 * - Content with a part known only when Terraform runs (a token or a
 *   reference as a key or value) is written as `jsonencode({ … })`, so that
 *   whatever the value holds (a quote, a line break) stays inside its JSON
 *   string; a whole-map token as `jsonencode(<map>)`; a whole-string token as
 *   it is. JSON text with a reference inside it is refused (its JSON could
 *   not be checked nor kept valid): give an object.
 *
 * Every key and value goes through the string pipeline (string-position.ts).
 * Undefined when invalid.
 */
export function checkProfileContent(
  content: unknown,
  problems: Problems,
  path: string,
  referencesFrom?: ReferenceScope,
): CheckedProfileContent | undefined {
  const literal = literalValueOf(content);
  if (literal === undefined && typeof content === 'string' && isUnresolved(content)) {
    const pieces = stringPieces(content) ?? [];
    if (pieces.length === 1 && pieces[0].kind === 'token' && pieces[0].tokenKind === 'string') {
      // A variable's default is what the plan reads when no value is given: the provider checks it is JSON.
      const referenced = referencesFrom === undefined ? undefined : referencedVariable(referencesFrom.construct, content);
      const fallback: unknown = referenced?.variable.default;
      if (fallback !== undefined && (typeof fallback !== 'string' || checkProfileContent(literalToken(fallback), new Problems(), path) === undefined)) {
        problems.addConcealed(path, content, `${ALLOWED_CONTENT}: the default of ${referenced!.name} is not one (the provider refuses it at plan)`);
        return undefined;
      }
      return { written: content };
    }
    problems.addConcealed(path, content, `${ALLOWED_CONTENT}: JSON text with a reference inside it cannot be kept valid; give an object { key: reference } (written with jsonencode), or one whole token`);
    return undefined;
  }
  // A whole-map token (`Token.asStringMap(variable.value)`): Terraform's jsonencode writes it, keys sorted as here.
  if (literal === undefined && isPlainObject(content) && isUnresolved(content)) return { written: Fn.jsonencode(content) };
  const source = literal ?? content;
  let parsed: unknown = source;
  if (typeof source === 'string') {
    try {
      parsed = JSON.parse(source);
    } catch (e) {
      // The parser's message quotes the text, which may hold a password: keep only where it failed.
      const at = /at position (\d+)/.exec((e as Error).message);
      problems.addConcealed(path, source, `${ALLOWED_CONTENT} (not valid JSON${at ? ` at position ${at[1]}` : ''})`);
      return undefined;
    }
  }
  if (!isPlainObject(parsed)) {
    problems.addConcealed(path, source, ALLOWED_CONTENT);
    return undefined;
  }
  // Text parsed out of a literal is text: never read as a template (live text may look like one).
  const asGiven = (text: string) => (literal === undefined ? text : literalToken(text));
  const entries: { key: string; value: unknown; keyText?: string; valueText?: string }[] = [];
  // The two positions of a value, made once per content rather than once per value.
  const valuePositions = { shown: positionAt(CONTENT_TEXT, referencesFrom), concealed: positionAt(CONTENT_TEXT, referencesFrom, { concealed: true }) };
  for (const [givenKey, original] of Object.entries(parsed as object)) {
    // An `any` token (`iterator.value`, `Token.asAny(…)`) is written where a string goes: as the string
    // token it is there (`${each.value}`), checked as any string token is (per instance when the
    // iterator's collection is known at synth: each element must be text).
    const value: unknown = isAnyToken(original) ? Token.asString(original) : original;
    const key = asGiven(givenKey);
    const keyPath = `${path}/${withLiteralTexts(givenKey)}`;
    const checkedKey = checkString(key, CONTENT_TEXT, problems, keyPath);
    const keyText = checkedKey?.text;
    const concealed = keyText === undefined || isCredentialContentKey(keyText);
    if (typeof value !== 'string' && !(typeof value === 'number' && isUnresolved(value))) {
      const allowed = 'a string value (the service stores string values only)';
      // Not echoed, whatever the key: a list or an object under an ordinary key may hold a credential
      // anywhere inside it, so the message says its type and size only (received-value.ts).
      problems.addConcealed(keyPath, value, allowed);
      continue;
    }
    const checkedValue = checkString(typeof value === 'string' ? asGiven(value) : value, concealed ? valuePositions.concealed : valuePositions.shown, problems, keyPath);
    if (keyText !== undefined && CREDENTIAL_KEYS.includes(nfcOf(keyText))) {
      // As Terraform reads it (NFC): `Access\u212AeyID` (Kelvin sign) is `AccessKeyID`.
      problems.add(keyPath, keyText, `a key other than ${CREDENTIAL_KEYS.join(', ')}: the service refuses to store credentials in a profile; pass them to the driver at connect time`);
    }
    if (checkedKey !== undefined && checkedValue !== undefined) entries.push({ key, value: typeof value === 'string' ? asGiven(value) : value, keyText, valueText: checkedValue.text });
  }
  if (!problems.isClean(path)) return undefined;
  if (entries.every((e) => e.keyText !== undefined && e.valueText !== undefined)) {
    entries.sort((a, b) => compareCodeUnits(a.keyText!, b.keyText!));
    const text = `{${entries.map((e) => `${JSON.stringify(e.keyText)}:${JSON.stringify(e.valueText)}`).join(',')}}`;
    return { written: literalText(text), text };
  }
  entries.sort((a, b) => compareCodeUnits(a.keyText ?? a.key, b.keyText ?? b.key));
  return { written: jsonencodeOf(entries) };
}

/** A token object that is not a list or a map (an `any` token: `iterator.value`, `Token.asAny`). */
function isAnyToken(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Tokenization.isResolvable(value);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `jsonencode({ <key> = <value>, … })`, each key and value the HCL quoted
 * template of what cdktf writes for it, resolved at synth time.
 */
function jsonencodeOf(entries: readonly { key: string; value: unknown }[]): string {
  return Lazy.stringValue({
    produce: (context: IResolveContext) => {
      const quoted = (value: unknown) => hclTemplate(String(Tokenization.resolve(writtenLiteral(String(value)), { scope: context.scope, resolver: new DefaultTokenResolver(new StringConcat()) })));
      return `\${jsonencode({${entries.map((e) => `${quoted(e.key)} = ${quoted(e.value)}`).join(', ')}})}`;
    },
  });
}

/** Length of the content as the quota counts it: UTF-8 bytes. */
export function contentByteLength(content: string): number {
  // Terraform reads (and sends) every string in NFC, which can be longer or shorter.
  return Buffer.byteLength(nfcOf(content), 'utf8');
}
