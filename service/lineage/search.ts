import type { LineageIndex } from '../store/types';

/**
 * Multi-hop lineage search: a breadth-first walk from one entity over the lineage index, upstream or
 * downstream. An entity's `degree` is the fewest hops to it. Results come in walk order (degree,
 * then discovery), which is stable while the graph does not change, so offset paging is stable.
 *
 * The walk never goes deeper than the deepest degree the caller accepts (only degree 1 asked ⇒ one
 * hop), and only the entities on the requested page get paths and degree lists built; every other
 * reached entity costs one map entry, and `total` still counts every match.
 */

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

export interface LineageSearchRequest {
  start: string;
  direction: LineageDirection;
  /** deepest degree to walk to; Infinity walks the whole reachable graph */
  maxDegree: number;
  /** whether a reached entity is a result (filters); called once per entity, in walk order */
  accept: (urn: string, degree: number) => boolean;
  offset: number;
  count: number;
  /** most paths returned per hit (default 3) */
  maxPaths?: number;
}

export interface LineageHit {
  urn: string;
  /** fewest hops from the start */
  degree: number;
  /** every hop count at which the walk reached the entity, ascending */
  degrees: number[];
  /** paths from the start to the entity, both included, shortest first */
  paths: string[][];
}

export interface LineageSearchPage {
  hits: LineageHit[];
  total: number;
}

const MAX_DEGREES_LISTED = 10;

interface PageEntry {
  urn: string;
  degree: number;
  degrees: number[];
  otherParents: string[];
}

export function searchLineage(index: LineageIndex, request: LineageSearchRequest): LineageSearchPage {
  const { start, direction, maxDegree, accept, offset, count } = request;
  const maxPaths = Math.max(1, request.maxPaths ?? 3);
  const neighbours = direction === 'UPSTREAM' ? (urn: string) => index.upstreamsOf(urn) : (urn: string) => index.downstreamsOf(urn);
  // one map entry per reached entity: its first parent (the start maps to ''), which also marks it seen
  const parentOf = new Map<string, string>([[start, '']]);
  const page = new Map<string, PageEntry>();
  const pageEnd = offset + count;
  let total = 0;
  let frontier: string[] = [start];

  for (let level = 0; frontier.length > 0 && level < maxDegree; level++) {
    const hop = level + 1;
    const next: string[] = [];
    for (const node of frontier) {
      for (const neighbour of neighbours(node)) {
        const parent = parentOf.get(neighbour);
        if (parent === undefined) {
          parentOf.set(neighbour, node);
          next.push(neighbour);
          if (!accept(neighbour, hop)) continue;
          if (total >= offset && total < pageEnd) page.set(neighbour, { urn: neighbour, degree: hop, degrees: [hop], otherParents: [] });
          total++;
          continue;
        }
        const entry = page.get(neighbour);
        if (!entry) continue;
        if (entry.degree === hop) {
          if (entry.otherParents.length < maxPaths - 1 && parent !== node) entry.otherParents.push(node);
        } else if (!entry.degrees.includes(hop) && entry.degrees.length < MAX_DEGREES_LISTED) {
          entry.degrees.push(hop);
        }
      }
    }
    frontier = next;
  }

  const pathTo = (urn: string): string[] => {
    const path = [urn];
    for (let at = parentOf.get(urn); at !== undefined && at !== ''; at = parentOf.get(at)) path.push(at);
    return path.reverse();
  };
  const hits = [...page.values()].map((entry): LineageHit => {
    const paths = [pathTo(entry.urn), ...entry.otherParents.map((parent) => [...pathTo(parent), entry.urn])];
    return { urn: entry.urn, degree: entry.degree, degrees: entry.degrees, paths };
  });
  return { hits, total };
}
