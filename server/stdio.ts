/**
 * Entry of `dist/language-server.js`, the npm package's `catalog-code-language-server` command:
 * the language server over stdio, which is what an editor's LSP client expects from a command.
 * It only chooses the transport and then loads `dist/server.js`, so the server is shipped once.
 */
const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe'];

if (!process.argv.some((arg) => TRANSPORTS.some((transport) => arg === transport || arg.startsWith(`${transport}=`)))) {
  process.argv.push('--stdio');
}
// A run-time require of the sibling bundle (kept external in esbuild.mjs), not bundled a second time.
// Not an import: imports are hoisted, and the server must see --stdio when it loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
require('./server.js');
