import { fileURLToPath } from 'node:url';
import { UNKNOWN_EXISTENCE, type DefinitionsView, type PropertyDefinitionInfo } from '../definitions/types';
import { readDocument, type Associations } from '../formats';
import { DocumentAnalysis } from '../incremental/documentAnalysis';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { LineIndex } from '../model/range';
import type { SeverityOverrides } from '../diagnostics/severityOverrides';
import { validateDocument } from '../validate';
import type { DefinitionChanges } from './definitionChanges';
import { WorkspaceDefinitions } from './workspaceDefinitions';
import { ScanFolders } from './scanFolders';
import { entityDeclarationAmong, type EntityDeclaration } from './entityDeclaration';
import { MAX_FILE_BYTES, isMetadataFileName } from './metadataFiles';
import { UNREADABLE, readMetadataFileSync, type DiskStamp } from '../files/readFile';
import { FIRST_SLICE_MS, MAX_OPEN_DOCUMENT_CHARS, SLICED_READ_FROM_CHARS, isTooLargeToCheck, tooLargeToCheck, uncheckedModel, type DocumentCoverage } from './openDocumentLimit';
import type { SlicedOutcome } from '../incremental/slicedRead';
import { slicedReadOf } from '../incremental/slicedReadOf';
import { BackgroundReads } from './backgroundReads';
import { keepsMentionsOnly, slimModel } from './slimModel';
import { RecordedFile } from './recordedFile';
import type { RecordDerivations } from './recordDerivations';
import { ClosedRecords } from './closedRecords';
import { InProcessScanReader } from './scanReader';
import { WorkspaceScans, type ScanSession } from './workspaceScans';
import { formatOf } from '../mentions/fileMentions';
import { DocumentChangeLog } from './documentChangeLog';
import { documentDiagnostics } from './documentChecks';
import { OpenInSlices, diagnosticsSoFar, entryOfRead, type CheckInputs } from './openInSlices';
import { Listeners, type Listen } from './listeners';
import { RestCheck } from './restCheck';
import type { EditsSince } from '../incremental/textEdit';
import type { CatalogKnowledge, FileDiagnostics, SessionDocument, StoreHow, WorkspaceSessionOptions } from './sessionTypes';

export type { CatalogKnowledge, FileDiagnostics, ScanLimitReached, SessionDocument, WorkspaceSessionOptions } from './sessionTypes';

/** Whether all() lists an entry: files of none of our formats are left out; open documents too large to check are in. */
const listed = (entry: SessionDocument): boolean => formatOf(entry) !== null || tooLargeToCheck(entry);

const OFFLINE: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE };
/** One empty map, so checks kept for parts of open documents see the same definitions from call to call. */
const NO_SERVICE_DEFINITIONS: ReadonlyMap<string, PropertyDefinitionInfo> = new Map();

/**
 * The one workspace session: every metadata file (open documents as the editor has them, the rest
 * as on disk), parsed once per version under the format associations; the definitions they write;
 * and the checks of each file against those definitions plus what the catalog knows. The language
 * server and the CLI both build one, so the editor, Validate Workspace and `cli validate` give the
 * same answer.
 */
export class WorkspaceSession {
  private readonly entries = new Map<string, SessionDocument>();
  private readonly writtenDefinitions = new WorkspaceDefinitions((uri) => this.entries.get(uri)?.model);
  private currentAssociations: Associations = {};
  private currentSeverity: SeverityOverrides;
  private readonly catalog: () => CatalogKnowledge;
  private readonly onSkipped: (message: string) => void;
  private readonly folders = new ScanFolders();
  private readonly stale = new Listeners<void>();
  /** Told whenever the definitions written in the workspace may have changed (read definitions() again to know). */
  readonly onDefinitionsStale: Listen<void> = this.stale.listen;
  /**
   * Told, each time the workspace's definitions are rebuilt, which of them changed since the last
   * rebuild (the language server re-checks only the open documents that read one of them).
   */
  readonly onDefinitionsChanged: Listen<DefinitionChanges> = this.writtenDefinitions.onChanged;
  private readonly documentChanges = new Listeners<string>();
  /**
   * Told the URI of each document stored anew or dropped (as the session reads it: open documents
   * when something asks for them): the pending state (core/pending) updates what that one file
   * adds, instead of reading the whole workspace again.
   */
  readonly onDocumentChanged: Listen<string> = this.documentChanges.listen;
  /** what was stored or dropped, by generation (./documentChangeLog.ts) */
  private readonly changes = new DocumentChangeLog(() => this.entries.size);
  /** open documents being read in slices (./backgroundReads.ts) */
  private readonly reads = new BackgroundReads();
  private readonly coverageChanges = new Listeners<string>();
  /**
   * Told the URI of an open document whose coverage changed: a read in slices started or ended (its
   * diagnostics are then complete), or a document went over or under the limit of open documents.
   */
  readonly onCoverageChanged: Listen<string> = this.coverageChanges.listen;
  private readonly replacedAtRest = new Listeners<string>();
  /** Told the URI of an open document whose analysis after edits differed from a fresh read at rest and was replaced by it (./restCheck.ts): its diagnostics changed. */
  readonly onAnalysisReplaced: Listen<string> = this.replacedAtRest.listen;
  /** open documents edited part by part, compared with a fresh read once they rest (off without options.onRestDifference) */
  private readonly rest: RestCheck;
  /** the records closed files keep (./closedRecords.ts), and the restart cache's */
  private readonly records: ClosedRecords;
  /** the workspace scans: how far they are, the strings they share, the reader, the last run's records (./workspaceScans.ts) */
  private readonly scans: WorkspaceScans;

  constructor(options: WorkspaceSessionOptions = {}) {
    this.catalog = options.catalog ?? (() => OFFLINE);
    this.currentSeverity = options.severity ?? {};
    this.onSkipped = options.onSkipped ?? (() => undefined);
    this.rest = this.restCheck(options);
    this.records = new ClosedRecords({ readAgain: (uri, text) => this.read(uri, text, false, undefined).model, changedOnDisk: (uri) => void this.fileChanged(uri, false) }, options.records, (file, notify) => this.keep(file, notify));
    this.scans = new WorkspaceScans(this.scanSession(), this.records, { ...options, newReader: options.scanReader ?? (() => new InProcessScanReader()) });
  }

  /** The session as its scans read files into it (./workspaceScans.ts). */
  private scanSession(): ScanSession {
    return {
      addFolders: (folders) => folders.forEach((folder) => this.folders.add(folder)),
      associations: () => this.currentAssociations,
      current: (uri) => this.entries.get(uri),
      unreadable: (uri, path, problem) => this.unreadable(uri, path, problem, false),
      storeText: (uri, text, stamp, notify) => this.storeClosed(uri, text, stamp, notify),
      replacing: (uri) => {
        this.reads.stop(uri);
        this.rest.cancel(uri, true);
      },
      readFromDisk: (uri, notify) => this.readFromDisk(uri, notify),
      readAgain: (uri, path) => {
        const read = this.readText(uri, path, true, false);
        if (read) this.storeClosed(uri, read.text, read.stamp, true);
      },
      fileGone: (uri) => void this.fileChanged(uri, true),
      definitionsRead: () => {
        this.writtenDefinitions.rebuild();
        this.stale.tell();
      },
      everyFileRead: () => this.definitionsMayHaveChanged(),
      recordedFiles: () => this.all().filter((entry): entry is RecordedFile => entry instanceof RecordedFile),
    };
  }

  private restCheck(options: WorkspaceSessionOptions): RestCheck {
    const subject = {
      current: (uri: string) => {
        const entry = this.entries.get(uri);
        return entry?.open && !entry.coverage ? entry : undefined;
      },
      diagnostics: (uri: string) => this.diagnosticsOf(uri),
      inputs: () => this.checkInputs(),
      options: () => ({ associations: this.currentAssociations }),
      replace: (uri: string, fresh: DocumentAnalysis) => {
        const entry = this.entries.get(uri);
        if (!entry) return;
        this.keep({ ...entry, model: fresh.model, analysis: fresh }, true);
        this.replacedAtRest.tell(uri);
      },
    };
    return new RestCheck(subject, options.onRestDifference ?? (() => undefined), options.onRestDifference ? options.restMs : -1);
  }

  /** Grows with every document stored or dropped: what is computed from all documents is kept per generation. */
  get generation(): number {
    return this.changes.generation;
  }

  /** The URIs stored or dropped since `generation`, undefined when the session no longer knows (see DocumentChangeLog). */
  changedSince(generation: number): readonly string[] | undefined {
    return this.changes.since(generation);
  }

  /** the user's levels per code (`catalogCode.diagnostics.severity`, the CLI's `--severity`) */
  get severity(): SeverityOverrides {
    return this.currentSeverity;
  }

  /** New levels per code; answers whether anything changed. */
  setSeverity(severity: SeverityOverrides): boolean {
    if (JSON.stringify(severity) === JSON.stringify(this.currentSeverity)) return false;
    this.currentSeverity = severity;
    return true;
  }

  get associations(): Associations {
    return this.currentAssociations;
  }

  /** New associations re-read every file; answers whether anything changed. */
  setAssociations(associations: Associations): boolean {
    if (JSON.stringify(associations) === JSON.stringify(this.currentAssociations)) return false;
    this.currentAssociations = associations;
    this.scans.sharingStrings(() => {
      for (const entry of [...this.entries.values()]) this.store(entry.uri, entry.text, { version: entry.version, open: entry.open, notify: false, slim: entry.slim === true, stamp: entry instanceof RecordedFile ? entry.seen.stamp : undefined });
    });
    this.definitionsMayHaveChanged();
    return true;
  }

  /**
   * An open document brought to the editor's `version` (opened when the session does not hold it
   * open yet), read at most once per version. `edits`, when the editor's edits since the version
   * the session holds are all known, are applied to its analysis: only the changed part is read
   * again (core/incremental). Otherwise the text is read whole.
   */
  updateOpenDocument(uri: string, text: string, version: number, edits?: EditsSince): SessionDocument {
    const existing = this.entries.get(uri);
    if (existing && existing.open && existing.version === version && existing.text === text) return existing;
    const known = edits && existing?.open && existing.version === edits.fromVersion ? edits.edits : undefined;
    // The editor's text is handed in, so the analysis keeps that string rather than a copy of its own.
    const analysis = known && existing?.analysis ? existing.analysis.apply(known, text) : undefined;
    if (!known || !existing || analysis?.text !== text) return this.store(uri, text, { version, open: true });
    const stored = this.store(uri, text, { version, open: true, updated: analysis, lineIndex: existing.lineIndex.afterEdits(known, text) });
    if (analysis.path !== 'full') this.rest.edited(uri, known);
    return stored;
  }

  /** A closed document goes back to what is on disk, which is what the rest of the workspace sees. */
  async closeDocument(uri: string): Promise<void> {
    const entry = this.entries.get(uri);
    if (!entry) return;
    entry.open = false;
    this.readFromDisk(uri);
  }

  /** Sets a file's text as read elsewhere (the CLI reads files itself to report unreadable ones). */
  setFile(uri: string, text: string): SessionDocument {
    return this.store(uri, text, { open: false });
  }

  get(uri: string): SessionDocument | undefined {
    return this.entries.get(uri);
  }

  /** Every metadata document: files of none of our formats are left out; open documents too large to check are in (with one diagnostic saying so). */
  all(): SessionDocument[] {
    return [...this.entries.values()].filter(listed);
  }

  /** The metadata document at `uri` as all() lists it. */
  listed(uri: string): SessionDocument | undefined {
    const entry = this.entries.get(uri);
    return entry && listed(entry) ? entry : undefined;
  }

  /** The files of a DataHub format Catalog Code recognises but does not check (core/formats/unchecked.ts), or a DataHub file that does not parse, sorted by URI: named in diagnostics, never judged or pushed. */
  uncheckedDocuments(): SessionDocument[] {
    return [...this.entries.values()].filter((entry) => formatOf(entry) === null && (entry.model.unchecked !== undefined || entry.model.unparsed !== undefined)).sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  }

  /**
   * Whether a scan has read every file it found (its answers are complete from then on, while the
   * files it kept unread from the last run's records are still being looked at).
   */
  get readOnce(): boolean {
    return this.scans.everRead;
  }

  /** Whether a scan is still reading the workspace's files (an answer about every file would miss some). */
  get scanning(): boolean {
    return this.scans.progress.scanning;
  }

  /**
   * While scans run: how many of the files they found are stored so far (an answer about the whole
   * workspace knows only those); undefined when no scan runs.
   */
  scanProgress(): { stored: number; total: number } | undefined {
    return this.scans.progress.snapshot();
  }

  /** Definitions written in workspace files (properties YAML, MCP JSON); the first one wins. */
  definitions(): ReadonlyMap<string, PropertyDefinitionInfo> {
    // While a scan reads the workspace, checks see the definitions as of its last complete step
    // (none at start-up, and checks stay quiet without any; then those of every file that may write
    // definitions), never a part of a step: a property defined in a file not read yet would be
    // called unknown.
    return this.writtenDefinitions.current(this.scans.progress.scanning);
  }

  /** The definitions every check reads: the service's and the workspace's. */
  definitionsView(catalog: CatalogKnowledge = this.catalog()): DefinitionsView {
    const service = catalog.serviceDefinitions;
    return { service: service ?? NO_SERVICE_DEFINITIONS, workspace: this.definitions(), serviceAvailable: service !== undefined };
  }

  /** Every diagnostic of one document (none for a file of no known format or not in the session); `collapsed`: see documentDiagnostics. */
  diagnosticsOf(uri: string, options: { collapsed?: boolean } = {}): CoreDiagnostic[] {
    const entry = this.entries.get(uri);
    return entry ? documentDiagnostics(entry, { inputs: this.checkInputs(), whole: () => this.fullModel(entry), soFar: () => this.diagnosticsSoFar(entry) }, options.collapsed === true) : [];
  }

  /** The diagnostics of a document being read in slices, for the items read so far (./openInSlices.ts diagnosticsSoFar). */
  private diagnosticsSoFar(entry: SessionDocument): CoreDiagnostic[] {
    return diagnosticsSoFar(entry.uri, entry.text, this.reads.soFar(entry.uri), { associations: this.currentAssociations }, this.checkInputs());
  }

  /** The open documents not (yet) read whole, with what is read of them, sorted by URI. */
  coverage(): { uri: string; coverage: DocumentCoverage; length: number }[] {
    const found: { uri: string; coverage: DocumentCoverage; length: number }[] = [];
    for (const entry of this.entries.values()) if (entry.open && entry.coverage) found.push({ uri: entry.uri, coverage: entry.coverage, length: entry.text.length });
    return found.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  }

  /**
   * A document's diagnostics against other catalog knowledge than the session's own (a push judges
   * files against what the service holds and what the push writes first); the whole document is
   * checked, and nothing the session keeps for its own checks changes.
   */
  diagnosticsUnder(uri: string, catalog: CatalogKnowledge): CoreDiagnostic[] {
    const entry = this.entries.get(uri);
    if (!entry || entry.model.format === null) return [];
    return validateDocument({ model: this.fullModel(entry), text: entry.text, definitions: this.definitionsView(catalog), entities: catalog.entities, target: catalog.target, datahub: catalog.datahub, sql: catalog.sql, severity: this.currentSeverity });
  }

  /** Every metadata file with its diagnostics, and each file of a format not checked with its note, sorted by URI; `uris` narrows the answer to those files. */
  problems(uris?: readonly string[]): FileDiagnostics[] {
    const wanted = uris ? new Set(uris) : undefined;
    const unchecked = this.uncheckedDocuments().filter((document) => !wanted || wanted.has(document.uri));
    const documents = unchecked.length === 0 ? this.metadataDocuments(uris) : [...this.metadataDocuments(uris), ...unchecked].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return documents.map((document) => ({ uri: document.uri, document, diagnostics: this.diagnosticsOf(document.uri) }));
  }

  /** Every metadata document (or only those of `uris`), sorted by URI. */
  metadataDocuments(uris?: readonly string[]): SessionDocument[] {
    const wanted = uris ? new Set(uris) : undefined;
    return this.all()
      .filter((document) => !wanted || wanted.has(document.uri))
      .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  }

  /** Where the workspace declares an entity (see entityDeclarationIn); undefined when no file does. */
  entityDeclaration(urn: string): EntityDeclaration | undefined {
    return entityDeclarationAmong(this.all(), urn);
  }

  /**
   * Reads every metadata file under the folders (open documents keep the editor's text), at most
   * `limit` (told to onScanLimit); answers how many.
   */
  scan(folders: readonly string[], limit?: number): Promise<number> {
    return this.scans.scan(folders, limit);
  }

  /** A closed file's text kept by a scan: from the last run's record when the text is the one it was made from (./closedRecords.ts restoreRead), else read. */
  private storeClosed(uri: string, text: string, stamp: DiskStamp | undefined, notify: boolean): void {
    if (!this.records.restoreRead(uri, text, stamp)) this.store(uri, text, { open: false, notify, slim: true, stamp });
  }

  /** A workspace folder was removed: its files (unless open) no longer count. */
  forgetFolder(folderUri: string): void {
    const prefix = folderUri.endsWith('/') ? folderUri : `${folderUri}/`;
    this.folders.forgetUnder(prefix);
    let removed = false;
    for (const [uri, entry] of this.entries) {
      if (!entry.open && uri.startsWith(prefix)) removed = this.drop(uri) || removed;
    }
    if (removed) this.definitionsMayHaveChanged();
  }

  /** A file changed, appeared or disappeared on disk (open documents keep the editor's text). */
  async fileChanged(uri: string, deleted: boolean): Promise<void> {
    if (this.entries.get(uri)?.open) return;
    if (deleted) {
      this.scans.progress.changed(uri);
      if (this.drop(uri)) this.definitionsMayHaveChanged();
      return;
    }
    if (isMetadataFileName(uri)) this.readFromDisk(uri);
  }

  /**
   * A file as on disk, read synchronously (by the one bounded reader: regular files of at most
   * MAX_FILE_BYTES): metadata files are small, and the promise-based open/stat/read/close of each
   * cost more main-thread time than reading it (a third of a 20,000-file scan; bench case
   * workspaceScale). A file that cannot be read, or a link leading out of the scanned folders, is
   * left out of the workspace.
   */
  private readFromDisk(uri: string, notify = true): void {
    this.scans.progress.changed(uri);
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      // No disk behind it (an untitled document closed): gone, and its definitions with it.
      return this.unreadable(uri, uri, UNREADABLE, notify);
    }
    const read = this.readText(uri, path, notify, true);
    if (read !== undefined) this.store(uri, read.text, { open: false, notify, slim: true, stamp: read.stamp });
  }

  /**
   * A file's text as on disk, or undefined when it cannot be read (it is then dropped from the
   * session); `checkLink`: whether to check that a link leads inside the scanned folders (a walk
   * has checked that already).
   */
  private readText(uri: string, path: string, notify: boolean, checkLink: boolean): { text: string; stamp?: DiskStamp } | undefined {
    const outside = checkLink ? this.folders.linkLeadingOut(path) : undefined;
    const read = outside ? { problem: outside } : readMetadataFileSync(path, MAX_FILE_BYTES);
    if (!('problem' in read)) return read;
    this.unreadable(uri, path, read.problem, notify);
    return undefined;
  }

  /** A file that cannot be read: said (unless it could not be opened at all) and dropped from the session. */
  private unreadable(uri: string, path: string, problem: string, notify: boolean): void {
    if (!problem.startsWith(UNREADABLE)) this.onSkipped(`Skipped '${path}': it ${problem}.`);
    if (this.drop(uri) && notify) this.definitionsMayHaveChanged();
  }

  /** Keeps `text` as the session's copy of `uri`, read as `how` says (see StoreHow). */
  private store(uri: string, text: string, how: StoreHow): SessionDocument {
    const { version, open, notify = true, updated, lineIndex, slim = false, stamp } = how;
    this.reads.stop(uri);
    // Read whole: nothing to compare at rest (an analysis after edits is compared once it rests, see updateOpenDocument).
    this.rest.cancel(uri, !updated || updated.path === 'full');
    if (open && !updated && text.length >= SLICED_READ_FROM_CHARS) return this.readInSlices(uri, text, version, notify);
    const unchecked = open && isTooLargeToCheck(text);
    const { model: read, analysis } = unchecked ? { model: uncheckedModel(uri), analysis: undefined } : this.read(uri, text, open, updated, slim && !open);
    // An unchecked document's index is never asked for a position past its first line: not built per keystroke.
    const index = lineIndex ?? (unchecked ? new LineIndex(text, [0]) : new LineIndex(text));
    if (slim && !open && stamp && keepsMentionsOnly(read, this.writtenDefinitions)) return this.records.keepFromModel(uri, text, stamp, read, this.scans.strings, notify);
    const model = slim && !open ? slimModel(read, this.scans.strings) : read;
    const kept: SessionDocument = { uri, text, model, lineIndex: index, version, open, ...(analysis ? { analysis } : {}), ...(unchecked ? { coverage: { state: 'unchecked' } } : {}) };
    if (model !== read) kept.slim = true;
    return this.keep(kept, notify);
  }

  /** What the records of closed files keep for an index besides their mentions (./recordDerivations.ts); registered by the index's owner, before the scan. */
  get recordDerivations(): RecordDerivations {
    return this.records.derivations;
  }

  /** A document's whole model: a slim one (./slimModel.ts) is read again from its text, for the checks of the file itself. */
  private fullModel(entry: SessionDocument): DocumentModel {
    if (entry instanceof RecordedFile) return entry.model;
    return entry.slim ? this.read(entry.uri, entry.text, false, undefined).model : entry.model;
  }

  /**
   * An open document long enough to be read in slices: its first slice now (its first items are
   * checked with the first answer), the rest between other work (./backgroundReads.ts); when the
   * read ends, the document is stored as read and onCoverageChanged told.
   */
  private readInSlices(uri: string, text: string, version: number | undefined, notify: boolean): SessionDocument {
    const options = { associations: this.currentAssociations };
    const read = slicedReadOf(uri, text, options, MAX_OPEN_DOCUMENT_CHARS);
    const outcome = read.step(FIRST_SLICE_MS);
    if (outcome) return this.keepRead(uri, text, version, outcome, undefined, notify);
    // Over the limit, only the lines of the part that can be read are ever asked (the 20 MB rest is not scanned).
    const lineIndex = LineIndex.later(text, isTooLargeToCheck(text) ? MAX_OPEN_DOCUMENT_CHARS : undefined);
    const entry = this.keep({ uri, text, model: uncheckedModel(uri), lineIndex, version, open: true, coverage: { state: 'reading' } }, notify);
    const work = new OpenInSlices(read, options, () => this.checkInputs());
    this.reads.start(uri, work, () => {
      const result = work.result;
      if (result && this.entries.get(uri) === entry) this.keepRead(uri, text, version, result.outcome, result.analysis, true, lineIndex);
    });
    return entry;
  }

  /** What every check of a document reads besides the document: definitions, what the catalog knows, the user's levels. */
  private checkInputs(): CheckInputs {
    const catalog = this.catalog();
    return { definitions: this.definitionsView(catalog), entities: catalog.entities, target: catalog.target, datahub: catalog.datahub, sql: catalog.sql, severity: this.currentSeverity };
  }

  /** What a read in slices found, kept (./openInSlices.ts entryOfRead). */
  private keepRead(uri: string, text: string, version: number | undefined, outcome: SlicedOutcome, checked: DocumentAnalysis | undefined, notify: boolean, lineIndex?: LineIndex): SessionDocument {
    const read = (whole: string) => this.read(uri, whole, true, undefined);
    return this.keep(entryOfRead({ uri, text, version, lineIndex }, outcome, checked, { associations: this.currentAssociations }, read), notify);
  }

  /** Stores an entry and tells whoever follows what changed with it (documents, definitions, coverage). */
  private keep(entry: SessionDocument, notify: boolean): SessionDocument {
    const { uri } = entry;
    const before = this.entries.get(uri);
    this.entries.set(uri, entry);
    this.changes.changed(uri);
    this.documentChanges.tell(uri);
    // A file restored from its record writes no definitions (none that does is recorded) and is not read for it.
    const model = entry instanceof RecordedFile ? entry.holding() : entry.model;
    if ((model ? this.writtenDefinitions.stored(uri, model) : this.writtenDefinitions.storedNone(uri)) && notify) this.stale.tell();
    if (JSON.stringify(before?.open ? before.coverage : undefined) !== JSON.stringify(entry.open ? entry.coverage : undefined)) this.coverageChanges.tell(uri);
    return entry;
  }

  /** A file's model; open documents also keep what the next edits are applied to. */
  private read(uri: string, text: string, open: boolean, updated: DocumentAnalysis | undefined, acrossFilesOnly = false): { model: DocumentModel; analysis: DocumentAnalysis | undefined } {
    try {
      const analysis = updated ?? (open ? DocumentAnalysis.read(uri, text, { associations: this.currentAssociations }) : undefined);
      return { model: analysis ? analysis.model : readDocument(uri, text, { associations: this.currentAssociations, acrossFilesOnly }), analysis };
    } catch {
      // A file the adapters cannot read at all is treated like a file of no known format.
      return { model: uncheckedModel(uri), analysis: undefined };
    }
  }

  /** Drops a document from the session; answers whether it was there. */
  private drop(uri: string): boolean {
    this.reads.stop(uri);
    this.rest.cancel(uri);
    const before = this.entries.get(uri);
    if (!this.entries.delete(uri)) return false;
    if (before?.open && before.coverage) this.coverageChanges.tell(uri);
    this.changes.changed(uri);
    this.documentChanges.tell(uri);
    return true;
  }

  private definitionsMayHaveChanged(): void {
    this.writtenDefinitions.invalidate();
    this.stale.tell();
  }
}
