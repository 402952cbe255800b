import * as vscode from 'vscode';
import { readDocument } from '../core/formats';
import type { CoreDiagnostic } from '../core/model/diagnostic';
import { validateDocument } from '../core/validate';

const METADATA_GLOB = '**/*.{yml,yaml,json,jsonc}';
const EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**,**/dist/**,**/.catalog/**,**/.vscode-test/**}';

const SEVERITY: Record<CoreDiagnostic['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/**
 * "Validate Workspace": checks every metadata file, also the closed ones, and lists the problems
 * in the Problems panel. Files open in an editor are left to the language server (which also
 * knows the live definitions), so nothing is reported twice.
 */
export class WorkspaceValidation implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('catalog-code-workspace');
  private readonly disposables: vscode.Disposable[] = [
    this.collection,
    vscode.workspace.onDidOpenTextDocument((document) => this.collection.delete(document.uri)),
  ];

  async run(): Promise<void> {
    if (!vscode.workspace.workspaceFolders?.length) {
      void vscode.window.showWarningMessage('Catalog Code: open a folder first; Validate Workspace checks the metadata files in it.');
      return;
    }
    const associations = vscode.workspace.getConfiguration('catalogCode').get('formats.associations', {});
    const summary = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Catalog Code: validating the workspace', cancellable: true },
      async (progress, token) => {
        const files = await vscode.workspace.findFiles(METADATA_GLOB, EXCLUDE_GLOB, 20000, token);
        const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
        this.collection.clear();
        let checked = 0;
        let errors = 0;
        let warnings = 0;
        for (const [index, uri] of files.entries()) {
          if (token.isCancellationRequested) break;
          if (index % 50 === 0) progress.report({ message: `${index}/${files.length} files`, increment: (50 / Math.max(files.length, 1)) * 100 });
          let text: string;
          try {
            text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
          } catch {
            continue;
          }
          const model = readDocument(uri.toString(), text, { associations });
          if (model.format === null) continue;
          checked++;
          const found = validateDocument({ model, text });
          errors += found.filter((d) => d.severity === 'error').length;
          warnings += found.filter((d) => d.severity === 'warning').length;
          if (open.has(uri.toString()) || found.length === 0) continue;
          const lines = new LinePositions(text);
          this.collection.set(
            uri,
            found.map((d) => {
              const diagnostic = new vscode.Diagnostic(new vscode.Range(lines.at(d.range.start), lines.at(d.range.end)), d.message, SEVERITY[d.severity]);
              diagnostic.source = 'catalog-code';
              diagnostic.code = d.code;
              return diagnostic;
            }),
          );
        }
        return { checked, errors, warnings };
      },
    );
    const message = `Catalog Code: ${summary.checked} metadata file(s) checked — ${summary.errors} error(s), ${summary.warnings} warning(s).`;
    if (summary.errors + summary.warnings === 0) void vscode.window.showInformationMessage(message);
    else {
      const choice = await vscode.window.showWarningMessage(message, 'Show Problems');
      if (choice) await vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

class LinePositions {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  at(offset: number): vscode.Position {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return new vscode.Position(low, offset - this.starts[low]);
  }
}
