import { logLines } from '../core/output/logText';
import { colourWanted, paint, takeNoColorFlag } from './colour';

/** Where a CLI verb writes; tests pass their own to capture output. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /**
   * GitHub Actions workflow commands the CLI built itself (`validate --format github`, whose data
   * and properties are escaped by GitHub's rules): written as they are. Absent: `stdout`.
   */
  workflowCommands?(text: string): void;
  version: string;
}

const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/**
 * The process's streams. Everything but the workflow commands passes the output edge
 * (core/output/logText.ts): no line that came from data starts a workflow command in a CI log.
 * With `colour` (a terminal, no NO_COLOR, no --no-color: colour.ts), stdout's severities and plan
 * marks are coloured after that edge.
 */
export const processIo = (version: string, options: { colour?: boolean } = {}): CliIo => ({
  stdout: (text) => process.stdout.write(line(options.colour ? paint(logLines(text)) : logLines(text))),
  stderr: (text) => process.stderr.write(line(logLines(text))),
  workflowCommands: (text) => process.stdout.write(line(text)),
  version,
});

/** The process's streams for a command line: colour decided by the terminal, NO_COLOR and `--no-color` (taken out of the returned argv). */
export function processIoFor(version: string, argv: readonly string[]): { io: CliIo; argv: string[] } {
  const taken = takeNoColorFlag(argv);
  return { io: processIo(version, { colour: colourWanted(process.stdout, process.env, taken.noColor) }), argv: taken.argv };
}
