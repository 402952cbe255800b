import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { sqlDisagrees } from '../../../core/rules/sqlDisagrees';
import { impliedLineageOf } from '../../../core/sql/impliedLineage';
import type { SqlLineageOk } from '../../../core/sql/sqlLineageTypes';
import { addSqlEdges } from '../../../core/features/addSqlEdges';
import { codeActions } from '../../../core/features/codeActions';
import { documentOf } from '../features/helpers';
import { runRule } from './fixture';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const field = (name: string, column: string) => `urn:li:schemaField:(${ds(name)},${column})`;

// CREATE VIEW mart.orders_v AS SELECT o.id, o.amount AS total, c.name AS customer, 1 AS one FROM raw.orders o JOIN raw.customers c …
const ANSWER: SqlLineageOk = {
  ok: true,
  platform: 'snowflake',
  statementTypes: ['CREATE_VIEW'],
  inTables: ['raw.orders', 'raw.customers'],
  outTables: ['mart.orders_v'],
  columns: [
    { downstream: { table: 'mart.orders_v', column: 'id' }, upstreams: [{ table: 'raw.orders', column: 'id' }], confidence: 'high' },
    { downstream: { table: 'mart.orders_v', column: 'total' }, upstreams: [{ table: 'raw.orders', column: 'amount' }], confidence: 'high' },
    { downstream: { table: 'mart.orders_v', column: 'customer' }, upstreams: [{ table: 'raw.customers', column: 'name' }], confidence: 'high' },
    { downstream: { table: 'mart.orders_v', column: 'one' }, upstreams: [], confidence: 'high' },
  ],
  warnings: [],
};
const WORKSPACE = [ds('db.mart.orders_v'), ds('db.raw.orders'), ds('db.raw.customers')];
const IMPLIED = impliedLineageOf(ANSWER, { urn: ds('db.mart.orders_v'), by: 'statement', label: 'sql/orders_v.sql', uri: 'file:///repo/sql/orders_v.sql', sql: '' }, WORKSPACE);
const view = { impliedFor: (urn: string) => (urn.toLowerCase() === ds('db.mart.orders_v').toLowerCase() ? IMPLIED : undefined) };

const FILE = `version: 1
lineage:
  - entity: {name: ⟦db.mart.orders_v⟧, type: dataset, platform: snowflake}
    upstream:
      - entity: {name: db.raw.orders, type: dataset, platform: snowflake}
    fineGrainedLineages:
      # written by hand
      - upstreamType: FIELD_SET
        upstreams:
          - ${field('db.raw.orders', 'id')}
        downstreamType: FIELD
        downstreams:
          - ${field('db.mart.orders_v', 'id')}
      - upstreamType: FIELD_SET
        upstreams:
          - ⟦${field('db.raw.orders', 'id')}⟧
        downstreamType: FIELD
        downstreams:
          - ${field('db.mart.orders_v', 'total')}
      - upstreamType: FIELD_SET
        upstreams:
          - ${field('db.raw.orders', 'status')}
        downstreamType: FIELD
        downstreams:
          - ⟦${field('db.mart.orders_v', 'state')}⟧
`;

describe('lineage.sqlDisagrees', () => {
  it('maps the SQL’s tables to the workspace’s datasets', () => {
    assert.ok(IMPLIED);
    assert.equal(IMPLIED.dataset, ds('db.mart.orders_v'));
    assert.deepEqual(IMPLIED.columns.find((c) => c.field === field('db.mart.orders_v', 'total'))?.upstreams, [field('db.raw.orders', 'amount')]);
    assert.deepEqual(IMPLIED.entry.upstream.map((u) => u.entity.name), ['db.raw.orders', 'db.raw.customers']);
  });

  it('reports an edge the SQL does not support, a column it does not write, and the columns with no edge', () => {
    const run = runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', FILE, { sql: view });
    assert.equal(run.diagnostics.length, 3);
    assert.ok(run.diagnostics.every((d) => d.severity === 'information' && d.code === 'lineage.sqlDisagrees'));
    const [missing, unsupported, notOutput] = run.diagnostics;
    assert.equal(run.text.slice(missing.range.start, missing.range.end), 'db.mart.orders_v');
    assert.match(missing.message, /^sql\/orders_v\.sql defines db\.mart\.orders_v \(snowflake, PROD\): 1 output column of its SQL has no written column edge \(customer\)\. Add it with the quick fix/);
    assert.match(unsupported.message, /^sql\/orders_v\.sql defines db\.mart\.orders_v \(snowflake, PROD\), but its SQL does not read id of db\.raw\.orders \(snowflake, PROD\) for total: it computes it from amount/);
    assert.match(notOutput.message, /state of db\.mart\.orders_v \(snowflake, PROD\) is not an output column of the SQL in sql\/orders_v\.sql, which defines the dataset and writes id, total, customer, one/);
  });

  it('says nothing without the SQL (validate), for another dataset, or where the SQL is not read yet', () => {
    assert.deepEqual(runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', FILE).diagnostics, []);
    assert.deepEqual(runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', FILE, { sql: { impliedFor: () => undefined } }).diagnostics, []);
  });

  it("leaves a column of another dataset to lineage.columnOutsideEdge", () => {
    const other = FILE.replace(field('db.mart.orders_v', 'state'), field('db.mart.other', 'state')).replace('⟦' + field('db.mart.other', 'state') + '⟧', field('db.mart.other', 'state'));
    const run = runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', other, { sql: view });
    assert.ok(!run.diagnostics.some((d) => d.message.includes('state')), run.diagnostics.map((d) => d.message).join('\n'));
    assert.equal(run.diagnostics.length, 2);
  });

  it('has a quick fix that adds the missing edge and upstream and keeps the hand-written ones', () => {
    const run = runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', FILE, { sql: view });
    const document = documentOf('file:///repo/orders.lineage.yml', run.text);
    const missing = run.diagnostics[0];
    const lsp = { range: { start: document.lineIndex.positionAt(missing.range.start), end: document.lineIndex.positionAt(missing.range.end) }, message: missing.message, code: missing.code, source: 'catalog-code', data: missing.data };
    const [action] = addSqlEdges(document, lsp);
    assert.ok(codeActions({ document, definitions: { service: new Map(), workspace: new Map(), serviceAvailable: false } }, missing.range, [lsp]).some((a) => a.title === action?.title));
    assert.equal(action?.title, 'Add the column edges the SQL of db.mart.orders_v implies (1)');
    const text = action.edit?.changes?.[document.uri]?.[0]?.newText ?? '';
    assert.match(text, /# written by hand/);
    const file = parse(text) as { lineage: { upstream: unknown[]; fineGrainedLineages: { upstreams: string[]; downstreams: string[] }[] }[] };
    const edges = file.lineage[0].fineGrainedLineages;
    assert.equal(edges.length, 4);
    assert.deepEqual(edges[1].upstreams, [field('db.raw.orders', 'id')], 'the hand-written edge of total stays');
    assert.deepEqual(edges[3], { upstreamType: 'FIELD_SET', upstreams: [field('db.raw.customers', 'name')], downstreamType: 'FIELD', downstreams: [field('db.mart.orders_v', 'customer')] });
    assert.equal(file.lineage[0].upstream.length, 2);
    const after = runRule(sqlDisagrees, 'file:///repo/orders.lineage.yml', text, { sql: view });
    assert.ok(!after.diagnostics.some((d) => /has no written column edge/.test(d.message)));
  });
});
