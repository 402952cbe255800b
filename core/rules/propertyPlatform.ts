import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, VERSIONED_RULES } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { entityTypeOf, platformOf, readableName } from './urnParts';

/**
 * Entity types whose key names no platform and that never carry a `dataPlatformInstance` aspect:
 * GMS finds no data platform for them, so a property with `allowedPlatforms` is refused on them.
 * Other types whose URN names no platform (a container, an ML feature, a notebook) may carry a
 * stored dataPlatformInstance aspect this file cannot see: a warning says what decides.
 */
const NEVER_ON_A_PLATFORM = new Set([
  'glossaryTerm', 'glossaryNode', 'domain', 'corpuser', 'corpGroup', 'tag', 'structuredProperty', 'form',
  'businessAttribute', 'ownershipType', 'dataType', 'entityType', 'dataHubPolicy', 'dataHubRole',
]);

/** DataPlatformInstanceUtils.getDefaultDataPlatform lower-cases the tool/orchestrator of these keys. */
const LOWER_CASED_TOOL = new Set(['chart', 'dashboard', 'dataFlow', 'dataJob', 'dataProcess']);

/**
 * A value of a property whose definition lists `allowedPlatforms` on an asset of another platform,
 * or on one with no data platform at all. DataHub refuses both from 1.7.0
 * (StructuredPropertiesValidator.validateAllowedPlatforms, PR #18089, metadata-io
 * …/structuredproperties/validation/StructuredPropertiesValidator.java): the platform URN must be
 * one of the list exactly; a schema field takes its dataset's platform, other entities their
 * dataPlatformInstance aspect (for keyed entities DataHub derives it from the URN).
 */
export const propertyPlatform: Rule = {
  codes: ['property.platformNotAllowed'],
  run: ({ model, definitions, datahub }) => {
    if (!applies('allowedPlatforms', datahub)) return [];
    const judged = `judged by ${describeProfile(datahub)}; DataHub enforces allowedPlatforms from ${VERSIONED_RULES.allowedPlatforms.since}`;
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const allowed = lookupProperty(definitions, assignment.propertyUrn).effective?.allowedPlatforms;
      if (!allowed || allowed.length === 0) continue;
      const entity = assignment.entity.value;
      const entityType = entityTypeOf(entity);
      if (entityType === undefined) continue;
      const id = propertyIdOf(assignment.propertyUrn);
      const platform = platformOfEntity(entity, entityType);
      if (platform === undefined) {
        const certain = NEVER_ON_A_PLATFORM.has(entityType);
        diagnostics.push(
          diagnostic(
            'property.platformNotAllowed',
            certain ? 'error' : 'warning',
            assignment.property.range,
            certain
              ? `${id} is restricted to the data platforms ${allowed.join(', ')} (its allowedPlatforms), but a ${entityType} has no data platform, so DataHub refuses the value (${judged}). Set it on an asset of an allowed platform, or remove allowedPlatforms from the definition.`
              : `${id} is restricted to the data platforms ${allowed.join(', ')} (its allowedPlatforms); DataHub refuses the value unless ${readableName(entity)} has a dataPlatformInstance aspect naming one of them (${judged}). Make sure it does, or remove allowedPlatforms from the definition.`,
          ),
        );
        continue;
      }
      if (allowed.includes(platform)) continue;
      diagnostics.push(
        diagnostic(
          'property.platformNotAllowed',
          'error',
          assignment.property.range,
          `${id} is restricted to the data platforms ${allowed.join(', ')} (its allowedPlatforms), but ${readableName(entity)} belongs to ${platform}, so DataHub refuses the value (${judged}; platform names are compared exactly). Set the value on an asset of an allowed platform, or add ${platform} to the definition's allowed platforms.`,
        ),
      );
    }
    return diagnostics;
  },
};

function platformOfEntity(urn: string, entityType: string): string | undefined {
  const platform = platformOf(urn);
  if (platform === undefined) return undefined;
  return LOWER_CASED_TOOL.has(entityType) ? platform.toLowerCase() : platform;
}
