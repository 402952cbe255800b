/**
 * The contract between the storage layer (service/store, service/lineage) and the routes that use
 * it (service/http, service/openapi, service/ingest, service/graphql).
 */

export type JsonObject = { [key: string]: unknown };

export interface AspectRecord {
  urn: string;
  /** DataHub entity type name as in the URN: `dataset`, `dataJob`, `structuredProperty`, ... */
  entityType: string;
  aspectName: string;
  value: JsonObject;
  /** increases by one with each write of this aspect */
  version: number;
  /** epoch milliseconds of the write */
  writtenAt: number;
}

export interface AspectWrite {
  urn: string;
  aspectName: string;
  value: JsonObject;
}

export interface AspectDelete {
  urn: string;
  aspectName: string;
}

export interface EntityPage {
  urns: string[];
  total: number;
}

/** A directed lineage edge: `downstream` is derived from `upstream`. */
export interface LineageLink {
  upstream: string;
  downstream: string;
  /** the aspect that holds the edge, on the entity that owns it */
  via: 'upstreamLineage' | 'fineGrainedLineage' | 'chartInfo' | 'dashboardInfo' | 'dataJobInputOutput' | 'dataFlowMembership';
}

/** In-memory adjacency over every lineage edge the stored aspects hold, rebuilt at start. */
export interface LineageIndex {
  upstreamsOf(urn: string): readonly string[];
  downstreamsOf(urn: string): readonly string[];
  edgeCount(): number;
}

/** One stored version of an aspect; a null value is a delete at that version. */
export interface AspectVersion {
  version: number;
  value: JsonObject | null;
  writtenAt: number;
}

export interface CatalogStore {
  getAspect(urn: string, aspectName: string): AspectRecord | undefined;
  getAspects(urn: string): AspectRecord[];
  /** true when the entity has any aspect (soft-deleted entities exist) */
  entityExists(urn: string): boolean;
  /** true when the entity's `status` aspect says `removed: true` */
  isSoftDeleted(urn: string): boolean;
  /** how many entities are soft-deleted; lets a lineage walk skip the per-entity check when none is */
  softDeletedCount?(): number;
  /** every stored version of one aspect, oldest first; absent when the store keeps no history */
  history?(urn: string, aspectName: string): AspectVersion[];
  listEntities(
    entityType: string,
    options?: {
      start?: number;
      count?: number;
      query?: string;
      /** leave out entities whose `status` says `removed: true` (default: include them) */
      excludeSoftDeleted?: boolean;
    },
  ): EntityPage;
  /** all or nothing: one SQLite transaction; the lineage index follows */
  apply(writes: AspectWrite[], deletes?: AspectDelete[]): void;
  readonly lineage: LineageIndex;
  close(): void;
}
