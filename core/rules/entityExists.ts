import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { writtenEdges } from './lineageFacts';
import { fileLabel } from '../output/fileLabel';

/**
 * Both ends of an edge exist in the pending state (core/plan/existence.ts): in the catalog, or
 * created by a file of the workspace — spec §1 and §4.1, a lineage write naming a missing entity
 * fails. Only a definite "does not exist" counts; an entity not looked up yet stays quiet. When a
 * file outside those checked creates the entity (a push of some files), push order matters and
 * the message names that file.
 */
export const entityExists: Rule = {
  codes: ['lineage.unknownEntity'],
  // Existence answers arrive and expire on their own, and each entity is reported once per file.
  scope: 'document',
  run: ({ model, entities, unionOverParts }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const reported = new Set<string>();
    // Offline nothing is known to be missing: no end needs asking (nor what the files create collected).
    if (entities.neverMissing) return diagnostics;
    // Every end is asked about once (the answers are recorded, server/catalogReads.ts); in a
    // document kept in parts the ends are kept per part, so a keystroke lists the ends of the part
    // it read, not every edge of the file (core/incremental/partUnion.ts). The edges are listed with
    // their ranges only when one is missing.
    let anyMissing = false;
    for (const urn of unionOverParts?.(entityExists, edgeEnds) ?? edgeEnds(model)) if (entities.exists(urn) === false) anyMissing = true;
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
        const pushFirst = entities.createdOutside?.(end.value) ?? [];
        diagnostics.push(diagnostic('lineage.unknownEntity', 'error', end.range, unknownEntityMessage(end.value, role, pushFirst), { urn: end.value, role, ...(pushFirst.length > 0 ? { pushFirst: [...pushFirst] } : {}) }));
      }
    }
    return diagnostics;
  },
};

/** The entities the written edges of `model` name, each once. */
function edgeEnds(model: DocumentModel): string[] {
  const ends = new Set<string>();
  for (const edge of writtenEdges(model, 'values')) ends.add(edge.downstream.value).add(edge.upstream.value);
  return [...ends];
}

function unknownEntityMessage(urn: string, role: string, pushFirst: readonly string[]): string {
  if (pushFirst.length > 0) {
    return `${urn} (the ${role} of this edge) is not in the catalog yet: ${pushFirst.map(fileLabel).join(', ')} creates it but is not part of this push, so pushing this lineage alone fails. Push ${pushFirst.length === 1 ? 'that file' : 'those files'} first, or together with this one.`;
  }
  return `${urn} (the ${role} of this edge) does not exist in the catalog, and no file of the workspace creates it, so pushing this lineage fails. Create the entity (ingest it, or add a dataset YAML entry or MCP file for it), or fix the URN.`;
}
