import { countText } from '../common/countText';
import { lookupProperty } from '../definitions/lookup';
import { propertyIdOf } from '../definitions/normalise';
import { applies, describeProfile, VERSIONED_RULES } from '../datahub/versions';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';

/**
 * Lucene's limit on one keyword term, in UTF-8 bytes: DataHub's `structuredProperties.keywordMaxLength`
 * defaults to it (ESUtils.KEYWORD_MAXLENGTH), and StructuredPropertiesValidator refuses a longer
 * string-backed value (core/datahub/versions.ts stringValueByteLimit).
 */
export const KEYWORD_MAX_BYTES = 32766;

/** The value types DataHub indexes as one keyword term (PR #18533 names STRING and RICH_TEXT). */
const KEYWORD_TYPES = new Set(['string', 'rich_text']);

/** A string or rich_text value longer than DataHub's keyword limit, in the versions that refuse it. */
export const propertyValueBytes: Rule = {
  codes: ['property.valueTooLong'],
  run: ({ model, definitions, datahub }) => {
    if (!applies('stringValueByteLimit', datahub)) return [];
    const diagnostics: CoreDiagnostic[] = [];
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const definition = lookupProperty(definitions, assignment.propertyUrn).effective;
      if (!definition || !KEYWORD_TYPES.has(definition.valueType)) continue;
      for (const value of assignment.values) {
        if (typeof value.value !== 'string' || value.value.length * 3 <= KEYWORD_MAX_BYTES) continue;
        const bytes = Buffer.byteLength(value.value, 'utf8');
        if (bytes <= KEYWORD_MAX_BYTES) continue;
        diagnostics.push(
          diagnostic(
            'property.valueTooLong',
            'error',
            value.range,
            `This value of ${propertyIdOf(assignment.propertyUrn)} is ${countText(bytes)} bytes of UTF-8; DataHub refuses ${definition.valueType} values over ${countText(KEYWORD_MAX_BYTES)} bytes (its search index's keyword limit, \`structuredProperties.keywordMaxLength\`) with HTTP 422, unless the server sets STRUCTURED_PROPERTIES_DROP_OVERSIZED_KEYWORD_VALUES_FROM_INDEX (judged by ${describeProfile(datahub)}; the limit exists since DataHub ${VERSIONED_RULES.stringValueByteLimit.since}). Shorten the value, or keep the long text elsewhere (a documentation link) and store a summary here.`,
          ),
        );
      }
    }
    return diagnostics;
  },
};
