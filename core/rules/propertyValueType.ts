import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { checkValueType, describeScalar } from './valueChecks';

/** Each value has its property's type: number, YYYY-MM-DD date, a URN of an allowed type, text. */
export const propertyValueType: Rule = {
  codes: ['property.valueType'],
  run: ({ model, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition) continue;
      const id = propertyIdOf(assignment.propertyUrn);
      for (const value of assignment.values) {
        const problem = checkValueType(value.value, definition.valueType, definition.typeQualifierAllowedTypes);
        if (!problem) continue;
        diagnostics.push(
          diagnostic('property.valueType', problem.severity, value.range, `The value ${describeScalar(value.value)} of ${id} ${problem.problem}.`, {
            candidates: problem.candidates,
            expectedType: definition.valueType,
          }),
        );
      }
    }
    return diagnostics;
  },
};
