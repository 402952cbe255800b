import { copyFile, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';

/** Where the extension keeps the demo's sample workspace (the files `npm start` copies; shipped in the VSIX). */
const SAMPLE_FILES = path.join('test', 'e2e', 'fixtures', 'workspace');

/**
 * Catalog Code: Restore Sample Files — writes the demo's sample files into the first workspace
 * folder again, replacing files of the same name after a confirmation that names them, and reverts
 * their open editors. Experiments saved into the sample (code-server saves as you type) are undone
 * without restarting the demo; in any other folder it writes the sample to try things on. The local
 * catalog is not touched.
 */
export async function restoreSampleFiles(context: vscode.ExtensionContext): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') {
    void vscode.window.showWarningMessage('Catalog Code: Restore Sample Files writes into a workspace folder on this machine; open a folder first.');
    return;
  }
  const source = context.asAbsolutePath(SAMPLE_FILES);
  const names = (await readdir(source)).filter((name) => /\.(ya?ml|json)$/.test(name)).sort();
  const restore = 'Restore Sample Files';
  const choice = await vscode.window.showWarningMessage(
    `Write the ${names.length} sample files into ${folder.name}, replacing files of the same name?`,
    { modal: true, detail: `${names.join(', ')}\nOther files and the local catalog's data are not touched (Reset Local Catalog, then Load Sample Data, starts the catalog over).` },
    restore,
  );
  if (choice !== restore) return;
  for (const name of names) await copyFile(path.join(source, name), path.join(folder.uri.fsPath, name));
  await revertOpenEditors(names.map((name) => vscode.Uri.joinPath(folder.uri, name).toString()));
  void vscode.window.showInformationMessage(`Catalog Code: the ${names.length} sample files are back in ${folder.name}.`);
}

/** Editors of the restored files show the disk again, also those with unsaved changes. */
async function revertOpenEditors(uris: readonly string[]): Promise<void> {
  const restored = new Set(uris);
  for (const document of vscode.workspace.textDocuments) {
    if (!restored.has(document.uri.toString()) || !document.isDirty) continue;
    await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
}
