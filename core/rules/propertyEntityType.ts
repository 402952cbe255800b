import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { entityTypeOf } from './urnParts';

/**
 * The entity a value is attached to has one of the property's entity types. DataHub's server does
 * not enforce this (StructuredPropertiesValidator never reads entityTypes, datahub-project/datahub
 * #10491): it stores the value, and from 1.8.0 leaves it out of the search index (PR #19490: the
 * mappings are made per listed entity type, `dynamic: false`; core/datahub/versions.ts
 * unlistedEntityTypeUnindexed). A warning, naming the entity type to add. The local catalog refuses
 * it (the seed's spec: entityTypes are "the entity types the property may be applied to"), so
 * connected there it is an error that says so (core/diagnostics/policy.ts).
 */
export const propertyEntityType: Rule = {
  codes: ['property.entityType'],
  run: ({ model, definitions, target, datahub }) => {
    const local = target === 'localCatalog';
    const consequence = local
      ? 'the local catalog rejects it (its own rule; DataHub would store the value anyway)'
      : applies('unlistedEntityTypeUnindexed', datahub)
        ? `DataHub stores the value but does not index it there, so it cannot be searched or filtered on (PR #19490; judged by ${describeProfile(datahub)})`
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
