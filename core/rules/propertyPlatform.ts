import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, VERSIONED_RULES } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { platformOf, readableName } from './urnParts';

/**
 * A value of a property whose definition lists `allowedPlatforms`, set on an asset whose URN names
 * another platform (a schema field counts as its dataset's). Advice: PR #18089 has DataHub offer
 * the property only on those platforms; no stored DataHub validator shows GMS refusing the write
 * (core/datahub/versions.ts allowedPlatforms). Entities whose URN names no platform are not judged.
 */
export const propertyPlatform: Rule = {
  codes: ['property.platformNotAllowed'],
  run: ({ model, definitions, datahub }) => {
    if (!applies('allowedPlatforms', datahub)) return [];
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const allowed = lookupProperty(definitions, assignment.propertyUrn).effective?.allowedPlatforms;
      if (!allowed || allowed.length === 0) continue;
      const platform = platformOf(assignment.entity.value);
      if (platform === undefined || allowed.some((p) => p.toLowerCase() === platform.toLowerCase())) continue;
      const id = propertyIdOf(assignment.propertyUrn);
      diagnostics.push(
        diagnostic(
          'property.platformNotAllowed',
          'warning',
          assignment.property.range,
          `${id} is for assets on ${allowed.join(', ')} (its allowedPlatforms), but ${readableName(assignment.entity.value)} is on ${platform}. DataHub offers a property only on its allowed platforms from ${VERSIONED_RULES.allowedPlatforms.since}; judged by ${describeProfile(datahub)}. Set the value on an asset of an allowed platform, or add ${platform} to the definition's allowed platforms.`,
        ),
      );
    }
    return diagnostics;
  },
};
