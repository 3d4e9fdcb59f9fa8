// The port of GitHub's runner command parser (__tests__/support/github-actions/runner-commands.ts) against
// the runner's own test tables, actions/runner v2.336.0: src/Test/L0/Worker/ActionCommandL0.cs
// (CommandParserTest, CommandParserV2Test) and src/Test/L0/Worker/ActionCommandManagerL0.cs
// (StopProcessCommand, StopProcessCommandAcceptsValidToken, StopProcessCommand__FailOnInvalidStopTokens).
import { CommandNames, commandsInLog, logLines, RunnerCommandProcessor, tryParse, tryParseV2 } from '../support/github-actions/runner-commands';

const DO_SOMETHING = new CommandNames(['do-something']);
const command = (data: string, properties: { [k: string]: string } = {}) => ({ command: 'do-something', properties, data });

describe('ActionCommandL0.cs CommandParserTest: the legacy ##[ form', () => {
  test.each([
    ['##[do-something k1=v1;]msg', command('msg', { k1: 'v1' })],
    ['##[do-something]', command('')],
    ['##[do-something k1=%3B=%0D=%0A=%5D;]%3B-%0D-%0A-%5D', command(';-\r-\n-]', { k1: ';=\r=\n=]' })],
    ['##[do-something k1=%253B=%250D=%250A=%255D;]%253B-%250D-%250A-%255D', command('%3B-%0D-%0A-%5D', { k1: '%3B=%0D=%0A=%5D' })],
    ['##[do-something k1=;k2=;]', command('')],
    // Anywhere in the line.
    ['>>>   ##[do-something k1=v1;]msg', command('msg', { k1: 'v1' })],
  ])('GIVEN %j THEN TryParse reads the command', (line, expected) => {
    expect(tryParse(line, DO_SOMETHING)).toEqual(expected);
  });
});

describe('ActionCommandL0.cs CommandParserV2Test: the :: form', () => {
  test.each([
    ['::do-something k1=v1,::msg', command('msg', { k1: 'v1' })],
    ['::do-something::', command('')],
    ['::do-something k1=;=%2C=%0D=%0A=]=%3A,::;-%0D-%0A-]-:-,', command(';-\r-\n-]-:-,', { k1: ';=,=\r=\n=]=:' })],
    ['::do-something k1=;=%252C=%250D=%250A=]=%253A,::;-%250D-%250A-]-:-,', command(';-%0D-%0A-]-:-,', { k1: ';=%2C=%0D=%0A=]=%3A' })],
    ['::do-something k1=,k2=,::', command('')],
    ['::do-something k1=v1::', command('', { k1: 'v1' })],
    // After leading white space.
    ['   ::do-something k1=v1,::msg', command('msg', { k1: 'v1' })],
  ])('GIVEN %j THEN TryParseV2 reads the command', (line, expected) => {
    expect(tryParseV2(line, DO_SOMETHING)).toEqual(expected);
  });

  test('GIVEN "   >>>   ::do-something k1=v1,::msg" THEN TryParseV2 reads nothing (only at the start)', () => {
    expect(tryParseV2('   >>>   ::do-something k1=v1,::msg', DO_SOMETHING)).toBeUndefined();
  });

  test('GIVEN an unregistered name THEN neither form reads it', () => {
    expect(tryParseV2('::other::x', DO_SOMETHING)).toBeUndefined();
    expect(tryParse('##[other]x', DO_SOMETHING)).toBeUndefined();
    // Names compare case-insensitively (StringComparer.OrdinalIgnoreCase).
    expect(tryParse('##[DO-Something]x', DO_SOMETHING)).toEqual({ command: 'DO-Something', properties: {}, data: 'x' });
  });
});

describe('ActionCommandManagerL0.cs: stop-commands', () => {
  test('StopProcessCommand: ##[stop-commands]stopToken, no command until ##[stopToken]', () => {
    const runner = new RunnerCommandProcessor();
    expect(runner.processLine('##[stop-commands]stopToken')).toBe(true);
    expect(runner.processLine('##[set-env name=foo]bar')).toBe(false);
    expect(runner.processLine('##[stopToken]')).toBe(true);
    expect(runner.processLine('##[set-env name=foo]bar')).toBe(true);
  });

  test('StopProcessCommandAcceptsValidToken: ::stop-commands::randomToken, then ::randomToken::', () => {
    const runner = new RunnerCommandProcessor();
    expect(runner.processLine('::stop-commands::randomToken')).toBe(true);
    expect(runner.processLine('##[set-env name=foo]bar')).toBe(false);
    expect(runner.processLine('::randomToken::')).toBe(true);
    expect(runner.processLine('##[set-env name=foo]bar')).toBe(true);
  });

  test.each(['stop-commands', '', 'set-env'])('StopProcessCommand__FailOnInvalidStopTokens: %j is refused', (token) => {
    expect(() => new RunnerCommandProcessor().processLine(`::stop-commands::${token}`)).toThrow(/refuses the stop-commands token/);
  });

  test('GIVEN a log THEN the lines end at LF, CR or CR LF (StreamReader.ReadLine) and the commands are read in order, the stopped ones not', () => {
    expect(logLines('a\r\nb\rc\nd\n')).toEqual(['a', 'b', 'c', 'd']);
    const log = ['::warning::one', 'x ##[error]two', '::stop-commands::t0k', '::error::hidden', 'y ##[warning]hidden', '::T0K::', 'z\r##[notice]three'].join('\n');
    expect(commandsInLog(log).map((p) => (p.kind === 'command' ? `${p.command.command}:${p.command.data}` : p.kind))).toEqual(['warning:one', 'error:two', 'stop', 'resume', 'notice:three']);
    // Without the server's enhanced annotations, notice is not a command.
    expect(commandsInLog('::notice::x', false)).toEqual([]);
  });
});
