import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic, trimRange } from './ruleHelpers';
import type { Rule } from './types';
import { describeScalar } from './valueChecks';

/**
 * A SINGLE-cardinality property holds at most one value; the service rejects more. `data` says
 * whether the values were written as a list and lists each value, so a quick fix can keep one of
 * them as a scalar.
 */
export const cardinality: Rule = {
  codes: ['property.cardinality'],
  run: ({ model, text, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove' || assignment.values.length <= 1) continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition || definition.cardinality !== 'SINGLE') continue;
      const id = propertyIdOf(assignment.propertyUrn);
      const values = assignment.values.map((v) => v.value);
      diagnostics.push(
        diagnostic(
          'property.cardinality',
          'error',
          trimRange(text, assignment.valuesRange),
          `${id} takes a single value (cardinality SINGLE), but ${values.length} are given (${values.map(describeScalar).join(', ')}); the service rejects this. Keep one value, or make the property MULTIPLE.`,
          { candidates: values.map((v) => String(v)), writtenAsList: assignment.writtenAsList, valueCount: values.length },
        ),
      );
    }
    return diagnostics;
  },
};
