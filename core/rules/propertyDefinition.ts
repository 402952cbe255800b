import { DATA_TYPE_URN_PREFIX, ENTITY_TYPE_URN_PREFIX, propertyIdOf, readDataType, readEntityType, valueTypeOf } from '../definitions/normalise';
import type { CoreDiagnostic } from '../model/diagnostic';
import type { DocumentModel, PropertyDefinitionFact, PropertyScalar } from '../model/facts';
import type { Located } from '../model/range';
import { factsOfKind } from '../model/facts';
import { closestMatches } from '../urn/suggest';
import { DATA_TYPE_NAMES, ENTITY_TYPE_NAMES, isDataTypeName, TYPE_NAMESPACES } from '../urn/vocabulary';
import { diagnostic, quote, SyntaxReported, timestampVersion, VERSION_PATTERN } from './ruleHelpers';
import { declaredTypeUrns } from './syntax/urnSyntax';
import type { Rule } from './types';
import { checkValueType, placeValueProblem, unquotedYamlDate } from './valueChecks';
import { unknownDataType } from './unknownDataType';
import type { DataHubProfile } from '../datahub/versions';
import type { EntityExistenceView } from '../definitions/types';

/**
 * What a structured-property definition must satisfy on its own, before the service sees it:
 * the type, cardinality, entity types, version format, qualified name, and allowed values typed
 * like the property (reference/datahub-formats.md §1a, datahub-api.md §4.2).
 */
export const propertyDefinition: Rule = {
  // format.wrongType: an allowed value the CLI's YAML loader does not read as text (an unquoted date).
  codes: ['definition.type', 'definition.cardinality', 'definition.entityType', 'definition.version', 'definition.qualifiedName', 'definition.allowedValueType', 'format.wrongType'],
  // Its version advice names the current time, so results are not kept between checks.
  scope: 'document',
  run: ({ model, document, text, entities, datahub }) => {
    const diagnostics: CoreDiagnostic[] = [];
    const facts = factsOfKind(model, 'propertyDefinition');
    if (facts.length === 0) return diagnostics;
    // Where a syntax rule already reports a value (format.enumValue, urn.syntax), these stay quiet.
    const reported = new SyntaxReported(model);
    const declaredTypes = declaredTypeUrns(document ?? model);
    const unjudged = (written: Located<string> | undefined): written is Located<string> => written !== undefined && !reported.has(written.range);
    for (const fact of facts) {
      const name = propertyIdOf(fact.urn.value);
      if (unjudged(fact.valueType) && !declaredTypes.has(fact.valueType.value)) diagnostics.push(...checkType(model, fact.valueType, name, { entities, datahub }));
      if (unjudged(fact.cardinality)) diagnostics.push(...checkCardinality(fact.cardinality, name));
      for (const entityType of (fact.entityTypes ?? []).filter(unjudged)) diagnostics.push(...checkEntityType(entityType, name, 'entity type'));
      for (const allowedType of (fact.typeQualifierAllowedTypes ?? []).filter(unjudged)) diagnostics.push(...checkEntityType(allowedType, name, 'allowed URN type'));
      if (fact.version) diagnostics.push(...checkVersion(fact.version, name));
      diagnostics.push(...checkQualifiedName(fact, model.format === 'propertyDefinitions'));
      diagnostics.push(...checkAllowedValues(model, text, fact, name));
    }
    return diagnostics;
  },
};

function checkType(model: DocumentModel, written: Located<string>, name: string, context: { entities?: EntityExistenceView; datahub?: DataHubProfile }): CoreDiagnostic[] {
  const type = readDataType(written.value);
  const range = written.range;
  const allowed = DATA_TYPE_NAMES.join(', ');
  if (type.form === 'urn' && type.namespace === undefined) {
    const candidates = namespacedCandidates(type.name);
    const dot = type.name.lastIndexOf('.');
    const found = dot > 0 ? `with the namespace '${type.name.slice(0, dot)}'` : 'without a namespace';
    const hint = candidates.length > 0 ? ` Write '${candidates[0]}'.` : '';
    return [diagnostic('definition.type', 'error', range, `The type of ${name} is written as a URN ${found}; data-type URNs read urn:li:dataType:datahub.<type> (DataHub) or urn:li:dataType:service.<type>.${hint}`, { candidates })];
  }
  if (!isDataTypeName(type.name)) {
    const lower = type.name.toLowerCase();
    if (isDataTypeName(lower)) {
      const fixed = type.form === 'urn' ? `${DATA_TYPE_URN_PREFIX}${type.namespace}.${lower}` : lower;
      if (type.form === 'urn' && model.format === 'propertyDefinitions') {
        // The CLI's validate_type lower-cases only a type that does not start with `urn:li:`, so
        // the URN keeps 'STRING', which is not among its five types (structuredproperties.py).
        const refused = type.namespace === 'datahub' ? type.name : `${type.namespace}.${type.name}`;
        return [diagnostic('definition.type', 'error', range, `The type of ${name} is written '${written.value}'; DataHub's CLI does not lower-case a type written as a URN and rejects it ("Type ${refused} is not allowed"). Write '${fixed}'.`, { candidates: [fixed] })];
      }
      // DataHub repairs the case itself: the CLI lower-cases a short type with a warning
      // (structuredproperties.py validate_type), GMS lower-cases a data-type id
      // (StructuredPropertyUtils.getValueTypeId). Worth a fix, never an error.
      const who = type.form === 'urn' ? 'DataHub reads the id in lower case' : "DataHub's CLI lower-cases it with a warning";
      return [diagnostic('definition.type', 'warning', range, `The type of ${name} is written '${written.value}'; ${who}. Write '${fixed}'.`, { candidates: [fixed] })];
    }
    const close = closestMatches(type.name, DATA_TYPE_NAMES, 3);
    if (type.form === 'urn' && model.format !== 'propertyDefinitions') {
      // GMS keeps no fixed list of data types (a file may define its own, e.g. datahub.float);
      // 1.8 refuses one whose dataType entity does not exist (./unknownDataType.ts).
      const candidates = close.map((t) => `${DATA_TYPE_URN_PREFIX}${type.namespace}.${t}`);
      return unknownDataType(written, type.name, name, candidates, context.entities?.exists(written.value), context.datahub);
    }
    // The properties YAML goes through the CLI, whose validate_type allows only these five.
    const candidates = type.form === 'urn' ? close.map((t) => `${DATA_TYPE_URN_PREFIX}${type.namespace}.${t}`) : close;
    return [diagnostic('definition.type', 'error', range, `'${type.name}' is not a structured-property type; DataHub's CLI rejects it ("Type ${type.name} is not allowed"). The type of ${name} must be one of ${allowed}.`, { candidates })];
  }
  if (type.form === 'short' && model.format === 'mcpJson') {
    const candidates = TYPE_NAMESPACES.map((ns) => `${DATA_TYPE_URN_PREFIX}${ns}.${type.name}`);
    return [diagnostic('definition.type', 'error', range, `In a propertyDefinition aspect the valueType of ${name} must be a data-type URN, e.g. '${candidates[0]}'; the short name '${type.name}' is only for the properties YAML.`, { candidates })];
  }
  return [];
}

/**
 * Corrected URNs for a data-type id without a known namespace: `string` → datahub.string and
 * service.string; a misspelt namespace (`datahb.string`) → the closest namespace first; a misspelt
 * type (`strng`) → the closest type.
 */
function namespacedCandidates(id: string): string[] {
  const dot = id.lastIndexOf('.');
  const written = dot < 0 ? '' : id.slice(0, dot);
  const bare = id.slice(dot + 1);
  const fixed = valueTypeOf(bare) ?? closestMatches(bare.toLowerCase(), DATA_TYPE_NAMES, 1)[0];
  if (!fixed) return [];
  const closest = written ? closestMatches(written, TYPE_NAMESPACES) : [];
  const namespaces = [...closest, ...TYPE_NAMESPACES.filter((ns) => !closest.includes(ns))];
  return namespaces.map((ns) => `${DATA_TYPE_URN_PREFIX}${ns}.${fixed}`);
}

function checkCardinality(written: Located<string>, name: string): CoreDiagnostic[] {
  const value = written.value;
  if (value === 'SINGLE' || value === 'MULTIPLE') return [];
  const upper = value.trim().toUpperCase();
  const candidates = upper === 'SINGLE' || upper === 'MULTIPLE' ? [upper] : closestMatches(value, ['SINGLE', 'MULTIPLE'], 2);
  const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : '';
  return [diagnostic('definition.cardinality', 'error', written.range, `The cardinality of ${name} is '${value}'; the service accepts only SINGLE (one value, the default) or MULTIPLE (case-sensitive).${hint}`, { candidates })];
}

function checkEntityType(written: Located<string>, name: string, role: string): CoreDiagnostic[] {
  const type = readEntityType(written.value);
  const asWritten = (entity: string) => (type.form === 'urn' ? `${ENTITY_TYPE_URN_PREFIX}${type.namespace ?? 'datahub'}.${entity}` : entity);
  if (type.form === 'urn' && type.namespace === undefined) {
    const known = ENTITY_TYPE_NAMES.includes(type.name) ? [type.name] : caseMatches(type.name);
    return [diagnostic('definition.entityType', 'error', written.range, `The ${role} '${written.value}' of ${name} has no namespace; entity-type URNs read urn:li:entityType:datahub.<type> (or service.<type>).`, { candidates: known.map(asWritten) })];
  }
  if (ENTITY_TYPE_NAMES.includes(type.name)) return [];
  const sameLetters = caseMatches(type.name);
  if (sameLetters.length > 0) {
    const fixed = asWritten(sameLetters[0]);
    return [diagnostic('definition.entityType', 'error', written.range, `The ${role} '${type.name}' of ${name} is mis-cased: entity types are case-sensitive, write '${sameLetters[0]}'.`, { candidates: sameLetters.map(asWritten), fixed })];
  }
  const candidates = closestMatches(type.name, ENTITY_TYPE_NAMES, 3).map(asWritten);
  const hint = candidates.length > 0 ? ` Did you mean '${candidates[0]}'?` : ' Use a DataHub entity type such as dataset, schemaField, dataJob, dataFlow, chart, dashboard, container, corpuser or corpGroup.';
  return [diagnostic('definition.entityType', 'error', written.range, `'${type.name}' is not a DataHub entity type, so the ${role} of ${name} is rejected.${hint}`, { candidates })];
}

function caseMatches(name: string): string[] {
  const lower = name.toLowerCase();
  return ENTITY_TYPE_NAMES.filter((t) => t.toLowerCase() === lower);
}

function checkVersion(written: Located<string | number>, name: string): CoreDiagnostic[] {
  const version = String(written.value);
  if (VERSION_PATTERN.test(version)) return [];
  const suggestion = timestampVersion();
  const dots = version.includes('.') ? ' and cannot contain dots' : '';
  return [
    diagnostic(
      'definition.version',
      'error',
      written.range,
      `The version ${quote(written.value)} of ${name} is rejected by the service: a version is exactly 14 digits, a yyyyMMddHHmmss timestamp${dots}. Use e.g. '${suggestion}'.`,
      { candidates: [suggestion] },
    ),
  ];
}

/**
 * Spaces in the id or the qualified name: GMS refuses both (PropertyDefinitionValidator). That the
 * two are equal is the SDK's assertion (structuredproperties.py `fqn`, `datahub properties upsert`),
 * so only the properties YAML must meet it: GMS accepts a propertyDefinition aspect whose
 * qualifiedName differs from its URN id when no definition exists yet
 * (PropertyDefinitionValidatorTest#testValidatePreCommitNoPrevious) and refuses only changing the
 * qualified name of an existing one (definition.breakingChange, ./definitionLive.ts).
 */
function checkQualifiedName(fact: PropertyDefinitionFact, cliYaml: boolean): CoreDiagnostic[] {
  const diagnostics: CoreDiagnostic[] = [];
  const id = propertyIdOfUrn(fact.urn.value);
  const idRange = fact.id?.range ?? fact.urn.range;
  if (/\s/.test(id)) {
    const fixed = id.trim().replace(/\s+/g, '_');
    diagnostics.push(diagnostic('definition.qualifiedName', 'error', idRange, `The property id '${id}' contains a space; the service rejects ids and qualified names with spaces. Use e.g. '${fixed}'.`, { candidates: [fixed] }));
  }
  const qualified = fact.qualifiedName;
  if (!qualified) return diagnostics;
  if (qualified.value !== id && cliYaml) {
    diagnostics.push(
      diagnostic('definition.qualifiedName', 'error', qualified.range, `The qualified name '${qualified.value}' differs from the property id '${id}'; they must be equal (DataHub: "ID in the urn and the qualified_name must match"). Write '${id}' or drop qualified_name.`, { candidates: [id] }),
    );
  } else if (/\s/.test(qualified.value)) {
    diagnostics.push(diagnostic('definition.qualifiedName', 'error', qualified.range, `The qualified name '${qualified.value}' contains a space; the service rejects qualified names with spaces.`, { candidates: [] }));
  }
  return diagnostics;
}

/** The id of a structured-property URN whatever the case of its entity type (`urn:li:structuredproperty:x` → `x`). */
function propertyIdOfUrn(urn: string): string {
  const match = /^urn:li:structuredproperty:/i.exec(urn);
  return match ? urn.slice(match[0].length) : propertyIdOf(urn);
}

function checkAllowedValues(model: DocumentModel, text: string, fact: PropertyDefinitionFact, name: string): CoreDiagnostic[] {
  const cliYaml = model.format === 'propertyDefinitions';
  const unreadable = cliYaml ? (fact.allowedValues ?? []).flatMap((allowed) => unquotedDateIn(model, text, allowed.value, name)) : [];
  const type = fact.valueType ? valueTypeOf(fact.valueType.value) : undefined;
  if (!type || !fact.allowedValues) return unreadable;
  const allowedTypes = fact.typeQualifierAllowedTypes?.map((t) => readEntityType(t.value).name);
  const diagnostics: CoreDiagnostic[] = unreadable;
  for (const allowed of fact.allowedValues) {
    if (cliYaml && unquotedYamlDate(text, allowed.value)) continue;
    const problem = checkValueType(allowed.value.value, type, allowedTypes);
    if (!problem) continue;
    // The service stores such a definition, but no value of the property's type can ever equal it.
    const { range, candidates } = placeValueProblem(model, text, allowed.value, problem);
    diagnostics.push(
      diagnostic(
        'definition.allowedValueType',
        'warning',
        range,
        `The allowed value ${quote(allowed.value.value)} of ${name} ${problem.problem}. Allowed values must have the property's type (${type}), otherwise no value can ever match them.`,
        { candidates },
      ),
    );
  }
  return diagnostics;
}

/**
 * An allowed value the CLI cannot load: an unquoted date is a date object to its YAML 1.1 loader,
 * and `AllowedValue.value` (a string, or a string or float) refuses it, so the whole file is refused.
 */
function unquotedDateIn(model: DocumentModel, text: string, value: Located<PropertyScalar>, name: string): CoreDiagnostic[] {
  const problem = unquotedYamlDate(text, value);
  if (!problem) return [];
  const { range, candidates } = placeValueProblem(model, text, value, problem);
  return [diagnostic('format.wrongType', 'error', range, `The allowed value ${quote(value.value)} of ${name} ${problem.problem}: ${candidates[0]}.`, { candidates })];
}
