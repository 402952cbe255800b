import { holdsEnvReference } from '../../formats/envReference';
import { factsOfKind, type DocumentModel, type EntityRefFact, type UrnRole } from '../../model/facts';
import type { CoreDiagnostic } from '../../model/diagnostic';
import type { SourceRange } from '../../model/range';
import { parseUrnOnce } from '../urnParts';
import type { UrnError } from '../../urn/types';
import { oncePerDocument } from '../perDocument';
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

/** URN codes of core/urn; every one is a stable diagnostic code of its own. */
export const URN_CODES = [
  'urn.syntax',
  'urn.arity',
  'urn.partKind',
  'urn.environment',
  'urn.platform',
  'urn.tooLong',
  'urn.unknownType',
  'urn.dataType',
  'urn.entityType',
] as const;

function fromUrnError(ref: EntityRefFact, error: UrnError, text: string): CoreDiagnostic {
  // Where the range does not hold the URN verbatim (a YAML alias `*id`, an escaped or folded
  // string), offsets inside the URN cannot be mapped to the text: mark the whole reference and
  // offer no replacement, which would land in the wrong place.
  if (text.slice(ref.range.start, ref.range.end) !== ref.urn) {
    return { range: ref.range, severity: error.severity ?? 'error', code: error.code, message: error.message, data: {} };
  }
  // Offsets are inside the URN; the URN's own range starts inside the quotes.
  const start = ref.range.start + Math.max(0, Math.min(error.offset, ref.urn.length));
  const end = Math.min(ref.range.end, start + Math.max(1, error.length));
  return {
    range: { start, end: Math.max(end, start) },
    severity: error.severity ?? 'error',
    code: error.code,
    message: error.message,
    data: { candidates: error.candidates },
  };
}

/**
 * DataHub checks an entity type against its registry where it reads an entity: key URNs and
 * `@Relationship` / `@UrnValidation` fields, which the format adapters give a role. A URN-looking
 * string anywhere else (role `other`: a form's `verification.type: urn:li:verificationType:…`, as
 * DataHub's own forms example writes it) only has to be a URN, so an entity type the registry lacks
 * is no refusal there. A capital first letter still is (Urn.java refuses it for any URN).
 */
function outsideRegistryCheck(ref: EntityRefFact, error: UrnError): boolean {
  return ref.role === 'other' && error.code === 'urn.entityType' && /^urn:li:[a-z]/.test(ref.urn);
}

const NOTHING: readonly CoreDiagnostic[] = [];

/**
 * What a strict reader refuses (a raw parenthesis inside a name) is an error where DataHub's CLI
 * reads the file's URNs as typed URNs: `datahub properties upsert` parses each property URN
 * (structuredproperties.py fqn: StructuredPropertyUrn.from_string), and its Urn classes refuse it.
 */
function asRead(warning: UrnError, typedUrns: boolean): UrnError {
  if (!warning.strictOnly || !typedUrns) return { ...warning, severity: warning.severity ?? 'warning' };
  return { ...warning, severity: 'error', message: "DataHub's CLI reads this URN as a typed URN (Urn.from_string), which refuses a raw parenthesis inside a name; write parentheses inside names as %28 and %29." };
}

function checkRef(ref: EntityRefFact, text: string, typedUrns: boolean): readonly CoreDiagnostic[] {
  // The same URN is usually written many times in a file (an MCP file repeats each entity's URN per aspect), and the semantic rules parse it too.
  const result = parseUrnOnce(ref.urn);
  // The usual reference: a valid URN of the kind its place needs, nothing to allocate.
  if (result.ok && !result.warnings?.length) {
    const expected = EXPECTED_TYPES[ref.role];
    if (!expected || expected.includes(result.urn.entityType)) return NOTHING;
  }
  // Warnings found before an error are reported too: a misspelt platform must not hide a bad env.
  const warnings = (result.warnings ?? []).map((warning) => fromUrnError(ref, asRead(warning, typedUrns), text));
  if (!result.ok) return outsideRegistryCheck(ref, result.error) ? warnings : [fromUrnError(ref, result.error, text), ...warnings];
  const found: CoreDiagnostic[] = warnings;
  const expected = EXPECTED_TYPES[ref.role];
  if (expected && !expected.includes(result.urn.entityType)) {
    found.push({
      range: ref.range,
      severity: 'error',
      code: 'urn.wrongKind',
      message: `Expected ${ROLE_WORDS[ref.role] ?? 'a different kind of'} URN (urn:li:${expected[0]}:...) here, but this is a ${result.urn.entityType} URN.`,
      data: { expected: [...expected], found: result.urn.entityType },
    });
  }
  return found;
}

/** Every URN written anywhere in a file parses, and has the kind its place needs. */
export const urnSyntax: Rule = {
  codes: [...URN_CODES, 'urn.wrongKind'],
  documentFacts: (document) => declaredTypeKey(document),
  run: ({ model, document, text }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const declared = declaredTypeUrns(document ?? model);
    const definitionTypes = definitionTypeRanges(model);
    const facts = model.facts;
    const typedUrns = model.format === 'propertyDefinitions';
    const expandsEnvReferences = model.format === 'lineageFile';
    for (let i = 0; i < facts.length; i++) {
      const fact = facts[i];
      if (fact.kind !== 'entityRef') continue;
      const found = checkRef(fact, text, typedUrns);
      if (found.length === 0) continue;
      // DataHub expands `${VAR}` in a lineage file before it reads it (formats/envReference.ts).
      if (expandsEnvReferences && holdsEnvReference(fact.urn)) continue;
      const judgedElsewhere = declared.has(fact.urn) || definitionTypes.some((range) => range.start <= fact.range.start && fact.range.end <= range.end);
      diagnostics.push(...(judgedElsewhere ? found.filter((d) => !SELF_DEFINABLE_CODES.has(d.code)) : found));
    }
    return diagnostics;
  },
};

/**
 * Data types a file defines itself: DataHub keeps no fixed list of them
 * (`examples/mce_files/test_structured_properties.json` writes a `dataTypeInfo` for
 * `urn:li:dataType:datahub.float` and uses it), so a URN of one the file declares is not unknown.
 */
const SELF_DEFINABLE_CODES: ReadonlySet<string> = new Set(['urn.dataType']);

/**
 * The `type` / `valueType` of each structured-property definition. definition.type judges a data-type
 * URN there with what the format allows (the CLI's five types in a properties YAML, any defined type
 * in an aspect) and offers the whole corrected URN, so urn.dataType stays quiet: one mistake, one
 * diagnostic.
 */
function definitionTypeRanges(model: DocumentModel): SourceRange[] {
  const ranges: SourceRange[] = [];
  for (const fact of factsOfKind(model, 'propertyDefinition')) if (fact.valueType) ranges.push(fact.valueType.range);
  return ranges;
}

/** declaredTypeUrns in a comparable form (Rule.documentFacts of the rules that use it). */
export function declaredTypeKey(document: DocumentModel): string {
  return [...declaredTypeUrns(document)].join('\n');
}

export const declaredTypeUrns = oncePerDocument((model: DocumentModel): Set<string> => {
  const declared = new Set<string>();
  // By kind and values only: a document kept in units answers without listing or moving every fact (core/incremental/lazyModel.ts).
  for (const fact of factsOfKind(model, 'aspect', 'values')) {
    const name = fact.aspectName?.value;
    if (name === 'dataTypeInfo') declared.add(fact.entityUrn.value);
  }
  return declared;
});
