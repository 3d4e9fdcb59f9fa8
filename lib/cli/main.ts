#!/usr/bin/env node
// The package's one command, named after it (`cdktf-warehouse-monitoring-cluster`,
// or `cdktn-…` in the cdktn package): `<command> <subcommand> …`. A subcommand
// is an entry of SUBCOMMANDS (lib/cli/command.ts): a name, a one-line summary,
// and a run function that takes the arguments after its name and returns the
// exit code. Adding one is a module exporting such an entry, listed here.
import { escapeForLine } from '../core/server-text';
import { ADOPT_COMMAND } from './adopt';
import { EXPLAIN_COMMAND } from './explain';
import { CommandIo, oneLineError, PROCESS_IO, Subcommand } from './command';
import { commandName } from '../core/own-package';

/** The subcommands, in the order the help lists them. */
export const SUBCOMMANDS: readonly Subcommand[] = [ADOPT_COMMAND, EXPLAIN_COMMAND];

/** The command's help. */
export function mainUsage(): string {
  const command = commandName();
  return [
    `usage: ${command} <command> [options]`,
    '',
    'commands:',
    ...SUBCOMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`),
    '',
    `${command} <command> --help shows a command's options.`,
  ].join('\n');
}

/** Runs the command with its arguments (no node, no script path); returns the exit code (0, 1 failed, 2 usage; `explain`: 3 a --fail-on gate matched). */
export async function main(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    (io.stdout ?? io.stderr)(mainUsage());
    return 0;
  }
  const subcommand = SUBCOMMANDS.find((c) => c.name === name);
  if (subcommand === undefined) {
    io.stderr(`${commandName()}: ${name === undefined ? 'name a command' : `unknown command ${JSON.stringify(escapeForLine(name, false))}`}\n${mainUsage()}`);
    return 2;
  }
  return subcommand.run(rest, io);
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      // The last resort: one line, no stack trace, no absolute path.
      process.stderr.write(`${commandName()}: ${oneLineError(e)}\n`);
      process.exitCode = 1;
    },
  );
}
