import type { CoreDiagnostic } from '../../model/diagnostic';
import { KNOWN_KEYS } from '../../formats/shapes';
import { closestMatches } from '../../urn/suggest';
import type { Rule } from '../types';

const camelToSnake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const snakeToCamel = (key: string): string => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** DataHub's file models forbid extra keys (pydantic `extra="forbid"`): a typo is a hard error there. */
export const unknownKey: Rule = {
  codes: ['format.unknownKey'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const fact of model.facts) {
      if (fact.kind !== 'objectShape') continue;
      const known = (KNOWN_KEYS as Readonly<Record<string, readonly string[] | undefined>>)[fact.shape];
      if (!known) continue;
      // A key the mapping already has is no fix: renaming to it would write a duplicate key.
      const present = new Set(fact.keys.map((key) => key.value));
      const free = known.filter((k) => !present.has(k));
      for (const key of fact.keys) {
        if (known.includes(key.value)) continue;
        const styleTwin = [camelToSnake(key.value), snakeToCamel(key.value)].find((k) => k !== key.value && free.includes(k));
        const candidates = styleTwin ? [styleTwin] : closestMatches(key.value, free, 3);
        const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
        diagnostics.push({
          range: key.range,
          severity: 'error',
          code: 'format.unknownKey',
          message: `Unknown key '${key.value}' in ${describeShape(fact.shape)}; DataHub rejects keys it does not know.${hint} Known keys: ${known.join(', ')}.`,
          data: { candidates },
        });
      }
    }
    return diagnostics;
  },
};

/** `lineageFile.entity` → `lineage file entity`, for messages. */
export function describeShape(shape: string): string {
  return shape
    .replace(/\./g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
