import { impactHeadline, type PlanImpact } from '../plan/impactTypes';
import { planCounts } from '../plan/planReportInput';
import type { PushItem } from '../plan/pushPlanTypes';
import type { PushFileVerdict } from '../plan/pushVerdicts';
import { AGENT_LIMITS, bounded, capped, moreClause } from './bounds';
import { planForAgent } from './planning';
import { toolError, type AgentContext, type AgentTool, type ToolResult } from './toolTypes';
import { fileLabel, selectFiles, uriPath } from './workspacePaths';

export const planChangesTool: AgentTool = {
  name: 'plan_changes',
  title: 'Plan a push',
  description:
    'Show what pushing the workspace metadata files to the connected DataHub catalog would add, change and remove, without sending anything — the same plan `catalog-code plan` prints. ' +
    'Each item names the entity, the aspect, the +/~/- lines and the files it comes from; impact says how many downstream entities a removed lineage edge cuts and which values a narrowed property definition leaves invalid. ' +
    'Returns planHash, which push_changes needs. Needs a catalog connection; files with errors stop the plan (their errors are listed).',
  inputSchema: {
    type: 'object',
    properties: {
      paths: { type: 'array', maxItems: AGENT_LIMITS.paths, items: { type: 'string', minLength: 1, maxLength: 1000 }, description: 'Files, folders or globs relative to the workspace folder; default: every metadata file of the workspace.' },
      impact: { type: 'boolean', description: 'Compute downstream impact (default true; false is faster on a large catalog).' },
    },
    additionalProperties: false,
  },
  readOnly: true,
  async run(input, context) {
    const service = context.service;
    if (!service) return toolError('No catalog is connected, so there is nothing to plan against. Start the server with --service URL (or CATALOG_SERVICE_URL), or start the local catalog (catalog-code serve).');
    const chosen = await chosenUris(input.paths as string[] | undefined, context);
    if (!chosen.ok) return toolError(chosen.problem);
    const snapshot = await context.snapshot();
    const planning = await planForAgent(snapshot, service, { uris: chosen.uris, signal: context.signal, impact: input.impact !== false });
    if (planning.kind === 'blocked') return blockedResult(planning.files, context.folders);
    const { plan, hash, impacts } = planning;
    const counts = planCounts(plan);
    const items = capped(plan.items, AGENT_LIMITS.planItems);
    const structured = {
      service: service.url,
      planHash: hash,
      counts,
      items: items.shown.map((item) => itemView(item, context.folders)),
      moreItems: items.more,
      warnings: plan.warnings.map((warning) => bounded(warning)),
      impacts: impacts.map(impactView),
      ...(planning.impactError ? { impactError: bounded(planning.impactError) } : {}),
    };
    const head = counts.items === 0 ? `Nothing to push: ${service.url} already holds everything these files say (${counts.unchanged} unchanged).` : `${counts.changes} change(s) to ${counts.entities} entit${counts.entities === 1 ? 'y' : 'ies'} against ${service.url}: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove${moreClause(items.more, 'item(s)')}. planHash ${hash}.`;
    const lines = items.shown.slice(0, 10).flatMap((item) => item.changes.slice(0, 3).map((change) => `${change.action === 'add' ? '+' : change.action === 'remove' ? '-' : '~'} ${item.entityUrn}: ${change.text}`));
    return { summary: [head, ...lines, ...impacts.slice(0, 5).map((impact) => `Impact: ${impactSubject(impact)} ${impactHeadline(impact)}`)].join('\n'), structured };
  },
};

/** The URIs of the selected files of the session (undefined: all of them). */
async function chosenUris(paths: string[] | undefined, context: AgentContext): Promise<{ ok: true; uris: string[] | undefined } | { ok: false; problem: string }> {
  const selected = selectFiles(paths, context.folders);
  if (!selected.ok) return selected;
  if (!paths || paths.length === 0) return { ok: true, uris: undefined };
  const { session } = await context.snapshot();
  const uris = session.metadataDocuments().map((document) => document.uri).filter((uri) => selected.value(uriPath(uri)));
  if (uris.length === 0) return { ok: false, problem: `No metadata file matches ${paths.join(', ')}.` };
  return { ok: true, uris };
}

function itemView(item: PushItem, folders: readonly string[]) {
  const changes = capped(item.changes, AGENT_LIMITS.changesPerItem);
  return {
    entity: item.entityUrn,
    phase: item.phase,
    title: item.title,
    changes: changes.shown.map((change) => ({ action: change.action, text: bounded(change.text, 500) })),
    moreChanges: changes.more,
    notes: item.notes.map((note) => bounded(note, 500)),
    files: item.sources.map((source) => fileLabel(uriPath(source), folders)),
  };
}

function impactView(impact: PlanImpact) {
  if (impact.kind === 'edgeRemoved') {
    const affected = capped(impact.affected, 20);
    return { kind: impact.kind, upstream: impact.upstream, downstream: impact.downstream, headline: impactHeadline(impact), downstreamCount: impact.affected.length, truncated: impact.truncated, affected: affected.shown, moreAffected: affected.more };
  }
  const invalid = capped(impact.invalid, 20);
  return { kind: impact.kind, property: impact.propertyUrn, changes: impact.changes, headline: impactHeadline(impact), usedBy: impact.usedBy, truncated: impact.truncated, invalid: invalid.shown, moreInvalid: invalid.more };
}

function impactSubject(impact: PlanImpact): string {
  return impact.kind === 'edgeRemoved' ? `removing ${impact.upstream} → ${impact.downstream}` : `changing ${impact.propertyUrn}`;
}

/** Files whose errors stop a push: an error result naming each error, as validate_files would. */
export function blockedResult(files: readonly PushFileVerdict[], folders: readonly string[]): ToolResult {
  const errors = files.flatMap((file) => file.errors.map((error) => ({ file: fileLabel(uriPath(file.uri), folders), line: error.range.start.line + 1, column: error.range.start.character + 1, code: error.code, message: bounded(error.message) })));
  const shown = capped(errors, AGENT_LIMITS.diagnostics);
  const lines = shown.shown.slice(0, 5).map((error) => `${error.file}:${error.line}:${error.column} ${error.code}: ${error.message}`);
  return toolError(`No plan: ${errors.length} error(s) in ${files.length} file(s) would stop a push. Fix them (validate_files lists them with their quick fixes) and plan again.\n${lines.join('\n')}`, { errors: shown.shown, moreErrors: shown.more });
}
