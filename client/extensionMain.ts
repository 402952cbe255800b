import * as vscode from 'vscode';
import { ConnectionManager } from './connection/connectionManager';
import { TerminalEnvironment } from './connection/terminalEnvironment';
import { lineageCommands } from './lineage/commands';
import { LineageView } from './lineage/lineageView';
import { PushCommands } from './push/pushCommands';
import { PlanPreview } from './push/planPreview';
import { planCommand } from './plan/planCommand';
import { MarkDecorations } from './lineage/markDecorations';
import { propertyStatusCommands } from './push/propertyStatus';
import { ServerQueries } from './serverQueries';
import { openInDataHubCommand } from './openInDataHub';
import { CatalogStatus } from './status';
import { localCatalogCommands } from './connection/localCatalogCommands';
import { WorkspaceValidation } from './validateWorkspace';
import type { DeferredCommands } from './deferredCommands';
import { startCapabilities } from './capabilities';
import { CatalogLanguageServer } from './languageServer';
import type { StatusParams } from '../core/protocol';
import { pullCommand } from './pull/pullCommand';
import { commandHandlers, provideCommands } from './commands';
import { ClaimedFiles } from './claimedFiles';
import { registerAgentTools } from './agentTools';

/**
 * Everything the extension does beyond registering its commands, loaded by the entry bundle
 * (`extension.ts`) just after activation, which keeps this object until deactivation. It owns
 * the language client (`CatalogLanguageServer`); handlers for the commands the entry registered
 * are handed to `deferred`, and waiting commands run once the language server has had its chance
 * to start.
 */
export class CatalogExtension {
  private languageServer: CatalogLanguageServer | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: vscode.LogOutputChannel,
    private readonly deferred: DeferredCommands,
  ) {}

  async start(): Promise<void> {
    const { context, log } = this;
    // Which files a format claims, as the language server tells it: the menus' context keys, and whether the local catalog may start.
    const claimed = new ClaimedFiles();
    const connection = new ConnectionManager(context, log, claimed);
    const status = new CatalogStatus(connection);
    context.subscriptions.push(claimed, connection, status, connection.onDidChange(() => status.render()));
    // The integrated terminals reach the catalog the editor uses (CATALOG_SERVICE_URL; never the token).
    const terminals = new TerminalEnvironment(context.environmentVariableCollection, () => connection.terminalVariables());
    context.subscriptions.push(terminals, connection.onDidChange(() => terminals.update()));

    // The views of the pending state show the files alone until the server reaches the catalog; when
    // its reachability changes (connected, unreachable, refused) they ask again, as after a push.
    const catalogChanged = new vscode.EventEmitter<void>();
    let reachability: StatusParams['state'] | undefined;
    const languageServer = new CatalogLanguageServer(context, log, connection, (params) => {
      status.updateFromServer(params);
      if (params.state !== reachability && reachability !== undefined) catalogChanged.fire();
      reachability = params.state;
    });
    this.languageServer = languageServer;
    claimed.listen(languageServer.client);
    const server = new ServerQueries(() => languageServer.client);
    const workspaceValidation = new WorkspaceValidation(server, log);
    const lineageView = new LineageView(connection, server);
    const planPreview = new PlanPreview();
    const pushCommands = new PushCommands(connection, log, server, planPreview);
    // After a push the server forgets what it read of the catalog (catalogCode/catalogChanged), then
    // the views of the pending state ask again, so the marks of what was pushed go.
    const afterPush = pushCommands.onDidPush(async (urns) => {
      await server.catalogChanged(urns).catch((error: unknown) => log.warn(`Telling the language server about the push failed: ${String(error)}`));
      catalogChanged.fire();
    });
    context.subscriptions.push(workspaceValidation, lineageView, planPreview, pushCommands, new MarkDecorations(), catalogChanged, afterPush, catalogChanged.event(() => lineageView.refresh()));

    const owners = {
      connection,
      languageServer,
      localCatalog: localCatalogCommands(context, connection),
      workspaceValidation,
      lineage: lineageCommands(lineageView, server),
      lineageView,
      push: pushCommands.handlers(),
      plan: planCommand(server, planPreview, log),
      propertyStatus: propertyStatusCommands(connection, log, server),
      pull: pullCommand(connection, log, server),
      capabilities: startCapabilities({ context, connection, log, lineageView, server, onCatalogChanged: catalogChanged.event }),
      openInDataHub: openInDataHubCommand(server, context.globalState),
    };
    provideCommands(this.deferred, commandHandlers(owners), owners, context.extension.packageJSON);
    // The agents' tools (core/agent): language-model tools over the server's session, and `catalog-code mcp` for MCP clients.
    registerAgentTools(context, (token) => languageServer.whenRunning(token), { variables: () => connection.terminalVariables()?.variables ?? {}, onDidChange: connection.onDidChange }, log);

    await languageServer.start();
    this.deferred.markReady();
    // Connecting may start the local catalog (in a trusted workspace holding metadata files); it must not hold up the commands.
    void connection.connect().then(() => languageServer.sendConnection());
  }

  /** Stops the language server; the rest is disposed with the extension context's subscriptions. */
  async dispose(): Promise<void> {
    const languageServer = this.languageServer;
    this.languageServer = undefined;
    await languageServer?.stop();
  }
}
