import type { CoreDiagnostic } from '../../model/diagnostic';
import type { Rule } from '../types';
import { describeShape } from './unknownKey';

/** Required keys that are absent, and values of the wrong YAML/JSON type, as the adapters recorded them. */
export const structure: Rule = {
  codes: ['format.missingKey', 'format.wrongType'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    // Indexed: no iterator step allocated per fact while this code is still cold (every rule passes over every fact).
    for (let i = 0, facts = model.facts; i < facts.length; i++) {
      const fact = facts[i];
      if (fact.kind === 'missingKey') {
        diagnostics.push({
          range: fact.range,
          severity: 'error',
          code: 'format.missingKey',
          message: `${capitalize(describeShape(fact.shape))} needs the key '${fact.key}'; add it.`,
          data: { key: fact.key },
        });
      } else if (fact.kind === 'wrongType') {
        diagnostics.push({
          range: fact.range,
          severity: 'error',
          code: 'format.wrongType',
          message: `'${fact.path}' must be ${fact.expected}, but ${fact.found} is written here.`,
        });
      }
    }
    return diagnostics;
  },
};

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
