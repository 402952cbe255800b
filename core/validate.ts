import type { DefinitionsView, EntityExistenceView } from './definitions/types';
import { EMPTY_DEFINITIONS, UNKNOWN_EXISTENCE } from './definitions/types';
import type { CoreDiagnostic } from './model/diagnostic';
import type { DocumentModel } from './model/facts';
import { ALL_RULES } from './rules';
import { applySuppressions, type SuppressionSource } from './rules/suppression';
import { parseErrors } from './rules/syntax/parseErrors';
import { withUrnParses } from './rules/urnParts';
import type { Rule, RuleContext } from './rules/types';
import type { ServiceTarget } from './rules/target';
import { milder, NOT_CHECKED_CODE, severityCeiling } from './diagnostics/policy';
import { applySeverityOverrides, type SeverityOverrides } from './diagnostics/severityOverrides';
import { notCheckedMessage } from './formats/unchecked';
import type { UncheckedFormat } from './model/uncheckedFormat';
import { byPosition, oneLine } from './diagnostics/order';
import { describeError } from './errors/describeError';
import { DEFAULT_PROFILE, type DataHubProfile } from './datahub/versions';
import type { SqlLineageView } from './sql/impliedLineage';

export interface ValidationInput {
  model: DocumentModel;
  text: string;
  definitions?: DefinitionsView;
  entities?: EntityExistenceView;
  rules?: readonly Rule[];
  /** the service the files are written for (default `offline`: messages say what DataHub does) */
  target?: ServiceTarget;
  /** the DataHub version whose rules apply (`catalogCode.datahub.version`, `--datahub-version`, the service's /config) */
  datahub?: DataHubProfile;
  /** the user's levels per code (`catalogCode.diagnostics.severity`, the CLI's `--severity`) */
  severity?: SeverityOverrides;
  /** the SQL that defines datasets, as the editor reads it (lineage.sqlDisagrees); absent: not judged */
  sql?: SqlLineageView;
}

/**
 * Every diagnostic of one document, sorted by position. A document that is not one of our formats
 * gets none at all, not even parse errors: a Kubernetes manifest must stay silent. Each severity is
 * capped by the code's authority for the target, then the user's overrides apply.
 */
export function validateDocument(input: ValidationInput): CoreDiagnostic[] {
  if (input.model.format === null) {
    if (input.model.unparsed) return finishDiagnostics(ruleContext(input), input, parseErrors.run(ruleContext(input)));
    return input.model.unchecked ? finishDiagnostics(ruleContext(input), input, [notCheckedNote(input.model.unchecked)]) : [];
  }
  const context = ruleContext(input);
  return finishDiagnostics(context, input, withUrnParses(() => runRules(input.rules ?? ALL_RULES, context)));
}

/** The one note a file of a DataHub format Catalog Code does not check gets (core/formats/unchecked.ts). */
function notCheckedNote(unchecked: UncheckedFormat): CoreDiagnostic {
  return { range: { start: unchecked.range.start, end: unchecked.range.end }, severity: 'information', code: NOT_CHECKED_CODE, message: notCheckedMessage(unchecked) };
}

/** What every rule is given, from the validation input. */
export function ruleContext(input: ValidationInput): RuleContext {
  return {
    model: input.model,
    text: input.text,
    definitions: input.definitions ?? EMPTY_DEFINITIONS,
    entities: input.entities ?? UNKNOWN_EXISTENCE,
    target: input.target ?? 'offline',
    datahub: input.datahub ?? DEFAULT_PROFILE,
    ...(input.sql ? { sql: input.sql } : {}),
  };
}

/** Runs the rules on the context's facts; a rule that throws is reported, not fatal. */
export function runRules(rules: readonly Rule[], context: RuleContext): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  for (const rule of rules) {
    try {
      diagnostics.push(...rule.run(context));
    } catch (error) {
      // One broken rule must not hide what the others found.
      diagnostics.push({
        range: { start: 0, end: 0 },
        severity: 'warning',
        code: 'internal.ruleFailed',
        message: `Catalog Code could not run the check for ${rule.codes.join(', ')}: ${describeError(error)}. Please report this with the file.`,
      });
    }
  }
  return diagnostics;
}

/**
 * The rules' findings as the user sees them: each severity capped by the code's authority for the
 * target, suppressions and the user's overrides applied, in one order that does not depend on the
 * order the rules ran in (whole document or part by part, core/incremental/checkParts.ts).
 */
export function finishDiagnostics(context: RuleContext, input: Pick<ValidationInput, 'severity'>, diagnostics: CoreDiagnostic[], suppressions?: SuppressionSource): CoreDiagnostic[] {
  const connectedToLocalCatalog = context.target === 'localCatalog';
  // Severity follows authority (core/diagnostics/policy.ts): no rule can call advice an error.
  // A message is one line of prose: values it quotes from the file never bring their own line
  // breaks or controls into an editor, a terminal or a CI log (docs/reliability.md).
  const truthful = diagnostics.map((d) => {
    const severity = milder(d.severity, severityCeiling(d.code, connectedToLocalCatalog));
    const message = oneLine(d.message);
    return severity === d.severity && message === d.message ? d : { ...d, severity, message };
  });
  return applySeverityOverrides(applySuppressions(context.text, truthful, suppressions), input.severity).sort(byPosition);
}
