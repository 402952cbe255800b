import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentModel } from '../core/model/facts';
import { MAX_CLI_FILE_BYTES, PathError, walkMetadataFiles } from '../core/workspace/metadataFiles';
import { readMetadataFileSync } from '../core/files/readFile';
import { WorkspaceSession, type CatalogKnowledge } from '../core/workspace/session';
import type { CliIo } from './io';
import { toFileDiagnostics, type FileDiagnostic } from './report';
import { exitWith, proceed, type OrExit } from './exit';
import { loadCliSettings } from './settings';

export interface LoadedDocument {
  file: string;
  uri: string;
  text: string;
  model: DocumentModel;
}

/** The files of one CLI run, in the same workspace session the language server builds. */
export interface LoadedWorkspace {
  session: WorkspaceSession;
  /** the metadata documents, in the order the paths were walked */
  documents: LoadedDocument[];
  /** files of a DataHub format Catalog Code recognises but does not check (core/formats/unchecked.ts): named, never judged */
  unchecked: LoadedDocument[];
  /** `catalogCode.datahub.version` from the workspace's settings file (`auto` when unset) */
  datahubVersion: string;
}

/**
 * The metadata files under `paths`, read into a workspace session; files that are not one of our
 * formats are left out. The session applies the workspace's settings as the editor does
 * (associations and severities, see settings.ts). `exit` is the exit code of a problem already
 * told: 2 for a path that does not exist or a setting that stops the run, 1 for an unreadable file
 * when `stopOnUnreadable` is set.
 */
export function loadMetadataDocuments(paths: readonly string[], io: CliIo, options: { stopOnUnreadable?: boolean; severityFlags?: readonly string[]; settingsFile?: string; catalog?: () => CatalogKnowledge } = {}): OrExit<LoadedWorkspace> {
  const loaded = loadCliSettings(io, { severityFlags: options.severityFlags, settingsFile: options.settingsFile });
  if (!loaded.ok) return loaded;
  const settings = loaded.value;
  let files: string[];
  try {
    const walk = walkMetadataFiles(paths);
    for (const { path, problem } of walk.skipped) io.stderr(`Skipped '${path}': it ${problem}.`);
    files = walk.files;
  } catch (error) {
    if (error instanceof PathError) {
      io.stderr(error.message);
      return exitWith(2);
    }
    throw error;
  }
  const session = new WorkspaceSession({ catalog: options.catalog, severity: settings.severity });
  session.setAssociations(settings.associations);
  const documents: LoadedDocument[] = [];
  const unchecked: LoadedDocument[] = [];
  for (const file of files) {
    // The one bounded reader: regular files only, at most MAX_CLI_FILE_BYTES.
    const read = readMetadataFileSync(file, MAX_CLI_FILE_BYTES);
    if ('problem' in read) {
      io.stderr(`Cannot read '${file}': it ${read.problem}.`);
      // A push must not go ahead without a file the user meant to send.
      if (options.stopOnUnreadable) return exitWith(1);
      continue;
    }
    addDocument(session, { file, uri: pathToFileURL(resolve(file)).toString(), text: read.text }, { documents, unchecked });
  }
  return proceed({ session, documents, unchecked, datahubVersion: settings.datahubVersion });
}

/** A file's text read into the session: kept as a metadata document, a named DataHub file Catalog Code does not check (or one that does not parse), or neither. */
export function addDocument(session: WorkspaceSession, file: { file: string; uri: string; text: string }, into: { documents: LoadedDocument[]; unchecked: LoadedDocument[] }): void {
  const { model } = session.setFile(file.uri, file.text);
  if (model.format !== null) into.documents.push({ ...file, model });
  else if (model.unchecked || model.unparsed) into.unchecked.push({ ...file, model });
}

/** Every diagnostic of the documents, each file checked against the definitions of all of them and what the session's catalog knows. */
export function validateAll({ session, documents, unchecked }: LoadedWorkspace): FileDiagnostic[] {
  // The session's line index of the same text: a large file's is not built twice.
  return [...documents, ...unchecked].flatMap(({ file, uri, text }) => toFileDiagnostics(file, text, session.diagnosticsOf(uri), session.get(uri)?.lineIndex));
}
