import type { ServiceConnection } from '../api/http';
import { entitiesExist } from '../api/entities';
import { isServiceError, ServiceError } from '../api/errors';
import { readAspect, type JsonObject } from '../api/pushClient';
import { entityTypeOfUrn } from '../urn';
import type { PushIntent } from './pushIntent';
import { lineageAspectOf, type AspectKey } from './pushLineageState';
import { readAspectsInBatches } from './pushStateBatch';

/**
 * What the service holds now, for exactly the aspects a plan compares against. Plain data, so the
 * planner is a pure function and its tests need no service.
 */
export class ServiceState {
  private readonly aspects = new Map<string, JsonObject | null>();
  private readonly existence = new Map<string, boolean>();

  static key(urn: string, aspectName: string): string {
    return `${urn}\u0000${aspectName}`;
  }

  set(urn: string, aspectName: string, value: JsonObject | null | undefined): this {
    this.aspects.set(ServiceState.key(urn, aspectName), value ?? null);
    return this;
  }

  /** the stored aspect; undefined when the service has none (or it was not read) */
  get(urn: string, aspectName: string): JsonObject | undefined {
    return this.aspects.get(ServiceState.key(urn, aspectName)) ?? undefined;
  }

  setExists(urn: string, exists: boolean): this {
    this.existence.set(urn, exists);
    return this;
  }

  /** whether the entity exists; undefined when it was not asked */
  exists(urn: string): boolean | undefined {
    return this.existence.get(urn);
  }

  has(urn: string, aspectName: string): boolean {
    return this.aspects.has(ServiceState.key(urn, aspectName));
  }
}

/** Every aspect the planner looks at for this intent. */
export function aspectsToRead(intent: PushIntent): AspectKey[] {
  const keys = new Map<string, AspectKey>();
  const want = (urn: string, aspectName: string) => {
    const entityType = entityTypeOfUrn(urn);
    if (entityType) keys.set(ServiceState.key(urn, aspectName), { entityType, urn, aspectName });
  };
  for (const lineage of intent.lineage.values()) {
    const place = lineageAspectOf(lineage.downstream);
    if (place) want(place.urn, place.aspectName);
    if (entityTypeOfUrn(lineage.downstream) === 'dataset') {
      for (const upstream of [...lineage.add.keys(), ...lineage.remove]) if (entityTypeOfUrn(upstream) === 'dataJob') want(upstream, 'dataJobInputOutput');
    }
  }
  for (const assignment of intent.assignments.values()) {
    want(assignment.entityUrn, 'structuredProperties');
    for (const property of [...assignment.values.keys(), ...assignment.removes]) {
      want(property, 'propertyDefinition');
      want(property, 'status');
    }
  }
  for (const aspect of intent.aspects) {
    want(aspect.urn, aspect.aspectName);
    if (aspect.aspectName === 'propertyDefinition') want(aspect.urn, 'status');
  }
  for (const urn of intent.statuses.keys()) want(urn, 'status');
  return [...keys.values()];
}

const READ_CONCURRENCY = 4;

/** The entities at both ends of the edges to add: an edge to a missing entity fails (spec §4.1 rule 4). */
export function entitiesToCheck(intent: PushIntent): string[] {
  const urns = new Set<string>();
  for (const lineage of intent.lineage.values()) {
    if (lineage.add.size === 0) continue;
    urns.add(lineage.downstream);
    for (const upstream of lineage.add.keys()) urns.add(upstream);
  }
  return [...urns];
}

/**
 * Reads the aspects (many per GraphQL query where the entity type allows, the rest over OpenAPI v2
 * a few at a time) and which edge ends exist (GraphQL `entityExists`); the first failure
 * (unreachable, 401, ...) stops it.
 */
export async function readServiceState(connection: ServiceConnection, keys: readonly AspectKey[], signal?: AbortSignal, entities: readonly string[] = []): Promise<ServiceState> {
  const state = new ServiceState();
  const refused = new RefusedReads();
  const unlessRejected = <T>(read: () => Promise<T>, fallback: T): Promise<T> => refused.unlessRejected(read, fallback);
  if (entities.length > 0) {
    const answers = await unlessRejected(() => entitiesExist(connection, entities), new Map<string, boolean>());
    for (const [urn, exists] of answers) state.setExists(urn, exists);
  }
  const rest = await readAspectsInBatches(connection, keys, (key, value) => state.set(key.urn, key.aspectName, value), signal);
  let next = 0;
  const worker = async () => {
    while (next < rest.length) {
      signal?.throwIfAborted();
      const key = rest[next++];
      state.set(key.urn, key.aspectName, await unlessRejected(() => readAspect(connection, key.entityType, key.urn, key.aspectName), undefined));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, rest.length) }, worker));
  refused.throwIfEveryReadRefused();
  return state;
}

/**
 * A URN the service cannot read (400, 422, a GraphQL error) must not stop the whole plan: the read
 * counts as absent and the item's write meets the service's words. A refusal of any other kind
 * (405, 410, …: a wrong address answers so) stops the plan, and so does a service that refused
 * every read: a plan built on none of its answers would show everything as new.
 */
class RefusedReads {
  private reads = 0;
  private first: Error | undefined;
  private count = 0;

  async unlessRejected<T>(read: () => Promise<T>, fallback: T): Promise<T> {
    this.reads++;
    try {
      return await read();
    } catch (error) {
      if (!isServiceError(error) || error.kind !== 'rejected' || !PER_URN_REFUSALS.has(error.status)) throw error;
      this.first ??= error;
      this.count++;
      return fallback;
    }
  }

  throwIfEveryReadRefused(): void {
    if (!this.first || this.count < this.reads) return;
    throw new ServiceError('rejected', `The catalog service refused every read the plan needs (${this.count} of ${this.reads}), so nothing can be compared with what it holds. The first refusal: ${this.first.message} Check that the service URL is the catalog's API base.`, isServiceError(this.first) ? this.first.status : undefined);
  }
}

/** Statuses a catalog answers about one URN's read (undefined: a GraphQL error without a code). */
const PER_URN_REFUSALS = new Set<number | undefined>([undefined, 400, 422]);
