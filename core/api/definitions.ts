import { ServiceError } from './errors';
import { graphqlRequest } from './graphql';
import { baseUrl, encodeUrnSegment, requestJson, type ServiceConnection } from './http';

/**
 * A structured-property definition as the service returns it: the `propertyDefinition` aspect in
 * its wire shape (valueType/entityTypes as URNs, allowed values as `{string}`/`{double}` unions)
 * and whether the `status` aspect marks it soft-deleted. core/definitions/fromAspect.ts turns it
 * into a PropertyDefinitionInfo.
 */
export interface ServicePropertyDefinition {
  urn: string;
  aspect: Record<string, unknown>;
  removed: boolean;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 200;

/**
 * Lists every definition, soft-deleted ones included (so the editor can say a property is
 * soft-deleted rather than unknown). Uses the OpenAPI v2 scroll; a service without it (404)
 * is asked through GraphQL `searchAcrossEntities`, as DataHub's own UI does.
 */
export async function listPropertyDefinitions(connection: ServiceConnection): Promise<ServicePropertyDefinition[]> {
  const viaOpenApi = await listViaOpenApi(connection);
  return viaOpenApi ?? listViaGraphQL(connection);
}

async function listViaOpenApi(connection: ServiceConnection): Promise<ServicePropertyDefinition[] | undefined> {
  const out: ServicePropertyDefinition[] = [];
  let scrollId: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams([
      ['aspects', 'propertyDefinition'],
      ['aspects', 'status'],
      ['count', String(PAGE_SIZE)],
      ['query', '*'],
      ['includeSoftDelete', 'true'],
    ]);
    if (scrollId) query.set('scrollId', scrollId);
    const body = await requestJson(connection, { method: 'GET', path: `/openapi/v2/entity/structuredProperty?${query.toString()}` });
    if (body === undefined) return page === 0 ? undefined : out;
    const record = asRecord(body);
    const results = record?.results;
    if (!Array.isArray(results)) throw badShape(connection, 'the structured-property list had no "results" array');
    for (const result of results) {
      const entity = asRecord(result);
      const aspects = asRecord(entity?.aspects);
      const definition = asRecord(asRecord(aspects?.propertyDefinition)?.value);
      if (typeof entity?.urn !== 'string' || !definition) continue;
      const status = asRecord(asRecord(aspects?.status)?.value);
      out.push({ urn: entity.urn, aspect: definition, removed: status?.removed === true });
    }
    scrollId = typeof record?.scrollId === 'string' && record.scrollId ? record.scrollId : undefined;
    if (!scrollId || results.length === 0) return out;
  }
  return out;
}

/** Exported so tests can validate it against DataHub's real schema. */
export const SEARCH_DEFINITIONS = `query catalogCodeListDefinitions($start: Int!, $count: Int!) {
  searchAcrossEntities(input: { query: "*", types: [STRUCTURED_PROPERTY], start: $start, count: $count }) {
    start count total
    searchResults { entity { ... on StructuredPropertyEntity {
      urn
      definition {
        qualifiedName displayName description cardinality immutable
        entityTypes { urn }
        valueType { urn }
        allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
        typeQualifier { allowedTypes { urn } }
      }
    } } }
  }
}`;

interface SearchDefinitionsData {
  searchAcrossEntities: {
    total: number;
    searchResults: { entity: GraphQLDefinitionEntity | Record<string, never> }[];
  } | null;
}

interface GraphQLDefinitionEntity {
  urn: string;
  definition: {
    qualifiedName: string;
    displayName?: string | null;
    description?: string | null;
    cardinality?: string | null;
    immutable?: boolean | null;
    entityTypes: { urn: string }[];
    valueType: { urn: string };
    allowedValues?: { value: { stringValue?: string; numberValue?: number }; description?: string | null }[] | null;
    typeQualifier?: { allowedTypes?: { urn: string }[] | null } | null;
  };
}

async function listViaGraphQL(connection: ServiceConnection): Promise<ServicePropertyDefinition[]> {
  const out: ServicePropertyDefinition[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const data = await graphqlRequest<SearchDefinitionsData>(connection, SEARCH_DEFINITIONS, { start: page * PAGE_SIZE, count: PAGE_SIZE });
    const results = data.searchAcrossEntities?.searchResults;
    if (!Array.isArray(results)) throw badShape(connection, 'searchAcrossEntities returned no results list');
    for (const { entity: found } of results) {
      if (!('definition' in found) || !found.definition) continue;
      const entity = found as GraphQLDefinitionEntity;
      // GraphQL does not expose the status aspect of a definition; OpenAPI is the source for soft deletes.
      out.push({ urn: entity.urn, aspect: aspectFromGraphQL(entity), removed: false });
    }
    const total = data.searchAcrossEntities?.total ?? 0;
    if (results.length === 0 || (page + 1) * PAGE_SIZE >= total) break;
  }
  return out;
}

function aspectFromGraphQL(entity: GraphQLDefinitionEntity): Record<string, unknown> {
  const d = entity.definition;
  const aspect: Record<string, unknown> = {
    qualifiedName: d.qualifiedName,
    valueType: d.valueType.urn,
    entityTypes: d.entityTypes.map((t) => t.urn),
    cardinality: d.cardinality ?? 'SINGLE',
  };
  if (d.displayName) aspect.displayName = d.displayName;
  if (d.description) aspect.description = d.description;
  if (typeof d.immutable === 'boolean') aspect.immutable = d.immutable;
  if (d.allowedValues?.length) {
    aspect.allowedValues = d.allowedValues.map((allowed) => ({
      value: typeof allowed.value.numberValue === 'number' ? { double: allowed.value.numberValue } : { string: allowed.value.stringValue ?? '' },
      ...(allowed.description ? { description: allowed.description } : {}),
    }));
  }
  const allowedTypes = d.typeQualifier?.allowedTypes?.map((t) => t.urn);
  if (allowedTypes?.length) aspect.typeQualifier = { allowedTypes };
  return aspect;
}

/** Reads one definition's soft-delete state (`status` aspect); false when the aspect is absent. */
export async function fetchPropertyStatus(connection: ServiceConnection, propertyUrn: string): Promise<{ removed: boolean }> {
  const body = await requestJson(connection, { method: 'GET', path: `/openapi/v2/entity/structuredProperty/${encodeUrnSegment(propertyUrn)}/status` });
  const value = asRecord(asRecord(body)?.value);
  return { removed: value?.removed === true };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function badShape(connection: ServiceConnection, what: string): ServiceError {
  return new ServiceError('badResponse', `The catalog service at ${baseUrl(connection)} answered in an unexpected shape (${what}). Check that the URL points at a DataHub-compatible catalog.`);
}
