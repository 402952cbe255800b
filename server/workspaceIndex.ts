import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { definitionsFromModel } from '../core/definitions/fromFacts';
import type { PropertyDefinitionInfo } from '../core/definitions/types';
import type { WorkspaceDocument } from '../core/features/workspace';
import { readDocument, type Associations } from '../core/formats';
import { DocumentAnalysis, type TextEdit } from '../core/incremental/documentAnalysis';
import type { DocumentModel } from '../core/model/facts';
import { LineIndex } from '../core/model/range';

const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'out', '.catalog', '.vscode-test', '.venv', 'venv', '__pycache__', 'target', 'build']);
const EXTENSIONS = /\.(ya?ml|json)$/i;
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

interface Entry extends WorkspaceDocument {
  /** the editor's version for open documents; undefined for files read from disk */
  version: number | undefined;
  open: boolean;
  /** open documents: what the next edits are applied to (core/incremental) */
  analysis?: DocumentAnalysis;
}

/**
 * Every metadata file of the workspace, parsed once per version: open documents as the editor
 * has them, the rest as they are on disk. Holds the DocumentModel cache the handlers read, and
 * derives the workspace definitions, references and URNs from it.
 */
export class WorkspaceIndex {
  private readonly entries = new Map<string, Entry>();
  private workspaceDefinitions: Map<string, PropertyDefinitionInfo> | undefined;
  associations: Associations = {};

  /** Called whenever the workspace definitions may have changed. */
  constructor(private readonly onDefinitionsChanged: () => void) {}

  /** The model of an open document at `version`, parsed at most once per version. */
  openDocument(uri: string, text: string, version: number, editsSince?: (version: number) => TextEdit[] | undefined): Entry {
    const existing = this.entries.get(uri);
    if (existing && existing.open && existing.version === version && existing.text === text) return existing;
    // Incremental sync: the edits since the analysed version, applied to it (only the changed part is read again).
    const edits = existing?.open && existing.analysis && existing.version !== undefined ? editsSince?.(existing.version) : undefined;
    const analysis = edits && existing?.analysis ? existing.analysis.apply(edits) : undefined;
    return this.store(uri, text, version, true, true, analysis?.text === text ? analysis : undefined);
  }

  closeDocument(uri: string): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    // Back to the file on disk, which is what the rest of the workspace sees.
    void this.readFromDisk(uri);
  }

  get(uri: string): WorkspaceDocument | undefined {
    return this.entries.get(uri);
  }

  all(): WorkspaceDocument[] {
    return [...this.entries.values()].filter((entry) => entry.model.format !== null);
  }

  /** Definitions written in workspace files (properties YAML, MCP JSON), first one wins. */
  definitions(): ReadonlyMap<string, PropertyDefinitionInfo> {
    if (!this.workspaceDefinitions) {
      const map = new Map<string, PropertyDefinitionInfo>();
      for (const entry of this.entries.values()) {
        if (entry.model.format === null) continue;
        for (const info of definitionsFromModel(entry.model)) if (!map.has(info.urn)) map.set(info.urn, info);
      }
      this.workspaceDefinitions = map;
    }
    return this.workspaceDefinitions;
  }

  /** Re-parses everything (after the format associations changed). */
  reparseAll(): void {
    for (const entry of [...this.entries.values()]) this.store(entry.uri, entry.text, entry.version, entry.open);
  }

  /** Reads every YAML/JSON file under the folders; open documents keep their editor text. */
  async scan(folders: readonly string[]): Promise<number> {
    const files: string[] = [];
    for (const folder of folders) await collect(folder, files);
    for (const file of files) {
      const uri = pathToFileURL(file).toString();
      if (this.entries.get(uri)?.open) continue;
      await this.readFromDisk(uri, false);
    }
    this.definitionsMayHaveChanged();
    return files.length;
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

  /** A watched file changed or was created/deleted on disk. */
  async fileChanged(uri: string, deleted: boolean): Promise<void> {
    if (this.entries.get(uri)?.open) return;
    if (deleted) {
      if (this.entries.delete(uri)) this.definitionsMayHaveChanged();
      return;
    }
    if (EXTENSIONS.test(uri)) await this.readFromDisk(uri);
  }

  private async readFromDisk(uri: string, notify = true): Promise<void> {
    let text: string;
    try {
      const path = fileURLToPath(uri);
      const info = await stat(path);
      if (info.size > MAX_FILE_BYTES) return;
      text = await readFile(path, 'utf8');
    } catch {
      if (this.entries.delete(uri) && notify) this.definitionsMayHaveChanged();
      return;
    }
    this.store(uri, text, undefined, false, notify);
  }

  private store(uri: string, text: string, version: number | undefined, open: boolean, notify = true, updated?: DocumentAnalysis): Entry {
    let model: DocumentModel;
    let analysis: DocumentAnalysis | undefined = updated;
    try {
      if (open) analysis ??= DocumentAnalysis.read(uri, text, { associations: this.associations });
      model = analysis ? analysis.model : readDocument(uri, text, { associations: this.associations });
    } catch {
      // A file the adapters cannot read at all is treated like a file of no known format.
      model = { uri, format: null, detectedBy: 'none', facts: [], parseProblems: [] };
      analysis = undefined;
    }
    const previous = this.entries.get(uri);
    const entry: Entry = { uri, text, model, lineIndex: new LineIndex(text), version, open, ...(analysis ? { analysis } : {}) };
    this.entries.set(uri, entry);
    const hadDefinitions = previous ? hasDefinitions(previous.model) : false;
    if (hadDefinitions || hasDefinitions(model)) {
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

function hasDefinitions(model: DocumentModel): boolean {
  return model.facts.some((fact) => fact.kind === 'propertyDefinition' || (fact.kind === 'statusChange' && fact.entity.value.startsWith('urn:li:structuredProperty:')));
}

async function collect(folder: string, out: string[]): Promise<void> {
  if (out.length >= MAX_FILES) return;
  let names: import('node:fs').Dirent[];
  try {
    names = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const dirent of names) {
    if (out.length >= MAX_FILES) return;
    const path = join(folder, dirent.name);
    if (dirent.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(dirent.name) && !dirent.name.startsWith('.')) await collect(path, out);
    } else if (dirent.isFile() && EXTENSIONS.test(dirent.name) && !/^(package(-lock)?|tsconfig.*)\.json$/.test(dirent.name)) {
      out.push(path);
    }
  }
}
