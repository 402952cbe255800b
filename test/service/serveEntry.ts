// Runs `serve` from the TypeScript sources, for tests when dist/cli.js cannot be built or run.
import { runServe } from '../../cli/serve';

runServe(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(70);
  },
);
