import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dbtModelOf, definedDatasetUrn, matchWorkspaceDataset, settingDataset, sqlFileDefines, statementTargets } from '../../../core/sql/sqlSources';

const ds = (name: string, platform = 'snowflake') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const projectAt = (dbtProjects: string[]) => (folders: readonly string[]) => dbtProjects.includes(folders.join('/'));

describe('which dataset a SQL text defines', () => {
  it('reads CREATE VIEW, INSERT INTO and CREATE TABLE AS targets, not comments or strings', () => {
    assert.deepEqual(statementTargets('-- create view nope as\nCREATE OR REPLACE SECURE VIEW "Mart".orders_v AS SELECT 1'), ['Mart.orders_v']);
    assert.deepEqual(statementTargets("select 'insert into x' ; INSERT INTO [dbo].[t1] (a) SELECT a FROM s"), ['dbo.t1']);
    assert.deepEqual(statementTargets('create temporary table if not exists db.tmp as select * from a; create table plain (id int)'), ['db.tmp']);
    assert.deepEqual(statementTargets('/* insert into y */ select a from b'), []);
    assert.deepEqual(statementTargets('INSERT OVERWRITE TABLE h.t SELECT 1; insert into h.t select 2'), ['h.t']);
  });

  it('takes the longest matching glob of catalogCode.sql.datasets', () => {
    const setting = { 'sql/**/*.sql': 'mart.any', 'sql/orders.sql': ds('mart.orders') };
    assert.equal(settingDataset('sql/orders.sql', setting), ds('mart.orders'));
    assert.equal(settingDataset('sql/x/y.sql', setting), 'mart.any');
    assert.equal(settingDataset('other/y.sql', setting), undefined);
  });

  it("follows dbt's convention under a project's models/ and target/compiled/<project>/models/", () => {
    const at = projectAt(['shop', '']);
    assert.deepEqual(dbtModelOf('shop/models/marts/orders.sql', at), { model: 'orders', compiled: false });
    assert.deepEqual(dbtModelOf('shop/target/compiled/shop/models/marts/orders.sql', at), { model: 'orders', compiled: true });
    assert.deepEqual(dbtModelOf('models/x.sql', at), { model: 'x', compiled: false });
    assert.equal(dbtModelOf('other/models/orders.sql', projectAt(['shop'])), undefined);
    assert.equal(dbtModelOf('shop/models/readme.md', at), undefined);
  });

  it('lets the setting win over the statement, and the statement over dbt', () => {
    const at = projectAt(['']);
    assert.deepEqual(sqlFileDefines('models/a.sql', 'create view v as select 1', { 'models/a.sql': 'mart.a' }, at), { by: 'setting', name: 'mart.a' });
    assert.deepEqual(sqlFileDefines('models/a.sql', 'create view v as select 1', undefined, at), { by: 'statement', name: 'v' });
    assert.deepEqual(sqlFileDefines('models/a.sql', 'select 1 as x', undefined, at), { by: 'dbtModel', name: 'a' });
    assert.deepEqual(sqlFileDefines('x.sql', 'select 1', { 'x.sql': ds('m.x') }, at), { by: 'setting', urn: ds('m.x') });
    assert.equal(sqlFileDefines('sql/a.sql', 'select 1', undefined, at), undefined);
  });

  it("matches a name to the workspace's unique dataset that equals it or ends with .<name>", () => {
    const datasets = [ds('db.shop.orders'), ds('db.shop.customers'), ds('db.raw.customers'), ds('db.shop.orders', 'bigquery')];
    assert.equal(matchWorkspaceDataset('orders', datasets, 'snowflake'), ds('db.shop.orders'));
    assert.equal(matchWorkspaceDataset('SHOP.Orders', datasets, 'snowflake'), ds('db.shop.orders'));
    assert.equal(matchWorkspaceDataset('customers', datasets, 'snowflake'), undefined, 'two datasets end with .customers');
    assert.equal(matchWorkspaceDataset('orders', datasets), undefined, 'two platforms hold it');
    assert.equal(matchWorkspaceDataset('raw.customers', datasets), ds('db.raw.customers'));
  });

  it('never guesses a URN from a dbt stem, but does from a statement on a known platform', () => {
    assert.equal(definedDatasetUrn({ by: 'dbtModel', name: 'orders' }, [], 'snowflake'), undefined);
    assert.equal(definedDatasetUrn({ by: 'statement', name: 'mart.v' }, [], 'snowflake'), ds('mart.v'));
    assert.equal(definedDatasetUrn({ by: 'statement', name: 'mart.v' }, [], undefined), undefined);
    assert.equal(definedDatasetUrn({ by: 'dbtCompiled', name: 'orders' }, [ds('db.shop.orders')], undefined), ds('db.shop.orders'));
  });
});
