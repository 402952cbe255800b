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

export function writtenFineGrainedEdges(model: DocumentModel): FineGrainedEdgeFact[] {
  return factsOfKind(model, 'fineGrainedEdge').filter((edge) => (edge.depth ?? 0) === 0);
}
