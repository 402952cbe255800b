/**
 * Entry of `dist/server.js`: `node dist/server.js --stdio` for any LSP editor, `--node-ipc` when
 * the VS Code client starts it. vscode-languageserver picks the transport from the arguments.
 */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startServer } from './startServer';

startServer(createConnection(ProposedFeatures.all));
