import { pulledYaml } from './yamlText';
import type { GraphSnapshot } from '../lineage/graph';
import { datasetKey, entityTypeOfUrn, parseUrn } from '../urn';
import { compare } from './definitionsYaml';

export type LineageFileFormat = 'file' | 'edges';

/**
 * The lineage of a graph as a file Catalog Code pushes: a `datahub-lineage-file` (datasets only,
 * with column-level edges) or an `updateLineage` edge document (any entity type, entity-level).
 * `complete` are the downstreams whose upstreams the graph holds in full: only they get an entry
 * in a lineage file, because a lineage file replaces each entry's upstreams when pushed.
 */
export function lineageFileText(graph: GraphSnapshot, format: LineageFileFormat, complete: ReadonlySet<string>): string {
  if (format === 'edges') {
    const edgesToAdd = graph.edges.map((e) => ({ downstreamUrn: e.downstream, upstreamUrn: e.upstream })).sort((a, b) => compare(a.downstreamUrn, b.downstreamUrn) || compare(a.upstreamUrn, b.upstreamUrn));
    return pulledYaml({ edgesToAdd, edgesToRemove: [] });
  }
  const downstreams = [...new Set(graph.edges.map((e) => e.downstream))].filter((urn) => complete.has(urn)).sort(compare);
  const lineage = downstreams.map((downstream) => {
    const entry: Record<string, unknown> = {
      entity: lineageEntity(downstream),
      upstream: graph.edges.filter((e) => e.downstream === downstream).map((e) => e.upstream).sort(compare).map((u) => ({ entity: lineageEntity(u) })),
    };
    const columns = graph.columnEdges.filter((c) => c.owner === downstream);
    if (columns.length > 0) {
      entry.fineGrainedLineages = columns.map((c) => {
        const out: Record<string, unknown> = {};
        if (c.upstreamType) out.upstreamType = c.upstreamType;
        out.upstreams = c.upstreams;
        if (c.downstreamType) out.downstreamType = c.downstreamType;
        out.downstreams = c.downstreams;
        if (c.transformOperation) out.transformOperation = c.transformOperation;
        if (c.confidenceScore !== undefined) out.confidenceScore = c.confidenceScore;
        return out;
      });
    }
    return entry;
  });
  return pulledYaml({ version: 1, lineage });
}

/** Entities a lineage file cannot name (it takes datasets only), so the edge document is needed. */
export function notDatasets(graph: GraphSnapshot): string[] {
  return graph.nodes.map((n) => n.urn).filter((urn) => entityTypeOfUrn(urn) !== 'dataset');
}

function lineageEntity(urn: string): Record<string, string> {
  const parsed = parseUrn(urn);
  const key = parsed.ok ? datasetKey(parsed.urn) : undefined;
  if (!key) throw new Error(`${urn} is not a dataset URN; a lineage file names datasets only.`);
  return { name: key.name, type: 'dataset', env: key.env, platform: key.platform };
}
