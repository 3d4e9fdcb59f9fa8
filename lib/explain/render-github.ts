// `--format github`: GitHub Actions workflow commands, one annotation per risk
// on the line that declared the construct (`::warning file=…,line=…::…`,
// `::error` for a risk whose --fail-on gate is set), then the text report for
// the log. The job summary (the Markdown) is written by the command.
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
