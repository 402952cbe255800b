import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readDocument } from '../core/formats';
import type { DocumentModel, FormatId } from '../core/model/facts';
import { validateDocument } from '../core/validate';
import type { DefinitionsView, EntityExistenceView } from '../core/definitions/types';
import { PathError, collectMetadataFiles } from './files';
import type { CliIo } from './io';
import type { SeverityOverrides } from '../core/diagnostics/severityOverrides';
import type { ServiceTarget } from '../core/rules/target';
import { toFileDiagnostics, type FileDiagnostic } from './report';
import { definitionsView, workspaceDefinitions } from './validationContext';

export interface LoadedDocument {
  file: string;
  text: string;
  model: DocumentModel;
}

/**
 * The metadata files under `paths`, read into models; files that are not one of our formats are
 * left out. A number is the exit code of a problem already told: 2 for a path that does not exist,
 * 1 for an unreadable file when `stopOnUnreadable` is set.
 */
export function loadMetadataDocuments(paths: readonly string[], io: CliIo, options: { stopOnUnreadable?: boolean } = {}): LoadedDocument[] | number {
  let files: string[];
  try {
    files = collectMetadataFiles(paths);
  } catch (error) {
    if (error instanceof PathError) {
      io.stderr(error.message);
      return 2;
    }
    throw error;
  }
  const associations = loadAssociations();
  const documents: LoadedDocument[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.stderr(`Cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
      // A push must not go ahead without a file the user meant to send.
      if (options.stopOnUnreadable) return 1;
      continue;
    }
    const model = readDocument(`file://${resolve(file)}`, text, { associations });
    if (model.format !== null) documents.push({ file, text, model });
  }
  return documents;
}

/** The target service and the user's severity levels (see core/diagnostics/policy.ts). */
export interface JudgedFor {
  target?: ServiceTarget;
  severity?: SeverityOverrides;
}

/** Every diagnostic of the documents, each file checked against the definitions of all of them. */
export function validateAll(documents: readonly LoadedDocument[], definitions?: DefinitionsView, entities?: EntityExistenceView, judged: JudgedFor = {}): FileDiagnostic[] {
  const view = definitions ?? definitionsView(workspaceDefinitions(documents.map((d) => d.model)));
  return documents.flatMap(({ file, text, model }) =>
    toFileDiagnostics(file, text, validateDocument({ model, text, definitions: view, ...(entities ? { entities } : {}), ...judged })),
  );
}

/** The same glob → format setting VS Code reads, from `CATALOG_CODE_ASSOCIATIONS` (JSON), for terminals. */
export function loadAssociations(): Record<string, FormatId | 'none'> | undefined {
  const raw = process.env.CATALOG_CODE_ASSOCIATIONS;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Record<string, FormatId | 'none'>;
  } catch {
    return undefined;
  }
}
