import type { CatalogStore } from '../store/types';
import { ENTITY_TYPE_NAMES, fromGraphqlEntityType, toGraphqlEntityType } from '../../core/urn/vocabulary';
import { badRequest } from './errors';
import { entityView } from './entityView';
import { checkedCount, checkedStart, decodeScrollId, encodeScrollId, searchFingerprint } from './paging';
import { planSearch, queryTest, type AndFilter, type FacetFilter } from './searchFilters';
import { urnFacts } from './urnFacts';

/**
 * Entity search without lineage: `searchAcrossEntities` / `scrollAcrossEntities` (how clients list
 * structured property definitions, `types: [STRUCTURED_PROPERTY]`) and `autoComplete` /
 * `autoCompleteForMultiple` (URN completion), in DataHub's shapes (reference/datahub-api.md §1.6).
 * Soft-deleted entities are left out unless `searchFlags.includeSoftDeleted` is true, as in DataHub.
 */

interface EntitySearchInput {
  types?: string[] | null;
  query: string;
  count?: number | null;
  orFilters?: AndFilter[] | null;
  filters?: FacetFilter[] | null;
  searchFlags?: { includeSoftDeleted?: boolean | null } | null;
}

const LIST_CHUNK = 5000;

/** Entity type names to search: the requested GraphQL types, or every type GraphQL knows. */
function entityTypesFor(types: readonly string[] | null | undefined): string[] {
  if (!types || types.length === 0) return ENTITY_TYPE_NAMES.filter((name) => toGraphqlEntityType(name) !== undefined);
  return types.flatMap((type) => {
    const name = fromGraphqlEntityType(type);
    return name ? [name] : [];
  });
}

function definitionText(store: CatalogStore, urn: string): string {
  const definition = store.getAspect(urn, 'propertyDefinition')?.value;
  return definition ? `${String(definition.qualifiedName ?? '')} ${String(definition.displayName ?? '')}`.toLowerCase() : '';
}

/** Every matching URN, in type order then URN order; the store narrows by URN text where it can. */
function matchingUrns(store: CatalogStore, input: EntitySearchInput, cap = Infinity): string[] {
  const includeSoftDeleted = input.searchFlags?.includeSoftDeleted === true;
  const plan = planSearch(store, { orFilters: input.orFilters, filters: input.filters, includeSoftDeleted: true });
  const matchesQuery = queryTest(input.query);
  const text = (input.query ?? '').trim().replace(/^\*+|\*+$/g, '').toLowerCase();
  const out: string[] = [];
  for (const entityType of entityTypesFor(input.types)) {
    // property definitions are also found by display name, which is not part of the URN
    const byDefinition = entityType === 'structuredProperty';
    const storeQuery = byDefinition ? undefined : text || undefined;
    for (let start = 0; ; start += LIST_CHUNK) {
      const page = store.listEntities(entityType, { start, count: LIST_CHUNK, query: storeQuery, excludeSoftDeleted: !includeSoftDeleted });
      for (const urn of page.urns) {
        const queryOk = !matchesQuery || matchesQuery(urn) || (byDefinition && definitionText(store, urn).includes(text));
        if (queryOk && plan.accept(urn, 0)) out.push(urn);
      }
      if (out.length >= cap) return out;
      if (page.urns.length < LIST_CHUNK || start + LIST_CHUNK >= page.total) break;
    }
  }
  return out;
}

function results(store: CatalogStore, urns: string[]) {
  return urns.map((urn) => ({ entity: entityView(store, urn), matchedFields: [] }));
}

export function searchAcrossEntities(store: CatalogStore, input: EntitySearchInput & { start?: number | null }) {
  const count = checkedCount(input.count);
  const start = checkedStart(input.start);
  const urns = matchingUrns(store, input);
  const page = urns.slice(start, start + count);
  return { start, count: page.length, total: urns.length, searchResults: results(store, page) };
}

export function scrollAcrossEntities(store: CatalogStore, input: EntitySearchInput & { scrollId?: string | null }) {
  const count = checkedCount(input.count);
  const fingerprint = searchFingerprint([input.types ?? null, input.query, input.orFilters ?? null, input.searchFlags?.includeSoftDeleted === true]);
  const offset = decodeScrollId(input.scrollId, fingerprint);
  const urns = matchingUrns(store, input);
  const page = urns.slice(offset, offset + count);
  const next = offset + page.length;
  return { nextScrollId: page.length > 0 && next < urns.length ? encodeScrollId(next, fingerprint) : null, count: page.length, total: urns.length, searchResults: results(store, page) };
}

interface AutoCompleteArgs {
  query: string;
  limit?: number | null;
  orFilters?: AndFilter[] | null;
  filters?: FacetFilter[] | null;
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 1000;

/** Candidates ranked for completion; completion looks at this many matches at most, to stay interactive. */
const MAX_COMPLETION_CANDIDATES = 2000;

/** Completions of one entity type: names starting with the query first, then other matches. */
function complete(store: CatalogStore, entityType: string, args: AutoCompleteArgs): string[] {
  const limit = args.limit ?? DEFAULT_LIMIT;
  if (limit < 0 || limit > MAX_LIMIT) throw badRequest(`limit must be between 0 and ${MAX_LIMIT}; got ${limit}.`);
  const urns = matchingUrns(store, { types: [toGraphqlEntityType(entityType) ?? ''], query: args.query, orFilters: args.orFilters, filters: args.filters, count: limit }, MAX_COMPLETION_CANDIDATES);
  const text = args.query.trim().replace(/^\*+|\*+$/g, '').toLowerCase();
  const rank = (urn: string) => (text && urnFacts(urn).name.toLowerCase().startsWith(text) ? 0 : 1);
  return urns
    .map((urn, index) => ({ urn, index, rank: rank(urn) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.urn);
}

function completionOf(store: CatalogStore, urns: string[]) {
  return { suggestions: urns.map((urn) => urnFacts(urn).name), entities: urns.map((urn) => entityView(store, urn)) };
}

export function autoComplete(store: CatalogStore, input: AutoCompleteArgs & { type?: string | null }) {
  const types = input.type ? entityTypesFor([input.type]) : entityTypesFor(null);
  const urns = types.flatMap((entityType) => complete(store, entityType, input)).slice(0, input.limit ?? DEFAULT_LIMIT);
  return { query: input.query, ...completionOf(store, urns) };
}

export function autoCompleteForMultiple(store: CatalogStore, input: AutoCompleteArgs & { types?: string[] | null }) {
  const suggestions = entityTypesFor(input.types).flatMap((entityType) => {
    const urns = complete(store, entityType, input);
    const type = toGraphqlEntityType(entityType);
    return urns.length > 0 && type ? [{ type, ...completionOf(store, urns) }] : [];
  });
  return { query: input.query, suggestions };
}
