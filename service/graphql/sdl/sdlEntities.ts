/** Part of the local GraphQL schema (see ../schema.ts): Entity types and the structured-property types they return. */
export const ENTITIES_SDL = `
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
  schemaMetadata(version: Long): SchemaMetadata
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
`;
