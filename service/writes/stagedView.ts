import type { AspectDelete, AspectWrite, CatalogStore, JsonObject } from '../store/types';

/**
 * The catalog as it will be once the writes staged so far are applied: a batch is validated
 * proposal by proposal against this view (a definition written earlier in the batch counts), and
 * then applied to the store in one transaction.
 */
export class StagedView {
  private readonly pending = new Map<string, JsonObject | null>();
  private readonly createdEntities = new Set<string>();
  readonly writes: AspectWrite[] = [];
  readonly deletes: AspectDelete[] = [];
  /** the search fields of the property definitions staged in this batch (validation/fieldCollisions.ts) */
  readonly definitionFields = new Map<string, string>();

  constructor(readonly store: CatalogStore) {}

  getAspect(urn: string, aspectName: string): JsonObject | undefined {
    const key = keyOf(urn, aspectName);
    if (this.pending.has(key)) return this.pending.get(key) ?? undefined;
    return this.store.getAspect(urn, aspectName)?.value;
  }

  entityExists(urn: string): boolean {
    return this.createdEntities.has(urn) || this.store.entityExists(urn);
  }

  isSoftDeleted(urn: string): boolean {
    return this.getAspect(urn, 'status')?.removed === true;
  }

  write(urn: string, aspectName: string, value: JsonObject): void {
    this.pending.set(keyOf(urn, aspectName), value);
    this.createdEntities.add(urn);
    this.writes.push({ urn, aspectName, value });
  }

  remove(urn: string, aspectName: string): void {
    this.pending.set(keyOf(urn, aspectName), null);
    this.deletes.push({ urn, aspectName });
  }

  /** Writes and deletes in the order they were staged would be ambiguous in `apply` (writes first), so a later write of a deleted aspect cancels the delete. */
  commit(): void {
    const written = new Set(this.writes.map((w) => keyOf(w.urn, w.aspectName)));
    const deletes = this.deletes.filter((d) => this.pending.get(keyOf(d.urn, d.aspectName)) === null || !written.has(keyOf(d.urn, d.aspectName)));
    const writes = this.writes.filter((w) => this.pending.get(keyOf(w.urn, w.aspectName)) !== null);
    if (writes.length > 0 || deletes.length > 0) this.store.apply(writes, deletes);
  }
}

function keyOf(urn: string, aspectName: string): string {
  return `${urn}\u0000${aspectName}`;
}
