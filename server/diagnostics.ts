import { DocumentDiagnosticReportKind, LSPErrorCodes, ResponseError, type Connection, type Diagnostic, type DocumentDiagnosticParams, type DocumentDiagnosticReport } from 'vscode-languageserver/node';
import type { ClientSupport } from './clientSupport';
import { capDiagnostics } from '../core/diagnostics/cap';
import { toLspDiagnostic } from './convert';
import { DiagnosticDependencies, type CheckRecord, type RecheckReason } from './diagnosticDependencies';
import type { Lifecycle } from './lifecycle';
import type { OpenDocuments } from './openDocuments';
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
  /** what each check read; shared with the workspace pull (server/workspaceDiagnostics.ts) so both judge changes alike */
  readonly dependencies: DiagnosticDependencies;
  /** open document URI → the diagnostics the editor was last given (pulled, with their resultId, or published) and what their check read */
  private readonly given = new Map<string, { resultId: string; record: CheckRecord }>();
  private nextResultId = 1;
  /** open documents given the diagnostics of their first items while they were read in slices: given the rest when the read ends */
  private readonly givenSoFar = new Set<string>();
  /** pulls of a client that cannot be asked to pull again, waiting for the end of a read in slices */
  private readonly waitingForRead = new Map<string, (() => void)[]>();

  private readonly documents: OpenDocuments;

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
  ) {
    this.documents = state.documents;
    this.dependencies = new DiagnosticDependencies(state.session, () => state.knowledge(), state.catalogReads);
  }

  /**
   * The one analysis entry point for an open document: its diagnostics at its current version, as
   * LSP diagnostics, at most MAX_DIAGNOSTICS_PER_DOCUMENT and a summary of the rest.
   */
  diagnosticsOf(uri: string): Diagnostic[] {
    const entry = this.documents.current(uri);
    if (!entry) return [];
    return capDiagnostics(this.state.session.diagnosticsOf(uri, { collapsed: true }), uri).map((diagnostic) => toLspDiagnostic(this.state.positions.index(entry), diagnostic));
  }

  /**
   * The diagnostics the editor is given for an open document, recorded with what their check read.
   * Undefined when the document is not open.
   */
  private give(uri: string): { resultId: string; items: Diagnostic[]; version: number } | undefined {
    const entry = this.documents.current(uri);
    const version = entry?.version;
    if (!entry || version === undefined) return undefined;
    if (entry.coverage?.state === 'reading') {
      // The items read so far (core/workspace/session.ts); not recorded, so the next pull is answered in full.
      this.given.delete(uri);
      this.givenSoFar.add(uri);
      return { resultId: String(this.nextResultId++), items: capDiagnostics(this.state.session.diagnosticsOf(uri, { collapsed: true }), uri).map((diagnostic) => toLspDiagnostic(this.state.positions.index(entry), diagnostic)), version };
    }
    this.dependencies.sync();
    const { result, record } = this.dependencies.check(version, entry, () => capDiagnostics(this.state.session.diagnosticsOf(uri, { collapsed: true }), uri));
    const resultId = String(this.nextResultId++);
    this.given.set(uri, { resultId, record });
    return { resultId, items: result.map((diagnostic) => toLspDiagnostic(this.state.positions.index(entry), diagnostic)), version };
  }

  /**
   * A pull: when the editor still holds the result `previousResultId` and nothing that result's
   * check read has changed since, it is answered `unchanged` (LSP 3.17) without checking again.
   */
  private answerPull(params: DocumentDiagnosticParams): DocumentDiagnosticReport | Promise<DocumentDiagnosticReport> {
    const uri = params.textDocument.uri;
    // A client that cannot be asked to pull again gets the whole answer once the read in slices ends; other requests are answered meanwhile.
    if (!this.support?.diagnosticRefresh && this.documents.current(uri)?.coverage?.state === 'reading') return this.readEnded(uri).then(() => this.answerPull(params));
    // Every open document's edits first: an edit of another one (a definition) changes this answer, whichever document is pulled first.
    this.documents.catchUp();
    const given = this.given.get(uri);
    const version = this.documents.version(uri);
    if (version !== undefined && given && params.previousResultId === given.resultId) {
      this.dependencies.sync();
      if (this.dependencies.recheckReason(given.record, version) === undefined) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: given.resultId };
    }
    const report = this.give(uri);
    return report ? { kind: DocumentDiagnosticReportKind.Full, resultId: report.resultId, items: report.items } : { kind: DocumentDiagnosticReportKind.Full, items: [] };
  }

  listen(support: ClientSupport, lifecycle: Lifecycle): void {
    this.support = support;
    const pull = lifecycle.guard((params: DocumentDiagnosticParams): DocumentDiagnosticReport | Promise<DocumentDiagnosticReport> => this.answerPull(params));
    // A pull the editor cancelled while it waited in the queue (the user typed on) is dropped
    // unread, so the pull for the newest version never waits behind reads of outdated ones.
    this.lsp.languages.diagnostics.on((params, token) => (token.isCancellationRequested ? new ResponseError<never>(LSPErrorCodes.RequestCancelled, 'The diagnostics request was cancelled.') : pull(params)));
    // A change is only counted: the document is read when something asks for it, once for its
    // newest version (a burst of keystrokes is applied as one, core/incremental).
    this.documents.onChange((uri) => {
      this.changes.set(uri, (this.changes.get(uri) ?? 0) + 1);
      if (!support.pullDiagnostics) this.schedulePublish(uri);
    });
    this.documents.onCoverageChanged((uri) => this.coverageChanged(uri, support));
    // A fresh read at rest replaced what the edits made (core/workspace/restCheck.ts): the editor is given the new answer.
    this.documents.onAnalysisReplaced((uri) => {
      this.given.delete(uri);
      if (!support.pullDiagnostics) this.schedulePublish(uri);
      else if (support.diagnosticRefresh) void this.lsp.languages.diagnostics.refresh();
    });
    this.documents.onClose((uri) => {
      this.coverageChanged(uri, support);
      this.givenSoFar.delete(uri);
      this.scheduled.delete(uri);
      this.changes.delete(uri);
      this.given.delete(uri);
      if (!support.pullDiagnostics) void this.lsp.sendDiagnostics({ uri, diagnostics: [] });
    });
    this.state.onDiagnosticsStale(() => this.refreshAll());
  }

  /** A read in slices ended (or the document closed): waiting pulls are answered, and an editor given the first items' diagnostics gets the rest. */
  private coverageChanged(uri: string, support: ClientSupport): void {
    if (this.documents.reading(uri)) return;
    const waiting = this.waitingForRead.get(uri) ?? [];
    this.waitingForRead.delete(uri);
    for (const resolve of waiting) resolve();
    if (!this.givenSoFar.delete(uri) || this.documents.version(uri) === undefined) return;
    if (!support.pullDiagnostics) this.schedulePublish(uri);
    else if (support.diagnosticRefresh) void this.lsp.languages.diagnostics.refresh();
  }

  private readEnded(uri: string): Promise<void> {
    return new Promise((resolve) => this.waitingForRead.set(uri, [...(this.waitingForRead.get(uri) ?? []), resolve]));
  }

  /**
   * Something checks read changed (definitions, settings, existence answers): the open documents
   * that read it are checked again — published anew, or, for a pulling editor, asked for again
   * with workspace/diagnostic/refresh, where the others are answered `unchanged`. Each refresh
   * is counted on the LSP log.
   */
  refreshAll(): void {
    if (!this.support) return;
    this.dependencies.sync();
    const open = this.documents.open();
    const stale: string[] = [];
    /** documents the editor has not been given diagnostics for yet: checked when it asks (or publishing gets to them), not counted */
    const unseen: string[] = [];
    const reasons = new Set<RecheckReason>();
    for (const document of open) {
      const reason = this.dependencies.recheckReason(this.given.get(document.uri)?.record, document.version);
      if (reason === undefined) continue;
      (reason === 'never checked' ? unseen : stale).push(document.uri);
      reasons.add(reason);
    }
    const causes = this.dependencies.takeCauses();
    if (reasons.has('existence')) causes.push('a change in which entities exist (answers from the catalog service, or files of the workspace that create them)');
    if (reasons.has('sql')) causes.push('new column lineage from the SQL that defines a dataset');
    if (this.support.pullDiagnostics) {
      if (this.support.diagnosticRefresh && stale.length > 0) void this.lsp.languages.diagnostics.refresh();
    } else {
      for (const uri of [...stale, ...unseen]) this.schedulePublish(uri);
    }
    if (open.length > 0 && (stale.length > 0 || causes.length > 0)) this.state.log(recheckLine(stale.length, open.length, causes, this.support.pullDiagnostics));
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
      this.documents.catchUp();
      const report = this.give(uri);
      if (report) void this.lsp.sendDiagnostics({ uri, version: report.version, diagnostics: report.items });
    };
    setImmediate(run);
  }
}

/**
 * "Re-checking 1 of 20 open documents after a change of the workspace definition of io.team.tier;
 * 19 keep their diagnostics." — what a refresh re-checks, for the user and the workspace-scale bench.
 */
export function recheckLine(rechecked: number, open: number, causes: readonly string[], pulled: boolean): string {
  const after = causes.length > 0 ? ` after ${causes.join('; ')}` : '';
  const kept = open - rechecked;
  const how = pulled ? ' (when the editor pulls them again)' : '';
  const rest = pulled ? `${kept} ${kept === 1 ? 'is' : 'are'} answered unchanged` : `${kept} keep${kept === 1 ? 's its' : ' their'} diagnostics`;
  return `Re-checking ${rechecked} of ${open} open document${open === 1 ? '' : 's'}${after}${rechecked > 0 ? how : ''}; ${rest}.`;
}
