import { lookupProperty } from '../definitions/lookup';
import { suggestedPropertyIds } from '../definitions/propertySuggestions';
import { PROPERTY_URN_PREFIX, propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind, type PropertyReferenceFact } from '../model/facts';
import type { DefinitionsView, PropertyDefinitionInfo } from '../definitions/types';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';

/**
 * The structured properties a form's prompts ask for (`datahub forms upsert`): each must exist —
 * forms.py raises "Structured property … does not exist. Unable to create form." and creates no
 * form — and should apply to the entity types the form is assigned to, or its prompt cannot be
 * answered there (DataHub does not check that: advice).
 */
export const formPrompts: Rule = {
  codes: ['form.unknownProperty', 'form.entityType'],
  run: ({ model, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const reference of factsOfKind(model, 'propertyReference')) {
      const found = lookupProperty(definitions, reference.propertyUrn).effective;
      if (!found) diagnostics.push(...unknown(reference, definitions));
      else diagnostics.push(...outsideEntityTypes(reference, found));
    }
    return diagnostics;
  },
};

function unknown(reference: PropertyReferenceFact, definitions: DefinitionsView): CoreDiagnostic[] {
  const online = definitions.serviceAvailable;
  if (!online && definitions.workspace.size === 0) return [];
  const id = propertyIdOf(reference.propertyUrn);
  const ids = suggestedPropertyIds(definitions, id);
  const candidates = reference.property.value.startsWith(PROPERTY_URN_PREFIX) ? ids.map((c) => PROPERTY_URN_PREFIX + c) : ids;
  const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
  return [
    online
      ? diagnostic('form.unknownProperty', 'error', reference.property.range, `The structured property '${id}' is not defined in the service or in any workspace file; DataHub's CLI then creates no form ("Structured property … does not exist. Unable to create form."). Define it first or fix the name.${hint}`, { candidates })
      : diagnostic('form.unknownProperty', 'warning', reference.property.range, `The structured property '${id}' is not defined in any workspace file (no service is connected to check it there); DataHub's CLI creates no form for a prompt whose property does not exist.${hint}`, { candidates }),
  ];
}

function outsideEntityTypes(reference: PropertyReferenceFact, definition: PropertyDefinitionInfo): CoreDiagnostic[] {
  if (definition.entityTypes.length === 0) return [];
  const allowed = new Set(definition.entityTypes.map((t) => t.toLowerCase()));
  const outside = reference.entityTypes.filter((type) => !allowed.has(type.value.toLowerCase()));
  const names = [...new Set(outside.map((type) => type.value))];
  if (names.length === 0) return [];
  const id = propertyIdOf(reference.propertyUrn);
  return [
    diagnostic(
      'form.entityType',
      'warning',
      reference.property.range,
      `This form is for ${names.join(', ')} entities, but ${id} applies only to ${definition.entityTypes.join(', ')}: the prompt cannot be answered on a ${names[0]}. Add ${names.join(', ')} to the property's entity types, or assign the form to ${definition.entityTypes.join(', ')} entities only.`,
      { outside: names, allowed: [...definition.entityTypes] },
    ),
  ];
}
