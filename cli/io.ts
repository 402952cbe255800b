import { logLines } from '../core/output/logText';

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
 */
export const processIo = (version: string): CliIo => ({
  stdout: (text) => process.stdout.write(line(logLines(text))),
  stderr: (text) => process.stderr.write(line(logLines(text))),
  workflowCommands: (text) => process.stdout.write(line(text)),
  version,
});
