// `--format github`: GitHub Actions workflow commands, one annotation per risk
// on the line that declared the construct (`::warning file=…,line=…::…`,
// `::error` for a risk whose --fail-on gate is set), then the text report for
// the log, between `::stop-commands::<token>` and `::<token>::`: the runner
// processes no command in between (actions/runner v2.336.0,
// src/Runner.Worker/ActionCommandManager.cs TryProcessCommand), so no value in
// the report can become an annotation, whatever it holds. The job summary (the
// Markdown) is written by the command.
import { randomBytes } from 'crypto';
import { actionAndCause, constructName } from './render-text';
import { Risk, sourceLocation } from './risks';

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

/** One workflow command per risk. */
export function renderGithubAnnotations(risks: readonly Risk[], sourceRoot?: string, stack?: string): string[] {
  return risks.map(({ rule, construct: c, level }) => {
    const at = sourceLocation(c, sourceRoot);
    const title = `${stack === undefined ? '' : `stack ${stack}: `}${constructName(c)}: ${rule.id.replace(/-/g, ' ')}`;
    // In @actions/core's order (toCommandProperties): title, file, line.
    const properties = [`title=${escapeProperty(title)}`, ...(at === undefined ? [] : [`file=${escapeProperty(at.file)}`, `line=${at.line}`])];
    const message = `${constructName(c)}${c.constructClass === undefined ? '' : ` (${c.constructClass})`} ${actionAndCause(c.actions, c.causes)}`;
    return `::${COMMANDS[level]} ${properties.join(',')}::${escapeData(message)}`;
  });
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
