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
 * Structured properties whose qualified names differ only by `.` and `_` share one search field;
 * DataHub 1.7 and later refuse it (core/datahub/versions.ts elasticsearchFieldCollision;
 * PropertyDefinitionValidator.validateDefinitionUpsertsProposed, PR #18533, metadata-io
 * …/structuredproperties/validation/PropertyDefinitionValidator.java). Within one batch the
 * definitions are grouped by search field and every group of two or more is refused — the same
 * definition sent twice as well (only an MCP file can be sent so: a properties YAML is written one
 * definition at a time, where definition.duplicate says the later wins; Catalog Code's push puts
 * the two in separate batches, so that case is a warning). A new definition whose field a live
 * property of another URN owns is refused; an update of an existing definition is not checked (its
 * qualified name cannot change). Qualified names with spaces are skipped: the space is refused
 * first (definition.qualifiedName).
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
    const oneBatch = model.format === 'mcpJson';
    for (const fact of factsOfKind(model, 'propertyDefinition')) {
      const name = qualifiedNameOf(fact);
      if (/\s/.test(name)) continue;
      const field = searchFieldOf(name);
      const range = fact.qualifiedName?.range ?? fact.id?.range ?? fact.urn.range;
      const earlier = seen.get(field);
      if (earlier && earlier.urn.value !== fact.urn.value) {
        diagnostics.push(
          diagnostic('definition.fieldCollision', 'error', range, `'${name}' and '${qualifiedNameOf(earlier)}' (${lineLabel(text, earlier.range.start)}) are one search field, '${field}', because DataHub writes '.' as '_'; DataHub refuses the second, in one batch or after the first (${judged}). Rename one of them.`),
        );
        continue;
      }
      if (earlier && oneBatch) {
        diagnostics.push(
          diagnostic('definition.fieldCollision', 'warning', range, `${propertyIdOf(fact.urn.value)} is defined again here (first at ${lineLabel(text, earlier.range.start)}); DataHub refuses a batch that holds the same definition twice, because both claim the search field '${field}' (${judged}). Catalog Code's push sends them in separate batches; another tool sending this file as one batch is refused. Keep one definition.`),
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
