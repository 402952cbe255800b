import * as vscode from 'vscode';
import type { PendingMark } from '../../core/common/pendingTypes';
import { fileLabel } from '../../core/output/fileLabel';

/**
 * Opens the file that adds, removes or changes an edge (the first of the mark's sources) with the
 * first of `urns` that it mentions selected, so the line to read or undo is under the cursor.
 */
export async function openChangeSource(mark: PendingMark | undefined, urns: readonly string[]): Promise<void> {
  const source = mark?.sources[0];
  if (!mark || mark.change === 'unchanged' || !source) {
    void vscode.window.showInformationMessage('Catalog Code: this edge is in the catalog as pushed; no file of the workspace changes it.');
    return;
  }
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(vscode.Uri.parse(source));
  } catch {
    void vscode.window.showWarningMessage(`Catalog Code cannot open ${fileLabel(source)}, the file that ${mark.change === 'removed' ? 'removes' : mark.change === 'proposed' ? 'proposes' : 'adds'} this edge: it was moved or deleted. Refresh the lineage view.`);
    return;
  }
  const text = document.getText();
  const at = urns.map((urn) => text.indexOf(urn)).find((offset) => offset >= 0);
  const selection = at === undefined ? undefined : new vscode.Range(document.positionAt(at), document.positionAt(at + (urns.find((urn) => text.indexOf(urn) === at)?.length ?? 0)));
  await vscode.window.showTextDocument(document, { selection, viewColumn: vscode.ViewColumn.One });
}
