import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { entityTypeOf } from './urnParts';

/**
 * The entity a value is attached to has one of the property's entity types. DataHub's server does
 * not enforce this (datahub-project/datahub#10491), so a value lands where the property was never
 * meant to be: a warning, naming the entity type to add to the definition. The local catalog does
 * enforce it, so connected there it is an error that says so (core/diagnostics/policy.ts).
 */
export const propertyEntityType: Rule = {
  codes: ['property.entityType'],
  run: ({ model, definitions, target }) => {
    const local = target === 'localCatalog';
    const consequence = local
      ? 'the local catalog rejects it (its own rule; DataHub would store the value anyway)'
      : 'DataHub stores the value anyway, but it is applied where the property was not meant to be';
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition || definition.entityTypes.length === 0) continue;
      const entityType = entityTypeOf(assignment.entity.value);
      if (entityType === undefined || definition.entityTypes.includes(entityType)) continue;
      diagnostics.push(
        diagnostic(
          'property.entityType',
          local ? 'error' : 'warning',
          assignment.property.range,
          `${propertyIdOf(assignment.propertyUrn)} is defined for ${definition.entityTypes.join(', ')}, not for ${entityType}; ${consequence}. Add ${entityType} to the property's entity types, or move this value.`,
          { entityType, definitionEntityTypes: definition.entityTypes },
        ),
      );
    }
    return diagnostics;
  },
};
