import type { PlanImpact } from '../impact/types';
import { edgeHeadline, propertyHeadline } from '../impact/types';
import { formatPlan } from './pushFormat';
import type { PushChange, PushPlan } from './pushTypes';

/**
 * The push plan as a check: `catalog-code plan` prints it as text (the push preview), JSON (for
 * scripts) or Markdown (a pull-request comment: the summary first, each entity's details folded).
 */
export type PlanReportFormat = 'text' | 'json' | 'markdown';
export const PLAN_REPORT_FORMATS: readonly PlanReportFormat[] = ['text', 'json', 'markdown'];

export interface PlanReportInput {
  plan: PushPlan;
  /** the service the plan was read from */
  serviceUrl: string;
  impacts?: readonly PlanImpact[];
  /** impact could not be computed: why (the plan itself is still right) */
  impactError?: string;
}

export interface PlanCounts {
  items: number;
  entities: number;
  add: number;
  change: number;
  remove: number;
  unchanged: number;
}

export function planCounts(plan: PushPlan): PlanCounts {
  const counts: PlanCounts = { items: plan.items.length, entities: new Set(plan.items.map((i) => i.entityUrn)).size, add: 0, change: 0, remove: 0, unchanged: plan.unchanged.length };
  for (const item of plan.items) for (const change of item.changes) counts[change.action]++;
  return counts;
}

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
        lines.push(`  - upstream ${impact.upstream} removed from ${impact.downstream}: ${edgeHeadline(impact)}`);
        for (const entity of impact.affected.slice(0, 20)) lines.push(`      degree ${entity.degree}  ${entity.urn}`);
        if (impact.affected.length > 20) lines.push(`      … and ${impact.affected.length - 20} more`);
      } else {
        lines.push(`  - ${impact.propertyUrn} (${impact.changes.join('; ')}): ${propertyHeadline(impact)}`);
        for (const entity of impact.invalid.slice(0, 20)) lines.push(`      ${entity.urn}: ${entity.reason}`);
        if (impact.invalid.length > 20) lines.push(`      … and ${impact.invalid.length - 20} more`);
      }
    }
  }
  if (input.impactError) lines.push('', `Impact not computed: ${input.impactError}`);
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

const MARK: Record<PushChange['action'], string> = { add: '+', remove: '-', change: '!' };

function planMarkdown(input: PlanReportInput): string {
  const { plan } = input;
  const counts = planCounts(plan);
  const lines: string[] = ['### Catalog Code plan', ''];
  if (plan.items.length === 0) {
    lines.push(`**No changes.** The catalog at \`${input.serviceUrl}\` already holds everything these files say${counts.unchanged > 0 ? ` (${counts.unchanged} item(s) checked)` : ''}.`);
  } else {
    lines.push(
      `**${counts.items} change(s) to ${counts.entities} entit${counts.entities === 1 ? 'y' : 'ies'}** against \`${input.serviceUrl}\`: ${counts.add} to add, ${counts.change} to change, ${counts.remove} to remove; ${counts.unchanged} already in place.`,
    );
  }
  const notes = plan.items.flatMap((i) => i.notes.map((n) => `${code(i.entityUrn)}: ${escapeMarkdown(n)}`));
  const impacts = input.impacts ?? [];
  if (impacts.length > 0) {
    lines.push('', '#### Impact', '');
    for (const impact of impacts) {
      if (impact.kind === 'edgeRemoved') lines.push(`- Removing ${code(impact.upstream)} → ${code(impact.downstream)} ${edgeHeadline(impact)}.`);
      else lines.push(`- ${code(impact.propertyUrn)} (${escapeMarkdown(impact.changes.join('; '))}): ${propertyHeadline(impact)}.`);
    }
  }
  if (input.impactError) lines.push('', `> Impact not computed: ${escapeMarkdown(input.impactError)}`);
  if (notes.length > 0) {
    lines.push('', '#### Read before merging', '');
    for (const note of notes) lines.push(`- ${note}`);
  }
  for (const warning of plan.warnings) lines.push('', `> **Warning:** ${escapeMarkdown(warning)}`);

  const entities = [...new Set(plan.items.map((i) => i.entityUrn))];
  if (entities.length > 0) lines.push('', '#### Changes by entity');
  for (const entity of entities) {
    const items = plan.items.filter((i) => i.entityUrn === entity);
    const tally = planCounts({ items, unchanged: [], warnings: [] });
    lines.push('', '<details>', `<summary><code>${escapeHtml(entity)}</code>: +${tally.add} ~${tally.change} -${tally.remove}</summary>`, '', '```diff');
    for (const item of items) {
      lines.push(`# ${item.title}`);
      for (const change of item.changes) lines.push(`${MARK[change.action]} ${change.text}`);
    }
    lines.push('```');
    const sources = [...new Set(items.flatMap((i) => i.sources))].map(displaySource);
    if (sources.length > 0) lines.push('', `From ${sources.map(code).join(', ')}.`);
    lines.push('', '</details>');
  }
  const impactDetails = impacts.filter((i) => (i.kind === 'edgeRemoved' ? i.affected.length : i.invalid.length) > 0);
  for (const impact of impactDetails) {
    const title = impact.kind === 'edgeRemoved' ? `Cut by ${impact.upstream} → ${impact.downstream}` : `Invalid values of ${impact.propertyUrn}`;
    lines.push('', '<details>', `<summary>${escapeHtml(title)}</summary>`, '');
    if (impact.kind === 'edgeRemoved') for (const a of impact.affected) lines.push(`- degree ${a.degree}: ${code(a.urn)}`);
    else for (const v of impact.invalid) lines.push(`- ${code(v.urn)}: ${escapeMarkdown(v.reason)}`);
    if (impact.truncated) lines.push('- … (more not listed)');
    lines.push('', '</details>');
  }
  return lines.join('\n');
}

/** A file URI as a path a reviewer recognises. */
function displaySource(source: string): string {
  return source.startsWith('file://') ? decodeURIComponent(source.slice('file://'.length)) : source;
}

/** Inline code that survives backticks in the text. */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.includes('`') ? ` ${text} ` : text}${fence}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeMarkdown(text: string): string {
  return escapeHtml(text).replace(/([\\*_[\]|])/g, '\\$1');
}
