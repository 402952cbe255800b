import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

let client: LanguageClient | undefined;

/** Starts the language server over IPC on the metadata files of the workspace. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  // Created here, never at import, so a failed activation still leaves a log to open.
  const log = vscode.window.createOutputChannel('Catalog Code', { log: true });
  context.subscriptions.push(log);
  context.subscriptions.push(vscode.commands.registerCommand('catalogCode.openLog', () => log.show()));

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
    ],
    outputChannel: log,
    initializationOptions: {
      storagePath: context.globalStorageUri.fsPath,
      associations: vscode.workspace.getConfiguration('catalogCode').get('formats.associations', {}),
    },
  };
  client = new LanguageClient('catalogCode', 'Catalog Code', serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    log.error(`The Catalog Code language server did not start: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage('Catalog Code: the language server did not start. Open the log for details.', 'Open Log').then((choice) => {
      if (choice) log.show();
    });
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
