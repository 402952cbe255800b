import { canonicalJson } from '../plan/pushJson';
import { dataTypeName, entityTypeName, entityTypeOfUrn } from '../urn';
import type { EntityPropertyValues, PropertyValueView } from '../api/propertyUsers';
import type { InvalidValue } from '../plan/impactTypes';

/**
 * The changes to a definition that can leave values already set invalid: an allowed value removed,
 * MULTIPLE narrowed to SINGLE, an entity type dropped, the value type changed. Each in words.
 * `current`/`desired` are `propertyDefinition` aspects in their wire shape.
 */
export interface DefinitionNarrowing {
  changes: string[];
  removedValues: Set<string>;
  toSingle: boolean;
  droppedTypes: Set<string>;
  typeChanged: boolean;
}

type Aspect = Record<string, unknown>;

export function definitionNarrowing(current: Aspect, desired: Aspect): DefinitionNarrowing {
  const changes: string[] = [];
  const allowedOf = (d: Aspect) => (Array.isArray(d.allowedValues) ? d.allowedValues.map((a) => allowedKey((a as Aspect | null)?.value)) : undefined);
  const before = allowedOf(current);
  const after = allowedOf(desired);
  const removedValues = new Set<string>();
  if (after !== undefined) {
    if (before === undefined) removedValues.add('*');
    else for (const value of before) if (!after.includes(value)) removedValues.add(value);
  }
  for (const value of removedValues) changes.push(value === '*' ? 'allowed values restricted' : `allowed value ${value} removed`);
  const toSingle = current.cardinality === 'MULTIPLE' && desired.cardinality === 'SINGLE';
  if (toSingle) changes.push('cardinality MULTIPLE → SINGLE');
  const typesOf = (d: Aspect) => new Set((Array.isArray(d.entityTypes) ? d.entityTypes : []).map((t) => entityTypeName(String(t)) ?? String(t)));
  const droppedTypes = new Set([...typesOf(current)].filter((t) => desired.entityTypes !== undefined && !typesOf(desired).has(t)));
  for (const type of droppedTypes) changes.push(`entity type ${type} dropped`);
  const typeOf = (d: Aspect) => (typeof d.valueType === 'string' ? dataTypeName(d.valueType) : undefined);
  const typeChanged = desired.valueType !== undefined && typeOf(current) !== typeOf(desired);
  if (typeChanged) changes.push(`value type ${typeOf(current)} → ${typeOf(desired)}`);
  return { changes, removedValues, toSingle, droppedTypes, typeChanged };
}

/** `{"string":"a"}` / `{"double":1}` / a bare value → one comparable text: `"a"`, `1`. */
export function allowedKey(value: unknown): string {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Aspect;
    if (typeof record.double === 'number') return String(record.double);
    if (typeof record.string === 'string') return JSON.stringify(record.string);
    return canonicalJson(value);
  }
  return typeof value === 'number' ? String(value) : JSON.stringify(String(value));
}

function valueKey(value: PropertyValueView): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** Why this entity's values of `propertyUrn` stop fitting `desired` (allowed values given as keys); undefined when they still fit. */
export function invalidReason(entity: EntityPropertyValues, propertyUrn: string, narrowing: DefinitionNarrowing, desiredAllowed: ReadonlySet<string> | undefined, desiredType: string | undefined): string | undefined {
  const values = entity.properties.get(propertyUrn) ?? [];
  const reasons: string[] = [];
  if (desiredAllowed) {
    const outside = values.filter((v) => !desiredAllowed.has(valueKey(v)));
    if (outside.length > 0) reasons.push(`holds ${outside.map(valueKey).join(', ')}, no longer allowed`);
  }
  if (narrowing.toSingle && values.length > 1) reasons.push(`holds ${values.length} values; the property becomes SINGLE`);
  const entityType = entityTypeOfUrn(entity.urn);
  if (entityType && narrowing.droppedTypes.has(entityType)) reasons.push(`is a ${entityType}, no longer an allowed entity type`);
  if (narrowing.typeChanged && desiredType) {
    const wrong = values.filter((v) => (desiredType === 'number' ? typeof v !== 'number' : typeof v === 'number'));
    if (wrong.length > 0) reasons.push(`holds ${wrong.map(valueKey).join(', ')}, not a ${desiredType}`);
  }
  return reasons.length > 0 ? reasons.join('; ') : undefined;
}

export function allowedSet(desired: Aspect): Set<string> | undefined {
  return Array.isArray(desired.allowedValues) ? new Set(desired.allowedValues.map((a) => allowedKey((a as Aspect | null)?.value))) : undefined;
}

export function sortInvalid(list: InvalidValue[]): InvalidValue[] {
  return list.sort((a, b) => (a.urn < b.urn ? -1 : a.urn > b.urn ? 1 : 0));
}
