import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { runLineage } from '../../cli/lineage';
import { runValidate } from '../../cli/validate/validate';
import { runVerb } from './runVerb';
import { datasetUrn, startTestCatalog } from '../support/catalogService';

/** `catalog-code lineage from-sql` (issue 38): JSON, a lineage-file fragment that validates, the exits. */

const root = resolve(__dirname, '..', '..');
const cliPath = join(root, 'dist', 'cli.js');

const VIEW = `CREATE OR REPLACE VIEW analytics.customer_orders AS
WITH o AS (SELECT customer_id, SUM(amount) AS total FROM raw.orders GROUP BY customer_id)
SELECT c.id AS customer_id, c.name, o.total
FROM raw.customers c LEFT JOIN o ON o.customer_id = c.id;
`;

describe('catalog-code lineage from-sql', () => {
  let dir: string;
  const fromSql = (...args: string[]) => runVerb(runLineage, ['from-sql', ...args], undefined);

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-from-sql-'));
    writeFileSync(join(dir, 'view.sql'), VIEW);
    writeFileSync(join(dir, 'schema.json'), JSON.stringify({ 'raw.customers': ['id', 'name', 'email'], 'raw.orders': ['customer_id', 'amount'] }));
    writeFileSync(join(dir, 'broken.sql'), 'SELEC a FROM');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the tables and each output column with its upstreams as JSON', async () => {
    const run = await fromSql(join(dir, 'view.sql'), '--dialect', 'snowflake', '--schema', join(dir, 'schema.json'), '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { inTables: string[]; outTables: string[]; columns: { downstream: { table: string | null; column: string }; upstreams: { table: string; column: string }[] }[] };
    assert.deepEqual(json.inTables, ['raw.customers', 'raw.orders']);
    assert.deepEqual(json.outTables, ['analytics.customer_orders']);
    assert.deepEqual(
      json.columns.map((column) => [column.downstream.table, column.downstream.column, column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`)]),
      [
        ['analytics.customer_orders', 'customer_id', ['raw.customers.id']],
        ['analytics.customer_orders', 'name', ['raw.customers.name']],
        ['analytics.customer_orders', 'total', ['raw.orders.amount']],
      ],
    );
  });

  it('prints a lineage-file fragment that catalog-code validate accepts', async () => {
    const run = await fromSql(join(dir, 'view.sql'), '--dialect', 'snowflake', '--format', 'yaml');
    assert.equal(run.code, 0, run.stderr);
    const file = parse(run.stdout) as { lineage: { entity: { name: string }; fineGrainedLineages: unknown[] }[] };
    assert.equal(file.lineage[0]?.entity.name, 'analytics.customer_orders');
    assert.equal(file.lineage[0]?.fineGrainedLineages.length, 3);
    writeFileSync(join(dir, 'view.lineage.yml'), run.stdout);
    const validated = await runVerb(runValidate, [join(dir, 'view.lineage.yml')], undefined);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
  });

  it('exits 2 on an unknown dialect, listing the known ones, and on a statement it cannot read, with the reason', async () => {
    const dialect = await fromSql(join(dir, 'view.sql'), '--dialect', 'cobol');
    assert.equal(dialect.code, 2);
    assert.match(dialect.stderr, /Unknown --dialect 'cobol'; use one of .*snowflake.*tsql/);
    const broken = await fromSql(join(dir, 'broken.sql'), '--dialect', 'postgres');
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /could not be read as postgres at line 1, column \d+/);
    const bare = await fromSql(join(dir, 'broken.sql'), '--dialect', 'postgres', '--format', 'xml');
    assert.equal(bare.code, 2);
  });

  it("reads the viewLogic of MCP viewProperties aspects, each view's SQL defining that view", async () => {
    const view = (name: string, sql: string) => ({
      entityType: 'dataset',
      entityUrn: `urn:li:dataset:(urn:li:dataPlatform:postgres,${name},PROD)`,
      changeType: 'UPSERT',
      aspectName: 'viewProperties',
      aspect: { json: { materialized: false, viewLogic: sql, viewLanguage: 'SQL' } },
    });
    writeFileSync(join(dir, 'views.json'), JSON.stringify([view('mart.paid', 'SELECT id, amount AS paid FROM raw.payments WHERE ok'), view('mart.names', 'SELECT c.name FROM raw.customers c')]));
    const run = await fromSql(join(dir, 'views.json'), '--format', 'json');
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { outTables: string[]; columns: { downstream: { table: string | null; column: string }; upstreams: { table: string; column: string }[] }[] };
    assert.deepEqual(json.outTables, ['mart.names', 'mart.paid']);
    assert.deepEqual(
      json.columns.map((column) => `${column.downstream.table}.${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')}`),
      ['mart.paid.id <- raw.payments.id', 'mart.paid.paid <- raw.payments.amount', 'mart.names.name <- raw.customers.name'],
    );
    const none = await fromSql(join(dir, 'schema.json'));
    assert.equal(none.code, 2);
    assert.match(none.stderr, /holds no viewProperties aspect with a viewLogic/);
  });

  it('takes the columns of the tables --schema does not describe from the catalog (--service), and warns when it does not answer', async () => {
    const catalog = await startTestCatalog();
    let open = true;
    try {
      const fields = ['customer_id', 'amount'].map((fieldPath) => ({ fieldPath, nativeDataType: 'NUMBER', type: { type: { 'com.linkedin.schema.NumberType': {} } } }));
      await catalog.ingest([{ urn: datasetUrn('raw.orders', 'snowflake'), aspectName: 'schemaMetadata', value: { schemaName: 'raw.orders', platform: 'urn:li:dataPlatform:snowflake', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields } }]);
      writeFileSync(join(dir, 'customers.json'), JSON.stringify({ 'raw.customers': ['id', 'name'] }));
      writeFileSync(join(dir, 'star.sql'), 'SELECT c.name, o.* FROM raw.customers c JOIN raw.orders o ON o.customer_id = c.id');
      const args = [join(dir, 'star.sql'), '--dialect', 'snowflake', '--schema', join(dir, 'customers.json'), '--service', catalog.url];
      const run = await runVerb(runLineage, ['from-sql', ...args], catalog.token);
      assert.equal(run.code, 0, run.stderr);
      const json = JSON.parse(run.stdout) as { columns: { downstream: { column: string }; upstreams: { table: string; column: string }[] }[] };
      assert.deepEqual(
        json.columns.map((column) => `${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')}`),
        ['name <- raw.customers.name', 'customer_id <- raw.orders.customer_id', 'amount <- raw.orders.amount'],
      );
      await catalog.close();
      open = false;
      const down = await runVerb(runLineage, ['from-sql', ...args], catalog.token);
      assert.equal(down.code, 0, down.stderr);
      assert.match(down.stderr, /warning: The columns of some tables were not read from the catalog at http:\/\/127\.0\.0\.1:\d+: it did not answer/);
      assert.deepEqual((JSON.parse(down.stdout) as { columns: unknown[] }).columns.length, 1);
    } finally {
      if (open) await catalog.close();
    }
  });

  it('runs through node dist/cli.js, the parser loaded from the bundle', async () => {
    if (!existsSync(cliPath) || !existsSync(join(root, 'dist', 'polyglot_sql.wasm'))) spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(process.execPath, [cliPath, 'lineage', 'from-sql', join(dir, 'view.sql'), '--dialect', 'snowflake'], (error, stdout, stderr) => {
        done({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      });
    });
    assert.equal(run.code, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { columns: unknown[] }).columns.length, 3);
  });
});
