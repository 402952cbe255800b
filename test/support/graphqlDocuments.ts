/**
 * The GraphQL documents the tests send to the local catalog. Every one of them must also validate
 * against DataHub's real schema (test/service/graphqlSchema.test.ts checks it), so what works here
 * works against a real DataHub.
 */

export const UPDATE_LINEAGE = `mutation updateLineage($input: UpdateLineageInput!) {
  updateLineage(input: $input)
}`;

export const SCROLL_ACROSS_LINEAGE = `query scrollAcrossLineage($input: ScrollAcrossLineageInput!) {
  scrollAcrossLineage(input: $input) {
    nextScrollId
    count
    total
    searchResults {
      degree
      degrees
      entity { urn type }
      paths { path { urn type } }
    }
  }
}`;

export const SEARCH_ACROSS_LINEAGE = `query searchAcrossLineage($input: SearchAcrossLineageInput!) {
  searchAcrossLineage(input: $input) {
    start
    count
    total
    searchResults { degree entity { urn type } }
  }
}`;

export const ENTITY_EXISTS = `query entityExists($urn: String!) { entityExists(urn: $urn) }`;

export const ENTITIES = `query entities($urns: [String!]!) {
  entities(urns: $urns, checkForExistence: true) {
    urn
    type
    ... on Dataset { name origin platform { urn name } exists status { removed } }
    ... on DataJob { jobId dataFlow { urn flowId } }
    ... on SchemaFieldEntity { fieldPath parent { urn } }
  }
}`;

export const DATASET_LINEAGE_AND_PROPERTIES = `query dataset($urn: String!) {
  dataset(urn: $urn) {
    urn
    name
    exists
    upstream: lineage(input: { direction: UPSTREAM, start: 0, count: 100 }) {
      total
      relationships { type degree entity { urn type } }
    }
    downstream: lineage(input: { direction: DOWNSTREAM, start: 0, count: 100 }) {
      total
      relationships { type degree entity { urn type } }
    }
    fineGrainedLineages { upstreams { urn path } downstreams { urn path } transformOperation query }
    structuredProperties {
      properties {
        structuredProperty { urn definition { qualifiedName } }
        values { ... on StringValue { stringValue } ... on NumberValue { numberValue } }
        associatedUrn
      }
    }
    aspects(input: { aspectNames: ["upstreamLineage", "structuredProperties"] }) { aspectName payload }
  }
}`;

export const AUTO_COMPLETE = `query autoComplete($input: AutoCompleteInput!) {
  autoComplete(input: $input) { query suggestions entities { urn type } }
}`;

export const AUTO_COMPLETE_MULTIPLE = `query autoCompleteForMultiple($input: AutoCompleteMultipleInput!) {
  autoCompleteForMultiple(input: $input) { query suggestions { type suggestions entities { urn type } } }
}`;

const DEFINITION_FIELDS = `definition {
  qualifiedName displayName description cardinality immutable
  entityTypes { urn type info { type qualifiedName } }
  valueType { urn type info { type qualifiedName displayName } }
  allowedValues { value { ... on StringValue { stringValue } ... on NumberValue { numberValue } } description }
  typeQualifier { allowedTypes { urn type info { type } } }
}`;

export const STRUCTURED_PROPERTY = `query structuredProperty($urn: String!) {
  structuredProperty(urn: $urn) { urn type exists ${DEFINITION_FIELDS} settings { isHidden showInSearchFilters } }
}`;

export const SEARCH_STRUCTURED_PROPERTIES = `query searchStructuredProperties($query: String!, $start: Int!, $count: Int!, $includeSoftDeleted: Boolean) {
  searchAcrossEntities(input: { query: $query, types: [STRUCTURED_PROPERTY], start: $start, count: $count, searchFlags: { includeSoftDeleted: $includeSoftDeleted } }) {
    start count total
    searchResults { entity { urn type ... on StructuredPropertyEntity { ${DEFINITION_FIELDS} } } }
  }
}`;

export const SCROLL_ACROSS_ENTITIES = `query scrollAcrossEntities($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } }
}`;

export const ALL_DOCUMENTS: Record<string, string> = {
  UPDATE_LINEAGE,
  SCROLL_ACROSS_LINEAGE,
  SEARCH_ACROSS_LINEAGE,
  ENTITY_EXISTS,
  ENTITIES,
  DATASET_LINEAGE_AND_PROPERTIES,
  AUTO_COMPLETE,
  AUTO_COMPLETE_MULTIPLE,
  STRUCTURED_PROPERTY,
  SEARCH_STRUCTURED_PROPERTIES,
  SCROLL_ACROSS_ENTITIES,
};

export const ENTITY_ASPECTS = `query entityAspects($urn: String!, $names: [String!]) {
  entity(urn: $urn) {
    urn
    type
    ... on Dataset { aspects(input: { aspectNames: $names }) { aspectName payload } }
    ... on DataJob { aspects(input: { aspectNames: $names }) { aspectName payload } }
    ... on Chart { aspects(input: { aspectNames: $names }) { aspectName payload } }
    ... on Dashboard { aspects(input: { aspectNames: $names }) { aspectName payload } }
  }
}`;

ALL_DOCUMENTS.ENTITY_ASPECTS = ENTITY_ASPECTS;
