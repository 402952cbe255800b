import type { CoreDiagnostic } from '../model/diagnostic';
import type { FineGrainedEdgeFact } from '../model/facts';
import type { ImpliedColumn, ImpliedLineage } from '../sql/impliedLineage';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenFineGrainedEdges } from './lineageFacts';
import { datasetOfFieldUrn, fieldPathOf, readableName } from './urnParts';

/** Output columns named in one message before "and N more". */
const LISTED = 8;

/**
 * Issue 38: a lineage file's written column edges of a dataset against the SQL that defines it
 * (core/sql/sqlSources.ts): an edge the SQL does not support, and the SQL's output columns that
 * read something but have no written edge while others of the dataset are written. Information
 * only — the SQL may be older than the file, or read wrongly — and only where the editor has read
 * the SQL (`sql`, computed in the language server's SQL worker); `validate` has no SQL view, so
 * it never reports this. The quick fix merges the SQL's entry (`data.entry`) into the file.
 */
export const sqlDisagrees: Rule = {
  codes: ['lineage.sqlDisagrees'],
  // The SQL's answer arrives and changes on its own (a .sql file saved, the worker done).
  scope: 'document',
  run: ({ model, sql }) => {
    if (!sql || model.format !== 'lineageFile') return [];
    const byOwner = new Map<string, FineGrainedEdgeFact[]>();
    for (const edge of writtenFineGrainedEdges(model)) byOwner.set(edge.owner.value, [...(byOwner.get(edge.owner.value) ?? []), edge]);
    const diagnostics: CoreDiagnostic[] = [];
    for (const [owner, edges] of byOwner) {
      const implied = sql.impliedFor(owner);
      if (implied) diagnostics.push(...disagreements(edges, implied));
    }
    return diagnostics;
  },
};

const key = (urn: string) => urn.toLowerCase();

function disagreements(edges: readonly FineGrainedEdgeFact[], implied: ImpliedLineage): CoreDiagnostic[] {
  const columns = new Map<string, ImpliedColumn>();
  for (const column of implied.columns) {
    const known = columns.get(key(column.field));
    columns.set(key(column.field), known ? { field: known.field, upstreams: [...known.upstreams, ...column.upstreams] } : column);
  }
  const out: CoreDiagnostic[] = [];
  const written = new Set<string>();
  const data = { dataset: implied.dataset, source: implied.source };
  for (const edge of edges) {
    for (const downstream of edge.downstreams) {
      // A column of another dataset is lineage.columnOutsideEdge's to report, not the SQL's.
      if (key(datasetOfFieldUrn(downstream.value) ?? '') !== key(implied.dataset)) continue;
      written.add(key(downstream.value));
      const column = columns.get(key(downstream.value));
      if (!column) {
        out.push(diagnostic('lineage.sqlDisagrees', 'information', downstream.range, `${readableName(downstream.value)} is not an output column of the SQL in ${implied.source}, which defines the dataset and writes ${listed(implied.columns.map((c) => c.field))}. Fix the column name, or the SQL if it is out of date.`, { ...data, field: downstream.value }));
        continue;
      }
      const reads = new Set(column.upstreams.map(key));
      for (const upstream of edge.upstreams) {
        if (reads.has(key(upstream.value))) continue;
        const what = column.upstreams.length === 0 ? 'reads no column for it' : `computes it from ${listed(column.upstreams)}`;
        out.push(diagnostic('lineage.sqlDisagrees', 'information', upstream.range, `${implied.source} defines ${readableName(implied.dataset)}, but its SQL does not read ${readableName(upstream.value)} for ${fieldPathOf(downstream.value) ?? downstream.value}: it ${what}. Remove this upstream, or fix the SQL.`, { ...data, field: downstream.value, upstream: upstream.value }));
      }
    }
  }
  const missing = implied.columns.filter((column) => column.upstreams.length > 0 && !written.has(key(column.field)));
  const first = edges[0];
  if (missing.length > 0 && first) {
    out.push(
      diagnostic('lineage.sqlDisagrees', 'information', first.owner.range, `${implied.source} defines ${readableName(implied.dataset)}: ${missing.length} output column${missing.length === 1 ? '' : 's'} of its SQL ${missing.length === 1 ? 'has' : 'have'} no written column edge (${listed(missing.map((c) => c.field))}). Add ${missing.length === 1 ? 'it' : 'them'} with the quick fix, which keeps the edges written by hand.`, {
        ...data,
        missing: missing.map((column) => column.field),
        entry: implied.entry,
      }),
    );
  }
  return out;
}

function listed(fields: readonly string[]): string {
  const names = [...new Set(fields.map((field) => fieldPathOf(field) ?? field))];
  if (names.length === 0) return 'no column';
  return names.length > LISTED ? `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more` : names.join(', ');
}
