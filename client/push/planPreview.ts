import * as vscode from 'vscode';
import { md, mdText, type Markdown } from '../../core/output/markdown';

const SCHEME = 'catalog-code-plan';

/**
 * The plan as a read-only view: the Markdown of `catalog-code plan --format markdown`
 * (core/plan/planMarkdown.ts) held in a virtual document and shown in VS Code's own Markdown
 * preview. The preview wraps long lines (Markdown documents wrap by default), folds each entity's
 * `<details>` and colours the `diff` lines of removals red, with the editor's theme and no HTML or
 * script of ours: every value in the Markdown is already escaped by core/output/markdown.ts, and
 * the preview's own content security policy applies. A document of its own scheme is never
 * offered for saving.
 */
export class PlanPreview implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Shows `markdown` beside the editor under `title`; the same title shows the newer plan in the same preview. */
  async show(title: string, markdown: Markdown): Promise<void> {
    const uri = vscode.Uri.from({ scheme: SCHEME, path: `/${title.replace(/[^\w.-]+/g, '-')}.md` });
    const known = this.contents.has(uri.toString());
    this.contents.set(uri.toString(), markdown);
    if (known) this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    try {
      await vscode.commands.executeCommand('markdown.showPreviewToSide', document.uri);
    } catch {
      // The built-in Markdown extension is disabled: the Markdown text itself still reads.
      await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    }
  }

  /**
   * After a push: every plan shown is out of date, so each says what was pushed and when, and how
   * to see the plan as it is now, instead of staying open with what the catalog no longer differs in.
   */
  markPushed(sentence: string, at: Date = new Date()): void {
    const time = at.toTimeString().slice(0, 8);
    const note = md`# Pushed

${mdText(sentence)} (at ${mdText(time)})

This plan is done. **Catalog Code: Plan** shows what a push would change now.
`;
    for (const key of this.contents.keys()) {
      this.contents.set(key, note);
      this.changed.fire(vscode.Uri.parse(key));
    }
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
