import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandTree, lineageToJson, renderLineageText } from '../../core/lineage/render';
import { serviceLineageFetcher } from '../../core/lineage/serviceFetcher';
import { LineageTree } from '../../core/lineage/tree';
import type { LineageNode } from '../../core/lineage/types';
import { applyPlan } from '../../core/plan/pushApply';
import { buildPushPlan } from '../../core/plan/pushPlan';
import { col, ds, startTestCatalog, type TestCatalog } from './catalog';

const group = (tree: LineageTree, direction: 'upstream' | 'downstream'): LineageNode => {
  const found = tree.groups().find((g) => g.direction === direction);
  assert.ok(found);
  return found;
};

describe('lineage tree against the local catalog', () => {
  let catalog: TestCatalog;
  before(async () => {
    catalog = await startTestCatalog();
    const names = ['a', 'b', 'c', 'fan', ...[0, 1, 2, 3, 4].map((i) => `up${i}`)];
    catalog.write('datasets.yaml', names.map((n) => `- id: ${n}\n  platform: hive\n`).join(''));
    // a cycle a → b → c → a, and b's column-level lineage from a
    catalog.write(
      'lineage.yml',
      `version: 1
lineage:
  - entity: {name: b, type: dataset, platform: hive}
    upstream:
      - entity: {name: a, type: dataset, platform: hive}
    fineGrainedLineages:
      - upstreamType: FIELD_SET
        upstreams: ["${col('a', 'id')}"]
        downstreamType: FIELD
        downstreams: ["${col('b', 'a_id')}"]
        transformOperation: RENAME
`,
    );
    catalog.write(
      'edges.json',
      JSON.stringify({
        edgesToAdd: [
          { downstreamUrn: ds('c'), upstreamUrn: ds('b') },
          { downstreamUrn: ds('a'), upstreamUrn: ds('c') },
          ...[0, 1, 2, 3, 4].map((i) => ({ downstreamUrn: ds('fan'), upstreamUrn: ds(`up${i}`) })),
        ],
        edgesToRemove: [],
      }),
    );
    const plan = await buildPushPlan(catalog.connection, catalog.models('datasets.yaml', 'lineage.yml', 'edges.json'));
    const result = await applyPlan(catalog.connection, plan);
    assert.deepEqual(result.failed, []);
  });
  after(() => catalog.close());

  it('loads one hop per expansion with degrees, column-level children, and a cycle shown once', async () => {
    const tree = new LineageTree(ds('c'), serviceLineageFetcher(catalog.connection));
    const [b] = await tree.children(group(tree, 'upstream').id);
    assert.deepEqual([b.urn, b.degreeLabel], [ds('b'), '1']);
    const underB = await tree.children(b.id);
    assert.deepEqual(underB.map((n) => n.kind), ['column', 'entity']);
    assert.equal(underB[0].label, 'b.a_id ← a.id [RENAME]');
    const a = underB[1];
    assert.deepEqual([a.urn, a.degreeLabel], [ds('a'), '2']);
    const [back] = await tree.children(a.id);
    assert.deepEqual([back.urn, back.degreeLabel, back.cycle, back.expandable], [ds('c'), '3+', true, false]);

    const text = renderLineageText(await expandTree(new LineageTree(ds('c'), serviceLineageFetcher(catalog.connection)), { directions: ['upstream', 'downstream'], maxDepth: Infinity }));
    assert.equal(text.split('\n').filter((l) => l.includes('↺')).length, 2, `one cycle leaf per direction\n${text}`);
  });

  it('pages with the service’s nextScrollId and shows every upstream once', async () => {
    const tree = new LineageTree(ds('fan'), serviceLineageFetcher(catalog.connection), { pageSize: 2 });
    let children = await tree.children(group(tree, 'upstream').id);
    assert.deepEqual(children.map((n) => n.kind), ['entity', 'entity', 'loadMore']);
    while (children.some((n) => n.kind === 'loadMore')) children = await tree.loadMore(children[children.length - 1].id);
    assert.deepEqual(children.map((n) => n.urn).sort(), [0, 1, 2, 3, 4].map((i) => ds(`up${i}`)));
    assert.equal(new Set(children.map((n) => n.id)).size, 5);
  });

  it('filters a group by degree with the service’s degree filter', async () => {
    const tree = new LineageTree(ds('a'), serviceLineageFetcher(catalog.connection), { degrees: ['2'] });
    const downstream = await tree.children(group(tree, 'downstream').id);
    assert.deepEqual(downstream.map((n) => [n.urn, n.degreeLabel]), [[ds('c'), '2']]);
  });

  it('gives JSON with degrees and the root’s columns', async () => {
    const json = lineageToJson(await expandTree(new LineageTree(ds('b'), serviceLineageFetcher(catalog.connection)), { directions: ['upstream'], maxDepth: 1 }));
    assert.deepEqual(json.rootColumns.map((c) => c.downstreams), [[col('b', 'a_id')]]);
    assert.deepEqual(json.upstream?.map((n) => [n.urn, n.degree]), [[ds('a'), 1]]);
    assert.deepEqual(json.errors, []);
  });
});
