import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, VERSIONED_RULES } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type AspectFact, type DocumentModel } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { entityTypeOf } from './urnParts';

/** The aspects whose DELETE hard-deletes a structured property (its key, or its definition). */
const DEFINING_ASPECTS = new Set(['propertyDefinition', 'structuredPropertyKey']);

/**
 * A DELETE of a structured property's propertyDefinition (or key) aspect in an MCP file: a hard
 * delete. DataHub 1.8 refuses it unless the property is soft-deleted first (PR #19445, "require
 * soft delete before hard delete", HTTP 400; core/datahub/versions.ts hardDeleteAfterSoftDelete);
 * soft-deleted means so in the service, or a `status` with `removed: true` earlier in this file.
 * Before 1.8 it succeeds. The local catalog keeps its seed's rule: no hard delete at all.
 */
export const definitionHardDelete: Rule = {
  codes: ['definition.hardDelete'],
  scope: 'document',
  run: ({ model, definitions, target, datahub }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const fact of factsOfKind(model, 'aspect')) {
      const urn = fact.entityUrn.value;
      if (fact.changeType?.value !== 'DELETE' || !DEFINING_ASPECTS.has(fact.aspectName?.value ?? '') || entityTypeOf(urn) !== 'structuredProperty') continue;
      const name = propertyIdOf(urn);
      const range = fact.changeType.range;
      if (target === 'localCatalog') {
        diagnostics.push(diagnostic('definition.hardDelete', 'error', range, `The local catalog does not hard-delete structured properties (its spec: only soft delete), so it refuses this DELETE of ${name}. Soft-delete it instead (a status aspect with removed: true).`));
        continue;
      }
      if (!applies('hardDeleteAfterSoftDelete', datahub)) continue;
      const judged = `judged by ${describeProfile(datahub)}; required from DataHub ${VERSIONED_RULES.hardDeleteAfterSoftDelete.since}, PR #19445`;
      if (softDeletedBefore(model, fact)) continue;
      const live = lookupProperty(definitions, urn).service;
      if (live?.softDeleted) continue;
      const known = definitions.serviceAvailable && live !== undefined;
      diagnostics.push(
        diagnostic(
          'definition.hardDelete',
          known ? 'error' : 'warning',
          range,
          `${known ? `${name} is not soft-deleted in the service, so DataHub refuses this hard delete` : `DataHub refuses this hard delete of ${name} unless the property is soft-deleted first`} (${judged}): hard deletion leaves the search mapping of its name behind. Write a status aspect with removed: true for it first (earlier in this file, or before this push).`,
        ),
      );
    }
    return diagnostics;
  },
};

function softDeletedBefore(model: DocumentModel, deletion: AspectFact): boolean {
  const urn = deletion.entityUrn.value;
  return factsOfKind(model, 'statusChange').some((status) => status.entity.value === urn && status.removed.value && status.range.start < deletion.range.start);
}
