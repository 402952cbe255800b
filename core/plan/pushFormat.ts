import { logValue } from '../output/logText';
import type { PushChange, PushPlan, PushResult } from './pushPlanTypes';
import { planCounts } from './planReportInput';

const MARK: Record<PushChange['action'], string> = { add: '+', remove: '-', change: '~' };

/**
 * The plan as a preview a person reads before confirming: per entity, what will be added (+),
 * changed (~) and removed (-), the notes to read first, and how much is already in place.
 */
export function formatPlan(plan: PushPlan): string {
  const lines: string[] = [];
  if (plan.items.length === 0) {
    lines.push('Nothing to push: the service already holds everything these files say.');
  } else {
    const entities = [...new Set(plan.items.map((item) => item.entityUrn))];
    lines.push(`Push plan: ${planCounts(plan).changes} change(s) to ${entities.length} entit${entities.length === 1 ? 'y' : 'ies'}.`);
    for (const entity of entities) {
      lines.push('', logValue(entity));
      for (const item of plan.items.filter((i) => i.entityUrn === entity)) {
        lines.push(`  ${logValue(item.title)}`);
        for (const change of item.changes) lines.push(`    ${MARK[change.action]} ${logValue(change.text)}`);
        for (const note of item.notes) lines.push(`    ! ${logValue(note)}`);
      }
    }
  }
  if (plan.unchanged.length > 0) {
    const entities = new Set(plan.unchanged.map((u) => u.entityUrn));
    lines.push('', `Unchanged: ${plan.unchanged.length} item(s) on ${entities.size} entit${entities.size === 1 ? 'y' : 'ies'} already match the service.`);
  }
  for (const warning of plan.warnings) lines.push(`Warning: ${logValue(warning)}`);
  const counts = planCounts(plan);
  if (plan.items.length > 0) lines.push('', `Summary: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove.`);
  return lines.join('\n');
}

/** What happened, for the end of a push: successes counted, each failure with the service's words. */
export function formatPushResult(result: PushResult): string {
  const ok = result.results.filter((r) => r.ok).length;
  const failures = result.results.filter((r) => !r.ok);
  const notRun = result.failed.length - failures.length;
  const lines = [`Pushed ${ok} of ${ok + result.failed.length} item(s).`];
  if (failures.length > 0) {
    lines.push(`${failures.length} item(s) failed:`);
    for (const failure of failures) lines.push(`  ✗ ${logValue(failure.item.entityUrn)} — ${logValue(failure.item.title)}: ${logValue(failure.error ?? 'failed')}`);
  }
  if (result.cancelled) lines.push(`Cancelled: ${notRun} item(s) were not sent.`);
  if (result.unconfirmed && result.unconfirmed.length > 0) {
    lines.push(`${result.unconfirmed.length} lineage item(s) were in a combined updateLineage call that failed and were not re-sent; DataHub writes one downstream at a time, so these may or may not have been written:`);
    for (const item of result.unconfirmed) lines.push(`  ? ${logValue(item.entityUrn)} — ${logValue(item.title)}`);
  }
  if (result.failed.length > 0) lines.push('Fix the cause and push again: only what is still missing will be sent.');
  return lines.join('\n');
}
