import * as vscode from 'vscode';
import { CATALOG_SETTINGS } from '../core/settings/catalogSettings';
import { COMMAND_TABLE, type MainCommandId, type Precondition } from './commandIds';
import type { CommandHandler, DeferredCommands } from './deferredCommands';
import type { ConnectionManager } from './connection/connectionManager';
import type { localCatalogCommands } from './connection/localCatalogCommands';
import type { lineageCommands } from './lineage/commands';
import type { LineageView } from './lineage/lineageView';
import type { PushCommands } from './push/pushCommands';
import type { propertyStatusCommands } from './push/propertyStatus';
import type { pullCommand } from './pull/pullCommand';
import type { planCommand } from './plan/planCommand';
import type { startCapabilities } from './capabilities';
import type { CatalogLanguageServer } from './languageServer';
import type { WorkspaceValidation } from './validateWorkspace';
import { showImpact } from './impact/impactLens';
import type { openInDataHubCommand } from './openInDataHub';

/** The objects that implement the commands; each command's handler is bound to one of them. */
export interface CommandOwners {
  connection: ConnectionManager;
  languageServer: CatalogLanguageServer;
  localCatalog: ReturnType<typeof localCatalogCommands>;
  workspaceValidation: WorkspaceValidation;
  lineage: ReturnType<typeof lineageCommands>;
  lineageView: LineageView;
  push: ReturnType<PushCommands['handlers']>;
  plan: ReturnType<typeof planCommand>;
  propertyStatus: ReturnType<typeof propertyStatusCommands>;
  pull: ReturnType<typeof pullCommand>;
  capabilities: ReturnType<typeof startCapabilities>;
  openInDataHub: ReturnType<typeof openInDataHubCommand>;
}

/**
 * Every command's handler, by id: the compiler checks it covers exactly the ids of
 * `commandIds.ts` (less catalogCode.openLog, which the entry bundle handles), and a unit test
 * checks those against package.json. What each needs first is in `COMMAND_TABLE`.
 */
export function commandHandlers(o: CommandOwners): Record<MainCommandId, CommandHandler> {
  return {
    'catalogCode.restartLanguageServer': () => o.languageServer.restart(),
    'catalogCode.signIn': () => o.connection.signIn(),
    'catalogCode.signOut': () => o.connection.signOut(),
    'catalogCode.startLocalCatalog': o.localCatalog.start,
    'catalogCode.stopLocalCatalog': o.localCatalog.stop,
    'catalogCode.resetLocalCatalog': o.localCatalog.reset,
    'catalogCode.loadSampleData': o.localCatalog.loadSampleData,
    'catalogCode.restoreSampleFiles': o.localCatalog.restoreSampleFiles,
    'catalogCode.refreshDefinitions': () => o.languageServer.refreshDefinitions(),
    'catalogCode.validateWorkspace': () => o.workspaceValidation.run(),
    'catalogCode.showLineageForUrn': o.lineage.showForUrn,
    'catalogCode.lineage.pin': o.lineage.pin,
    'catalogCode.lineage.unpin': o.lineage.unpin,
    'catalogCode.lineage.refresh': o.lineage.refresh,
    'catalogCode.lineage.degree1': o.lineage.degree1,
    'catalogCode.lineage.degree2': o.lineage.degree2,
    'catalogCode.lineage.degree3': o.lineage.degree3,
    'catalogCode.lineage.loadMore': o.lineage.loadMore,
    'catalogCode.lineage.copyUrn': o.lineage.copyUrn,
    'catalogCode.lineage.openDefinition': o.lineage.openDefinition,
    'catalogCode.lineage.setRoot': o.lineage.setRoot,
    'catalogCode.lineage.showGraph': o.capabilities.showGraph,
    'catalogCode.pushFile': o.push.pushFile,
    'catalogCode.pushWorkspace': o.push.pushWorkspace,
    'catalogCode.pushLineage': o.push.pushLineage,
    'catalogCode.pushWorkspaceLineage': o.push.pushWorkspaceLineage,
    'catalogCode.pushStructuredProperties': o.push.pushStructuredProperties,
    'catalogCode.pushPropertyDefinitions': o.push.pushPropertyDefinitions,
    'catalogCode.softDeleteProperty': o.propertyStatus.softDelete,
    'catalogCode.restoreProperty': o.propertyStatus.restore,
    'catalogCode.pullFromCatalog': o.pull.pull,
    'catalogCode.impact.show': showImpact,
    'catalogCode.openInDataHub': o.openInDataHub,
    'catalogCode.plan': o.plan,
    'catalogCode.writeSqlLineage': o.capabilities.writeSqlLineage,
    'catalogCode.lineage.showPending': o.lineage.showPending,
    'catalogCode.lineage.showPushed': o.lineage.showPushed,
    'catalogCode.lineage.openChangeSource': o.lineage.openChangeSource,
  };
}

/**
 * Hands every handler to the commands the entry bundle registered at activation, each behind its
 * precondition: when that is missing, the command says why it cannot run and offers the fix.
 */
export function provideCommands(deferred: DeferredCommands, handlers: Record<MainCommandId, CommandHandler>, o: CommandOwners, manifest: unknown): void {
  const titles = commandTitles(manifest);
  for (const id of Object.keys(handlers) as MainCommandId[]) {
    const handler = handlers[id];
    const needs: readonly Precondition[] = COMMAND_TABLE[id].needs;
    deferred.provide(id, (...args: unknown[]) => {
      const missing = needs.find((need) => !satisfied(need, o));
      if (missing === undefined) return handler(...args);
      explainMissing(missing, titles.get(id) ?? id, o);
      return undefined;
    });
  }
}

function satisfied(need: Precondition, o: CommandOwners): boolean {
  return need === 'languageServer' ? o.languageServer.isRunning() : o.connection.currentConnection !== undefined;
}

function explainMissing(need: Precondition, title: string, o: CommandOwners): void {
  if (need === 'languageServer') {
    const restart = 'Restart Language Server';
    void vscode.window
      .showWarningMessage(`${title} needs the Catalog Code language server, which is not running. Restart it, or open the log to see why it stopped.`, restart, 'Show Log')
      .then((choice) => {
        if (choice === restart) void vscode.commands.executeCommand('catalogCode.restartLanguageServer');
        else if (choice) void vscode.commands.executeCommand('catalogCode.openLog');
      });
    return;
  }
  const local = 'Start Local Catalog';
  void vscode.window.showWarningMessage(`${title} needs a catalog service: ${o.connection.describe()}`, local, 'Open Settings').then((choice) => {
    if (choice === local) void vscode.commands.executeCommand('catalogCode.startLocalCatalog');
    else if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', CATALOG_SETTINGS.serviceUrl.key);
  });
}

/** "Catalog Code: Push File" for each contributed command, for the messages above. */
function commandTitles(manifest: unknown): Map<string, string> {
  const titles = new Map<string, string>();
  const commands = (manifest as { contributes?: { commands?: unknown } } | undefined)?.contributes?.commands;
  for (const entry of Array.isArray(commands) ? (commands as unknown[]) : []) {
    const { command, title, category } = (entry ?? {}) as { command?: unknown; title?: unknown; category?: unknown };
    if (typeof command === 'string' && typeof title === 'string') titles.set(command, typeof category === 'string' ? `${category}: ${title}` : title);
  }
  return titles;
}
