import type { CatalogStore, JsonObject } from './store/types';

/**
 * Spec §3 effect 1: an entity does not return values of a soft-deleted structured property.
 * The values stay stored (effect 5); every read filters them, so a restore brings them back.
 * GraphQL reads use the same helper.
 */
export function visibleStructuredProperties(store: Pick<CatalogStore, 'isSoftDeleted'>, value: JsonObject): JsonObject {
  if (!Array.isArray(value.properties)) return value;
  const properties = value.properties.filter((entry) => {
    const urn = typeof entry === 'object' && entry !== null ? (entry as { propertyUrn?: unknown }).propertyUrn : undefined;
    return typeof urn !== 'string' || !store.isSoftDeleted(urn);
  });
  return properties.length === value.properties.length ? value : { ...value, properties };
}

/** The value of any aspect as reads return it. */
export function visibleAspectValue(store: Pick<CatalogStore, 'isSoftDeleted'>, aspectName: string, value: JsonObject): JsonObject {
  return aspectName === 'structuredProperties' ? visibleStructuredProperties(store, value) : value;
}
