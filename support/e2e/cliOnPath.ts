// `catalog-code` on the integrated terminal's PATH in the demo (and in the e2e sessions that follow
// the README): a one-line shim in a bin folder that runs this checkout's CLI bundle, and the user
// setting that puts that folder first on the terminals' PATH. Users get the command from the npm
// package instead (docs/cli.md, "Install").
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A word for /bin/sh, whatever it holds. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Writes `<binDir>/catalog-code` running `cliPath` on `nodePath`, and answers the user settings that
 * prepend `binDir` to the PATH of code-server's integrated terminals (Linux, where the demo runs).
 */
export function cliOnTerminalPath(binDir: string, cliPath: string, nodePath: string = process.execPath): Record<string, unknown> {
  mkdirSync(binDir, { recursive: true });
  const shim = join(binDir, 'catalog-code');
  writeFileSync(shim, `#!/bin/sh\n# catalog-code in the demo's terminals: this checkout's CLI (npm start writes this file).\nexec ${shellQuoted(nodePath)} ${shellQuoted(cliPath)} "$@"\n`);
  chmodSync(shim, 0o755);
  return { 'terminal.integrated.env.linux': { PATH: `${binDir}:\${env:PATH}` } };
}
