import type { PlanImpact } from './impactTypes';
import type { PushPlan } from './pushPlanTypes';

/** What a plan report (./planReport.ts, ./planMarkdown.ts) is made from, and the counts each shows. */
export interface PlanReportInput {
  plan: PushPlan;
  /** the service the plan was read from */
  serviceUrl: string;
  impacts?: readonly PlanImpact[];
  /** impact could not be computed: why (the plan itself is still right) */
  impactError?: string;
}

/**
 * What a plan holds, counted once for every surface that prints it (the push preview's header and
 * summary, the Markdown comment, JSON, the editor's buttons, the Action's outputs), so a header
 * never disagrees with the summary under it: `changes` is the sum of `add`, `change` and `remove`.
 */
export interface PlanCounts {
  /** plan items (one per entity aspect written) */
  items: number;
  entities: number;
  /** every added, changed and removed line: add + change + remove */
  changes: number;
  add: number;
  change: number;
  remove: number;
  unchanged: number;
}

export function planCounts(plan: PushPlan): PlanCounts {
  const counts: PlanCounts = { items: plan.items.length, entities: new Set(plan.items.map((i) => i.entityUrn)).size, changes: 0, add: 0, change: 0, remove: 0, unchanged: plan.unchanged.length };
  for (const item of plan.items) for (const change of item.changes) counts[change.action]++;
  counts.changes = counts.add + counts.change + counts.remove;
  return counts;
}
