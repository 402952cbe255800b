import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { definitionsFromModel } from '../definitions/fromFacts';
import { UNKNOWN_EXISTENCE, type DefinitionsView, type EntityExistenceView, type PropertyDefinitionInfo } from '../definitions/types';
import type { WorkspaceDocument } from '../features/workspace';
import { readDocument, type Associations } from '../formats';
import { validateParts } from '../incremental/checkParts';
import { DocumentAnalysis, type TextEdit } from '../incremental/documentAnalysis';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { LineIndex } from '../model/range';
import type { SeverityOverrides } from '../diagnostics/severityOverrides';
import type { ServiceTarget } from '../rules/target';
import { validateDocument } from '../validate';
import { definitionChanges, hasDefinitionChanges, type DefinitionChanges } from './definitionChanges';
import { entityDeclarationIn, type EntityDeclaration } from './entityDeclaration';
import { MAX_FILE_BYTES, collectMetadataFiles, isMetadataFileName, mayWriteDefinitions } from './metadataFiles';

/** What the catalog service told us, as far as checks need it; the CLI fetches it once, the server keeps it fresh. */
export interface CatalogKnowledge {
  /** the service's definitions (live or cached); undefined when there is no service */
  serviceDefinitions?: ReadonlyMap<string, PropertyDefinitionInfo>;
  /** which entities exist; unknown (quiet) without a service that answered */
  entities: EntityExistenceView;
  /** the kind of service the files are written for (default offline: messages say what DataHub does) */
  target?: ServiceTarget;
}

export interface SessionDocument extends WorkspaceDocument {
  /** the editor's version for open documents; undefined for files read from disk */
  version: number | undefined;
  open: boolean;
  /** open documents: what the next edits are applied to (core/incremental) */
  analysis?: DocumentAnalysis;
}

export interface FileDiagnostics {
  uri: string;
  document: SessionDocument;
  diagnostics: CoreDiagnostic[];
}

/** How long the workspace scan reads before it lets other work run. */
const SCAN_SLICE_MS = 8;

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
  private workspaceDefinitions: Map<string, PropertyDefinitionInfo> | undefined;
  /** scans still reading the workspace (see definitions()) */
  private scansInProgress = 0;
  /** the files whose models write definitions (kept by store(); files gone since are dropped when read) */
  private readonly definitionWriters = new Set<string>();
  private currentAssociations: Associations = {};
  /** the user's levels per code (`catalogCode.diagnostics.severity`, the CLI's `--severity`) */
  severity: SeverityOverrides = {};
  /** what the catalog knows; replaced by the owner (server: live, CLI: fetched once) */
  catalog: () => CatalogKnowledge = () => OFFLINE;

  /** `onDefinitionsChanged` runs whenever the definitions written in the workspace may have changed. */
  constructor(private readonly onDefinitionsChanged: () => void = () => undefined) {}

  get associations(): Associations {
    return this.currentAssociations;
  }

  /** New associations re-read every file; answers whether anything changed. */
  setAssociations(associations: Associations): boolean {
    if (JSON.stringify(associations) === JSON.stringify(this.currentAssociations)) return false;
    this.currentAssociations = associations;
    for (const entry of [...this.entries.values()]) this.store(entry.uri, entry.text, entry.version, entry.open, false);
    this.definitionsMayHaveChanged();
    return true;
  }

  /**
   * Incremental sync: the editor's edits of an open document from one version to another, in
   * offsets (the language server records them); undefined when they are not all known.
   */
  editSource: ((uri: string, fromVersion: number, toVersion: number) => TextEdit[] | undefined) | undefined;

  /** The model of an open document at `version`, parsed at most once per version. */
  openDocument(uri: string, text: string, version: number): SessionDocument {
    const existing = this.entries.get(uri);
    if (existing && existing.open && existing.version === version && existing.text === text) return existing;
    // The edits since the analysed version, applied to it: only the changed part is read again (core/incremental).
    const edits = existing?.open && existing.analysis && existing.version !== undefined ? this.editSource?.(uri, existing.version, version) : undefined;
    const analysis = edits && existing?.analysis ? existing.analysis.apply(edits) : undefined;
    if (!edits || !existing || analysis?.text !== text) return this.store(uri, text, version, true, true);
    return this.store(uri, text, version, true, true, analysis, existing.lineIndex.afterEdits(edits, text));
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
    return this.store(uri, text, undefined, false);
  }

  get(uri: string): SessionDocument | undefined {
    return this.entries.get(uri);
  }

  /** Every metadata document: files of none of our formats are left out. */
  all(): SessionDocument[] {
    return [...this.entries.values()].filter((entry) => entry.model.format !== null);
  }

  /** Definitions written in workspace files (properties YAML, MCP JSON); the first one wins. */
  definitions(): ReadonlyMap<string, PropertyDefinitionInfo> {
    // While a scan reads the workspace, checks see the definitions as of its last complete step
    // (none at start-up, and checks stay quiet without any; then those of every file that may write
    // definitions), never a part of a step: a property defined in a file not read yet would be
    // called unknown.
    if (!this.workspaceDefinitions && this.scansInProgress > 0) return this.lastDefinitions;
    return this.workspaceDefinitions ?? this.rebuildDefinitions();
  }

  private rebuildDefinitions(): ReadonlyMap<string, PropertyDefinitionInfo> {
    const map = new Map<string, PropertyDefinitionInfo>();
    // Only the files that write definitions are visited, not the whole workspace.
    const writers: SessionDocument[] = [];
    for (const uri of this.definitionWriters) {
      const entry = this.entries.get(uri);
      if (!entry) this.definitionWriters.delete(uri);
      else if (entry.model.format !== null && this.definitionsWrittenBy(entry.model).length > 0) writers.push(entry);
    }
    for (const entry of writers.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))) {
      for (const info of this.definitionsWrittenBy(entry.model)) if (!map.has(info.urn)) map.set(info.urn, info);
    }
    this.workspaceDefinitions = map;
    this.compareWithLastDefinitions(map);
    return map;
  }

  /**
   * Told, each time the workspace's definitions are rebuilt, which of them changed since the last
   * rebuild (the language server re-checks only the open documents that read one of them).
   */
  onDefinitionChanges: ((changes: DefinitionChanges) => void) | undefined;
  /** the definitions as last rebuilt, to compare the next rebuild with */
  private lastDefinitions: ReadonlyMap<string, PropertyDefinitionInfo> = new Map();

  /**
   * The definitions one model writes, read once per model: a rebuild after one file changed reads
   * that file's facts only, not every file's (20,000 files: ~50 ms → a few), and unchanged files
   * give the same objects, which the comparison skips. Models are values (core/incremental makes
   * a new one per edit); the facts list is checked too, in case one is ever updated in place.
   */
  private readonly definitionsByModel = new WeakMap<DocumentModel, { facts: readonly unknown[]; count: number; infos: PropertyDefinitionInfo[] }>();

  private definitionsWrittenBy(model: DocumentModel): PropertyDefinitionInfo[] {
    const known = this.definitionsByModel.get(model);
    if (known && known.facts === model.facts && known.count === model.facts.length) return known.infos;
    const infos = definitionsFromModel(model);
    this.definitionsByModel.set(model, { facts: model.facts, count: model.facts.length, infos });
    return infos;
  }

  private compareWithLastDefinitions(rebuilt: ReadonlyMap<string, PropertyDefinitionInfo>): void {
    const before = this.lastDefinitions;
    this.lastDefinitions = rebuilt;
    if (!this.onDefinitionChanges) return;
    const changes = definitionChanges(before, rebuilt);
    if (hasDefinitionChanges(changes)) this.onDefinitionChanges(changes);
  }

  /** The definitions every check reads: the service's and the workspace's. */
  definitionsView(): DefinitionsView {
    const service = this.catalog().serviceDefinitions;
    return { service: service ?? NO_SERVICE_DEFINITIONS, workspace: this.definitions(), serviceAvailable: service !== undefined };
  }

  /** Every diagnostic of one document (none for a file of no known format or not in the session). */
  diagnosticsOf(uri: string): CoreDiagnostic[] {
    const entry = this.entries.get(uri);
    if (!entry) return [];
    const catalog = this.catalog();
    const input = { model: entry.model, text: entry.text, definitions: this.definitionsView(), entities: catalog.entities, target: catalog.target, severity: this.severity };
    // An open document kept in parts checks again only the parts an edit changed (core/incremental/checkParts.ts).
    const analysis = entry.analysis?.model === entry.model ? entry.analysis : undefined;
    const parts = analysis?.parts;
    return parts ? validateParts({ ...input, parts, cache: analysis?.cache, repeats: analysis?.repeats }) : validateDocument(input);
  }

  /** Every metadata file with its diagnostics, sorted by URI; `uris` narrows the answer to those files. */
  problems(uris?: readonly string[]): FileDiagnostics[] {
    const wanted = uris ? new Set(uris) : undefined;
    return this.all()
      .filter((document) => !wanted || wanted.has(document.uri))
      .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0))
      .map((document) => ({ uri: document.uri, document, diagnostics: this.diagnosticsOf(document.uri) }));
  }

  /** Where the workspace declares an entity (see entityDeclarationIn); undefined when no file does. */
  entityDeclaration(urn: string): EntityDeclaration | undefined {
    let fallback: EntityDeclaration | undefined;
    for (const document of this.all().sort((a, b) => (a.uri < b.uri ? -1 : 1))) {
      const found = entityDeclarationIn(document, urn);
      if (found?.exact) return found;
      fallback ??= found;
    }
    return fallback;
  }

  /** Reads every metadata file under the folders (open documents keep the editor's text); answers how many. */
  async scan(folders: readonly string[], limit?: number): Promise<number> {
    const files = collectMetadataFiles(folders.filter((folder) => folder.length > 0), limit);
    // Files that may write definitions are read first and the checks told at once: an open file's
    // property diagnostics are then complete long before the rest of a large workspace is read.
    const early = files.filter(mayWriteDefinitions);
    const late = files.filter((file) => !mayWriteDefinitions(file));
    this.scansInProgress++;
    try {
      await this.readAll(early);
      if (early.length > 0) {
        this.rebuildDefinitions();
        this.onDefinitionsChanged();
      }
      await this.readAll(late);
    } finally {
      this.scansInProgress--;
    }
    this.definitionsMayHaveChanged();
    return files.length;
  }

  /**
   * Reads the files (each synchronously, see readFromDisk) in slices of a few milliseconds and
   * lets other work (an editor's request) run between slices.
   */
  private async readAll(files: readonly string[]): Promise<void> {
    let sliceStart = performance.now();
    for (const file of files) {
      const uri = pathToFileURL(file).toString();
      if (!this.entries.get(uri)?.open) this.readFromDisk(uri, false);
      if (performance.now() - sliceStart >= SCAN_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
    }
  }

  /** A workspace folder was removed: its files (unless open) no longer count. */
  forgetFolder(folderUri: string): void {
    const prefix = folderUri.endsWith('/') ? folderUri : `${folderUri}/`;
    let removed = false;
    for (const [uri, entry] of this.entries) {
      if (!entry.open && uri.startsWith(prefix)) removed = this.entries.delete(uri) || removed;
    }
    if (removed) this.definitionsMayHaveChanged();
  }

  /** A file changed, appeared or disappeared on disk (open documents keep the editor's text). */
  async fileChanged(uri: string, deleted: boolean): Promise<void> {
    if (this.entries.get(uri)?.open) return;
    if (deleted) {
      if (this.entries.delete(uri)) this.definitionsMayHaveChanged();
      return;
    }
    if (isMetadataFileName(uri)) this.readFromDisk(uri);
  }

  /**
   * A file as on disk, read synchronously: metadata files are small (at most MAX_FILE_BYTES), and
   * the promise-based open/stat/read/close of each cost more main-thread time than reading it (a
   * third of a 20,000-file scan; bench case workspaceScale).
   */
  private readFromDisk(uri: string, notify = true): void {
    let text: string;
    try {
      const path = fileURLToPath(uri);
      if (statSync(path).size > MAX_FILE_BYTES) return;
      text = readFileSync(path, 'utf8');
    } catch {
      if (this.entries.delete(uri) && notify) this.definitionsMayHaveChanged();
      return;
    }
    this.store(uri, text, undefined, false, notify);
  }

  private store(uri: string, text: string, version: number | undefined, open: boolean, notify = true, updated?: DocumentAnalysis, lineIndex?: LineIndex): SessionDocument {
    let model: DocumentModel;
    let analysis = updated;
    try {
      // Open documents keep what the next edits are applied to.
      if (open) analysis ??= DocumentAnalysis.read(uri, text, { associations: this.currentAssociations });
      model = analysis ? analysis.model : readDocument(uri, text, { associations: this.currentAssociations });
    } catch {
      // A file the adapters cannot read at all is treated like a file of no known format.
      model = { uri, format: null, detectedBy: 'none', facts: [], parseProblems: [] };
      analysis = undefined;
    }
    const entry: SessionDocument = { uri, text, model, lineIndex: lineIndex ?? new LineIndex(text), version, open, ...(analysis ? { analysis } : {}) };
    this.entries.set(uri, entry);
    const wrote = this.definitionWriters.has(uri);
    // The same test the rebuild makes (definitionsWrittenBy keeps its answer per model for it).
    const writes = model.format !== null && this.definitionsWrittenBy(model).length > 0;
    if (writes) this.definitionWriters.add(uri);
    else this.definitionWriters.delete(uri);
    if (wrote || writes) {
      this.workspaceDefinitions = undefined;
      if (notify) this.onDefinitionsChanged();
    }
    return entry;
  }

  private definitionsMayHaveChanged(): void {
    this.workspaceDefinitions = undefined;
    this.onDefinitionsChanged();
  }
}
