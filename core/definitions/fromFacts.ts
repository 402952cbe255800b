import type { DocumentModel, PropertyDefinitionFact, PropertyScalar } from '../model/facts';
import { factsOfKind } from '../model/facts';
import { cardinalityOf, entityTypeNameOf, platformNameOf, propertyIdOf, valueTypeOf } from './normalise';
import type { AllowedValue, PropertyDefinitionInfo } from './types';

/**
 * Normalises a definition written in a workspace file (properties YAML or an MCP
 * `propertyDefinition` aspect) into the shape rules, completion and hover read.
 *
 * Returns undefined when the definition names no usable value type (missing or misspelt `type`):
 * values of such a property cannot be checked, and the definition rule already reports the type.
 * Callers treat the property as unknown-but-defined rather than guessing a type.
 */
export function definitionFromFact(fact: PropertyDefinitionFact, uri: string, softDeleted = false): PropertyDefinitionInfo | undefined {
  const valueType = fact.valueType ? valueTypeOf(fact.valueType.value) : undefined;
  if (valueType === undefined) return undefined;
  const info: PropertyDefinitionInfo = {
    urn: fact.urn.value,
    qualifiedName: fact.qualifiedName?.value ?? fact.id?.value ?? propertyIdOf(fact.urn.value),
    valueType,
    // A cardinality the service would reject is read as the default so value checks stay useful.
    cardinality: cardinalityOf(fact.cardinality?.value) ?? 'SINGLE',
    entityTypes: (fact.entityTypes ?? []).map((t) => entityTypeNameOf(t.value)),
    softDeleted,
    origin: { kind: 'workspace', uri, range: fact.range },
  };
  if (fact.displayName) info.displayName = fact.displayName.value;
  if (fact.description) info.description = fact.description.value;
  if (fact.allowedValues) info.allowedValues = fact.allowedValues.flatMap((v) => allowedValueOf(v.value.value, v.description?.value));
  if (fact.typeQualifierAllowedTypes) info.typeQualifierAllowedTypes = fact.typeQualifierAllowedTypes.map((t) => entityTypeNameOf(t.value));
  if (fact.allowedPlatforms && fact.allowedPlatforms.length > 0) info.allowedPlatforms = fact.allowedPlatforms.map((p) => platformNameOf(p.value));
  if (fact.immutable) info.immutable = fact.immutable.value;
  if (fact.version !== undefined) info.version = String(fact.version.value);
  return info;
}

function allowedValueOf(value: PropertyScalar, description: string | undefined): AllowedValue[] {
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  return description === undefined ? [{ value }] : [{ value, description }];
}

/**
 * Every usable definition in a document, in file order. A status aspect in the same file that
 * soft-deletes the property (`removed: true`) marks it soft-deleted.
 */
export function definitionsFromModel(model: DocumentModel): PropertyDefinitionInfo[] {
  const removed = new Map<string, boolean>();
  for (const status of factsOfKind(model, 'statusChange')) removed.set(status.entity.value, status.removed.value);
  const result: PropertyDefinitionInfo[] = [];
  for (const fact of factsOfKind(model, 'propertyDefinition')) {
    const info = definitionFromFact(fact, model.uri, removed.get(fact.urn.value) === true);
    if (info) result.push(info);
  }
  return result;
}
