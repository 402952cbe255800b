import * as vscode from 'vscode';

const SCHEME = 'catalog-code-plan';

/** Read-only documents that show a push plan, so the preview never asks to be saved. */
export class PlanPreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);
  private counter = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  async show(title: string, text: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${++this.counter}/${title.replace(/[^\w.-]+/g, '-')}.txt` });
    this.contents.set(uri.toString(), text);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
