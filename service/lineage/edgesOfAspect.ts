import type { JsonObject, LineageLink } from '../store/types';

/**
 * The lineage edges one stored aspect holds, read with DataHub's field names (UpstreamLineage.pdl,
 * ChartInfo.pdl, DashboardInfo.pdl, DataJobInputOutput.pdl, Edge.pdl). Every link points from the
 * upstream (the source of the data) to the downstream (what is derived from it).
 */

/** Aspects that hold lineage; any other aspect never changes the lineage index. */
export { LINEAGE_ASPECTS } from '../../core/model/lineageAspects';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function urnStrings(value: unknown): string[] {
  return listOf(value).filter((item): item is string => typeof item === 'string' && item.length > 0);
}

/** Edge.pdl: `destinationUrn` is the other end; `sourceUrn` defaults to the aspect's entity. */
function edgeDestinations(value: unknown): string[] {
  const out: string[] = [];
  for (const edge of listOf(value)) {
    if (isObject(edge) && typeof edge.destinationUrn === 'string' && edge.destinationUrn) out.push(edge.destinationUrn);
  }
  return out;
}

/** ChartDataSourceType is a union, written `{"string": "<dataset urn>"}`; a bare string is accepted too. */
function chartInputs(value: unknown): string[] {
  const out: string[] = [];
  for (const input of listOf(value)) {
    if (typeof input === 'string' && input) out.push(input);
    else if (isObject(input) && typeof input.string === 'string' && input.string) out.push(input.string);
  }
  return out;
}

function fineGrained(value: unknown, out: LineageLink[]): void {
  for (const entry of listOf(value)) {
    if (!isObject(entry)) continue;
    const ups = urnStrings(entry.upstreams);
    const downs = urnStrings(entry.downstreams);
    for (const upstream of ups) {
      for (const downstream of downs) out.push({ upstream, downstream, via: 'fineGrainedLineage' });
    }
  }
}

export function edgesOfAspect(urn: string, aspectName: string, value: JsonObject): LineageLink[] {
  const out: LineageLink[] = [];
  const into = (upstreams: string[], via: LineageLink['via']) => {
    for (const upstream of upstreams) out.push({ upstream, downstream: urn, via });
  };
  switch (aspectName) {
    case 'upstreamLineage': {
      const datasets = listOf(value.upstreams)
        .filter(isObject)
        .map((upstream) => upstream.dataset)
        .filter((dataset): dataset is string => typeof dataset === 'string' && dataset.length > 0);
      into(datasets, 'upstreamLineage');
      fineGrained(value.fineGrainedLineages, out);
      break;
    }
    case 'chartInfo':
      into([...chartInputs(value.inputs), ...edgeDestinations(value.inputEdges)], 'chartInfo');
      break;
    case 'dashboardInfo':
      into(
        [...urnStrings(value.charts), ...edgeDestinations(value.chartEdges), ...urnStrings(value.datasets), ...edgeDestinations(value.datasetEdges)],
        'dashboardInfo',
      );
      break;
    case 'dataJobInputOutput': {
      into(
        [
          ...urnStrings(value.inputDatasets),
          ...edgeDestinations(value.inputDatasetEdges),
          ...urnStrings(value.inputDatajobs),
          ...edgeDestinations(value.inputDatajobEdges),
        ],
        'dataJobInputOutput',
      );
      for (const downstream of [...urnStrings(value.outputDatasets), ...edgeDestinations(value.outputDatasetEdges)]) {
        out.push({ upstream: urn, downstream, via: 'dataJobInputOutput' });
      }
      fineGrained(value.fineGrainedLineages, out);
      break;
    }
    default:
      break;
  }
  return dedupe(out);
}

function dedupe(links: LineageLink[]): LineageLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = `${link.upstream}\u0000${link.downstream}`;
    if (seen.has(key) || link.upstream === link.downstream) return false;
    seen.add(key);
    return true;
  });
}

/** `urn:li:dataJob:(<flow urn>,<job id>)` → the flow URN, read without a full parse (hot at start). */
export function flowOfDataJob(jobUrn: string): string | undefined {
  const prefix = 'urn:li:dataJob:(';
  if (!jobUrn.startsWith(prefix) || !jobUrn.endsWith(')')) return undefined;
  const inner = jobUrn.slice(prefix.length, -1);
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      const flow = inner.slice(0, i);
      return flow.startsWith('urn:li:dataFlow:') ? flow : undefined;
    }
  }
  return undefined;
}
