import { ServiceError } from './errors';
import { graphqlRequest } from './graphql';
import { baseUrl, type ServiceConnection } from './http';

/** A value of a structured property on an entity, as the service holds it. */
export type PropertyValueView = string | number;

/** The structured properties one entity holds: property URN → values. */
export interface EntityPropertyValues {
  urn: string;
  /** GraphQL EntityType, e.g. `DATASET`, `SCHEMA_FIELD` */
  type: string;
  properties: Map<string, PropertyValueView[]>;
}

export interface PropertyUsersPage {
  entities: EntityPropertyValues[];
  /** how many entities the service says match */
  total: number;
  /** true when `limit` stopped the listing before the end */
  truncated: boolean;
}

// Validates against DataHub's schema (search.graphql, entity.graphql): `structuredProperties.<qualifiedName>`
// is the search field DataHub indexes a property under; EXISTS finds every entity holding a value.
const VALUES = `structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } }`;
export const SCROLL_PROPERTY_USERS = `query catalogCodePropertyUsers($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) {
    nextScrollId
    total
    searchResults { entity {
      urn
      type
      ... on Dataset { ${VALUES} }
      ... on SchemaFieldEntity { ${VALUES} }
      ... on DataJob { ${VALUES} }
      ... on DataFlow { ${VALUES} }
      ... on Chart { ${VALUES} }
      ... on Dashboard { ${VALUES} }
    } }
  }
}`;

interface RawValue {
  stringValue?: unknown;
  numberValue?: unknown;
}
interface RawEntity {
  urn?: unknown;
  type?: unknown;
  structuredProperties?: { properties?: { structuredProperty?: { urn?: unknown } | null; values?: (RawValue | null)[] | null }[] | null } | null;
}
interface ScrollData {
  scrollAcrossEntities: { nextScrollId?: string | null; total?: number; searchResults?: { entity?: RawEntity | null }[] | null } | null;
}

const PAGE_SIZE = 200;

/**
 * Entities that hold a value of any of `qualifiedNames` (OR), with all their structured-property
 * values, through `scrollAcrossEntities` — the service's search, so it scales with the catalog
 * and works against a real DataHub. Stops after `limit` entities.
 */
export async function findPropertyUsers(connection: ServiceConnection, qualifiedNames: readonly string[], options: { limit?: number; signal?: AbortSignal } = {}): Promise<PropertyUsersPage> {
  const limit = options.limit ?? 10_000;
  const entities: EntityPropertyValues[] = [];
  if (qualifiedNames.length === 0) return { entities, total: 0, truncated: false };
  const orFilters = qualifiedNames.map((name) => ({ and: [{ field: `structuredProperties.${name}`, condition: 'EXISTS', values: [] }] }));
  let scrollId: string | null = null;
  let total = 0;
  do {
    options.signal?.throwIfAborted();
    const input: Record<string, unknown> = { query: '*', count: Math.min(PAGE_SIZE, limit - entities.length), orFilters };
    if (scrollId) input.scrollId = scrollId;
    const data: ScrollData = await graphqlRequest<ScrollData>(connection, SCROLL_PROPERTY_USERS, { input });
    const result = data.scrollAcrossEntities;
    if (!result || !Array.isArray(result.searchResults)) {
      throw new ServiceError('badResponse', `The catalog service at ${baseUrl(connection)} answered scrollAcrossEntities without a list of results. Check that the URL points at a DataHub-compatible catalog.`);
    }
    total = typeof result.total === 'number' ? result.total : total;
    for (const hit of result.searchResults) {
      const entity = hit.entity;
      if (typeof entity?.urn !== 'string') continue;
      entities.push({ urn: entity.urn, type: typeof entity.type === 'string' ? entity.type : 'UNKNOWN', properties: valuesOf(entity) });
    }
    scrollId = typeof result.nextScrollId === 'string' && result.nextScrollId ? result.nextScrollId : null;
  } while (scrollId && entities.length < limit);
  return { entities, total: Math.max(total, entities.length), truncated: scrollId !== null };
}

function valuesOf(entity: RawEntity): Map<string, PropertyValueView[]> {
  const out = new Map<string, PropertyValueView[]>();
  for (const entry of entity.structuredProperties?.properties ?? []) {
    const property = entry.structuredProperty?.urn;
    if (typeof property !== 'string') continue;
    const values: PropertyValueView[] = [];
    for (const value of entry.values ?? []) {
      if (typeof value?.numberValue === 'number') values.push(value.numberValue);
      else if (typeof value?.stringValue === 'string') values.push(value.stringValue);
    }
    out.set(property, values);
  }
  return out;
}
