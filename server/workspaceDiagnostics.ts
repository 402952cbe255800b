import { contentKey } from '../core/workspace/recordedFile';
import { formatOf } from '../core/mentions/fileMentions';
import { createHash } from 'node:crypto';
import {
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  ResponseError,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type DiagnosticServerCancellationData,
  type ResultProgressReporter,
  type WorkspaceDiagnosticParams,
  type WorkspaceDiagnosticReport,
  type WorkspaceDiagnosticReportPartialResult,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver/node';
import { capDiagnostics } from '../core/diagnostics/cap';
import type { SessionDocument } from '../core/workspace/session';
import { toLspDiagnostic } from './convert';
import type { CheckRecord, DiagnosticDependencies } from './diagnosticDependencies';
import type { Lifecycle } from './lifecycle';
import type { ServerState } from './state';

/** Reports per partial result: a first pull of a large workspace reaches the editor in steps. */
const CHUNK_REPORTS = 500;
/** Work on one turn of the event loop before other requests (a keystroke's pull) get theirs. */
const SLICE_MS = 15;
/** The result id of "no diagnostics, the file is not a metadata file of the workspace (any more)". */
const GONE = 'w:gone';

interface GivenReport {
  record: CheckRecord;
  resultId: string;
  items: Diagnostic[];
}

/**
 * Problems for the whole workspace: LSP pull workspace diagnostics (`workspace/diagnostic`), so an
 * editor's Problems panel lists closed files too. Open documents are left to the document pull
 * (server/diagnostics.ts), which has the editor's text, so no document is reported twice.
 *
 * Repeated pulls are cheap. Each closed file's report is kept with what its check read
 * (DiagnosticDependencies) and checked again only when that changed; its result id is a hash of
 * its diagnostics, so a file checked again with the same outcome is `unchanged` for the client.
 * A client that streams (a partialResultToken, as VS Code sends) gets changed reports as partial
 * results, and a pull that would change nothing is held open until something does (a file, a
 * definition, an answer from the catalog, a document closing) — VS Code pulls again as soon as
 * one is answered. A client that does not stream gets its answer at once, unchanged reports
 * included. Clients that only take published diagnostics never send this request and keep
 * per-document publishing.
 */
export class WorkspaceDiagnostics {
  private readonly given = new Map<string, GivenReport>();
  /** A model (or a closed file's record, core/workspace/recordedFile.ts) stands for one content of a file: its number is the "version" a check record keeps. */
  private readonly modelVersions = new WeakMap<object, number>();
  private nextModelVersion = 1;
  private readonly waiting = new Set<() => void>();
  private wakePending = false;
  private stopped = false;

  constructor(
    private readonly lsp: Connection,
    private readonly state: ServerState,
    private readonly dependencies: DiagnosticDependencies,
  ) {}

  listen(lifecycle: Lifecycle): void {
    this.lsp.languages.diagnostics.onWorkspace(lifecycle.guard((params: WorkspaceDiagnosticParams, token: CancellationToken, _done: unknown, progress?: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult>) => this.answer(params, token, progress)));
    this.state.onDiagnosticsStale(() => this.changed());
    this.state.documents.onClose(() => this.changed());
  }

  /** Something reports depend on may have changed (a file on disk, the end of a scan): held pulls look again, once per burst. */
  changed(): void {
    if (this.wakePending) return;
    this.wakePending = true;
    setImmediate(() => {
      this.wakePending = false;
      for (const wake of [...this.waiting]) wake();
    });
  }

  /** `shutdown`: held pulls are answered now. */
  stop(): void {
    this.stopped = true;
    this.changed();
  }

  private async answer(params: WorkspaceDiagnosticParams, token: CancellationToken, progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined): Promise<WorkspaceDiagnosticReport | ResponseError<DiagnosticServerCancellationData>> {
    const previous = new Map(params.previousResultIds.map(({ uri, value }) => [uri, value]));
    for (;;) {
      // Streamed: the changed reports go out as the files are checked, the first after one slice of work.
      let streamed = 0;
      const stream = progress
        ? (changed: WorkspaceDocumentDiagnosticReport[]) => {
            streamed += changed.length;
            for (let i = 0; i < changed.length; i += CHUNK_REPORTS) progress.report({ items: changed.slice(i, i + CHUNK_REPORTS) });
          }
        : undefined;
      const reports = await this.reports(previous, token, stream);
      if (!reports) return cancelled();
      if (!progress) return { items: reports };
      if (streamed > 0 || this.stopped) return { items: [] };
      if (!(await this.nextChange(token))) return cancelled();
    }
  }

  /** Resolves true at the next change, false when the pull is cancelled first. */
  private nextChange(token: CancellationToken): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (result: boolean) => {
        this.waiting.delete(wake);
        cancellation.dispose();
        resolve(result);
      };
      const wake = () => done(true);
      const cancellation = token.onCancellationRequested(() => done(false));
      this.waiting.add(wake);
    });
  }

  /**
   * A report for every closed metadata file, and an empty one for each file the client holds one
   * for that is gone; undefined when cancelled. `stream` is handed the changed (full) reports as
   * they are made: at the end of the first slice of work, then every CHUNK_REPORTS, then the rest.
   */
  private async reports(previous: ReadonlyMap<string, string>, token: CancellationToken, stream?: (changed: WorkspaceDocumentDiagnosticReport[]) => void): Promise<WorkspaceDocumentDiagnosticReport[] | undefined> {
    // The open documents' edits first: an edited definition changes closed files' answers even before that document is pulled.
    this.state.documents.catchUp();
    this.dependencies.sync();
    const reports: WorkspaceDocumentDiagnosticReport[] = [];
    const present = new Set<string>();
    let unsent: WorkspaceDocumentDiagnosticReport[] = [];
    let sentAny = false;
    const send = () => {
      if (!stream || unsent.length === 0) return;
      stream(unsent);
      unsent = [];
      sentAny = true;
    };
    let sliceStart = performance.now();
    for (const document of [...this.state.session.metadataDocuments(), ...this.state.session.uncheckedDocuments()]) {
      if (token.isCancellationRequested) return undefined;
      // Open in the editor (read lazily, so asked of the open documents, not the session): the document pull's.
      if (this.state.documents.version(document.uri) !== undefined || (formatOf(document) === null && !document.model.unchecked && !document.model.unparsed)) continue;
      present.add(document.uri);
      const report = this.reportOf(document);
      const made: WorkspaceDocumentDiagnosticReport =
        previous.get(document.uri) === report.resultId
          ? { kind: DocumentDiagnosticReportKind.Unchanged, uri: document.uri, resultId: report.resultId, version: null }
          : { kind: DocumentDiagnosticReportKind.Full, uri: document.uri, resultId: report.resultId, items: report.items, version: null };
      reports.push(made);
      if (made.kind === DocumentDiagnosticReportKind.Full) unsent.push(made);
      if (unsent.length >= CHUNK_REPORTS) send();
      if (performance.now() - sliceStart >= SLICE_MS) {
        if (!sentAny) send();
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
    for (const [uri, resultId] of previous) {
      if (present.has(uri) || this.state.documents.version(uri) !== undefined) continue;
      this.given.delete(uri);
      // Deleted, renamed or no longer a metadata file: its problems are cleared once.
      if (resultId !== GONE) {
        const gone: WorkspaceDocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, uri, resultId: GONE, items: [], version: null };
        reports.push(gone);
        unsent.push(gone);
      }
    }
    for (const uri of this.given.keys()) if (!present.has(uri)) this.given.delete(uri);
    send();
    return reports;
  }

  /** The file's diagnostics, checked again only when what the last check read has changed. */
  private reportOf(document: SessionDocument): GivenReport {
    const version = this.versionOf(contentKey(document));
    const kept = this.given.get(document.uri);
    if (kept && this.dependencies.recheckReason(kept.record, version) === undefined) return kept;
    const { result, record } = this.dependencies.check(version, document, () => capDiagnostics(this.state.session.diagnosticsOf(document.uri, { collapsed: true }), document.uri));
    const items = result.map((diagnostic) => toLspDiagnostic(this.state.positions.index(document), diagnostic));
    const resultId = `w:${createHash('sha256').update(JSON.stringify(items)).digest('base64url').slice(0, 22)}`;
    const report = { record, resultId, items };
    this.given.set(document.uri, report);
    return report;
  }

  private versionOf(content: object): number {
    let version = this.modelVersions.get(content);
    if (version === undefined) {
      version = this.nextModelVersion++;
      this.modelVersions.set(content, version);
    }
    return version;
  }
}

/** The client cancelled (it pulls again when it wants); retriggerRequest keeps VS Code from logging it as a failure. */
function cancelled(): ResponseError<DiagnosticServerCancellationData> {
  return new ResponseError<DiagnosticServerCancellationData>(LSPErrorCodes.RequestCancelled, 'The workspace diagnostics request was cancelled.', { retriggerRequest: true });
}
