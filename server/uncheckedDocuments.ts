import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isTooLargeToCheck } from '../core/workspace/openDocumentLimit';
import type { ServerState } from './state';

/**
 * Which open documents are too large to check as they are typed (core/workspace/openDocumentLimit.ts),
 * followed on every open, change and close (a length comparison each), so the language status
 * names them as soon as one is opened, before anything asks for its diagnostics.
 */
export class UncheckedDocuments {
  private readonly uris = new Set<string>();

  constructor(
    documents: TextDocuments<TextDocument>,
    private readonly state: ServerState,
  ) {
    state.uncheckedDocuments = () => [...this.uris].sort();
    documents.onDidChangeContent(({ document }) => this.update(document.uri, isTooLargeToCheck(document.getText())));
    documents.onDidClose(({ document }) => this.update(document.uri, false));
  }

  private update(uri: string, tooLarge: boolean): void {
    if (this.uris.has(uri) === tooLarge) return;
    if (tooLarge) this.uris.add(uri);
    else this.uris.delete(uri);
    this.state.sendStatus();
  }
}
