import type { AspectWrite } from '../../service/store/types';
import type { Random } from '../../support/random';

/**
 * A warehouse-like layered DAG: sources, staging, intermediate models, marts. Every dataset outside
 * the first layer reads 1–5 upstreams, mostly from the layer just before it and sometimes from any
 * earlier one (fan-in); upstreams are drawn with a skew toward the low indexes of a layer, so a few
 * "dim_date"-like tables feed very many others (fan-out). Edges are kept as two Int32Arrays.
 */

export const LAYERS = 8;
const MEAN_FAN_IN = 3;

export interface LineageGraph {
  nodeCount: number;
  /** first node index of each layer, plus nodeCount at the end */
  layerStart: number[];
  /** edge i goes from upstream[i] to downstream[i]; edges of one downstream are contiguous */
  upstream: Int32Array;
  downstream: Int32Array;
  edgeCount: number;
}

export function datasetUrn(node: number): string {
  return `urn:li:dataset:(urn:li:dataPlatform:snowflake,warehouse.t${node},PROD)`;
}

/** A graph with exactly `edges` edges (the node count follows from the mean fan-in). */
export function generateLineageGraph(edges: number, random: Random): LineageGraph {
  const derived = Math.ceil(edges / MEAN_FAN_IN);
  const perLayer = Math.ceil(derived / (LAYERS - 1));
  const layerStart: number[] = [];
  for (let l = 0; l <= LAYERS; l++) layerStart.push(l * perLayer);
  const nodeCount = layerStart[LAYERS];
  const upstream = new Int32Array(edges);
  const downstream = new Int32Array(edges);
  let e = 0;
  const skewed = (layer: number) => layerStart[layer] + Math.floor(perLayer * random.next() ** 3);
  for (let node = perLayer; node < nodeCount && e < edges; node++) {
    const layer = Math.floor(node / perLayer);
    const fanIn = Math.min(edges - e, 1 + random.int(2 * MEAN_FAN_IN - 1));
    const chosen = new Set<number>();
    for (let k = 0; k < fanIn * 3 && chosen.size < fanIn; k++) {
      const fromLayer = random.chance(0.8) ? layer - 1 : random.int(layer);
      chosen.add(skewed(fromLayer));
    }
    for (const up of chosen) {
      upstream[e] = up;
      downstream[e] = node;
      e++;
    }
  }
  // the nodes above may not reach `edges` exactly when a fan-in drew duplicates; top up from the first derived layer
  for (let node = perLayer; e < edges; node = node + 1 >= nodeCount ? perLayer : node + 1) {
    upstream[e] = layerStart[0] + random.int(perLayer);
    downstream[e] = node;
    e++;
  }
  return { nodeCount, layerStart, upstream, downstream, edgeCount: e };
}

/** The `upstreamLineage` aspects that hold the graph, one per downstream, in batches for store.apply. */
export function* upstreamLineageBatches(graph: LineageGraph, batchSize: number): Generator<AspectWrite[]> {
  const upstreamsOf = new Map<number, number[]>();
  for (let i = 0; i < graph.edgeCount; i++) {
    const list = upstreamsOf.get(graph.downstream[i]);
    if (list) list.push(graph.upstream[i]);
    else upstreamsOf.set(graph.downstream[i], [graph.upstream[i]]);
  }
  const auditStamp = { time: 1_700_000_000_000, actor: 'urn:li:corpuser:bench' };
  let batch: AspectWrite[] = [];
  for (const [down, ups] of upstreamsOf) {
    batch.push({ urn: datasetUrn(down), aspectName: 'upstreamLineage', value: { upstreams: ups.map((up) => ({ dataset: datasetUrn(up), type: 'TRANSFORMED', auditStamp })) } });
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Downstream adjacency by node index, for the in-memory floor. */
export function downstreamAdjacency(graph: LineageGraph): number[][] {
  const adjacency: number[][] = Array.from({ length: graph.nodeCount }, () => []);
  for (let i = 0; i < graph.edgeCount; i++) adjacency[graph.upstream[i]].push(graph.downstream[i]);
  return adjacency;
}

/** Plain BFS: the entities within `maxDegree` hops, in walk order; the floor a lineage service cannot beat. */
export function bfsDownstream(adjacency: number[][], start: number, maxDegree: number, count: number): { total: number; firstPage: string[] } {
  const seen = new Uint8Array(adjacency.length);
  seen[start] = 1;
  let frontier = [start];
  let total = 0;
  const firstPage: string[] = [];
  for (let level = 0; frontier.length > 0 && level < maxDegree; level++) {
    const next: number[] = [];
    for (const node of frontier) {
      for (const neighbour of adjacency[node]) {
        if (seen[neighbour]) continue;
        seen[neighbour] = 1;
        next.push(neighbour);
        if (total < count) firstPage.push(datasetUrn(neighbour));
        total++;
      }
    }
    frontier = next;
  }
  return { total, firstPage };
}

/**
 * Start points for the queries. `typical`: random tables of the first two layers; `hub`: the
 * sources with the most downstream tables (the skew puts them at the lowest indexes of layer 0).
 */
export function queryStarts(graph: LineageGraph, random: Random, howMany: number, kind: 'typical' | 'hub'): number[] {
  const perLayer = graph.layerStart[1];
  const starts: number[] = [];
  for (let i = 0; i < howMany; i++) starts.push(kind === 'hub' ? i : perLayer / 10 + random.int(perLayer * 2 - perLayer / 10));
  return starts.map(Math.floor);
}
