import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { factsOfKind } from '../model/facts';
import type { SourceRange } from '../model/range';
import { diagnostic, lineLabel } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges } from './lineageFacts';

/**
 * The same edge (downstream, upstream, add/remove) written twice in one write; each later copy is
 * flagged. A whole aspect (UPSERT, CREATE, an MCE snapshot) replaces what was there, so the same
 * aspect sent again in a later MCP — DataHub's Airflow, Tableau and Dagster sources send it at the
 * start and at the end of a run — is a fresh write, not a duplicate edge: each such aspect is its
 * own scope. Edges of PATCHes, lineage files and updateLineage inputs add up, so they share one.
 */
export const duplicateEdge: Rule = {
  codes: ['lineage.duplicateEdge'],
  scope: 'document',
  run: ({ model, text }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const scopes = wholeAspectRanges(model);
    const seen = new Map<string, number>();
    for (const edge of writtenEdges(model)) {
      const scope = scopeIndex(scopes, edge.range.start);
      const key = `${scope}\u0000${edge.change}\u0000${edge.downstream.value}\u0000${edge.upstream.value}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, edge.range.start);
        continue;
      }
      const verb = edge.change === 'add' ? 'added' : 'removed';
      const where = scope >= 0 ? 'in this aspect' : 'in this file';
      diagnostics.push(
        diagnostic(
          'lineage.duplicateEdge',
          'warning',
          edge.upstream.range,
          `The edge ${edge.upstream.value} → ${edge.downstream.value} is ${verb} twice ${where} (first at ${lineLabel(text, first)}); the lineage graph has one such edge either way, so this copy adds nothing. Remove it.`,
          { firstEdge: first },
        ),
      );
    }
    return diagnostics;
  },
};

/** The ranges of aspects written whole (not PATCH), sorted by start; aspects never nest. */
function wholeAspectRanges(model: DocumentModel): SourceRange[] {
  return factsOfKind(model, 'aspect')
    .filter((aspect) => aspect.changeType?.value.toUpperCase() !== 'PATCH')
    .map((aspect) => aspect.range)
    .sort((a, b) => a.start - b.start);
}

/** Index of the whole aspect that contains the offset, or -1 (binary search). */
function scopeIndex(ranges: readonly SourceRange[], offset: number): number {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle];
    if (offset < range.start) high = middle - 1;
    else if (offset >= range.end) low = middle + 1;
    else return middle;
  }
  return -1;
}
