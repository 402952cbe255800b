import { DATA_TYPE_NAMES, DATA_TYPE_URN_PREFIX } from '../../core/urn/vocabulary';
import type { JsonObject } from '../store/types';
import { checkUrn, describe, entityTypeOfTypeUrn, isObject, valueTypeOfTypeUrn, type ValueType } from './urns';

/**
 * The rules of DataHub's PropertyDefinitionValidator for the `propertyDefinition` aspect of a
 * `urn:li:structuredProperty:<id>` entity. DataHub's own wording starts each message, so clients
 * that substring-match DataHub keep working; the rest says which field and value, and what to do.
 * Returns every problem found; an empty list means the definition may be stored.
 */

const VERSION = /^[0-9]{14}$/;
const CARDINALITIES = ['SINGLE', 'MULTIPLE'];

export interface DefinitionCheckInput {
  /** the property URN text */
  urn: string;
  /** the id part of the URN */
  id: string;
  value: unknown;
  previous: JsonObject | undefined;
  softDeleted: boolean;
}

export function validatePropertyDefinition(input: DefinitionCheckInput): string[] {
  const { urn, id, value, previous } = input;
  if (input.softDeleted) {
    return [
      `Cannot mutate a soft deleted Structured Property Definition: ${urn} is soft deleted. Restore it first (POST {"removed": false} to its status aspect).`,
    ];
  }
  if (!isObject(value)) return [`propertyDefinition must be a JSON object, found ${describe(value)}.`];
  const problems: string[] = [];
  if (/\s/.test(id)) problems.push(`Urn ID cannot have spaces: the property URN ${urn} has a space in its id "${id}".`);

  const qualifiedName = value.qualifiedName;
  if (typeof qualifiedName !== 'string' || qualifiedName === '') {
    problems.push(`propertyDefinition.qualifiedName is required and must be a string equal to the URN id "${id}"; found ${describe(qualifiedName)}.`);
  } else {
    if (/\s/.test(qualifiedName)) problems.push(`Qualified names cannot have spaces: qualifiedName is "${qualifiedName}".`);
    if (qualifiedName !== id) {
      problems.push(`Qualified name and the ID of a structured property must match: qualifiedName is "${qualifiedName}" but the URN ${urn} has id "${id}".`);
    }
  }

  const valueType = typeof value.valueType === 'string' ? valueTypeOfTypeUrn(value.valueType) : undefined;
  // As in DataHub, any data-type URN may be named (a deployment can define its own, e.g.
  // urn:li:dataType:datahub.float in DataHub's test_structured_properties.json); only values of a
  // type without validation support are refused later (structuredPropertyValues.ts).
  if (!valueType && !isDataTypeUrn(value.valueType)) {
    problems.push(
      `propertyDefinition.valueType ${describe(value.valueType)} is not a data-type URN. Use urn:li:dataType:service.<type> (or datahub.<type>) with <type> one of ${DATA_TYPE_NAMES.join(', ')}.`,
    );
  }

  if (value.cardinality !== undefined && !CARDINALITIES.includes(value.cardinality as string)) {
    problems.push(`propertyDefinition.cardinality ${describe(value.cardinality)} is not valid; use SINGLE or MULTIPLE.`);
  }

  problems.push(...entityTypeProblems(value.entityTypes, 'propertyDefinition.entityTypes', true));
  if (value.typeQualifier !== undefined) {
    if (!isObject(value.typeQualifier)) problems.push(`propertyDefinition.typeQualifier must be an object like {"allowedTypes": [...]}; found ${describe(value.typeQualifier)}.`);
    else if (value.typeQualifier.allowedTypes !== undefined) {
      problems.push(...entityTypeProblems(value.typeQualifier.allowedTypes, 'propertyDefinition.typeQualifier.allowedTypes', false));
    }
  }
  if (valueType) problems.push(...allowedValueProblems(value.allowedValues, valueType));

  for (const key of ['displayName', 'description'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') problems.push(`propertyDefinition.${key} must be a string; found ${describe(value[key])}.`);
  }
  if (value.immutable !== undefined && typeof value.immutable !== 'boolean') {
    problems.push(`propertyDefinition.immutable must be true or false; found ${describe(value.immutable)}.`);
  }
  if (value.version !== undefined && (typeof value.version !== 'string' || !VERSION.test(value.version))) {
    problems.push(
      `Invalid version specified. Must match [0-9]{14}: propertyDefinition.version is ${describe(value.version)}; write a 14-digit timestamp such as "20240614080000".`,
    );
  }
  if (problems.length === 0 && previous) problems.push(...breakingChangeProblems(urn, value, previous));
  return problems;
}

function isDataTypeUrn(value: unknown): boolean {
  if (typeof value !== 'string' || !value.startsWith(DATA_TYPE_URN_PREFIX)) return false;
  const parsed = checkUrn(value);
  return parsed.ok && parsed.urn.entityType === 'dataType';
}

function entityTypeProblems(list: unknown, field: string, required: boolean): string[] {
  if (list === undefined && !required) return [];
  if (!Array.isArray(list)) {
    return [`${field} must be a list of entity type URNs such as ["urn:li:entityType:service.dataset"]; found ${describe(list)}.`];
  }
  const problems: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string' || !entityTypeOfTypeUrn(item)) {
      problems.push(`${field} has ${describe(item)}, which is not an entity type URN; write urn:li:entityType:service.<type> (or datahub.<type>), e.g. urn:li:entityType:service.dataset.`);
    }
  }
  return problems;
}

function allowedValueProblems(list: unknown, valueType: ValueType): string[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) return [`propertyDefinition.allowedValues must be a list of {"value": {...}, "description": "..."}; found ${describe(list)}.`];
  const member = valueType === 'number' ? 'double' : 'string';
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const at = `propertyDefinition.allowedValues[${index}]`;
    if (!isObject(entry) || !isObject(entry.value)) {
      problems.push(`${at} must be {"value": {"${member}": ...}}; found ${describe(entry)}.`);
      return;
    }
    // PrimitivePropertyValue is a union of string and double; GMS does not match it to the value type
    // (PropertyDefinitionValidatorTest keeps a STRING property with allowed value 1.0): a value of
    // the other member is stored, though no value of the property's type can ever equal it.
    const keys = Object.keys(entry.value);
    const inner = keys.length === 1 ? entry.value[keys[0]] : undefined;
    const wellFormed = keys.length === 1 && ((keys[0] === 'double' && typeof inner === 'number' && Number.isFinite(inner)) || (keys[0] === 'string' && typeof inner === 'string'));
    if (!wellFormed) {
      problems.push(`${at}.value ${describe(entry.value)} is not a value DataHub stores; write {"${member}": ${member === 'double' ? '30' : '"..."'}} for a ${valueType} property.`);
    }
    if (entry.description !== undefined && typeof entry.description !== 'string') problems.push(`${at}.description must be a string; found ${describe(entry.description)}.`);
  });
  return problems;
}

function allowedValueKey(entry: unknown): string {
  return isObject(entry) ? JSON.stringify(entry.value) : JSON.stringify(entry);
}

/** Changes DataHub only allows together with a greater `version`. */
function breakingChangeProblems(urn: string, next: JsonObject, previous: JsonObject): string[] {
  const breaking: string[] = [];
  if (previous.valueType !== next.valueType) {
    breaking.push(`Value type cannot be changed as this is a backwards incompatible change (from ${describe(previous.valueType)} to ${describe(next.valueType)})`);
  }
  if ((previous.cardinality ?? 'SINGLE') === 'MULTIPLE' && (next.cardinality ?? 'SINGLE') === 'SINGLE') {
    breaking.push('Property definition cardinality cannot be changed from MULTI to SINGLE');
  }
  const before = Array.isArray(previous.allowedValues) ? previous.allowedValues : undefined;
  const after = Array.isArray(next.allowedValues) ? next.allowedValues : undefined;
  if (after && !before) breaking.push('Cannot restrict values that were previously allowed (allowedValues added where any value was allowed)');
  if (before && after) {
    const kept = new Set(after.map(allowedValueKey));
    for (const old of before) {
      if (!kept.has(allowedValueKey(old))) breaking.push(`Cannot restrict values that were previously allowed (${allowedValueKey(old)} was removed)`);
    }
  }
  if (previous.qualifiedName !== undefined && previous.qualifiedName !== next.qualifiedName) {
    return ['Cannot change the fully qualified name of a Structured Property'];
  }
  if (breaking.length === 0 || isVersionBump(previous.version, next.version)) return [];
  const oldVersion = typeof previous.version === 'string' ? previous.version : '(none)';
  return breaking.map(
    (text) => `${text}: ${urn} is version ${oldVersion}. To make this change, set propertyDefinition.version to a greater 14-digit version than ${oldVersion}.`,
  );
}

function isVersionBump(oldVersion: unknown, newVersion: unknown): boolean {
  if (typeof newVersion !== 'string') return false;
  if (typeof oldVersion !== 'string') return true;
  return newVersion.toLowerCase() > oldVersion.toLowerCase();
}
