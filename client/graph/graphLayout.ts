import { datasetColumnLinks, type GraphLayout, type LaidOutEdge, type LaidOutNode } from '../../core/lineage/graphExport';
import type { GraphSnapshot } from '../../core/lineage/graph';
import { blockWidth, labelLines, placeLabelBlocks, type Rect } from './columnLabels';
import type * as D3Dag from 'd3-dag' with { 'resolution-mode': 'import' };

/**
 * Places the lineage graph with d3-dag's Sugiyama layout (layered: upstream on the left,
 * downstream on the right; or upstream above when that fits the view's box better), for the graph
 * view and its SVG export. No DOM: node sizes come from
 * the label length, so the same layout runs in the webview, in tests and in the bench.
 *
 * Why d3-dag and these operators: dagre took 1.4 s (15 s under heavy load) for 2,000 entities on
 * the shared 2-core machine, most of it graph bookkeeping and four Brandes–Köpf passes. d3-dag's
 * longest-path layering, depth-first order and greedy coordinates take about an eighth of that
 * (docs/performance.md, bench case "graph"). Graphs up to LARGE_GRAPH entities get a few
 * two-layer crossing-reduction sweeps on top, which cost ~0.4 s at 2,000 but little at 300.
 */
// d3-dag ships ESM types with a CommonJS build: take the types from the ESM side and the code from
// require (esbuild bundles it into the webview scripts; tsx and node load the .cjs build).
// Declared here because this file is also checked as browser code (client/graph/webview/tsconfig.json).
declare const require: (id: string) => unknown;
const d3dag = require('d3-dag') as typeof D3Dag;

export interface LayoutOptions {
  /** draw column-level links between datasets */
  columns?: boolean;
  /**
   * The box the view fits the graph into: a graph of up to LARGE_GRAPH entities without column
   * labels is laid out both ways (upstream left or upstream above) and the way that fits the box at
   * the larger size is kept, so a half-width editor shows the whole neighbourhood readably.
   */
  fitInto?: { width: number; height: number };
}

/** Layers left to right (upstream on the left) or top to bottom (upstream above). */
type Flow = 'right' | 'down';

/**
 * The entity label's font size (px) the boxes are sized for; the view draws labels at this size,
 * and its zoom-to-fit never shrinks them below READABLE_LABEL_PX on screen.
 */
export const NODE_LABEL_FONT = 13;
export const NODE_DETAIL_FONT = 11;
/** the smallest label size (px on screen) the view's "Fit" accepts; past it the view scrolls instead */
export const READABLE_LABEL_PX = 11;
const CHAR_WIDTH = 7.6;
const NODE_HEIGHT = 40;
const MIN_WIDTH = 80;
const MAX_LABEL = 48;
/** gap between nodes of one layer, and between layers */
const NODE_GAP = 14;
const LAYER_GAP = 60;
/** with column labels, the gap between layers grows to hold the widest label block, up to this */
const MAX_LABELLED_LAYER_GAP = 340;
const LABEL_MARGIN = 24;
/** past this many entities, one crossing-reduction sweep instead of several */
const LARGE_GRAPH = 300;
const SMALL_GRAPH_SWEEPS = 4;

export function shownLabel(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

function nodeWidth(label: string): number {
  return Math.max(MIN_WIDTH, label.length * CHAR_WIDTH + 24);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the segment from the box's centre towards `toward` leaves the box, so arrows end on the border. */
function borderPoint(box: Box, toward: { x: number; y: number }): { x: number; y: number } {
  const dx = toward.x - box.x;
  const dy = toward.y - box.y;
  if (dx === 0 && dy === 0) return { x: box.x, y: box.y };
  const scale = Math.min(dx === 0 ? Infinity : box.width / 2 / Math.abs(dx), dy === 0 ? Infinity : box.height / 2 / Math.abs(dy));
  return { x: box.x + dx * scale, y: box.y + dy * scale };
}

/** The points of an edge between two boxes: its bends, clipped to both borders. */
function clipped(from: Box, bends: { x: number; y: number }[], to: Box): { x: number; y: number }[] {
  const first = bends[0] ?? to;
  const last = bends[bends.length - 1] ?? from;
  return [borderPoint(from, first), ...bends, borderPoint(to, last)];
}

export function layoutGraph(snapshot: GraphSnapshot, options: LayoutOptions = {}): GraphLayout {
  const right = layoutFlowing(snapshot, options, 'right');
  const box = options.fitInto;
  if (!box || options.columns || snapshot.nodes.length > LARGE_GRAPH || box.width <= 0 || box.height <= 0) return right;
  const down = layoutFlowing(snapshot, options, 'down');
  const fits = (layout: GraphLayout): number => Math.min(box.width / Math.max(layout.width, 1), box.height / Math.max(layout.height, 1));
  // Left to right is the usual reading of lineage: turned only when that fits clearly better.
  return fits(down) > fits(right) * 1.1 ? down : right;
}

function layoutFlowing(snapshot: GraphSnapshot, options: LayoutOptions, flow: Flow): GraphLayout {
  const byUrn = new Map(snapshot.nodes.map((n) => [n.urn, n]));
  const parents = new Map<string, Set<string>>(snapshot.nodes.map((n) => [n.urn, new Set<string>()]));
  for (const edge of snapshot.edges) {
    if (edge.upstream !== edge.downstream && byUrn.has(edge.upstream)) parents.get(edge.downstream)?.add(edge.upstream);
  }
  const dag = d3dag.graphStratify()(snapshot.nodes.map((n) => ({ id: n.urn, parentIds: [...(parents.get(n.urn) ?? [])] })));
  const large = snapshot.nodes.length > LARGE_GRAPH;
  const links = options.columns ? datasetColumnLinks(snapshot).map((link) => ({ ...link, lines: labelLines(link.columns) })) : [];
  const layerGap = Math.min(MAX_LABELLED_LAYER_GAP, Math.max(LAYER_GAP, ...links.map((link) => blockWidth(link.lines) + 2 * LABEL_MARGIN)));
  const widths = new Map(snapshot.nodes.map((n) => [n.urn, nodeWidth(shownLabel(n.label))]));
  // d3-dag lays layers out top to bottom: for left to right, give it sizes turned a quarter, then swap x and y.
  const turned = flow === 'right';
  const widthOf = (node: { data: { id: string } } | undefined): number => (node ? (widths.get(node.data.id) ?? MIN_WIDTH) : 0);
  const layout = d3dag
    .sugiyama()
    .layering(d3dag.layeringLongestPath())
    .decross(large ? d3dag.decrossDfs() : d3dag.decrossTwoLayer().passes(SMALL_GRAPH_SWEEPS))
    .coord(d3dag.coordGreedy())
    .nodeSize((node: { data: { id: string } } | undefined) => (turned ? ([NODE_HEIGHT, widthOf(node)] as const) : ([widthOf(node), NODE_HEIGHT] as const)))
    .gap(turned ? [NODE_GAP, layerGap] : [NODE_GAP * 2, LAYER_GAP]);
  const laid = layout(dag);
  const size = turned ? { width: laid.height, height: laid.width } : laid;
  const at = (x: number, y: number): { x: number; y: number } => (turned ? { x: y, y: x } : { x, y });

  const boxes = new Map<string, Box>();
  for (const node of dag.nodes()) boxes.set(node.data.id, { ...at(node.x, node.y), width: widths.get(node.data.id) ?? MIN_WIDTH, height: NODE_HEIGHT });
  const nodes: LaidOutNode[] = snapshot.nodes.map((node) => {
    const box = boxes.get(node.urn) ?? { x: 0, y: 0, width: MIN_WIDTH, height: NODE_HEIGHT };
    return { urn: node.urn, label: shownLabel(node.label), degree: node.degree, type: node.type, root: node.side === 'root', ...box };
  });
  const edges: LaidOutEdge[] = [];
  const entityPoints = new Map<string, { x: number; y: number }[]>();
  for (const link of dag.links()) {
    const from = boxes.get(link.source.data.id);
    const to = boxes.get(link.target.data.id);
    if (!from || !to) continue;
    const bends = link.points.slice(1, -1).map(([x, y]) => at(x, y));
    const points = clipped(from, bends, to);
    entityPoints.set(`${link.source.data.id}\u0000${link.target.data.id}`, bends);
    edges.push({ upstream: link.source.data.id, downstream: link.target.data.id, points });
  }
  // Column links follow their datasets' edge when there is one (they are not part of the layout);
  // their labels are placed clear of the entities and of each other.
  const columnEdges: LaidOutEdge[] = [];
  const wanted: { anchor: { x: number; y: number }; lines: string[] }[] = [];
  for (const link of links) {
    const from = boxes.get(link.upstream);
    const to = boxes.get(link.downstream);
    if (!from || !to) continue;
    const bends = entityPoints.get(`${link.upstream}\u0000${link.downstream}`) ?? [];
    const points = clipped(from, bends, to);
    columnEdges.push({ upstream: link.upstream, downstream: link.downstream, points, column: true, label: link.label });
    wanted.push({ anchor: middleOf(points), lines: link.lines });
  }
  const obstacles: Rect[] = nodes.map((n) => ({ x: n.x - n.width / 2, y: n.y - n.height / 2, width: n.width, height: n.height }));
  const blocks = placeLabelBlocks(wanted, obstacles);
  columnEdges.forEach((edge, i) => (edge.labelBlock = blocks[i]));
  edges.push(...columnEdges);
  const right = Math.max(size.width, ...blocks.map((b) => b.x + b.width));
  const bottom = Math.max(size.height, ...blocks.map((b) => b.y + b.height));
  return { width: right, height: bottom, nodes, edges };
}

/** The middle of a polyline (by length), where its label is anchored. */
function middleOf(points: readonly { x: number; y: number }[]): { x: number; y: number } {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i].x, p.y - points[i].y));
  let half = lengths.reduce((a, b) => a + b, 0) / 2;
  for (let i = 0; i < lengths.length; i++) {
    if (half <= lengths[i] && lengths[i] > 0) {
      const t = half / lengths[i];
      return { x: points[i].x + (points[i + 1].x - points[i].x) * t, y: points[i].y + (points[i + 1].y - points[i].y) * t };
    }
    half -= lengths[i];
  }
  return points[0] ?? { x: 0, y: 0 };
}
