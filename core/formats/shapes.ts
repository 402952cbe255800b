import { DATA_TYPE_NAMES, ENTITY_TYPE_NAMES, FABRIC_TYPES } from '../urn';

/**
 * The data rules judge adapter facts with: for every ObjectShapeFact.shape the keys the model
 * knows and the keys it requires, and for every EnumValueFact.enumName the allowed values.
 * Sources: reference/datahub-formats.md §1a–1d and the PDL models in reference/datahub-pdl/.
 *
 * `STRICT_SHAPES` are the DataHub CLI models with `extra="forbid"` (an unknown key is an error
 * there); the aspect shapes come from PDL records, where servers ignore or reject unknown keys
 * depending on version, so an unknown key is worth a warning at most.
 */

export const SHAPE_NAMES = [
  'propertyDefinitions.property',
  'propertyDefinitions.allowedValue',
  'propertyDefinitions.typeQualifier',
  'propertyDefinitions.settings',
  'datasetYaml.dataset',
  'datasetYaml.schema',
  'datasetYaml.field',
  'datasetYaml.owner',
  'lineageFile.root',
  'lineageFile.node',
  'lineageFile.entity',
  'lineageFile.fineGrainedLineage',
  'mcp.proposal',
  'mcp.aspect',
  'mce.event',
  'mce.snapshot',
  'patch.operation',
  'aspect.upstreamLineage',
  'aspect.upstream',
  'aspect.fineGrainedLineage',
  'aspect.propertyDefinition',
  'aspect.allowedValue',
  'aspect.structuredProperties',
  'aspect.structuredPropertySettings',
  'aspect.propertyValueAssignment',
  'aspect.status',
  'aspect.dataJobInputOutput',
  'aspect.chartInfo',
  'aspect.dashboardInfo',
  'aspect.dataFlowInfo',
  'aspect.edge',
  'lineageEdges.root',
  'lineageEdges.edge',
  'formsYaml.form',
  'formsYaml.prompt',
  'formsYaml.entities',
  'formsYaml.filters',
  'formsYaml.actors',
] as const;

export type ShapeName = (typeof SHAPE_NAMES)[number];

const AUDITED = ['created', 'lastModified'] as const;

export const KNOWN_KEYS: Record<ShapeName, readonly string[]> = {
  'propertyDefinitions.property': [
    'id', 'urn', 'qualified_name', 'type', 'value_entity_types', 'description', 'display_name', 'entity_types',
    'cardinality', 'allowed_values', 'type_qualifier', 'immutable', 'version', 'settings', 'allowed_platforms',
  ],
  'propertyDefinitions.allowedValue': ['value', 'description'],
  'propertyDefinitions.typeQualifier': ['allowed_types'],
  /** PR #13732's StructuredPropertySettings model (core/datahub/versions.ts propertySettingsYaml) */
  'propertyDefinitions.settings': ['is_hidden', 'show_as_asset_badge', 'show_in_asset_summary', 'show_in_columns_table', 'show_in_search_filters'],
  'datasetYaml.dataset': [
    'id', 'platform', 'env', 'urn', 'name', 'description', 'schema', 'downstreams', 'properties', 'subtype', 'subtypes',
    'tags', 'glossary_terms', 'owners', 'structured_properties', 'external_url', 'domains',
  ],
  'datasetYaml.schema': ['file', 'fields', 'raw_schema'],
  'datasetYaml.field': [
    'id', 'urn', 'structured_properties', 'type', 'nativeDataType', 'nullable', 'description', 'doc', 'label', 'created',
    'lastModified', 'recursive', 'globalTags', 'glossaryTerms', 'isPartOfKey', 'isPartitioningKey', 'jsonProps',
  ],
  'datasetYaml.owner': ['id', 'type'],
  'lineageFile.root': ['version', 'lineage'],
  'lineageFile.node': ['entity', 'upstream', 'fineGrainedLineages'],
  'lineageFile.entity': ['name', 'type', 'platform', 'env', 'platform_instance'],
  'lineageFile.fineGrainedLineage': [
    'upstreamType', 'upstreams', 'downstreamType', 'downstreams', 'transformOperation', 'confidenceScore',
  ],
  'mcp.proposal': [
    'entityType', 'entityUrn', 'entityKeyAspect', 'changeType', 'aspectName', 'aspect', 'systemMetadata', 'auditHeader', 'headers',
  ],
  'mcp.aspect': ['json', 'value', 'contentType'],
  'mce.event': ['auditHeader', 'proposedSnapshot', 'proposedDelta', 'systemMetadata'],
  'mce.snapshot': ['urn', 'aspects'],
  'patch.operation': ['op', 'path', 'value', 'from'],
  'aspect.upstreamLineage': ['upstreams', 'fineGrainedLineages'],
  'aspect.upstream': ['auditStamp', 'created', 'dataset', 'type', 'properties', 'query'],
  'aspect.fineGrainedLineage': [
    'upstreamType', 'upstreams', 'downstreamType', 'downstreams', 'transformOperation', 'confidenceScore', 'query',
  ],
  'aspect.propertyDefinition': [
    'qualifiedName', 'displayName', 'valueType', 'typeQualifier', 'allowedValues', 'cardinality', 'entityTypes',
    'description', 'searchConfiguration', 'immutable', 'version', 'allowedPlatforms', ...AUDITED,
  ],
  'aspect.allowedValue': ['value', 'description'],
  'aspect.structuredProperties': ['properties'],
  'aspect.structuredPropertySettings': [
    'isHidden', 'showInSearchFilters', 'showInAssetSummary', 'hideInAssetSummaryWhenEmpty', 'showAsAssetBadge', 'showInColumnsTable', 'lastModified',
  ],
  'aspect.propertyValueAssignment': ['propertyUrn', 'values', 'attribution', ...AUDITED],
  'aspect.status': ['removed', 'lifecycleStage', 'lifecycleLastUpdated'],
  'aspect.dataJobInputOutput': [
    'inputDatasets', 'inputDatasetEdges', 'outputDatasets', 'outputDatasetEdges', 'inputDatajobs', 'inputDatajobEdges',
    'inputDatasetFields', 'outputDatasetFields', 'fineGrainedLineages',
  ],
  'aspect.chartInfo': [
    'customProperties', 'externalUrl', 'title', 'description', 'lastModified', 'chartUrl', 'inputs', 'inputEdges', 'type',
    'access', 'lastRefreshed',
  ],
  'aspect.dashboardInfo': [
    'customProperties', 'externalUrl', 'title', 'description', 'charts', 'chartEdges', 'datasets', 'datasetEdges',
    'dashboards', 'lastModified', 'dashboardUrl', 'access', 'lastRefreshed',
  ],
  'aspect.dataFlowInfo': ['customProperties', 'externalUrl', 'name', 'description', 'project', 'created', 'lastModified', 'env'],
  'aspect.edge': ['sourceUrn', 'destinationUrn', 'created', 'lastModified', 'properties', 'confidenceScore'],
  'lineageEdges.root': ['edgesToAdd', 'edgesToRemove'],
  'lineageEdges.edge': ['downstreamUrn', 'upstreamUrn'],
  // `datahub forms upsert` (metadata-ingestion/src/datahub/api/entities/forms/forms.py, ConfigModels)
  'formsYaml.form': ['id', 'urn', 'name', 'description', 'prompts', 'type', 'version', 'entities', 'owners', 'group_owners', 'actors'],
  'formsYaml.prompt': [
    'id', 'title', 'description', 'type', 'structured_property_id', 'structured_property_urn', 'required', 'ownership_params',
    'glossary_terms_params', 'domain_params',
  ],
  'formsYaml.entities': ['urns', 'filters'],
  'formsYaml.filters': ['types', 'sub_types', 'platforms', 'platform_instances', 'domains', 'containers', 'owners', 'tags', 'terms'],
  'formsYaml.actors': ['owners', 'users', 'groups'],
};

/**
 * Keys that must always be present. Conditional requirements (`id` or `urn`, `platform` when no
 * `urn`) are recorded by the adapters themselves as MissingKeyFacts.
 */
/** `entityTypes` → `entity_types`: the aspect's (camelCase) spelling of a YAML key. */
export const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Keys of a YAML model written as the aspect names the field, where the names differ by more than
 * case style: `valueType` in a propertyDefinition aspect is `type` in the properties YAML.
 */
export const ASPECT_KEY_TWINS: Partial<Record<ShapeName, Readonly<Record<string, string>>>> = {
  'propertyDefinitions.property': { valueType: 'type' },
};

/** The YAML key a key written in the aspect's spelling stands for (content detection reads it so). */
export function yamlKeyTwin(shape: ShapeName, key: string): string {
  return ASPECT_KEY_TWINS[shape]?.[key] ?? camelToSnake(key);
}

export const REQUIRED_KEYS: Record<ShapeName, readonly string[]> = {
  'propertyDefinitions.property': ['type'],
  'propertyDefinitions.allowedValue': ['value'],
  'propertyDefinitions.typeQualifier': ['allowed_types'],
  'propertyDefinitions.settings': [],
  'datasetYaml.dataset': [],
  'datasetYaml.schema': [],
  'datasetYaml.field': [],
  'datasetYaml.owner': ['id'],
  'lineageFile.root': ['lineage'],
  'lineageFile.node': ['entity'],
  'lineageFile.entity': ['name', 'type', 'platform'],
  'lineageFile.fineGrainedLineage': [],
  'mcp.proposal': ['entityType', 'changeType'],
  'mcp.aspect': [],
  'mce.event': ['proposedSnapshot'],
  'mce.snapshot': ['urn', 'aspects'],
  'patch.operation': ['op', 'path'],
  'aspect.upstreamLineage': ['upstreams'],
  'aspect.upstream': ['dataset', 'type'],
  'aspect.fineGrainedLineage': ['upstreamType', 'downstreamType'],
  'aspect.propertyDefinition': ['qualifiedName', 'valueType', 'entityTypes'],
  'aspect.allowedValue': ['value'],
  'aspect.structuredProperties': ['properties'],
  'aspect.structuredPropertySettings': [],
  'aspect.propertyValueAssignment': ['propertyUrn', 'values'],
  'aspect.status': [],
  'aspect.dataJobInputOutput': ['inputDatasets', 'outputDatasets'],
  'aspect.chartInfo': ['title', 'description', 'lastModified'],
  'aspect.dashboardInfo': ['title', 'description', 'lastModified'],
  'aspect.dataFlowInfo': ['name'],
  'aspect.edge': ['destinationUrn'],
  'lineageEdges.root': ['edgesToAdd', 'edgesToRemove'],
  'lineageEdges.edge': ['downstreamUrn', 'upstreamUrn'],
  'formsYaml.form': ['name'],
  'formsYaml.prompt': ['title', 'type'],
  'formsYaml.entities': [],
  'formsYaml.filters': [],
  'formsYaml.actors': [],
};

/** Shapes read by a DataHub CLI model with `extra="forbid"`: an unknown key fails the whole file. */
export const STRICT_SHAPES: ReadonlySet<ShapeName> = new Set<ShapeName>(
  SHAPE_NAMES.filter((shape) => /^(propertyDefinitions|datasetYaml|lineageFile|formsYaml)\./.test(shape)),
);

/** How a shape is named to a user ("an unknown key in a lineage-file entity"). */
export const SHAPE_LABELS: Record<ShapeName, string> = {
  'propertyDefinitions.property': 'a structured-property definition',
  'propertyDefinitions.allowedValue': 'an allowed value',
  'propertyDefinitions.typeQualifier': 'a type_qualifier',
  'propertyDefinitions.settings': "a property's display settings",
  'datasetYaml.dataset': 'a dataset',
  'datasetYaml.schema': 'a dataset schema',
  'datasetYaml.field': 'a schema field',
  'datasetYaml.owner': 'an owner',
  'lineageFile.root': 'a lineage file',
  'lineageFile.node': 'a lineage entry',
  'lineageFile.entity': 'a lineage-file entity',
  'lineageFile.fineGrainedLineage': 'a fineGrainedLineages entry',
  'mcp.proposal': 'a metadata change proposal',
  'mcp.aspect': 'an MCP aspect',
  'mce.event': 'a metadata change event',
  'mce.snapshot': 'an MCE snapshot',
  'patch.operation': 'a JSON-Patch operation',
  'aspect.upstreamLineage': 'an upstreamLineage aspect',
  'aspect.upstream': 'an upstream',
  'aspect.fineGrainedLineage': 'a fineGrainedLineages entry',
  'aspect.propertyDefinition': 'a propertyDefinition aspect',
  'aspect.allowedValue': 'an allowed value',
  'aspect.structuredProperties': 'a structuredProperties aspect',
  'aspect.structuredPropertySettings': 'a structuredPropertySettings aspect',
  'aspect.propertyValueAssignment': 'a structured-property assignment',
  'aspect.status': 'a status aspect',
  'aspect.dataJobInputOutput': 'a dataJobInputOutput aspect',
  'aspect.chartInfo': 'a chartInfo aspect',
  'aspect.dashboardInfo': 'a dashboardInfo aspect',
  'aspect.dataFlowInfo': 'a dataFlowInfo aspect',
  'aspect.edge': 'a lineage edge',
  'lineageEdges.root': 'an updateLineage input',
  'lineageEdges.edge': 'a lineage edge',
  'formsYaml.form': 'a form',
  'formsYaml.prompt': 'a form prompt',
  'formsYaml.entities': "a form's entities",
  'formsYaml.filters': "a form's filters",
  'formsYaml.actors': "a form's actors",
};

export const ENUMS: Record<string, readonly string[]> = {
  /** structured-property value type (definitions YAML `type`, when not written as a URN) */
  propertyType: DATA_TYPE_NAMES,
  cardinality: ['SINGLE', 'MULTIPLE'],
  changeType: ['UPSERT', 'CREATE', 'UPDATE', 'DELETE', 'PATCH', 'RESTATE'],
  upstreamType: ['FIELD_SET', 'DATASET', 'NONE'],
  downstreamType: ['FIELD', 'FIELD_SET'],
  lineageType: ['COPY', 'TRANSFORMED', 'VIEW'],
  /** lineage-file `entity.type`: the DataHub lineage source accepts only datasets */
  lineageEntityType: ['dataset'],
  /** `env` of the dataset YAML and the lineage file (the lineage source uppercases it first) */
  fabricType: FABRIC_TYPES,
  /** dataset YAML `schema.fields[].type` */
  fieldType: ['string', 'number', 'int', 'long', 'float', 'double', 'boolean', 'bytes', 'fixed'],
  /** short entity type names: definition `entity_types`, `type_qualifier.allowed_types`, MCP `entityType` (case-sensitive) */
  entityType: ENTITY_TYPE_NAMES,
  /**
   * an MCP's own `entityType`: the same names, but GMS finds them whatever their case
   * (ConfigEntityRegistry.getEntitySpec lower-cases the name), so a case slip is advice
   */
  proposalEntityType: ENTITY_TYPE_NAMES,
  /** dataset YAML `owners[].type` when not written as an `urn:li:ownershipType:` URN */
  ownershipType: [
    'TECHNICAL_OWNER', 'BUSINESS_OWNER', 'DATA_STEWARD', 'NONE', 'DEVELOPER', 'DATAOWNER', 'DELEGATE', 'PRODUCER',
    'CONSUMER', 'STAKEHOLDER', 'CUSTOM',
  ],
  /** a form's `type` (forms.py FormType) */
  formType: ['VERIFICATION', 'COMPLETION'],
  /** a form prompt's `type` (forms.py PromptType) */
  promptType: ['STRUCTURED_PROPERTY', 'FIELDS_STRUCTURED_PROPERTY', 'OWNERSHIP', 'DOCUMENTATION', 'FIELDS_DOCUMENTATION', 'GLOSSARY_TERMS', 'FIELDS_GLOSSARY_TERMS', 'DOMAIN'],
  /** JSON-Patch `op` as DataHub applies it */
  patchOp: ['add', 'remove', 'replace', 'copy', 'move', 'test'],
};

/** Enums DataHub compares without regard to case (the lineage source uppercases `env`). */
export const CASE_INSENSITIVE_ENUMS: ReadonlySet<string> = new Set(['fabricType']);

/** Enums DataHub looks up without regard to case but keeps as written: a case slip is worth a warning, never an error. */
export const CASE_FOLDED_ENUMS: ReadonlySet<string> = new Set(['proposalEntityType']);
