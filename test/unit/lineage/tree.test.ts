import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandTree, lineageToJson, renderLineageText } from '../../../core/lineage/render';
import { LineageTree } from '../../../core/lineage/tree';
import { rootName, shortName } from '../../../core/lineage/labels';
import type { LineageNode } from '../../../core/lineage/types';
import { GraphFetcher, ds, field } from './graphFetcher';

const groupOf = (tree: LineageTree, direction: 'upstream' | 'downstream'): LineageNode => {
  const group = tree.groups().find((g) => g.direction === direction);
  assert.ok(group);
  return group;
};

describe('LineageTree', () => {
  it('has an Upstream and a Downstream group and loads one hop per expansion with degree filter 1', async () => {
    const fetcher = new GraphFetcher([
      [ds('c'), ds('b')],
      [ds('b'), ds('a')],
    ]);
    const tree = new LineageTree(ds('c'), fetcher);
    assert.deepEqual(tree.groups().map((g) => g.label), ['Upstream', 'Downstream']);
    const first = await tree.children(groupOf(tree, 'upstream').id);
    assert.deepEqual(first.map((n) => [n.urn, n.degree, n.degreeLabel]), [[ds('b'), 1, '1']]);
    assert.deepEqual(fetcher.requests.map((r) => [r.urn, r.direction, r.degrees]), [[ds('c'), 'UPSTREAM', ['1']]]);
    const second = await tree.children(first[0].id);
    assert.deepEqual(second.map((n) => [n.urn, n.degree, n.degreeLabel]), [[ds('a'), 2, '2']]);
    assert.deepEqual(fetcher.requests[1], { urn: ds('b'), direction: 'UPSTREAM', degrees: ['1'], scrollId: null, count: 50 });
    const third = await tree.children(second[0].id);
    assert.deepEqual(third, []);
    assert.equal(fetcher.requests.length, 3, 'each node asks once');
    await tree.children(first[0].id);
    assert.equal(fetcher.requests.length, 3, 'loaded children are kept');
  });

  it('labels hops three and beyond 3+', async () => {
    const fetcher = new GraphFetcher([
      [ds('d'), ds('c')],
      [ds('c'), ds('b')],
      [ds('b'), ds('a')],
    ]);
    const tree = new LineageTree(ds('d'), fetcher);
    let node = groupOf(tree, 'upstream');
    const labels: string[] = [];
    for (let hop = 0; hop < 3; hop++) {
      [node] = await tree.children(node.id);
      labels.push(node.degreeLabel ?? '');
    }
    assert.deepEqual(labels, ['1', '2', '3+']);
    assert.equal(node.degree, 3);
  });

  it('gives every node an id unique along its path, also when the same entity is reached twice', async () => {
    // diamond: d <- b <- a, d <- c <- a ; a appears under b and under c
    const fetcher = new GraphFetcher([
      [ds('d'), ds('b')],
      [ds('d'), ds('c')],
      [ds('b'), ds('a')],
      [ds('c'), ds('a')],
    ]);
    const tree = new LineageTree(ds('d'), fetcher);
    const expanded = await expandTree(tree, { directions: ['upstream', 'downstream'], maxDepth: Infinity });
    const ids: string[] = [];
    const collect = (items: typeof expanded.groups) => items.forEach((item) => (ids.push(item.node.id), collect(item.children)));
    collect(expanded.groups);
    assert.equal(new Set(ids).size, ids.length);
    const aNodes = ids.map((id) => tree.node(id)).filter((n) => n?.urn === ds('a'));
    assert.equal(aNodes.length, 2);
    assert.deepEqual(aNodes.map((n) => n?.path), [
      [ds('d'), ds('b'), ds('a')],
      [ds('d'), ds('c'), ds('a')],
    ]);
  });

  it('shows a cycle once, marks it and does not expand it', async () => {
    // a <- b <- c <- a (a loop through the root)
    const fetcher = new GraphFetcher([
      [ds('a'), ds('b')],
      [ds('b'), ds('c')],
      [ds('c'), ds('a')],
    ]);
    const tree = new LineageTree(ds('a'), fetcher);
    const [b] = await tree.children(groupOf(tree, 'upstream').id);
    const [c] = await tree.children(b.id);
    const [back] = await tree.children(c.id);
    assert.equal(back.urn, ds('a'));
    assert.equal(back.cycle, true);
    assert.equal(back.expandable, false);
    assert.match(back.label, /cycle/);
    assert.deepEqual(await tree.children(back.id), []);
    const text = renderLineageText(await expandTree(new LineageTree(ds('a'), fetcher), { directions: ['upstream'], maxDepth: Infinity }));
    assert.equal(text.split('\n').filter((line) => line.includes('↺')).length, 1, text);
  });

  it('ends a cut page with "Load more…" and appends the next page without duplicates', async () => {
    const edges: [string, string][] = Array.from({ length: 5 }, (_, i) => [ds('root'), ds(`up${i}`)]);
    const fetcher = new GraphFetcher(edges);
    const tree = new LineageTree(ds('root'), fetcher, { pageSize: 2 });
    const group = groupOf(tree, 'upstream');
    let children = await tree.children(group.id);
    assert.deepEqual(children.map((n) => n.kind), ['entity', 'entity', 'loadMore']);
    assert.match(children[2].label, /Load more… \(3 more\)/);
    children = await tree.loadMore(children[2].id);
    assert.deepEqual(children.map((n) => n.kind), ['entity', 'entity', 'entity', 'entity', 'loadMore']);
    assert.equal(fetcher.requests[1].scrollId, '2');
    children = await tree.loadMore(children[4].id);
    assert.deepEqual(children.map((n) => n.urn), [0, 1, 2, 3, 4].map((i) => ds(`up${i}`)));
    assert.deepEqual(await tree.children(group.id), children);
  });

  it('says the walk stopped when the node limit leaves a page unloaded (a fan-out wider than the limit is not shown as whole)', async () => {
    const edges: [string, string][] = Array.from({ length: 9 }, (_, i) => [ds(`down${i}`), ds('hub')]);
    const tree = new LineageTree(ds('hub'), new GraphFetcher(edges), { pageSize: 2 });
    const expanded = await expandTree(tree, { directions: ['downstream'], maxDepth: 1, maxNodes: 4 });
    const shown = expanded.groups[0].children.filter((child) => child.node.kind === 'entity');
    assert.ok(shown.length < 9, `${shown.length} of 9 shown`);
    assert.equal(expanded.truncated, true);
    assert.equal(lineageToJson(expanded).truncated, true);
    assert.match(renderLineageText(expanded), /stopped after the node limit/);
    const whole = await expandTree(new LineageTree(ds('hub'), new GraphFetcher(edges), { pageSize: 2 }), { directions: ['downstream'], maxDepth: 1, maxNodes: 20 });
    assert.equal(whole.truncated, false);
    assert.equal(whole.groups[0].children.length, 9);
  });

  it('ends the last page with a note when the pending walk was cut at its limit, and the terminal tree says it stopped', async () => {
    const fetcher = new GraphFetcher([[ds('hub'), ds('a')]]);
    const cutFetcher = { ...fetcher, fineGrainedLineages: fetcher.fineGrainedLineages.bind(fetcher), scrollLineage: async (request: Parameters<typeof fetcher.scrollLineage>[0]) => ({ ...(await fetcher.scrollLineage(request)), cut: 12 }) };
    const tree = new LineageTree(ds('hub'), cutFetcher);
    const children = await tree.children(groupOf(tree, 'upstream').id);
    assert.deepEqual(children.map((n) => n.kind), ['entity', 'cut']);
    assert.match(children[1].label, /At least 12 more not shown/);
    const expanded = await expandTree(new LineageTree(ds('hub'), cutFetcher), { directions: ['upstream'], maxDepth: 1 });
    assert.equal(expanded.truncated, true);
    assert.match(renderLineageText(expanded), /… At least 12 more not shown[^\n]*\n… stopped after the node limit/);
  });

  it('lists a dataset’s column-level edges as its first children; the Upstream group shows the root’s', async () => {
    const fetcher = new GraphFetcher([
      [ds('orders'), ds('raw')],
      [ds('report'), ds('orders')],
    ]);
    fetcher.setColumns(ds('orders'), [{ upstreams: [field('raw', 'cust_id')], downstreams: [field('orders', 'customer_id')], transformOperation: 'RENAME' }]);
    const tree = new LineageTree(ds('orders'), fetcher);
    const up = await tree.children(groupOf(tree, 'upstream').id);
    assert.deepEqual(up.map((n) => n.kind), ['column', 'entity']);
    assert.equal(up[0].label, 'orders.customer_id ← raw.cust_id [RENAME]');
    const down = await tree.children(groupOf(tree, 'downstream').id);
    assert.deepEqual(down.map((n) => n.kind), ['entity'], 'the root’s own columns are upstream facts');
    const fromReport = new LineageTree(ds('report'), fetcher);
    const [orders] = await fromReport.children(groupOf(fromReport, 'upstream').id);
    const ordersChildren = await fromReport.children(orders.id);
    assert.deepEqual(ordersChildren.map((n) => n.kind), ['column', 'entity']);
    assert.equal(new Set(ordersChildren.map((n) => n.id)).size, 2);
  });

  it('filters the groups by degree and keeps the service’s degree on each result', async () => {
    const fetcher = new GraphFetcher([
      [ds('d'), ds('c')],
      [ds('c'), ds('b')],
      [ds('b'), ds('a')],
    ]);
    const tree = new LineageTree(ds('d'), fetcher, { degrees: ['2', '3+'] });
    const nodes = await tree.children(groupOf(tree, 'upstream').id);
    assert.deepEqual(nodes.map((n) => [n.urn, n.degreeLabel]), [[ds('b'), '2'], [ds('a'), '3+']]);
    assert.deepEqual(fetcher.requests[0].degrees, ['2', '3+']);
    tree.setDegreeFilter(['1']);
    const oneHop = await tree.children(groupOf(tree, 'upstream').id);
    assert.deepEqual(oneHop.map((n) => n.urn), [ds('c')]);
  });

  it('turns a failed load into an error node and retries on the next expansion', async () => {
    const fetcher = new GraphFetcher([[ds('b'), ds('a')]]);
    let fail = true;
    const flaky = {
      scrollLineage: async (request: Parameters<GraphFetcher['scrollLineage']>[0]) => {
        if (fail) throw new Error('The catalog service at http://x could not be reached (ECONNREFUSED).');
        return fetcher.scrollLineage(request);
      },
      fineGrainedLineages: (urn: string) => fetcher.fineGrainedLineages(urn),
    };
    const tree = new LineageTree(ds('b'), flaky);
    const group = groupOf(tree, 'upstream');
    const failed = await tree.children(group.id);
    assert.deepEqual(failed.map((n) => n.kind), ['error']);
    assert.match(failed[0].label, /could not be reached/);
    fail = false;
    const retried = await tree.children(group.id);
    assert.deepEqual(retried.map((n) => n.urn), [ds('a')]);
  });

  it('keeps "Load more…" when a later page fails, so activating it again retries', async () => {
    const fetcher = new GraphFetcher(Array.from({ length: 3 }, (_, i): [string, string] => [ds('root'), ds(`up${i}`)]));
    let fail = false;
    const flaky = {
      scrollLineage: async (request: Parameters<GraphFetcher['scrollLineage']>[0]) => {
        if (fail) throw new Error('The catalog service at http://x did not answer within 10 s.');
        return fetcher.scrollLineage(request);
      },
      fineGrainedLineages: (urn: string) => fetcher.fineGrainedLineages(urn),
    };
    const tree = new LineageTree(ds('root'), flaky, { pageSize: 2 });
    const first = await tree.children(groupOf(tree, 'upstream').id);
    fail = true;
    const failed = await tree.loadMore(first[2].id);
    assert.deepEqual(failed.map((n) => n.kind), ['entity', 'entity', 'error', 'loadMore']);
    assert.match(failed[2].label, /did not answer/);
    fail = false;
    const retried = await tree.loadMore(failed[3].id);
    assert.deepEqual(retried.map((n) => n.urn), [0, 1, 2].map((i) => ds(`up${i}`)));
  });

  it('renders a box-drawn tree and JSON with degrees, columns and cycles', async () => {
    const fetcher = new GraphFetcher([
      [ds('b'), ds('a')],
      [ds('a'), ds('b')],
    ]);
    fetcher.setColumns(ds('b'), [{ upstreams: [field('a', 'x')], downstreams: [field('b', 'y')] }]);
    const tree = new LineageTree(ds('b'), fetcher);
    const expanded = await expandTree(tree, { directions: ['upstream', 'downstream'], maxDepth: 3 });
    const text = renderLineageText(expanded);
    assert.equal(
      text,
      [
        ds('b'),
        '├─ Upstream',
        '│  ├─ column: b.y ← a.x',
        `│  └─ [1] a (hive)  ${ds('a')}`,
        `│     └─ [2] b (hive) (cycle) ↺  ${ds('b')}`,
        '└─ Downstream',
        `   └─ [1] a (hive)  ${ds('a')}`,
        `      └─ [2] b (hive) (cycle) ↺  ${ds('b')}`,
      ].join('\n'),
    );
    const json = lineageToJson(expanded);
    assert.deepEqual(json.rootColumns, [{ upstreams: [field('a', 'x')], downstreams: [field('b', 'y')] }]);
    assert.equal(json.upstream?.[0].children[0].cycle, true);
    assert.equal(json.upstream?.[0].degreeLabel, '1');
  });
});

it('short names: a dataset by name and platform, a data flow by its flow id (not its cluster), a job by its id', () => {
  assert.equal(shortName('urn:li:dataset:(urn:li:dataPlatform:hive,staging.orders,PROD)'), 'staging.orders (hive)');
  assert.equal(shortName('urn:li:dataFlow:(airflow,orders_pipeline,prod)'), 'orders_pipeline');
  assert.equal(shortName('urn:li:dataJob:(urn:li:dataFlow:(airflow,orders_pipeline,prod),ingest_orders)'), 'ingest_orders');
});

it('a column root is named with its dataset ("Lineage of orders.country"), other roots by their short name', () => {
  const orders = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
  assert.equal(rootName(`urn:li:schemaField:(${orders},country)`), 'sales.orders.country');
  assert.equal(rootName(orders), 'sales.orders (hive)');
});
