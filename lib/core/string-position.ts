// The one pipeline for a value written where Terraform takes a string. Every
// such position of every construct, provider and factory reads its value
// here, so that what synth accepts, Terraform accepts:
//
// 1. The value's kind: a string, or a string or number token (Terraform turns
//    a number into a string); a list or map token, any other token, or
//    anything else is refused (Terraform: "string required").
// 2. The text Terraform reads: the string as cdktf writes it (plain text as
//    is, each `Literal.text` piece escaped, each token as its `${…}`) parsed
//    with Terraform's template grammar (terraform-template.ts). A template
//    Terraform refuses is refused; in plain text, an interpolation may only be
//    a quoted string or one of the references Terraform can resolve in any
//    stack (a declared variable, `each`, `count`, `path`,
//    `terraform.workspace`: template-references.ts checks them at synth);
//    directives are refused (they are expressions: give a token).
// 3. The position's grammar, on the text as far as it is known: the known
//    characters and the unknown pieces (tokens, references) in order, so that
//    `'bad_' + variable` is refused where an underscore can never be valid.
import { literalOfPieces, literalToken, literalWritten, StringPiece, stringPieces, withLiteralTexts } from './literal-text';
import { describeValue, isUnresolved, Problems } from './problems';
import { describeConcealed } from './received-value';
import { IConstruct } from 'constructs';
import { ReferenceScope, StackReference, stackReferenceOf, StackReferences } from './stack-references';
import { referencedVariable, variableTypeProblem } from './token-types';
import { resolvedText } from './hcl-writer';
import { instanceTexts, MAX_READ_INSTANCES } from './iterator-collection';
import { parseTemplate, templateTraversalRoots, Traversal } from './terraform-template';
import { TextGrammar, TextSegment } from './text-grammar';
import { isTokenKey, tokenKeyProblem, writtenKey } from './token-keys';
import { tokensWrittenBare } from './token-braces';
import { holdsTokenMarker } from './token-marker';
import { isNfc } from './nfc';

/** A position that takes a string, and its rules. */
export interface StringPosition {
  /** What the position accepts, for the error line. */
  readonly rule: string;
  /** The grammar of the text Terraform reads (in NFC), applied as far as the text is known. */
  readonly grammar?: TextGrammar;
  /** A further rule on the whole text, when it is known: what is allowed, or undefined when it passes. */
  readonly check?: (text: string) => string | undefined;
  /** The known text must be in Unicode NFC (Terraform reads NFC: another form would be another value). */
  readonly nfc?: boolean;
  /** Set where the value must be known at synth time (no token, no reference): why. */
  readonly mustBeKnown?: string;
  /** The value may be a secret: a problem shows it by type and size only. */
  readonly concealed?: boolean;
  /** How a refused string is shown (a URL without its userinfo and query values); default: as given, credential-shaped text redacted. */
  readonly display?: (text: string) => string;
  /** The position is inside a value of any type: a string that is one whole token is not checked as text. */
  readonly anyType?: boolean;
  /** `undefined` is a problem (a factory's argument); elsewhere a schema reports missing props. */
  readonly required?: boolean;
  /** Where the position is written, for the references its text holds (checked at synth); omit where none may be. */
  readonly referencesFrom?: ReferenceScope;
  /** `self` may be referred to (a postcondition's error message). */
  readonly selfAllowed?: boolean;
}

/**
 * `position` written at `referencesFrom` (and `more` set), for one construct.
 * A copy by `Object.assign`: V8 copies a spread object and then adds each
 * further property slowly (`{ ...NAME, referencesFrom }` costs about 0.5 µs,
 * paid by every value of every construct of a fleet).
 */
export function positionAt(position: StringPosition, referencesFrom: ReferenceScope | undefined, more?: Partial<StringPosition>): StringPosition {
  return Object.assign({}, position, { referencesFrom }, more);
}

/** A string as checked: its pieces as Terraform reads them, and its text when wholly known. */
export interface CheckedString {
  /** Known text and unknown pieces (tokens, references), in order. */
  readonly segments: readonly TextSegment[];
  /** The text Terraform reads (before NFC), when no piece is unknown. */
  readonly text?: string;
}

/** The references of text that holds none: one list for all of them. */
const NO_REFERENCES: readonly Traversal[] = Object.freeze([]);

const TEXT_ADVICE = 'to write "${" or "%{" as text, use Literal.text(…) (or "$${" and "%%{"); for an expression, a cdktf token (variable.stringValue, Fn.*)';

/** Records that `value` is refused at `path`, shown as the position shows values (one function: no closure per check). */
function refuseAt(value: unknown, position: StringPosition, problems: Problems, path: string, allowed: string): undefined {
  if (position.concealed) problems.addConcealed(path, value, allowed);
  else if (position.display !== undefined && typeof value === 'string') problems.add(path, position.display(withLiteralTexts(value)), allowed);
  else problems.add(path, value, allowed);
  return undefined;
}

/**
 * Checks `value` for a string position, recording problems at `path`; returns
 * what Terraform will read, or undefined after a problem (or for `undefined`).
 */
export function checkString(value: unknown, position: StringPosition, problems: Problems, path: string): CheckedString | undefined {
  const read = readString(value, position, problems, path);
  return typeof read === 'string' ? refuseAt(value, position, problems, path, read) : read;
}

/** {@link checkString}'s reading: what Terraform will read, or what the position allows when it refuses `value`. */
function readString(value: unknown, position: StringPosition, problems: Problems, path: string): CheckedString | string | undefined {
  if (value === undefined) {
    // Required props are reported by their schema; a factory's argument here.
    if (position.required) problems.add(path, value, `a value is required: ${position.rule}`);
    return undefined;
  }
  let kind: ReturnType<typeof valueKind>;
  try {
    kind = valueKind(value);
  } catch {
    // A revoked Proxy throws on every look.
    problems.addReceived(path, 'a value that cannot be read (a revoked Proxy)', position.rule);
    return undefined;
  }
  if (kind === 'list' || kind === 'map') return `${position.rule} (a string: a ${kind} token is not one, Terraform refuses it with "string required")`;
  if (kind === 'other') return `${position.rule} (a string)`;
  if (kind === 'unknown') {
    // A number token (Terraform turns the number into a string), or a token of
    // any type (`iterator.value`, `Token.asAny`): a variable's declared type is
    // checked; any other reference's type is Terraform's to check.
    if (position.mustBeKnown) return `a value known at synth time (${position.mustBeKnown})`;
    const typed = position.referencesFrom === undefined ? undefined : variableTypeProblem(position.referencesFrom.construct, value, 'string') ?? defaultProblem(value, position) ?? instanceProblem(value, position);
    if (typed !== undefined) return `${position.rule} (${typed})`;
    const scoped = tokenReferenceProblem(value, position, path);
    return scoped === undefined ? accept([{ unknown: true }]) : scoped;
  }
  // The string's pieces are read once, here, and handed on.
  const pieces = stringPieces(value as string);
  const wholeToken = pieces?.length === 1 && pieces[0].kind === 'token';
  const read = readTemplate(value as string, pieces, position.anyType && wholeToken ? undefined : position.referencesFrom?.construct);
  if ('problem' in read) return `${position.rule}; ${read.problem}`;
  // One whole reference to a variable: its default is what the plan reads when no value is given.
  const fallback = read.segments.length === 1 && 'unknown' in read.segments[0] && !position.anyType ? defaultProblem(value, position) : undefined;
  if (fallback !== undefined) return `${position.rule} (${fallback})`;
  // One pass over the segments: is a piece unknown, the known text, and is it already NFC.
  let unknown = false;
  let nfcAlready = true;
  let joined = '';
  for (const segment of read.segments) {
    if ('unknown' in segment) {
      unknown = true;
      continue;
    }
    joined += segment.known;
    if (nfcAlready && !isNfc(segment.known)) nfcAlready = false;
  }
  if (unknown && position.mustBeKnown) return `a value known at synth time (${position.mustBeKnown})`;
  if (read.references.length > 0) {
    if (position.referencesFrom === undefined) return `${position.rule}; it holds a Terraform reference (${read.references.map(traversalText).join(', ')}), which this position cannot take; ${TEXT_ADVICE}`;
    const unusable = read.references.find((r) => usableReference(r) === undefined);
    if (unusable !== undefined) return `${position.rule}; "\${${traversalText(unusable)}}" is read by Terraform as a reference: in text, only \${var.<declared variable>}, \${each.key}, \${each.value}, \${count.index}, \${path.module}, \${path.root}, \${path.cwd} and \${terraform.workspace}; ${TEXT_ADVICE}`;
  }
  if (position.nfc && !nfcAlready) return `${position.rule} (in Unicode NFC: Terraform reads every string in NFC, so this text would become another value)`;
  const text = unknown ? undefined : joined;
  // The whole text's own rule first: it says more precisely what is wrong.
  if (text !== undefined && position.check !== undefined) {
    const allowed = position.check(nfcAlready ? text : text.normalize('NFC'));
    if (allowed !== undefined) return allowed;
  }
  if (position.grammar !== undefined) {
    const nfc = nfcAlready ? read.segments : read.segments.map((s) => ('known' in s ? { known: s.known.normalize('NFC') } : s));
    if (!position.grammar.admits(nfc)) return position.rule;
  }
  // Each instance of a known collection, where the text is made of `each.*` references.
  const instance = unknown ? instanceProblem(value, position) : undefined;
  if (instance !== undefined) return `${position.rule} (${instance})`;
  for (const reference of read.references) {
    StackReferences.of(position.referencesFrom!.construct).add(position.referencesFrom!, path, `\${${traversalText(reference)}}`, usableReference(reference)!);
  }
  const scoped = pieces?.some((piece) => piece.kind === 'token') ? tokenReferenceProblem(value, position, path) : undefined;
  if (scoped !== undefined) return scoped;
  return accept(read.segments, text);
}

/**
 * The references a value's tokens write that depend on where they are written
 * (`iterator.key` is `${each.key}`, a TerraformCount's index `${count.index}`,
 * TerraformSelf `${self.…}`), found in the text the tokens resolve to with
 * Terraform's template scanner: `each` and `count` are recorded for the synth
 * check of the construct's repetition (stack-references.ts: Terraform's
 * "Reference to \"each\" in context without for_each" and "Reference to
 * \"count\" in non-counted context", internal/lang/eval.go at v1.11.0); `self`
 * is refused where the position is not a postcondition's (Terraform:
 * "Invalid \"self\" reference", ibid.). The rule's text when refused.
 */
function tokenReferenceProblem(value: unknown, position: StringPosition, path: string): string | undefined {
  const read = tokenTraversalRoots(value, position.referencesFrom?.construct);
  if (read === undefined) return undefined;
  const { roots, text } = read;
  if (roots.includes('undefined')) {
    return `${position.rule}; it holds a "", 0, false or undefined operand of Op.*, which cdktf writes as the word undefined and Terraform reads as a reference (Terraform: Invalid reference); give a non-empty value`;
  }
  if (roots.includes('self') && !position.selfAllowed) {
    return `${position.rule}; it refers to self, which Terraform allows only in a postcondition (Terraform: Invalid "self" reference)`;
  }
  for (const root of new Set(roots)) {
    if (root !== 'each' && root !== 'count') continue;
    if (position.referencesFrom === undefined) return `${position.rule}; it refers to ${root}, which this position cannot take (Terraform: Reference to "${root}" outside a repeated resource)`;
    const shown = position.concealed ? `a token that refers to ${root} (${text.length} characters, not shown)` : text;
    StackReferences.of(position.referencesFrom.construct).add(position.referencesFrom, path, shown, { kind: root });
  }
  return undefined;
}

/** The roots of the traversals `value`'s tokens write (resolved in `scope`'s stack); undefined when they cannot be read. */
export function tokenTraversalRoots(value: unknown, scope: IConstruct | undefined): { readonly roots: string[]; readonly text: string } | undefined {
  if (scope === undefined) return undefined;
  const text = resolvedText(scope, value);
  const roots = text === undefined ? undefined : templateTraversalRoots(text);
  return roots === undefined ? undefined : { roots, text: text! };
}

/**
 * A string inside a value of any type (a manifest, a for_each collection):
 * only Terraform's template grammar decides; a string that is one whole token
 * keeps its own type there (Terraform reads a lone interpolation as its value).
 */
const ANY_TEXT: StringPosition = { rule: 'a string', anyType: true };

/** An object key given as a token: a string (Terraform converts the key to one), read as any text is. */
const KEY_TEXT: StringPosition = { rule: 'a key: a string' };

/**
 * Every string of a value written as one Terraform attribute (a manifest, a
 * map of labels, a for_each collection) read through the pipeline at its
 * path: `value`'s strings as any text; its object keys, which Terraform reads
 * as templates too, as text that holds no template sequence (a sequence
 * there would change the key), or as a token Terraform knows at plan
 * (token-keys.ts), whose value is concealed (its key cannot be judged).
 * `concealedUnder(key)` says which entries show no value.
 */
export function checkWrittenStrings(value: unknown, path: string, problems: Problems, referencesFrom: ReferenceScope | undefined, concealedUnder: (key: string) => boolean = () => false, concealed = false): void {
  // The three positions once per value, not once per string (a node list holds tens of thousands).
  const walk: StringsWalk = {
    problems,
    referencesFrom,
    concealedUnder,
    shown: positionAt(ANY_TEXT, referencesFrom),
    concealed: positionAt(ANY_TEXT, referencesFrom, { concealed: true }),
    key: positionAt(KEY_TEXT, referencesFrom),
  };
  checkStringsIn(value, path, walk, concealed);
}

/** One {@link checkWrittenStrings} walk: where it reports, and its positions. */
interface StringsWalk {
  readonly problems: Problems;
  readonly referencesFrom: ReferenceScope | undefined;
  readonly concealedUnder: (key: string) => boolean;
  readonly shown: StringPosition;
  readonly concealed: StringPosition;
  readonly key: StringPosition;
}

function checkStringsIn(value: unknown, path: string, walk: StringsWalk, concealed: boolean): void {
  const { problems, referencesFrom } = walk;
  if (typeof value === 'string') {
    checkString(value, concealed ? walk.concealed : walk.shown, problems, path);
  } else if (Array.isArray(value)) {
    if (!isUnresolved(value)) value.forEach((item, i) => checkStringsIn(item, `${path}/${i}`, walk, concealed));
  } else if (value !== null && typeof value === 'object' && !isUnresolved(value)) {
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}/${withLiteralTexts(key)}`;
      const tokenKey = isTokenKey(key);
      if (tokenKey) {
        if (checkString(key, walk.key, problems, at) === undefined) continue;
        const problem = tokenKeyProblem(key, referencesFrom?.construct);
        if (problem !== undefined) {
          problems.add(at, (referencesFrom && writtenKey(key, referencesFrom.construct)) ?? key, problem);
          continue;
        }
      } else if (/[$%]\{/.test(key) && literalValueOfKey(key) === undefined) {
        problems.add(at, key, 'a key without "${" or "%{" (Terraform reads an object key as a template: a sequence would change the key); for a key Terraform works out, give a token (a variable, Fn.* of literals)');
        continue;
      }
      checkStringsIn(item, at, walk, concealed || tokenKey || walk.concealedUnder(key));
    }
  }
}

/** The text of a key that is one `Literal.text` (written escaped, so it stays that text). */
function literalValueOfKey(key: string): string | undefined {
  const pieces = stringPieces(key);
  return pieces?.length === 1 && pieces[0].kind === 'literal' ? pieces[0].text : undefined;
}

/**
 * Whether `text`, taken as text (not as a Terraform template: a value sent to
 * a service's API, say), follows the position's rules; the rule text when not.
 */
export function textRefusal(text: unknown, position: StringPosition): string | undefined {
  if (typeof text !== 'string') return `${position.rule} (a string)`;
  if (position.nfc && !isNfc(text)) return `${position.rule} (in Unicode NFC)`;
  if (position.grammar !== undefined && !position.grammar.matches(text)) return position.rule;
  return position.check?.(text);
}

/**
 * When `value` is exactly a reference to a variable of the stack with a
 * default (the value every plan reads that sets none), what is wrong with that
 * default at this position; undefined when it passes or there is none.
 */
function defaultProblem(value: unknown, position: StringPosition): string | undefined {
  if (position.referencesFrom === undefined) return undefined;
  const referenced = referencedVariable(position.referencesFrom.construct, value);
  const given: unknown = referenced?.variable.default;
  // Terraform turns a number or a bool into its text.
  const fallback = typeof given === 'number' || typeof given === 'boolean' ? String(given) : given;
  if (typeof fallback !== 'string') return undefined;
  const probe = new Problems();
  checkString(literalToken(fallback), positionAt(position, undefined, { mustBeKnown: undefined }), probe, 'default');
  return probe.list.length === 0 ? undefined : `the default of ${referenced!.name} is not one: ${position.concealed ? `${fallback.length} characters (not shown)` : describeValue(fallback)}`;
}

/**
 * When `value` holds only `each.key` / `each.value` (`.attr`, `["key"]`)
 * references and the construct's iterator ranges over a collection known at
 * synth time, what is wrong with the first instance whose text this position
 * refuses (or whose value is no text); undefined otherwise.
 */
function instanceProblem(value: unknown, position: StringPosition): string | undefined {
  const scope = position.referencesFrom;
  if (scope === undefined || scope.forEach === undefined) return undefined;
  for (const instance of instanceTexts(scope.construct, scope.forEach, value, MAX_READ_INSTANCES) ?? []) {
    const key = JSON.stringify(instance.key);
    if ('notText' in instance) return `for the instance ${key} it is ${position.concealed ? describeConcealed(instance.notText) : describeValue(instance.notText)}, not text (Terraform refuses it: "string required")`;
    const probe = new Problems();
    checkString(literalToken(instance.text), positionAt(position, undefined, { mustBeKnown: undefined }), probe, 'instance');
    if (probe.list.length > 0) return `for the instance ${key} it is ${position.concealed ? `${instance.text.length} characters (not shown)` : describeValue(instance.text)}, which is not one`;
  }
  return undefined;
}

function accept(segments: readonly TextSegment[], text?: string): CheckedString {
  return { segments, text };
}

/** What a value at a string position is: text, a token whose type Terraform checks, a list or map token, or something else. */
function valueKind(value: unknown): 'string' | 'unknown' | 'list' | 'map' | 'other' {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return isUnresolved(value) ? 'unknown' : 'other';
  if (Array.isArray(value)) return isUnresolved(value) ? 'list' : 'other';
  if (value !== null && typeof value === 'object' && isUnresolved(value)) return Object.keys(value).some((k) => holdsTokenMarker(k)) ? 'map' : 'unknown';
  return 'other';
}

/** The text of a traversal, as written (`var.name`, `each.value["k"]`). */
function traversalText(t: Traversal): string {
  return t.root + t.steps.map((s) => ('attribute' in s ? `.${s.attribute}` : typeof s.index === 'number' ? `[${s.index}]` : `[${JSON.stringify(s.index)}]`)).join('');
}

/**
 * What a hand-written reference in text names, when it is one text may hold
 * anywhere: a variable, `each.key`, `each.value`, `count.index`, `path.*`,
 * `terraform.workspace` (their targets are checked at synth). Other objects
 * are referenced with tokens, which carry their own checks.
 */
function usableReference(t: Traversal): StackReference | undefined {
  if (t.steps.length !== 1 || !('attribute' in t.steps[0])) return undefined;
  const reference = stackReferenceOf(t.root, [t.steps[0].attribute]);
  return reference?.kind === 'variable' || reference?.kind === 'each' || reference?.kind === 'count' || reference?.kind === 'static' ? reference : undefined;
}

/**
 * `value` as Terraform will read it: the template cdktf writes (plain pieces
 * as they are, a `Literal.text` piece escaped, each token as its `${…}`, or
 * bare inside a `${` of the text: token-braces.ts), parsed with Terraform's
 * template grammar (terraform-template.ts, the port of HCL's scanner: it alone
 * decides where a token's `${` stays an interpolation) and mapped back to
 * known text and unknown pieces.
 */
function readTemplate(value: string, given: StringPiece[] | undefined, scope?: IConstruct): { segments: TextSegment[]; references: readonly Traversal[] } | { problem: string } {
  // Literals joined with plain text that holds no sequence are written as one
  // literal of the whole text (literal-text.ts, writtenLiteral): read as that text.
  const literal = literalOfPieces(given);
  if (literal !== undefined) return { segments: [{ known: literal }], references: NO_REFERENCES };
  // Plain text that opens no sequence is read as itself (parseTemplate's own first answer).
  if (given === undefined && !/[$%]\{/.test(value)) return { segments: value === '' ? [] : [{ known: value }], references: NO_REFERENCES };
  const pieces = given ?? [{ kind: 'plain' as const, text: value }];
  const bare = tokensWrittenBare(value);
  let markers = 0;
  let source = '';
  // Where each token's stand-in starts: `${__token__}`, or `__token__` where cdktf writes it bare.
  const tokenStarts = new Set<number>();
  const bareStarts = new Set<number>();
  for (const piece of pieces) {
    const insideExpression = (piece.kind === 'literal' || (piece.kind === 'token' && piece.tokenKind === 'string')) && bare[markers++] === true;
    if (piece.kind === 'token') {
      if (piece.tokenKind === 'list' || piece.tokenKind === 'map') return { problem: `it holds a ${piece.tokenKind} token inside text (Terraform refuses it: "string required"); give one element with Fn.element(…) or Fn.join(…)` };
      const typed = scope === undefined ? undefined : variableTypeProblem(scope, piece.tokenKind === 'number' ? Number(piece.marker) : piece.marker, 'string');
      if (typed !== undefined) return { problem: `a reference in it is not text: ${typed}` };
      // A stand-in with the shape of what cdktf writes for a token: one interpolation, or its bare expression.
      if (insideExpression) {
        bareStarts.add(source.length);
        source += '__token__';
      } else {
        tokenStarts.add(source.length);
        source += '${__token__}';
      }
    } else if (piece.kind === 'literal') {
      source += literalWritten(piece.text, insideExpression);
    } else {
      source += piece.text;
    }
  }
  const parsed = parseTemplate(source);
  if (parsed.error !== undefined) return { problem: `Terraform reads it as a template and refuses it (${parsed.error.summary}); ${TEXT_ADVICE}` };
  const segments: TextSegment[] = [];
  const references: Traversal[] = [];
  let tokensSeen = 0;
  const bareIn = (part: { at: number; source: string }) => [...bareStarts].filter((at) => at > part.at && at < part.at + part.source.length);
  for (const part of parsed.parts) {
    if (part.kind === 'text') segments.push({ known: part.text });
    else if (part.kind === 'directive') return { problem: `it holds the template directive "${part.source}", an expression Terraform evaluates; ${TEXT_ADVICE}` };
    else if ((part.source === '${__token__}' && tokenStarts.has(part.at)) || (bareIn(part).length === 1 && part.traversal?.root === '__token__' && part.traversal.steps.length === 0)) {
      // A token as an interpolation of its own (or, written bare, as the whole expression of one the text opens: `'${' + token + '}'`).
      tokensSeen += 1;
      segments.push({ unknown: true });
    } else if (bareIn(part).length > 0) {
      return { problem: `a reference in it sits inside the "\${…}" the text opens ("${part.source.replace(/__token__/g, '<reference>')}"): cdktf writes it there as part of that expression, which Terraform evaluates; ${TEXT_ADVICE}` };
    } else if (part.literal !== undefined) segments.push({ known: part.literal });
    else if (part.traversal !== undefined) {
      references.push(part.traversal);
      segments.push({ unknown: true });
    } else {
      return { problem: `"${part.source}" is read by Terraform as an expression; ${TEXT_ADVICE}` };
    }
  }
  if (tokensSeen !== tokenStarts.size + bareStarts.size) {
    return {
      problem: `a reference in it is not read as one by Terraform: the text around it makes its "\${" text (a "$" right before it, "$\${" or an unclosed "\${" before it, or a lone CR, one not followed by LF, anywhere before it); put that text in Literal.text(…), or join the pieces with Fn.join(…)`,
    };
  }
  const known: TextSegment[] = [];
  for (const segment of segments) {
    const last = known[known.length - 1];
    if ('known' in segment && last !== undefined && 'known' in last) known[known.length - 1] = { known: last.known + segment.known };
    else known.push(segment);
  }
  return { segments: known, references };
}
