import * as vscode from 'vscode';
import { listPropertyDefinitions } from '../../core/api/definitions';
import type { ServiceConnection } from '../../core/api/http';
import { postStatus } from '../../core/api/pushClient';
import { pickUrn } from '../askForUrn';
import { propertyChoices, typedProperty } from '../urnChoices';
import type { ConnectionManager } from '../connection/connectionManager';
import type { ServerQueries } from '../serverQueries';
import { describeError } from '../../core/errors/describeError';

/**
 * Property URNs defined in the active editor, as the language server reads the document (same
 * associations, same parse), offered first; none when no editor or no server.
 */
async function definedInActiveEditor(server: ServerQueries): Promise<string[]> {
  const document = vscode.window.activeTextEditor?.document;
  if (!document) return [];
  // A failed question only costs the order of the list.
  return (await server.documentPropertyDefinitions(document.uri).catch(() => undefined)) ?? [];
}

/** Restore offers what the catalog holds soft-deleted, Soft Delete what it holds live (asked of the catalog now, not a cache). */
function pickProperty(arg: unknown, action: string, removed: boolean, connection: ServiceConnection, server: ServerQueries): Promise<string | undefined> {
  const wanted = removed ? 'live' : 'soft-deleted';
  return pickUrn(arg, {
    title: `${action}: which structured property?`,
    placeHolder: `A ${wanted} property of the catalog, or type its id (io.acme.tier) or URN`,
    choices: async () => propertyChoices(await listPropertyDefinitions(connection), !removed, await definedInActiveEditor(server)),
    typed: typedProperty,
    noChoices: `The catalog holds no ${wanted} structured property; type an id or URN to try anyway`,
  });
}

/**
 * Soft delete and restore of a structured property (spec §3): the definition and every value
 * written with it are kept and come back on restore; while deleted, values are hidden and new
 * ones refused.
 */
export function propertyStatusCommands(connection: ConnectionManager, log: vscode.LogOutputChannel, server: ServerQueries) {
  const run = async (arg: unknown, removed: boolean): Promise<void> => {
    const action = removed ? 'Soft Delete Property' : 'Restore Property';
    const service = connection.currentConnection;
    if (!service) {
      void vscode.window.showWarningMessage(`Catalog Code cannot ${removed ? 'soft delete' : 'restore'} a property: ${connection.describe()}`);
      return;
    }
    const urn = await pickProperty(arg, action, removed, { url: service.url, token: service.token }, server);
    if (!urn) return;
    if (removed) {
      const confirm = await vscode.window.showWarningMessage(
        `Soft delete ${urn} on ${service.url}?`,
        { modal: true, detail: 'Entities stop showing its values and new values are refused until it is restored. Nothing is lost: Restore Property brings the definition and every value back.' },
        'Soft Delete',
      );
      if (confirm !== 'Soft Delete') return;
    }
    try {
      await postStatus({ url: service.url, token: service.token }, 'structuredProperty', urn, removed);
    } catch (error) {
      const message = describeError(error);
      log.error(`${action} failed for ${urn}: ${message}`);
      void vscode.window.showErrorMessage(`Catalog Code: ${action} failed: ${message}`);
      return;
    }
    log.info(`${action}: ${urn}`);
    void vscode.window.showInformationMessage(`Catalog Code: ${urn} is ${removed ? 'soft deleted' : 'restored'}.`);
    void vscode.commands.executeCommand('catalogCode.refreshDefinitions');
  };
  return {
    softDelete: (arg?: unknown) => run(arg, true),
    restore: (arg?: unknown) => run(arg, false),
  };
}
