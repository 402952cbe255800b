import type { CatalogStore, JsonObject } from '../store/types';

/**
 * `Dataset.schemaMetadata` as DataHub's GraphQL answers it (entity.graphql: SchemaMetadata,
 * SchemaField), read from the dataset's stored schemaMetadata aspect: null when it has none, as
 * DataHub answers for a dataset it does not know. The local catalog keeps the latest version only:
 * `version` 0 (or none) is it, any other is answered null.
 */

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function fieldView(field: JsonObject) {
  return {
    fieldPath: text(field.fieldPath) ?? '',
    jsonPath: text(field.jsonPath),
    nullable: field.nullable === true,
    description: text(field.description),
    nativeDataType: text(field.nativeDataType),
    recursive: field.recursive === true,
    isPartOfKey: typeof field.isPartOfKey === 'boolean' ? field.isPartOfKey : null,
  };
}

export function schemaMetadataView(store: CatalogStore, datasetUrn: string, version: number | null | undefined) {
  if (version !== undefined && version !== null && version !== 0) return null;
  const aspect = store.getAspect(datasetUrn, 'schemaMetadata')?.value;
  if (!isObject(aspect)) return null;
  const fields = Array.isArray(aspect.fields) ? aspect.fields.filter(isObject).filter((field) => typeof field.fieldPath === 'string') : [];
  return {
    datasetUrn,
    name: text(aspect.schemaName) ?? '',
    platformUrn: text(aspect.platform) ?? '',
    version: typeof aspect.version === 'number' ? aspect.version : 0,
    hash: text(aspect.hash) ?? '',
    fields: fields.map(fieldView),
    primaryKeys: Array.isArray(aspect.primaryKeys) ? aspect.primaryKeys.filter((key): key is string => typeof key === 'string') : null,
  };
}
