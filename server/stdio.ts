/**
 * Entry of `dist/language-server.js`, the npm package's `catalog-code-language-server` command:
 * the language server over stdio, which is what an editor's LSP client expects from a command.
 * It only chooses the transport and then loads `dist/server.js`, so the server is shipped once.
 */
const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];

declare const CATALOG_CODE_VERSION: string | undefined;
const version = typeof CATALOG_CODE_VERSION === 'string' ? CATALOG_CODE_VERSION : '0.1.0';

const USAGE = `catalog-code-language-server ${version}: the Catalog Code language server (LSP) for DataHub metadata files.

Usage: catalog-code-language-server [--stdio | --node-ipc | --socket=PORT | --pipe=NAME]

An editor's LSP client starts it; it talks LSP over stdio unless another transport is named. It
is not meant to be run by hand: it waits for an LSP client on stdin. Editor setups (Neovim, Vim,
Emacs, Helix, coc.nvim, ...): docs/editors.md. Settings arrive from the client
(workspace/configuration, the catalogCode section).

  --help, -h      print this and exit
  --version, -v   print the version and exit`;

// Asked for help or the version, the command answers and exits, instead of waiting for a client.
const asked = process.argv.slice(2).find((arg) => ['--help', '-h', '--version', '-v'].includes(arg));
if (asked !== undefined) {
  process.stdout.write(`${asked === '--version' || asked === '-v' ? version : USAGE}\n`);
  process.exit(0);
}

if (!process.argv.some((arg) => TRANSPORTS.some((transport) => arg === transport || arg.startsWith(`${transport}=`)))) {
  process.argv.push('--stdio');
}
// A run-time require of the sibling bundle (kept external in esbuild.mjs), not bundled a second time.
// Not an import: imports are hoisted, and the server must see --stdio when it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
require('./server.js');
