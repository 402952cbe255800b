import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { documentImpact } from '../../core/impact/documentImpact';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { ds, lineageYaml, PROPERTIES_YAML, startCatalogWithFiles, type TestCatalog } from './catalog';

/** The model behind the editor's impact code lens, against a real local catalog. */
describe('impact of a document (the code lens) against the local catalog', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startCatalogWithFiles();
    catalog.write('report.yml', 'version: 1\nlineage:\n  - entity: {name: report, type: dataset, platform: hive}\n    upstream:\n      - entity: {name: orders, type: dataset, platform: hive}\n');
    const result = await applyPlan(catalog.connection, await buildPushPlan(catalog.connection, catalog.models('props.yaml', 'datasets.yaml', 'lineage.yml', 'report.yml')));
    assert.deepEqual(result.failed, []);
  });
  after(() => catalog.close());

  const titleAt = (text: string, anchors: { range: { start: number }; title: string }[], needle: string) =>
    anchors.filter((a) => text.slice(a.range.start).startsWith(needle)).map((a) => a.title);

  it('a lineage entry whose push removes an edge says how many entities downstream it cuts, anchored on that entry', async () => {
    const text = lineageYaml(['raw_orders']);
    catalog.write('cut.yml', text);
    const anchors = await documentImpact(catalog.connection, catalog.models('cut.yml')[0]);
    assert.deepEqual(
      anchors.map((a) => a.title),
      [`cuts 2 downstream entities (removes upstream ${ds('customers')})`],
    );
    assert.deepEqual(anchors[0].entities, [ds('orders'), ds('report')]);
    assert.ok(text.slice(anchors[0].range.start).startsWith('{name: orders'), `anchored on the downstream's entry, not at: ${text.slice(anchors[0].range.start, anchors[0].range.start + 30)}`);
    catalog.write('same.yml', lineageYaml(['raw_orders', 'customers']));
    assert.deepEqual(await documentImpact(catalog.connection, catalog.models('same.yml')[0]), [], 'no removal, no lens');
  });

  it('every definition says how many entities use it; a narrowed one how many values stop being allowed', async () => {
    const narrowed = PROPERTIES_YAML.replace('  type: string\n  cardinality: SINGLE\n  display_name: Team\n', '  type: string\n  cardinality: SINGLE\n  display_name: Team\n  allowed_values:\n    - value: marketing\n');
    assert.notEqual(narrowed, PROPERTIES_YAML);
    catalog.write('narrowed.yaml', narrowed);
    const anchors = await documentImpact(catalog.connection, catalog.models('narrowed.yaml')[0]);
    assert.deepEqual(titleAt(narrowed, anchors, 'id: io.acme.team'), ['used by 1 entity, 1 with values no longer allowed']);
    assert.deepEqual(titleAt(narrowed, anchors, 'id: io.acme.retention'), ['used by 1 entity']);
    assert.deepEqual(titleAt(narrowed, anchors, 'id: io.acme.pii'), ['used by 1 entity']);
    const team = anchors.find((a) => a.title.includes('no longer allowed'));
    assert.deepEqual(team?.entities, [ds('orders')]);
  });
});
