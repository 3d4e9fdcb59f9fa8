// `--format github`: GitHub Actions workflow commands, one annotation per risk
// on the line that declared the construct (`::warning file=…,line=…::…`,
// `::error` for a risk whose --fail-on gate is set), then the text report for
// the log, between `::stop-commands::<token>` and `::<token>::`: the runner
// processes no command in between (actions/runner v2.336.0,
// src/Runner.Worker/ActionCommandManager.cs TryProcessCommand), so no value in
// the report can become an annotation, whatever it holds. The job summary (the
// Markdown) is written by the command. The runner shows at most
// ANNOTATIONS_PER_LEVEL_PER_STEP annotations of each level and drops the rest
// silently (github-limits.ts): explain writes the most severe of each level
// itself, then one notice counting the rest and saying where they are listed.
import { randomBytes } from 'crypto';
import { ANNOTATIONS_PER_LEVEL_PER_STEP, countByRule, countsText, formatCount } from './github-limits';
import { actionAndCause, constructName } from './render-text';
import { bySeverity, Risk, sourceLocation } from './risks';

const COMMANDS = { error: 'error', warning: 'warning', note: 'notice' } as const;

/**
 * A workflow command's message, escaped as @actions/core escapes it
 * (toolkit packages/core/src/command.ts `escapeData`): `%`, CR and LF.
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (`escapeProperty`): also `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One workflow command per risk, most severe first (errors, warnings, then
 * notices; replacements, deletions, drift, releases, imports), at most
 * `perLevel` of each level; when some are left out, the last is one notice
 * (taking one of the notices' places) counting them per level and rule and
 * saying where they are listed.
 *
 * @param stack the stack of every risk that names none itself
 * @param perLevel the most annotations of one level (the tests lower it)
 */
export function renderGithubAnnotations(risks: readonly (Risk & { stack?: string })[], sourceRoot?: string, stack?: string, perLevel = ANNOTATIONS_PER_LEVEL_PER_STEP): string[] {
  const { shown, leftOut } = capAnnotations(bySeverity(risks), perLevel);
  const lines = shown.map((risk) => annotation(risk, sourceRoot, risk.stack ?? stack));
  if (leftOut.length > 0) lines.push(leftOutNotice(leftOut, perLevel));
  return lines;
}

/** The annotations one step shows, `perLevel` of each level (one notice fewer when a notice must count the rest), and the rest. */
export function capAnnotations<T extends Risk>(ordered: readonly T[], perLevel = ANNOTATIONS_PER_LEVEL_PER_STEP): { shown: T[]; leftOut: T[] } {
  const cut = (notices: number) => {
    const room: { [level in Risk['level']]: number } = { error: perLevel, warning: perLevel, note: notices };
    const shown: T[] = [];
    const leftOut: T[] = [];
    for (const r of ordered) {
      if (room[r.level] > 0) {
        room[r.level]--;
        shown.push(r);
      } else {
        leftOut.push(r);
      }
    }
    return { shown, leftOut };
  };
  const all = cut(perLevel);
  return all.leftOut.length === 0 ? all : cut(perLevel - 1);
}

function annotation({ rule, construct: c, level, message: finding }: Risk, sourceRoot: string | undefined, stack: string | undefined): string {
  const at = sourceLocation(c, sourceRoot);
  const title = `${stack === undefined ? '' : `stack ${stack}: `}${constructName(c)}: ${rule.id.replace(/-/g, ' ')}`;
  // In @actions/core's order (toCommandProperties): title, file, line.
  const properties = [`title=${escapeProperty(title)}`, ...(at === undefined ? [] : [`file=${escapeProperty(at.file)}`, `line=${at.line}`])];
  const message = `${constructName(c)}${c.constructClass === undefined ? '' : ` (${c.constructClass})`} ${finding ?? actionAndCause(c.actions, c.causes)}`;
  return `::${COMMANDS[level]} ${properties.join(',')}::${escapeData(message)}`;
}

/** `30 errors (30 replace), 5 warnings (5 drift)`: what was left out, per level and rule. */
export function leftOutText(leftOut: readonly Risk[]): string {
  const levels: [Risk['level'], string][] = [['error', 'error'], ['warning', 'warning'], ['note', 'notice']];
  return levels
    .map(([level, noun]) => [noun, leftOut.filter((r) => r.level === level)] as const)
    .filter(([, risks]) => risks.length > 0)
    .map(([noun, risks]) => `${formatCount(risks.length)} ${risks.length === 1 ? noun : `${noun}s`} (${countsText(countByRule(risks))})`)
    .join(', ');
}

/** The notice that counts what was not annotated; its text names no value of the plan (counts and rule ids only). */
function leftOutNotice(leftOut: readonly Risk[], perLevel: number): string {
  const title = `explain: ${formatCount(leftOut.length)} more ${leftOut.length === 1 ? 'risk' : 'risks'} not annotated`;
  const message =
    `GitHub shows at most ${perLevel} error, ${perLevel} warning and ${perLevel} notice annotations per step, ` +
    `so explain annotated the most severe and left out ${formatCount(leftOut.length)} more: ${leftOutText(leftOut)}. ` +
    'They are listed in the job summary, the most severe first, and in the report in this step\'s log.';
  return `::notice title=${escapeProperty(title)}::${escapeData(message)}`;
}

/** A stop-commands token: 128 random bits from the system's CSPRNG, as 32 hex digits; a new one for each log. */
export function newStopToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The log of `--format github`: the annotations, then `body` (the text
 * report) between `::stop-commands::<token>` and `::<token>::`. The token is
 * drawn again while it occurs anywhere in the log (case-insensitively, as the
 * runner compares it): only our own last line can resume the commands.
 *
 * @param token where tokens come from (the tests force a collision)
 */
export function renderGithubLog(annotations: readonly string[], body: string, token: () => string = newStopToken): string {
  const report = body.replace(/\n$/, '');
  const text = `${annotations.join('\n')}\n${report}`.toLowerCase();
  for (let attempt = 0; attempt < 100; attempt++) {
    const t = token();
    // The runner refuses an empty token or one naming a command (ValidateStopToken); ours is hex, never such a name.
    if (!/^[0-9a-f]{32,}$/i.test(t)) throw new RangeError('a stop-commands token is at least 32 hex digits');
    if (text.includes(t.toLowerCase())) continue;
    return [...annotations, `::stop-commands::${t}`, report, `::${t}::`].join('\n');
  }
  throw new RangeError('no stop-commands token absent from the report could be drawn');
}
