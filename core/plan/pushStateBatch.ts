import { isServiceError, type ServiceErrorKind } from '../api/errors';
import { graphqlRequest } from '../api/graphql';
import type { ServiceConnection } from '../api/http';
import type { JsonObject } from '../api/pushClient';
import type { AspectKey } from './pushLineageState';

/**
 * Reads many aspects with few requests: GraphQL `entities(urns)` with each entity's raw
 * `aspects(input: {aspectNames})` — a query DataHub has too, for the entity types below. Whatever
 * this cannot answer for certain (other entity types, an entity missing from the answer, a
 * payload that is not an object, a service without the query) is left to the one-aspect reads.
 */

/** Entity types whose GraphQL type has `aspects(input: AspectParams): [RawAspect!]` in DataHub. */
const TYPES_WITH_RAW_ASPECTS: Record<string, string> = { dataset: 'Dataset', dataJob: 'DataJob', dataFlow: 'DataFlow', chart: 'Chart', dashboard: 'Dashboard' };
const URNS_PER_QUERY = 100;
/** Failures of a batch the one-by-one reads would only repeat. */
const STOPS_THE_PLAN = new Set<ServiceErrorKind>(['unreachable', 'unauthorized', 'forbidden', 'badResponse']);

export const RAW_ASPECTS = `query pushStateRawAspects($urns: [String!]!, $names: [String!]) {
  entities(urns: $urns) {
    urn
${Object.values(TYPES_WITH_RAW_ASPECTS)
  .map((type) => `    ... on ${type} { aspects(input: {autoRenderOnly: false, aspectNames: $names}) { aspectName payload } }`)
  .join('\n')}
  }
}`;

interface RawAspectsAnswer {
  entities?: ({ urn?: unknown; aspects?: { aspectName?: unknown; payload?: unknown }[] | null } | null)[] | null;
}

function parsedObject(payload: unknown): JsonObject | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `found` for every key read for certain (undefined value: the service has no such aspect)
 * and returns the keys still to read one by one.
 */
export async function readAspectsInBatches(connection: ServiceConnection, keys: readonly AspectKey[], found: (key: AspectKey, value: JsonObject | undefined) => void, signal?: AbortSignal): Promise<AspectKey[]> {
  const rest: AspectKey[] = [];
  const byUrn = new Map<string, AspectKey[]>();
  for (const key of keys) {
    if (!(key.entityType in TYPES_WITH_RAW_ASPECTS)) rest.push(key);
    else byUrn.set(key.urn, [...(byUrn.get(key.urn) ?? []), key]);
  }
  const urns = [...byUrn.keys()];
  for (let start = 0; start < urns.length; start += URNS_PER_QUERY) {
    signal?.throwIfAborted();
    const chunk = urns.slice(start, start + URNS_PER_QUERY);
    const chunkKeys = chunk.flatMap((urn) => byUrn.get(urn) ?? []);
    const names = [...new Set(chunkKeys.map((key) => key.aspectName))];
    let answer: RawAspectsAnswer;
    try {
      answer = await graphqlRequest<RawAspectsAnswer>(connection, RAW_ASPECTS, { urns: chunk, names });
    } catch (error) {
      // A service without this query, or one that refuses a URN in the chunk or is slow with many: the one-by-one reads say what is wrong.
      // One that cannot be reached, refuses the token or has no GraphQL endpoint at this address stops the plan with its own words.
      if (isServiceError(error) && STOPS_THE_PLAN.has(error.kind)) throw error;
      rest.push(...chunkKeys);
      continue;
    }
    const aspectsOf = new Map<string, Map<string, unknown>>();
    for (const entity of answer.entities ?? []) {
      if (!entity || typeof entity.urn !== 'string' || !Array.isArray(entity.aspects)) continue;
      aspectsOf.set(entity.urn, new Map(entity.aspects.map((a) => [String(a.aspectName), a.payload])));
    }
    for (const key of chunkKeys) {
      const aspects = aspectsOf.get(key.urn);
      if (!aspects) rest.push(key);
      else if (!aspects.has(key.aspectName)) found(key, undefined);
      else {
        const value = parsedObject(aspects.get(key.aspectName));
        if (value) found(key, value);
        else rest.push(key);
      }
    }
  }
  return rest;
}
