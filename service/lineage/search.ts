import type { LineageIndex } from '../store/types';
import { hasIds, type LineageIdIndex } from './lineageIndex';
import { REMOVED } from './neighbourList';

/**
 * Multi-hop lineage search: a breadth-first walk from one entity over the lineage index, upstream or
 * downstream. An entity's `degree` is the fewest hops to it. Results come in walk order (degree,
 * then discovery), which is stable while the graph does not change, so offset paging is stable.
 *
 * The walk never goes deeper than the deepest degree the caller accepts (only degree 1 asked ⇒ one
 * hop), and only the entities on the requested page get paths and degree lists built; every other
 * reached entity costs one map entry, and `total` still counts every match. Over the in-memory index
 * the walk runs on integer ids and typed arrays, and turns ids back into URNs only for `accept` and
 * the page; any other LineageIndex is walked by URN.
 */

export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

export interface LineageSearchRequest {
  start: string;
  direction: LineageDirection;
  /** deepest degree to walk to; Infinity walks the whole reachable graph */
  maxDegree: number;
  /** whether a reached entity is a result (filters); called once per entity, in walk order */
  accept: (urn: string, degree: number) => boolean;
  /**
   * Present when the filters look at the degree only (no query, type or field filter, no
   * soft-deleted entity to hide): asked once per hop instead of `accept` once per entity.
   */
  acceptDegree?: (degree: number) => boolean;
  offset: number;
  count: number;
  /** most paths returned per hit (default 3) */
  maxPaths?: number;
  /** whether to build paths at all (default true); a search that shows no path builds none */
  withPaths?: boolean;
  /** most entities all paths of the page may list together (default MAX_PATH_ENTRIES) */
  maxPathEntries?: number;
}

/**
 * Paths are as long as the hit's degree: on a 20,000-hop chain a page of 3,000 hits would list
 * tens of millions of entities (seconds of blocked event loop, gigabytes). A page whose paths
 * would list more than this is refused before any path is built.
 */
export const MAX_PATH_ENTRIES = 100_000;

export class LineagePathsTooLarge extends Error {
  constructor(
    readonly entries: number,
    readonly limit: number,
  ) {
    super(
      `The paths of this page would list ${entries} entities, more than the ${limit} the catalog builds for one request (its results lie deep in a long lineage chain). Ask for fewer results with count, or leave "paths" out of the query.`,
    );
    this.name = 'LineagePathsTooLarge';
  }
}

/** Entities all paths of these entries list: each path runs from the start (degree 0) to the hit. */
function pathEntries(entries: Iterable<{ degree: number; otherParents: unknown[] }>, limit: number): void {
  let total = 0;
  for (const entry of entries) total += (entry.degree + 1) * (1 + entry.otherParents.length);
  if (total > limit) throw new LineagePathsTooLarge(total, limit);
}

export interface LineageHit {
  urn: string;
  /** fewest hops from the start */
  degree: number;
  /** every hop count at which the walk reached the entity, ascending */
  degrees: number[];
  /** paths from the start to the entity, both included, shortest first (empty when not asked for) */
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
  return hasIds(index) ? searchByIds(index, request) : searchByUrns(index, request);
}

interface IdPageEntry {
  id: number;
  degree: number;
  degrees: number[];
  otherParents: number[];
}

function searchByIds(index: LineageIdIndex, request: LineageSearchRequest): LineageSearchPage {
  const { direction, maxDegree, accept, offset, count } = request;
  const maxPaths = Math.max(1, request.maxPaths ?? 3);
  const startId = index.idOf(request.start);
  if (startId < 0) return { hits: [], total: 0 };
  const upstream = direction === 'UPSTREAM';
  const limit = index.idLimit();
  // the first parent of each reached id (-1: not reached yet; the start is its own parent)
  const parentOf = new Int32Array(limit).fill(-1);
  parentOf[startId] = startId;
  const onPage = new Uint8Array(limit);
  const page = new Map<number, IdPageEntry>();
  const pageEnd = offset + count;
  // every reached id in walk order; each level is the slice after the previous one
  const queue = new Int32Array(limit);
  queue[0] = startId;
  let levelStart = 0;
  let levelEnd = 1;
  let total = 0;

  for (let level = 0; levelStart < levelEnd && level < maxDegree; level++) {
    const hop = level + 1;
    const levelAccepted = request.acceptDegree?.(hop);
    let reached = levelEnd;
    for (let q = levelStart; q < levelEnd; q++) {
      const node = queue[q];
      const neighbours = upstream ? index.upstreamIdsOf(node) : index.downstreamIdsOf(node);
      for (let k = 0; k < neighbours.length; k++) {
        const neighbour = neighbours[k];
        if (neighbour === REMOVED) continue;
        const parent = parentOf[neighbour];
        if (parent < 0) {
          parentOf[neighbour] = node;
          queue[reached++] = neighbour;
          if (levelAccepted === undefined ? !accept(index.urnOfId(neighbour), hop) : !levelAccepted) continue;
          if (total >= offset && total < pageEnd) {
            page.set(neighbour, { id: neighbour, degree: hop, degrees: [hop], otherParents: [] });
            onPage[neighbour] = 1;
          }
          total++;
          continue;
        }
        if (onPage[neighbour] === 0) continue;
        const entry = page.get(neighbour) as IdPageEntry;
        if (entry.degree === hop) {
          if (entry.otherParents.length < maxPaths - 1 && parent !== node) entry.otherParents.push(node);
        } else if (!entry.degrees.includes(hop) && entry.degrees.length < MAX_DEGREES_LISTED) {
          entry.degrees.push(hop);
        }
      }
    }
    levelStart = levelEnd;
    levelEnd = reached;
  }

  const pathTo = (id: number): string[] => {
    const path = [index.urnOfId(id)];
    for (let at = id; at !== startId; ) {
      at = parentOf[at];
      path.push(index.urnOfId(at));
    }
    return path.reverse();
  };
  const withPaths = request.withPaths !== false;
  if (withPaths) pathEntries(page.values(), request.maxPathEntries ?? MAX_PATH_ENTRIES);
  const hits = [...page.values()].map((entry): LineageHit => {
    const urn = index.urnOfId(entry.id);
    const paths = withPaths ? [pathTo(entry.id), ...entry.otherParents.map((parent) => [...pathTo(parent), urn])] : [];
    return { urn, degree: entry.degree, degrees: entry.degrees, paths };
  });
  return { hits, total };
}

function searchByUrns(index: LineageIndex, request: LineageSearchRequest): LineageSearchPage {
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
  const withPaths = request.withPaths !== false;
  if (withPaths) pathEntries(page.values(), request.maxPathEntries ?? MAX_PATH_ENTRIES);
  const hits = [...page.values()].map((entry): LineageHit => {
    const paths = withPaths ? [pathTo(entry.urn), ...entry.otherParents.map((parent) => [...pathTo(parent), entry.urn])] : [];
    return { urn: entry.urn, degree: entry.degree, degrees: entry.degrees, paths };
  });
  return { hits, total };
}
