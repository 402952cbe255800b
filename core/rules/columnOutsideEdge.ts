import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel, FineGrainedEdgeFact } from '../model/facts';
import type { Located } from '../model/range';
import { closestMatches } from '../urn/suggest';
import { diagnostic } from './ruleHelpers';
import type { ServiceTarget } from './target';
import type { Rule } from './types';
import { writtenEdges, writtenFineGrainedEdges } from './lineageFacts';
import { oncePerDocument } from './perDocument';
import { datasetOfFieldUrn, entityTypeOf, fieldPathOf, readableName, schemaFieldUrn } from './urnParts';

/**
 * Spec §2.4: column-level edges must agree with the entity-level ones. Every column of a
 * fine-grained edge belongs to the dataset that owns the edge or to one of its entity-level
 * upstreams. This is the local catalog's rule, not DataHub's: GMS stores such aspects, and
 * DataHub's own `file_lineage.yml` breaks it (DEV entities, PROD column URNs). So it is an error
 * only when the target is the local catalog; otherwise a warning that says what DataHub does.
 * A data job's column lineage (dataJobInputOutput) reads inputs → outputs instead: its upstream
 * columns belong to its input datasets, its downstream columns to its output datasets.
 *
 * For an upstream column, `data.missingUpstream` is the dataset a fix can add as an upstream (or
 * job input); `data.candidates` re-point the column at the closest allowed dataset (an env typo first).
 */
export const columnOutsideEdge: Rule = {
  codes: ['lineage.columnOutsideEdge'],
  // A data job's outputs may be written in another part of the file than its column lineage.
  documentFacts: (document) => jobOutputEdges(document).map((edge) => `${edge.upstream.value} ${edge.downstream.value}`).join('\n'),
  run: ({ model, document, target }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const verdict = verdictFor(target ?? 'offline');
    for (const edge of writtenFineGrainedEdges(model)) {
      const scope = scopeOf(document ?? model, edge);
      for (const column of edge.upstreams) {
        const dataset = datasetOfFieldUrn(column.value);
        if (dataset === undefined || scope.upstreamDatasets.includes(dataset)) continue;
        diagnostics.push(outsideUpstream(edge, scope, column, dataset, verdict));
      }
      if (scope.downstreamDatasets.length === 0) continue;
      for (const column of edge.downstreams) {
        const dataset = datasetOfFieldUrn(column.value);
        if (dataset === undefined || scope.downstreamDatasets.includes(dataset)) continue;
        diagnostics.push(outsideDownstream(edge, scope, column, verdict));
      }
    }
    return diagnostics;
  },
};

interface Verdict {
  severity: 'error' | 'warning';
  /** what the target does with it, one sentence ending in a full stop */
  consequence: string;
}

function verdictFor(target: ServiceTarget): Verdict {
  if (target === 'localCatalog') {
    return { severity: 'error', consequence: 'The local catalog rejects it (its rule: column lineage must agree with dataset lineage; DataHub itself would store it).' };
  }
  return {
    severity: 'warning',
    consequence: `DataHub stores it as written (GMS has no such check), but the column edge then points at a dataset the lineage graph does not connect${target === 'offline' ? '; the local catalog would reject it' : ''}.`,
  };
}

interface EdgeScope {
  job: boolean;
  /** datasets upstream columns may belong to */
  upstreamDatasets: string[];
  /** datasets downstream columns may belong to; empty when the file does not say (not checked then) */
  downstreamDatasets: string[];
  /** where a re-pointed upstream / downstream column should go, closest first */
  upstreamTargets: string[];
  downstreamTargets: string[];
}

function scopeOf(model: DocumentModel, edge: FineGrainedEdgeFact): EdgeScope {
  const owner = edge.owner.value;
  if (entityTypeOf(owner) === 'dataJob') {
    const outputs = jobOutputEdges(model)
      .filter((e) => e.upstream.value === owner)
      .map((e) => e.downstream.value);
    return { job: true, upstreamDatasets: edge.ownerUpstreams, downstreamDatasets: outputs, upstreamTargets: edge.ownerUpstreams, downstreamTargets: outputs };
  }
  const allowed = [owner, ...edge.ownerUpstreams];
  return {
    job: false,
    upstreamDatasets: allowed,
    downstreamDatasets: allowed,
    upstreamTargets: edge.ownerUpstreams.length > 0 ? edge.ownerUpstreams : [owner],
    downstreamTargets: [owner],
  };
}

const jobOutputEdges = oncePerDocument((model: DocumentModel) => writtenEdges(model).filter((e) => e.origin === 'dataJobInputOutput'));

function repointed(column: string, datasets: readonly string[]): string[] {
  const path = fieldPathOf(column);
  return datasets.map((dataset) => (path === undefined ? dataset : schemaFieldUrn(dataset, path)));
}

function listed(datasets: readonly string[]): string {
  return datasets.map(readableName).join('; ');
}

function outsideUpstream(edge: FineGrainedEdgeFact, scope: EdgeScope, column: Located<string>, dataset: string, verdict: Verdict): CoreDiagnostic {
  const owner = edge.owner.value;
  const candidates = repointed(column.value, closestMatches(dataset, scope.upstreamTargets, 3));
  const hint = candidates.length > 0 ? ` (did you mean ${readableName(candidates[0])}?)` : '';
  const message = scope.job
    ? `The input column ${readableName(column.value)} belongs to a dataset that is not an input of the job ${owner}${scope.upstreamDatasets.length > 0 ? ` (its inputs: ${listed(scope.upstreamDatasets)})` : ''}. ${verdict.consequence} Add ${readableName(dataset)} to the job's inputs, or point the column at an input${hint}.`
    : `The upstream column ${readableName(column.value)} belongs to a dataset that is neither ${readableName(owner)}, which owns this column lineage, nor ${edge.ownerUpstreams.length > 0 ? `one of its upstreams (${listed(edge.ownerUpstreams)})` : 'an upstream of it (it has none)'}. ${verdict.consequence} Add ${readableName(dataset)} as an upstream of ${readableName(owner)}, or point the column at an upstream${hint}.`;
  return diagnostic('lineage.columnOutsideEdge', verdict.severity, column.range, message, { candidates, missingUpstream: dataset, owner });
}

function outsideDownstream(edge: FineGrainedEdgeFact, scope: EdgeScope, column: Located<string>, verdict: Verdict): CoreDiagnostic {
  const owner = edge.owner.value;
  const dataset = datasetOfFieldUrn(column.value) ?? column.value;
  const candidates = repointed(column.value, closestMatches(dataset, scope.downstreamTargets, 3));
  const hint = candidates.length > 0 ? ` Did you mean ${readableName(candidates[0])}?` : '';
  const message = scope.job
    ? `The output column ${readableName(column.value)} belongs to a dataset that is not an output of the job ${owner} (its outputs: ${listed(scope.downstreamDatasets)}). ${verdict.consequence}${hint}`
    : // A downstream column is written by this lineage, so it belongs to the dataset that owns it; its upstreams are not mentioned (they are where columns come from, not go to).
      `The downstream column ${readableName(column.value)} belongs to ${readableName(dataset)}, not to ${readableName(owner)}, which owns this column lineage: a downstream column must be a column of the dataset the lineage is written on. ${verdict.consequence} Point it at a column of ${readableName(owner)}.${hint}`;
  return diagnostic('lineage.columnOutsideEdge', verdict.severity, column.range, message, { candidates, expectedDataset: scope.downstreamTargets[0] ?? owner, owner });
}
