import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { deriveSqlLineage } from '../../../core/sql/sqlLineage';
import { knownSqlDialects, sqlDialect } from '../../../core/sql/dialects';
import { procedureStatements } from '../../../core/sql/sqlProcedure';
import { lineageFileEntries } from '../../../core/sql/lineageFragment';
import type { SqlLineageOk, SqlLineageRequest, SqlLineageResult } from '../../../core/sql/sqlLineageTypes';

async function lineage(request: Partial<SqlLineageRequest> & { sql: string }): Promise<SqlLineageOk> {
  const result: SqlLineageResult = await deriveSqlLineage({ dialect: 'snowflake', ...request });
  if (!result.ok) assert.fail(result.reason);
  return result;
}

/** `table.column <- t.c, t.d` per output column, sorted. */
function edges(result: SqlLineageOk): string[] {
  return result.columns.map((column) => `${column.downstream.table ?? '(select)'}.${column.downstream.column} <- ${column.upstreams.map((upstream) => `${upstream.table}.${upstream.column}`).join(', ')}`).sort();
}

describe('column lineage from SQL', () => {
  it('follows a CTE and a join into a view, with the schema placing unqualified columns', async () => {
    const result = await lineage({
      sql: 'CREATE VIEW mart.v AS WITH o AS (SELECT customer_id, SUM(amount) AS total FROM raw.orders GROUP BY 1) SELECT c.id, name, total FROM raw.customers c JOIN o ON o.customer_id = c.id',
      schemas: { 'raw.customers': ['id', 'name'], 'raw.orders': ['customer_id', 'amount'] },
    });
    assert.deepEqual(result.inTables, ['raw.customers', 'raw.orders']);
    assert.deepEqual(result.outTables, ['mart.v']);
    assert.deepEqual(edges(result), ['mart.v.id <- raw.customers.id', 'mart.v.name <- raw.customers.name', 'mart.v.total <- raw.orders.amount']);
    assert.ok(result.columns.every((column) => column.confidence === 'high'));
  });

  it('maps INSERT … SELECT by position onto the column list, after a WITH', async () => {
    const result = await lineage({ sql: 'WITH s AS (SELECT a, b FROM src) INSERT INTO dst (x, y) SELECT b, a FROM s', dialect: 'tsql' });
    assert.deepEqual(edges(result), ['dst.x <- src.b', 'dst.y <- src.a']);
  });

  it("maps an INSERT without a column list onto the target's known columns", async () => {
    const result = await lineage({ sql: 'INSERT INTO dst SELECT p, q FROM src', dialect: 'postgres', schemas: { dst: ['x', 'y'] } });
    assert.deepEqual(edges(result), ['dst.x <- src.p', 'dst.y <- src.q']);
  });

  it('expands SELECT * with known schemas, EXCEPT and REPLACE included', async () => {
    const result = await lineage({ sql: 'SELECT * EXCEPT (b) REPLACE (LOWER(c) AS c) FROM t', dialect: 'bigquery', schemas: { t: ['a', 'b', 'c'] } });
    assert.deepEqual(edges(result), ['(select).a <- t.a', '(select).c <- t.c']);
  });

  it('follows a column through a star over a table of unknown columns, and a derived table without alias', async () => {
    const result = await lineage({ sql: 'SELECT x FROM (SELECT * FROM (SELECT * FROM db.sch.t))' });
    assert.deepEqual(edges(result), ['(select).x <- db.sch.t.x']);
  });

  it('qualifies tables with the default database and schema', async () => {
    const result = await lineage({ sql: 'SELECT a FROM t', defaultDatabase: 'db', defaultSchema: 'sch' });
    assert.deepEqual(result.inTables, ['db.sch.t']);
  });

  it('gives no upstream, and a low confidence, to a column two schema-less sources could hold', async () => {
    const result = await lineage({ sql: 'SELECT a FROM t1 JOIN t2 ON t1.id = t2.id', dialect: 'hive' });
    assert.deepEqual(result.columns[0]?.upstreams, []);
    assert.equal(result.columns[0]?.confidence, 'low');
  });

  it('names the table a MERGE writes when the target has an alias (dbt: merge into … as DBT_INTERNAL_DEST), as without one', async () => {
    for (const sql of ['MERGE INTO customers AS t USING staging s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.name = s.name', 'MERGE INTO customers USING staging s ON customers.id = s.id WHEN MATCHED THEN UPDATE SET name = s.name']) {
      const result = await lineage({ sql });
      assert.deepEqual(result.outTables, ['customers'], sql);
      assert.deepEqual(result.inTables, ['staging'], sql);
    }
  });

  it('qualifies a one-part name with the default database alone when no default schema is given (DataHub: my_db.sales_vw)', async () => {
    const result = await lineage({ sql: 'CREATE VIEW sales_vw AS SELECT col1 FROM public.sales', dialect: 'redshift', defaultDatabase: 'my_db' });
    assert.deepEqual(result.outTables, ['my_db.sales_vw']);
    assert.deepEqual(result.inTables, ['my_db.public.sales']);
  });

  it('refuses a statement whose /* comment is never closed (the rest would vanish), with where it opens; closed comments, strings and dollar quotes holding /* are read', async () => {
    const unclosed = await deriveSqlLineage({ sql: 'INSERT INTO r (a, b)\nSELECT x.a /* oops, b FROM x', dialect: 'postgres' });
    assert.equal(unclosed.ok, false);
    assert.match(unclosed.ok ? '' : unclosed.reason, /opened with \/\* at line 2, column 12 is never closed/);
    const read = await lineage({ sql: "INSERT INTO r (a, b) SELECT x.a /* note */, '/*' || x.b -- /* here\nFROM x", dialect: 'postgres' });
    assert.deepEqual(edges(read), ['r.a <- x.a', 'r.b <- x.b']);
    const dollar = await lineage({ sql: 'SELECT $$ /* $$ AS note, a FROM t', dialect: 'postgres' });
    assert.deepEqual(dollar.inTables, ['t']);
  });

  it('knows no dialect called constructor or __proto__', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      assert.equal(sqlDialect(name), undefined, name);
      const result = await deriveSqlLineage({ sql: 'select 1', dialect: name });
      assert.equal(result.ok, false, name);
    }
  });

  it('reads UPDATE … SET … FROM, with the target named by its alias', async () => {
    const result = await lineage({ sql: 'UPDATE o SET status = s.status FROM orders o JOIN staging s ON o.id = s.id', dialect: 'tsql' });
    assert.deepEqual(edges(result), ['orders.status <- staging.status']);
  });

  it('unions set operations by position, and correlated subqueries read the outer query', async () => {
    const union = await lineage({ sql: 'SELECT a AS x FROM t1 UNION ALL SELECT b FROM t2' });
    assert.deepEqual(edges(union), ['(select).x <- t1.a, t2.b']);
    const scalar = await lineage({ sql: 'SELECT (SELECT MAX(v) FROM u WHERE u.id = t.id) AS m FROM t', dialect: 'postgres', schemas: { u: ['id', 'v'], t: ['id'] } });
    assert.deepEqual(edges(scalar), ['(select).m <- u.v']);
  });

  it('reads the statements of an MSSQL procedure one by one', async () => {
    const sql = `CREATE PROCEDURE dbo.p @id INT AS
BEGIN
  BEGIN TRY
    INSERT INTO #tmp (id, name)
    SELECT id, name FROM customers;
    UPDATE target SET name = t.name
    FROM target JOIN #tmp t ON target.id = t.id;
  END TRY
  BEGIN CATCH
    THROW;
  END CATCH
END`;
    assert.equal(procedureStatements(sql)?.statements.length, 2);
    const result = await lineage({ sql, dialect: 'mssql' });
    assert.deepEqual(edges(result), ['target.name <- tmp.name', 'tmp.id <- customers.id', 'tmp.name <- customers.name']);
  });

  it('names an unaliased expression column by its SQL, its columns qualified by their source (as DataHub names it)', async () => {
    const result = await lineage({ sql: 'SELECT COUNT(id), a + t.b, c FROM db.t', dialect: 'bigquery' });
    assert.deepEqual(edges(result), ['(select).COUNT(`t`.`id`) <- db.t.id', '(select).`t`.`a` + `t`.`b` <- db.t.a, db.t.b', '(select).c <- db.t.c']);
  });

  it('leaves out, with a warning, a column named by a bind variable and a star over an expression', async () => {
    const named = await lineage({ sql: 'SELECT a.id, PARSE_JSON(a.j) AS :info FROM s.t a' });
    assert.deepEqual(edges(named), ['(select).id <- s.t.id']);
    assert.match(named.warnings.join('\n'), /":info" has a bind variable where its name should be: it is left out of the lineage\. Give it a name \(AS info\)/);
    const star = await lineage({ sql: 'SELECT 1 AS one, IF(m.id IS NULL, x, m).* EXCEPT (id) REPLACE (LEAST(m.at, x.at) AS at), m.id FROM d.m m JOIN d.x x USING (id)', dialect: 'bigquery' });
    assert.deepEqual(edges(star), ['(select).id <- d.m.id', '(select).one <- ']);
    assert.match(star.warnings.join('\n'), /The star over an expression's fields "IF\(m\.id IS NULL, x, m\)\.\* EXCEPT \(id\) REPLACE \(LEAST\(m\.at, x\.at\) AS at\)" is not expanded/);
  });

  it('says why it cannot read a statement, and which dialects it knows', async () => {
    const broken = await deriveSqlLineage({ sql: 'SELEC a FROM', dialect: 'postgres' });
    assert.equal(broken.ok, false);
    assert.match(broken.ok ? '' : broken.reason, /could not be read as postgres at line 1/);
    const unknown = await deriveSqlLineage({ sql: 'SELECT 1', dialect: 'cobol' });
    assert.ok(!unknown.ok && unknown.knownDialects?.includes('snowflake'));
  });

  it('knows DataHub platform names and the usual aliases', () => {
    for (const name of ['snowflake', 'bigquery', 'redshift', 'postgres', 'mysql', 'mssql', 'oracle', 'teradata', 'trino', 'athena', 'databricks', 'hive', 'sqlite', 'clickhouse', 'dremio', 'ansi', 'tsql', 'spark', 'postgresql']) {
      assert.ok(sqlDialect(name), name);
      assert.ok(knownSqlDialects().includes(name), name);
    }
    assert.equal(sqlDialect('PostgreSQL')?.platform, 'postgres');
  });

  it('writes lineage-file entries with one column edge per output column that reads something', async () => {
    const result = await lineage({ sql: 'SELECT a, 1 AS one FROM raw.t', dialect: 'postgres' });
    const [entry] = lineageFileEntries(result, { platform: 'postgres', target: 'mart.m' });
    assert.equal(entry?.entity.name, 'mart.m');
    assert.deepEqual(entry?.fineGrainedLineages, [
      {
        upstreamType: 'FIELD_SET',
        upstreams: ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:postgres,raw.t,PROD),a)'],
        downstreamType: 'FIELD',
        downstreams: ['urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:postgres,mart.m,PROD),a)'],
      },
    ]);
  });
});
