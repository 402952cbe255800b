import { edgeHeadline, propertyHeadline } from './impactTypes';
import { logValue } from '../output/logText';
import { formatPlan } from './pushFormat';
import { planMarkdown } from './planMarkdown';
import { planCounts, type PlanReportInput } from './planReportInput';

/**
 * The push plan as a check: `catalog-code plan` prints it as text (the push preview), JSON (for
 * scripts) or Markdown (a pull-request comment: the summary first, each entity's details folded).
 */
export type PlanReportFormat = 'text' | 'json' | 'markdown';
export const PLAN_REPORT_FORMATS: readonly PlanReportFormat[] = ['text', 'json', 'markdown'];

export function formatPlanReport(input: PlanReportInput, format: PlanReportFormat): string {
  if (format === 'json') return `${JSON.stringify(planJson(input), null, 2)}`;
  if (format === 'markdown') return planMarkdown(input);
  return planText(input);
}

function planText(input: PlanReportInput): string {
  const lines = [formatPlan(input.plan)];
  const impacts = input.impacts ?? [];
  if (impacts.length > 0) {
    lines.push('', 'Impact:');
    for (const impact of impacts) {
      if (impact.kind === 'edgeRemoved') {
        lines.push(`  - upstream ${logValue(impact.upstream)} removed from ${logValue(impact.downstream)}: ${edgeHeadline(impact)}`);
        for (const entity of impact.affected.slice(0, 20)) lines.push(`      degree ${entity.degree}  ${logValue(entity.urn)}`);
        if (impact.affected.length > 20) lines.push(`      … and ${impact.affected.length - 20} more`);
      } else {
        lines.push(`  - ${logValue(impact.propertyUrn)} (${logValue(impact.changes.join('; '))}): ${propertyHeadline(impact)}`);
        for (const entity of impact.invalid.slice(0, 20)) lines.push(`      ${logValue(entity.urn)}: ${logValue(entity.reason)}`);
        if (impact.invalid.length > 20) lines.push(`      … and ${impact.invalid.length - 20} more`);
      }
    }
  }
  if (input.impactError) lines.push('', `Impact not computed: ${logValue(input.impactError)}`);
  return lines.join('\n');
}

/** Stable, documented shape (docs/cli.md): field names do not change between releases without a note. */
export function planJson(input: PlanReportInput): Record<string, unknown> {
  const { plan } = input;
  return {
    service: input.serviceUrl,
    changes: plan.items.length > 0,
    counts: planCounts(plan),
    items: plan.items.map((item) => ({ id: item.id, phase: item.phase, entity: item.entityUrn, title: item.title, changes: item.changes, notes: item.notes, sources: item.sources })),
    unchanged: plan.unchanged,
    warnings: plan.warnings,
    impacts: input.impacts ?? [],
    ...(input.impactError ? { impactError: input.impactError } : {}),
  };
}
