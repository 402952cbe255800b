import * as vscode from 'vscode';
import { DiagnosticSeverity } from 'vscode-languageclient/node';
import type { ServerQueries } from './serverQueries';

/**
 * "Validate Workspace": asks the language server for the diagnostics of every metadata file, also
 * the closed ones, waits for its answers from the catalog, and says how many there are. The
 * Problems panel already lists every file, open or closed, through the language server's
 * workspace diagnostics (server/workspaceDiagnostics.ts), so nothing is added to it here and no
 * problem is listed twice.
 */
export class WorkspaceValidation implements vscode.Disposable {
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
    let errors = 0;
    let warnings = 0;
    for (const file of files) {
      errors += file.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error).length;
      warnings += file.diagnostics.filter((d) => d.severity === DiagnosticSeverity.Warning).length;
    }
    this.log.info(`Validate Workspace: ${files.length} file(s), ${files.filter((f) => f.diagnostics.length > 0).length} with problems.`);
    const message = `Catalog Code: ${files.length} metadata file(s) checked — ${errors} error(s), ${warnings} warning(s).`;
    if (errors + warnings === 0) void vscode.window.showInformationMessage(message);
    else {
      const choice = await vscode.window.showWarningMessage(message, 'Show Problems');
      if (choice) await vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  }

  dispose(): void {
    // Nothing of its own to release: the Problems panel is the language client's.
  }
}
