// Text that may be printed in a GitHub Actions job log, where the runner reads
// workflow commands from every line (actions/runner v2.336.0,
// src/Runner.Common/ActionCommand.cs): `::name k=v::data` when the line starts
// with `::` once its leading white space is trimmed (TryParseV2), and the older
// `##[name k=v]data` ANYWHERE in the line (TryParse). A value shown in such a
// line (a node's annotation, a content value, an address) must start neither:
// both are escaped in the notation the report already uses for the characters
// it escapes (`\u001b`), `##[` as `##\u005b` and a line-leading `::` as
// `\u003a:`; JSON text escapes `[` after `##` the way JSON does (`\u005b`),
// which reads back as the same value.

// .NET's char.IsWhiteSpace, which String.TrimStart trims: space separators, line and paragraph separators,
// U+0009–U+000D and U+0085.
const LEADING_COMMAND = /^([\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\u0085]*):(?=:)/u;

/** One line with neither form of workflow command able to start in it. */
export function escapeWorkflowCommandsInLine(line: string): string {
  return line.replace(/##\[/g, '##\\u005b').replace(LEADING_COMMAND, '$1\\u003a');
}

/** Text of LF-separated lines, each escaped by {@link escapeWorkflowCommandsInLine}. */
export function escapeWorkflowCommandsInText(text: string): string {
  return text.split('\n').map(escapeWorkflowCommandsInLine).join('\n');
}

/**
 * JSON text (as JSON.stringify writes it) with no `##[`: the `[` is written
 * `\u005b`, which only a JSON string can hold there, and which parses back to
 * the same value. No line of such JSON starts with `::` (a string starts with `"`).
 */
export function escapeWorkflowCommandsInJson(json: string): string {
  return json.replace(/##\[/g, '##\\u005b');
}
