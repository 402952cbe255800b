import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqlSourcesByDataset } from '../../core/sql/sqlSourceIndex';
import { walkSqlFiles } from '../../core/workspace/sqlFiles';

/**
 * Which dataset each .sql file of a large dbt project defines (issue 38, lineage.sqlDisagrees), in
 * one process, outside `npm run bench`: `node --import tsx bench/adhoc/sqlSourcesScale.ts [MODELS]`
 * writes MODELS dbt models (default 2,500) as source and compiled SQL (twice as many .sql files),
 * then times the language server's steps: the first walk (reads every file), a walk again with
 * nothing changed (reuses each file), and the index of SQL sources against MODELS workspace
 * datasets, built anew (a new dataset list, as after a metadata file changed) three times.
 */
async function main(models: number): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'catalog-sql-sources-'));
  try {
    for (const dir of ['shop/models/marts', 'shop/target/compiled/shop/models/marts']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'shop', 'dbt_project.yml'), 'name: shop\n');
    for (let i = 0; i < models; i++) {
      const sql = `select o.id, o.amount as total_${i}, c.name from raw.orders o join raw.customers c on c.id = o.customer_id -- model ${i}\n`.repeat(20);
      writeFileSync(join(root, 'shop/models/marts', `m${i}.sql`), `{{ config(materialized='view') }}\n${sql}`);
      writeFileSync(join(root, 'shop/target/compiled/shop/models/marts', `m${i}.sql`), sql);
    }
    const datasets = Array.from({ length: models }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,db.marts.m${i},PROD)`);
    let at = performance.now();
    const walk = await walkSqlFiles([root]);
    const first = performance.now() - at;
    at = performance.now();
    const again = await walkSqlFiles([root], new Map(walk.files.map((file) => [join(file.folder, file.relativePath), file])));
    const second = performance.now() - at;
    const indexes: string[] = [];
    let size = 0;
    for (let round = 0; round < 3; round++) {
      at = performance.now();
      size = sqlSourcesByDataset({ files: again.files, dbtProjects: again.dbtProjects, documents: [], setting: undefined, datasets: [...datasets], platform: 'snowflake' }).size;
      indexes.push(`${(performance.now() - at).toFixed(0)} ms`);
    }
    console.log(`${walk.files.length} .sql files (${models} dbt models, source and compiled): first walk ${first.toFixed(0)} ms, walk again ${second.toFixed(0)} ms, index ${indexes.join(' / ')} → ${size} datasets defined`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

void main(Number(process.argv[2] ?? 2500));
