import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlLineageAnswer } from '../../core/protocol';
import { TestClient } from './lspClient';

/**
 * `catalogCode/sqlLineage` over the real language server (issue 38): the SQL is read in the
 * server's worker (dist/sqlLineageWorker.js), with the columns the workspace's dataset YAML and
 * MCP schemaMetadata give the dialect's platform, for `SELECT *` and unqualified columns.
 */

const DATASETS = `- id: raw.customers
  platform: snowflake
  schema:
    fields:
      - id: id
      - id: name
- id: raw.orders
  platform: snowflake
`;

const SCHEMA_MCP = JSON.stringify([
  {
    entityType: 'dataset',
    entityUrn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,raw.orders,PROD)',
    changeType: 'UPSERT',
    aspectName: 'schemaMetadata',
    aspect: { json: { schemaName: 'raw.orders', platform: 'urn:li:dataPlatform:snowflake', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields: [{ fieldPath: 'customer_id', nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } } }, { fieldPath: 'amount', nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } } }] } },
  },
]);

describe('language server: column lineage from SQL', () => {
  let workspace: string;
  let client: TestClient;
  const lineage = (params: Record<string, unknown>) => client.connection.sendRequest('catalogCode/sqlLineage', params) as Promise<SqlLineageAnswer>;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-sql-lineage-'));
    writeFileSync(join(workspace, 'datasets.yaml'), DATASETS);
    writeFileSync(join(workspace, 'orders-schema.json'), SCHEMA_MCP);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true }));
  });
  after(async () => {
    await client.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('expands SELECT * and places unqualified columns with the schemas the workspace gives', async () => {
    const sql = 'CREATE VIEW mart.customer_totals AS SELECT c.*, total FROM raw.customers c JOIN (SELECT customer_id, SUM(amount) AS total FROM raw.orders GROUP BY 1) o ON o.customer_id = c.id';
    // The scan of the workspace runs after initialize: ask until both tables' columns are known.
    const answer = await client.poll('both tables read', () => lineage({ text: sql, dialect: 'snowflake' }), (value) => value.workspaceTables === 2);
    assert.ok(answer.result.ok, answer.result.ok ? '' : answer.result.reason);
    if (!answer.result.ok) return;
    assert.deepEqual(answer.result.outTables, ['mart.customer_totals']);
    assert.deepEqual(
      answer.result.columns.map((column) => `${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')} (${column.confidence})`),
      ['id <- raw.customers.id (high)', 'name <- raw.customers.name (high)', 'total <- raw.orders.amount (high)'],
    );
  });

  it('answers a statement it cannot read, and an unknown dialect, with the reason', async () => {
    const broken = await lineage({ text: 'SELEC a FROM', dialect: 'postgres' });
    assert.equal(broken.result.ok, false);
    assert.match(broken.result.ok ? '' : broken.result.reason, /could not be read as postgres/);
    const unknown = await lineage({ text: 'SELECT 1', dialect: 'cobol' });
    assert.ok(!unknown.result.ok && unknown.result.knownDialects?.includes('bigquery'));
  });
});
