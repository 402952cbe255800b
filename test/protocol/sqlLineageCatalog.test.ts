import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlLineageAnswer } from '../../core/protocol';
import { datasetUrn, numberField, schemaMetadataAspect, startTestCatalog, type TestCatalog } from '../support/catalogService';
import { TestClient } from './lspClient';

/**
 * `catalogCode/sqlLineage` with a connected catalog (issue 38): the columns of the tables the SQL
 * reads that the workspace does not describe come from the catalog's schemaMetadata over GraphQL
 * (the real local catalog on 127.0.0.1, the real language server over stdio); a catalog that stops
 * answering gives the workspace's columns and a warning.
 */

const DATASETS = `- id: raw.customers
  platform: snowflake
  schema:
    fields:
      - id: id
      - id: name
`;

const ordersSchema = schemaMetadataAspect(datasetUrn('raw.orders', 'snowflake'), 'raw.orders', 'snowflake', ['customer_id', 'amount'].map((fieldPath) => numberField(fieldPath)));

const edges = (answer: SqlLineageAnswer): string[] =>
  answer.result.ok ? answer.result.columns.map((column) => `${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')}`) : [answer.result.reason];

describe('language server: column lineage from SQL with the catalog’s schemas', () => {
  let workspace: string;
  let storage: string;
  let catalog: TestCatalog;
  let client: TestClient;
  let catalogOpen = true;
  const lineage = (text: string) => client.connection.sendRequest('catalogCode/sqlLineage', { text, dialect: 'snowflake' }) as Promise<SqlLineageAnswer>;

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-sql-catalog-'));
    storage = mkdtempSync(join(tmpdir(), 'catalog-sql-storage-'));
    writeFileSync(join(workspace, 'datasets.yaml'), DATASETS);
    catalog = await startTestCatalog();
    await catalog.ingest([ordersSchema]);
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, initializationOptions: { storagePath: storage, refreshIntervalSeconds: 0 } }));
    await client.connection.sendNotification('catalogCode/setConnection', { url: catalog.url, token: catalog.token });
    await client.waitFor('a connected status', () => client.statuses.find((status) => status.state === 'connected'));
  });
  after(async () => {
    await client?.stop();
    if (catalogOpen) await catalog?.close();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(storage, { recursive: true, force: true });
  });

  it('expands SELECT * over a table only the catalog describes, beside one the workspace describes', async () => {
    const sql = 'SELECT c.*, o.* FROM raw.customers c JOIN raw.orders o ON o.customer_id = c.id';
    const answer = await client.poll('the workspace scanned and the catalog asked', () => lineage(sql), (value) => value.workspaceTables === 1 && value.catalogTables === 1);
    assert.deepEqual(edges(answer), ['id <- raw.customers.id', 'name <- raw.customers.name', 'customer_id <- raw.orders.customer_id', 'amount <- raw.orders.amount']);
    assert.ok(answer.result.ok && answer.result.columns.every((column) => column.confidence === 'high'));
    assert.deepEqual(answer.result.ok ? answer.result.warnings : [], []);
  });

  it('places an unqualified column with the catalog’s schema beside a table the catalog does not know', async () => {
    const placed = await lineage('SELECT amount, region FROM raw.orders JOIN raw.regions USING (customer_id)');
    assert.equal(placed.catalogTables, 1);
    assert.deepEqual(edges(placed).sort(), ['amount <- raw.orders.amount', 'region <- raw.regions.region']);
    assert.deepEqual(placed.result.ok ? placed.result.warnings : ['not read'], []);
  });

  it('answers with the workspace’s columns and a warning when the catalog stops answering', async () => {
    await catalog.close();
    catalogOpen = false;
    const answer = await lineage('SELECT * FROM raw.customers JOIN raw.payments p ON p.customer_id = id');
    assert.ok(answer.result.ok, answer.result.ok ? '' : answer.result.reason);
    assert.equal(answer.catalogTables, 0);
    assert.ok(edges(answer).includes('id <- raw.customers.id'), edges(answer).join('\n'));
    assert.match(answer.result.warnings.join('\n'), /The columns of some tables were not read from the catalog at http:\/\/127\.0\.0\.1:\d+: it did not answer \(.+\)\. The lineage is read without their columns|The catalog at http:\/\/127\.0\.0\.1:\d+ is not connected/);
  });
});
