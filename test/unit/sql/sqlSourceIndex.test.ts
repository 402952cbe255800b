import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../core/formats';
import { declaredDatasets, sqlSourcesByDataset } from '../../../core/sql/sqlSourceIndex';
import { walkSqlFiles } from '../../../core/workspace/sqlFiles';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;

const VIEW_MCP = JSON.stringify([
  { entityType: 'dataset', entityUrn: ds('db.mart.report'), changeType: 'UPSERT', aspectName: 'viewProperties', aspect: { json: { materialized: false, viewLanguage: 'SQL', viewLogic: 'SELECT a FROM raw.t' } } },
]);

describe('the SQL that defines each dataset of a workspace', () => {
  it('walks .sql files, entering a dbt project’s target/compiled only, and reuses unchanged files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'catalog-sql-files-'));
    try {
      for (const dir of ['shop/models', 'shop/target/compiled/shop/models', 'shop/target/run/shop/models', 'node_modules/x', 'target/compiled/a/models']) mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, 'shop', 'dbt_project.yml'), 'name: shop\n');
      for (const file of ['shop/models/a.sql', 'shop/target/compiled/shop/models/a.sql', 'shop/target/run/shop/models/a.sql', 'node_modules/x/b.sql', 'target/compiled/a/models/c.sql']) writeFileSync(join(root, file), 'select 1 as x');
      const walk = await walkSqlFiles([root]);
      assert.deepEqual(walk.files.map((file) => file.relativePath).sort(), ['shop/models/a.sql', 'shop/target/compiled/shop/models/a.sql']);
      assert.deepEqual([...walk.dbtProjects], [join(root, 'shop')]);
      const again = await walkSqlFiles([root], new Map(walk.files.map((file) => [join(file.folder, file.relativePath), file])));
      assert.ok(again.files.every((file, i) => file === walk.files[i]), 'unchanged files are not read again');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('prefers the setting, then a statement, then viewLogic, then the compiled dbt model over its source', () => {
    const lineage = readDocument('file:///w/x.lineage.yml', 'version: 1\nlineage:\n  - entity: {name: db.shop.a, type: dataset, platform: snowflake}\n  - entity: {name: db.mart.report, type: dataset, platform: snowflake}\n');
    const mcp = readDocument('file:///w/report.json', VIEW_MCP);
    const datasets = declaredDatasets([{ model: lineage }, { model: mcp }]);
    assert.deepEqual(datasets.sort(), [ds('db.mart.report'), ds('db.shop.a')]);
    const files = [
      { folder: '/w', relativePath: 'shop/models/a.sql', text: "select * from {{ ref('b') }}" },
      { folder: '/w', relativePath: 'shop/target/compiled/shop/models/a.sql', text: 'select x from db.raw.b' },
      { folder: '/w', relativePath: 'sql/report.sql', text: 'create view db.mart.report as select b from raw.t' },
    ];
    const base = { files, dbtProjects: new Set(['/w/shop']), documents: [{ uri: 'file:///w/report.json', label: 'report.json', model: mcp }], datasets, platform: 'snowflake', setting: undefined };
    const sources = sqlSourcesByDataset(base);
    assert.equal(sources.get(ds('db.shop.a').toLowerCase())?.label, 'shop/target/compiled/shop/models/a.sql');
    assert.equal(sources.get(ds('db.mart.report').toLowerCase())?.label, 'sql/report.sql');
    const withoutStatement = sqlSourcesByDataset({ ...base, files: files.slice(0, 2) });
    assert.equal(withoutStatement.get(ds('db.mart.report').toLowerCase())?.label, 'the viewLogic of db.mart.report in report.json');
    const configured = sqlSourcesByDataset({ ...base, setting: { 'shop/models/a.sql': ds('db.mart.report') } });
    assert.equal(configured.get(ds('db.mart.report').toLowerCase())?.label, 'shop/models/a.sql');
  });
});
