import type { JsonObject } from '../api/pushClient';
import { entityTypeOfUrn } from '../urn';
import { asList, asRecord } from './pushJson';

/**
 * Where the service keeps the upstreams of a downstream entity (spec §2.5, datahub-api.md §1.2
 * step 3), and how to read them back from the stored aspect.
 */

export interface AspectKey {
  entityType: string;
  urn: string;
  aspectName: string;
}

const LINEAGE_ASPECT_OF: Record<string, string> = {
  dataset: 'upstreamLineage',
  dataJob: 'dataJobInputOutput',
  chart: 'chartInfo',
  dashboard: 'dashboardInfo',
};

/** The aspect holding a downstream's upstream list; undefined for types `updateLineage` cannot write. */
export function lineageAspectOf(downstreamUrn: string): AspectKey | undefined {
  const entityType = entityTypeOfUrn(downstreamUrn);
  const aspectName = entityType ? LINEAGE_ASPECT_OF[entityType] : undefined;
  return entityType && aspectName ? { entityType, urn: downstreamUrn, aspectName } : undefined;
}

function edgeDestinations(value: unknown): string[] {
  return asList(value).flatMap((edge) => {
    const destination = asRecord(edge)?.destinationUrn;
    return typeof destination === 'string' ? [destination] : [];
  });
}

function urnList(value: unknown): string[] {
  return asList(value).flatMap((item) => {
    if (typeof item === 'string') return [item];
    const wrapped = asRecord(item)?.string; // ChartInfo.inputs elements are {"string": urn}
    return typeof wrapped === 'string' ? [wrapped] : [];
  });
}

/**
 * The upstreams the stored lineage aspect of a downstream lists. Dataset ← dataJob edges are not
 * here: the service keeps them on the job (`outputDatasetEdges`), see `jobWritesDataset`.
 */
export function upstreamsInAspect(downstreamUrn: string, aspect: JsonObject | undefined): string[] {
  if (!aspect) return [];
  const unique = (urns: string[]) => [...new Set(urns)];
  switch (entityTypeOfUrn(downstreamUrn)) {
    case 'dataset':
      return unique(asList(aspect.upstreams).flatMap((u) => (typeof asRecord(u)?.dataset === 'string' ? [asRecord(u)?.dataset as string] : [])));
    case 'dataJob':
      return unique([...edgeDestinations(aspect.inputDatasetEdges), ...urnList(aspect.inputDatasets), ...edgeDestinations(aspect.inputDatajobEdges), ...urnList(aspect.inputDatajobs)]);
    case 'chart':
      return unique([...edgeDestinations(aspect.inputEdges), ...urnList(aspect.inputs)]);
    case 'dashboard':
      return unique([...edgeDestinations(aspect.chartEdges), ...urnList(aspect.charts), ...edgeDestinations(aspect.datasetEdges), ...urnList(aspect.datasets)]);
    default:
      return [];
  }
}

/** Whether a job's stored `dataJobInputOutput` lists `datasetUrn` among its outputs. */
export function jobWritesDataset(jobAspect: JsonObject | undefined, datasetUrn: string): boolean {
  if (!jobAspect) return false;
  return [...edgeDestinations(jobAspect.outputDatasetEdges), ...urnList(jobAspect.outputDatasets)].includes(datasetUrn);
}
