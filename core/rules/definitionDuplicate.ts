import { propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { diagnostic, lineLabel } from './ruleHelpers';
import type { Rule } from './types';

/**
 * The same property defined twice in one file. Definitions are written one after another, so the
 * later one silently replaces the earlier; each later copy is flagged, pointing at the first.
 */
export const definitionDuplicate: Rule = {
  codes: ['definition.duplicate'],
  scope: 'document',
  run: ({ model, text }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const first = new Map<string, number>();
    for (const fact of factsOfKind(model, 'propertyDefinition')) {
      const urn = fact.urn.value;
      const earlier = first.get(urn);
      if (earlier === undefined) {
        first.set(urn, fact.range.start);
        continue;
      }
      const range = fact.id?.range ?? fact.urn.range;
      diagnostics.push(
        diagnostic(
          'definition.duplicate',
          'warning',
          range,
          `${propertyIdOf(urn)} is defined twice in this file (first at ${lineLabel(text, earlier)}); when pushed, this definition replaces the earlier one. Keep one definition.`,
          { firstDefinition: earlier },
        ),
      );
    }
    return diagnostics;
  },
};
