import { literalText } from '../core/literal-text';
import { Problems } from '../core/problems';
import { registerValueClass } from '../core/snapshot';
import { checkString, positionAt } from '../core/string-position';
import { ID, PRINCIPAL, readArgument, splitTypeAndId, throwIfProblems } from './type-and-id';
import { nfcOf } from '../core/nfc';

/**
 * A principal of a restriction policy binding: a subject or a group of
 * subjects, written `type:id`.
 *
 * Build one with a factory (`Principal.role(id)`, `.team`, `.user`, `.org`) or
 * parse one with `Principal.fromString('role:…')`. Raw strings are also
 * accepted wherever a principal is, and checked the same way.
 *
 * @example
 * Principal.role('00000000-0000-1111-0000-000000000000').toString(); // "role:00000000-…"
 */
export class Principal {
  /**
   * A role, by its id.
   *
   * @param id the role's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the principal `role:<id>`
   */
  public static role(id: string): Principal {
    return Principal.of('role', id, 'Principal.role');
  }

  /**
   * A team, by its id.
   *
   * @param id the team's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the principal `team:<id>`
   */
  public static team(id: string): Principal {
    return Principal.of('team', id, 'Principal.team');
  }

  /**
   * A user, by its id.
   *
   * @param id the user's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the principal `user:<id>`
   */
  public static user(id: string): Principal {
    return Principal.of('user', id, 'Principal.user');
  }

  /**
   * An organization, by its id (`data.relationships.org.data.id` of
   * `GET /api/v2/current_user`). Pass `CurrentOrg.orgId` to read it at plan time,
   * or the result of `CurrentOrg.fetchOrgId` to write it as a literal.
   *
   * @param id the org's id: non-empty, in NFC, no whitespace, control or format characters (a token passes unchecked)
   * @returns the principal `org:<id>`
   */
  public static org(id: string): Principal {
    return Principal.of('org', id, 'Principal.org');
  }

  /**
   * Parses `type:id`. Throws a `ValidationError` when the type is not role, team,
   * user or org, or the id is empty or holds whitespace. A token cannot be
   * parsed: pass it to `principals` directly, or to a factory as the id.
   *
   * @param raw a literal `type:id` string, e.g. `role:00000000-0000-1111-0000-000000000000`
   * @returns the principal, split at the first colon
   */
  public static fromString(raw: string): Principal {
    raw = readArgument('Principal.fromString', 'principal', raw);
    const problems = new Problems();
    const mustBeKnown = 'a reference cannot be parsed at synth time: pass it to principals as is, or as the id of Principal.org(…)';
    const checked = checkString(raw, positionAt(PRINCIPAL, undefined, { mustBeKnown }), problems, 'principal');
    throwIfProblems('Principal.fromString', problems);
    // The text Terraform would read, written back as exactly that text (plain text that reads as itself stays as given).
    const text = nfcOf(checked!.text!);
    const parts = splitTypeAndId(text)!;
    if (text === raw) return new Principal(parts.type, parts.id);
    return new Principal(parts.type, literalText(parts.id));
  }

  private static of(type: string, id: string, factory: string): Principal {
    id = readArgument(factory, 'id', id);
    const problems = new Problems();
    checkString(id, ID, problems, 'id');
    throwIfProblems(factory, problems);
    return new Principal(type, id);
  }

  /** The principal type: `role`, `team`, `user` or `org`. */
  public readonly type: string;
  /** The principal's id (may be a token, e.g. `CurrentOrg.orgId`). */
  public readonly id: string;

  private constructor(type: string, id: string) {
    this.type = type;
    this.id = id;
  }

  /**
   * The wire form, `type:id`.
   *
   * @returns the principal as the restriction policy API writes it
   */
  public toString(): string {
    return `${this.type}:${this.id}`;
  }
}

registerValueClass(Principal);
