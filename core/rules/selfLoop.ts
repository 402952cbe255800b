import type { CoreDiagnostic } from '../model/diagnostic';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges, writtenFineGrainedEdges } from './lineageFacts';

/**
 * An entity (or column) listed as its own upstream. No PDL rule forbids it and DataHub's own
 * ingestion writes such edges (the Snowflake source, for a table rewritten from itself:
 * `INSERT INTO t SELECT … FROM t`), so this is information, never advice to delete: only the
 * author knows whether the entity really reads itself or a URN is mistyped.
 */
export const selfLoop: Rule = {
  codes: ['lineage.selfLoop'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const edge of writtenEdges(model)) {
      if (edge.downstream.value !== edge.upstream.value) continue;
      diagnostics.push(
        diagnostic(
          'lineage.selfLoop',
          'information',
          edge.upstream.range,
          `${edge.upstream.value} is listed as its own upstream. DataHub stores this (its own sources write it for a table rewritten from itself) and draws a loop in the lineage graph; if another entity was meant, fix the URN.`,
        ),
      );
    }
    for (const edge of writtenFineGrainedEdges(model)) {
      const downstreams = new Set(edge.downstreams.map((d) => d.value));
      for (const upstream of edge.upstreams) {
        if (!downstreams.has(upstream.value)) continue;
        diagnostics.push(
          diagnostic(
            'lineage.selfLoop',
            'information',
            upstream.range,
            `The column ${upstream.value} is both an upstream and a downstream of this column-level edge: DataHub stores it as a column derived from itself (as for \`SET col = col + 1\`); if another column was meant, fix the URN.`,
          ),
        );
      }
    }
    return diagnostics;
  },
};
