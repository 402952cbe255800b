import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, VERSIONED_RULES } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type PropertyDefinitionFact } from '../model/facts';
import { diagnostic, lineLabel } from './ruleHelpers';
import type { Rule } from './types';

/** The search-index field of a qualified name: DataHub writes `.` as `_` (StructuredPropertyUtils.toElasticsearchFieldName). */
export function searchFieldOf(qualifiedName: string): string {
  return qualifiedName.replace(/\./g, '_');
}

function qualifiedNameOf(fact: PropertyDefinitionFact): string {
  return fact.qualifiedName?.value ?? propertyIdOf(fact.urn.value);
}

/**
 * Two structured properties whose qualified names differ only by `.` and `_` share one search field;
 * recent DataHub refuses the second (core/datahub/versions.ts elasticsearchFieldCollision): in one
 * batch, or when a live property of another URN owns the field. An update of an existing
 * definition is not checked (its qualified name cannot change).
 */
export const definitionCollision: Rule = {
  codes: ['definition.fieldCollision'],
  scope: 'document',
  run: ({ model, text, definitions, datahub }) => {
    if (!applies('elasticsearchFieldCollision', datahub)) return [];
    const diagnostics: CoreDiagnostic[] = [];
    const seen = new Map<string, PropertyDefinitionFact>();
    const judged = `judged by ${describeProfile(datahub)}; the check exists since DataHub ${VERSIONED_RULES.elasticsearchFieldCollision.since}`;
    const live = [...definitions.service.values()].filter((d) => !d.softDeleted);
    for (const fact of factsOfKind(model, 'propertyDefinition')) {
      const name = qualifiedNameOf(fact);
      const field = searchFieldOf(name);
      const range = fact.qualifiedName?.range ?? fact.id?.range ?? fact.urn.range;
      const earlier = seen.get(field);
      if (earlier && earlier.urn.value !== fact.urn.value) {
        diagnostics.push(
          diagnostic('definition.fieldCollision', 'error', range, `'${name}' and '${qualifiedNameOf(earlier)}' (${lineLabel(text, earlier.range.start)}) are one search field, '${field}', because DataHub writes '.' as '_'; DataHub refuses the second in one batch (${judged}). Rename one of them.`),
        );
        continue;
      }
      if (!earlier) seen.set(field, fact);
      if (lookupProperty(definitions, fact.urn.value).service) continue;
      const owner = live.find((d) => d.urn !== fact.urn.value && searchFieldOf(d.qualifiedName) === field);
      if (owner) {
        diagnostics.push(
          diagnostic('definition.fieldCollision', 'error', range, `'${name}' would share the search field '${field}' with the live property ${owner.qualifiedName} (DataHub writes '.' as '_'), so DataHub refuses to create it (${judged}). Choose another name, or update ${owner.qualifiedName} instead.`),
        );
      }
    }
    return diagnostics;
  },
};
