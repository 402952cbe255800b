import type { LineageDirection } from '../api/lineageClient';
import { entityTypeOfUrn } from '../urn';
import { shortName } from './labels';
import type { PendingMark } from '../common/pendingTypes';
import type { FineGrainedLineageView, LineageFetcher, TreeDirection } from './types';

/**
 * The lineage around one root as a graph (the lineage graph view, `catalog-code pull --lineage`):
 * nodes with their hop count from the root, entity-level edges, and — when asked — a dataset's
 * column-level edges. Grown one hop at a time from chosen nodes with the lineage search, so the
 * view can expand one node or everything to a depth, in one direction or both.
 */
export interface GraphNode {
  urn: string;
  /** GraphQL EntityType (`DATASET`) when the search said it; the URN's entity type otherwise */
  type: string;
  label: string;
  /** hops from the root (0 for the root) */
  degree: number;
  /** where it was first reached; the root is 'root' */
  side: 'root' | TreeDirection;
  /** the directions already loaded from this node */
  expanded: TreeDirection[];
  /** pending views: the mark of the edge it was first reached by (an entity only the files add is `added`) */
  mark?: PendingMark;
  /**
   * a "+N more" node, not an entity: the neighbours of `from` one hop `direction` that an expand
   * loaded but did not show (LineageGraphOptions.maxShownPerExpand); LineageGraph.showMore shows them
   */
  more?: { from: string; direction: TreeDirection; count: number };
}

export interface GraphEdge {
  upstream: string;
  downstream: string;
  /** pending views (core/pending): what the workspace's files do to this edge, and which files */
  mark?: PendingMark;
}

export interface GraphColumnEdge extends FineGrainedLineageView {
  /** the dataset whose upstreamLineage holds it */
  owner: string;
}

export interface GraphSnapshot {
  root: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  columnEdges: GraphColumnEdge[];
  /** a node limit stopped the growth */
  truncated: boolean;
}

export interface LineageGraphOptions {
  /** stop adding nodes past this many (default 5,000) */
  maxNodes?: number;
  pageSize?: number;
  /**
   * show at most this many new neighbours per expand of one node in one direction; the rest wait
   * behind a "+N more" node until showMore (default: all, as `catalog-code pull --lineage` wants)
   */
  maxShownPerExpand?: number;
}

/** What one expand loaded of a neighbour: enough to add it later. */
type Hit = Awaited<ReturnType<LineageFetcher['scrollLineage']>>['results'][number];

const SEARCH_DIRECTION: Record<TreeDirection, LineageDirection> = { upstream: 'UPSTREAM', downstream: 'DOWNSTREAM' };

export class LineageGraph {
  private readonly nodes = new Map<string, GraphNode>();
  private readonly edges = new Map<string, GraphEdge>();
  private readonly columns = new Map<string, GraphColumnEdge[]>();
  /** direction → urn → its neighbours that way */
  private readonly adjacency: Record<TreeDirection, Map<string, Set<string>>> = { upstream: new Map(), downstream: new Map() };
  private readonly maxNodes: number;
  private readonly pageSize: number;
  private readonly maxShownPerExpand: number;
  /** `from\0direction` → the neighbours an expand loaded but did not show yet */
  private readonly hidden = new Map<string, { from: string; direction: TreeDirection; hits: Hit[] }>();
  private truncated = false;
  /** a neighbourhood answered without some entities (the pending walk's bound): said in the snapshot, never stops expanding */
  private answeredCut = false;

  constructor(
    readonly root: string,
    private readonly fetcher: LineageFetcher,
    options: LineageGraphOptions = {},
  ) {
    this.maxNodes = options.maxNodes ?? 5000;
    this.pageSize = options.pageSize ?? 200;
    this.maxShownPerExpand = options.maxShownPerExpand ?? Number.POSITIVE_INFINITY;
    this.nodes.set(root, { urn: root, type: typeOf(root), label: shortName(root), degree: 0, side: 'root', expanded: [] });
  }

  node(urn: string): GraphNode | undefined {
    return this.nodes.get(urn);
  }

  private addEdge(edge: GraphEdge): void {
    const key = `${edge.upstream}\u0000${edge.downstream}`;
    if (this.edges.has(key)) return;
    this.edges.set(key, edge);
    const link = (map: Map<string, Set<string>>, from: string, to: string) => {
      let set = map.get(from);
      if (!set) map.set(from, (set = new Set()));
      set.add(to);
    };
    link(this.adjacency.upstream, edge.downstream, edge.upstream);
    link(this.adjacency.downstream, edge.upstream, edge.downstream);
  }

  /** The neighbours of `urn` one hop away in `direction` that the graph holds. */
  neighbours(urn: string, direction: TreeDirection): string[] {
    return [...(this.adjacency[direction].get(urn) ?? [])].sort(compare);
  }

  /**
   * Loads one hop from `urn` in `direction` (all pages); returns the URNs of nodes new to the graph.
   * Past maxShownPerExpand new neighbours, the rest wait behind a "+N more" node (showMore).
   */
  async expand(urn: string, direction: TreeDirection): Promise<string[]> {
    const from = this.nodes.get(urn);
    if (!from || from.expanded.includes(direction)) return [];
    const added: string[] = [];
    const waiting: Hit[] = [];
    let scrollId: string | null = null;
    do {
      const page = await this.fetcher.scrollLineage({ urn, direction: SEARCH_DIRECTION[direction], degrees: ['1'], count: this.pageSize, scrollId });
      for (const hit of page.results) {
        if (hit.urn === urn) continue;
        if (!this.nodes.has(hit.urn) && added.length >= this.maxShownPerExpand) waiting.push(hit);
        else this.addHit(from, direction, hit, added);
      }
      scrollId = page.nextScrollId;
      if (page.cut) this.answeredCut = true;
    } while (scrollId);
    from.expanded.push(direction);
    if (waiting.length > 0) this.hidden.set(hiddenKey(urn, direction), { from: urn, direction, hits: waiting });
    return added;
  }

  /** Shows the neighbours behind the "+N more" node of `from` in `direction`; returns the URNs of nodes new to the graph. */
  showMore(from: string, direction: TreeDirection): string[] {
    const key = hiddenKey(from, direction);
    const waiting = this.hidden.get(key);
    const node = this.nodes.get(from);
    this.hidden.delete(key);
    const added: string[] = [];
    if (waiting && node) for (const hit of waiting.hits) this.addHit(node, direction, hit, added);
    return added;
  }

  /** A neighbour of `from` one hop `direction`: its node (unless over maxNodes) and the edge. */
  private addHit(from: GraphNode, direction: TreeDirection, hit: Hit, added: string[]): void {
    let node = this.nodes.get(hit.urn);
    if (!node) {
      if (this.nodes.size >= this.maxNodes) {
        this.truncated = true;
        return;
      }
      node = { urn: hit.urn, type: hit.type, label: shortName(hit.urn), degree: from.degree + 1, side: direction, expanded: [], ...(hit.mark ? { mark: hit.mark } : {}) };
      this.nodes.set(hit.urn, node);
      added.push(hit.urn);
    } else if (node.degree > from.degree + 1) {
      node.degree = from.degree + 1;
    }
    const ends = direction === 'upstream' ? { upstream: hit.urn, downstream: from.urn } : { upstream: from.urn, downstream: hit.urn };
    this.addEdge(hit.mark ? { ...ends, mark: hit.mark } : ends);
  }

  /**
   * Expands hop by hop from the root up to `depth` hops in each of `directions`: only nodes on
   * that side are followed further (an upstream's downstreams are other branches, not lineage of the root).
   */
  async expandTo(depth: number, directions: readonly TreeDirection[]): Promise<void> {
    for (const direction of directions) {
      let frontier = [this.root];
      for (let hop = 0; hop < depth && frontier.length > 0 && !this.truncated; hop++) {
        const next: string[] = [];
        for (const urn of frontier) {
          const node = this.nodes.get(urn);
          if (node && !node.expanded.includes(direction)) await this.expand(urn, direction);
          for (const neighbour of this.adjacency[direction].get(urn) ?? []) if (this.nodes.get(neighbour)?.degree === hop + 1) next.push(neighbour);
        }
        frontier = [...new Set(next)];
      }
    }
  }

  /** Expands every node shown that has not been expanded in `direction` yet (one more hop everywhere). */
  async expandAll(direction: TreeDirection): Promise<string[]> {
    const added: string[] = [];
    for (const node of [...this.nodes.values()]) {
      if (node.side !== 'root' && node.side !== direction) continue;
      added.push(...(await this.expand(node.urn, direction)));
    }
    return added;
  }

  /** Loads the column-level edges of the datasets in the graph (or of `urns`). */
  async loadColumns(urns?: readonly string[]): Promise<void> {
    for (const urn of urns ?? [...this.nodes.keys()]) {
      if (this.columns.has(urn) || entityTypeOfUrn(urn) !== 'dataset') continue;
      const edges = await this.fetcher.fineGrainedLineages(urn);
      this.columns.set(urn, edges.map((edge) => ({ ...edge, owner: urn })));
    }
  }

  get columnsLoaded(): boolean {
    return this.columns.size > 0;
  }

  snapshot(): GraphSnapshot {
    const byUrn = (a: { urn: string }, b: { urn: string }) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0);
    const edges = [...this.edges.values()].sort((a, b) => compare(a.downstream, b.downstream) || compare(a.upstream, b.upstream));
    const columnEdges = [...this.columns.entries()].sort(([a], [b]) => compare(a, b)).flatMap(([, list]) => list);
    const nodes = [...this.nodes.values()].map((n) => ({ ...n, expanded: [...n.expanded] }));
    for (const { from, direction, hits } of this.hidden.values()) {
      const node = this.nodes.get(from);
      if (!node) continue;
      const urn = moreNodeUrn(from, direction);
      nodes.push({ urn, type: 'MORE', label: `+${hits.length} more`, degree: node.degree + 1, side: direction, expanded: ['upstream', 'downstream'], more: { from, direction, count: hits.length } });
      edges.push(direction === 'upstream' ? { upstream: urn, downstream: from } : { upstream: from, downstream: urn });
    }
    return { root: this.root, nodes: nodes.sort((a, b) => a.degree - b.degree || byUrn(a, b)), edges, columnEdges, truncated: this.truncated || this.answeredCut };
  }
}

function hiddenKey(urn: string, direction: TreeDirection): string {
  return `${urn}\u0000${direction}`;
}

/** The id of a "+N more" node in a snapshot: not a URN (no `urn:li:` prefix), so nothing takes it for an entity. */
export function moreNodeUrn(from: string, direction: TreeDirection): string {
  return `more:${direction}:${from}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const GRAPHQL_TYPES: Record<string, string> = { dataset: 'DATASET', dataJob: 'DATA_JOB', dataFlow: 'DATA_FLOW', chart: 'CHART', dashboard: 'DASHBOARD', schemaField: 'SCHEMA_FIELD' };

function typeOf(urn: string): string {
  const type = entityTypeOfUrn(urn);
  return (type && GRAPHQL_TYPES[type]) ?? 'UNKNOWN';
}
