import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';

/** forms.py PromptType: the prompts about schema fields, which cannot be required. */
const FIELD_PROMPTS = new Set(['FIELDS_STRUCTURED_PROPERTY', 'FIELDS_DOCUMENTATION', 'FIELDS_GLOSSARY_TERMS']);
const PROPERTY_PROMPTS = new Set(['STRUCTURED_PROPERTY', 'FIELDS_STRUCTURED_PROPERTY']);

/**
 * What `datahub forms upsert` refuses in a prompt beyond its keys and type
 * (metadata-ingestion/src/datahub/api/entities/forms/forms.py, Forms.validate_prompts): a
 * structured-property prompt that names no property ("Prompt type is … but no structured
 * properties exist. Unable to create form."), and a schema-field prompt marked `required`
 * ("Schema field prompts cannot be marked as required."). Either stops the CLI before it creates
 * the form. An unknown prompt type is format.enumValue; a property that does not exist,
 * form.unknownProperty (./formPrompts.ts).
 */
export const formPromptShape: Rule = {
  codes: ['form.prompt'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const prompt of factsOfKind(model, 'formPrompt')) {
      const type = prompt.type.value;
      if (PROPERTY_PROMPTS.has(type) && !prompt.namesProperty) {
        diagnostics.push(diagnostic('form.prompt', 'error', prompt.type.range, `A ${type} prompt must name its property (structured_property_id or structured_property_urn); DataHub's CLI creates no form without it ("Prompt type is ${type} but no structured properties exist. Unable to create form.").`));
      }
      if (FIELD_PROMPTS.has(type) && prompt.required) {
        diagnostics.push(diagnostic('form.prompt', 'error', prompt.required.range, `A ${type} prompt asks about schema fields, which DataHub does not let a form require ("Schema field prompts cannot be marked as required."); DataHub's CLI creates no form. Remove required: true or set it to false.`, { candidates: ['false'] }));
      }
    }
    return diagnostics;
  },
};
