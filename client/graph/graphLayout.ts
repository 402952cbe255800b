import { datasetColumnLinks, type GraphLayout, type LaidOutEdge, type LaidOutNode } from '../../core/lineage/graphExport';
import type { GraphSnapshot } from '../../core/lineage/graph';
import type * as Dagre from '@dagrejs/dagre' with { 'resolution-mode': 'import' };

/**
 * Places the lineage graph with dagre (a layered layout: upstream on the left, downstream on the
 * right), for the graph view and its SVG export. No DOM: node sizes come from the label length, so
 * the same layout runs in the webview, in tests and in the bench.
 */
// dagre ships ESM types with a CommonJS build: take the types from the ESM side and the code from
// require (esbuild bundles it into the webview script; tsx and node load the .cjs build).
// Declared here because this file is also checked as browser code (client/graph/webview/tsconfig.json).
declare const require: (id: string) => unknown;
const dagre = require('@dagrejs/dagre') as typeof Dagre;

export interface LayoutOptions {
  /** draw column-level links between datasets */
  columns?: boolean;
}

const CHAR_WIDTH = 7;
const NODE_HEIGHT = 36;
const MIN_WIDTH = 80;
const MAX_LABEL = 48;
const LARGE_GRAPH = 300;

export function shownLabel(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

export function layoutGraph(snapshot: GraphSnapshot, options: LayoutOptions = {}): GraphLayout {
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  // Network simplex ranks most evenly but grows fast with size; past a few hundred entities the
  // longest-path ranker keeps the view responsive (bench case "graph": about 5× faster at 500).
  const ranker = snapshot.nodes.length > LARGE_GRAPH ? 'longest-path' : 'network-simplex';
  graph.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 60, edgesep: 8, marginx: 0, marginy: 0, ranker });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of snapshot.nodes) {
    const label = shownLabel(node.label);
    graph.setNode(node.urn, { width: Math.max(MIN_WIDTH, label.length * CHAR_WIDTH + 24), height: NODE_HEIGHT });
  }
  for (const edge of snapshot.edges) {
    if (graph.hasNode(edge.upstream) && graph.hasNode(edge.downstream)) graph.setEdge(edge.upstream, edge.downstream, {}, 'entity');
  }
  const links = options.columns ? datasetColumnLinks(snapshot) : [];
  links.forEach((link, index) => graph.setEdge(link.upstream, link.downstream, { label: link.label, width: 0, height: 0, weight: 0, minlen: 1 }, `column${index}`));
  dagre.layout(graph, { disableOptimalOrderHeuristic: true });

  const byUrn = new Map(snapshot.nodes.map((n) => [n.urn, n]));
  const nodes: LaidOutNode[] = snapshot.nodes.map((node) => {
    const placed = graph.node(node.urn) as { x: number; y: number; width: number; height: number };
    return { urn: node.urn, label: shownLabel(node.label), degree: node.degree, type: node.type, root: node.side === 'root', x: placed.x, y: placed.y, width: placed.width, height: placed.height };
  });
  const edges: LaidOutEdge[] = [];
  for (const e of graph.edges()) {
    const placed = graph.edge(e) as { points?: { x: number; y: number }[]; label?: string };
    const isColumn = e.name !== undefined && e.name.startsWith('column');
    if (!byUrn.has(e.v) || !byUrn.has(e.w)) continue;
    edges.push({ upstream: e.v, downstream: e.w, points: placed.points ?? [], ...(isColumn ? { column: true, label: placed.label ?? '' } : {}) });
  }
  const size = graph.graph() as { width?: number; height?: number };
  return { width: size.width ?? 0, height: size.height ?? 0, nodes, edges };
}
