import { UNKNOWN_EXISTENCE, type EntityExistenceView, type PropertyDefinitionInfo } from '../core/definitions/types';
import type { CatalogKnowledge } from '../core/workspace/session';
import { loadMetadataDocuments, validateAll } from './documents';
import { parseCommandLine } from './args';
import type { CliIo } from './io';
import { detectServiceTarget } from '../core/api/serviceTarget';
import type { ServiceTarget } from '../core/rules/target';
import { parseTargetFlag } from './targetFlag';
import { formatGithub, formatSarif, formatText, type ReportFormat } from './report';
import { serviceDefinitions, serviceExistence } from './validationContext';
import { describeError } from '../core/errors/describeError';
import { PendingEntities } from '../core/pending/pendingEntities';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'github', 'sarif'];

export const VALIDATE_USAGE = `Usage: catalog-code validate [PATH...] [--format text|json|github|sarif] [--service URL]
                             [--target local|datahub|offline] [--severity CODE=LEVEL]...

Checks every metadata file under PATH (default: the current folder). Folders are walked;
YAML and JSON files that are not Catalog Code formats are skipped. Exits 1 when an error is found.

Offline (no --service) it checks the files against each other: property values against the
definitions in the files. With --service URL (token from CATALOG_TOKEN) it also checks against
the service's live definitions and whether the entities of each lineage edge exist — in the
pending state: the catalog with these files applied, so an entity one of the files creates (a
dataset YAML entry, an MCP aspect) counts as existing, as it will once they are pushed together.

Severities follow who refuses what (docs/diagnostics.md): a rule only the local catalog enforces is
an error when --service is the local catalog (or --target local), a warning otherwise.
--severity CODE=LEVEL (repeatable; LEVEL error, warning, information, hint or off; CODE may be a
family such as lineage.*) overrides a code.

Settings: catalogCode.formats.associations and catalogCode.diagnostics.severity are read from
.vscode/settings.json in the current folder, as the editor applies them (one line on stderr names
those applied); CATALOG_CODE_ASSOCIATIONS (JSON) replaces the associations, --severity a code's level.`;

export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(
    argv,
    { format: { type: 'string', default: 'text' }, service: { type: 'string' }, target: { type: 'string' }, severity: { type: 'string', multiple: true } },
    VALIDATE_USAGE,
    io,
  );
  if (!commandLine.ok) return commandLine.exit;
  const parsed = commandLine.value;
  const targetFlag = parsed.values.target === undefined ? undefined : parseTargetFlag(parsed.values.target);
  if (targetFlag !== undefined && !targetFlag.ok) {
    io.stderr(targetFlag.problem);
    return 2;
  }
  const chosenTarget = targetFlag?.value;
  const format = parsed.values.format as ReportFormat;
  if (!FORMATS.includes(format)) {
    io.stderr(`Unknown --format '${parsed.values.format}'; use one of ${FORMATS.join(', ')}.`);
    return 2;
  }

  let knowledge: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE };
  const loaded = loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, { severityFlags: parsed.values.severity ?? [], catalog: () => knowledge });
  if (!loaded.ok) return loaded.exit;
  const workspace = loaded.value;
  const models = workspace.documents.map((d) => d.model);

  let live: Map<string, PropertyDefinitionInfo> | undefined;
  let entities: EntityExistenceView | undefined;
  let target: ServiceTarget = chosenTarget ?? 'offline';
  if (parsed.values.service) {
    const connection = { url: parsed.values.service, token: process.env.CATALOG_TOKEN ?? null };
    if (chosenTarget === undefined) target = await detectServiceTarget(connection);
    try {
      live = await serviceDefinitions(connection);
      entities = await serviceExistence(connection, models);
    } catch (error) {
      // The token is only ever a header; service errors never contain it.
      io.stderr(`Cannot check against ${parsed.values.service}: ${describeError(error)}`);
      return 2;
    }
  }
  // Existence in the pending state (core/pending/existence.ts), as the editor and the push plan judge it.
  const pending = new PendingEntities(workspace.session);
  knowledge = { ...(live ? { serviceDefinitions: live } : {}), entities: pending.view(entities ?? UNKNOWN_EXISTENCE), target };
  const all = validateAll(workspace);

  if (format === 'json') io.stdout(JSON.stringify(all, null, 2));
  else if (format === 'github') {
    const annotations = formatGithub(all);
    if (annotations) (io.workflowCommands ?? io.stdout)(annotations);
  } else if (format === 'sarif') io.stdout(formatSarif(all, io.version));
  else io.stdout(formatText(all, workspace.documents.length));

  return all.some((d) => d.severity === 'error') ? 1 : 0;
}
