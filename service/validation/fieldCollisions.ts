import type { CatalogStore, JsonObject } from '../store/types';

/**
 * The search-field collisions DataHub 1.7 and later refuse when a structured property is defined
 * (PropertyDefinitionValidator.validateDefinitionUpsertsProposed, PR #18533, metadata-io
 * …/structuredproperties/validation/PropertyDefinitionValidator.java; its tests
 * testRejectsInBatchElasticsearchFieldCollision, testRejectsElasticsearchFieldNameCollisionWithExistingProperty,
 * testAllowsRecreateWhenCollidingFieldIsOrphaned, testAllowsUpsertOfExistingDefinitionWithoutMappingLookup).
 * A qualified name's search field writes `.` as `_`. Within one batch the definitions are grouped by
 * search field and any group of two or more is refused — also the same definition sent twice;
 * qualified names with spaces are left to the space check. A new definition whose field a live
 * property of another URN owns is refused; an update of an existing one is not looked at. The
 * seed's spec is silent on this, so the local catalog answers as the DataHub it names on /config.
 */

/** How many stored properties are read at most when looking for a live owner: bounded work per request. */
const OWNER_SCAN_LIMIT = 10_000;

export function searchFieldOfName(qualifiedName: string): string {
  return qualifiedName.replace(/\./g, '_');
}

/** The fields staged so far in one batch (field → the URN that staged it). */
export type BatchFields = Map<string, string>;

export function fieldCollisionProblems(store: CatalogStore, batch: BatchFields, urn: string, value: JsonObject): string[] {
  const name = value.qualifiedName;
  if (typeof name !== 'string' || /\s/.test(name)) return [];
  const field = searchFieldOfName(name);
  const earlier = batch.get(field);
  if (earlier !== undefined) {
    const same = earlier === urn ? `${urn} is defined twice in this batch` : `${earlier} and ${urn} in this batch`;
    return [`Structured property qualified names collide on the search field '${field}': ${same} ('.' and '_' are one field). Send each definition once per batch, and give different properties names that differ by more than '.' and '_'.`];
  }
  batch.set(field, urn);
  if (store.getAspect(urn, 'propertyDefinition') !== undefined) return [];
  const owner = liveOwner(store, urn, field);
  if (!owner) return [];
  return [`The qualified name '${name}' maps to the search field '${field}', which the live structured property ${owner} already uses ('.' and '_' are one field). Choose another name, or update ${owner} instead.`];
}

function liveOwner(store: CatalogStore, urn: string, field: string): string | undefined {
  const { urns } = store.listEntities('structuredProperty', { count: OWNER_SCAN_LIMIT, excludeSoftDeleted: true });
  for (const other of urns) {
    if (other === urn) continue;
    const name = store.getAspect(other, 'propertyDefinition')?.value.qualifiedName;
    if (typeof name === 'string' && searchFieldOfName(name) === field) return other;
  }
  return undefined;
}
