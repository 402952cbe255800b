import type { PendingBasis, PendingView } from '../../core/common/pendingTypes';
import type { LineageFetcher } from '../../core/lineage/types';
import type { ServerQueries } from '../serverQueries';

/**
 * The lineage tree's and graph's fetcher: every page asked of the language server, which owns the
 * pending state (the catalog with the workspace's files applied, or the files alone offline), so
 * the editor never recomputes what the files change and needs no token of its own for lineage.
 * `onBasis` hears what each answer was computed from, for the views to say "files only".
 */
export function serverLineageFetcher(server: ServerQueries, view: PendingView, onBasis?: (basis: PendingBasis | undefined) => void): LineageFetcher {
  return {
    scrollLineage: async (request) => {
      const page = await server.lineagePage({ ...request, view });
      onBasis?.(page.basis);
      return page;
    },
    fineGrainedLineages: (datasetUrn) => server.fineGrainedLineages({ datasetUrn, view }),
  };
}
