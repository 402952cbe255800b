// A calendar date is one fact, not DataHub behaviour the local catalog witnesses: it is core's.
import { isValidDate } from '../../core/rules/valueChecks';
import { KEYWORD_MAX_BYTES } from '../../core/rules/propertyValueBytes';
import type { JsonObject } from '../store/types';
import { allowedPlatformsProblem } from './allowedPlatforms';
import { checkUrn, describe, entityTypeOfTypeUrn, isObject, valueTypeOfTypeUrn } from './urns';

/**
 * The rules of DataHub's StructuredPropertiesValidator for a `structuredProperties` aspect, plus
 * the one DataHub forgets: the entity's type must be one of the definition's `entityTypes`.
 *
 * Values of soft-deleted properties are hidden from reads but kept in storage. A write may leave
 * them as they are; it may not name them (spec §3 effect 3). Neither a full replace (POST)
 * nor a patch sees them (a patch applies to the aspect as a read shows it, writes/prepareWrites.ts),
 * so a body that leaves one out keeps it.
 */

export interface PropertyLookup {
  definition(propertyUrn: string): JsonObject | undefined;
  isSoftDeleted(propertyUrn: string): boolean;
}

export interface ValuesCheckInput {
  entityUrn: string;
  entityType: string;
  /** the whole aspect as the writer sees it: without values of soft-deleted properties (POST, or a patch of the visible aspect) */
  value: unknown;
  previous: JsonObject | undefined;
  lookup: PropertyLookup;
}

export interface ValuesCheckResult {
  problems: string[];
  /** what to store (the body plus any hidden soft-deleted values it kept) */
  value: JsonObject;
}

type Assignment = Record<string, unknown> & { propertyUrn: string; values: unknown[] };


export function validateStructuredPropertyValues(input: ValuesCheckInput): ValuesCheckResult {
  const { value, lookup } = input;
  const empty: JsonObject = { properties: [] };
  if (!isObject(value)) return { problems: [`structuredProperties must be a JSON object like {"properties": [...]}; found ${describe(value)}.`], value: empty };
  if (!Array.isArray(value.properties)) {
    return { problems: [`structuredProperties.properties must be a list of {"propertyUrn": ..., "values": [...]}; found ${describe(value.properties)}.`], value: empty };
  }
  const problems: string[] = [];
  const previousByUrn = new Map<string, Assignment>();
  for (const entry of assignmentsOf(input.previous)) previousByUrn.set(entry.propertyUrn, entry);

  const seen = new Map<string, number>();
  const assignments: Assignment[] = [];
  value.properties.forEach((entry, index) => {
    const at = `structuredProperties.properties[${index}]`;
    if (!isObject(entry) || typeof entry.propertyUrn !== 'string' || !Array.isArray(entry.values)) {
      problems.push(`${at} must be {"propertyUrn": "urn:li:structuredProperty:...", "values": [...]}; found ${describe(entry)}.`);
      return;
    }
    seen.set(entry.propertyUrn, (seen.get(entry.propertyUrn) ?? 0) + 1);
    assignments.push(entry as Assignment);
  });
  for (const [urn, count] of seen) {
    if (count > 1) problems.push(`Property: ${urn} has multiple entries: it is listed ${count} times; list each property once with all its values.`);
  }

  for (const entry of assignments) {
    const previous = previousByUrn.get(entry.propertyUrn);
    const unchanged = previous !== undefined && sameValues(previous.values, entry.values);
    problems.push(...assignmentProblems(input, entry, unchanged));
  }

  const stored: Assignment[] = [...assignments];
  for (const [urn, previous] of previousByUrn) {
    if (seen.has(urn)) continue;
    const definition = lookup.definition(urn);
    if (lookup.isSoftDeleted(urn)) stored.push(previous);
    else if (definition?.immutable === true) {
      problems.push(`Cannot delete an immutable property ${urn}: ${input.entityUrn} already carries ${describe(previous.values)}.`);
    }
  }
  return { problems, value: { ...value, properties: stored } };
}

function assignmentsOf(aspect: JsonObject | undefined): Assignment[] {
  if (!aspect || !Array.isArray(aspect.properties)) return [];
  return aspect.properties.filter((entry): entry is Assignment => isObject(entry) && typeof entry.propertyUrn === 'string' && Array.isArray(entry.values));
}

function sameValues(a: unknown[], b: unknown[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function assignmentProblems(input: ValuesCheckInput, entry: Assignment, unchanged: boolean): string[] {
  const propertyUrn = entry.propertyUrn;
  const parsed = checkUrn(propertyUrn);
  if (!parsed.ok) return [`structuredProperties: propertyUrn ${parsed.message}`];
  if (parsed.urn.entityType !== 'structuredProperty') {
    return [`Unexpected entity type. Expected: structuredProperty Found: ${parsed.urn.entityType} (propertyUrn ${propertyUrn}).`];
  }
  const definition = input.lookup.definition(propertyUrn);
  if (!definition) {
    return [
      `Unexpected null value found for ${propertyUrn} Structured Property Definition. Define the property first (POST its propertyDefinition), then apply values to ${input.entityUrn}.`,
    ];
  }
  // Any value of it in a body is refused, as DataHub's validator does, even one equal to the
  // hidden stored value: a writer cannot see that value, and an answer that differed would tell it.
  if (input.lookup.isSoftDeleted(propertyUrn)) {
    return [`Cannot apply a soft deleted Structured Property value: ${propertyUrn} is soft deleted. Restore it (POST {"removed": false} to its status aspect) before setting it on ${input.entityUrn}.`];
  }
  if (definition.immutable === true && !unchanged && assignmentExisted(input, propertyUrn)) {
    return [`Cannot mutate an immutable property: ${propertyUrn} is immutable and ${input.entityUrn} already has a value for it.`];
  }
  const problems: string[] = [];
  const allowedEntityTypes = Array.isArray(definition.entityTypes)
    ? definition.entityTypes.map((t) => (typeof t === 'string' ? entityTypeOfTypeUrn(t) : undefined)).filter((t): t is string => t !== undefined)
    : [];
  if (!allowedEntityTypes.includes(input.entityType)) {
    problems.push(
      `Property: ${propertyUrn} cannot be applied to ${input.entityUrn}: its definition allows only entity types [${allowedEntityTypes.join(', ')}], not ${input.entityType}. Add urn:li:entityType:service.${input.entityType} to the definition's entityTypes, or apply the property to another entity.`,
    );
  }
  const platformProblem = allowedPlatformsProblem(propertyUrn, definition, input.entityUrn);
  if (platformProblem) problems.push(platformProblem);
  if ((definition.cardinality ?? 'SINGLE') === 'SINGLE' && entry.values.length > 1) {
    problems.push(`Property: ${propertyUrn} has cardinality 1, but multiple values were assigned: ${describe(entry.values)}. Keep one value, or define the property with cardinality MULTIPLE.`);
  }
  for (const value of entry.values) problems.push(...valueProblems(propertyUrn, definition, value));
  return problems;
}

function assignmentExisted(input: ValuesCheckInput, propertyUrn: string): boolean {
  return assignmentsOf(input.previous).some((entry) => entry.propertyUrn === propertyUrn);
}

function valueProblems(propertyUrn: string, definition: JsonObject, value: unknown): string[] {
  const valueType = typeof definition.valueType === 'string' ? valueTypeOfTypeUrn(definition.valueType) : undefined;
  if (!valueType) return [`Validation support for type ${describe(definition.valueType)} is not yet implemented (property ${propertyUrn}).`];
  const shown = describe(value);
  if (!isObject(value) || Object.keys(value).length !== 1 || !('string' in value || 'double' in value)) {
    return [`Property: ${propertyUrn}, value: ${shown} must be written {"string": "..."} or {"double": 1.5}.`];
  }
  if (valueType === 'number') {
    const ok = typeof value.double === 'number' ? Number.isFinite(value.double) : typeof value.string === 'string' && value.string.trim() !== '' && Number.isFinite(Number(value.string));
    if (!ok) return [`Property: ${propertyUrn}, value: ${shown} should be a number, written {"double": 30}.`];
  } else {
    if (typeof value.string !== 'string') return [`Property: ${propertyUrn}, value: ${shown} should be a string, written {"string": "..."}.`];
    const tooLong = keywordTooLong(propertyUrn, valueType, value.string);
    if (tooLong) return [tooLong];
    if (valueType === 'date' && !isValidDate(value.string)) {
      return [`Property: ${propertyUrn}, value: ${shown} should be a date with format YYYY-MM-DD, e.g. {"string": "2024-06-30"}.`];
    }
    if (valueType === 'urn') {
      const parsed = checkUrn(value.string);
      if (!parsed.ok) return [`Property: ${propertyUrn}, value: ${shown} should be an urn (${parsed.message}).`];
      const allowed = allowedTypesOf(definition);
      if (allowed.length > 0 && !allowed.some((t) => t.toLowerCase() === parsed.urn.entityType.toLowerCase())) {
        return [`Property: ${propertyUrn}, value: ${shown} is not of any supported urn types:[${allowed.join(', ')}]; it is a ${parsed.urn.entityType} URN.`];
      }
    }
  }
  if (Array.isArray(definition.allowedValues) && definition.allowedValues.length > 0) {
    const allowed = definition.allowedValues.filter(isObject).map((entry) => entry.value);
    if (!allowed.some((candidate) => sameTypedValue(candidate, value))) {
      return [`Property: ${propertyUrn}, value: ${shown} should be one of ${describe(allowed)}.`];
    }
  }
  return [];
}

/**
 * DataHub 1.7 and later refuse a string or rich_text value over Lucene's keyword limit
 * (StructuredPropertiesValidator.validateKeywordByteLength, PR #18533; core/datahub/versions.ts
 * stringValueByteLimit); the local catalog answers as the newest DataHub it names on /config.
 */
function keywordTooLong(propertyUrn: string, valueType: string, text: string): string | undefined {
  if ((valueType !== 'string' && valueType !== 'rich_text') || text.length * 3 <= KEYWORD_MAX_BYTES) return undefined;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= KEYWORD_MAX_BYTES) return undefined;
  return `Property: ${propertyUrn}, a value of ${bytes} UTF-8 bytes exceeds the maximum of ${KEYWORD_MAX_BYTES} UTF-8 bytes for ${valueType} values (the search index's keyword limit); shorten it.`;
}

function allowedTypesOf(definition: JsonObject): string[] {
  const qualifier = definition.typeQualifier;
  if (!isObject(qualifier) || !Array.isArray(qualifier.allowedTypes)) return [];
  return qualifier.allowedTypes.map((t) => (typeof t === 'string' ? entityTypeOfTypeUrn(t) : undefined)).filter((t): t is string => t !== undefined);
}

/** DataHub compares union member and value: {"string": "30"} is not {"double": 30}. */
function sameTypedValue(a: unknown, b: Record<string, unknown>): boolean {
  if (!isObject(a)) return false;
  if (typeof a.double === 'number' && typeof b.double === 'number') return a.double === b.double;
  if (typeof a.string === 'string' && typeof b.string === 'string') return a.string === b.string;
  return false;
}
