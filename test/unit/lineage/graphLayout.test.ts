import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GraphSnapshot } from '../../../core/lineage/graph';
import type { LaidOutNode } from '../../../core/lineage/graphExport';
import { layoutGraph } from '../../../client/graph/graphLayout';

const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`;

/** `layers` layers of `width` datasets, each fed by the one above it and the one beside that (a lattice, no cycles). */
function lattice(layers: number, width: number): GraphSnapshot {
  const snapshot: GraphSnapshot = { root: ds(0), nodes: [], edges: [], columnEdges: [], truncated: false };
  for (let layer = 0; layer < layers; layer++) {
    for (let k = 0; k < width; k++) {
      const i = layer * width + k;
      snapshot.nodes.push({ urn: ds(i), type: 'DATASET', label: `t${i} (hive)`, degree: layer, side: i === 0 ? 'root' : 'downstream', expanded: [] });
      if (layer === 0) continue;
      snapshot.edges.push({ upstream: ds(i - width), downstream: ds(i) }, { upstream: ds((layer - 1) * width + ((k + 1) % width)), downstream: ds(i) });
    }
  }
  return snapshot;
}

/** Whether the point lies on the node's border (arrows end there, not under the box). */
function onBorder(node: LaidOutNode, point: { x: number; y: number }): boolean {
  const dx = Math.abs(point.x - node.x);
  const dy = Math.abs(point.y - node.y);
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  return (near(dx, node.width / 2) && dy <= node.height / 2 + 0.01) || (near(dy, node.height / 2) && dx <= node.width / 2 + 0.01);
}

function checkPlacement(snapshot: GraphSnapshot): void {
  const layout = layoutGraph(snapshot);
  const byUrn = new Map(layout.nodes.map((n) => [n.urn, n]));
  assert.equal(layout.nodes.length, snapshot.nodes.length);
  for (const node of layout.nodes) assert.ok(Number.isFinite(node.x) && Number.isFinite(node.y), `${node.urn} is placed`);
  for (const edge of layout.edges) {
    const up = byUrn.get(edge.upstream);
    const down = byUrn.get(edge.downstream);
    assert.ok(up && down);
    assert.ok(up.x < down.x, `${edge.upstream} left of ${edge.downstream}`);
    assert.ok(onBorder(up, edge.points[0]!) && onBorder(down, edge.points[edge.points.length - 1]!), 'edges end on the borders of their nodes');
  }
  // Nodes of one layer (same x) do not overlap.
  const columns = new Map<number, LaidOutNode[]>();
  for (const node of layout.nodes) columns.set(node.x, [...(columns.get(node.x) ?? []), node]);
  for (const column of columns.values()) {
    column.sort((a, b) => a.y - b.y);
    for (let i = 1; i < column.length; i++) assert.ok(column[i]!.y - column[i - 1]!.y >= column[i]!.height, 'no overlap within a layer');
  }
  assert.ok(layout.width > 0 && layout.height > 0);
  for (const node of layout.nodes) assert.ok(node.x - node.width / 2 >= -0.01 && node.x + node.width / 2 <= layout.width + 0.01, 'inside the drawing');
}

describe('lineage graph layout (d3-dag)', () => {
  it('small graph: upstream left of downstream, edges end on node borders, no overlaps', () => {
    checkPlacement(lattice(5, 6));
  });

  it('large graph (past 300 entities, the cheaper operators): the same guarantees', () => {
    checkPlacement(lattice(12, 40));
  });

  it('a cycle, a self-edge and a duplicated edge are laid out without error', () => {
    const snapshot = lattice(2, 2);
    snapshot.edges.push({ upstream: ds(3), downstream: ds(0) }, { upstream: ds(1), downstream: ds(1) }, { upstream: ds(0), downstream: ds(2) });
    const layout = layoutGraph(snapshot);
    assert.equal(layout.nodes.length, 4);
    assert.ok(layout.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y)));
    assert.ok(layout.edges.some((e) => e.upstream === ds(3) && e.downstream === ds(0)), 'the edge closing the cycle is drawn, in its own direction');
  });

  it('column labels: one line per column pair, clear of every entity and of each other', () => {
    // Three sources feed one target and each other, each edge with several column pairs: at the
    // edges' middles the labels would fall on top of each other and of the entities.
    const snapshot = lattice(3, 3);
    const field = (dataset: string, column: string) => `urn:li:schemaField:(${dataset},${column})`;
    for (const edge of snapshot.edges) {
      const columns = ['customer_id', 'order_id', 'a_rather_long_column_name_for_the_amount', 'created_at'];
      snapshot.columnEdges.push({ owner: edge.downstream, upstreams: columns.map((c) => field(edge.upstream, c)), downstreams: [field(edge.downstream, 'id')] } as GraphSnapshot['columnEdges'][number]);
    }
    const layout = layoutGraph(snapshot, { columns: true });
    const blocks = layout.edges.flatMap((e) => (e.labelBlock ? [e.labelBlock] : []));
    assert.equal(blocks.length, snapshot.edges.length, 'one label block per dataset pair with column edges');
    assert.ok(blocks.every((b) => b.lines.length === 4), 'one line per column pair');
    const rects = [...layout.nodes.map((n) => ({ x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height, what: n.urn })), ...blocks.map((b, i) => ({ ...b, what: `label ${i}` }))];
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i]!;
        const b = rects[j]!;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        assert.ok(apart, `${a.what} overlaps ${b.what}`);
      }
    }
    for (const b of blocks) assert.ok(b.x + b.width <= layout.width + 0.01 && b.y + b.height <= layout.height + 0.01, 'labels inside the drawing');
  });
});

/** The demo's neighbourhood of marts.revenue_daily (README step 3): 8 entities, long labels, two upstreams not pushed yet. */
function demoNeighbourhood(): GraphSnapshot {
  const u = (name: string, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
  const node = (urn: string, label: string, degree: number, side: 'root' | 'upstream' | 'downstream') => ({ urn, type: 'DATASET', label, degree, side, expanded: [] });
  const root = u('marts.revenue_daily', 'snowflake');
  return {
    root,
    truncated: false,
    columnEdges: [],
    nodes: [
      node(root, 'marts.revenue_daily (snowflake)', 0, 'root'),
      node(u('crm.customers', 'postgres'), 'crm.customers (postgres)', 1, 'upstream'),
      node(u('warehouse.customer_orders'), 'warehouse.customer_orders (hive)', 1, 'upstream'),
      node(u('staging.customers'), 'staging.customers (hive)', 1, 'upstream'),
      node(u('warehouse.orders_clean'), 'warehouse.orders_clean (hive)', 2, 'upstream'),
      node(u('raw.customers', 'kafka'), 'raw.customers (kafka)', 2, 'upstream'),
      node(u('reports.revenue'), 'reports.revenue (hive)', 1, 'downstream'),
      node(u('reports.revenue_by_country'), 'reports.revenue_by_country (hive)', 1, 'downstream'),
    ],
    edges: [
      { upstream: u('crm.customers', 'postgres'), downstream: root },
      { upstream: u('warehouse.customer_orders'), downstream: root },
      { upstream: u('staging.customers'), downstream: root },
      { upstream: u('warehouse.orders_clean'), downstream: u('warehouse.customer_orders') },
      { upstream: u('raw.customers', 'kafka'), downstream: u('staging.customers') },
      { upstream: root, downstream: u('reports.revenue') },
      { upstream: root, downstream: u('reports.revenue_by_country') },
    ],
  } as GraphSnapshot;
}

describe('the layout fitted to the view’s box (issue 37: Fit in half the editor)', () => {
  const fits = (layout: { width: number; height: number }, box: { width: number; height: number }) => Math.min(box.width / layout.width, box.height / layout.height);

  it('in a tall half-width box, a small graph is laid out upstream-above when that shows it larger', () => {
    const box = { width: 640, height: 700 };
    const plain = layoutGraph(demoNeighbourhood());
    const fitted = layoutGraph(demoNeighbourhood(), { fitInto: box });
    assert.ok(fits(fitted, box) > fits(plain, box) * 1.1, `fitted ${fits(fitted, box).toFixed(2)} vs left-to-right ${fits(plain, box).toFixed(2)}`);
    const byUrn = new Map(fitted.nodes.map((n) => [n.urn, n]));
    for (const edge of demoNeighbourhood().edges) assert.ok(byUrn.get(edge.upstream)!.y < byUrn.get(edge.downstream)!.y, `${edge.upstream} above ${edge.downstream}`);
  });

  it('in a wide box the graph keeps flowing left to right', () => {
    const box = { width: 1800, height: 500 };
    const fitted = layoutGraph(demoNeighbourhood(), { fitInto: box });
    const byUrn = new Map(fitted.nodes.map((n) => [n.urn, n]));
    for (const edge of demoNeighbourhood().edges) assert.ok(byUrn.get(edge.upstream)!.x < byUrn.get(edge.downstream)!.x);
  });
});
