import * as vscode from 'vscode';
import { askForUrn } from './askForUrn';
import type { ServerQueries } from './serverQueries';
import { openDecision, openQuestionText, type SettingLayers } from './uiOrigin';

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
 * document links and hovers open the same address. An origin only the workspace's settings chose
 * is shown, and opened only when the user says so (client/uiOrigin.ts).
 */
export function openInDataHubCommand(server: ServerQueries, approvals: vscode.Memento) {
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
    if (!(await mayOpen(link.url, approvals))) return;
    // A string, not a vscode.Uri: the Uri type would decode DataHub's %2F into '/' and open the wrong page;
    // openExternal keeps a string as given (the API's declared type is Uri, hence the cast).
    await vscode.env.openExternal(link.url as unknown as vscode.Uri);
  };
}

const APPROVED_KEY = 'catalogCode.uiApprovedOrigins';

function layers(key: string): SettingLayers {
  const values = vscode.workspace.getConfiguration('catalogCode').inspect<string>(key);
  return { user: values?.globalValue, workspace: values?.workspaceValue, folder: values?.workspaceFolderValue };
}

/** Opens at once an origin the user's settings give; asks first (modal, showing the origin) for one only the workspace's settings chose. */
async function mayOpen(pageUrl: string, approvals: vscode.Memento): Promise<boolean> {
  const approved = new Set(approvals.get<string[]>(APPROVED_KEY) ?? []);
  const decision = openDecision(pageUrl, { uiUrl: layers('service.uiUrl'), serviceUrl: layers('service.url') }, approved);
  if (decision.kind === 'open') return true;
  const { message, detail } = openQuestionText(decision, pageUrl);
  const open = `Open ${decision.origin}`;
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, open);
  if (choice !== open) return false;
  await approvals.update(APPROVED_KEY, [...approved, decision.origin]);
  return true;
}
