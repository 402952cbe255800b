import type { CoreDiagnostic } from '../model/diagnostic';
import type { LineageEdgeFact } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges } from './lineageFacts';
import { entityTypeOf } from './urnParts';

/**
 * The kinds of upstream each kind of downstream may have (spec §2.5; DataHub's LineageService
 * checks the same): dataset ← dataset/dataJob; chart ← dataset/chart (validateChartUpstreamUrns);
 * dashboard ← chart/dataset; dataJob ← dataset/dataJob. Other downstream types are not judged,
 * except in an updateLineage input, where UpdateLineageResolver skips them: it answers true and
 * writes nothing (a warning says so).
 *
 * Written twice on purpose: service/lineage/updateLineage.ts has its own copy, because the local
 * catalog is an independent witness of what DataHub's LineageService accepts. This table predicts
 * a rejection before a push; that one rejects the push. Were one imported from the other, a wrong
 * entry would be wrong in both and every test comparing the editor with the catalog would agree.
 * Change both, each from DataHub's source.
 */
const ALLOWED_UPSTREAMS: Record<string, readonly string[]> = {
  dataset: ['dataset', 'dataJob'],
  chart: ['dataset', 'chart'],
  dashboard: ['chart', 'dataset'],
  dataJob: ['dataset', 'dataJob'],
};

function allowedFor(edge: LineageEdgeFact, downstreamType: string): readonly string[] | undefined {
  const allowed = ALLOWED_UPSTREAMS[downstreamType];
  // Upstream.pdl: an upstreamLineage's `dataset` is a DatasetUrn (@Relationship entityTypes [dataset]).
  if (edge.origin === 'upstreamLineage') return ['dataset'];
  // dashboardInfo has its own `dashboards` field: a dashboard made of dashboards is modelled there.
  if (allowed && downstreamType === 'dashboard' && edge.origin === 'dashboardInfo') return [...allowed, 'dashboard'];
  return allowed;
}

export const upstreamType: Rule = {
  codes: ['lineage.upstreamType'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const edge of writtenEdges(model)) {
      const downstreamType = entityTypeOf(edge.downstream.value);
      const upstreamKind = entityTypeOf(edge.upstream.value);
      if (downstreamType === undefined || upstreamKind === undefined) continue;
      const allowed = allowedFor(edge, downstreamType);
      if (!allowed && edge.origin === 'updateLineage' && upstreamKind !== 'dataJob') {
        diagnostics.push(
          diagnostic(
            'lineage.upstreamType',
            'warning',
            edge.downstream.range,
            `DataHub's updateLineage writes no lineage into a ${downstreamType}: it answers true and leaves ${edge.downstream.value} unchanged (UpdateLineageResolver handles dataset, chart, dashboard and dataJob downstreams only). Write this lineage as an aspect of the ${downstreamType} instead, or reverse the edge if it points the wrong way.`,
            { downstreamType, upstreamType: upstreamKind, allowed: [] },
          ),
        );
        continue;
      }
      if (!allowed || allowed.includes(upstreamKind)) continue;
      diagnostics.push(
        diagnostic(
          'lineage.upstreamType',
          'error',
          edge.upstream.range,
          `A ${downstreamType} cannot have a ${upstreamKind} as its upstream; the service accepts only ${allowed.join(' or ')} upstreams for a ${downstreamType}. Use an entity of an allowed type, or reverse the edge if it points the wrong way.`,
          { downstreamType, upstreamType: upstreamKind, allowed: [...allowed] },
        ),
      );
    }
    return diagnostics;
  },
};
