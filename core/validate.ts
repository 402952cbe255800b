import type { DefinitionsView, EntityExistenceView } from './definitions/types';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from './definitions/types';
import type { CoreDiagnostic } from './model/diagnostic';
import type { DocumentModel } from './model/facts';
import { ALL_RULES } from './rules';
import { applySuppressions } from './rules/suppression';
import type { Rule } from './rules/types';

export interface ValidationInput {
  model: DocumentModel;
  text: string;
  definitions?: DefinitionsView;
  entities?: EntityExistenceView;
  rules?: readonly Rule[];
}

/**
 * Every diagnostic of one document, sorted by position. A document that is not one of our formats
 * gets none at all, not even parse errors: a Kubernetes manifest must stay silent.
 */
export function validateDocument(input: ValidationInput): CoreDiagnostic[] {
  if (input.model.format === null) return [];
  const context = {
    model: input.model,
    text: input.text,
    definitions: input.definitions ?? EMPTY_DEFINITIONS,
    entities: input.entities ?? UNKNOWN_EXISTENCE,
  };
  const diagnostics: CoreDiagnostic[] = [];
  for (const rule of input.rules ?? ALL_RULES) {
    try {
      diagnostics.push(...rule.run(context));
    } catch (error) {
      // One broken rule must not hide what the others found.
      diagnostics.push({
        range: { start: 0, end: 0 },
        severity: 'warning',
        code: 'internal.ruleFailed',
        message: `Catalog Code could not run the check for ${rule.codes.join(', ')}: ${error instanceof Error ? error.message : String(error)}. Please report this with the file.`,
      });
    }
  }
  return applySuppressions(input.text, diagnostics).sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
