import type { DocumentModel, FactsReading, FineGrainedEdgeFact, LineageEdgeFact } from '../model/facts';
import { factsOfKind } from '../model/facts';

/**
 * The lineage a push actually writes. The DataHub lineage source reads only top-level entries of a
 * lineage file (depth 0); deeper edges are recorded by the adapter but ignored, so the lineage rules
 * judge only depth 0 and lineage.nestedIgnored reports the rest.
 */
export function writtenEdges(model: DocumentModel, reading: FactsReading = 'all'): LineageEdgeFact[] {
  return factsOfKind(model, 'lineageEdge', reading).filter((edge) => (edge.depth ?? 0) === 0);
}

/** The column edges a push writes: top-level ones, less those of a lineage-file entry without upstreams (lineage.noUpstream). */
export function writtenFineGrainedEdges(model: DocumentModel): FineGrainedEdgeFact[] {
  return factsOfKind(model, 'fineGrainedEdge').filter((edge) => (edge.depth ?? 0) === 0 && !droppedWithoutUpstream(model, edge));
}

/**
 * Whether DataHub drops the column edge because its lineage-file entry has no upstream (none, or
 * `upstream: []`): the lineage source's `_get_lineage_mcp` returns None when `not
 * entity_node.upstream`, before it reads fineGrainedLineages, so nothing is written for the entry.
 * (An entry whose upstreams were all unreadable also has none here; DataHub refuses that file.)
 */
export function droppedWithoutUpstream(model: DocumentModel, edge: FineGrainedEdgeFact): boolean {
  return model.format === 'lineageFile' && (edge.depth ?? 0) === 0 && edge.ownerUpstreams.length === 0;
}
