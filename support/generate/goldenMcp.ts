/**
 * A metadata change proposal file shaped like DataHub's ingestion golden files
 * (metadata-ingestion/tests/integration/<source>/*_golden.json, e.g. the dbt and snowflake ones):
 * a JSON array of MCPs, four-space indent, each with `systemMetadata`, covering the big aspects a
 * source emits per dataset (status, datasetProperties, schemaMetadata with its field list,
 * subTypes, upstreamLineage with fine-grained lineage, browsePathsV2). About 38 bytes per line, as
 * in those files. Deterministic: the same `lines` always gives the same text.
 */

const PLATFORMS = ['snowflake', 'bigquery', 'postgres', 'hive'] as const;

function datasetUrn(index: number): string {
  const platform = PLATFORMS[index % PLATFORMS.length];
  return `urn:li:dataset:(urn:li:dataPlatform:${platform},analytics.public.table_${index},PROD)`;
}

function fieldUrn(dataset: string, field: string): string {
  return `urn:li:schemaField:(${dataset},${field})`;
}

const SYSTEM_METADATA = { lastObserved: 1615443388097, runId: 'golden-test', lastRunId: 'no-run-id-provided' };
const AUDIT = { time: 0, actor: 'urn:li:corpuser:unknown' };

function mcp(entityUrn: string, aspectName: string, json: unknown): unknown {
  return { entityType: 'dataset', entityUrn, changeType: 'UPSERT', aspectName, aspect: { json }, systemMetadata: SYSTEM_METADATA };
}

const COLUMNS = ['id', 'customer_id', 'order_date', 'amount', 'status', 'region', 'created_at', 'updated_at'];

/** All MCPs of one dataset: about 330 lines at four-space indent. */
function datasetMcps(index: number): unknown[] {
  const urn = datasetUrn(index);
  const platform = PLATFORMS[index % PLATFORMS.length];
  const upstream = index > 0 ? datasetUrn(index - 1) : datasetUrn(1_000_000);
  const fields = COLUMNS.map((name, column) => ({
    fieldPath: name,
    nullable: column !== 0,
    description: `The ${name.replace(/_/g, ' ')} of the row.`,
    type: { type: { [column % 2 ? 'com.linkedin.schema.StringType' : 'com.linkedin.schema.NumberType']: {} } },
    nativeDataType: column % 2 ? 'VARCHAR(16777216)' : 'NUMBER(38,0)',
    recursive: false,
    isPartOfKey: column === 0,
  }));
  return [
    mcp(urn, 'status', { removed: false }),
    mcp(urn, 'datasetProperties', {
      customProperties: { materialization: 'table', language: 'sql', owner: 'analytics' },
      name: `table_${index}`,
      qualifiedName: `analytics.public.table_${index}`,
      description: `Table ${index} of the analytics warehouse.`,
      tags: [],
    }),
    mcp(urn, 'schemaMetadata', {
      schemaName: `analytics.public.table_${index}`,
      platform: `urn:li:dataPlatform:${platform}`,
      version: 0,
      created: AUDIT,
      lastModified: AUDIT,
      hash: '',
      platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
      fields,
    }),
    mcp(urn, 'subTypes', { typeNames: ['Table'] }),
    mcp(urn, 'upstreamLineage', {
      upstreams: [{ auditStamp: AUDIT, dataset: upstream, type: 'TRANSFORMED' }],
      fineGrainedLineages: COLUMNS.slice(0, 3).map((name) => ({
        upstreamType: 'FIELD_SET',
        upstreams: [fieldUrn(upstream, name)],
        downstreamType: 'FIELD',
        downstreams: [fieldUrn(urn, name)],
        confidenceScore: 1.0,
      })),
    }),
    mcp(urn, 'browsePathsV2', { path: [{ id: 'analytics' }, { id: 'public' }] }),
  ];
}

/** A golden-style MCP JSON text of at least `lines` lines. */
export function goldenMcpJson(lines: number): string {
  const perDataset = JSON.stringify(datasetMcps(0), null, 4).split('\n').length - 2;
  const datasets = Math.max(1, Math.ceil(lines / perDataset));
  const items: unknown[] = [];
  for (let i = 0; i < datasets; i++) items.push(...datasetMcps(i));
  return JSON.stringify(items, null, 4) + '\n';
}
