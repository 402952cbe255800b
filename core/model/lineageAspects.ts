/**
 * The aspects that hold lineage edges, written once for push planning, push scopes and the local
 * catalog's lineage index. From DataHub's models: UpstreamLineage.pdl (dataset ← upstreams),
 * DataJobInputOutput.pdl (job inputs/outputs), ChartInfo.pdl (inputs, inputEdges) and
 * DashboardInfo.pdl (charts, datasets, chartEdges, datasetEdges, dashboards). DataFlowInfo
 * describes a pipeline and holds no edges, so it is not one of them.
 */
export const LINEAGE_ASPECTS: ReadonlySet<string> = new Set(['upstreamLineage', 'dataJobInputOutput', 'chartInfo', 'dashboardInfo']);

export function isLineageAspect(aspectName: string): boolean {
  return LINEAGE_ASPECTS.has(aspectName);
}
