import type { LineageDirection, LineageScrollPage } from '../api/lineageClient';
import type { PendingMark } from '../common/pendingTypes';
import type { LineageFetcher } from './types';

/** One step of a lineage path: the entity reached, and the mark of the edge that reached it (pending views). */
export interface PathStep {
  urn: string;
  type?: string;
  mark?: PendingMark;
}

export interface LineagePath {
  /** `DOWNSTREAM`: data flows from `from` to `to`; `UPSTREAM`: from `to` to `from` */
  direction: LineageDirection;
  /** from the start to the end, both included (the start has no mark) */
  steps: PathStep[];
}

export interface PathOptions {
  /** hops followed at most (default 10) */
  maxHops?: number;
  /** entities visited at most per direction (default 500, as `catalog-code lineage`) */
  maxEntities?: number;
}

/**
 * The shortest lineage path between two entities (or two columns, as schemaField URNs), by a
 * breadth-first walk of one-hop pages: downstream from `from` first, else upstream. Over a
 * pending fetcher an edge the files remove is never walked through, and an edge they add is.
 * Undefined when no path exists within the bounds.
 */
export async function shortestPath(fetcher: LineageFetcher, from: string, to: string, options: PathOptions = {}): Promise<LineagePath | undefined> {
  for (const direction of ['DOWNSTREAM', 'UPSTREAM'] as const) {
    const steps = await walk(fetcher, from, to, direction, options);
    if (steps) return { direction, steps };
  }
  return undefined;
}

async function walk(fetcher: LineageFetcher, from: string, to: string, direction: LineageDirection, options: PathOptions): Promise<PathStep[] | undefined> {
  const maxHops = options.maxHops ?? 10;
  const maxEntities = options.maxEntities ?? 500;
  const reachedBy = new Map<string, { previous: string | undefined; step: PathStep }>([[from, { previous: undefined, step: { urn: from } }]]);
  let frontier = [from];
  for (let hop = 1; hop <= maxHops && frontier.length > 0 && !reachedBy.has(to); hop++) {
    const next: string[] = [];
    for (const urn of frontier) {
      for (const hit of await oneHop(fetcher, urn, direction)) {
        if (reachedBy.has(hit.urn) || hit.mark?.change === 'removed' || reachedBy.size >= maxEntities) continue;
        reachedBy.set(hit.urn, { previous: urn, step: { urn: hit.urn, type: hit.type, ...(hit.mark ? { mark: hit.mark } : {}) } });
        next.push(hit.urn);
      }
      if (reachedBy.has(to)) break;
    }
    frontier = next;
  }
  if (!reachedBy.has(to)) return undefined;
  const steps: PathStep[] = [];
  for (let at: string | undefined = to; at !== undefined; at = reachedBy.get(at)?.previous) {
    const entry = reachedBy.get(at);
    if (entry) steps.unshift(entry.step);
  }
  return steps;
}

async function oneHop(fetcher: LineageFetcher, urn: string, direction: LineageDirection): Promise<LineageScrollPage['results']> {
  const hits: LineageScrollPage['results'] = [];
  let scrollId: string | null = null;
  do {
    const page: LineageScrollPage = await fetcher.scrollLineage({ urn, direction, degrees: ['1'], count: 200, scrollId });
    hits.push(...page.results);
    scrollId = page.nextScrollId;
  } while (scrollId && hits.length < 1000);
  return hits;
}
