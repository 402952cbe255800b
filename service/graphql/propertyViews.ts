import type { CatalogStore, JsonObject } from '../store/types';
import { toGraphqlEntityType } from '../../core/urn/vocabulary';

/**
 * Structured property definitions in DataHub's GraphQL shapes (StructuredPropertyEntity,
 * StructuredPropertyDefinition, DataTypeEntity, EntityTypeEntity, PropertyValue), read from the
 * `propertyDefinition` and `structuredPropertySettings` aspects (StructuredPropertyDefinition.pdl).
 */

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

export type PropertyValueView = { __typename: 'StringValue'; stringValue: string } | { __typename: 'NumberValue'; numberValue: number };

/** A PDL PrimitivePropertyValue (`{string: "x"}` / `{double: 1}`) as GraphQL's PropertyValue union. */
export function propertyValueView(value: unknown): PropertyValueView | null {
  const raw = isObject(value) ? (value.string ?? value.double ?? value.number) : value;
  if (typeof raw === 'number') return { __typename: 'NumberValue', numberValue: raw };
  if (typeof raw === 'string') return { __typename: 'StringValue', stringValue: raw };
  return null;
}

/** `urn:li:dataType:datahub.string` → `datahub.string` */
const keyOf = (urn: string) => urn.slice(urn.indexOf(':', 'urn:li:'.length) + 1);
/** `datahub.string` or `service.string` → `string` */
const typeName = (key: string) => key.slice(key.indexOf('.') + 1);

const STD_DATA_TYPES: Record<string, string> = { string: 'STRING', number: 'NUMBER', urn: 'URN', rich_text: 'RICH_TEXT', date: 'DATE' };

export function dataTypeView(urn: string) {
  const key = keyOf(urn);
  const name = typeName(key);
  return {
    __typename: 'DataTypeEntity',
    urn,
    type: 'DATA_TYPE',
    info: { type: (Object.hasOwn(STD_DATA_TYPES, name) ? STD_DATA_TYPES[name] : 'OTHER'), qualifiedName: key, displayName: name, description: null },
  };
}

export function entityTypeView(urn: string) {
  const key = keyOf(urn);
  const name = typeName(key);
  return {
    __typename: 'EntityTypeEntity',
    urn,
    type: 'ENTITY_TYPE',
    info: { type: toGraphqlEntityType(name) ?? 'OTHER', qualifiedName: key, displayName: name, description: null },
  };
}

function definitionView(urn: string, definition: JsonObject) {
  const qualifiedName = typeof definition.qualifiedName === 'string' ? definition.qualifiedName : urn.slice('urn:li:structuredProperty:'.length);
  const allowedValues = Array.isArray(definition.allowedValues)
    ? definition.allowedValues.filter(isObject).flatMap((allowed) => {
        const value = propertyValueView(allowed.value);
        return value ? [{ value, description: typeof allowed.description === 'string' ? allowed.description : null }] : [];
      })
    : null;
  const qualifier = isObject(definition.typeQualifier) ? stringsOf(definition.typeQualifier.allowedTypes) : [];
  const cardinality = definition.cardinality === 'MULTIPLE' || definition.cardinality === 'SINGLE' ? definition.cardinality : null;
  return {
    qualifiedName,
    displayName: typeof definition.displayName === 'string' ? definition.displayName : null,
    description: typeof definition.description === 'string' ? definition.description : null,
    cardinality,
    allowedValues,
    valueType: dataTypeView(typeof definition.valueType === 'string' ? definition.valueType : 'urn:li:dataType:datahub.string'),
    typeQualifier: qualifier.length > 0 ? { allowedTypes: qualifier.map(entityTypeView) } : null,
    entityTypes: stringsOf(definition.entityTypes).map(entityTypeView),
    immutable: definition.immutable === true,
  };
}

function settingsView(settings: JsonObject) {
  const flag = (name: string) => settings[name] === true;
  return {
    isHidden: flag('isHidden'),
    showInSearchFilters: flag('showInSearchFilters'),
    showInAssetSummary: flag('showInAssetSummary'),
    showAsAssetBadge: flag('showAsAssetBadge'),
    showInColumnsTable: flag('showInColumnsTable'),
  };
}

export function structuredPropertyView(store: CatalogStore, urn: string) {
  return {
    __typename: 'StructuredPropertyEntity',
    urn,
    type: 'STRUCTURED_PROPERTY',
    exists: () => store.entityExists(urn),
    definition: () => {
      const definition = store.getAspect(urn, 'propertyDefinition')?.value;
      if (!definition) throw new Error(`Structured property ${urn} has no propertyDefinition aspect; define it before reading its definition.`);
      return definitionView(urn, definition);
    },
    settings: () => {
      const settings = store.getAspect(urn, 'structuredPropertySettings')?.value;
      return settings ? settingsView(settings) : null;
    },
  };
}
