/** Part of the local GraphQL schema (see ../schema.ts): Lineage and search results. */
export const RESULTS_SDL = `
type FineGrainedLineage {
  upstreams: [SchemaFieldRef!]
  downstreams: [SchemaFieldRef!]
  query: String
  transformOperation: String
}

# A dataset's schemaMetadata aspect as DataHub's GraphQL gives it (entity.graphql: SchemaMetadata,
# SchemaField): the fields the local catalog keeps; null when the dataset has none.
type SchemaMetadata {
  datasetUrn: String
  name: String!
  platformUrn: String!
  version: Long!
  hash: String!
  fields: [SchemaField!]!
  primaryKeys: [String!]
}

type SchemaField {
  fieldPath: String!
  jsonPath: String
  nullable: Boolean!
  description: String
  nativeDataType: String
  recursive: Boolean!
  isPartOfKey: Boolean
}

type SchemaFieldRef {
  urn: String!
  path: String!
}

type EntityLineageResult {
  start: Int
  count: Int
  total: Int
  filtered: Int
  relationships: [LineageRelationship!]!
}

type LineageRelationship {
  type: String!
  entity: Entity
  degree: Int!
  isManual: Boolean
  paths: [EntityPath]
}

type EntityPath {
  path: [Entity]!
}

type SearchAcrossLineageResults {
  start: Int!
  count: Int!
  total: Int!
  searchResults: [SearchAcrossLineageResult!]!
}

type ScrollAcrossLineageResults {
  nextScrollId: String
  count: Int!
  total: Int!
  searchResults: [SearchAcrossLineageResult!]!
}

type SearchAcrossLineageResult {
  entity: Entity!
  matchedFields: [MatchedField!]!
  paths: [EntityPath]
  degree: Int!
  degrees: [Int!]
  explored: Boolean!
  truncatedChildren: Boolean!
  ignoredAsHop: Boolean!
}

type MatchedField {
  name: String!
  value: String!
}

type SearchResults {
  start: Int!
  count: Int!
  total: Int!
  searchResults: [SearchResult!]!
}

type ScrollResults {
  nextScrollId: String
  count: Int!
  total: Int!
  searchResults: [SearchResult!]!
}

type SearchResult {
  entity: Entity!
  matchedFields: [MatchedField!]!
}

type AutoCompleteResults {
  query: String!
  suggestions: [String!]!
  entities: [Entity!]!
}

type AutoCompleteMultipleResults {
  query: String!
  suggestions: [AutoCompleteResultForEntity!]!
}

type AutoCompleteResultForEntity {
  type: EntityType!
  suggestions: [String!]!
  entities: [Entity!]!
}
`;
