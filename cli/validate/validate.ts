import { UNKNOWN_EXISTENCE } from '../../core/definitions/types';
import type { CatalogKnowledge, WorkspaceSession } from '../../core/workspace/session';
import { loadStaged, stagedSummary } from '../stagedCommit';
import { proceed } from '../exit';
import { loadMetadataDocuments, validateAll } from '../documents';
import { SETTINGS_FLAG_HELP } from '../settings';
import { parseCommandLine } from '../args';
import type { CliIo } from '../io';
import { targetLine } from '../../core/api/targetDescription';
import type { ServiceTarget } from '../../core/rules/target';
import { parseTargetFlag } from '../targetFlag';
import { formatGithub, formatSarif, formatText, type ReportFormat } from '../report';
import { describeProfile, parseDataHubVersion, resolveProfile } from '../../core/datahub/versions';
import { PendingEntities } from '../../core/pending/pendingEntities';
import { VALIDATE_OPTIONS, validateServiceUrl } from './validateOptions';
// validate's own bundle has validateServiceAbsent.ts here (esbuild.mjs): runs with --service go to the whole CLI's.
import { askService, type ServiceAnswers } from './validateService';

const FORMATS: readonly ReportFormat[] = ['text', 'json', 'github', 'sarif'];

export const VALIDATE_USAGE = `Usage: catalog-code validate [PATH...] [--format text|json|github|sarif] [--service URL]
                             [--target local|datahub|offline] [--severity CODE=LEVEL]...
                             [--datahub-version VERSION|auto] [--settings FILE|none]

Checks every metadata file under PATH (default: the current folder). Folders are walked;
YAML and JSON files that are not Catalog Code formats are skipped; DataHub business glossary,
data product and data contract files are named (format.notChecked) but not checked. Exits 1 when
an error is found, or when the catalog named by --service cannot be reached or fails (as plan,
push, pull and lineage do); 2 on a usage problem (an unknown option, a missing path).

Offline (no --service, no CATALOG_SERVICE_URL, or --target offline) it checks the files against
each other: property values against the definitions in the files. With --service URL, else
$CATALOG_SERVICE_URL as every verb reads it (token from CATALOG_TOKEN, or the local catalog's token
file for a URL on this machine), it also checks against the service's live definitions and whether
the entities of each lineage edge exist — in the pending state: the catalog with these files
applied, so an entity one of the files creates (a dataset YAML entry, an MCP aspect) counts as
existing, as it will once they are pushed together.

Severities follow who refuses what (docs/diagnostics.md): a rule only the local catalog enforces is
an error when --service is the local catalog (or --target local), a warning otherwise.
--severity CODE=LEVEL (repeatable; LEVEL error, warning, information, hint or off; CODE may be a
family such as lineage.*) overrides a code.

DataHub's rules change between versions (docs/diagnostics.md, "DataHub versions"):
--datahub-version VERSION (e.g. 1.2.0) judges by that version; 'auto' (the default) takes the
version the --service reports on /config, else the newest version Catalog Code models. The
setting catalogCode.datahub.version in .vscode/settings.json is used when the flag is absent.

Settings: catalogCode.formats.associations and catalogCode.diagnostics.severity are read from
.vscode/settings.json in the current folder, as the editor applies them (one line on stderr names
those applied); CATALOG_CODE_ASSOCIATIONS (JSON) replaces the associations, --severity a code's level.
--staged (the pre-commit hook) checks what the next commit of the current git repository holds,
in the context of the whole repository: every problem of the files it adds or changes, and any
problem it brings to another file (a definition changed or removed, an entity deleted); no PATH.
${SETTINGS_FLAG_HELP}`;

export async function runValidate(argv: string[], io: CliIo): Promise<number> {
  const commandLine = parseCommandLine(argv, VALIDATE_OPTIONS, VALIDATE_USAGE, io);
  if (!commandLine.ok) return commandLine.exit;
  const parsed = commandLine.value;
  const targetFlag = parsed.values.target === undefined ? undefined : parseTargetFlag(parsed.values.target);
  if (targetFlag !== undefined && !targetFlag.ok) {
    io.stderr(targetFlag.problem);
    return 2;
  }
  const chosenTarget = targetFlag?.value;
  const versionFlag = parsed.values['datahub-version'];
  if (versionFlag !== undefined && versionFlag.trim() !== 'auto' && parseDataHubVersion(versionFlag) === undefined) {
    io.stderr(`--datahub-version '${versionFlag.slice(0, 40)}' is not a DataHub version; write one such as 1.2.0, or 'auto' for the version the --service reports.`);
    return 2;
  }
  const format = parsed.values.format as ReportFormat;
  if (!FORMATS.includes(format)) {
    io.stderr(`Unknown --format '${parsed.values.format}'; use one of ${FORMATS.join(', ')}.`);
    return 2;
  }

  let knowledge: CatalogKnowledge = { entities: UNKNOWN_EXISTENCE };
  const loadOptions = { severityFlags: parsed.values.severity ?? [], settingsFile: parsed.values.settings, catalog: () => knowledge };
  const staged = parsed.values.staged ? loadStaged(parsed.positionals, io, loadOptions) : undefined;
  if (staged && !staged.ok) return staged.exit;
  if (staged?.value === undefined && parsed.values.staged) return 0;
  const loaded = staged?.value ? proceed(staged.value.now) : loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, loadOptions);
  if (!loaded.ok) return loaded.exit;
  const workspace = loaded.value;
  const models = workspace.documents.map((d) => d.model);

  let answers: ServiceAnswers | undefined;
  const serviceUrl = validateServiceUrl(parsed.values);
  if (serviceUrl) {
    const asked = await askService(serviceUrl, chosenTarget, models, io);
    // A catalog named by --service must answer; one the environment names (a terminal of the editor
    // whose catalog has stopped, a commit hook) only adds checks: without it the files are checked alone.
    if (!asked.ok && parsed.values.service !== undefined) return asked.exit;
    if (asked.ok) answers = asked.value;
    else io.stderr(`${offlineTargetLine(chosenTarget)} (CATALOG_SERVICE_URL did not answer; --service URL makes that an error.)`);
  } else io.stderr(offlineTargetLine(chosenTarget));
  const target: ServiceTarget = answers?.target ?? chosenTarget ?? 'offline';
  const wanted = versionFlag ?? workspace.datahubVersion;
  const reported = answers && (wanted === 'auto' || wanted === '') ? await answers.version() : undefined;
  const { profile } = resolveProfile(wanted, reported);
  if (profile.source !== 'default') io.stderr(`Judging by ${describeProfile(profile)}.`);
  // Existence in the pending state (core/plan/existence.ts), as the editor and the push plan judge it.
  const knowledgeOf = (session: WorkspaceSession): CatalogKnowledge => ({ ...(answers ? { serviceDefinitions: answers.live } : {}), entities: new PendingEntities(session).view(answers?.entities ?? UNKNOWN_EXISTENCE), target, datahub: profile });
  knowledge = knowledgeOf(workspace.session);
  const judged = staged?.value?.judge(validateAll(workspace), knowledgeOf);
  const all = judged?.problems ?? validateAll(workspace);

  if (format === 'json') io.stdout(JSON.stringify(all, null, 2));
  else if (format === 'github') {
    const report = formatGithub(all, fullListHint(process.env));
    if (report.annotations) (io.workflowCommands ?? io.stdout)(report.annotations);
    if (report.summary) io.stdout(report.summary);
  } else if (format === 'sarif') io.stdout(formatSarif(all, io.version, process.env.CATALOG_CODE_DOCS_URL || undefined));
  else if (staged?.value && judged) io.stdout(`${formatText(all, workspace.documents.length)}\n${stagedSummary(staged.value, judged.brokenElsewhere)}`);
  else {
    const unreadable = workspace.unchecked.filter((d) => d.model.unparsed).length;
    io.stdout(formatText(all, workspace.documents.length, workspace.unchecked.length - unreadable, unreadable));
  }

  // A file of the commit that could not be read was not checked: the hook never passes it.
  return all.some((d) => d.severity === 'error') || (staged?.value?.unreadable.length ?? 0) > 0 ? 1 : 0;
}

/** Offline: the files alone, with the severities chosen; says when CATALOG_SERVICE_URL is set and --target offline kept it out. */
function offlineTargetLine(chosen: ServiceTarget | undefined): string {
  const judged = chosen && chosen !== 'offline' ? ` Severities as for ${chosen === 'localCatalog' ? 'the local catalog' : 'DataHub'} (--target).` : '';
  const kept = chosen === 'offline' && process.env.CATALOG_SERVICE_URL?.trim() ? ' CATALOG_SERVICE_URL is set; --target offline leaves it out.' : '';
  return `${targetLine('offline')}${judged}${kept}`;
}

/** Where the whole list is when annotations were left out: the job summary the GitHub Action writes, else a command. */
function fullListHint(env: NodeJS.ProcessEnv): string {
  return env.CATALOG_CODE_FULL_LIST_AT?.trim() || 'run catalog-code validate with --format text (or --format json) to list every problem';
}
