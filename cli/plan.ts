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
import { exitWith, proceed, type OrExit } from './exit';
import type { ServiceConnection } from '../core/api/http';
import type { PushPlan } from '../core/plan/pushPlanTypes';
import type { WorkspaceSession } from '../core/workspace/session';

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
  const planned = await planReport(argv, io);
  if (!planned.ok) return planned.exit;
  const { report, format, detailed } = planned.value;
  io.stdout(formatPlanReport(report, format));
  return detailed && report.plan.items.length > 0 ? 2 : 0;
}

/**
 * `plan`'s command line run up to its report (the plan, its impact), which runPlan prints and the
 * GitHub Action (scripts/reviewAction.ts) both prints and counts; `exit` after a problem told.
 */
export async function planReport(argv: string[], io: CliIo): Promise<OrExit<{ report: PlanReportInput; format: PlanReportFormat; detailed: boolean }>> {
  const detailed = argv.includes('--detailed-exitcode');
  // With --detailed-exitcode, 2 means "changes" and nothing else: usage errors become 1.
  const stop = (code: number) => exitWith(detailed && code === 2 ? 1 : code);
  const commandLine = parseCommandLine(argv, PLAN_OPTIONS, PLAN_USAGE, io);
  if (!commandLine.ok) return stop(commandLine.exit);
  const parsed = commandLine.value;
  const options = parsed.values;
  const format = options.format as PlanReportFormat;
  if (!PLAN_REPORT_FORMATS.includes(format)) {
    io.stderr(`Unknown --format '${options.format}'; use text, json or markdown.`);
    return stop(2);
  }
  const namespace = parseTypeNamespace(options['type-namespace'], io);
  if (namespace === null) return stop(2);
  const connected = serviceConnection(options, io);
  if (!connected.ok) return stop(connected.exit);
  const connection = connected.value;

  const loaded = loadMetadataDocuments(parsed.positionals.length > 0 ? parsed.positionals : ['.'], io, { stopOnUnreadable: true, settingsFile: options.settings });
  if (!loaded.ok) return stop(loaded.exit);
  const workspace = loaded.value;
  const documents = workspace.documents;
  if (documents.length === 0) {
    io.stderr('No metadata files found to plan (YAML/JSON files that are lineage, structured properties, datasets, MCPs or updateLineage documents).');
    return exitWith(1);
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
      return exitWith(1);
    }
    const { plan } = await sessionPushPlan(workspace.session, connection, { typeNamespace: verdicts.typeNamespace });
    const report: PlanReportInput = { plan, serviceUrl: connection.url };
    if (!options['no-impact']) Object.assign(report, await planImpact(workspace.session, connection, plan));
    return proceed({ report, format, detailed });
  } catch (error) {
    io.stderr(`Could not plan: ${describeError(error)}`);
    return exitWith(1);
  }
}

/** What the plan's removals cut downstream, read over the pending state (the catalog with these files applied), as the editor's code lens reads it. */
async function planImpact(session: WorkspaceSession, connection: ServiceConnection, plan: PushPlan): Promise<Pick<PlanReportInput, 'impacts' | 'impactError'>> {
  const failures: string[] = [];
  let impacts: PlanReportInput['impacts'];
  try {
    const pending = new PendingState(session, { catalog: () => serviceLineageFetcher(connection), log: (message) => failures.push(message) });
    impacts = await computePlanImpact(connection, plan, { lineage: pending.lineage.fetcher('pending'), onError: (subject, error) => failures.push(`${subject}: ${describeError(error)}`) });
  } catch (error) {
    failures.push(describeError(error));
  }
  return { ...(impacts ? { impacts } : {}), ...(failures.length > 0 ? { impactError: failures.join(' ') } : {}) };
}

const PLAN_OPTIONS = {
  service: { type: 'string' },
  format: { type: 'string', default: 'text' },
  'detailed-exitcode': { type: 'boolean', default: false },
  'no-impact': { type: 'boolean', default: false },
  'type-namespace': { type: 'string' },
  settings: { type: 'string' },
} as const;
