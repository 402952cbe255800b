/**
 * The local catalog's GraphQL schema: a strict subset of DataHub's real schema (every type, field,
 * argument and enum value below exists with the same type there; test/service/graphqlSchema.test.ts
 * checks it), so a document written for this service also runs against a real DataHub. Input types
 * are complete, so any DataHub-valid input is accepted here; output types declare what this service
 * answers. Descriptions are left out: DataHub's own schema documents every field.
 */
export const LOCAL_SDL = `
schema {
  query: Query
  mutation: Mutation
}

type Query {
  dataPlatform(urn: String!): DataPlatform
  corpUser(urn: String!): CorpUser
  dataset(urn: String!): Dataset
  dashboard(urn: String!): Dashboard
  chart(urn: String!): Chart
  dataFlow(urn: String!): DataFlow
  dataJob(urn: String!): DataJob
  structuredProperty(urn: String!): StructuredPropertyEntity
  mlPrimaryKey(urn: String!): MLPrimaryKey
  entityExists(urn: String!): Boolean
  entity(urn: String!): Entity
  entities(urns: [String!]!, checkForExistence: Boolean): [Entity]
  searchAcrossEntities(input: SearchAcrossEntitiesInput!): SearchResults
  scrollAcrossEntities(input: ScrollAcrossEntitiesInput!): ScrollResults
  searchAcrossLineage(input: SearchAcrossLineageInput!): SearchAcrossLineageResults
  scrollAcrossLineage(input: ScrollAcrossLineageInput!): ScrollAcrossLineageResults
  autoComplete(input: AutoCompleteInput!): AutoCompleteResults
  autoCompleteForMultiple(input: AutoCompleteMultipleInput!): AutoCompleteMultipleResults
}

type Mutation {
  updateLineage(input: UpdateLineageInput!): Boolean
}

interface Entity {
  urn: String!
  type: EntityType!
}

interface EntityWithRelationships implements Entity {
  urn: String!
  type: EntityType!
  lineage(input: LineageInput!): EntityLineageResult
}

type Dataset implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  platform: DataPlatform!
  name: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  origin: FabricType! @deprecated(reason: "No longer supported")
  aspects(input: AspectParams): [RawAspect!]
  fineGrainedLineages: [FineGrainedLineage!]
  exists: Boolean
  structuredProperties: StructuredProperties
}

type DataJob implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  dataFlow: DataFlow
  jobId: String!
  platform: DataPlatform
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
  aspects(input: AspectParams): [RawAspect!]
  structuredProperties: StructuredProperties
}

type DataFlow implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  orchestrator: String!
  flowId: String!
  cluster: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  platform: DataPlatform!
  exists: Boolean
  aspects(input: AspectParams): [RawAspect!]
  structuredProperties: StructuredProperties
}

type Chart implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  tool: String!
  chartId: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  platform: DataPlatform!
  exists: Boolean
  aspects(input: AspectParams): [RawAspect!]
  structuredProperties: StructuredProperties
}

type Dashboard implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  tool: String!
  dashboardId: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  platform: DataPlatform!
  exists: Boolean
  aspects(input: AspectParams): [RawAspect!]
  structuredProperties: StructuredProperties
}

type MLPrimaryKey implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  name: String!
  featureNamespace: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
  aspects(input: AspectParams): [RawAspect!]
  structuredProperties: StructuredProperties
}

type MLFeature implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  name: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
}

type MLModel implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  name: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
}

type MLModelGroup implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  name: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
}

type MLFeatureTable implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  name: String!
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
  exists: Boolean
}

type DataProcessInstance implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  exists: Boolean
  status: Status
  lineage(input: LineageInput!): EntityLineageResult
}

type SchemaFieldEntity implements EntityWithRelationships & Entity {
  urn: String!
  type: EntityType!
  fieldPath: String!
  parent: Entity!
  structuredProperties: StructuredProperties
  lineage(input: LineageInput!): EntityLineageResult
  status: Status
}

type CorpUser implements Entity {
  urn: String!
  type: EntityType!
  username: String!
  exists: Boolean
}

type CorpGroup implements Entity {
  urn: String!
  type: EntityType!
  name: String!
  exists: Boolean
}

type Container implements Entity {
  urn: String!
  type: EntityType!
  status: Status
  exists: Boolean
}

type Notebook implements Entity {
  urn: String!
  type: EntityType!
  status: Status
  exists: Boolean
}

type GlossaryTerm implements Entity {
  urn: String!
  type: EntityType!
  status: Status
  exists: Boolean
}

type Domain implements Entity {
  urn: String!
  type: EntityType!
}

type Tag implements Entity {
  urn: String!
  type: EntityType!
}

type Restricted implements Entity & EntityWithRelationships {
  urn: String!
  type: EntityType!
  lineage(input: LineageInput!): EntityLineageResult
}

type DataPlatform implements Entity {
  urn: String!
  type: EntityType!
  name: String!
}

type StructuredPropertyEntity implements Entity {
  urn: String!
  type: EntityType!
  exists: Boolean
  definition: StructuredPropertyDefinition!
  settings: StructuredPropertySettings
}

type StructuredPropertyDefinition {
  qualifiedName: String!
  displayName: String
  description: String
  cardinality: PropertyCardinality
  allowedValues: [AllowedValue!]
  valueType: DataTypeEntity!
  typeQualifier: TypeQualifier
  entityTypes: [EntityTypeEntity!]!
  immutable: Boolean!
}

type DataTypeEntity implements Entity {
  urn: String!
  type: EntityType!
  info: DataTypeInfo!
}

type DataTypeInfo {
  type: StdDataType!
  qualifiedName: String!
  displayName: String
  description: String
}

type EntityTypeEntity implements Entity {
  urn: String!
  type: EntityType!
  info: EntityTypeInfo!
}

type EntityTypeInfo {
  type: EntityType!
  qualifiedName: String!
  displayName: String
  description: String
}

type AllowedValue {
  value: PropertyValue!
  description: String
}

type StringValue {
  stringValue: String!
}

type NumberValue {
  numberValue: Float!
}

type TypeQualifier {
  allowedTypes: [EntityTypeEntity!]
}

type StructuredPropertySettings {
  isHidden: Boolean!
  showInSearchFilters: Boolean!
  showInAssetSummary: Boolean!
  showAsAssetBadge: Boolean!
  showInColumnsTable: Boolean!
}

type StructuredProperties {
  properties: [StructuredPropertiesEntry!]
}

type StructuredPropertiesEntry {
  structuredProperty: StructuredPropertyEntity!
  values: [PropertyValue]!
  valueEntities: [Entity]
  associatedUrn: String!
}

type Status {
  removed: Boolean!
}

type RawAspect {
  aspectName: String!
  payload: String
}

type FineGrainedLineage {
  upstreams: [SchemaFieldRef!]
  downstreams: [SchemaFieldRef!]
  query: String
  transformOperation: String
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
