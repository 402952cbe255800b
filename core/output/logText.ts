/**
 * Text built from data (a file's name, a key, a URN, a service's answer) as it may appear in a
 * terminal or a CI log. A CI runner reads its log line by line and obeys some lines: GitHub Actions
 * runs `::command::` at the start of a line (after blanks) and `##[command]` anywhere in it. So a
 * value never brings its own line break, terminal escape or bidi override into a line: each
 * becomes a visible escape (`\n`, `\r`, `\t`, `\u001b`, `\u2028`, `\u202e`…), written as in
 * JavaScript and JSON so that JSON output stays the same data. docs/reliability.md, "Output built
 * from data".
 */

// C0 and C1 controls, DEL, the line and paragraph separators, bidi marks, embeddings, overrides and
// isolates, and the byte-order mark.
const CONTROLS = String.raw`\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff`;
const ANY_CONTROL = new RegExp(`[${CONTROLS}]`, 'g');
const SOME_CONTROL = new RegExp(`[${CONTROLS}]`);
// Output's own line breaks (\n) and tabs stay as they are at the output edge.
const EDGE_CONTROL = new RegExp(`(?![\\n\\t])[${CONTROLS}]`, 'g');
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(control: string): string {
  return NAMED[control] ?? `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** A value from data, for a message or a log line: every control character as a visible escape. */
export function logValue(value: string): string {
  return value.replace(ANY_CONTROL, visible);
}

/** Whether the text holds a character `logValue` would escape. */
export function hasControls(text: string): boolean {
  return SOME_CONTROL.test(text);
}

/**
 * The output edge: everything a CLI writes to stdout or stderr (except the workflow commands of
 * `--format github`, which it builds itself) passes here. Controls other than its own line breaks
 * and tabs become visible escapes; `##[` becomes `##\u005b`; a line that would start with `::`
 * after blanks gets a `\` in front. The honest output has none of these, so it is unchanged.
 */
export function logLines(text: string): string {
  return text.replace(EDGE_CONTROL, visible).split('\n').map(safeLine).join('\n');
}

function safeLine(line: string): string {
  const noLegacyCommand = line.replace(/##\[/g, '##\\u005b');
  return /^\s*::/.test(noLegacyCommand) ? `\\${noLegacyCommand}` : noLegacyCommand;
}
