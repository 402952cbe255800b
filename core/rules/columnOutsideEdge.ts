import type { CoreDiagnostic } from '../model/diagnostic';
import type { FineGrainedEdgeFact } from '../model/facts';
import type { Located } from '../model/range';
import { closestMatches } from '../urn/suggest';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenFineGrainedEdges } from './lineageFacts';
import { datasetOfFieldUrn, fieldPathOf, readableName, schemaFieldUrn } from './urnParts';

/**
 * Spec §2.4: column-level edges must agree with the entity-level ones. Every column of a
 * fine-grained edge belongs to the dataset that owns the edge or to one of its entity-level
 * upstreams. DataHub's own `file_lineage.yml` breaks this (DEV entities, PROD column URNs).
 *
 * For an upstream column, `data.missingUpstream` is the dataset a fix can add as an upstream;
 * `data.candidates` re-point the column at the closest dataset that is allowed (an env typo first).
 */
export const columnOutsideEdge: Rule = {
  codes: ['lineage.columnOutsideEdge'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const edge of writtenFineGrainedEdges(model)) {
      const allowed = [edge.owner.value, ...edge.ownerUpstreams];
      for (const column of edge.upstreams) {
        const dataset = datasetOfFieldUrn(column.value);
        if (dataset === undefined || allowed.includes(dataset)) continue;
        diagnostics.push(outsideUpstream(edge, column, dataset));
      }
      for (const column of edge.downstreams) {
        const dataset = datasetOfFieldUrn(column.value);
        if (dataset === undefined || allowed.includes(dataset)) continue;
        diagnostics.push(outsideDownstream(edge, column));
      }
    }
    return diagnostics;
  },
};

function repointed(column: string, datasets: readonly string[]): string[] {
  const path = fieldPathOf(column);
  return datasets.map((dataset) => (path === undefined ? dataset : schemaFieldUrn(dataset, path)));
}

function upstreamList(edge: FineGrainedEdgeFact): string {
  return edge.ownerUpstreams.length > 0 ? `one of its upstreams (${edge.ownerUpstreams.map(readableName).join('; ')})` : 'an upstream of it (it has none)';
}

function outsideUpstream(edge: FineGrainedEdgeFact, column: Located<string>, dataset: string): CoreDiagnostic {
  const owner = edge.owner.value;
  const closest = closestMatches(dataset, edge.ownerUpstreams.length > 0 ? edge.ownerUpstreams : [owner], 3);
  const candidates = repointed(column.value, closest);
  const hint = candidates.length > 0 ? `, or point the column at an upstream (did you mean ${readableName(candidates[0])}?)` : '';
  return diagnostic(
    'lineage.columnOutsideEdge',
    'error',
    column.range,
    `The upstream column ${readableName(column.value)} belongs to a dataset that is neither ${readableName(owner)}, which owns this column lineage, nor ${upstreamList(edge)}. Column lineage must agree with dataset lineage, or the service rejects it: add ${readableName(dataset)} as an upstream of ${readableName(owner)}${hint}.`,
    { candidates, missingUpstream: dataset, owner },
  );
}

function outsideDownstream(edge: FineGrainedEdgeFact, column: Located<string>): CoreDiagnostic {
  const owner = edge.owner.value;
  const candidates = repointed(column.value, [owner]);
  return diagnostic(
    'lineage.columnOutsideEdge',
    'error',
    column.range,
    `The downstream column ${readableName(column.value)} is not a column of ${readableName(owner)}, which owns this column lineage, nor of one of its upstreams; column lineage must agree with dataset lineage, or the service rejects it. Did you mean ${readableName(candidates[0])}?`,
    { candidates, expectedDataset: owner, owner },
  );
}
