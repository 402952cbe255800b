import { DocumentDiagnosticReportKind, LSPErrorCodes, ResponseError, type Connection, type Diagnostic, type DocumentDiagnosticParams, type DocumentDiagnosticReport, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ClientSupport } from './clientSupport';
import type { SessionDocument } from '../core/workspace/session';
import { toLspDiagnostic } from './convert';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/**
 * Diagnostics of open documents, pulled by the client (textDocument/diagnostic) or published by the
 * server. Publishing has no fixed wait: a change schedules one computation on the next turn of the
 * event loop; while further edits of the same document keep arriving it is put off again, and it
 * always reads the latest version, so work for a stale version is never done.
 */
export class DiagnosticsFeature {
  /** document URI → the change count when its computation was scheduled */
  private readonly scheduled = new Map<string, number>();
  private readonly changes = new Map<string, number>();
  private support: ClientSupport | undefined;

  constructor(
    private readonly lsp: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly state: ServerState,
  ) {}

  /** The one analysis entry point for an open document: its diagnostics at its current version, as LSP diagnostics. */
  diagnosticsOf(uri: string): Diagnostic[] {
    const document = this.documents.get(uri);
    if (!document) return [];
    const entry = this.state.session.openDocument(uri, document.getText(), document.version);
    return this.state.session.diagnosticsOf(uri).map((diagnostic) => toLspDiagnostic(entry.lineIndex, diagnostic));
  }

  /**
   * A document as the custom requests must see it: an open one read at its newest version (edits
   * are only recorded until something asks), else what the session holds from disk.
   */
  current(uri: string): SessionDocument | undefined {
    const document = this.documents.get(uri);
    return document ? this.state.session.openDocument(uri, document.getText(), document.version) : this.state.session.get(uri);
  }

  /** Every open document brought to its newest version, before a question about the whole workspace. */
  catchUp(): void {
    for (const document of this.documents.all()) this.state.session.openDocument(document.uri, document.getText(), document.version);
  }

  listen(support: ClientSupport, lifecycle: Lifecycle): void {
    this.support = support;
    const pull = lifecycle.guard((params: DocumentDiagnosticParams): DocumentDiagnosticReport => ({ kind: DocumentDiagnosticReportKind.Full, items: this.diagnosticsOf(params.textDocument.uri) }));
    // A pull the editor cancelled while it waited in the queue (the user typed on) is dropped
    // unread, so the pull for the newest version never waits behind reads of outdated ones.
    this.lsp.languages.diagnostics.on((params, token) => (token.isCancellationRequested ? new ResponseError<never>(LSPErrorCodes.RequestCancelled, 'The diagnostics request was cancelled.') : pull(params)));
    // A change is only counted: the document is read when something asks for it, once for its
    // newest version (a burst of keystrokes is applied as one, core/incremental).
    this.documents.onDidChangeContent(({ document }) => {
      this.changes.set(document.uri, (this.changes.get(document.uri) ?? 0) + 1);
      if (!support.pullDiagnostics) this.schedulePublish(document.uri);
    });
    this.documents.onDidClose(({ document }) => {
      this.scheduled.delete(document.uri);
      this.changes.delete(document.uri);
      void this.state.session.closeDocument(document.uri);
      if (!support.pullDiagnostics) void this.lsp.sendDiagnostics({ uri: document.uri, diagnostics: [] });
    });
    this.state.onDiagnosticsStale(() => this.refreshAll());
  }

  /** Something every document depends on changed (definitions, settings, existence answers). */
  refreshAll(): void {
    if (!this.support) return;
    if (this.support.pullDiagnostics) {
      if (this.support.diagnosticRefresh) void this.lsp.languages.diagnostics.refresh();
    } else {
      for (const document of this.documents.all()) this.schedulePublish(document.uri);
    }
  }

  private schedulePublish(uri: string): void {
    if (this.scheduled.has(uri)) return;
    this.scheduled.set(uri, this.changes.get(uri) ?? 0);
    // The JSON-RPC layer handles one queued message per turn of the event loop: a computation is
    // only started once a whole turn went by without another edit of this document.
    let quietTurns = 0;
    const run = (): void => {
      const seen = this.scheduled.get(uri);
      if (seen === undefined) return; // closed meanwhile
      const now = this.changes.get(uri) ?? 0;
      if (now !== seen) {
        this.scheduled.set(uri, now);
        quietTurns = 0;
        setImmediate(run);
        return;
      }
      if (quietTurns++ < 1) {
        setImmediate(run);
        return;
      }
      this.scheduled.delete(uri);
      const document = this.documents.get(uri);
      if (document) void this.lsp.sendDiagnostics({ uri, version: document.version, diagnostics: this.diagnosticsOf(uri) });
    };
    setImmediate(run);
  }
}
