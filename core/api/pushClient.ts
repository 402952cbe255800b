import { ServiceError } from './errors';
import { graphqlRequest } from './graphql';
import { baseUrl, encodeUrnSegment, requestJson, requestWrite, type ExpectedAnswer, type ServiceConnection } from './http';

/**
 * The writes (and the aspect reads that plan them) a push sends: OpenAPI v2 aspects (spec §4.3,
 * datahub-api.md §5), `updateLineage` (§1.2) and the Rest.li ingestion endpoint (§6.1).
 */

export type JsonObject = Record<string, unknown>;

export interface LineageEdgeInput {
  downstreamUrn: string;
  upstreamUrn: string;
}

/** One aspect of one entity; undefined when the service has none (404). */
export async function readAspect(connection: ServiceConnection, entityType: string, urn: string, aspectName: string): Promise<JsonObject | undefined> {
  const body = await requestJson(connection, { method: 'GET', path: aspectPath(entityType, urn, aspectName) });
  if (body === undefined) return undefined;
  const value = asRecord(asRecord(body)?.value);
  if (!value) throw badShape(connection, `GET ${aspectName} of ${urn} did not answer {"value": {...}}`);
  return value;
}

/**
 * Writes (creates or replaces) one aspect with OpenAPI v2 POST. `createIfNotExists=false` makes it
 * an UPSERT: DataHub's default (`true`) refuses to overwrite an aspect that already exists.
 */
export async function postAspect(connection: ServiceConnection, entityType: string, urn: string, aspectName: string, value: JsonObject, query: Record<string, string> = {}): Promise<void> {
  const params = new URLSearchParams({ createIfNotExists: 'false', ...query });
  await requestWrite(connection, { method: 'POST', path: `${aspectPath(entityType, urn, aspectName)}?${params.toString()}`, body: value }, ENTITY_ANSWER);
}

export interface StructuredPropertyPatchOp {
  op: 'add' | 'remove';
  /** `/properties/<structured property urn>` */
  path: string;
  value?: { propertyUrn: string; values: JsonObject[] };
}

/** PATCH of `structuredProperties` (spec §4.3 rules 3–7): adds and removes only the addressed properties. */
export async function patchStructuredProperties(connection: ServiceConnection, entityType: string, urn: string, patch: StructuredPropertyPatchOp[]): Promise<void> {
  await requestWrite(
    connection,
    {
      method: 'PATCH',
      path: aspectPath(entityType, urn, 'structuredProperties'),
      contentType: 'application/json-patch+json',
      body: { patch, arrayPrimaryKeys: { properties: ['propertyUrn'] } },
    },
    ENTITY_ANSWER,
  );
}

/** Soft delete (`removed: true`) or restore an entity: POST of its `status` aspect (spec §3, §4.3 rule 8). */
export async function postStatus(connection: ServiceConnection, entityType: string, urn: string, removed: boolean): Promise<void> {
  await postAspect(connection, entityType, urn, 'status', { removed }, { systemMetadata: 'false' });
}

export interface MetadataChangeProposal {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  /** the aspect (or, for PATCH, the JSON-Patch array); sent serialised as the Rest.li wire format wants */
  aspect: unknown;
}

/**
 * Rest.li's protocol version header. DataHub's own emitter (`DataHubRestEmitter`) and its docs send
 * it on every `ingestProposal`; without it a Rest.li 2 server may read the body with version-1 rules.
 */
export const RESTLI_PROTOCOL_HEADERS: Readonly<Record<string, string>> = { 'X-RestLi-Protocol-Version': '2.0.0' };

/** `POST /aspects?action=ingestProposal` with the aspect serialised into `aspect.value` (datahub-api.md §6.1). */
export async function ingestProposal(connection: ServiceConnection, proposal: MetadataChangeProposal): Promise<void> {
  const body = { proposal: wireProposal(proposal), async: 'false' };
  await requestWrite(connection, { method: 'POST', path: '/aspects?action=ingestProposal', body, headers: { ...RESTLI_PROTOCOL_HEADERS } }, INGEST_ANSWER);
}

/** The Rest.li wire form of a proposal: the aspect serialised into `aspect.value`. */
export function wireProposal(proposal: MetadataChangeProposal): JsonObject {
  const isPatch = proposal.changeType.toUpperCase() === 'PATCH';
  return {
    entityType: proposal.entityType,
    entityUrn: proposal.entityUrn,
    changeType: proposal.changeType,
    aspectName: proposal.aspectName,
    aspect: { contentType: isPatch ? 'application/json-patch+json' : 'application/json', value: JSON.stringify(proposal.aspect) },
  };
}

export const UPDATE_LINEAGE = `mutation catalogCodeUpdateLineage($input: UpdateLineageInput!) {
  updateLineage(input: $input)
}`;

/** One `updateLineage` call; the local catalog applies it all or nothing. */
export async function updateLineage(connection: ServiceConnection, edgesToAdd: LineageEdgeInput[], edgesToRemove: LineageEdgeInput[]): Promise<void> {
  const data = await graphqlRequest<{ updateLineage: boolean | null }>(connection, UPDATE_LINEAGE, { input: { edgesToAdd, edgesToRemove } });
  if (data.updateLineage !== true) {
    throw new ServiceError('rejected', `The catalog service at ${baseUrl(connection)} did not confirm the lineage update (updateLineage returned ${String(data.updateLineage)}).`);
  }
}

/** OpenAPI v2 POST/PATCH of an aspect answers the entity: `{"urn": ..., "aspects": {...}}` (datahub-api.md §5.1). */
const ENTITY_ANSWER: ExpectedAnswer = {
  shape: '{"urn": ..., "aspects": {...}}',
  matches: (body) => typeof asRecord(body)?.urn === 'string',
};

/** Rest.li ingestProposal answers the action envelope `{"value": "<urn>"}` (datahub-api.md §6.1). */
const INGEST_ANSWER: ExpectedAnswer = {
  shape: '{"value": "<urn>"}',
  matches: (body) => typeof asRecord(body)?.value === 'string',
};

function aspectPath(entityType: string, urn: string, aspectName: string): string {
  return `/openapi/v2/entity/${entityType}/${encodeUrnSegment(urn)}/${aspectName}`;
}

function asRecord(value: unknown): JsonObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

function badShape(connection: ServiceConnection, what: string): ServiceError {
  return new ServiceError('badResponse', `The catalog service at ${baseUrl(connection)} answered in an unexpected shape (${what}). Check that the URL points at a DataHub-compatible catalog.`);
}
