// What a subcommand of the package's command is: lib/cli/main.ts lists them.
import { serverExcerpt } from '../core/server-text';

/** Where a command writes: stderr for progress and errors; stdout, when given, for the help asked for. */
export interface CommandIo {
  readonly stderr: (line: string) => void;
  readonly stdout?: (line: string) => void;
  /** Whether stdout is a terminal (colour is written only there). @default false */
  readonly stdoutIsTerminal?: boolean;
  /** The environment (`NO_COLOR`, `GITHUB_STEP_SUMMARY`). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
}

/** One subcommand of the package's command. */
export interface Subcommand {
  /** What follows the command: `adopt`. */
  readonly name: string;
  /** One line for the command's help. */
  readonly summary: string;
  /** Runs it with the arguments after its name (its own `--help` included); returns the exit code (0, 1 failed, 2 usage). */
  readonly run: (argv: string[], io: CommandIo) => Promise<number>;
}

/** Writes to the process's stderr and stdout. */
export const PROCESS_IO: CommandIo = {
  stderr: (line) => process.stderr.write(`${line}\n`),
  stdout: (line) => process.stdout.write(`${line}\n`),
  stdoutIsTerminal: process.stdout.isTTY === true,
  env: process.env,
};

/**
 * An unexpected error as one line of stderr: its message only (no stack
 * trace), absolute paths shortened to their last part, shown through the one
 * rule for server text (credentials redacted, escaped, cut).
 */
export function oneLineError(e: unknown): string {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return serverExcerpt(message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\\/\s:'"()]+)+[\\/]([^\\/\s:'"()]+)/g, '$1'));
}
