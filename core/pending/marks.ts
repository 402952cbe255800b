import type { FineGrainedLineageView, LineageDirection, LineageSearchHit } from '../api/lineageClient';
import { fineGrainedFromAspect } from '../api/lineageClient';
import { fineGrainedKey } from '../plan/pushPlanLineage';
import { entityTypeOfUrn, toGraphqlEntityType } from '../urn';
import { removedBy, type DownstreamIntent, type LineageIntentIndex } from './lineageIntent';
import type { PendingMark } from '../common/pendingTypes';

/**
 * Marks on lineage as the workspace's files will leave it: pure functions over the catalog's
 * answer (undefined offline) and the files' intent, so every surface marks an edge the same way.
 */

export const UNCHANGED: PendingMark = Object.freeze({ change: 'unchanged', sources: [] }) as PendingMark;

function mark(change: PendingMark['change'], sources: Iterable<string>): PendingMark {
  return { change, sources: [...new Set(sources)].sort() };
}

/** GraphQL EntityType of a URN the catalog did not answer about (an entity only the files name). */
export function graphqlTypeOf(urn: string): string {
  const type = entityTypeOfUrn(urn);
  return (type && toGraphqlEntityType(type)) ?? 'UNKNOWN';
}

/**
 * One hop from `urn` over the pending state: the catalog's hits, those the files remove marked
 * `removed` (kept, so a view strikes them through), then the entities the files add. Offline
 * (`catalogHits` undefined) the files' own edges: added, and the removals they state.
 */
export function markOneHop(urn: string, direction: LineageDirection, catalogHits: readonly LineageSearchHit[] | undefined, index: LineageIntentIndex): LineageSearchHit[] {
  const out: LineageSearchHit[] = [];
  const seen = new Set<string>([urn]);
  const removal = (other: string) => (direction === 'UPSTREAM' ? removedBy(index, urn, other) : removedBy(index, other, urn));
  for (const hit of catalogHits ?? []) {
    if (seen.has(hit.urn)) continue;
    seen.add(hit.urn);
    const removers = removal(hit.urn);
    out.push({ urn: hit.urn, type: hit.type, degree: 1, mark: removers ? mark('removed', removers) : UNCHANGED });
  }
  const own: DownstreamIntent | undefined = index.byDownstream.get(urn);
  const added = direction === 'UPSTREAM' ? own?.adds : index.addedDownstreams.get(urn);
  for (const [other, sources] of sortedEntries(added)) {
    if (seen.has(other)) continue;
    seen.add(other);
    out.push({ urn: other, type: graphqlTypeOf(other), degree: 1, mark: mark('added', sources) });
  }
  if (catalogHits === undefined) {
    const removed = direction === 'UPSTREAM' ? own?.removes : index.removedDownstreams.get(urn);
    for (const [other, sources] of sortedEntries(removed)) {
      if (seen.has(other)) continue;
      seen.add(other);
      out.push({ urn: other, type: graphqlTypeOf(other), degree: 1, mark: mark('removed', sources) });
    }
  }
  return out;
}

/**
 * A dataset's column-level edges over the pending state: when the files own its columns, each
 * stored edge they no longer list is `removed` and each new one `added`; otherwise the stored
 * ones are unchanged. Offline (`stored` undefined) the files' edges are `added`.
 */
export function markFineGrained(stored: readonly FineGrainedLineageView[] | undefined, owned: DownstreamIntent['fineGrained'], proposal?: SqlProposal): FineGrainedLineageView[] {
  if (!owned) return withProposed((stored ?? []).map((view) => ({ ...view, mark: UNCHANGED })), proposal);
  const desired = fineGrainedFromAspect({ fineGrainedLineages: owned.entries });
  const desiredKeys = new Set(desired.map(fineGrainedKey));
  const storedKeys = new Set((stored ?? []).map(fineGrainedKey));
  return withProposed(
    [
      ...(stored ?? []).map((view) => ({ ...view, mark: desiredKeys.has(fineGrainedKey(view)) ? UNCHANGED : mark('removed', owned.sources) })),
      ...desired.filter((view) => !storedKeys.has(fineGrainedKey(view))).map((view) => ({ ...view, mark: mark('added', owned.sources) })),
    ],
    proposal,
  );
}

/** The column edges the SQL defining a dataset implies (core/sql/impliedLineage.ts), and the file it is in (a URI). */
export interface SqlProposal {
  edges: readonly FineGrainedLineageView[];
  source: string;
}

/**
 * The SQL's edges for output columns no edge of the view reaches (written, stored and not removed),
 * marked `proposed`: what its quick fix or Write Column Lineage from SQL… would write.
 */
function withProposed(views: FineGrainedLineageView[], proposal: SqlProposal | undefined): FineGrainedLineageView[] {
  if (!proposal) return views;
  const reached = new Set(views.filter((view) => view.mark?.change !== 'removed').flatMap((view) => view.downstreams.map((urn) => urn.toLowerCase())));
  const proposed = proposal.edges.filter((edge) => edge.upstreams.length > 0 && !edge.downstreams.some((urn) => reached.has(urn.toLowerCase())));
  return [...views, ...proposed.map((edge) => ({ ...edge, mark: mark('proposed', [proposal.source]) }))];
}

function sortedEntries(map: ReadonlyMap<string, ReadonlySet<string>> | undefined): [string, ReadonlySet<string>][] {
  return [...(map ?? new Map<string, ReadonlySet<string>>())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
