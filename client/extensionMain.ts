import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  ExecuteCommandRequest,
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { REFRESH_DEFINITIONS_COMMAND, SetConnectionNotification, StatusNotification, type CatalogInitializationOptions } from '../core/protocol';
import { ConnectionManager } from './connection/connectionManager';
import { registerLineageCommands } from './lineage/commands';
import { LineageView } from './lineage/lineageView';
import { PushCommands } from './push/pushCommands';
import { registerPropertyStatusCommands } from './push/propertyStatus';
import { ServerQueries } from './serverQueries';
import { CatalogStatus } from './status';
import { registerLocalCatalogCommands } from './connection/localCatalogCommands';
import { WorkspaceValidation } from './validateWorkspace';
import type { DeferredCommands } from './deferredCommands';
import { registerCapabilities } from './capabilities';

let client: LanguageClient | undefined;

/**
 * Everything the extension does beyond registering its commands, loaded by the entry bundle
 * (`extension.ts`) just after activation. Handlers for the commands the entry registered are
 * handed to `deferred`; waiting commands run once the language server has had its chance to start,
 * as they did when all of this ran inside `activate()`.
 */
export async function start(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, deferred: DeferredCommands): Promise<void> {
  const connection = new ConnectionManager(context, log);
  const status = new CatalogStatus(connection);
  context.subscriptions.push(connection, status, connection.onDidChange(() => status.render()));

  const register = (command: string, run: (...args: unknown[]) => unknown): void => {
    if (deferred.defers(command)) deferred.provide(command, run);
    else context.subscriptions.push(vscode.commands.registerCommand(command, run));
  };
  register('catalogCode.signIn', () => connection.signIn());
  register('catalogCode.signOut', () => connection.signOut());
  registerLocalCatalogCommands(register, context, connection);
  const server = new ServerQueries(() => client);
  const workspaceValidation = new WorkspaceValidation(server, log);
  context.subscriptions.push(workspaceValidation);
  register('catalogCode.validateWorkspace', () => workspaceValidation.run());

  const lineageView = new LineageView(connection, server);
  context.subscriptions.push(lineageView);
  registerLineageCommands(register, lineageView, server);

  const pushCommands = new PushCommands(connection, log, server);
  context.subscriptions.push(pushCommands);
  pushCommands.register(register);
  registerPropertyStatusCommands(register, connection, log, server);
  registerCapabilities({ context, register, connection, log, lineageView, server });
  register(REFRESH_DEFINITIONS_COMMAND, async () => {
    if (!client?.isRunning()) {
      void vscode.window.showWarningMessage('Catalog Code: the language server is not running, so definitions cannot be refreshed. Open the log for details.');
      return;
    }
    await client.sendRequest(ExecuteCommandRequest.type, { command: REFRESH_DEFINITIONS_COMMAND, arguments: [] });
  });

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  // No settings here: the server pulls the catalogCode section (see synchronize below), one way only.
  // The client registers catalogCode.refreshDefinitions itself, so it exists even when the server is down.
  const initializationOptions: CatalogInitializationOptions = { storagePath: context.globalStorageUri.fsPath, clientRegistersCommands: true };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'yaml' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'untitled', language: 'yaml' },
      { scheme: 'untitled', language: 'json' },
    ],
    outputChannel: log,
    initializationOptions,
    // The one way settings reach the server: told of every change, it pulls the catalogCode section
    // (workspace/configuration) at start and after each change, and reads it with core/settings.
    synchronize: { configurationSection: 'catalogCode' },
  };
  client = new LanguageClient('catalogCode', 'Catalog Code', serverOptions, clientOptions);
  const languageClient = client;

  const sendConnection = async (): Promise<void> => {
    if (!languageClient.isRunning()) return;
    const current = connection.currentConnection;
    await languageClient.sendNotification(SetConnectionNotification.type, { url: current?.url ?? null, token: current?.token ?? null });
  };
  context.subscriptions.push(connection.onDidChange(() => void sendConnection()));

  try {
    await languageClient.start();
    context.subscriptions.push(languageClient.onNotification(StatusNotification.type, (params) => status.updateFromServer(params)));
  } catch (error) {
    log.error(`The Catalog Code language server did not start: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage('Catalog Code: the language server did not start. Open the log for details.', 'Open Log').then((choice) => {
      if (choice) log.show();
    });
  }
  deferred.markReady();
  // Connecting may start the local catalog; it must not hold up the commands.
  void connection.connect().then(() => sendConnection());
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
