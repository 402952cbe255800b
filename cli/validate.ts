import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readDocument } from '../core/formats';
import type { FormatId } from '../core/model/facts';
import { validateDocument } from '../core/validate';
import { PathError, collectMetadataFiles } from './files';
import { formatGithub, formatSarif, formatText, toFileDiagnostics, type FileDiagnostic, type ReportFormat } from './report';
import type { CliIo } from './io';
import { definitionsView, serviceDefinitions, serviceExistence, workspaceDefinitions } from './validationContext';
import type { DocumentModel } from '../core/model/facts';
import type { EntityExistenceView, PropertyDefinitionInfo } from '../core/definitions/types';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'github', 'sarif'];

export const VALIDATE_USAGE = `Usage: catalog-code validate [PATH...] [--format text|json|github|sarif] [--service URL]

Checks every metadata file under PATH (default: the current folder). Folders are walked;
YAML and JSON files that are not Catalog Code formats are skipped. Exits 1 when an error is found.

Offline (no --service) it checks the files against each other: property values against the
definitions in the files. With --service URL (token from CATALOG_TOKEN) it also checks against
the service's live definitions and whether the entities of each lineage edge exist.`;

export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', default: 'text' }, service: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    io.stderr(`${error instanceof Error ? error.message : String(error)}\n\n${VALIDATE_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.stdout(VALIDATE_USAGE);
    return 0;
  }
  const format = parsed.values.format as ReportFormat;
  if (!FORMATS.includes(format)) {
    io.stderr(`Unknown --format '${parsed.values.format}'; use one of ${FORMATS.join(', ')}.`);
    return 2;
  }

  let files: string[];
  try {
    files = collectMetadataFiles(parsed.positionals.length > 0 ? parsed.positionals : ['.']);
  } catch (error) {
    if (error instanceof PathError) {
      io.stderr(error.message);
      return 2;
    }
    throw error;
  }

  const associations = loadAssociations();
  const documents: { file: string; text: string; model: DocumentModel }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.stderr(`Cannot read '${file}': ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const model = readDocument(`file://${resolve(file)}`, text, { associations });
    if (model.format !== null) documents.push({ file, text, model });
  }

  const models = documents.map((d) => d.model);
  let live: Map<string, PropertyDefinitionInfo> | undefined;
  let entities: EntityExistenceView | undefined;
  if (parsed.values.service) {
    const connection = { url: parsed.values.service, token: process.env.CATALOG_TOKEN ?? null };
    try {
      live = await serviceDefinitions(connection);
      entities = await serviceExistence(connection, models);
    } catch (error) {
      // The token is only ever a header; service errors never contain it.
      io.stderr(`Cannot check against ${parsed.values.service}: ${error instanceof Error ? error.message : String(error)}`);
      return 2;
    }
  }
  const definitions = definitionsView(workspaceDefinitions(models), live);

  const all: FileDiagnostic[] = [];
  for (const { file, text, model } of documents) {
    all.push(...toFileDiagnostics(file, text, validateDocument({ model, text, definitions, ...(entities ? { entities } : {}) })));
  }
  const checked = documents.length;

  if (format === 'json') io.stdout(JSON.stringify(all, null, 2));
  else if (format === 'github') {
    const annotations = formatGithub(all);
    if (annotations) io.stdout(annotations);
  } else if (format === 'sarif') io.stdout(formatSarif(all, io.version));
  else io.stdout(formatText(all, checked));

  return all.some((d) => d.severity === 'error') ? 1 : 0;
}

/** The same glob → format setting VS Code reads, from `CATALOG_CODE_ASSOCIATIONS` (JSON) for terminals. */
function loadAssociations(): Record<string, FormatId | 'none'> | undefined {
  const raw = process.env.CATALOG_CODE_ASSOCIATIONS;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Record<string, FormatId | 'none'>;
  } catch {
    return undefined;
  }
}
