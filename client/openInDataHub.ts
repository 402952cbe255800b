import * as vscode from 'vscode';
import { askForUrn } from './askForUrn';
import type { ServerQueries } from './serverQueries';

/** A URN given to the command: a string, or an object with a `urn` (the lineage tree's items). */
function urnOfArgument(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() || undefined;
  if (typeof arg === 'object' && arg !== null && 'urn' in arg && typeof (arg as { urn: unknown }).urn === 'string') return (arg as { urn: string }).urn;
  return undefined;
}

/**
 * Open in DataHub (`catalogCode.openInDataHub`): the URN passed (a string — the graph's menu and
 * `command:` links pass one — or a lineage tree item), else the one under the cursor, else one
 * typed; its page comes from the language server (`catalogCode/catalogLink`), so the command,
 * document links and hovers open the same address.
 */
export function openInDataHubCommand(server: ServerQueries) {
  return async (arg?: unknown): Promise<void> => {
    let urn = urnOfArgument(arg);
    const editor = vscode.window.activeTextEditor;
    if (!urn && editor) urn = await server.entityAt(editor.document.uri, editor.selection.active);
    urn ??= await askForUrn(undefined, { title: 'Open in DataHub', prompt: 'The URN of the entity to open in DataHub', placeHolder: 'urn:li:dataset:(urn:li:dataPlatform:hive,orders,PROD)' });
    if (!urn) return;
    const unavailable = server.unavailable();
    if (unavailable) {
      void vscode.window.showWarningMessage(`Catalog Code cannot open ${urn} in DataHub: ${unavailable}.`);
      return;
    }
    const link = await server.catalogLink(urn);
    if (!link?.url) {
      const settings = 'Open Settings';
      const choice = await vscode.window.showWarningMessage(`Catalog Code cannot open ${urn} in DataHub: ${link?.why ?? 'the language server gave no answer'}`, settings);
      if (choice === settings) void vscode.commands.executeCommand('workbench.action.openSettings', 'catalogCode.service.uiUrl');
      return;
    }
    // A string, not a vscode.Uri: the Uri type would decode DataHub's %2F into '/' and open the wrong page;
    // openExternal keeps a string as given (the API's declared type is Uri, hence the cast).
    await vscode.env.openExternal(link.url as unknown as vscode.Uri);
  };
}
