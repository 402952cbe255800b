import { fetchFineGrainedLineages, scrollLineage } from '../api/lineageClient';
import type { ServiceConnection } from '../api/http';
import type { LineageFetcher } from './types';

/** The lineage tree's fetcher over HTTP: `scrollAcrossLineage` and the `upstreamLineage` aspect. */
export function serviceLineageFetcher(connection: ServiceConnection): LineageFetcher {
  return {
    scrollLineage: (request) => scrollLineage(connection, request),
    fineGrainedLineages: (datasetUrn) => fetchFineGrainedLineages(connection, datasetUrn),
  };
}
