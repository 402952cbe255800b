import type { Connection, Disposable, TextDocuments } from 'vscode-languageserver/node';
import type { ClientPositions } from './convert';
import type { DocumentCoverage } from '../core/workspace/openDocumentLimit';
import type { EditorDocument } from './editorDocument';
import type { SessionDocument, WorkspaceSession } from '../core/workspace/session';
import { EditLog, recordingTextDocuments } from './documentEdits';

/**
 * The editor's open documents, with one owner: the buffers (TextDocuments of EditorDocument, kept
 * by incremental sync), the edits recorded since the session last read each one (EditLog), which ones are too
 * large to check whole as typed (asked of the session, which reads them), and the session's copy of each. This is the only place that opens,
 * brings up to date or closes a document in the workspace session.
 *
 * open → edits (only recorded) → current(uri): the model at the newest version, read once, the
 * changed part only → checks and features read it → close: the session goes back to the disk copy.
 */
export class OpenDocuments {
  private readonly edits = new EditLog();
  private readonly documents: TextDocuments<EditorDocument>;

  /** `coverageChanged`: a document's read in slices started or ended, or one went over or under the limit (the status names them); `positions`: how the client counts the positions of its changes. */
  constructor(
    private readonly session: WorkspaceSession,
    coverageChanged: () => void,
    positions: ClientPositions,
  ) {
    this.documents = recordingTextDocuments(this.edits, positions);
    session.onCoverageChanged(() => coverageChanged());
    this.documents.onDidClose(({ document }) => {
      this.edits.forget(document.uri);
      void this.session.closeDocument(document.uri);
    });
  }

  /**
   * The one step that brings an open document up to date: its model at the editor's newest version
   * (edits are only recorded until something asks; they go down to the session with the text).
   * Undefined when the document is not open.
   */
  current(uri: string): SessionDocument | undefined {
    const document = this.documents.get(uri);
    return document ? this.session.updateOpenDocument(uri, document.getText(), document.version, this.edits.take(uri, document.version)) : undefined;
  }

  /** Every open document brought to its newest version, before a question about the whole workspace. */
  catchUp(): void {
    for (const document of this.documents.all()) this.current(document.uri);
  }

  /** The editor's version of an open document, without reading it; undefined when not open. */
  version(uri: string): number | undefined {
    return this.documents.get(uri)?.version;
  }

  /** Every open document's URI and editor version, without reading any. */
  open(): { uri: string; version: number }[] {
    return this.documents.all().map(({ uri, version }) => ({ uri, version }));
  }

  /** The open documents not (yet) read whole: being read in slices, checked partially, or not checked; sorted by URI. */
  coverage(): { uri: string; coverage: DocumentCoverage; length: number }[] {
    return this.session.coverage();
  }

  /** Whether an open document is being read in slices (its diagnostics so far are those of the items read). */
  reading(uri: string): boolean {
    return this.session.get(uri)?.coverage?.state === 'reading';
  }

  /** Told the URI of a document whose read in slices started or ended, or that went over or under the limit. */
  onCoverageChanged(listener: (uri: string) => void): Disposable {
    return this.session.onCoverageChanged(listener);
  }

  /** Told the URI of an open document whose analysis after edits was replaced at rest by a fresh read that differed (its diagnostics changed). */
  onAnalysisReplaced(listener: (uri: string) => void): Disposable {
    return this.session.onAnalysisReplaced(listener);
  }

  /** Told of each open and each change of a document's text (nothing is read). */
  onChange(listener: (uri: string) => void): Disposable {
    return this.documents.onDidChangeContent(({ document }) => listener(document.uri));
  }

  /** Told after a document was closed (the session already holds its disk copy). */
  onClose(listener: (uri: string) => void): Disposable {
    return this.documents.onDidClose(({ document }) => listener(document.uri));
  }

  listen(lsp: Connection): void {
    this.documents.listen(lsp);
  }
}
