import type { CoreDiagnostic } from '../model/diagnostic';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges } from './lineageFacts';

/**
 * Both ends of an edge exist in the service: spec §1 and §4.1, a lineage write naming a missing
 * entity fails. Only a definite "does not exist" counts; an entity not looked up yet stays quiet.
 */
export const entityExists: Rule = {
  codes: ['lineage.unknownEntity'],
  // Existence answers arrive and expire on their own, and each entity is reported once per file.
  scope: 'document',
  run: ({ model, entities }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const reported = new Set<string>();
    // Every end is asked about (the answers are recorded, server/catalogReads.ts); the edges are
    // listed with their ranges only when one is missing (in a document kept in units, core/incremental/,
    // listing values only moves nothing).
    const edges = writtenEdges(model, 'values');
    const anyMissing = edges.reduce((missing, edge) => entities.exists(edge.downstream.value) === false || entities.exists(edge.upstream.value) === false || missing, false);
    if (!anyMissing) return diagnostics;
    for (const edge of writtenEdges(model)) {
      for (const [end, role] of [
        [edge.downstream, 'downstream'],
        [edge.upstream, 'upstream'],
      ] as const) {
        if (entities.exists(end.value) !== false) continue;
        // The same entity name serves many edges in a lineage file; report each place once.
        const key = `${end.range.start}:${end.range.end}:${end.value}`;
        if (reported.has(key)) continue;
        reported.add(key);
        diagnostics.push(
          diagnostic(
            'lineage.unknownEntity',
            'error',
            end.range,
            `${end.value} (the ${role} of this edge) does not exist in the service, so pushing this lineage fails. Create the entity first (ingest it or push the file that defines it), or fix the URN.`,
            { urn: end.value, role },
          ),
        );
      }
    }
    return diagnostics;
  },
};
