import type { CoreDiagnostic } from '../../model/diagnostic';
import { CASE_FOLDED_ENUMS, CASE_INSENSITIVE_ENUMS, ENUMS } from '../../formats/shapes';
import { closestMatches } from '../../urn/suggest';
import type { Rule } from '../types';

/** A value of an enumerated field (cardinality, type, changeType, upstreamType, env ...) that the enum lacks. */
export const enumValue: Rule = {
  codes: ['format.enumValue'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    // Indexed: no iterator step allocated per fact while this code is still cold (every rule passes over every fact).
    for (let i = 0, facts = model.facts; i < facts.length; i++) {
      const fact = facts[i];
      if (fact.kind !== 'enumValue') continue;
      const allowed = (ENUMS as Readonly<Record<string, readonly string[] | undefined>>)[fact.enumName];
      if (!allowed || allowed.includes(fact.value.value)) continue;
      // DataHub upper-cases these itself (the lineage source's EnvConfigMixin: `env: dev` is DEV).
      if (CASE_INSENSITIVE_ENUMS.has(fact.enumName) && allowed.includes(fact.value.value.toUpperCase())) continue;
      const sameLetters = allowed.filter((v) => v.toLowerCase() === fact.value.value.toLowerCase());
      if (CASE_FOLDED_ENUMS.has(fact.enumName) && sameLetters.length > 0) {
        diagnostics.push({
          range: fact.value.range,
          severity: 'warning',
          code: 'format.enumValue',
          message: `DataHub reads '${fact.value.value}' as the entity type '${sameLetters[0]}' (it ignores case here); write '${sameLetters[0]}' as DataHub names it.`,
          data: { candidates: sameLetters },
        });
        continue;
      }
      const candidates = sameLetters.length > 0 ? sameLetters : closestMatches(fact.value.value, allowed, 3);
      const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
      diagnostics.push({
        range: fact.value.range,
        severity: 'error',
        code: 'format.enumValue',
        message: `'${fact.value.value}' is not a valid ${fact.enumName === 'proposalEntityType' ? 'entityType' : fact.enumName}; use ${describeAllowed(allowed)}.${hint}`,
        data: { candidates },
      });
    }
    return diagnostics;
  },
};

/** Short enums are listed whole; long ones (entity types) by their first few, so a message stays readable. */
function describeAllowed(allowed: readonly string[]): string {
  if (allowed.length <= 12) return `one of ${allowed.join(', ')}`;
  return `one of the ${allowed.length} known values (${allowed.slice(0, 8).join(', ')}, …)`;
}
