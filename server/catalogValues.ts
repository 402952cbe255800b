import type { ServiceConnection } from '../core/api/http';
import { describeError } from '../core/errors/describeError';
import type { CatalogValues } from '../core/pending/assignmentMarks';
import type { JsonObject } from '../core/plan/pushPlanTypes';
import { readServiceState } from '../core/plan/pushState';
import { entityTypeOfUrn } from '../core/urn';

/** Entities whose values are kept; past it the oldest are read again when next shown. */
const MAX_KEPT = 5_000;

/**
 * The structured-property values the catalog holds, per entity, for the marks on property
 * assignments. Requests answer from what is kept (handlers never wait on the catalog); entities
 * not read yet are read in the background, and `onRead` asks the editor to show the marks again.
 * Forgotten when the catalog changes (a push) or another catalog is used.
 */
export class CatalogAssignmentValues {
  private readonly values = new Map<string, JsonObject | null>();
  /** read now, or failed since the last forget (not asked again until then) */
  private readonly settled = new Set<string>();
  private generation = 0;

  constructor(
    private readonly onRead: () => void,
    private readonly log: (message: string) => void,
  ) {}

  readonly get: CatalogValues = (entityUrn) => this.values.get(entityUrn);

  forget(): void {
    const had = this.values.size > 0;
    this.values.clear();
    this.settled.clear();
    this.generation++;
    if (had) this.onRead();
  }

  /** Starts reading, in the background, the values of the entities not known yet. */
  want(service: ServiceConnection, entityUrns: readonly string[]): void {
    const missing = entityUrns.filter((urn) => !this.values.has(urn) && !this.settled.has(urn) && entityTypeOfUrn(urn));
    if (missing.length === 0) return;
    for (const urn of missing) this.settled.add(urn);
    const generation = this.generation;
    const keys = missing.map((urn) => ({ entityType: entityTypeOfUrn(urn) ?? 'dataset', urn, aspectName: 'structuredProperties' }));
    readServiceState(service, keys).then(
      (state) => {
        if (generation !== this.generation) return;
        for (const urn of missing) this.keep(urn, state.get(urn, 'structuredProperties') ?? null);
        this.onRead();
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.log(`Could not read the structured property values of ${missing.length} entit(ies) from the catalog (${describeError(error)}); their assignments get no marks until the catalog is refreshed.`);
      },
    );
  }

  private keep(urn: string, value: JsonObject | null): void {
    this.values.set(urn, value);
    if (this.values.size <= MAX_KEPT) return;
    const oldest = this.values.keys().next().value;
    if (oldest !== undefined) {
      this.values.delete(oldest);
      this.settled.delete(oldest);
    }
  }
}
