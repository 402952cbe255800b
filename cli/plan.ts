import { sessionPushPlan, sessionPushVerdicts } from '../core/push/sessionPush';
import { formatPlanReport, PLAN_REPORT_FORMATS, type PlanReportFormat } from '../core/plan/planReport';
import type { PlanReportInput } from '../core/plan/planReportInput';
import { computePlanImpact } from '../core/impact/planImpact';
import { serviceLineageFetcher } from '../core/lineage/serviceFetcher';
import { PendingState } from '../core/pending/pendingState';
import { parseCommandLine } from './args';
import { announceTarget, describeError, serviceConnection } from './connection';
import { loadMetadataDocuments } from './documents';
import { SETTINGS_FLAG_HELP } from './settings';
import { parseTypeNamespace, verdictDiagnostics } from './pushVerdicts';
import type { CliIo } from './io';
import { formatText } from './report';

export const PLAN_USAGE = `Usage: catalog-code plan [PATH...] --service URL [--detailed-exitcode] [--format text|json|markdown]

Prints what 'catalog-code push' would change in the catalog for the metadata files under PATH
(default: the current folder), and sends nothing. Use it as a drift check in CI, or post the
Markdown as a pull-request comment. For each lineage edge the plan removes and each property it
soft deletes or narrows, it also says what is affected downstream or holds values that stop
being allowed (from the service's lineage and entity search).

Options:
  --service URL        the catalog's base URL (default: $CATALOG_SERVICE_URL)
  --format FORMAT      text (the push preview, default), json, or markdown (summary first, per-entity details folded)
  --detailed-exitcode  exit 0 when nothing would change, 2 when something would, 1 on error
  --no-impact          skip the impact search (faster on a large catalog)
  --type-namespace     datahub|service: namespace of type URNs built from short names (default: the
                       one the service uses — service for the local catalog, datahub otherwise)
${SETTINGS_FLAG_HELP}

The token is $CATALOG_TOKEN, or for a URL on this machine the local catalog's token file
(.catalog/connection.json, docs/cli.md). Stderr names the target first. Exit codes: 0 planned (or no change with --detailed-exitcode),
2 changes (with --detailed-exitcode), 1 errors in the files or the service failed; a usage error also exits 1
with --detailed-exitcode so that 2 always means "changes".`;

export async function runPlan(argv: string[], io: CliIo): Promise<number> {
  const detailed = argv.includes('--detailed-exitcode');
  // With --detailed-exitcode, 2 means "changes" and nothing else: usage errors become 1.
  const usageCode = (code: number) => (detailed && code === 2 ? 1 : code);
  const commandLine = parseCommandLine(
    argv,
    {
      service: { type: 'string' },
      format: { type: 'string', default: 'text' },
      'detailed-exitcode': { type: 'boolean', default: false },
      'no-impact': { type: 'boolean', default: false },
      'type-namespace': { type: 'string' },
      settings: { type: 'string' },
    },
    PLAN_USAGE,
    io,
  );
  if (!commandLine.ok) return usageCode(commandLine.exit);
  const parsed = commandLine.value;
  const options = parsed.values;
  const format = options.format as PlanReportFormat;
  if (!PLAN_REPORT_FORMATS.includes(format)) {
    io.stderr(`Unknown --format '${options.format}'; use text, json or markdown.`);
    return usageCode(2);
  }
  const namespace = parseTypeNamespace(options['type-namespace'], io);
  if (namespace === null) return usageCode(2);
  const connected = serviceConnection(options, io);
  if (!connected.ok) return usageCode(connected.exit);
  const connection = connected.value;

  const loaded = loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, { stopOnUnreadable: true, settingsFile: options.settings });
  if (!loaded.ok) return usageCode(loaded.exit);
  const workspace = loaded.value;
  const documents = workspace.documents;
  if (documents.length === 0) {
    io.stderr('No metadata files found to plan (YAML/JSON files that are lineage, structured properties, datasets, MCPs or updateLineage documents).');
    return 1;
  }
  await announceTarget(connection, io);
  try {
    // Checked as push checks them (core/push/sessionPush.ts), so a plan is only printed for files
    // push would send: plan and push agree on what the service would refuse.
    const verdicts = await sessionPushVerdicts(workspace.session, connection, { typeNamespace: namespace });
    const blocked = verdicts.files.filter((file) => file.errors.length > 0);
    if (blocked.length > 0) {
      io.stderr(formatText(verdictDiagnostics(blocked, workspace), documents.length));
      io.stderr('No plan: the files have errors, and a push would stop on them. Fix them and plan again.');
      return 1;
    }
    const { plan } = await sessionPushPlan(workspace.session, connection, { typeNamespace: verdicts.typeNamespace });
    const report: PlanReportInput = { plan, serviceUrl: connection.url };
    if (!options['no-impact']) {
      const failures: string[] = [];
      try {
        // What a removed edge cuts is read over the pending state (the catalog with these files applied), as the editor's code lens reads it.
        const pending = new PendingState(workspace.session, { catalog: () => serviceLineageFetcher(connection), log: (message) => failures.push(message) });
        report.impacts = await computePlanImpact(connection, plan, { lineage: pending.lineage.fetcher('pending'), onError: (subject, error) => failures.push(`${subject}: ${describeError(error)}`) });
      } catch (error) {
        failures.push(describeError(error));
      }
      if (failures.length > 0) report.impactError = failures.join(' ');
    }
    io.stdout(formatPlanReport(report, format));
    if (detailed) return plan.items.length > 0 ? 2 : 0;
    return 0;
  } catch (error) {
    io.stderr(`Could not plan: ${describeError(error)}`);
    return 1;
  }
}
