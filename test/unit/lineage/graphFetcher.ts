import type { FineGrainedLineageView, LineageFetcher, LineageScrollRequest } from '../../../core/lineage/types';

/**
 * A small lineage graph held in memory that answers like `scrollAcrossLineage` does: shortest-path
 * degrees by breadth-first search, the degree filter, and pages cut by an opaque scroll id. It lets
 * the tree's unit tests pin paging and cycles exactly; the integration tests run the tree against
 * the real local catalog.
 */
export class GraphFetcher implements LineageFetcher {
  readonly requests: LineageScrollRequest[] = [];
  private readonly upstreams = new Map<string, string[]>();
  private readonly columns = new Map<string, FineGrainedLineageView[]>();

  /** `edges` are [downstream, upstream] pairs */
  constructor(edges: [string, string][]) {
    for (const [down, up] of edges) this.upstreams.set(down, [...(this.upstreams.get(down) ?? []), up]);
  }

  setColumns(datasetUrn: string, edges: FineGrainedLineageView[]): void {
    this.columns.set(datasetUrn, edges);
  }

  async fineGrainedLineages(datasetUrn: string): Promise<FineGrainedLineageView[]> {
    return this.columns.get(datasetUrn) ?? [];
  }

  async scrollLineage(request: LineageScrollRequest) {
    this.requests.push(request);
    const degrees = this.degreesFrom(request.urn, request.direction);
    const matching = [...degrees.entries()].filter(([, degree]) => request.degrees.includes(degree >= 3 ? '3+' : (String(degree) as '1' | '2')));
    const start = request.scrollId ? Number(request.scrollId) : 0;
    const count = request.count ?? 10;
    const page = matching.slice(start, start + count);
    const next = start + count < matching.length ? String(start + count) : null;
    return {
      results: page.map(([urn, degree]) => ({ urn, type: urn.startsWith('urn:li:dataset:') ? 'DATASET' : 'DATA_JOB', degree })),
      nextScrollId: next,
      total: matching.length,
    };
  }

  private neighbours(urn: string, direction: 'UPSTREAM' | 'DOWNSTREAM'): string[] {
    if (direction === 'UPSTREAM') return this.upstreams.get(urn) ?? [];
    return [...this.upstreams.entries()].filter(([, ups]) => ups.includes(urn)).map(([down]) => down);
  }

  private degreesFrom(start: string, direction: 'UPSTREAM' | 'DOWNSTREAM'): Map<string, number> {
    const degrees = new Map<string, number>();
    let frontier = [start];
    for (let degree = 1; frontier.length > 0; degree++) {
      const next: string[] = [];
      for (const urn of frontier) {
        for (const neighbour of this.neighbours(urn, direction)) {
          if (neighbour === start || degrees.has(neighbour)) continue;
          degrees.set(neighbour, degree);
          next.push(neighbour);
        }
      }
      frontier = next;
    }
    return degrees;
  }
}

export const ds = (name: string): string => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;
export const field = (name: string, column: string): string => `urn:li:schemaField:(${ds(name)},${column})`;
