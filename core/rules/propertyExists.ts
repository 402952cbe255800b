import { formatDifferences, lookupProperty, originLabel } from '../definitions/lookup';
import { suggestedPropertyIds } from '../definitions/propertySuggestions';
import { PROPERTY_URN_PREFIX, propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, type DataHubProfile } from '../datahub/versions';
import type { DefinitionsView } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type PropertyAssignmentFact } from '../model/facts';
import type { ServiceTarget } from './target';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';

/**
 * A property used in a value assignment is defined: in the service (the service rejects values of
 * undefined properties), or at least in a workspace file. Online, a property only the workspace
 * defines gets a note (push the definition first), and one the two define differently a warning
 * that names both. Offline, an unknown property is a warning, and only when the workspace defines
 * some properties at all (otherwise there is nothing to compare with).
 *
 * DataHub 1.8 (core/datahub/versions.ts dropMissingPropertyValues) drops a value of a property that
 * does not exist with a warning and writes the rest; it refuses the write only when no value of an
 * existing property remains for the entity (StructuredPropertiesValidator,
 * `dropMissingPropertyValuesWithWarning`). Judged per entity: its values are one structuredProperties
 * write. The local catalog refuses every such value (its seed), so connected there it stays an error.
 */
export const propertyExists: Rule = {
  codes: ['property.unknown', 'property.notPushed', 'property.disagree'],
  run: ({ model, definitions, target, datahub }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const online = definitions.serviceAvailable;
    const assignments = factsOfKind(model, 'propertyAssignment');
    const kept = droppingEntities(assignments, definitions, target, datahub);
    const suggest = suggester((id) => suggestedPropertyIds(definitions, id));
    for (const assignment of assignments) {
      if (assignment.mode === 'remove') continue;
      const lookup = lookupProperty(definitions, assignment.propertyUrn);
      const written = assignment.property.value;
      const id = propertyIdOf(assignment.propertyUrn);
      const range = assignment.property.range;
      if (!lookup.effective) {
        if (!online && definitions.workspace.size === 0) continue;
        const ids = suggest(id);
        const candidates = written.startsWith(PROPERTY_URN_PREFIX) ? ids.map((c) => PROPERTY_URN_PREFIX + c) : ids;
        const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
        const dropped = kept?.get(assignment.entity.value);
        if (online && dropped !== undefined) {
          diagnostics.push(droppedValue(assignment, id, dropped, datahub, candidates, hint));
          continue;
        }
        diagnostics.push(
          online
            ? diagnostic('property.unknown', 'error', range, `The structured property '${id}' is not defined in the service or in any workspace file, so the service rejects this value. Define it first or fix the name.${hint}`, { candidates })
            : diagnostic('property.unknown', 'warning', range, `The structured property '${id}' is not defined in any workspace file (no service is connected to check it there).${hint}`, { candidates }),
        );
        continue;
      }
      if (online && !lookup.service && lookup.workspace) {
        const file = originLabel(lookup.workspace);
        diagnostics.push(diagnostic('property.notPushed', 'information', range, `'${id}' is defined in ${file} but not yet in the service; push that definition before these values, or the service rejects them.`, { definedIn: file }));
      }
      if (lookup.service && lookup.workspace && lookup.differences.length > 0) {
        const file = originLabel(lookup.workspace);
        diagnostics.push(
          diagnostic(
            'property.disagree',
            'warning',
            range,
            `The definition of '${id}' in the service differs from the one in ${file} (${formatDifferences(lookup.differences, file)}). Values here are checked against the service's definition; push ${file} to update it.`,
            { differences: lookup.differences, definedIn: file },
          ),
        );
      }
    }
    return diagnostics;
  },
};

/**
 * Entity → how many of its values are of properties that exist, when the judged DataHub drops
 * values of missing properties (1.8 and later, not the local catalog); undefined otherwise.
 */
function droppingEntities(assignments: readonly PropertyAssignmentFact[], definitions: DefinitionsView, target: ServiceTarget | undefined, datahub: DataHubProfile | undefined): Map<string, number> | undefined {
  // Offline an unknown property is a warning anyway (nothing can be known of the service's).
  if (!definitions.serviceAvailable || target === 'localCatalog' || !applies('dropMissingPropertyValues', datahub)) return undefined;
  const kept = new Map<string, number>();
  for (const assignment of assignments) {
    if (assignment.mode === 'remove') continue;
    const exists = lookupProperty(definitions, assignment.propertyUrn).effective !== undefined;
    kept.set(assignment.entity.value, (kept.get(assignment.entity.value) ?? 0) + (exists ? 1 : 0));
  }
  return kept;
}

function droppedValue(assignment: PropertyAssignmentFact, id: string, kept: number, datahub: DataHubProfile | undefined, candidates: string[], hint: string): CoreDiagnostic {
  const judged = `judged by ${describeProfile(datahub)}`;
  if (kept > 0) {
    return diagnostic('property.unknown', 'warning', assignment.property.range, `The structured property '${id}' is not defined in the service or in any workspace file; DataHub drops this value with a warning and writes the entity's other values (${judged}). Define it first or fix the name.${hint}`, { candidates });
  }
  return diagnostic('property.unknown', 'error', assignment.property.range, `The structured property '${id}' is not defined in the service or in any workspace file, and no value of an existing property remains for this entity, so DataHub refuses the write ("no valid property assignments remain"; ${judged}). Define it first or fix the name.${hint}`, { candidates });
}

/** Suggestions are remembered across files (core/definitions/propertySuggestions.ts), but a file gets them for this many distinct ids only: the answer for a file never depends on what other files asked. */
const SUGGESTION_BUDGET = 25;

function suggester(suggestFor: (id: string) => string[]): (id: string) => string[] {
  const cache = new Map<string, string[]>();
  return (id) => {
    const cached = cache.get(id);
    if (cached) return cached;
    const result = cache.size < SUGGESTION_BUDGET ? suggestFor(id) : [];
    cache.set(id, result);
    return result;
  };
}
