import type { PushChange, PushItem } from '../../core/plan/pushPlanTypes';

/** A lineage item of a plan with these changes, as the planner makes one (tests of what is shown of a plan). */
export function lineageItem(entityUrn: string, changes: PushChange[], sources: string[] = []): PushItem {
  return {
    id: `${entityUrn}#lineage`,
    phase: 'edges',
    entityUrn,
    title: 'Lineage (updateLineage)',
    changes,
    notes: [],
    operation: { kind: 'updateLineage', edgesToAdd: [], edgesToRemove: [] },
    sources,
  };
}
