import type { CatalogStore } from '../store/types';
import type { GraphQLResolveInfo } from 'graphql';
import { LineagePathsTooLarge, searchLineage, type LineageDirection } from '../lineage/search';
import { selectsPath } from './selection';
import { badRequest } from './errors';
import { entityView } from './entityView';
import { checkedCount, checkedStart, decodeScrollId, encodeScrollId, searchFingerprint } from './paging';
import { planSearch, type AndFilter, type FacetFilter } from './searchFilters';

/**
 * `scrollAcrossLineage` and `searchAcrossLineage` (reference/datahub-api.md §1.3): a multi-hop walk
 * from `urn` with DataHub's result shape. The `degree` filter values `1`, `2`, `3+` bound the walk.
 */

interface LineageSearchInput {
  urn?: string | null;
  direction: LineageDirection;
  types?: string[] | null;
  query?: string | null;
  count?: number | null;
  orFilters?: AndFilter[] | null;
  filters?: FacetFilter[] | null;
  searchFlags?: { includeSoftDeleted?: boolean | null } | null;
}

export interface ScrollAcrossLineageInput extends LineageSearchInput {
  scrollId?: string | null;
}

export interface SearchAcrossLineageInput extends LineageSearchInput {
  start?: number | null;
}

function runSearch(store: CatalogStore, input: LineageSearchInput, offset: number, count: number, info?: GraphQLResolveInfo) {
  const start = input.urn;
  if (!start) throw badRequest('A lineage search needs input.urn, the URN of the entity to start from.');
  const includeSoftDeleted = input.searchFlags?.includeSoftDeleted === true;
  const plan = planSearch(store, { query: input.query, types: input.types, orFilters: input.orFilters, filters: input.filters, includeSoftDeleted });
  // Paths are built only when the query shows them, and then bounded (a deep chain makes them long).
  const withPaths = selectsPath(info, ['searchResults', 'paths']);
  let page;
  try {
    page = searchLineage(store.lineage, { start, direction: input.direction, maxDegree: plan.maxDegree, accept: plan.accept, ...(plan.acceptDegree ? { acceptDegree: plan.acceptDegree } : {}), offset, count, withPaths });
  } catch (error) {
    if (error instanceof LineagePathsTooLarge) throw badRequest(error.message);
    throw error;
  }
  const searchResults = page.hits.map((hit) => ({
    entity: entityView(store, hit.urn),
    degree: hit.degree,
    degrees: hit.degrees,
    paths: hit.paths.map((path) => ({ path: path.map((urn) => entityView(store, urn)) })),
    matchedFields: [],
    explored: true,
    truncatedChildren: false,
    ignoredAsHop: false,
  }));
  return { total: page.total, searchResults };
}

function fingerprintOf(input: LineageSearchInput): string {
  const { urn, direction, types, query, orFilters, filters, searchFlags } = input;
  return searchFingerprint([urn, direction, types ?? null, query ?? null, orFilters ?? null, filters ?? null, searchFlags?.includeSoftDeleted === true]);
}

export function scrollAcrossLineage(store: CatalogStore, input: ScrollAcrossLineageInput, info?: GraphQLResolveInfo) {
  const count = checkedCount(input.count);
  const fingerprint = fingerprintOf(input);
  const offset = decodeScrollId(input.scrollId, fingerprint);
  const { total, searchResults } = runSearch(store, input, offset, count, info);
  const next = offset + searchResults.length;
  return {
    nextScrollId: searchResults.length > 0 && next < total ? encodeScrollId(next, fingerprint) : null,
    count: searchResults.length,
    total,
    searchResults,
  };
}

export function searchAcrossLineage(store: CatalogStore, input: SearchAcrossLineageInput, info?: GraphQLResolveInfo) {
  const count = checkedCount(input.count);
  const start = checkedStart(input.start);
  const { total, searchResults } = runSearch(store, input, start, count, info);
  return { start, count: searchResults.length, total, searchResults };
}
