import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAssociations, type Associations } from '../core/formats/associations';
import type { DocumentModel } from '../core/model/facts';
import { MAX_CLI_FILE_BYTES, PathError, walkMetadataFiles } from '../core/workspace/metadataFiles';
import { readMetadataFileSync } from '../core/files/readFile';
import { WorkspaceSession } from '../core/workspace/session';
import type { CliIo } from './io';
import { toFileDiagnostics, type FileDiagnostic } from './report';

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
}

/**
 * The metadata files under `paths`, read into a workspace session; files that are not one of our
 * formats are left out. A number is the exit code of a problem already told: 2 for a path that
 * does not exist or a mistyped CATALOG_CODE_ASSOCIATIONS, 1 for an unreadable file when
 * `stopOnUnreadable` is set.
 */
export function loadMetadataDocuments(paths: readonly string[], io: CliIo, options: { stopOnUnreadable?: boolean } = {}): LoadedWorkspace | number {
  const associations = loadAssociations(io);
  if (typeof associations === 'number') return associations;
  let files: string[];
  try {
    const walk = walkMetadataFiles(paths);
    for (const { path, problem } of walk.skipped) io.stderr(`Skipped '${path}': it ${problem}.`);
    files = walk.files;
  } catch (error) {
    if (error instanceof PathError) {
      io.stderr(error.message);
      return 2;
    }
    throw error;
  }
  const session = new WorkspaceSession();
  session.setAssociations(associations);
  const documents: LoadedDocument[] = [];
  for (const file of files) {
    // The one bounded reader: regular files only, at most MAX_CLI_FILE_BYTES.
    const read = readMetadataFileSync(file, MAX_CLI_FILE_BYTES);
    if ('problem' in read) {
      io.stderr(`Cannot read '${file}': it ${read.problem}.`);
      // A push must not go ahead without a file the user meant to send.
      if (options.stopOnUnreadable) return 1;
      continue;
    }
    const text = read.text;
    const uri = pathToFileURL(resolve(file)).toString();
    const { model } = session.setFile(uri, text);
    if (model.format !== null) documents.push({ file, uri, text, model });
  }
  return { session, documents };
}

/** Every diagnostic of the documents, each file checked against the definitions of all of them and what the session's catalog knows. */
export function validateAll({ session, documents }: LoadedWorkspace): FileDiagnostic[] {
  // The session's line index of the same text: a large file's is not built twice.
  return documents.flatMap(({ file, uri, text }) => toFileDiagnostics(file, text, session.diagnosticsOf(uri), session.get(uri)?.lineIndex));
}

/**
 * The same glob → format setting the editor reads, from `CATALOG_CODE_ASSOCIATIONS` (JSON), for
 * terminals and CI. A mistyped format name stops the run (exit 2) rather than silently skipping files.
 */
export function loadAssociations(io: CliIo): Associations | number {
  const raw = process.env.CATALOG_CODE_ASSOCIATIONS;
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    io.stderr(`CATALOG_CODE_ASSOCIATIONS is not JSON (${error instanceof Error ? error.message : String(error)}); write it like {"lineage/**/*.yml": "lineageFile"}.`);
    return 2;
  }
  const { associations, problems } = parseAssociations(value, 'CATALOG_CODE_ASSOCIATIONS');
  if (problems.length > 0) {
    for (const problem of problems) io.stderr(problem);
    io.stderr('Nothing was checked: fix CATALOG_CODE_ASSOCIATIONS and run again.');
    return 2;
  }
  return associations;
}
