import type { DefinitionsView, EntityExistenceView } from './definitions/types';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from './definitions/types';
import type { CoreDiagnostic } from './model/diagnostic';
import type { DocumentModel } from './model/facts';
import { ALL_RULES } from './rules';
import { applySuppressions } from './rules/suppression';
import type { Rule } from './rules/types';
import type { ServiceTarget } from './rules/target';
import { milder, severityCeiling } from './diagnostics/policy';
import { applySeverityOverrides, type SeverityOverrides } from './diagnostics/severityOverrides';

export interface ValidationInput {
  model: DocumentModel;
  text: string;
  definitions?: DefinitionsView;
  entities?: EntityExistenceView;
  rules?: readonly Rule[];
  /** the service the files are written for (default `offline`: messages say what DataHub does) */
  target?: ServiceTarget;
  /** the user's levels per code (`catalogCode.diagnostics.severity`, the CLI's `--severity`) */
  severity?: SeverityOverrides;
}

/**
 * Every diagnostic of one document, sorted by position. A document that is not one of our formats
 * gets none at all, not even parse errors: a Kubernetes manifest must stay silent. Each severity is
 * capped by the code's authority for the target, then the user's overrides apply.
 */
export function validateDocument(input: ValidationInput): CoreDiagnostic[] {
  if (input.model.format === null) return [];
  const context = {
    model: input.model,
    text: input.text,
    definitions: input.definitions ?? EMPTY_DEFINITIONS,
    entities: input.entities ?? UNKNOWN_EXISTENCE,
    target: input.target ?? 'offline',
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
  const connectedToLocalCatalog = context.target === 'localCatalog';
  // Severity follows authority (core/diagnostics/policy.ts): no rule can call advice an error.
  const truthful = diagnostics.map((d) => {
    const severity = milder(d.severity, severityCeiling(d.code, connectedToLocalCatalog));
    return severity === d.severity ? d : { ...d, severity };
  });
  return applySeverityOverrides(applySuppressions(input.text, truthful), input.severity).sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
