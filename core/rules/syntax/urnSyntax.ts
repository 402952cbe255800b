import type { EntityRefFact, UrnRole } from '../../model/facts';
import type { CoreDiagnostic } from '../../model/diagnostic';
import { parseUrn } from '../../urn';
import type { Rule } from '../types';

/** Entity types a URN may have in each role; roles not listed accept any type. */
const EXPECTED_TYPES: Partial<Record<UrnRole, readonly string[]>> = {
  property: ['structuredProperty'],
  valueType: ['dataType'],
  entityType: ['entityType'],
  fieldUpstream: ['schemaField', 'dataset'],
  fieldDownstream: ['schemaField', 'dataset'],
};

const ROLE_WORDS: Partial<Record<UrnRole, string>> = {
  property: 'a structured property',
  valueType: 'a value type',
  entityType: 'an entity type',
  fieldUpstream: 'an upstream column',
  fieldDownstream: 'a downstream column',
};

function checkRef(ref: EntityRefFact): CoreDiagnostic | undefined {
  const result = parseUrn(ref.urn);
  if (!result.ok) {
    const { error } = result;
    const start = ref.range.start + Math.max(0, Math.min(error.offset, ref.urn.length));
    const end = Math.min(ref.range.end, start + Math.max(1, error.length));
    return {
      range: { start, end: Math.max(end, start) },
      severity: 'error',
      code: 'urn.syntax',
      message: error.message,
      data: { candidates: error.candidates, urnErrorCode: error.code, urnOffset: error.offset, urnLength: error.length },
    };
  }
  const expected = EXPECTED_TYPES[ref.role];
  if (expected && !expected.includes(result.urn.entityType)) {
    return {
      range: ref.range,
      severity: 'error',
      code: 'urn.wrongKind',
      message: `Expected ${ROLE_WORDS[ref.role] ?? 'a different kind of'} URN (urn:li:${expected[0]}:...) here, but this is a ${result.urn.entityType} URN.`,
      data: { expected: [...expected], found: result.urn.entityType },
    };
  }
  return undefined;
}

/** Every URN written anywhere in a file parses, and has the kind its place needs. */
export const urnSyntax: Rule = {
  codes: ['urn.syntax', 'urn.wrongKind'],
  run: ({ model }) => {
    const diagnostics: CoreDiagnostic[] = [];
    for (const fact of model.facts) {
      if (fact.kind !== 'entityRef') continue;
      const diagnostic = checkRef(fact);
      if (diagnostic) diagnostics.push(diagnostic);
    }
    return diagnostics;
  },
};
