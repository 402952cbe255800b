import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  State,
  TransportKind,
  type CloseHandlerResult,
  type ErrorHandler,
  type ErrorHandlerResult,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { REFRESH_DEFINITIONS_COMMAND, SetConnectionNotification, StatusNotification, type CatalogInitializationOptions, type StatusParams } from '../core/protocol';
import type { ConnectionManager } from './connection/connectionManager';
import { RestartBudget } from './restartBudget';
import { describeError } from '../core/errors/describeError';

const RESTART = 'Restart Language Server';
const SHOW_LOG = 'Show Log';

/**
 * The one owner of the language client: creates it, starts, restarts and stops it, and tells the
 * server the current connection each time it (re)starts. A server that stops on its own is
 * restarted a few times (`RestartBudget`); after that, and when it cannot start at all, a message
 * says what happened and offers Restart Language Server and the log.
 */
export class CatalogLanguageServer {
  readonly client: LanguageClient;
  private readonly budget = new RestartBudget();
  private readonly listeners: vscode.Disposable[] = [];

  constructor(
    context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly connection: ConnectionManager,
    onStatus: (params: StatusParams) => void,
  ) {
    this.client = new LanguageClient('catalogCode', 'Catalog Code', serverOptions(context), this.clientOptions(context));
    // Handlers registered on the client survive its restarts.
    this.listeners.push(
      this.client.onNotification(StatusNotification.type, onStatus),
      this.client.onDidChangeState((change) => {
        if (change.newState === State.Running) void this.sendConnection();
      }),
      connection.onDidChange(() => void this.sendConnection()),
    );
  }

  isRunning(): boolean {
    return this.client.isRunning();
  }

  /**
   * The client once the server runs. A caller that arrives while the server starts (an agent's
   * tool call that activated the extension, a restart after a crash) waits for the start rather
   * than being told the server is down; undefined when the server stopped, the caller gave up, or
   * the start took longer than `budgetMs`.
   */
  async whenRunning(token?: vscode.CancellationToken, budgetMs = 120_000): Promise<LanguageClient | undefined> {
    if (this.client.state === State.Starting) {
      await new Promise<void>((resolve) => {
        const waits: vscode.Disposable[] = [];
        const done = (): void => {
          clearTimeout(timer);
          for (const wait of waits) wait.dispose();
          resolve();
        };
        const timer = setTimeout(done, budgetMs);
        waits.push(this.client.onDidChangeState((change) => change.newState !== State.Starting && done()));
        if (token) waits.push(token.onCancellationRequested(done));
      });
    }
    return this.client.isRunning() ? this.client : undefined;
  }

  /** Starts the server; a failure is logged and shown with what failed and the way out. */
  async start(): Promise<boolean> {
    try {
      await this.client.start();
      return true;
    } catch (error) {
      const reason = describeError(error);
      this.log.error(`The Catalog Code language server did not start: ${reason}`);
      this.offerRestart(`Catalog Code: the language server did not start (${reason}), so metadata files are not checked. Restart it, or open the log for details.`);
      return false;
    }
  }

  /** Catalog Code: Restart Language Server: stop (if it runs), start again, re-send the connection. */
  async restart(): Promise<void> {
    this.budget.reset();
    this.log.info('Restarting the Catalog Code language server.');
    try {
      if (this.client.needsStop()) await this.client.stop();
    } catch (error) {
      this.log.warn(`Stopping the language server before the restart failed: ${describeError(error)}`);
    }
    if (await this.start()) void vscode.window.showInformationMessage('Catalog Code: the language server restarted; metadata files are being checked again.');
  }

  /** Tells the running server which catalog service to use (none: URL and token null). */
  async sendConnection(): Promise<void> {
    if (!this.client.isRunning()) return;
    const current = this.connection.currentConnection;
    await this.client.sendNotification(SetConnectionNotification.type, { url: current?.url ?? null, token: current?.token ?? null });
  }

  /** Catalog Code: Refresh Definitions: the server reloads the property definitions from the service. */
  async refreshDefinitions(): Promise<void> {
    await this.client.sendRequest(ExecuteCommandRequest.type, { command: REFRESH_DEFINITIONS_COMMAND, arguments: [] });
  }

  async stop(): Promise<void> {
    for (const listener of this.listeners.splice(0)) listener.dispose();
    if (this.client.needsStop()) await this.client.stop();
  }

  private offerRestart(message: string): void {
    void vscode.window.showErrorMessage(message, RESTART, SHOW_LOG).then((choice) => {
      if (choice === RESTART) void vscode.commands.executeCommand('catalogCode.restartLanguageServer');
      if (choice === SHOW_LOG) this.log.show();
    });
  }

  private errorHandler(): ErrorHandler {
    return {
      // As the library's default: a few bad messages are tolerated, then the server is shut down.
      error: (_error, _message, count): ErrorHandlerResult => ({ action: count !== undefined && count <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown }),
      closed: (): CloseHandlerResult => {
        if (this.budget.allowRestart(Date.now())) return { action: CloseAction.Restart, message: 'The Catalog Code language server stopped; restarting it.' };
        const message = `Catalog Code: the language server stopped ${this.budget.recentCrashes} times in 3 minutes and is not restarted again, so metadata files are not checked. Restart it when ready, or open the log to see why it stopped.`;
        this.offerRestart(message);
        return { action: CloseAction.DoNotRestart, message, handled: true };
      },
    };
  }

  private clientOptions(context: vscode.ExtensionContext): LanguageClientOptions {
    // No settings here: the server pulls the catalogCode section (see synchronize below), one way only.
    // The client registers catalogCode.refreshDefinitions itself, so it exists even when the server is down.
    const initializationOptions: CatalogInitializationOptions = { storagePath: context.globalStorageUri.fsPath, clientRegistersCommands: true, catalogCodeStatus: true, catalogCodeClaimedFiles: true };
    return {
      documentSelector: [
        { scheme: 'file', language: 'yaml' },
        { scheme: 'file', language: 'json' },
        { scheme: 'file', language: 'jsonc' },
        { scheme: 'untitled', language: 'yaml' },
        { scheme: 'untitled', language: 'json' },
      ],
      outputChannel: this.log,
      initializationOptions,
      // Hovers link to DataHub through Open in DataHub (core/links/catalogUi.ts): only that command may run from them.
      markdown: { isTrusted: { enabledCommands: ['catalogCode.openInDataHub'] } },
      // The one way settings reach the server: told of every change, it pulls the catalogCode section
      // (workspace/configuration) at start and after each change, and reads it with core/settings.
      synchronize: { configurationSection: 'catalogCode' },
      // Diagnostics are pulled: each open document as it changes (textDocument/diagnostic) and, as
      // the server offers workspaceDiagnostics, every closed metadata file (workspace/diagnostic,
      // server/workspaceDiagnostics.ts), so the Problems panel lists the whole workspace.
      diagnosticPullOptions: { onChange: true, onSave: true },
      errorHandler: this.errorHandler(),
      // The failure is reported once, by start(), with the way out; returning false stops retrying.
      initializationFailedHandler: (error) => {
        this.log.error(`The Catalog Code language server failed to initialize: ${describeError(error)}`);
        return false;
      },
    };
  }
}

function serverOptions(context: vscode.ExtensionContext): ServerOptions {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  return {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
}
