/**
 * DataHub's fixed vocabularies that URNs are checked against. Sources: reference/datahub-api.md
 * §1.7 (GraphQL EntityType), §3.4 (FabricType), §3.5 (entity names), §3.6 (data types).
 */

/** FabricType: the PDL's 16 values plus CERT, which the GraphQL enum already has. */
export const FABRIC_TYPES: readonly string[] = Object.freeze([
  'PROD', 'DEV', 'QA', 'TEST', 'UAT', 'EI', 'PRE', 'STG', 'NON_PROD', 'CORP', 'RVW', 'PRD', 'TST', 'SIT', 'SBX', 'SANDBOX', 'CERT',
]);

/**
 * Data-platform names DataHub ships: every `urn:li:dataPlatform:<name>` of its bootstrap list
 * (datahub-project/datahub metadata-service/configuration/src/main/resources/bootstrap_mcps/data-platforms.yaml,
 * note `OpenApi`), then names its ingestion sources emit that are not bootstrapped (`lookml`, `okta`, ...).
 * Custom names are also legal; a name close to one of these only gets a warning.
 */
export const KNOWN_PLATFORMS: readonly string[] = Object.freeze([
  'adlsGen1', 'adlsGen2', 'azure-data-factory', 'airflow', 'ambry', 'clickhouse', 'cockroachdb', 'doris',
  'couchbase', 'dagster', 'dataplex', 'external', 'hdfs', 'hana', 'hive', 'hudi', 'iceberg', 's3', 'kafka',
  'kafka-connect', 'kusto', 'mode', 'mongodb', 'mysql', 'db2', 'mariadb', 'OpenApi', 'oracle', 'pinot', 'postgres',
  'prefect', 'presto', 'tableau', 'teradata', 'voldemort', 'snowflake', 'snowplow', 'redshift', 'mssql', 'bigquery',
  'druid', 'looker', 'feast', 'flink', 'sagemaker', 'mlflow', 'glue', 'redash', 'athena', 'spark', 'dbt',
  'elasticsearch', 'great-expectations', 'powerbi', 'presto-on-hive', 'metabase', 'nifi', 'superset', 'preset',
  'trino', 'pulsar', 'salesforce', 'unknown', 'delta-lake', 'databricks', 'vertica', 'gcs', 'slack',
  'microsoft-teams', 'dynamodb', 'fivetran', 'csv', 'qlik-sense', 'file', 'excel', 'sigma', 'sac', 'dremio',
  'cassandra', 'neo4j', 'vertexai', 'hex', 'grafana', 'controlm', 'abinitio', 'informatica', 'snaplogic',
  'google_sheets', 'streamlit', 'notion', 'fabric-onelake', 'datahub', 'abs', 'airbyte', 'azure-ad', 'hbase',
  'kinesis', 'ldap', 'lookml', 'okta', 'opensearch', 'sqlalchemy',
]);

/**
 * DataHub entity names as they appear in URNs and entity-type URNs (`urn:li:entityType:datahub.<name>`),
 * each with its GraphQL EntityType value where GraphQL has one. Case-sensitive; `corpuser` is the one
 * all-lower-case exception. Every name but `restricted` (a GraphQL-only wrapper) is an entity of GMS's
 * registry, datahub-project/datahub `metadata-models/src/main/resources/entity-registry.yml`.
 */
const ENTITY_TO_GRAPHQL: ReadonlyArray<readonly [string, string | undefined]> = [
  ['dataset', 'DATASET'],
  ['schemaField', 'SCHEMA_FIELD'],
  ['dataJob', 'DATA_JOB'],
  ['dataFlow', 'DATA_FLOW'],
  ['dataProcessInstance', 'DATA_PROCESS_INSTANCE'],
  ['chart', 'CHART'],
  ['dashboard', 'DASHBOARD'],
  ['notebook', 'NOTEBOOK'],
  ['corpuser', 'CORP_USER'],
  ['corpGroup', 'CORP_GROUP'],
  ['dataPlatform', 'DATA_PLATFORM'],
  ['dataPlatformInstance', 'DATA_PLATFORM_INSTANCE'],
  ['tag', 'TAG'],
  ['glossaryTerm', 'GLOSSARY_TERM'],
  ['glossaryNode', 'GLOSSARY_NODE'],
  ['domain', 'DOMAIN'],
  ['container', 'CONTAINER'],
  ['dataProduct', 'DATA_PRODUCT'],
  ['mlModel', 'MLMODEL'],
  ['mlModelGroup', 'MLMODEL_GROUP'],
  ['mlModelDeployment', undefined],
  ['mlFeatureTable', 'MLFEATURE_TABLE'],
  ['mlFeature', 'MLFEATURE'],
  ['mlPrimaryKey', 'MLPRIMARY_KEY'],
  ['structuredProperty', 'STRUCTURED_PROPERTY'],
  ['dataType', 'DATA_TYPE'],
  ['entityType', 'ENTITY_TYPE'],
  ['form', 'FORM'],
  ['assertion', 'ASSERTION'],
  ['incident', 'INCIDENT'],
  ['test', 'TEST'],
  ['query', 'QUERY'],
  ['post', 'POST'],
  ['dataContract', 'DATA_CONTRACT'],
  ['ownershipType', 'CUSTOM_OWNERSHIP_TYPE'],
  ['erModelRelationship', 'ER_MODEL_RELATIONSHIP'],
  ['businessAttribute', 'BUSINESS_ATTRIBUTE'],
  ['role', 'ROLE'],
  ['restricted', 'RESTRICTED'],
  ['versionSet', 'VERSION_SET'],
  ['application', 'APPLICATION'],
  ['document', 'DOCUMENT'],
  ['dataHubPolicy', 'DATAHUB_POLICY'],
  ['dataHubRole', 'DATAHUB_ROLE'],
  ['dataHubView', 'DATAHUB_VIEW'],
  ['dataHubAccessToken', 'ACCESS_TOKEN'],
  ['dataHubIngestionSource', 'INGESTION_SOURCE'],
  ['dataHubExecutionRequest', 'EXECUTION_REQUEST'],
  ['dataHubConnection', 'DATAHUB_CONNECTION'],
  ['dataHubPageTemplate', 'DATAHUB_PAGE_TEMPLATE'],
  ['dataHubPageModule', 'DATAHUB_PAGE_MODULE'],
  ['dataHubFile', 'DATAHUB_FILE'],
  ['dataHubPersona', undefined],
  ['dataHubSecret', undefined],
  ['dataHubRetention', undefined],
  ['dataHubStepState', undefined],
  ['dataHubUpgrade', undefined],
  ['globalSettings', undefined],
  ['inviteToken', undefined],
  ['platformResource', undefined],
  ['telemetry', undefined],
  ['dataProcess', undefined],
  ['metric', 'METRIC'],
  ['semanticModel', 'SEMANTIC_MODEL'],
  ['lifecycleStageType', undefined],
  ['dataHubAction', undefined],
  ['dataHubOpenAPISchema', undefined],
];

/** GraphQL-only entity types: no entity of GMS's registry has these names, so GMS refuses their URNs. */
const GRAPHQL_ONLY: ReadonlySet<string> = new Set(['restricted']);

/**
 * The entity names of GMS's entity registry: a URN of any other entity type is refused on ingest
 * (`ConfigEntityRegistry.getEntitySpec` throws "Failed to find entity with name ..."). GMS looks the
 * name up case-insensitively, so `corpUser` finds `corpuser` (see validate.ts).
 */
export const ENTITY_TYPE_NAMES: readonly string[] = Object.freeze(ENTITY_TO_GRAPHQL.map(([name]) => name).filter((name) => !GRAPHQL_ONLY.has(name)));

/** The same list, by the name the URN checks use. */
export const REGISTRY_ENTITY_TYPES: readonly string[] = ENTITY_TYPE_NAMES;

const toGraphql = new Map<string, string>();
const fromGraphql = new Map<string, string>();
for (const [name, graphql] of ENTITY_TO_GRAPHQL) {
  if (graphql === undefined) continue;
  toGraphql.set(name, graphql);
  fromGraphql.set(graphql, name);
}

/** `dataset` → `DATASET`, `mlPrimaryKey` → `MLPRIMARY_KEY`, `corpuser` → `CORP_USER`; undefined when GraphQL has none. */
export function toGraphqlEntityType(entityType: string): string | undefined {
  return toGraphql.get(entityType);
}

/** `DATA_JOB` → `dataJob`; undefined for values without an entity (e.g. `OTHER`) or unknown ones. */
export function fromGraphqlEntityType(name: string): string | undefined {
  return fromGraphql.get(name);
}

/**
 * The value types DataHub's structured-property validator implements, written once: the properties
 * YAML's `type`, the data-type URNs (`urn:li:dataType:datahub.<t>` / `service.<t>`) and the local
 * catalog's checks all derive from this list.
 */
const DATA_TYPES = ['string', 'rich_text', 'number', 'date', 'urn'] as const;

/** One of the value types of DATA_TYPE_NAMES. */
export type DataTypeName = (typeof DATA_TYPES)[number];

export const DATA_TYPE_NAMES: readonly DataTypeName[] = Object.freeze([...DATA_TYPES]);

/** `number` → true; `float` (a type a deployment may define, without validation support) → false. */
export function isDataTypeName(name: string): name is DataTypeName {
  return (DATA_TYPE_NAMES as readonly string[]).includes(name);
}

const NAMESPACES = ['datahub', 'service'] as const;

/** A namespace of dataType / entityType ids. */
export type TypeNamespace = (typeof NAMESPACES)[number];

/** Namespaces of dataType / entityType ids: DataHub writes `datahub.`, the spec's service writes `service.`. */
export const TYPE_NAMESPACES: readonly string[] = Object.freeze([...NAMESPACES]);

export const DATA_TYPE_URN_PREFIX = 'urn:li:dataType:';
export const ENTITY_TYPE_URN_PREFIX = 'urn:li:entityType:';

/** `datahub.number` → { namespace: 'datahub', name: 'number' }; undefined without a known namespace. */
export function splitTypeId(id: string): { namespace: TypeNamespace; name: string } | undefined {
  const dot = id.indexOf('.');
  if (dot <= 0) return undefined;
  const namespace = id.slice(0, dot);
  return TYPE_NAMESPACES.includes(namespace) ? { namespace: namespace as TypeNamespace, name: id.slice(dot + 1) } : undefined;
}
