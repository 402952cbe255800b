import { ServiceError } from './errors';
import { baseUrl, requestWrite, type ExpectedAnswer, type ServiceConnection } from './http';

/**
 * Batch writes of one aspect on many entities of one type, with DataHub's OpenAPI v3 batch routes
 * (metadata-service/openapi-servlet/.../openapi/controller/GenericEntitiesController.java
 * `createEntity` for POST, .../openapi/v3/controller/EntityController.java `patchEntity` and
 * `toMCPBatch` for PATCH; datahub-api.md §5 "Batch write"):
 *
 *   POST  /openapi/v3/entity/{entityName}?async=false   [{"urn": ..., "<aspect>": {"value": {...}}}]
 *   PATCH /openapi/v3/entity/{entityName}?async=false   [{"urn": ..., "<aspect>": {"value": {"patch": [...]}}}]
 *
 * `async=false` makes the service validate and write before it answers (its default, true,
 * answers 202 before anything is checked). DataHub ingests the list as one batch, so a rejected
 * entity fails the request; the answer of a successful one lists every written entity, and an
 * entity missing from it is reported as not confirmed — never taken as written.
 */

export interface EntityAspectWrite {
  urn: string;
  /** POST: the aspect; PATCH: `{patch: [...], arrayPrimaryKeys?: {...}}` */
  value: Record<string, unknown>;
}

export type BatchMethod = 'POST' | 'PATCH';

export async function writeEntityBatch(
  connection: ServiceConnection,
  method: BatchMethod,
  entityType: string,
  aspectName: string,
  writes: readonly EntityAspectWrite[],
): Promise<void> {
  const body = writes.map((write) => ({ urn: write.urn, [aspectName]: { value: write.value } }));
  const answer = await requestWrite(
    connection,
    {
      method,
      path: `/openapi/v3/entity/${encodeURIComponent(entityType)}?async=false&systemMetadata=false`,
      contentType: method === 'PATCH' ? 'application/json-patch+json' : 'application/json',
      body,
    },
    ENTITY_LIST_ANSWER,
  );
  const missing = unconfirmed(answer, aspectName, writes);
  if (missing.length > 0) {
    throw new ServiceError(
      'badResponse',
      `The catalog service at ${baseUrl(connection)} did not confirm the ${aspectName} of ${missing.length} of ${writes.length} entities in its answer to ${method} /openapi/v3/entity/${entityType} (first: ${missing[0]}). Plan the push again to see what was written.`,
    );
  }
}

/** v3 batch writes with `async=false` answer the written entities: `[{"urn": ..., "<aspect>": {...}}]`. */
const ENTITY_LIST_ANSWER: ExpectedAnswer = {
  shape: '[{"urn": ..., "<aspectName>": {"value": {...}}}]',
  matches: (body) => Array.isArray(body),
};

/** The URNs of `writes` that the answer does not list with the aspect. */
function unconfirmed(answer: unknown, aspectName: string, writes: readonly EntityAspectWrite[]): string[] {
  const confirmed = new Set<string>();
  if (Array.isArray(answer)) {
    for (const entity of answer) {
      if (!entity || typeof entity !== 'object') continue;
      const { urn } = entity as Record<string, unknown>;
      const aspect = Object.entries(entity as Record<string, unknown>).find(([key]) => key.toLowerCase() === aspectName.toLowerCase());
      if (typeof urn === 'string' && aspect) confirmed.add(urn);
    }
  }
  return [...new Set(writes.map((write) => write.urn))].filter((urn) => !confirmed.has(urn));
}
