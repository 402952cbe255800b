import { lookupProperty, originLabel } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic, HOW_TO_RESTORE } from './ruleHelpers';
import type { Rule } from './types';

/** A value of a soft-deleted property: the service denies adding it (spec §3, effect 3). Removing one is fine. */
export const propertySoftDeleted: Rule = {
  codes: ['property.softDeleted'],
  run: ({ model, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition?.softDeleted) continue;
      const where = definition.origin.kind === 'service' ? 'in the service' : `by ${originLabel(definition)}`;
      diagnostics.push(
        diagnostic(
          'property.softDeleted',
          'error',
          assignment.property.range,
          `'${propertyIdOf(assignment.propertyUrn)}' is soft-deleted ${where}: the service denies adding its values and entities do not show them. Restore the property first: ${HOW_TO_RESTORE}; or remove this value.`,
        ),
      );
    }
    return diagnostics;
  },
};
