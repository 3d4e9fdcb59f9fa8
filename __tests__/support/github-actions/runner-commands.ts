// How GitHub's runner reads workflow commands from a step's log: a port of
// actions/runner v2.336.0 (commit 98aabcd429c4e8402406c56ce2d26387fed3b9ce),
// for the tests to read explain's output as a job would.
//
// - src/Runner.Sdk/ProcessInvoker.cs: the output is read line by line (StreamReader.ReadLine: a line ends
//   at LF, CR or CR LF).
// - src/Runner.Worker/Handlers/OutputManager.cs OnDataReceived: a line holding `##[` or `::` goes to
//   ActionCommandManager.TryProcessCommand; a processed command is not shown as a line of the log.
// - src/Runner.Common/ActionCommand.cs: TryParseV2 (`::name k=v,k=v::data` at the start of the line once
//   its leading white space is trimmed) is tried first, then TryParse (`##[name k=v;k=v]data` ANYWHERE in
//   the line); only a registered command name is read (case-insensitively).
// - src/Runner.Worker/ActionCommandManager.cs TryProcessCommand: after `stop-commands` with a token as its
//   data, no command is processed until one named by the token (`::<token>::`, or `##[<token>]` anywhere);
//   a token that is empty, `pause-logging` or a registered command is refused (ValidateStopToken).
// - src/Runner.Common/ExtensionManager.cs: the registered commands.
//
// One difference, on purpose: the runner's `StartsWith(string)` and `IndexOf(string)` compare by culture
// (ICU on Linux), which skips characters that collate as ignorable (controls, format characters, variation
// selectors). A match that holds one shifts the fixed offsets the parser reads the name at (`prefix + 3`,
// index 2), so the name read starts with `[`, `#` or `:` and is never registered; the port compares
// ordinally. (The reports escape control and format characters anyway: core/server-text.ts escapeForLine.)

/** One command the runner reads from a line. */
export interface RunnerCommand {
  /** The command's name as the line spells it. */
  readonly command: string;
  /** Its properties (keys compared case-insensitively; a later key replaces an earlier one's value). */
  readonly properties: { readonly [key: string]: string };
  /** Its data, unescaped. */
  readonly data: string;
}

/** ExtensionManager.cs: the action command extensions (internal-set-repo-path only while a plugin runs), and stop-commands. */
export const REGISTERED_COMMANDS: readonly string[] = [
  'set-env', 'set-output', 'save-state', 'add-path', 'add-mask', 'add-matcher', 'remove-matcher',
  'warning', 'error', 'notice', 'debug', 'group', 'endgroup', 'echo', 'stop-commands',
];

/** A set of command names compared as .NET's StringComparer.OrdinalIgnoreCase does (for ASCII names). */
export class CommandNames {
  private readonly names = new Set<string>();
  constructor(names: Iterable<string> = REGISTERED_COMMANDS) {
    for (const n of names) this.add(n);
  }
  add(name: string): void {
    this.names.add(name.toUpperCase());
  }
  remove(name: string): void {
    this.names.delete(name.toUpperCase());
  }
  has(name: string): boolean {
    return this.names.has(name.toUpperCase());
  }
}

// char.IsWhiteSpace: the Unicode space separators, line and paragraph separators, U+0009–U+000D and U+0085.
const DOTNET_WHITE_SPACE = /[\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\u0085]/u;
const trimStart = (s: string) => s.replace(new RegExp(`^${DOTNET_WHITE_SPACE.source}+`, 'u'), '');
const trim = (s: string) => trimStart(s).replace(new RegExp(`${DOTNET_WHITE_SPACE.source}+$`, 'u'), '');

// The unescape tables, in the order the runner applies them (each `Replace(replacement, token)` in turn).
const LEGACY_ESCAPES: readonly [string, string][] = [[';', '%3B'], ['\r', '%0D'], ['\n', '%0A'], [']', '%5D'], ['%', '%25']];
const DATA_ESCAPES: readonly [string, string][] = [['\r', '%0D'], ['\n', '%0A'], ['%', '%25']];
const PROPERTY_ESCAPES: readonly [string, string][] = [['\r', '%0D'], ['\n', '%0A'], [':', '%3A'], [',', '%2C'], ['%', '%25']];
const unescape = (text: string, table: readonly [string, string][]) => table.reduce((out, [token, replacement]) => out.split(replacement).join(token), text);

// String.Split(separator, RemoveEmptyEntries), and Split(separator, count: 2, RemoveEmptyEntries): empty entries
// dropped; with a count, the first non-empty entry, then the rest of the string after its separator.
const splitNonEmpty = (text: string, separator: string) => text.split(separator).filter((p) => p !== '');
function splitPair(text: string): string[] {
  const start = text.search(/[^=]/);
  if (start < 0) return [];
  const rest = text.slice(start);
  const at = rest.indexOf('=');
  if (at < 0) return [rest];
  const second = rest.slice(at + 1).replace(/^=+/, '');
  return second === '' ? [rest.slice(0, at)] : [rest.slice(0, at), second];
}

function withProperties(command: string, pairs: readonly string[], table: readonly [string, string][]): RunnerCommand & { properties: { [key: string]: string } } {
  const properties: { [key: string]: string } = {};
  for (const pairText of pairs) {
    const pair = splitPair(pairText);
    if (pair.length !== 2) continue;
    const existing = Object.keys(properties).find((k) => k.toUpperCase() === pair[0].toUpperCase());
    properties[existing ?? pair[0]] = unescape(pair[1], table);
  }
  return { command, properties, data: '' };
}

/** ActionCommand.TryParseV2: `::name k=v,k=v::data`, at the start of the line once leading white space is trimmed. */
export function tryParseV2(message: string, registered: CommandNames): RunnerCommand | undefined {
  if (message === '') return undefined;
  const line = trimStart(message);
  if (!line.startsWith('::')) return undefined;
  const end = line.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = line.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  // `new ActionCommand("")` throws (ArgUtil.NotNullOrEmpty), which TryParseV2 catches: no command.
  if (name === '' || !registered.has(name)) return undefined;
  const pairs = space > 0 ? splitNonEmpty(trim(info.slice(space + 1)), ',') : [];
  return { ...withProperties(name, pairs, PROPERTY_ESCAPES), data: unescape(line.slice(end + 2), DATA_ESCAPES) };
}

/** ActionCommand.TryParse: `##[name k=v;k=v]data`, anywhere in the line. */
export function tryParse(message: string, registered: CommandNames): RunnerCommand | undefined {
  if (message === '') return undefined;
  const prefix = message.indexOf('##[');
  if (prefix < 0) return undefined;
  const bracket = message.indexOf(']', prefix);
  if (bracket < 0) return undefined;
  const info = message.slice(prefix + 3, bracket);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (name === '' || !registered.has(name)) return undefined;
  const pairs = space > 0 ? splitNonEmpty(info.slice(space + 1), ';') : [];
  return { ...withProperties(name, pairs, LEGACY_ESCAPES), data: unescape(message.slice(bracket + 1), LEGACY_ESCAPES) };
}

/** StreamReader.ReadLine: the lines of a step's output (a line ends at LF, CR or CR LF; no empty last line). */
export function logLines(output: string): string[] {
  const lines = output.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** What the runner did with a line that held a command. */
export type ProcessedCommand =
  | { readonly kind: 'command'; readonly line: number; readonly command: RunnerCommand }
  | { readonly kind: 'stop'; readonly line: number; readonly token: string }
  | { readonly kind: 'resume'; readonly line: number };

/** The state of ActionCommandManager for one job: the registered commands and the stop token. */
export class RunnerCommandProcessor {
  private readonly registered: CommandNames;
  private stopToken: string | undefined;
  /** Every command processed, in order. */
  public readonly processed: ProcessedCommand[] = [];
  private lineNumber = 0;

  /**
   * @param enhancedAnnotations the server's DistributedTask.EnhancedAnnotations (on github.com): without it `notice` is not a command
   */
  constructor(private readonly enhancedAnnotations = true, registered: Iterable<string> = REGISTERED_COMMANDS) {
    this.registered = new CommandNames(registered);
  }

  /** Whether commands are stopped (waiting for the token). */
  get stopped(): boolean {
    return this.stopToken !== undefined;
  }

  /** One line of the log (OutputManager.OnDataReceived, then ActionCommandManager.TryProcessCommand): whether the runner took it as a command. */
  processLine(input: string): boolean {
    this.lineNumber++;
    // OutputManager offers only a line holding `##[` or `::` (the parsers need one of them anyway).
    if (input === '' || !(input.includes('##[') || input.includes('::'))) return false;
    const command = tryParseV2(input, this.registered) ?? tryParse(input, this.registered);
    if (command === undefined) return false;
    if (!this.enhancedAnnotations && command.command === 'notice') return false;
    if (this.stopToken !== undefined) {
      if (command.command.toUpperCase() !== this.stopToken.toUpperCase()) return false;
      this.registered.remove(this.stopToken);
      this.stopToken = undefined;
      this.processed.push({ kind: 'resume', line: this.lineNumber });
      return true;
    }
    if (command.command.toUpperCase() === 'STOP-COMMANDS') {
      const token = command.data;
      // ValidateStopToken (ACTIONS_ALLOW_UNSECURE_STOP_COMMAND_TOKENS unset): the step fails.
      if (token === '' || token.toUpperCase() === 'PAUSE-LOGGING' || this.registered.has(token)) throw new Error(`the runner refuses the stop-commands token ${JSON.stringify(token)}`);
      this.stopToken = token;
      this.registered.add(token);
      this.processed.push({ kind: 'stop', line: this.lineNumber, token });
      return true;
    }
    this.processed.push({ kind: 'command', line: this.lineNumber, command });
    return true;
  }
}

/** The commands the runner processes in a step's whole output, each with its line number (from 1). */
export function commandsInLog(output: string, enhancedAnnotations = true): ProcessedCommand[] {
  const runner = new RunnerCommandProcessor(enhancedAnnotations);
  for (const line of logLines(output)) runner.processLine(line);
  return runner.processed;
}
