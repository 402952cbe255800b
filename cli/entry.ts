import { logLines } from '../core/output/logText';
import { describeErrorWithStack } from '../core/errors/describeError';

declare const CATALOG_CODE_VERSION: string | undefined;
/** The package's version, set by esbuild.mjs. */
export const version = typeof CATALOG_CODE_VERSION === 'string' ? CATALOG_CODE_VERSION : '0.1.0';

/** Runs a CLI bundle's command to its exit code; an unexpected failure is told on stderr and exits 70. */
export function runToExit(command: Promise<number>): void {
  command.then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${logLines(`catalog-code failed unexpectedly: ${describeErrorWithStack(error)}`)}\n`);
      process.exitCode = 70;
    },
  );
}
