import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type DocumentModel, type PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { checkValueType, describeScalar, placeValueProblem, unquotedYamlDate, type ValueProblem } from './valueChecks';

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

/**
 * The dataset YAML's unquoted date (valueChecks.ts). Still a warning here, though `datahub dataset
 * upsert` refuses the file too; the properties YAML's allowed values report it as an error.
 */
function unquotedDate(model: DocumentModel, text: string, value: Located<PropertyScalar>): ValueProblem | undefined {
  if (model.format !== 'datasetYaml') return undefined;
  const problem = unquotedYamlDate(text, value);
  return problem && { ...problem, severity: 'warning' };
}
