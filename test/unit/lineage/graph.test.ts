import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineageGraph } from '../../../core/lineage/graph';
import { graphToMermaid, graphToSvg } from '../../../core/lineage/graphExport';
import { layoutGraph } from '../../../client/graph/graphLayout';
import { GraphFetcher } from './graphFetcher';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
const field = (name: string, column: string) => `urn:li:schemaField:(${ds(name)},${column})`;

// raw → clean → mart → report, other → clean, clean → audit
const EDGES: [string, string][] = [
  [ds('clean'), ds('raw')],
  [ds('clean'), ds('other')],
  [ds('mart'), ds('clean')],
  [ds('report'), ds('mart')],
  [ds('audit'), ds('clean')],
];

describe('lineage graph model', () => {
  it('grows hop by hop to a depth, one direction or both, with each node’s degree', async () => {
    const graph = new LineageGraph(ds('clean'), new GraphFetcher(EDGES));
    await graph.expandTo(1, ['downstream']);
    assert.deepEqual(graph.snapshot().nodes.map((n) => [n.label, n.degree, n.side]), [
      ['clean (hive)', 0, 'root'],
      ['audit (hive)', 1, 'downstream'],
      ['mart (hive)', 1, 'downstream'],
    ]);
    await graph.expandTo(2, ['upstream', 'downstream']);
    const snapshot = graph.snapshot();
    assert.deepEqual(snapshot.nodes.map((n) => [n.label, n.degree]), [
      ['clean (hive)', 0],
      ['audit (hive)', 1],
      ['mart (hive)', 1],
      ['other (hive)', 1],
      ['raw (hive)', 1],
      ['report (hive)', 2],
    ]);
    assert.equal(snapshot.edges.length, 5);
  });

  it('expands one node, or every shown node one more hop', async () => {
    const graph = new LineageGraph(ds('raw'), new GraphFetcher(EDGES));
    assert.deepEqual(await graph.expand(ds('raw'), 'downstream'), [ds('clean')]);
    assert.deepEqual(await graph.expand(ds('raw'), 'downstream'), [], 'a node is loaded once');
    assert.deepEqual((await graph.expandAll('downstream')).sort(), [ds('audit'), ds('mart')]);
    assert.deepEqual(graph.neighbours(ds('clean'), 'downstream'), [ds('audit'), ds('mart')]);
  });

  it('stops at the node limit and says so', async () => {
    const wide: [string, string][] = Array.from({ length: 30 }, (_, i) => [ds(`d${i}`), ds('hub')]);
    const graph = new LineageGraph(ds('hub'), new GraphFetcher(wide), { maxNodes: 10 });
    await graph.expandTo(1, ['downstream']);
    const snapshot = graph.snapshot();
    assert.equal(snapshot.nodes.length, 10);
    assert.equal(snapshot.truncated, true);
  });

  it('says it was cut when the walk behind a page left entities out (the pending walk at its bound), and still expands further', async () => {
    const fetcher = new GraphFetcher(EDGES);
    const cutFetcher = { fineGrainedLineages: fetcher.fineGrainedLineages.bind(fetcher), scrollLineage: async (request: Parameters<typeof fetcher.scrollLineage>[0]) => ({ ...(await fetcher.scrollLineage(request)), ...(request.urn === ds('raw') ? { cut: 3 } : {}) }) };
    const graph = new LineageGraph(ds('raw'), cutFetcher);
    await graph.expandTo(3, ['downstream']);
    const snapshot = graph.snapshot();
    assert.equal(snapshot.truncated, true);
    assert.ok(snapshot.nodes.some((node) => node.urn === ds('report')), 'hops past the cut one are still followed');
    const whole = new LineageGraph(ds('raw'), new GraphFetcher(EDGES));
    await whole.expandTo(3, ['downstream']);
    assert.equal(whole.snapshot().truncated, false);
  });
});

describe('lineage graph export', () => {
  async function sample() {
    const fetcher = new GraphFetcher(EDGES);
    fetcher.setColumns(ds('clean'), [{ upstreams: [field('raw', 'id')], downstreams: [field('clean', 'order_id')], upstreamType: 'FIELD_SET', downstreamType: 'FIELD' }]);
    const graph = new LineageGraph(ds('clean'), fetcher);
    await graph.expandTo(1, ['upstream', 'downstream']);
    await graph.loadColumns();
    return graph.snapshot();
  }

  it('Mermaid: one node per entity with its degree, --> per edge, -.-> per column link, the root marked', async () => {
    const mermaid = graphToMermaid(await sample(), { columns: true });
    assert.equal(
      mermaid,
      [
        'flowchart LR',
        `  %% Lineage of ${ds('clean')}`,
        '  n0["clean (hive) · root"]',
        '  n1["audit (hive) · ↓1"]',
        '  n2["mart (hive) · ↓1"]',
        '  n3["other (hive) · ↑1"]',
        '  n4["raw (hive) · ↑1"]',
        '  n0 --> n1',
        '  n3 --> n0',
        '  n4 --> n0',
        '  n0 --> n2',
        '  n4 -. "id → order_id" .-> n0',
        '  style n0 stroke-width:3px',
        '',
      ].join('\n'),
    );
    assert.doesNotMatch(graphToMermaid(await sample()), /-\./, 'column links only on demand');
  });

  it('Mermaid escapes quotes in labels', () => {
    const text = graphToMermaid({ root: 'urn:li:x', nodes: [{ urn: 'urn:li:x', type: 'DATASET', label: 'say "hi"', degree: 0, side: 'root', expanded: [] }], edges: [], columnEdges: [], truncated: false });
    assert.match(text, /n0\["say #quot;hi#quot; · root"\]/);
  });

  it('SVG: the laid-out graph, left to right, in the given theme colours, text escaped', async () => {
    const snapshot = await sample();
    const layout = layoutGraph(snapshot, { columns: true });
    const x = (name: string) => layout.nodes.find((n) => n.urn === ds(name))?.x ?? NaN;
    assert.ok(x('raw') < x('clean') && x('clean') < x('mart'), 'upstream on the left, downstream on the right');
    assert.equal(layout.edges.filter((e) => e.column).length, 1);
    const svg = graphToSvg(layout, { background: '#1e1e1e', foreground: '#d4d4d4', border: '#555', root: '#3794ff', edge: '#888', column: '#cca700', muted: '#999' });
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    assert.equal((svg.match(/<rect x=/g) ?? []).length, snapshot.nodes.length + 1);
    assert.match(svg, /fill="#1e1e1e"/);
    assert.match(svg, /stroke="#3794ff" stroke-width="2.5"/);
    assert.match(svg, /stroke-dasharray="5,4"/);
    assert.match(svg, />degree 1</);
    const tricky = graphToSvg({ width: 10, height: 10, nodes: [{ urn: 'u<&>', label: 'a<b>&c', degree: 0, type: 'DATASET', root: true, x: 5, y: 5, width: 10, height: 10 }], edges: [] });
    assert.match(tricky, />a&lt;b&gt;&amp;c</);
    assert.doesNotMatch(tricky, /<b>/);
  });

  it('past maxShownPerExpand new neighbours, the rest wait behind a "+N more" node that showMore opens', async () => {
    // a hub with 250 downstreams, paged by 100
    const hub = ds('hub');
    const downstreams = Array.from({ length: 250 }, (_, i) => ds(`d${String(i).padStart(3, '0')}`));
    const fetcher = new GraphFetcher(downstreams.map((down): [string, string] => [down, hub]));
    const all = new LineageGraph(hub, fetcher, { pageSize: 100 });
    await all.expandTo(1, ['downstream']);
    const graph = new LineageGraph(hub, fetcher, { pageSize: 100, maxShownPerExpand: 40 });
    await graph.expandTo(1, ['downstream']);
    const collapsed = graph.snapshot();
    const more = collapsed.nodes.filter((node) => node.more);
    assert.deepEqual(more.map((node) => [node.label, node.degree, node.more]), [['+210 more', 1, { from: hub, direction: 'downstream', count: 210 }]]);
    assert.equal(collapsed.nodes.length, 1 + 40 + 1);
    assert.ok(collapsed.edges.some((edge) => edge.upstream === hub && edge.downstream === more[0].urn));
    assert.doesNotMatch(more[0].urn, /^urn:li:/, 'a "+N more" node is not an entity');
    // shown, the graph is the one an expand without a limit gives
    assert.equal(graph.showMore(hub, 'downstream').length, 210);
    assert.deepEqual(graph.snapshot(), all.snapshot());
    assert.deepEqual(graph.showMore(hub, 'downstream'), [], 'nothing left behind it');
  });

  it('without maxShownPerExpand every neighbour is shown (pull --lineage)', async () => {
    const hub = ds('hub');
    const fetcher = new GraphFetcher(Array.from({ length: 150 }, (_, i): [string, string] => [ds(`d${i}`), hub]));
    const graph = new LineageGraph(hub, fetcher);
    await graph.expandTo(1, ['downstream']);
    assert.equal(graph.snapshot().nodes.length, 151);
    assert.ok(graph.snapshot().nodes.every((node) => !node.more));
  });
});
