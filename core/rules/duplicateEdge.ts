import type { CoreDiagnostic } from '../model/diagnostic';
import { diagnostic, lineLabel } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges } from './lineageFacts';

/** The same edge (downstream, upstream, add/remove) written twice in one file; each later copy is flagged. */
export const duplicateEdge: Rule = {
  codes: ['lineage.duplicateEdge'],
  run: ({ model, text }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const seen = new Map<string, number>();
    for (const edge of writtenEdges(model)) {
      const key = `${edge.change}\u0000${edge.downstream.value}\u0000${edge.upstream.value}`;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, edge.range.start);
        continue;
      }
      const verb = edge.change === 'add' ? 'added' : 'removed';
      diagnostics.push(
        diagnostic(
          'lineage.duplicateEdge',
          'warning',
          edge.upstream.range,
          `The edge ${edge.upstream.value} → ${edge.downstream.value} is ${verb} twice in this file (first at ${lineLabel(text, first)}). Remove this copy.`,
          { firstEdge: first },
        ),
      );
    }
    return diagnostics;
  },
};
