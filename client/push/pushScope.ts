import { LINEAGE_ASPECTS } from '../../core/model/lineageAspects';
import type { PushItem, PushPlan } from '../../core/plan/pushPlanTypes';

/** What a push command sends: everything a file holds, or only one kind of metadata. */
export type PushScope = 'all' | 'lineage' | 'structuredProperties' | 'propertyDefinitions';


function aspectOf(item: PushItem): string | undefined {
  const op = item.operation;
  if (op.kind === 'postAspect') return op.aspectName;
  if (op.kind === 'ingestProposal') return op.proposal.aspectName;
  if (op.kind === 'patchStructuredProperties') return 'structuredProperties';
  return undefined;
}

export function itemInScope(item: PushItem, scope: PushScope): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'lineage':
      return item.operation.kind === 'updateLineage' || LINEAGE_ASPECTS.has(aspectOf(item) ?? '');
    case 'structuredProperties':
      return aspectOf(item) === 'structuredProperties';
    case 'propertyDefinitions':
      return aspectOf(item) === 'propertyDefinition' || (item.operation.kind === 'status' && item.operation.entityType === 'structuredProperty');
  }
}

/** The plan cut to one scope (and, for a retry, to the items that failed before). */
export function narrowPlan(plan: PushPlan, scope: PushScope, onlyIds?: ReadonlySet<string>): PushPlan {
  return {
    ...plan,
    items: plan.items.filter((item) => itemInScope(item, scope) && (!onlyIds || onlyIds.has(item.id))),
  };
}

export const SCOPE_WORDS: Record<PushScope, string> = {
  all: 'metadata',
  lineage: 'lineage',
  structuredProperties: 'structured properties',
  propertyDefinitions: 'property definitions',
};
