import type { CoreDiagnostic } from '../model/diagnostic';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges, writtenFineGrainedEdges } from './lineageFacts';

/** An entity (or column) listed as its own upstream: accepted, but it draws a loop and means nothing. */
export const selfLoop: Rule = {
  codes: ['lineage.selfLoop'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const edge of writtenEdges(model)) {
      if (edge.downstream.value !== edge.upstream.value) continue;
      diagnostics.push(diagnostic('lineage.selfLoop', 'warning', edge.upstream.range, `${edge.upstream.value} is listed as its own upstream; a lineage edge needs two different entities. Remove this edge or fix the URN.`));
    }
    for (const edge of writtenFineGrainedEdges(model)) {
      const downstreams = new Set(edge.downstreams.map((d) => d.value));
      for (const upstream of edge.upstreams) {
        if (!downstreams.has(upstream.value)) continue;
        diagnostics.push(diagnostic('lineage.selfLoop', 'warning', upstream.range, `The column ${upstream.value} is listed as both an upstream and a downstream of the same column-level edge. Remove it from one side.`));
      }
    }
    return diagnostics;
  },
};
