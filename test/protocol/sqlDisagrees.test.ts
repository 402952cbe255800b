import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-protocol';
import type { FineGrainedLineageView } from '../../core/api/lineageClient';
import { TestClient } from './lspClient';

/**
 * `lineage.sqlDisagrees` over the real language server (issue 38): the server finds the .sql file
 * that defines a lineage file's downstream dataset (a CREATE VIEW, a dbt model), reads it in its
 * SQL worker, and reports written column edges the SQL contradicts and output columns with none;
 * the quick fix's edit adds the missing edges, keeping the hand-written ones.
 */

const messageOf = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const field = (name: string, column: string) => `urn:li:schemaField:(${ds(name)},${column})`;

const VIEW = `-- the view of orders, with the customer's name
CREATE VIEW mart.orders_v AS
SELECT o.id, o.amount AS total, c.name AS customer
FROM raw.orders o JOIN raw.customers c ON c.id = o.customer_id;
`;

const edge = (upstream: string, downstream: string) => `      - upstreamType: FIELD_SET
        upstreams:
          - ${upstream}
        downstreamType: FIELD
        downstreams:
          - ${downstream}
`;

const LINEAGE = `version: 1
lineage:
  - entity: {name: mart.orders_v, type: dataset, platform: snowflake}
    upstream:
      - entity: {name: raw.orders, type: dataset, platform: snowflake}
    fineGrainedLineages:
      # written by hand
${edge(field('raw.orders', 'id'), field('mart.orders_v', 'id'))}${edge(field('raw.orders', 'id'), field('mart.orders_v', 'total'))}  - entity: {name: shop.daily, type: dataset, platform: snowflake}
    upstream:
      - entity: {name: raw.orders, type: dataset, platform: snowflake}
    fineGrainedLineages:
${edge(field('raw.orders', 'amount'), field('shop.daily', 'revenue'))}`;

// A dbt project: the compiled model daily.sql defines the workspace's dataset ending in `.daily`
// (`orders` reads no column: count(*) implies no edge).
const DAILY = 'select order_date as day, sum(amount) as revenue, count(*) as orders from raw.orders group by 1';

// A model whose dataset no file declares until a lineage file naming it is opened.
const WEEKLY = 'select order_week as week, sum(amount) as revenue from raw.orders group by 1';
const WEEKLY_LINEAGE = `version: 1
lineage:
  - entity: {name: shop.weekly, type: dataset, platform: snowflake}
    upstream:
      - entity: {name: raw.orders, type: dataset, platform: snowflake}
    fineGrainedLineages:
${edge(field('raw.orders', 'amount'), field('shop.weekly', 'revenue'))}`;

describe('language server: lineage.sqlDisagrees', () => {
  let workspace: string;
  let client: TestClient;
  let uri: string;
  const sqlDiagnostics = async () => (await client.pullDiagnostics(uri)).filter((d) => d.code === 'lineage.sqlDisagrees');

  before(async () => {
    workspace = mkdtempSync(join(tmpdir(), 'catalog-sql-disagrees-'));
    mkdirSync(join(workspace, 'sql'));
    writeFileSync(join(workspace, 'sql', 'orders_v.sql'), VIEW);
    mkdirSync(join(workspace, 'shop', 'target', 'compiled', 'shop', 'models'), { recursive: true });
    writeFileSync(join(workspace, 'shop', 'dbt_project.yml'), 'name: shop\n');
    writeFileSync(join(workspace, 'shop', 'target', 'compiled', 'shop', 'models', 'daily.sql'), DAILY);
    writeFileSync(join(workspace, 'shop', 'target', 'compiled', 'shop', 'models', 'weekly.sql'), WEEKLY);
    writeFileSync(join(workspace, 'orders.lineage.yml'), LINEAGE);
    uri = pathToFileURL(join(workspace, 'orders.lineage.yml')).toString();
    ({ client } = await TestClient.start({ rootPath: workspace, pull: true, settings: { sql: { dialect: 'snowflake' } } }));
    await client.open(uri, LINEAGE);
  });
  after(async () => {
    await client.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  it('reports the edge the view does not support and the output column with no edge, as information', async () => {
    const found = await client.poll('the SQL of both datasets read', sqlDiagnostics, (diagnostics) => diagnostics.length === 3);
    assert.ok(found.every((d) => d.severity === 3), 'information');
    const messages = found.map(messageOf).join('\n');
    assert.match(messages, /sql\/orders_v\.sql defines mart\.orders_v \(snowflake, PROD\): 1 output column of its SQL has no written column edge \(customer\)/);
    assert.match(messages, /does not read id of raw\.orders \(snowflake, PROD\) for total: it computes it from amount/);
    assert.match(messages, /shop\/target\/compiled\/shop\/models\/daily\.sql defines shop\.daily \(snowflake, PROD\): 1 output column of its SQL has no written column edge \(day\)\./);
  });

  it("has a quick fix whose edit adds the view's missing edge and keeps the hand-written ones", async () => {
    const found = await client.poll('the diagnostics', sqlDiagnostics, (diagnostics) => diagnostics.length === 3);
    const missing = found.find((d) => /mart\.orders_v.*no written column edge/.test(messageOf(d))) as Diagnostic;
    const actions = (await client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: missing.range, context: { diagnostics: [missing] } })) as CodeAction[];
    const fix = actions.find((action) => action.title === 'Add the column edges the SQL of mart.orders_v implies (1)');
    assert.ok(fix, actions.map((action) => action.title).join('\n'));
    const [change] = fix.edit?.changes?.[uri] ?? [];
    assert.ok(change);
    assert.match(change.newText, /# written by hand/);
    assert.match(change.newText, /raw\.customers/);
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: change.newText }] });
    const after = await client.poll('the missing edge gone', sqlDiagnostics, (diagnostics) => !diagnostics.some((d) => /mart\.orders_v.*no written column edge/.test(messageOf(d))));
    assert.equal(after.length, 2, after.map(messageOf).join('\n'));
    assert.ok(after.some((d) => /does not read id of raw\.orders/.test(messageOf(d))), 'the hand-written edge the SQL contradicts is still reported');
  });

  it('follows the .sql file as it changes on disk', async () => {
    // The view now computes total from o.id, as the hand-written edge says.
    writeFileSync(join(workspace, 'sql', 'orders_v.sql'), VIEW.replace('o.amount AS total', 'o.id AS total'));
    const after = await client.poll('the contradicted edge gone', sqlDiagnostics, (diagnostics) => !diagnostics.some((d) => /does not read id of raw\.orders/.test(messageOf(d))));
    assert.deepEqual(after.map(messageOf).map((message) => message.split(':')[0]), ['shop/target/compiled/shop/models/daily.sql defines shop.daily (snowflake, PROD)']);
  });

  it('shows the edges the SQL implies and no file writes as proposed in the lineage views, beside the written ones', async () => {
    const columns = (await client.connection.sendRequest('catalogCode/fineGrainedLineages', { datasetUrn: ds('shop.daily') })) as FineGrainedLineageView[];
    const shown = columns.map((view) => `${view.downstreams.join(',')} ← ${view.upstreams.join(',')}: ${view.mark?.change ?? 'none'} ${(view.mark?.sources ?? []).map((uri) => uri.slice(uri.lastIndexOf('/') + 1)).join(',')}`);
    assert.deepEqual(shown, [`${field('shop.daily', 'revenue')} ← ${field('raw.orders', 'amount')}: added orders.lineage.yml`, `${field('shop.daily', 'day')} ← ${field('raw.orders', 'order_date')}: proposed daily.sql`]);
    const pushed = (await client.connection.sendRequest('catalogCode/fineGrainedLineages', { datasetUrn: ds('shop.daily'), view: 'pushed' }).catch(() => [])) as FineGrainedLineageView[];
    assert.ok(!pushed.some((view) => view.mark?.change === 'proposed'), 'the catalog as pushed proposes nothing');
  });

  it('matches a model to a dataset a file declares later, once the typing stops (the index of SQL sources is built again outside the checks)', async () => {
    const weekly = pathToFileURL(join(workspace, 'weekly.lineage.yml')).toString();
    await client.open(weekly, WEEKLY_LINEAGE);
    const found = await client.poll(
      'weekly.sql matched to shop.weekly',
      async () => (await client.pullDiagnostics(weekly)).filter((d) => d.code === 'lineage.sqlDisagrees'),
      (diagnostics) => diagnostics.length === 1,
    );
    assert.match(messageOf(found[0]), /shop\/target\/compiled\/shop\/models\/weekly\.sql defines shop\.weekly \(snowflake, PROD\): 1 output column of its SQL has no written column edge \(week\)\./);
  });
});

describe('language server: lineage.sqlDisagrees in a workspace folder added later', () => {
  it("reads the added folder's dbt models, as it reads the folders open at start", async () => {
    const first = mkdtempSync(join(tmpdir(), 'catalog-sql-first-'));
    const second = mkdtempSync(join(tmpdir(), 'catalog-sql-second-'));
    const models = join(second, 'target', 'compiled', 'shop', 'models');
    mkdirSync(models, { recursive: true });
    writeFileSync(join(second, 'dbt_project.yml'), 'name: shop\n');
    writeFileSync(join(models, 'weekly.sql'), WEEKLY);
    const file = join(first, 'weekly.lineage.yml');
    writeFileSync(file, WEEKLY_LINEAGE);
    const { client } = await TestClient.start({
      rootPath: first,
      pull: true,
      settings: { sql: { dialect: 'snowflake' } },
      // An editor that tells the server of workspace folders added and removed.
      capabilities: { workspace: { workspaceFolders: true, diagnostics: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: false }, configuration: true } },
    });
    try {
      const uri = pathToFileURL(file).toString();
      await client.open(uri, WEEKLY_LINEAGE);
      const sql = async () => (await client.pullDiagnostics(uri)).filter((d) => d.code === 'lineage.sqlDisagrees');
      assert.deepEqual(await sql(), [], 'no SQL defines shop.weekly in the folder open at start');
      await client.connection.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: pathToFileURL(second).toString(), name: 'second' }], removed: [] } });
      const found = await client.poll('the added folder read', sql, (diagnostics) => diagnostics.length === 1);
      assert.match(messageOf(found[0]), /target\/compiled\/shop\/models\/weekly\.sql defines shop\.weekly \(snowflake, PROD\): 1 output column of its SQL has no written column edge \(week\)\./);
    } finally {
      await client.stop();
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  });
});
