import { formatDifferences, knownPropertyIds, lookupProperty, originLabel } from '../definitions/lookup';
import { PROPERTY_URN_PREFIX, propertyIdOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import { factsOfKind } from '../model/facts';
import { closestMatches } from '../urn/suggest';
import { diagnostic } from './ruleHelpers';
import type { Rule } from './types';

/**
 * A property used in a value assignment is defined: in the service (the service rejects values of
 * undefined properties), or at least in a workspace file. Online, a property only the workspace
 * defines gets a note (push the definition first), and one the two define differently a warning
 * that names both. Offline, an unknown property is a warning, and only when the workspace defines
 * some properties at all (otherwise there is nothing to compare with).
 */
export const propertyExists: Rule = {
  codes: ['property.unknown', 'property.notPushed', 'property.disagree'],
  run: ({ model, definitions }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const online = definitions.serviceAvailable;
    const suggest = suggester(() => knownPropertyIds(definitions));
    for (const assignment of factsOfKind(model, 'propertyAssignment')) {
      if (assignment.mode === 'remove') continue;
      const lookup = lookupProperty(definitions, assignment.propertyUrn);
      const written = assignment.property.value;
      const id = propertyIdOf(assignment.propertyUrn);
      const range = assignment.property.range;
      if (!lookup.effective) {
        if (!online && definitions.workspace.size === 0) continue;
        const ids = suggest(id);
        const candidates = written.startsWith(PROPERTY_URN_PREFIX) ? ids.map((c) => PROPERTY_URN_PREFIX + c) : ids;
        const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
        diagnostics.push(
          online
            ? diagnostic('property.unknown', 'error', range, `The structured property '${id}' is not defined in the service or in any workspace file, so the service rejects this value. Define it first or fix the name.${hint}`, { candidates })
            : diagnostic('property.unknown', 'warning', range, `The structured property '${id}' is not defined in any workspace file (no service is connected to check it there).${hint}`, { candidates }),
        );
        continue;
      }
      if (online && !lookup.service && lookup.workspace) {
        const file = originLabel(lookup.workspace);
        diagnostics.push(diagnostic('property.notPushed', 'information', range, `'${id}' is defined in ${file} but not yet in the service; push that definition before these values, or the service rejects them.`, { definedIn: file }));
      }
      if (lookup.service && lookup.workspace && lookup.differences.length > 0) {
        const file = originLabel(lookup.workspace);
        diagnostics.push(
          diagnostic(
            'property.disagree',
            'warning',
            range,
            `The definition of '${id}' in the service differs from the one in ${file} (${formatDifferences(lookup.differences, file)}). Values here are checked against the service's definition; push ${file} to update it.`,
            { differences: lookup.differences, definedIn: file },
          ),
        );
      }
    }
    return diagnostics;
  },
};

/** Suggestions cost an edit distance per known property, so they are computed once per distinct id, for this many ids per file. */
const SUGGESTION_BUDGET = 25;

function suggester(listKnown: () => readonly string[]): (id: string) => string[] {
  const cache = new Map<string, string[]>();
  let known: readonly string[] | undefined;
  return (id) => {
    const cached = cache.get(id);
    if (cached) return cached;
    known ??= listKnown();
    const result = cache.size < SUGGESTION_BUDGET ? closestMatches(id, known, 3) : [];
    cache.set(id, result);
    return result;
  };
}
