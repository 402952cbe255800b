/** Where a CLI verb writes; tests pass their own to capture output. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  version: string;
}

export const processIo = (version: string): CliIo => ({
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  version,
});
