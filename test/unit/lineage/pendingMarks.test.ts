import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LineageGraph } from '../../../core/lineage/graph';
import { markDescription, markSentence, pendingViewWords } from '../../../core/lineage/markLabels';
import { LineageTree } from '../../../core/lineage/tree';
import type { LineageFetcher, LineageScrollRequest } from '../../../core/lineage/types';
import type { PendingMark } from '../../../core/common/pendingTypes';
import { ds } from './graphFetcher';
import { markFineGrained } from '../../../core/pending/marks';
import { datasetColumnLinks } from '../../../core/lineage/graphExport';

const ADDED: PendingMark = { change: 'added', sources: ['file:///work/demo/revenue-lineage.yml'] };
const REMOVED: PendingMark = { change: 'removed', sources: ['file:///work/demo/lineage%20files/old.yml'] };

/** Answers as the server's pending state does: one hop with a mark on each hit, and the page's basis. */
function pendingFetcher(): LineageFetcher {
  return {
    scrollLineage: async (request: LineageScrollRequest) => ({
      basis: 'filesOnly',
      results:
        request.urn === ds('revenue') && request.direction === 'UPSTREAM'
          ? [
              { urn: ds('new_customers'), type: 'DATASET', degree: 1, mark: ADDED },
              { urn: ds('crm'), type: 'DATASET', degree: 1, mark: REMOVED },
              { urn: ds('orders'), type: 'DATASET', degree: 1, mark: { change: 'unchanged', sources: [] } },
            ]
          : [],
      nextScrollId: null,
      total: request.urn === ds('revenue') && request.direction === 'UPSTREAM' ? 3 : 0,
    }),
    fineGrainedLineages: async () => [],
  };
}

describe('pending marks in the lineage views', () => {
  it('the tree keeps each hit\'s mark on its entity node', async () => {
    const tree = new LineageTree(ds('revenue'), pendingFetcher());
    const upstream = tree.groups().find((g) => g.direction === 'upstream');
    assert.ok(upstream);
    const children = await tree.children(upstream.id);
    assert.deepEqual(children.map((c) => [c.urn, c.mark?.change]), [
      [ds('new_customers'), 'added'],
      [ds('crm'), 'removed'],
      [ds('orders'), 'unchanged'],
    ]);
  });

  it('the graph keeps the mark on the edge and on the node it first reached', async () => {
    const graph = new LineageGraph(ds('revenue'), pendingFetcher());
    await graph.expandTo(1, ['upstream']);
    const snapshot = graph.snapshot();
    assert.equal(snapshot.edges.find((e) => e.upstream === ds('new_customers'))?.mark?.change, 'added');
    assert.equal(snapshot.edges.find((e) => e.upstream === ds('crm'))?.mark?.change, 'removed');
    assert.equal(snapshot.nodes.find((n) => n.urn === ds('crm'))?.mark?.change, 'removed');
  });

  it('a mark reads as the file that causes it, by name', () => {
    assert.equal(markDescription(ADDED), '+ added in revenue-lineage.yml');
    assert.equal(markDescription(REMOVED), '− removed by old.yml');
    assert.equal(markDescription({ change: 'unchanged', sources: [] }), undefined);
    assert.equal(markDescription(undefined), undefined);
    assert.equal(markDescription({ change: 'added', sources: ['file:///a/x.yml', 'file:///b/y.yml', 'file:///c/z.yml'] }), '+ added in x.yml and 2 more files');
    assert.match(markSentence(REMOVED) ?? '', /^Not pushed yet: old\.yml removes this edge\./);
  });

  it('a source that is not a valid URI escape still names a file', () => {
    assert.equal(markDescription({ change: 'added', sources: ['file:///w/bad%E0.yml'] }), '+ added in bad%E0.yml');
  });

  it('the view says which state it shows, and that it is the files alone when offline', () => {
    assert.equal(pendingViewWords('pending', 'catalogAndFiles'), 'with my changes');
    assert.equal(pendingViewWords('pushed', 'catalogOnly'), 'as pushed');
    assert.match(pendingViewWords('pending', 'filesOnly'), /^with my changes — files only: no catalog is connected/);
  });

  it('a column edge the SQL implies and no file writes is proposed, named by its SQL file; a written one is not', () => {
    const field = (name: string, column: string) => `urn:li:schemaField:(${ds(name)},${column})`;
    const edge = (upstream: string, downstream: string) => ({ upstreamType: 'FIELD_SET', upstreams: [upstream], downstreamType: 'FIELD', downstreams: [downstream] });
    const owned = { entries: [edge(field('orders', 'id'), field('revenue', 'id'))], sources: new Set(['file:///w/revenue.lineage.yml']) };
    const proposal = { source: 'file:///w/sql/revenue.sql', edges: [edge(field('orders', 'amount'), field('revenue', 'id')), edge(field('orders', 'amount'), field('revenue', 'total'))] };
    const views = markFineGrained(undefined, owned, proposal);
    assert.deepEqual(
      views.map((view) => `${view.downstreams[0]}: ${view.mark?.change}`),
      [`${field('revenue', 'id')}: added`, `${field('revenue', 'total')}: proposed`],
    );
    const proposed = views[1].mark;
    assert.equal(markDescription(proposed), '? proposed by the SQL in revenue.sql');
    assert.match(markSentence(proposed) ?? '', /^Proposed: the SQL in revenue\.sql implies this column edge, and no lineage file writes it yet/);
  });

  it('the graph labels a proposed column pair with a ? (a written one without)', () => {
    const field = (name: string, column: string) => `urn:li:schemaField:(${ds(name)},${column})`;
    const node = (urn: string) => ({ urn, label: urn, type: 'DATASET', degree: 1, side: 'upstream' as const });
    const [link] = datasetColumnLinks({
      root: ds('revenue'),
      nodes: [node(ds('revenue')), node(ds('orders'))],
      edges: [],
      truncated: false,
      columnEdges: [
        { owner: ds('revenue'), upstreams: [field('orders', 'id')], downstreams: [field('revenue', 'id')], mark: ADDED },
        { owner: ds('revenue'), upstreams: [field('orders', 'amount')], downstreams: [field('revenue', 'total')], mark: { change: 'proposed', sources: ['file:///w/revenue.sql'] } },
      ],
    } as unknown as Parameters<typeof datasetColumnLinks>[0]);
    assert.deepEqual(link?.columns, ['id → id', '? amount → total']);
  });
});
