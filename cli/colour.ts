/**
 * Colour in the terminal: the severity of each `validate` line and the marks of a plan, on a
 * terminal only. Off when the stream is not a TTY (a pipe, a file, CI logs), when `NO_COLOR` is set
 * to anything but the empty string (https://no-color.org), or with `--no-color`. Applied at the
 * output edge, after logLines escaped every control character of the text: the only escape
 * sequences in the output are the ones added here.
 */

export const NO_COLOR_FLAG = '--no-color';

/** The command line without `--no-color` (any verb takes it), and whether it was there. Arguments after `--` are left alone. */
export function takeNoColorFlag(argv: readonly string[]): { argv: string[]; noColor: boolean } {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  const rest = end === -1 ? [] : argv.slice(end);
  return { argv: [...options.filter((arg) => arg !== NO_COLOR_FLAG), ...rest], noColor: options.includes(NO_COLOR_FLAG) };
}

export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}

const SGR = { red: '\u001b[31m', yellow: '\u001b[33m', green: '\u001b[32m', cyan: '\u001b[36m', bold: '\u001b[1m', reset: '\u001b[0m' } as const;
const SEVERITY_COLOUR: Record<string, string> = { error: SGR.red, warning: SGR.yellow, information: SGR.cyan, hint: SGR.cyan };
const MARK_COLOUR: Record<string, string> = { '+': SGR.green, '-': SGR.red, '~': SGR.yellow };

/** `file:1:2: error code: message` (validate's text lines), and a plan's `    + change` lines. */
const DIAGNOSTIC_LINE = /^(.*?:\d+:\d+: )(error|warning|information|hint)( )/;
const PLAN_LINE = /^( {4})([+~-])( )/;

/** One line of output with its severity word or plan mark coloured; other lines as they are. */
export function paintLine(line: string): string {
  const diagnostic = DIAGNOSTIC_LINE.exec(line);
  if (diagnostic) return `${diagnostic[1]}${SEVERITY_COLOUR[diagnostic[2]!]}${SGR.bold}${diagnostic[2]}${SGR.reset}${line.slice(diagnostic[0].length - 1)}`;
  const mark = PLAN_LINE.exec(line);
  if (mark) return `${mark[1]}${MARK_COLOUR[mark[2]!]}${line.slice(mark[1]!.length)}${SGR.reset}`;
  return line;
}

export function paint(text: string): string {
  return text.split('\n').map(paintLine).join('\n');
}
