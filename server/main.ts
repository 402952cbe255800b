/**
 * Entry of `dist/server.js`: `node dist/server.js --stdio` for any LSP editor, `--node-ipc` when
 * the VS Code client starts it. Over stdio the framing of every message is checked first
 * (server/stdioConnection.ts); other transports are picked by vscode-languageserver from the arguments.
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { noAllocationSitePretenuring } from './heapSettings';
import { startServer } from './startServer';
import { stdioConnection } from './stdioConnection';

noAllocationSitePretenuring();
startServer(process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all));
