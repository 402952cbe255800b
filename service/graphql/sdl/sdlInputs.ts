/** Part of the local GraphQL schema (see ../schema.ts): Inputs, enums and scalars (inputs are complete copies of DataHub's). */
export const INPUTS_SDL = `
input SearchAcrossEntitiesInput {
  types: [EntityType!]
  query: String!
  start: Int
  count: Int
  filters: [FacetFilterInput!] @deprecated(reason: "Use \`orFilters\`- they are more expressive")
  orFilters: [AndFilterInput!]
  viewUrn: String
  searchFlags: SearchFlags
  sortInput: SearchSortInput
}

input ScrollAcrossEntitiesInput {
  types: [EntityType!]
  query: String!
  scrollId: String
  keepAlive: String
  count: Int
  orFilters: [AndFilterInput!]
  viewUrn: String
  searchFlags: SearchFlags
  sortInput: SearchSortInput
}

input SearchAcrossLineageInput {
  urn: String
  direction: LineageDirection!
  types: [EntityType!]
  query: String
  start: Int
  count: Int
  filters: [FacetFilterInput!] @deprecated(reason: "Use \`orFilters\`- they are more expressive")
  orFilters: [AndFilterInput!]
  startTimeMillis: Long @deprecated(reason: "Use LineageFlags instead")
  endTimeMillis: Long @deprecated(reason: "Use LineageFlags instead")
  searchFlags: SearchFlags
  lineageFlags: LineageFlags
  viewUrn: String
  sortInput: SearchSortInput
}

input ScrollAcrossLineageInput {
  urn: String
  direction: LineageDirection!
  types: [EntityType!]
  query: String
  scrollId: String
  keepAlive: String
  count: Int
  orFilters: [AndFilterInput!]
  startTimeMillis: Long
  endTimeMillis: Long
  searchFlags: SearchFlags
  lineageFlags: LineageFlags
}

input AutoCompleteInput {
  type: EntityType
  query: String!
  field: String
  limit: Int
  filters: [FacetFilterInput!]
  orFilters: [AndFilterInput!]
}

input AutoCompleteMultipleInput {
  types: [EntityType!]
  query: String!
  field: String
  limit: Int
  filters: [FacetFilterInput!]
  orFilters: [AndFilterInput!]
  viewUrn: String
}

input UpdateLineageInput {
  edgesToAdd: [LineageEdge]!
  edgesToRemove: [LineageEdge]!
}

enum EntityType {
  DOMAIN
  DATASET
  CORP_USER
  CORP_GROUP
  DATA_PLATFORM
  ER_MODEL_RELATIONSHIP
  DASHBOARD
  NOTEBOOK
  CHART
  DATA_FLOW
  DATA_JOB
  TAG
  GLOSSARY_TERM
  GLOSSARY_NODE
  CONTAINER
  MLMODEL
  MLMODEL_GROUP
  MLFEATURE_TABLE
  MLFEATURE
  MLPRIMARY_KEY
  INGESTION_SOURCE
  EXECUTION_REQUEST
  ASSERTION
  DATA_PROCESS_INSTANCE
  DATA_PLATFORM_INSTANCE
  ACCESS_TOKEN
  TEST
  DATAHUB_POLICY
  DATAHUB_ROLE
  POST
  SCHEMA_FIELD
  DATAHUB_VIEW
  DATAHUB_COLUMN_VIEW
  QUERY
  DATA_PRODUCT
  CUSTOM_OWNERSHIP_TYPE
  DATAHUB_CONNECTION
  INCIDENT
  ROLE
  DATA_CONTRACT
  STRUCTURED_PROPERTY
  FORM
  DATA_TYPE
  ENTITY_TYPE
  RESTRICTED
  OTHER
  BUSINESS_ATTRIBUTE
  VERSION_SET
  APPLICATION
  DOCUMENT
  DATAHUB_PAGE_TEMPLATE
  DATAHUB_PAGE_MODULE
  DATAHUB_FILE
  METRIC
  SEMANTIC_MODEL
}

input LineageInput {
  direction: LineageDirection!
  start: Int
  count: Int
  separateSiblings: Boolean
  startTimeMillis: Long
  endTimeMillis: Long
  includeGhostEntities: Boolean = false
}

enum FabricType {
  DEV
  TEST
  QA
  UAT
  EI
  PRE
  STG
  NON_PROD
  PROD
  CORP
  RVW
  SANDBOX
  PRD
  TST
  SIT
  SBX
  CERT
}

input AspectParams {
  autoRenderOnly: Boolean
  aspectNames: [String!]
}

enum PropertyCardinality {
  SINGLE
  MULTIPLE
}

enum StdDataType {
  STRING
  NUMBER
  URN
  RICH_TEXT
  DATE
  OTHER
}

union PropertyValue = StringValue | NumberValue

input FacetFilterInput {
  field: String!
  values: [String!]
  negated: Boolean
  condition: FilterOperator
}

input AndFilterInput {
  and: [FacetFilterInput!]
}

input SearchFlags {
  skipCache: Boolean
  maxAggValues: Int
  fulltext: Boolean
  skipHighlighting: Boolean
  skipAggregates: Boolean
  getSuggestions: Boolean
  groupingSpec: GroupingSpec
  includeSoftDeleted: Boolean
  includeRestricted: Boolean
  customHighlightingFields: [String!]
  includeStructuredPropertyFacets: Boolean
  filterNonLatestVersions: Boolean
  includeExplain: Boolean
  searchType: String
  minScore: Float
}

input SearchSortInput {
  sortCriterion: SortCriterion @deprecated(reason: "Use sortCriteria instead")
  sortCriteria: [SortCriterion!]
}

enum LineageDirection {
  UPSTREAM
  DOWNSTREAM
}

scalar Long

input LineageFlags {
  entitiesExploredPerHopLimit: Int
  startTimeMillis: Long
  endTimeMillis: Long
  ignoreAsHops: [EntityTypeToPlatforms!]
}

input LineageEdge {
  downstreamUrn: String!
  upstreamUrn: String!
}

enum FilterOperator {
  CONTAIN
  EQUAL
  IEQUAL
  IN
  EXISTS
  GREATER_THAN
  GREATER_THAN_OR_EQUAL_TO
  LESS_THAN
  LESS_THAN_OR_EQUAL_TO
  START_WITH
  END_WITH
  DESCENDANTS_INCL
  ANCESTORS_INCL
  RELATED_INCL
}

input GroupingSpec {
  groupingCriteria: [GroupingCriterion!]
}

input SortCriterion {
  field: String!
  sortOrder: SortOrder!
}

input EntityTypeToPlatforms {
  entityType: EntityType!
  platforms: [String!]
}

input GroupingCriterion {
  baseEntityType: EntityType
  groupingEntityType: EntityType!
}

enum SortOrder {
  ASCENDING
  DESCENDING
}
`;
