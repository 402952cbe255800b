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
