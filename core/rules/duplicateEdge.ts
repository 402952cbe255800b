import type { AspectFact, DocumentModel, LineageEdgeFact } from '../model/facts';
import { factsOfKind } from '../model/facts';
import { diagnostic, lineLabel } from './ruleHelpers';
import { writtenEdges } from './lineageFacts';
import { repeatRule } from './repeats';
import type { Written } from './types';

/**
 * The same edge (downstream, upstream, add/remove) written twice in one write; each later copy is
 * flagged. A whole aspect (UPSERT, CREATE, an MCE snapshot) replaces what was there, so the same
 * aspect sent again in a later MCP — DataHub's Airflow, Tableau and Dagster sources send it at the
 * start and at the end of a run — is a fresh write, not a duplicate edge: each such aspect is its
 * own scope. Edges of PATCHes, lineage files and updateLineage inputs add up, so they share one.
 */
export const duplicateEdge = repeatRule<LineageEdgeFact>(['lineage.duplicateEdge'], {
  written: (model) => {
    const scopes = wholeAspects(model);
    return writtenEdges(model).map((edge): Written<LineageEdgeFact> => {
      const scope = aspectContaining(scopes, edge.range.start);
      return { key: `${edge.change}\u0000${edge.downstream.value}\u0000${edge.upstream.value}`, ...(scope ? { scope } : {}), fact: edge, range: edge.range };
    });
  },
  judge: ([first, ...later], { text }) =>
    later.map(({ fact: edge, scope }) => {
      const verb = edge.change === 'add' ? 'added' : 'removed';
      const where = scope ? 'in this aspect' : 'in this file';
      return diagnostic(
        'lineage.duplicateEdge',
        'warning',
        edge.upstream.range,
        `The edge ${edge.upstream.value} → ${edge.downstream.value} is ${verb} twice ${where} (first at ${lineLabel(text, first.range.start)}); the lineage graph has one such edge either way, so this copy adds nothing. Remove it.`,
        { firstEdge: first.range.start },
      );
    }),
});

/** The aspects written whole (not PATCH), sorted by start; aspects never nest. */
function wholeAspects(model: DocumentModel): AspectFact[] {
  return factsOfKind(model, 'aspect')
    .filter((aspect) => aspect.changeType?.value.toUpperCase() !== 'PATCH')
    .sort((a, b) => a.range.start - b.range.start);
}

/** The whole aspect that contains the offset, if any (binary search). */
function aspectContaining(aspects: readonly AspectFact[], offset: number): AspectFact | undefined {
  let low = 0;
  let high = aspects.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = aspects[middle].range;
    if (offset < range.start) high = middle - 1;
    else if (offset >= range.end) low = middle + 1;
    else return aspects[middle];
  }
  return undefined;
}
