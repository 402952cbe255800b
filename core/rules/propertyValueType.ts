import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type DocumentModel, type PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { checkValueType, describeScalar, placeValueProblem, type ValueProblem } from './valueChecks';

/** Each value has its property's type: number, YYYY-MM-DD date, a URN of an allowed type, text. */
export const propertyValueType: Rule = {
  codes: ['property.valueType'],
  run: ({ model, text, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition) continue;
      const id = propertyIdOf(assignment.propertyUrn);
      for (const value of assignment.values) {
        const problem = checkValueType(value.value, definition.valueType, definition.typeQualifierAllowedTypes) ?? unquotedDate(model, text, value);
        if (!problem) continue;
        const { range, candidates } = placeValueProblem(model, text, value, problem);
        diagnostics.push(
          diagnostic('property.valueType', problem.severity, range, `The value ${describeScalar(value.value)} of ${id} ${problem.problem}.`, {
            candidates,
            expectedType: definition.valueType,
          }),
        );
      }
    }
    return diagnostics;
  },
};

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The DataHub CLI loads dataset YAML as YAML 1.1, where an unquoted 2023-01-01 is a date object,
 * not text, and its model then rejects it; DataHub's own examples quote dates for this reason.
 */
function unquotedDate(model: DocumentModel, text: string, value: Located<PropertyScalar>): ValueProblem | undefined {
  if (model.format !== 'datasetYaml' || typeof value.value !== 'string' || !DATE_LIKE.test(value.value)) return undefined;
  const before = text[value.range.start - 1];
  if (before === '"' || before === "'") return undefined;
  return {
    severity: 'warning',
    problem: 'is not quoted; the DataHub CLI reads an unquoted date as a date object rather than text and rejects it. Write it in quotes',
    candidates: [`"${value.value}"`],
  };
}
