import * as vscode from 'vscode';
import { DiagnosticSeverity } from 'vscode-languageclient/node';
import type { ServerQueries } from './serverQueries';

/**
 * "Validate Workspace": asks the language server for the diagnostics of every metadata file, also
 * the closed ones, and lists them in the Problems panel. Files open in an editor already show the
 * server's diagnostics, so only closed files are listed here and nothing is reported twice.
 */
export class WorkspaceValidation implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('catalog-code-workspace');
  private readonly disposables: vscode.Disposable[] = [
    this.collection,
    vscode.workspace.onDidOpenTextDocument((document) => this.collection.delete(document.uri)),
  ];

  constructor(
    private readonly server: ServerQueries,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async run(): Promise<void> {
    if (!vscode.workspace.workspaceFolders?.length) {
      void vscode.window.showWarningMessage('Catalog Code: open a folder first; Validate Workspace checks the metadata files in it.');
      return;
    }
    const unavailable = this.server.unavailable();
    if (unavailable) {
      void vscode.window.showWarningMessage(`Catalog Code cannot validate the workspace: ${unavailable}.`);
      return;
    }
    const files = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Catalog Code: validating the workspace', cancellable: true },
      (_progress, token) => this.server.workspaceProblems(undefined, token),
    );
    if (!files) return;
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    this.collection.clear();
    let errors = 0;
    let warnings = 0;
    for (const file of files) {
      errors += file.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error).length;
      warnings += file.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
      if (open.has(file.uri) || file.diagnostics.length === 0) continue;
      this.collection.set(vscode.Uri.parse(file.uri), this.server.asDiagnostics(file));
    }
    this.log.info(`Validate Workspace: ${files.length} file(s), ${files.filter((f) => f.diagnostics.length > 0).length} with problems (${open.size} open document(s) left to the editor).`);
    const message = `Catalog Code: ${files.length} metadata file(s) checked — ${errors} error(s), ${warnings} warning(s).`;
    if (errors + warnings === 0) void vscode.window.showInformationMessage(message);
    else {
      const choice = await vscode.window.showWarningMessage(message, 'Show Problems');
      if (choice) await vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
