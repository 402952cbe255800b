import { lookupProperty, originLabel } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import type { AllowedValue, PropertyDefinitionInfo } from '../definitions/types';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { PropertyScalar } from '../model/facts';
import { factsOfKind } from '../model/facts';
import { closestMatches } from '../urn/suggest';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';
import { checkValueType, describeScalar } from './valueChecks';

/**
 * A value of a property with allowed values is one of them. DataHub compares the typed value, so
 * `'30'` does not equal `30`; a value of the wrong type is the value-type rule's to report.
 * Candidates are all allowed values, the closest first.
 */
export const notAllowedValue: Rule = {
  codes: ['property.notAllowedValue'],
  run: ({ model, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const lookup = lookupProperty(definitions, assignment.propertyUrn);
      const definition = lookup.effective;
      const allowed = definition?.allowedValues ?? [];
      if (!definition || allowed.length === 0) continue;
      const id = propertyIdOf(assignment.propertyUrn);
      for (const value of assignment.values) {
        if (checkValueType(value.value, definition.valueType, definition.typeQualifierAllowedTypes)) continue;
        if (isAllowed(value.value, allowed)) continue;
        const candidates = rankAllowed(value.value, allowed);
        const listed = allowed.map((a) => describeScalar(a.value)).join(', ');
        const hint = candidates.length > 0 && isClose(value.value, candidates[0]) ? ` Did you mean ${describeScalar(candidates[0])}?` : '';
        const note = workspaceNote(value.value, definition, lookup.workspace);
        diagnostics.push(
          diagnostic('property.notAllowedValue', 'error', value.range, `${describeScalar(value.value)} is not an allowed value of ${id}; the service accepts only ${listed}.${hint}${note}`, {
            candidates: candidates.map(String),
          }),
        );
      }
    }
    return diagnostics;
  },
};

function isAllowed(value: PropertyScalar, allowed: readonly AllowedValue[]): boolean {
  return allowed.some((a) => a.value === value);
}

/** All allowed values, the closest first: by numeric distance for numbers, by spelling for text. */
function rankAllowed(value: PropertyScalar, allowed: readonly AllowedValue[]): Array<string | number> {
  const values = allowed.map((a) => a.value);
  if (typeof value === 'number') {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    return [...numbers].sort((a, b) => Math.abs(a - value) - Math.abs(b - value));
  }
  const texts = values.map(String);
  const close = closestMatches(String(value), texts, texts.length);
  const rest = values.filter((v) => !close.includes(String(v)));
  const closeValues = close.map((c) => values.find((v) => String(v) === c) ?? c);
  return [...closeValues, ...rest];
}

function isClose(value: PropertyScalar, candidate: string | number): boolean {
  if (typeof value === 'number') return typeof candidate === 'number';
  return closestMatches(String(value), [String(candidate)], 1).length > 0;
}

/** When the workspace's own definition allows the value, the fix is to push that definition first. */
function workspaceNote(value: PropertyScalar, effective: PropertyDefinitionInfo, workspace: PropertyDefinitionInfo | undefined): string {
  if (!workspace || workspace === effective || !workspace.allowedValues || !isAllowed(value, workspace.allowedValues)) return '';
  return ` The definition in ${originLabel(workspace)} allows it; push that definition first.`;
}
